"""The figures kept with each seat (points, hands, wins, self-draws, deal-ins, false wins,
best hand) after a hand is entered at the table are added from that hand's results alone;
they must be what adding up the whole session gives (``REFRESH_SEATS_SQL``), hand after
hand, with a substitute at a seat and after corrections too."""

from __future__ import annotations

import copy
import json

import pytest
from mjscore.db import Ledger
from mjscore.db.schema_version import REFRESH_SEATS_SQL
from mjscore.engine.record import load_session

from tests.builders import RECORDS, available

VARIANTS = [v for v in ("guobiao", "nanjing", "nanning", "nanchang") if available(v)]
FIGURES = "SELECT seat, points, hands, wins, self_draws, deal_ins, false_wins, best FROM seats"


def kept(led: Ledger, sid: int) -> list[tuple]:
    return [
        tuple(r) for r in led.db.execute(f"{FIGURES} WHERE session_id = ? ORDER BY seat", [sid])
    ]


def added_up(led: Ledger, sid: int) -> list[tuple]:
    """The figures worked out from every hand of the session (then put back as they were)."""
    conn = led.db.conn
    conn.execute("SAVEPOINT added_up")
    try:
        conn.execute(REFRESH_SEATS_SQL, [sid])
        return kept(led, sid)
    finally:
        conn.execute("ROLLBACK TO added_up")
        conn.execute("RELEASE added_up")


def hands_played(led: Ledger, sid: int) -> tuple[int, int]:
    """(the count kept with the session, the count of its finished hands)."""
    return tuple(
        led.db.execute(
            "SELECT hands_played, (SELECT COUNT(*) FROM hands WHERE session_id = s.id"
            " AND status <> 'open') FROM sessions s WHERE id = ?",
            [sid],
        ).fetchone()
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_hand_entered_keeps_the_seats_figures_of_the_whole_session(variant):
    rec = copy.deepcopy(RECORDS[variant])
    hands = [h["events"] for h in rec["hands"]]
    rec["hands"] = []
    with Ledger.memory() as led:
        sid = led.import_session(load_session(json.dumps(rec, ensure_ascii=False)), ended=False)
        for i, events in enumerate(hands):
            if i == 2:  # someone else plays seat 2 from the third hand on
                led.set_substitute(sid, 2, "Kim")
            for ev in events:
                led.add_event(sid, ev)
            assert kept(led, sid) == added_up(led, sid), f"after hand {i + 1}"
            kept_count, finished = hands_played(led, sid)
            assert kept_count == finished and finished > 0
        assert len(hands) >= 3 and {row[2] for row in kept(led, sid)} == {finished}
        # a correction adds the session up again; the next hand is added to that
        draw = {"type": "draw", "last_drawer": 0}
        led.amend_hand(sid, 1, [draw])
        assert kept(led, sid) == added_up(led, sid)
        led.add_event(sid, draw)
        assert kept(led, sid) == added_up(led, sid)
        kept_count, finished = hands_played(led, sid)
        assert kept_count == finished


@pytest.mark.parametrize("variant", VARIANTS)
def test_undoing_events_keeps_the_seats_figures_of_the_whole_session(variant):
    """Undo takes events back one by one: through a finished hand (its results leave the
    figures) and an open hand down to no event at all (it had no results to take away)."""
    rec = copy.deepcopy(RECORDS[variant])
    with Ledger.memory() as led:
        sid = led.import_session(load_session(json.dumps(rec, ensure_ascii=False)), ended=False)
        led.set_substitute(sid, 1, "Kim")
        led.add_event(sid, {"type": "kong", "player": 1, "kind": "concealed", "tile": "3s"})
        before = len(rec["hands"])
        undone = 0
        while len(led.get_session(sid).hands) >= before - 1:
            led.undo_last_event(sid)
            undone += 1
            assert kept(led, sid) == added_up(led, sid), f"after {undone} undone"
            kept_count, finished = hands_played(led, sid)
            assert kept_count == finished
        assert undone >= 3 and finished == before - 2
