"""A substitute (替打): from hand N a seat is played by another person. The seat's settlement
does not change; lifetime figures credit each hand to the person who played it."""

from __future__ import annotations

import json

import pytest
from mjscore.db import Ledger, LedgerError
from mjscore.db.transfer import export_json, import_record
from mjscore.engine.record import load_session
from mjscore.engine.stats import lifetime_from_figures

from tests.builders import RECORDS


@pytest.fixture
def led():
    with Ledger.memory() as ledger:
        yield ledger


def _played(led: Ledger) -> int:
    """A finished nanning session of the sample record (its open last hand dropped)."""
    rec = json.loads(json.dumps(RECORDS["nanning"]))
    rec["hands"].pop()
    return import_record(led, rec)


def test_the_seat_totals_stay_and_the_substitute_is_credited(led):
    sid = _played(led)
    before = led.session_info(sid).totals
    deltas = [h.deltas for h in led.hands(sid)]
    lee = led.session_info(sid).players[3]
    led.reopen_session(sid)
    assert led.set_substitute(sid, 3, "Kim", from_hand=3) == 3
    assert led.session_info(sid).totals == before  # the seat's settlement is unchanged
    assert [h.deltas for h in led.hands(sid)] == deltas
    assert [led.seat_player(sid, 3, n) for n in (1, 2, 3, 4, 5)] == [lee, lee, "Kim", "Kim", "Kim"]
    kim, orig = led.lifetime_stats("Kim"), led.lifetime_stats(lee)
    assert (kim.sessions, kim.hands) == (1, 3) and (orig.sessions, orig.hands) == (1, 2)
    assert kim.net_points == sum(d[3] for d in deltas[2:])
    assert orig.net_points == sum(d[3] for d in deltas[:2])
    assert kim.net_points + orig.net_points == before[3]
    assert kim.false_wins == 1  # hand 4: seat 3's false win, played by Kim
    # the figures `mjscore stats` reads agree, and so does the SQL view
    figs = lifetime_from_figures("Kim", led.lifetime_figures("Kim"))
    assert (figs.total.hands, figs.total.net, figs.total.false_wins) == (3, kim.net_points, 1)
    assert figs.total.money == kim.net_money
    row = led.db.execute("SELECT hands, net_points FROM player_lifetime WHERE player = 'Kim'")
    assert row.fetchone() == (3, kim.net_points)
    # every payment of seat 3 from hand 3 on names Kim
    payer = led.db.execute(
        "SELECT DISTINCT payer FROM payment_lines WHERE session_id = ? AND hand >= 3"
        " AND from_seat = 3",
        [sid],
    ).fetchall()
    assert payer in ([], [("Kim",)])


def test_a_substitute_for_the_hand_being_played_and_the_seat_handed_back(led):
    sid = led.create_session("guobiao", ["A", "B", "C", "D"])
    led.set_substitute(sid, 0, "E")  # before hand 1 has an event
    led.add_event(sid, {"type": "false_win", "player": 0})
    led.set_substitute(sid, 0, "A")  # A is back from hand 2
    led.add_event(sid, {"type": "false_win", "player": 0})
    assert led.hand_players(sid, 1)[0] == "E" and led.hand_players(sid, 2)[0] == "A"
    assert led.lifetime_stats("E").hands == 1 and led.lifetime_stats("A").hands == 1
    with pytest.raises(LedgerError, match="already playing seat 2"):
        led.set_substitute(sid, 0, "b")  # B (by name key) is at seat 2


def test_the_substitutes_travel_in_the_record(led):
    sid = _played(led)
    led.reopen_session(sid)
    led.set_substitute(sid, 1, "Kim", from_hand=2)
    led.set_substitute(sid, 2, "Sam", from_hand=6)  # the hand about to be played
    text = export_json(led, sid)
    rec = json.loads(text)
    assert rec["hands"][1]["substitutes"] == [{"seat": 1, "player": "Kim"}]
    assert rec["hands"][5] == {"events": [], "substitutes": [{"seat": 2, "player": "Sam"}]}
    assert len(load_session(text).hands) == 5
    with Ledger.memory() as other:
        sid2 = import_record(other, text)
        assert export_json(other, sid2) == text
        assert other.lifetime_stats("Kim").hands == led.lifetime_stats("Kim").hands == 4
        assert other.hand_players(sid2, 6)[2] == "Sam"


def test_the_engine_and_the_ledger_name_the_same_player_of_every_hand(led):
    sid = _played(led)
    led.reopen_session(sid)
    led.set_substitute(sid, 3, "Kim", from_hand=2)
    back = led.session_info(sid).players[3]
    led.set_substitute(sid, 3, back, from_hand=4)  # the seat handed back
    s = led.get_session(sid)
    for n in range(1, 7):
        assert s.players_in(n) == led.hand_players(sid, n)
    assert s.players_in(3)[3] == "Kim" and s.players_in(4)[3] == s.players[3]
