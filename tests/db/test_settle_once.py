"""Each hand is settled once on its way into the ledger, and a correction re-settles only
from the corrected hand on: the variant's ``settle_hand`` calls are counted."""

from __future__ import annotations

import json

import pytest
from mjscore.db import Ledger
from mjscore.db.transfer import import_record, settle_record
from mjscore.engine.core import replay
from mjscore.engine.record import Draw, Win, dump_session

NAMES = ["东家", "南家", "西家", "北家"]


def win(player: int, from_: int | None = None) -> Win:
    return Win(player=player, from_=from_, fan=8)


@pytest.fixture
def settled(toy_variant, monkeypatch):
    """The hand numbers the toy variant settles, in call order."""
    calls: list[int] = []
    real = type(toy_variant).settle_hand

    def counting(self, hand, state, rules):
        calls.append(state.hand_number)
        return real(self, hand, state, rules)

    monkeypatch.setattr(type(toy_variant), "settle_hand", counting)
    return calls


def six_hands(led: Ledger) -> int:
    """Dealers 0 0 1 1 1 2: hand 1 a dealer win, hand 3 passes the deal, hand 6 too."""
    sid = led.create_session("guobiao", NAMES)
    for ev in (win(0, 2), win(1, 3), Draw(), win(1), win(2, 0), win(3, 1)):
        led.record_hand(sid, [ev])
    return sid


def assert_stored_is_fresh(led: Ledger, sid: int) -> None:
    assert led.stored_replay(sid).to_json() == replay(led.get_session(sid)).to_json()


def test_recording_settles_each_hand_once(settled):
    with Ledger.memory() as led:
        sid = led.create_session("guobiao", NAMES)
        led.add_event(sid, {"type": "kong", "player": 1, "kind": "concealed", "tile": "3s"})
        assert settled == []  # an open hand is not settled
        led.add_event(sid, win(1, 2))
        assert settled == [1]
        led.record_hand(sid, [win(2)])
        led.close_hand(sid, [Draw()])
        led.add_events(sid, [win(0, 3), win(2, 3)])
        assert settled == [1, 2, 3, 4]


def test_import_settles_each_hand_once(settled):
    with Ledger.memory() as led:
        text = dump_session(led.get_session(six_hands(led)))
        settled.clear()
        sid = import_record(led, text)
        assert settled == [1, 2, 3, 4, 5, 6]
        # settled before the ledger is even opened, then stored as it is
        rec = settle_record(led.get_session(sid))
        settled.clear()
        again = led.import_session(rec)
        assert settled == []
        assert led.stored_replay(again).to_json() == rec.replay.to_json()
        assert_stored_is_fresh(led, again)


def test_cli_import_settles_each_hand_once(settled, tmp_path, capsys):
    from mjscore.tui.cli import main

    with Ledger.memory() as led:
        text = dump_session(led.get_session(six_hands(led)))
    src = tmp_path / "s.json"
    src.write_text(text, encoding="utf-8")
    settled.clear()
    assert main(["--db", str(tmp_path / "l.sqlite3"), "import", str(src)]) == 0
    assert settled == [1, 2, 3, 4, 5, 6]
    assert "6 hands" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("k", "expected"),
    [
        # hand 2 a draw: the deal stays with 0, hands 3 and 4 are played in other states;
        # hand 4's self-draw by 1 then passes the deal to 1 with one pass, as before, so
        # hand 5 on is played exactly as it was settled
        (2, [2, 3, 4]),
        (5, [5, 6]),  # the deal stays with 1: hand 6 is played in another state
        (6, [6]),  # the last hand
    ],
)
def test_amend_resettles_only_from_the_amended_hand(settled, k, expected):
    """A draw instead of hand k's win that passed the deal: hand k and the later hands whose
    state changed are settled again, no hand before k, and the result is a fresh replay."""
    with Ledger.memory() as led:
        sid = six_hands(led)
        before = led.hands(sid)
        settled.clear()
        led.amend_hand(sid, k, [Draw()])
        assert settled == expected
        after = led.hands(sid)
        assert after[: k - 1] == before[: k - 1]
        assert after[expected[-1] :] == before[expected[-1] :]
        assert_stored_is_fresh(led, sid)


def test_amend_that_hands_on_the_same_state_settles_that_hand_only(settled):
    """Hand 4 was the dealer's self-draw; amended to a dealer win off a discard, the deal
    stays with the dealer either way, so hands 5 and 6 are exactly as they were settled."""
    with Ledger.memory() as led:
        sid = six_hands(led)
        before = led.hands(sid)
        settled.clear()
        led.amend_hand(sid, 4, [win(1, 0)])
        assert settled == [4]
        after = led.hands(sid)
        assert after[4:] == before[4:] and after[3].deltas != before[3].deltas
        assert_stored_is_fresh(led, sid)
        # and undoing it settles hand 4 again, only
        settled.clear()
        led.undo_change(led.history(sid)[0].id)
        assert settled == [4]
        assert led.hands(sid) == before
        assert_stored_is_fresh(led, sid)


def test_delete_and_insert_resettle_from_that_hand_on(settled):
    """Later hands change number, so every one of them is settled again."""
    with Ledger.memory() as led:
        sid = six_hands(led)
        settled.clear()
        led.delete_hand(sid, 4)
        assert settled == [4, 5]
        assert_stored_is_fresh(led, sid)
        settled.clear()
        led.insert_hand(sid, 2, [Draw()])
        assert settled == [2, 3, 4, 5, 6]
        assert_stored_is_fresh(led, sid)


def test_rebuild_settles_every_hand(settled):
    with Ledger.memory() as led:
        sid = six_hands(led)
        settled.clear()
        led.rebuild(sid)
        assert settled == [1, 2, 3, 4, 5, 6]


def test_reading_settles_nothing(settled):
    with Ledger.memory() as led:
        sid = six_hands(led)
        settled.clear()
        led.hands(sid)
        led.stored_replay(sid)
        led.current_hand(sid)
        led.session_info(sid)
        json.loads(dump_session(led.get_session(sid)))
        assert settled == []


def test_a_confirmed_preview_is_stored_without_settling_again(settled, toy_variant):
    """The win dialog's preview (engine.entry.settle_events) handed to the ledger with the
    event is what it stores: the hand is settled once, for the preview."""
    from mjscore.engine.entry import settle_events

    with Ledger.memory() as led:
        sid = led.create_session("guobiao", NAMES)
        cur = led.current_hand(sid)
        rules = toy_variant.rules({})
        preview = settle_events(toy_variant, rules, cur.state, [*cur.events, win(1, 2)])
        assert settled == [1]
        stored = led.add_event(sid, win(1, 2), settled=preview)
        assert settled == [1]
        assert stored.result == preview.result
        assert_stored_is_fresh(led, sid)
        # a preview of another hand (here: played in hand 1's state) is not used
        other = settle_events(toy_variant, rules, cur.state, [win(2, 3)])
        settled.clear()
        led.add_events(sid, [win(2, 3)], settled=other)
        assert settled == [2]
        assert_stored_is_fresh(led, sid)
