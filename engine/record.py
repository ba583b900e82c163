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
from collections.abc import Callable, Mapping
from dataclasses import fields
from decimal import Decimal
from typing import Any, TypeVar

from . import variants
from .checks import (
    check_event_consistency,
    hand_from_json,
    hands_from_json,
    validate_hand_structure,
)
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
    Substitute,
    Win,
    _bad,
    _seat,
    check_four_names,
    check_player_name,
    check_stake,
    event_from_json,
    stake_text,
)
from .identity import read_identity, split_substitutes
from .jsonin import (
    NOT_PLAIN,
    check_depth,
    exact_colons,
    loads_keys_unchecked,
    long_int,
    show,
    strict_loads,
)
from .texts_record import txt

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
    "Substitute",
    "Win",
    "check_event_consistency",
    "check_player_name",
    "check_stake",
    "dump_session",
    "event_fields",
    "event_from_json",
    "hand_from_json",
    "dump_records",
    "load_records",
    "load_session",
    "validate_hand_structure",
]


T = TypeVar("T")
FORMATS = (1, 2)
KNOWN_1 = ("format", "variant", "options", "stake", "players", "first_dealer", "hands")
KNOWN_2 = (
    "format",
    "id",
    "started_at",
    "ended_at",
    "table",
    "notes",
    *KNOWN_1[1:],
)


def load_session(src: str | bytes | Mapping[str, Any]) -> Session:
    """Parse and validate a session record (JSON text or an already-decoded object)."""
    if isinstance(src, str):
        return _read_counted(src, _session)
    return _session(_decode(src))


def _session(obj: Any) -> Session:
    """The session record ``obj``, already decoded and its depth checked."""
    if not isinstance(obj, Mapping):
        raise _bad("$", txt("session_record_json_object"))
    fmt = obj.get("format", 1)
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt not in FORMATS:
        raise _bad(
            "format",
            txt("unsupported_record_format_program_reads", p1=show(fmt)),
        )
    if "sessions" in obj:
        raise _bad(
            "sessions",
            txt("file_holds_several_sessions_give"),
        )
    known = KNOWN_2 if fmt == 2 else KNOWN_1
    for k in obj:
        if k not in known:
            hint = " (a format 2 field)" if k in KNOWN_2 else ""
            raise _bad(str(k), txt("unknown_field_fields", k=k, hint=hint, p3=", ".join(known)))
    identity = read_identity(obj) if fmt == 2 else {}
    variant_id = obj.get("variant")
    if not isinstance(variant_id, str) or variant_id not in VARIANTS:
        raise MjError(
            ErrorCode.UNKNOWN_VARIANT,
            txt("variant_one", p1=", ".join(VARIANTS), p2=show(variant_id)),
            where="variant",
        )
    variant = variants.get_variant(variant_id)
    options = obj.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise _bad("options", txt("expected_object_house_rule_options", p1=show(options)))
    variant.rules(options)  # validates names, types and bounds
    stake = check_stake(obj.get("stake", 1))
    players = obj.get("players")
    if isinstance(players, tuple):
        players = list(players)
    names = check_four_names(players if isinstance(players, list) else None)
    first_dealer = _seat(obj.get("first_dealer", 0), "first_dealer")
    raw_hands = obj.get("hands", [])
    if not isinstance(raw_hands, list):
        raise _bad("hands", txt("expected_list_hands"))
    substitutes: tuple[Substitute, ...] = ()
    if fmt == 2:
        raw_hands, substitutes = split_substitutes(raw_hands, names)
    hands = hands_from_json(raw_hands, variant)
    return Session(
        variant=variant_id,
        players=names,
        options=dict(options),
        stake=stake,  # type: ignore[arg-type]
        first_dealer=first_dealer,
        hands=hands,
        format=fmt,
        substitutes=substitutes,
        **identity,
    )


def load_records(src: str | bytes | Mapping[str, Any]) -> list[Session]:
    """The sessions of a record file: one session record, or the many-session file that
    ``mjscore export --all`` writes (``{"format": 2, "sessions": [record, …]}``), each
    record checked as :func:`load_session` checks it (errors name ``sessions[i]``)."""
    if isinstance(src, str):
        return _read_counted(src, _records)
    return _records(_decode(src))


def _records(obj: Any) -> list[Session]:
    """The sessions of the decoded file ``obj`` (see :func:`load_records`)."""
    if not isinstance(obj, Mapping) or "sessions" not in obj:
        return [_session(obj)]
    for k in obj:
        if k not in ("format", "sessions"):
            raise _bad(str(k), txt("unknown_field_many_session_file", k=k))
    if obj.get("format") != 2 or isinstance(obj.get("format"), bool):
        raise _bad("format", txt("many_session_file_format"))
    raw = obj["sessions"]
    if not isinstance(raw, list):
        raise _bad("sessions", txt("expected_list_session_records"))
    out: list[Session] = []
    for i, rec in enumerate(raw):
        try:
            out.append(_session(rec))
        except MjError as e:
            raise e.at(f"sessions[{i}]") from None
        if rec.get("format", 1) != 2:
            raise _bad(f"sessions[{i}].format", txt("sessions_many_session_file_format"))
    ids = [s.id for s in out]
    dup = next((x for x in ids if ids.count(x) > 1), None)
    if dup is not None:
        raise _bad("sessions", txt("id_appears_twice", dup=dup))
    return out


def dump_records(sessions: list[Session]) -> str:
    """The many-session file of ``sessions`` (each written as :func:`dump_session` writes
    it, so every stake keeps its digits)."""
    import textwrap

    body = ",\n".join(textwrap.indent(dump_session(s).rstrip("\n"), "    ") for s in sessions)
    return '{\n  "format": 2,\n  "sessions": [\n' + body + ("\n" if body else "") + "  ]\n}\n"


def _read_counted(text: str, read: Callable[[Any], T]) -> T:
    """``read(strict_loads(text))``, with the standard reader's object read first and its keys
    counted after: a record that loads has hands and events of known fields only, so its
    keys are counted by length, without the walk over every value that strict_loads makes.

    When the count reaches the text's colons, no key was lost to a repeat and nothing nests
    too deep (see :func:`engine.jsonin.loads_keys_unchecked`), and no whole number is too
    long: the count looks through every value outside the hands' events for one, and the
    events' checks take none (:func:`_session_keys`). Otherwise, and whenever ``read``
    fails, strict_loads reads the text, so its refusal comes first as before."""
    obj = loads_keys_unchecked(text)
    if obj is NOT_PLAIN:
        return read(strict_loads(text))
    try:
        out = read(obj)
    except Exception as e:  # the record's own refusal, unless the reader refuses the text
        failed = e
    else:
        colons = text.count(":")
        keys = _keys_read(obj)
        if keys == colons or (keys >= 0 and exact_colons(obj) == colons):
            return out
        failed = None
    strict_loads(text)  # refuses what the count found: a repeated key, the nesting, a number
    if failed is None:  # pragma: no cover - the counts differ only where strict_loads refuses
        return out
    raise failed


def _keys_read(obj: Any) -> int:
    """At most :func:`engine.jsonin.exact_colons` of ``obj``, a session record or a
    many-session file that loaded; -1 if a part not vouched for nests too deep or holds a
    whole number of more than MAX_INT_DIGITS digits (:func:`engine.jsonin.long_int`)."""
    if "sessions" not in obj:
        return _session_keys(obj, 0)
    n = len(obj)  # "format" and "sessions"
    if long_int(obj.get("format")):
        return -1
    for rec in obj["sessions"]:
        k = _session_keys(rec, 2)
        if k < 0:
            return -1
        n += k
    return n


def _session_keys(rec: Mapping[str, Any], depth: int) -> int:
    """The keys of the session record ``rec`` (``depth`` levels deep) that loaded, and the
    colons of its strings outside the hands' events (-1 as above). A hand read by
    ``hand_from_json`` is an object of one key, ``events``, each event an object of known
    fields whose values are numbers, strings and lists of them at most two deep: its keys
    are its length, it nests at most six levels below ``rec``, and the whole numbers its
    events' checks take are small (a seat, a count, at most a declared fan). Every other
    value is looked through."""
    n = len(rec)  # known fields: none of them has a colon
    for k, v in rec.items():
        if k != "hands":
            c = exact_colons(v, depth + 1)
            if c < 0 or long_int(v):
                return -1
            n += c
    for h in rec.get("hands", ()):
        evs = h.get("events") if type(h) is dict and len(h) == 1 else None
        if type(evs) is list:
            n += 1 + sum(map(len, evs))
        else:  # an entry naming substitutes
            c = exact_colons(h, depth + 2)
            if c < 0 or long_int(h):
                return -1
            n += c
    return n


def _decode(src: str | bytes | Mapping[str, Any]) -> Any:
    if isinstance(src, str | bytes):
        return strict_loads(src)
    check_depth(src)
    return src


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
