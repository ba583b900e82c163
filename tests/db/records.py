"""Small session records, one per rule set, that settle under RULES.md (for import/export)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

FLUSH = "11224455668899p"  # seven pairs in one suit: a win in every rule set


def available(variant: str) -> bool:
    return importlib.util.find_spec(f"engine.variants.{variant}") is not None


def record(variant: str, hands: list[list[dict[str, Any]]], **extra: Any) -> dict[str, Any]:
    return {
        "format": 1,
        "variant": variant,
        "options": {},
        "stake": 0.5,
        "players": ["阿明", "小芳", "[b]老王[/b]", "Lee 🀄"],
        "first_dealer": 1,
        "hands": [{"events": evs} for evs in hands],
        **extra,
    }


def _win(player: int, from_: int | None, hand: str = FLUSH) -> dict[str, Any]:
    return {"type": "win", "player": player, "from": from_, "hand": hand}


COMMON = [
    [_win(1, None)],
    [{"type": "draw", "last_drawer": 2}],
    [{"type": "kong", "player": 0, "kind": "concealed", "tile": "3s"}, _win(2, 0)],
    [{"type": "false_win", "player": 3}],
    [_win(0, 3)],
    [{"type": "pung", "player": 1, "from": 0, "tile": "5p"}],  # the hand being played
]

RECORDS: dict[str, dict[str, Any]] = {
    "guobiao": record("guobiao", COMMON),
    "nanjing": record("nanjing", COMMON),
    "nanning": record("nanning", COMMON, options={}),
    "nanchang": record(
        "nanchang",
        [
            [
                {
                    "type": "jing",
                    "indicator": "5m",
                    "lower": "2p",
                    "lower_counts": [[0, 0], [1, 0], [0, 0], [0, 0]],
                },
                {"type": "win", "player": 1, "from": 2},
            ],
            [{"type": "jing_count", "counts": [[1, 0], [0, 0], [0, 0], [0, 0]]}, {"type": "draw"}],
            [{"type": "false_win", "player": 3}],
            [
                {"type": "kong", "player": 0, "kind": "concealed", "tile": "3s"},
                {"type": "win", "player": 2, "from": None, "patterns": ["seven_pairs"]},
            ],
            [
                {
                    "type": "jing",
                    "indicator": "E",
                    "lower": "C",
                    "lower_counts": [[0, 0], [0, 0], [0, 0], [0, 0]],
                }
            ],
        ],
    ),
}

# played sessions kept by the rule-set engineers (tests/engine/data), when present
ENGINE_DATA = Path(__file__).parents[1] / "engine" / "data"
