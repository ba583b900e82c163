"""Corrections with real rule sets, whose table state depends on earlier hands: after an
amend, delete or undo through the ledger, every hand equals an independent replay of the
corrected record (dealer, 比下胡 and its flags included)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from mjscore.db import Ledger
from mjscore.engine.core import replay
from mjscore.engine.record import Hand, hand_from_json, load_session

from tests.builders import available

# hands 1–7 of a Nanjing evening (tests/engine/data/nanjing_streak.json): a 比下胡 streak
NANJING: dict[str, Any] = {
    "format": 1,
    "variant": "nanjing",
    "stake": 0.5,
    "players": ["阿明", "小芳", "老王", "Lee"],
    "first_dealer": 0,
    "hands": [
        {"events": evs}
        for evs in [
            [{"type": "win", "player": 1, "from": 2, "patterns": ["concealed"], "hard_flowers": 1}],
            [
                {"type": "kong", "player": 3, "kind": "concealed", "tile": "9s"},
                {
                    "type": "win",
                    "player": 2,
                    "from": None,
                    "patterns": ["all_pungs"],
                    "hard_flowers": 2,
                },
            ],
            [
                {"type": "kong", "player": 0, "kind": "exposed", "from": 3, "tile": "4m"},
                {"type": "penalty", "player": 1, "kind": "four_copies"},
                {"type": "draw"},
            ],
            [{"type": "win", "player": 2, "from": 3, "patterns": ["concealed"], "hard_flowers": 5}],
            [{"type": "win", "player": 3, "from": 0, "patterns": ["concealed"], "hard_flowers": 1}],
            [
                {"type": "flowers", "player": 0, "tiles": "CCCC"},
                {
                    "type": "win",
                    "player": 1,
                    "from": 2,
                    "last_tile": True,
                    "patterns": ["concealed"],
                    "hard_flowers": 2,
                },
            ],
            [
                {"type": "flowers", "player": 3, "tiles": "PPPP"},
                {"type": "kong", "player": 1, "kind": "concealed", "tile": "E"},
                {"type": "false_win", "player": 2},
            ],
        ]
    ],
}

pytestmark = pytest.mark.skipif(not available("nanjing"), reason="nanjing not built yet")


def stored(led: Ledger, sid: int) -> list[tuple]:
    return [(h.state, h.deltas, h.payments, h.next_state) for h in led.hands(sid)]


def expected(record: dict[str, Any]) -> list[tuple]:
    rep = replay(load_session(record))
    return [(o.state, o.result.deltas, o.result.payments, o.result.next_state) for o in rep.hands]


def hand(events: list[dict[str, Any]]) -> Hand:
    from mjscore.engine.variants import get_variant

    return hand_from_json({"events": events}, get_variant("nanjing"))


def test_amend_resettles_nanjing_state():
    led = Ledger.memory()
    sid = led.import_session(load_session(NANJING))
    assert stored(led, sid) == expected(NANJING)
    assert any(s[0].bixiahu for s in stored(led, sid))
    # hand 2 was really a plain draw: the 比下胡 streak that followed changes
    fixed = copy.deepcopy(NANJING)
    fixed["hands"][1]["events"] = [{"type": "draw"}]
    aid = led.amend_hand(sid, 2, hand(fixed["hands"][1]["events"]).events)
    assert stored(led, sid) == expected(fixed)
    assert [s[0] for s in stored(led, sid)] != [s[0] for s in expected(NANJING)]
    led.undo_change(aid)
    assert stored(led, sid) == expected(NANJING)


def test_delete_and_insert_resettle_nanjing_state():
    led = Ledger.memory()
    sid = led.import_session(load_session(NANJING))
    aid = led.delete_hand(sid, 3)
    fewer = copy.deepcopy(NANJING)
    del fewer["hands"][2]
    assert stored(led, sid) == expected(fewer)
    led.undo_change(aid)
    assert stored(led, sid) == expected(NANJING)
    more = copy.deepcopy(NANJING)
    extra = [{"type": "false_win", "player": 0}]
    more["hands"].insert(0, {"events": extra})
    led.insert_hand(sid, 1, hand(extra).events)
    assert stored(led, sid) == expected(more)


def test_recording_hand_by_hand_equals_import():
    led = Ledger.memory()
    sid = led.create_session("nanjing", NANJING["players"], {}, "0.5", 0)
    for h in NANJING["hands"]:
        for ev in h["events"]:
            led.add_event(sid, ev)
    assert stored(led, sid) == expected(NANJING)
    assert led.session_info(sid).totals == replay(load_session(NANJING)).totals
