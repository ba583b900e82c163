"""The cross-event checks run once per hand of a record: when it is read, not again when the
hand is settled, however long the record (they were remembered for the last 256 hands only)."""

import gc

from mjscore.engine import checks
from mjscore.engine.core import replay
from mjscore.engine.record import load_session


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


def test_a_hand_is_forgotten_with_it():
    session = load_session(_record(3))
    assert sum(r() is not None for r, _ in checks._CONSISTENT.values()) >= 3
    del session
    gc.collect()
    assert all(r() is not None for r, _ in checks._CONSISTENT.values())
