"""A club night of two tables and two rule sets: night totals, the night's settle-up and the
standings, each figure worked out by hand below from RULES.md.

Table 1, 国标 at stake 0.5 (RULES §3, payment "seed": "discard → the discarder pays the fan
total, the others 0"; "self-draw → each other player pays the fan total"):
  hand 1  Ann wins 8 fans off Bob            Ann +8  Bob −8
  hand 2  Cy self-draws 10 fans              Cy +30  Ann −10  Bob −10  Dee −10
  totals  Ann −2  Bob −18  Cy +30  Dee −10  → money −1, −9, +15, −5;  places 2, 4, 1, 3
Table 2, 南宁 at stake 1 (RULES §1: seven pairs in one suit is 清一色 +1 and 七小对 +1, so
k = 2, and 七小对 is always 门清, b = 4; "放炮 discard | discarder N(k)", N(k) = 3·b·2^(k−1)
= 24). "bob" is Bob: players are matched by name key.
  hand 1  bob wins off Eve                   bob +24  Eve −24
  hand 2  Gus wins off Fay                   Gus +24  Fay −24
  totals  Eve −24  bob +24  Fay −24  Gus +24 → places 3, 1, 3, 1 (ties share the better place)
The night: Ann −1, Bob −9 + 24 = +15, Cy +15, Dee −5, Eve −24, Fay −24, Gus +24 (sum 0).
Fewest transfers: the only zero-sum groups are {Gus, Eve or Fay} and the other five
(15 + 15 − 1 − 5 − 24 = 0), so 7 players − 2 groups = 5 transfers.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal

import pytest
from mjscore.db.club import club_sessions, ledger_night, ledger_standings
from mjscore.engine.standings import local_date

FLUSH = "11224455668899p"


def gb_win(player, from_, fan):
    return [{"type": "win", "player": player, "from": from_, "fan": fan}]


def nn_win(player, from_):
    return [{"type": "win", "player": player, "from": from_, "hand": FLUSH}]


@pytest.fixture
def night_ledger(file_ledger):
    """The shared file ledger on the real rule sets."""
    led = file_ledger
    t1 = led.create_session("guobiao", ["Ann", "Bob", "Cy", "Dee"], stake="0.5")
    led.record_hand(t1, gb_win(0, 1, 8))
    led.record_hand(t1, gb_win(2, None, 10))
    t2 = led.create_session("nanning", ["Eve", "bob", "Fay", "Gus"], stake="1")
    led.record_hand(t2, nn_win(1, 0))
    led.record_hand(t2, nn_win(3, 2))
    led.create_session("nanjing", ["Ann", "Bob", "Cy", "Dee"])  # no hand yet: not counted
    return led


def test_the_two_tables_replay_as_worked_out(night_ledger):
    assert [t.points for t in night_ledger.session_totals(1)] == [-2, -18, 30, -10]
    assert [t.points for t in night_ledger.session_totals(2)] == [-24, 24, -24, 24]


def test_night_totals_and_one_settle_up(night_ledger):
    n = ledger_night(night_ledger)
    assert n.date == date.today().isoformat() or n.date == local_date(datetime.now(UTC).isoformat())
    money = {p.name: p.money for p in n.players}
    assert money == {
        "Gus": 24,
        "Bob": 15,
        "Cy": 15,
        "Ann": -1,
        "Dee": -5,
        "Eve": -24,
        "Fay": -24,
    }
    assert [p.name for p in n.players] == ["Gus", "Bob", "Cy", "Ann", "Dee", "Eve", "Fay"]
    bob = next(p for p in n.players if p.name == "Bob")
    assert bob.points == {"guobiao": -18, "nanning": 24}  # points only within a rule set
    assert (bob.sessions, bob.hands) == (2, 4)
    assert len(n.transfers) == 5
    left = dict(money)
    for t in n.transfers:
        assert t.amount > 0
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert set(left.values()) == {0}
    assert len(n.sessions) == 2  # the session with no finished hand is left out


def test_standings_figures(night_ledger):
    rows = {s.name: s for s in ledger_standings(night_ledger)}
    order = [s.name for s in ledger_standings(night_ledger)]
    # by money; Bob and Cy level on money, Cy ahead on average place (1 against 2.5)
    assert order == ["Gus", "Cy", "Bob", "Ann", "Dee", "Eve", "Fay"]
    bob = rows["Bob"]
    assert (bob.sessions, bob.hands, bob.money) == (2, 4, Decimal(15))
    assert bob.placings == [1, 0, 0, 1]
    assert float(bob.average_place) == 2.5
    assert bob.points == {"guobiao": -18, "nanning": 24}
    assert (bob.wins, bob.deal_ins) == (1, 1)  # won off Eve; dealt in to Ann
    assert (bob.win_rate, bob.deal_in_rate) == (0.25, 0.25)
    assert bob.biggest is not None and bob.biggest.points == 24
    assert rows["Eve"].placings == [0, 0, 1, 0] == rows["Fay"].placings
    assert rows["Gus"].placings == [1, 0, 0, 0]
    assert rows["Cy"].placings == [1, 0, 0, 0] and rows["Cy"].standard == 4
    assert rows["Ann"].standard == 2 and rows["Dee"].standard == 1 and bob.standard == 0
    assert rows["Gus"].standard is None  # no 国标 session
    assert rows["Ann"].money == Decimal("-1.0")


def test_guobiao_standard_points_split_on_a_tie(night_ledger):
    """A second 国标 session: Ann 8 off Bob, Cy 8 off Dee → Ann +8 Cy +8 Bob −8 Dee −8; Ann
    and Cy share 1st and 2nd: (4 + 2) / 2 = 3 each; Bob and Dee share 3rd and 4th: 0.5."""
    led = night_ledger
    t3 = led.create_session("guobiao", ["Ann", "Bob", "Cy", "Dee"], stake="0.5")
    led.record_hand(t3, gb_win(0, 1, 8))
    led.record_hand(t3, gb_win(2, 3, 8))
    rows = ledger_standings(led, variant="guobiao")
    got = {s.name: (str(s.standard), s.points["guobiao"], s.placings) for s in rows}
    assert got == {
        "Cy": ("7", 38, [2, 0, 0, 0]),  # 4 + 3
        "Ann": ("5", 6, [1, 1, 0, 0]),  # 2 + 3
        "Dee": ("3/2", -18, [0, 0, 2, 0]),  # 1 + 0.5
        "Bob": ("1/2", -26, [0, 0, 1, 1]),  # 0 + 0.5
    }
    assert [s.name for s in rows] == ["Cy", "Ann", "Dee", "Bob"]  # by 标准分


def test_dates_are_local_and_inclusive(night_ledger):
    today = local_date(datetime.now(UTC).isoformat())
    assert len(club_sessions(night_ledger, since=today, until=today)) == 2
    day_before = (date.fromisoformat(today) - timedelta(days=1)).isoformat()
    assert club_sessions(night_ledger, until=day_before) == []
    # a session belongs to the local date it started on: 23:30 UTC is the next day at UTC+8
    assert local_date("2026-12-01T23:30:00+00:00", timezone(timedelta(hours=8))) == "2026-12-02"
    assert local_date("2026-12-01T23:30:00+00:00", UTC) == "2026-12-01"


def test_cli_night_and_standings_json(night_ledger, cli):
    path = str(night_ledger.path)
    r = cli("night", "--json", "--db", path)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert {p["name"]: p["money"] for p in got["players"]}["Bob"] == "15"
    assert len(got["transfers"]) == 5
    r = cli("standings", "--json", "--db", path)
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    bob = next(x for x in rows if x["name"] == "Bob")
    assert bob["sessions"] == 2 and bob["hands"] == 4
    assert bob["money"] == "15" and bob["placings"] == [1, 0, 0, 1]
    assert bob["points"] == {"guobiao": -18, "nanning": 24}
    assert next(x for x in rows if x["name"] == "Ann")["money"] == "-1"
    text = cli("--lang", "en", "standings", "--db", path).stdout
    assert "Gus" in text.splitlines()[1]


def test_cli_bad_date_is_one_line(night_ledger, cli):
    r = cli("standings", "--since", "2026-13-01", "--db", str(night_ledger.path))
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "2026-13-01" in r.stderr
