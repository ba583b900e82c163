"""A substitute (替打) in standings and nights: each hand is credited to the person who played
it, the seat's settlement unchanged (issue: "standings, nights and lifetime stats credit each
hand to the person who played it, and the night's settle-up says who pays whom").

国标 at stake 0.5 (RULES §3, payment "seed"): hand 1 Ann wins 8 fans off Bob (+8/−8); hand 2 Cy
self-draws 10 (+30, −10 each); from hand 3 Kim plays Ann's seat and wins 8 off Dee (+8/−8).
Seat 0: +8 −10 +8 = +6 (money 3); Kim played 1 hand, +8 → 4; Ann 2 hands, −2 → 3 − 4 = −1.
Totals: seat 0 +6, Bob −18, Cy +30, Dee −18 → places 2, 3, 1, 3; seat 0's place is Ann's (she
played most of its hands).
"""

from __future__ import annotations

from decimal import Decimal

from mjscore.engine.core import replay
from mjscore.engine.night import night
from mjscore.engine.record import load_session
from mjscore.engine.standings import Played, shares, standings

RECORD = {
    "format": 1,
    "variant": "guobiao",
    "options": {},
    "stake": "0.5",
    "players": ["Ann", "Bob", "Cy", "Dee"],
    "first_dealer": 0,
    "hands": [
        {"events": [{"type": "win", "player": 0, "from": 1, "fan": 8}]},
        {"events": [{"type": "win", "player": 2, "from": None, "fan": 10}]},
        {"events": [{"type": "win", "player": 0, "from": 3, "fan": 8}]},
    ],
}


class WithSubstitute:
    """The session with Kim in seat 0 from hand 3, as a format-2 session names it."""

    substitutes = ("Kim in seat 0 from hand 3",)

    def __init__(self, session):
        self._s = session

    def __getattr__(self, name):
        return getattr(self._s, name)

    def players_in(self, number):
        names = list(self._s.players)
        if number >= 3:
            names[0] = "Kim"
        return tuple(names)


def game() -> Played:
    s = load_session(RECORD)
    return Played(
        label="#1",
        session=WithSubstitute(s),
        replay=replay(s),
        started_at="2026-12-04T19:00:00+00:00",
    )


def test_shares_split_the_seat():
    got = {
        (sh.seat, sh.name): (sh.stats.hands, sh.stats.net, sh.money, sh.main)
        for sh in shares(game())
    }
    assert got == {
        (0, "Ann"): (2, -2, Decimal("-1"), True),
        (0, "Kim"): (1, 8, Decimal("4"), False),
        (1, "Bob"): (3, -18, Decimal("-9"), True),
        (2, "Cy"): (3, 30, Decimal("15"), True),
        (3, "Dee"): (3, -18, Decimal("-9"), True),
    }


def test_standings_credit_the_substitute_with_his_hands():
    rows = {s.name: s for s in standings([game()])}
    kim, ann = rows["Kim"], rows["Ann"]
    assert (kim.sessions, kim.hands, kim.wins, kim.points, kim.money) == (
        1,
        1,
        1,
        {"guobiao": 8},
        Decimal("4.0"),
    )
    assert kim.placings == [0, 0, 0, 0] and kim.standard is None
    assert (ann.hands, ann.wins, ann.points, ann.money) == (2, 1, {"guobiao": -2}, Decimal("-1.0"))
    assert ann.placings == [0, 1, 0, 0] and ann.standard == 2
    assert rows["Dee"].placings == [0, 0, 1, 0] == rows["Bob"].placings  # tied at 3rd
    assert rows["Dee"].deal_ins == 1 and rows["Dee"].hands == 3


def test_the_night_settles_with_the_substitute():
    n = night([game()])
    assert {p.name: p.money for p in n.players} == {
        "Cy": 15,
        "Kim": 4,
        "Ann": -1,
        "Bob": -9,
        "Dee": -9,
    }
    paid = {}
    for t in n.transfers:
        paid[t.payer] = paid.get(t.payer, 0) - t.amount
        paid[t.payee] = paid.get(t.payee, 0) + t.amount
    assert paid == {"Cy": 15, "Kim": 4, "Ann": -1, "Bob": -9, "Dee": -9}
    assert len(n.transfers) == 4
