"""Amend, delete, insert, undo: every later hand is re-settled, nothing is lost."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mjscore.db import Ledger, LedgerError, NotFound
from mjscore.engine.core import replay
from mjscore.engine.errors import MjError
from mjscore.engine.record import Draw, FalseWin, Kong

from tests.builders import MARKUP_NAMES as PLAYERS
from tests.db.toy import win

ALL_TABLES = (
    "players",
    "sessions",
    "seats",
    "hands",
    "events",
    "payments",
    "seat_results",
    "audit",
)


def snapshot(led: Ledger) -> dict[str, list]:
    return {t: list(led.db.query(f"SELECT * FROM {t} ORDER BY rowid")) for t in ALL_TABLES}


def assert_consistent(led: Ledger, sid: int) -> None:
    """The stored derived data equals a fresh replay of the stored events."""
    rep = replay(led.get_session(sid))
    stored = [h for h in led.hands(sid) if h.finished]
    assert len(stored) == len(rep.hands)
    for h, o in zip(stored, rep.hands, strict=True):
        assert h.number == o.index
        assert h.state == o.state
        assert h.deltas == o.result.deltas
        assert h.payments == o.result.payments
        assert h.next_state == o.result.next_state
    assert led.session_info(sid).totals == rep.totals
    assert [t.points for t in led.session_totals(sid)] == list(rep.totals)
    assert led.session_info(sid).hands_played == len(rep.hands)
    cur = led.current_hand(sid)
    assert cur.state == rep.next_state
    # the views agree with the tables
    view = [
        r["points"]
        for r in led.db.query(
            "SELECT points FROM session_totals WHERE session_id = ? ORDER BY seat", [sid]
        )
    ]
    assert view == list(rep.totals)


def play(led: Ledger, sid: int) -> None:
    led.add_event(sid, win(1, 2))  # dealer 0 → 1
    led.add_event(sid, win(1))  # dealer 1 wins: keeps
    led.add_event(sid, Draw())
    led.add_event(sid, win(3, 1))  # → 2


def test_amend_resettles_later_hands(ledger, session):
    play(ledger, session)
    assert [h.state.dealer for h in ledger.hands(session)] == [0, 1, 1, 1]
    before = {h.number: h.deltas for h in ledger.hands(session)}
    # hand 1 was really a dealer win: the deal stays with 0, so hand 2's self-draw by 1 is no
    # longer a dealer win and pays half
    aid = ledger.amend_hand(session, 1, [win(0, 2)])
    hands = ledger.hands(session)
    assert [h.state.dealer for h in hands] == [0, 0, 1, 1]
    assert hands[1].deltas == (-4, 12, -4, -4) != before[2]
    assert_consistent(ledger, session)
    entry = ledger.history(session)[0]
    assert (entry.id, entry.action, entry.hand_number) == (aid, "amend", 1)
    assert entry.before == (win(1, 2),) and entry.after == (win(0, 2),)
    assert entry.before_deltas == before[1]
    row = next(ledger.db.query("SELECT before, after FROM audit WHERE id = ?", [aid]))
    assert json.loads(row["before"]) == [{"type": "win", "player": 1, "from": 2, "fan": 8}]
    # undo restores exactly
    uid = ledger.undo_change(aid)
    assert {h.number: h.deltas for h in ledger.hands(session)} == before
    assert_consistent(ledger, session)
    assert ledger.history(session)[1].undone_by == uid
    with pytest.raises(LedgerError, match="already undone"):
        ledger.undo_change(aid)
    # undoing the undo redoes
    ledger.undo_change(uid)
    assert [h.state.dealer for h in ledger.hands(session)] == [0, 0, 1, 1]


def test_delete_and_undo(ledger, session):
    play(ledger, session)
    aid = ledger.delete_hand(session, 1)
    hands = ledger.hands(session)
    assert [h.number for h in hands] == [1, 2, 3]
    assert [h.events for h in hands] == [(win(1),), (Draw(),), (win(3, 1),)]
    assert [h.state.dealer for h in hands] == [0, 1, 1]
    assert_consistent(ledger, session)
    ledger.undo_change(aid)
    assert [h.events for h in ledger.hands(session)] == [
        (win(1, 2),),
        (win(1),),
        (Draw(),),
        (win(3, 1),),
    ]
    assert_consistent(ledger, session)


def test_delete_open_hand_and_insert(ledger, session):
    play(ledger, session)
    ledger.add_event(session, Kong(player=2, kind="concealed"))
    ledger.delete_hand(session, 5)
    assert ledger.current_hand(session).events == ()
    aid = ledger.insert_hand(session, 2, [FalseWin(player=2)])
    assert [h.events[0] for h in ledger.hands(session)][1] == FalseWin(player=2)
    assert_consistent(ledger, session)
    ledger.undo_change(aid)
    assert len(ledger.hands(session)) == 4
    assert_consistent(ledger, session)
    with pytest.raises(NotFound):
        ledger.insert_hand(session, 7, [Draw()])
    with pytest.raises(NotFound):
        ledger.amend_hand(session, 9, [Draw()])
    with pytest.raises(NotFound):
        ledger.delete_hand(session, 0)
    with pytest.raises(NotFound):
        ledger.undo_change(999)


def test_amend_that_breaks_a_later_hand_changes_nothing(ledger, session):
    play(ledger, session)
    ledger.add_event(session, Kong(player=0, kind="concealed"))
    snap = snapshot(ledger)
    with pytest.raises(MjError):  # an unfinished hand in the middle of the session
        ledger.amend_hand(session, 2, [Kong(player=1, kind="concealed")])
    with pytest.raises(MjError, match="toy refuses"):
        ledger.amend_hand(session, 3, [Kong(player=3, kind="concealed", tile="9s"), Draw()])
    with pytest.raises(MjError):
        ledger.amend_hand(session, 1, [])
    with pytest.raises(MjError):  # the open hand cannot be moved before the end
        ledger.insert_hand(session, 6, [Draw()])
    assert snapshot(ledger) == snap


def test_amend_allowed_in_ended_session(ledger, session):
    play(ledger, session)
    ledger.end_session(session)
    ledger.amend_hand(session, 4, [Draw()])
    assert ledger.hand(session, 4).status == "draw"


def test_undo_refused_when_hand_changed_since(ledger, session):
    play(ledger, session)
    a1 = ledger.amend_hand(session, 2, [Draw()])
    ledger.amend_hand(session, 2, [win(2)])
    with pytest.raises(LedgerError, match="changed since"):
        ledger.undo_change(a1)


def test_sessions_are_independent(ledger, session):
    other = ledger.create_session("guobiao", ["p", "q", "r", "s"])
    play(ledger, session)
    play(ledger, other)
    ledger.delete_hand(session, 1)
    assert len(ledger.hands(other)) == 4
    assert_consistent(ledger, other)
    assert_consistent(ledger, session)


EVENTS = st.one_of(
    st.builds(lambda p, f: win(p, None if f == p else f), st.integers(0, 3), st.integers(0, 3)),
    st.just(Draw()),
    st.builds(lambda p: FalseWin(player=p), st.integers(0, 3)),
)
HAND = st.tuples(
    st.lists(st.builds(lambda p: Kong(player=p, kind="concealed"), st.integers(0, 3)), max_size=2),
    EVENTS,
).map(lambda t: [*t[0], t[1]])
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("add"), HAND),
        st.tuples(st.just("amend"), st.integers(1, 8), HAND),
        st.tuples(st.just("delete"), st.integers(1, 8)),
        st.tuples(st.just("insert"), st.integers(1, 8), HAND),
        st.tuples(st.just("undo"), st.integers(0, 5)),
        st.tuples(st.just("undo_event")),
    ),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=OPS)
def test_any_sequence_of_changes_stays_consistent(toy_variant, ops):
    """Whatever mix of recording, amends, deletes, inserts and undos: the stored settlement
    always equals a fresh replay, and every refused operation changes nothing."""
    led = Ledger.memory()
    sid = led.create_session("guobiao", PLAYERS)
    for op in ops:
        snap = snapshot(led)
        try:
            if op[0] == "add":
                for e in op[1]:
                    led.add_event(sid, e)
            elif op[0] == "amend":
                led.amend_hand(sid, op[1], op[2])
            elif op[0] == "delete":
                led.delete_hand(sid, op[1])
            elif op[0] == "insert":
                led.insert_hand(sid, op[1], op[2])
            elif op[0] == "undo":
                hist = led.history(sid)
                if hist:
                    led.undo_change(hist[op[1] % len(hist)].id)
            else:
                led.undo_last_event(sid)
        except (MjError, LedgerError):
            if op[0] != "add":  # add is several calls; earlier ones may have succeeded
                assert snapshot(led) == snap
        assert_consistent(led, sid)
    led.close()


def test_rebuild_after_a_rule_change(ledger, session, monkeypatch, toy_variant):
    """Derived data is rebuilt from the events when the engine's rules change."""
    play(ledger, session)
    before = ledger.session_info(session).totals
    # a "corrected" engine: wins are worth 10 instead of 8
    monkeypatch.setattr(
        type(toy_variant),
        "rules",
        lambda self, options=None, where="options": toy_variant.Rules(win_points=10),
    )
    totals = ledger.rebuild(session)
    assert totals != before and sum(totals) == 0
    assert_consistent(ledger, session)
