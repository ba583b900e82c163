"""A session's identity (record format 2) and what makes two records the same session.

Format 2 gives each session a UUID (``id``), its UTC start and end times (ISO 8601), an
optional table label and notes, and the substitutes (替打) of its hands. A format-1 record
has no id: :func:`content_id` derives one from its content, so the same old file imported
twice is recognised, and a ledger upgrading its sessions gives them that same id.

"Same content" is the canonical record (:func:`canonical_content`): rule set, options,
stake, first dealer, the players by their matching key (:func:`engine.names.name_key`),
every hand's events and the substitutes. Times, label and notes are metadata.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from .events import MAX_NAME, Session, Substitute, _bad, _seat, check_player_name
from .names import name_key
from .texts_record import Seat, txt

# The namespace of the ids derived from a record's content (uuid5); never change it, or the
# same old file would get a new id.
CONTENT_NAMESPACE = uuid.UUID("6f1d0c9e-2b7a-5e43-9a51-4d3c8e0b7f21")
METADATA = ("started_at", "ended_at", "table", "notes")
MAX_NOTES = 10_000


def new_id() -> str:
    """A fresh random session id."""
    return str(uuid.uuid4())


def utc_now() -> str:
    """Now, as the ledger and the record write times (UTC, milliseconds)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def canonical_stake(stake: Decimal) -> str:
    return format(stake.normalize(), "f")


def canonical_content(
    *,
    variant: str,
    options: Mapping[str, Any],
    stake: Decimal,
    first_dealer: int,
    players: Sequence[str],
    hands: Sequence[Sequence[Mapping[str, Any]]],
    substitutes: Sequence[Substitute] = (),
) -> str:
    """The canonical text of a record's content (see the module docstring): ``hands`` are
    the events of each hand as RECORD.md objects."""
    content: dict[str, Any] = {
        "variant": variant,
        "options": dict(options),
        "stake": canonical_stake(stake),
        "first_dealer": first_dealer,
        "players": [name_key(p) for p in players],
        "hands": [list(evs) for evs in hands],
    }
    if substitutes:  # format 2 only: a format-1 record's id does not depend on it
        content["substitutes"] = sorted([s.hand, s.seat, name_key(s.player)] for s in substitutes)
    return json.dumps(
        content, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str
    )


def session_content(s: Session) -> str:
    """:func:`canonical_content` of a loaded session."""
    return canonical_content(
        variant=s.variant,
        options=s.options,
        stake=s.stake,
        first_dealer=s.first_dealer,
        players=s.players,
        hands=[[e.to_json() for e in h.events] for h in s.hands],
        substitutes=s.substitutes,
    )


def content_id(content: str) -> str:
    """The id derived from a canonical content text (format-1 records, old ledgers)."""
    return str(uuid.uuid5(CONTENT_NAMESPACE, content))


def session_id_of(s: Session) -> str:
    """The session's id: its own (format 2) or the one derived from its content."""
    return s.id if s.id is not None else content_id(session_content(s))


def metadata_differences(stored: Session, given: Session) -> list[str]:
    """The metadata fields that ``given`` sets and that differ from ``stored`` (a format-1
    record sets none)."""
    if given.format < 2:
        return []
    return [k for k in METADATA if getattr(stored, k) != getattr(given, k)]


# ---------------------------------------------------------------- reading format 2
def read_id(v: Any, where: str = "id") -> str:
    if not isinstance(v, str):
        raise _bad(where, txt("session_id_uuid_string_such"))
    try:
        return str(uuid.UUID(v))
    except ValueError:
        raise _bad(where, txt("uuid", v=v)) from None


def read_time(v: Any, where: str) -> str:
    """A UTC time in ISO 8601 (``2026-12-01T19:30:00Z`` or ``…+00:00``), written back as
    the ledger writes times."""
    if not isinstance(v, str):
        raise _bad(where, txt("expected_utc_time_iso_e"))
    try:
        t = datetime.fromisoformat(v)
    except ValueError:
        raise _bad(where, txt("iso_time", v=v)) from None
    if t.tzinfo is None or t.utcoffset() != UTC.utcoffset(None):
        raise _bad(where, txt("utc_end_z", v=v))
    return t.astimezone(UTC).isoformat(timespec="milliseconds")


def read_text(v: Any, where: str, limit: int) -> str:
    if not isinstance(v, str):
        raise _bad(where, txt("expected_string"))
    if len(v) > limit:
        raise _bad(where, txt("most_characters_given", limit=limit, p2=len(v)))
    return v


def read_identity(obj: Mapping[str, Any]) -> dict[str, Any]:
    """The format-2 identity fields of a record object, checked (``id`` and ``started_at``
    are required)."""
    for k in ("id", "started_at"):
        if k not in obj:
            raise _bad(k, txt("format_record", k=k))
    out: dict[str, Any] = {
        "id": read_id(obj["id"]),
        "started_at": read_time(obj["started_at"], "started_at"),
        "ended_at": None,
        "table": read_text(obj.get("table", ""), "table", MAX_NAME),
        "notes": read_text(obj.get("notes", ""), "notes", MAX_NOTES),
    }
    if obj.get("ended_at") is not None:
        out["ended_at"] = read_time(obj["ended_at"], "ended_at")
        if out["ended_at"] < out["started_at"]:
            raise _bad("ended_at", txt("session_end_before_started"))
    return out


def split_substitutes(
    raw_hands: list[Any], players: Sequence[str]
) -> tuple[list[Any], tuple[Substitute, ...]]:
    """Take each hand's ``substitutes`` out of the raw hands (format 2), checked: a seat
    0–3, a valid name, not the person playing another seat in that hand. A last hand with
    no events that only names substitutes (for the hand about to be played) is dropped from
    the hands."""
    seated = [name_key(p) for p in players]
    hands: list[Any] = []
    subs: list[Substitute] = []
    for i, h in enumerate(raw_hands):
        if not isinstance(h, Mapping) or "substitutes" not in h:
            hands.append(h)
            continue
        where = f"hands[{i}].substitutes"
        raw = h["substitutes"]
        if not isinstance(raw, list) or not raw:
            raise _bad(where, txt("expected_list"))
        seen: set[int] = set()
        for j, item in enumerate(raw):
            w = f"{where}[{j}]"
            if not isinstance(item, Mapping):
                raise _bad(w, txt("substitute"))
            for k in item:
                if k not in ("seat", "player"):
                    raise _bad(f"{w}.{k}", txt("unknown_field_fields_seat_player", k=k))
            if "seat" not in item or "player" not in item:
                raise _bad(w, txt("substitute_seat_player"))
            seat = _seat(item["seat"], f"{w}.seat")
            player = check_player_name(item["player"], f"{w}.player")
            if seat in seen:
                raise _bad(f"{w}.seat", txt("two_substitutes_hand", seat=Seat(seat)))
            seen.add(seat)
            key = name_key(player)
            other = next((s for s in range(4) if s != seat and seated[s] == key), None)
            if other is not None:
                raise _bad(f"{w}.player", txt("playing_hand", player=player, other=Seat(other)))
            seated[seat] = key
            subs.append(Substitute(hand=i + 1, seat=seat, player=player))
        rest = {k: v for k, v in h.items() if k != "substitutes"}
        if i == len(raw_hands) - 1 and rest.get("events") == []:
            continue  # the hand about to be played: only its substitutes are recorded
        hands.append(rest)
    return hands, tuple(subs)
