"""The cross-event checks run once per hand of a record: when it is read, not again when the
hand is settled, however long the record (they were remembered for the last 256 hands only)."""

import copy
import pickle
from dataclasses import replace

from mjscore.engine import checks
from mjscore.engine.core import replay
from mjscore.engine.events import Hand
from mjscore.engine.record import load_session
from mjscore.engine.variants import get_variant


def _record(n: int) -> dict:
    hand = {
        "events": [
            {"type": "pung", "player": 0, "from": 2, "tile": "5m"},
            {"type": "pung", "player": 0, "from": 2, "tile": "4m"},
            {"type": "win", "player": 0, "from": 3, "hand": "[555m,2][444m,2]2348899m8m"},
        ]
    }
    players = ["A", "B", "C", "D"]
    return {"format": 1, "variant": "guobiao", "players": players, "hands": [hand] * n}


def test_a_long_record_is_checked_once_per_hand(monkeypatch):
    runs = []
    real = checks._plainly_consistent  # the first step of the checks, taken once per hand
    monkeypatch.setattr(checks, "_plainly_consistent", lambda *a: runs.append(1) or real(*a))
    session = load_session(_record(400))
    assert len(runs) == 400
    replay(session)
    assert len(runs) == 400  # settling found every hand already checked


def test_the_mark_of_a_checked_hand_is_no_field(monkeypatch):
    session = load_session(_record(2))
    hand = session.hands[0]
    assert hand._consistent_for is get_variant("guobiao")
    fresh = Hand(hand.events)  # the same events, never checked
    assert fresh == hand and hash(fresh) == hash(hand) and repr(fresh) == repr(hand)
    runs = []
    real = checks._plainly_consistent
    monkeypatch.setattr(checks, "_plainly_consistent", lambda *a: runs.append(1) or real(*a))
    for h in (fresh, replace(hand), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        checks.check_event_consistency(h, get_variant("guobiao"))
    assert len(runs) == 4  # a copy is checked again: the mark is the hand's own
    checks.check_event_consistency(hand, get_variant("nanning"))
    assert len(runs) == 5  # and the rule set's
