"""The session record of spec/RECORD.md: loading and writing it.

``load_session(text_or_obj)`` validates everything it can without settling (field types,
seat ranges, event fields per type, tile strings, option names, the variant's flags and
declared facts) and names the JSON path of the first offence. ``dump_session`` writes it
back in a stable form: ``dump(load(dump(load(x)))) == dump(load(x))``.

The record's types live in :mod:`engine.events` and the per-hand checks in
:mod:`engine.checks`; both are importable from here too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields
from decimal import Decimal
from typing import Any

from . import variants
from .checks import check_event_consistency, hand_from_json, validate_hand_structure
from .errors import ErrorCode, MjError
from .events import (
    DECLARED_FIELDS,
    EVENT_TYPES,
    MAX_NAME,
    TERMINAL,
    VARIANTS,
    WIN_FLAGS,
    Draw,
    Event,
    F,
    FalseWin,
    Flowers,
    Hand,
    Jing,
    JingCount,
    Kong,
    Penalty,
    Pung,
    Session,
    Win,
    _bad,
    _seat,
    check_four_names,
    check_player_name,
    check_stake,
    event_from_json,
    stake_text,
)
from .jsonin import check_depth, show, strict_loads

__all__ = [
    "DECLARED_FIELDS",
    "EVENT_TYPES",
    "MAX_NAME",
    "TERMINAL",
    "VARIANTS",
    "WIN_FLAGS",
    "Draw",
    "Event",
    "F",
    "FalseWin",
    "Flowers",
    "Hand",
    "Jing",
    "JingCount",
    "Kong",
    "Penalty",
    "Pung",
    "Session",
    "Win",
    "check_event_consistency",
    "check_player_name",
    "check_stake",
    "dump_session",
    "event_fields",
    "event_from_json",
    "hand_from_json",
    "load_session",
    "validate_hand_structure",
]


def load_session(src: str | bytes | Mapping[str, Any]) -> Session:
    """Parse and validate a session record (JSON text or an already-decoded object)."""
    if isinstance(src, str | bytes):
        obj = strict_loads(src)
    else:
        obj = src
        check_depth(obj)
    if not isinstance(obj, Mapping):
        raise _bad("$", "a session record must be a JSON object")
    known = ("format", "variant", "options", "stake", "players", "first_dealer", "hands")
    for k in obj:
        if k not in known:
            raise _bad(str(k), f"unknown field {k!r} (fields: {', '.join(known)})")
    fmt = obj.get("format", 1)
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt != 1:
        raise _bad(
            "format",
            f"unsupported record format {show(fmt)} (this program reads format 1)",
        )
    variant_id = obj.get("variant")
    if not isinstance(variant_id, str) or variant_id not in VARIANTS:
        raise MjError(
            ErrorCode.UNKNOWN_VARIANT,
            f"variant must be one of {', '.join(VARIANTS)}, not {show(variant_id)}",
            where="variant",
        )
    variant = variants.get_variant(variant_id)
    options = obj.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise _bad("options", f"expected an object of house-rule options, not {show(options)}")
    variant.rules(options)  # validates names, types and bounds
    stake = check_stake(obj.get("stake", 1))
    players = obj.get("players")
    if isinstance(players, tuple):
        players = list(players)
    names = check_four_names(players if isinstance(players, list) else None)
    first_dealer = _seat(obj.get("first_dealer", 0), "first_dealer")
    raw_hands = obj.get("hands", [])
    if not isinstance(raw_hands, list):
        raise _bad("hands", "expected a list of hands")
    hands = []
    for i, h in enumerate(raw_hands):
        hw = f"hands[{i}]"
        hands.append(hand_from_json(h, variant, hw, last=i == len(raw_hands) - 1))
    return Session(
        variant=variant_id,
        players=names,
        options=dict(options),
        stake=stake,  # type: ignore[arg-type]
        first_dealer=first_dealer,
        hands=tuple(hands),
    )


def dump_session(s: Session) -> str:
    """The record as JSON text, the stake a number literal with every digit it has (the
    standard encoder would write a decimal through a float)."""
    obj = s.to_json()
    parts = []
    for k, v in obj.items():
        if isinstance(v, Decimal):
            text = stake_text(v)
        else:
            text = json.dumps(v, ensure_ascii=False, indent=2).replace("\n", "\n  ")
        parts.append(f"  {json.dumps(k)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def event_fields(cls: type[Event]) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))
