"""The events, hands and sessions of a session record (spec/RECORD.md) as frozen dataclasses.

Each event parses itself from JSON field by field (:func:`event_from_json`, with the checkers
of :mod:`engine.event_fields`) and names the JSON path of the first offence. Checks that need a
rule set (flags, declared facts, copies) live in :mod:`engine.checks`; loading a whole record
is :func:`engine.record.load_session`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from operator import attrgetter
from typing import Any, ClassVar

from .event_fields import (  # noqa: F401 - _bad, _seat: re-exported for the record's loaders
    _bad,
    _bool,
    _chain,
    _enum,
    _fish,
    _flower_str,
    _four,
    _int,
    _pair_counts,
    _patterns,
    _seat,
    _seat_or_null,
    _str,
    _tile,
    _tiles_str,
)
from .frozen import frozen
from .jsonin import show
from .people import (  # noqa: F401 - re-exported: a record's names and stake
    MAX_NAME,
    MAX_STAKE_DIGITS,
    MAX_STAKE_PLACES,
    check_four_names,
    check_player_name,
    check_stake,
    stake_text,
)
from .texts_record import txt
from .tiles import parse_tiles
from .variant_ids import VARIANTS  # noqa: F401 - re-exported: the engine reads the ids here

MAX_FAN = 1_000_000  # a declared 国标 fan total (a real hand has a few hundred at most)
MAX_SOFT_FLOWERS = 1_000  # a declared 南京 soft-flower count


# ---------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class F:
    """How one JSON field maps to an attribute."""

    key: str
    attr: str
    check: Callable[[Any, str], Any]
    required: bool = False


class Event:
    type: ClassVar[str]
    SPEC: ClassVar[tuple[F, ...]]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in self.SPEC:
            v = getattr(self, f.attr)
            if v is None and not f.required:
                continue
            out[f.key] = _jsonable(v)
        return out


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


@frozen(kw_only=True)
class Pung(Event):
    type: ClassVar[str] = "pung"
    player: int
    from_: int
    tile: str | None = None
    SPEC: ClassVar = (
        F("player", "player", _seat, True),
        F("from", "from_", _seat, True),
        F("tile", "tile", _tile),
    )


@frozen(kw_only=True)
class Kong(Event):
    type: ClassVar[str] = "kong"
    player: int
    kind: str
    from_: int | None = None
    tile: str | None = None
    SPEC: ClassVar = (
        F("player", "player", _seat, True),
        F("kind", "kind", _enum("exposed", "added", "concealed"), True),
        F("from", "from_", _seat_or_null),
        F("tile", "tile", _tile),
    )


@frozen(kw_only=True)
class Flowers(Event):
    type: ClassVar[str] = "flowers"
    player: int
    tiles: str | None = None
    count: int | None = None
    SPEC: ClassVar = (
        F("player", "player", _seat, True),
        F("tiles", "tiles", _flower_str),
        F("count", "count", lambda v, w: _int(v, w, 1, 20)),
    )

    @property
    def n(self) -> int:
        return (
            self.count
            if self.count is not None
            else len(parse_tiles(self.tiles or "", allow_flowers=True))
        )


@frozen(kw_only=True)
class Penalty(Event):
    type: ClassVar[str] = "penalty"
    player: int
    kind: str
    SPEC: ClassVar = (
        F("player", "player", _seat, True),
        F("kind", "kind", _enum("same_round", "four_copies"), True),
    )


@frozen(kw_only=True)
class Jing(Event):
    type: ClassVar[str] = "jing"
    indicator: str
    lower: str
    lower_counts: tuple[tuple[int, int], ...]
    SPEC: ClassVar = (
        F("indicator", "indicator", _tile, True),
        F("lower", "lower", _tile, True),
        F("lower_counts", "lower_counts", _four(_pair_counts), True),
    )


@frozen(kw_only=True)
class JingCount(Event):
    type: ClassVar[str] = "jing_count"
    counts: tuple[tuple[int, int], ...]
    jing_kongs: tuple[int, ...] | None = None
    fed_by: tuple[int | None, ...] | None = None
    SPEC: ClassVar = (
        F("counts", "counts", _four(_pair_counts), True),
        F("jing_kongs", "jing_kongs", _four(lambda v, w: _int(v, w, 0, 4))),
        F("fed_by", "fed_by", _four(_seat_or_null)),
    )


FlagValue = bool | int | str | tuple[str | None, ...] | None  # a situation flag's value

WIN_FLAGS = (
    "kong_bloom",
    "kong_cannon",
    "robbed_kong",
    "last_tile",
    "last_copy",
    "flower_bloom",
    "flower_kong_bloom",
    "heavenly",
    "earthly",
    "human",
    "discarder_all_melded",
    "horses",
    "horse_hits",
    "fish",
)
DECLARED_FIELDS = ("patterns", "concealed", "quads", "soft_flowers", "hard_flowers", "fan")


@frozen(kw_only=True)
class Win(Event):
    type: ClassVar[str] = "win"
    player: int
    from_: int | None
    hand: str | None = None
    patterns: tuple[str, ...] | None = None
    concealed: bool | None = None
    quads: int | None = None
    soft_flowers: int | None = None
    hard_flowers: int | None = None
    fan: int | None = None
    kong_bloom: int | None = None
    kong_cannon: int | None = None
    robbed_kong: int | None = None
    last_tile: bool | None = None
    last_copy: bool | None = None
    flower_bloom: bool | None = None
    flower_kong_bloom: bool | None = None
    heavenly: bool | None = None
    earthly: bool | None = None
    human: bool | None = None
    discarder_all_melded: bool | None = None
    horses: str | None = None
    horse_hits: int | None = None
    fish: tuple[str | None, ...] | None = None
    SPEC: ClassVar = (
        F("player", "player", _seat, True),
        F("from", "from_", _seat_or_null, True),
        F("hand", "hand", _str),
        F("patterns", "patterns", _patterns),
        F("concealed", "concealed", _bool),
        F("quads", "quads", lambda v, w: _int(v, w, 1, 3)),
        F("soft_flowers", "soft_flowers", lambda v, w: _int(v, w, 0, MAX_SOFT_FLOWERS)),
        F("hard_flowers", "hard_flowers", lambda v, w: _int(v, w, 0, 20)),
        F("fan", "fan", lambda v, w: _int(v, w, 0, MAX_FAN)),
        F("kong_bloom", "kong_bloom", _chain),
        F("kong_cannon", "kong_cannon", _chain),
        F("robbed_kong", "robbed_kong", _chain),
        F("last_tile", "last_tile", _bool),
        F("last_copy", "last_copy", _bool),
        F("flower_bloom", "flower_bloom", _bool),
        F("flower_kong_bloom", "flower_kong_bloom", _bool),
        F("heavenly", "heavenly", _bool),
        F("earthly", "earthly", _bool),
        F("human", "human", _bool),
        F("discarder_all_melded", "discarder_all_melded", _bool),
        F("horses", "horses", _tiles_str),
        F("horse_hits", "horse_hits", lambda v, w: _int(v, w, 0, 20)),
        F("fish", "fish", _fish),
    )

    @property
    def self_drawn(self) -> bool:
        return self.from_ is None

    def flag(self, name: str) -> FlagValue:
        """A situation flag's value, falsy when absent."""
        return getattr(self, name)

    @property
    def flags_set(self) -> tuple[str, ...]:
        values = _WIN_FLAG_VALUES(self)
        return tuple(n for n, v in zip(WIN_FLAGS, values, strict=True) if v not in (None, False))

    @property
    def declared(self) -> bool:
        return self.hand is None


@frozen(kw_only=True)
class FalseWin(Event):
    type: ClassVar[str] = "false_win"
    player: int
    SPEC: ClassVar = (F("player", "player", _seat, True),)


@frozen(kw_only=True)
class Draw(Event):
    type: ClassVar[str] = "draw"
    last_drawer: int | None = None
    SPEC: ClassVar = (F("last_drawer", "last_drawer", _seat),)


EVENT_TYPES: dict[str, type[Event]] = {
    c.type: c for c in (Pung, Kong, Flowers, Penalty, Jing, JingCount, Win, FalseWin, Draw)
}
TERMINAL = (Win, FalseWin, Draw)
_SPECS = {c: {f.key: f for f in c.SPEC} for c in EVENT_TYPES.values()}
_KEYS = {c: {f.key: (i, f) for i, f in enumerate(c.SPEC)} for c in EVENT_TYPES.values()}
_REQUIRED = {c: sum(f.required for f in c.SPEC) for c in EVENT_TYPES.values()}
assert all(
    [f.required for f in c.SPEC] == sorted((f.required for f in c.SPEC), reverse=True)
    for c in EVENT_TYPES.values()
), "an event's required fields come first in its SPEC"
_WIN_FLAG_VALUES = attrgetter(*WIN_FLAGS)


def event_from_json(obj: Any, where: str = "event") -> Event:
    """The event ``obj``, read field by field in the order of its SPEC (the first offence
    named is the same whatever order the record lists them in)."""
    if type(obj) is not dict and not isinstance(obj, Mapping):
        raise _bad(where, txt("event_object"))
    t = obj.get("type")
    cls = EVENT_TYPES.get(t) if isinstance(t, str) else None
    if cls is None:
        raise _bad(
            f"{where}.type",
            txt("unknown_event_type_known", p1=show(t), p2=", ".join(EVENT_TYPES)),
        )
    keys = _KEYS[cls]
    given = []
    for k in obj:
        if k != "type":
            f = keys.get(k)
            if f is None:
                raise _bad(
                    f"{where}.{k}",
                    txt("unknown_field_event_fields", k=k, t=t, p3=", ".join(_SPECS[cls])),
                )
            given.append(f)
    # the fields are checked in the order of SPEC, so the first offence named is the same
    # whatever order the record lists them in; the required fields open SPEC
    given.sort()
    spec = cls.SPEC
    required = _REQUIRED[cls]
    values = {}
    nxt = 0
    for i, f in given:
        if nxt < required and i != nxt:
            break
        v = obj[f.key]
        if v is None and not f.required:
            raise _bad(f"{where}.{f.key}", txt("null_allowed_here_leave_field"))
        values[f.attr] = f.check(v, f"{where}.{f.key}")
        nxt = i + 1
    if nxt < required:
        raise _bad(f"{where}.{spec[nxt].key}", txt("event_needs_field", t=t, key=spec[nxt].key))
    ev = cls(**values)
    _check_event_shape(ev, where)
    return ev


def _check_event_shape(ev: Event, where: str) -> None:
    if isinstance(ev, Pung):
        if ev.from_ == ev.player:
            raise _bad(f"{where}.from", txt("player_claim_pung_from_himself"))
    elif isinstance(ev, Kong):
        if ev.kind == "concealed":
            if ev.from_ is not None:
                raise _bad(f"{where}.from", txt("concealed_kong_from"))
        else:
            if ev.from_ is None:
                raise _bad(
                    f"{where}.from",
                    txt("kong_from_who_supplied_tile", kind=ev.kind),
                )
            if ev.from_ == ev.player:
                raise _bad(f"{where}.from", txt("player_claim_kong_from_himself"))
    elif isinstance(ev, Flowers):
        if (ev.tiles is None) == (ev.count is None):
            raise _bad(where, txt("flowers_event_either_tiles_count"))
    elif isinstance(ev, Win):
        if ev.from_ == ev.player:
            raise _bad(f"{where}.from", txt("winner_own_discarder_use_null"))
        if ev.hand is not None and ev.fan is not None:
            raise _bad(
                f"{where}.fan",
                txt("give_either_hand_fans_derived"),
            )
        if ev.horses is not None and ev.horse_hits is not None:
            raise _bad(f"{where}.horse_hits", txt("give_either_horses_horse_hits"))


# ---------------------------------------------------------------- hands and sessions
class _Checked:
    """Room on a hand for :mod:`engine.checks`: the rule set whose cross-event checks the hand
    passed (a hand and its events are immutable, so the answer cannot change). Not a field:
    not compared, hashed, copied or written, and unset until the checks set it."""

    __slots__ = ("_consistent_for",)


@frozen
class Hand(_Checked):
    events: tuple[Event, ...] = ()

    @property
    def finished(self) -> bool:
        evs = self.events
        if evs and isinstance(evs[-1], TERMINAL):  # how a finished hand ends: read at once
            return True
        for e in evs:
            if isinstance(e, TERMINAL):
                return True
        return False

    @property
    def wins(self) -> tuple[Win, ...]:
        return tuple([e for e in self.events if isinstance(e, Win)])

    def of(self, cls: type) -> tuple:
        return tuple(e for e in self.events if isinstance(e, cls))

    @property
    def outcome(self) -> str:
        """'win', 'false_win', 'draw' or 'open'."""
        for e in self.events:
            if isinstance(e, Win):
                return "win"
            if isinstance(e, FalseWin):
                return "false_win"
            if isinstance(e, Draw):
                return "draw"
        return "open"

    def to_json(self) -> dict[str, Any]:
        return {"events": [e.to_json() for e in self.events]}


@dataclass(frozen=True, slots=True)
class Substitute:
    """From hand ``hand`` (1-based) on, seat ``seat`` is played by ``player`` (替打): the seat's
    settlement is unchanged, the hands are credited to the person who played them. A
    substitute named as the seat's own player hands the seat back."""

    hand: int
    seat: int
    player: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player}


@dataclass(frozen=True, slots=True, kw_only=True)
class Session:
    """A session record. Format 2 adds the identity (``id``, a UUID), the UTC times, the
    table label, the notes and the substitutes; format 1 has none of them."""

    variant: str
    players: tuple[str, str, str, str]
    options: Mapping[str, Any]
    stake: Decimal = Decimal(1)
    first_dealer: int = 0
    hands: tuple[Hand, ...] = ()
    format: int = 1
    id: str | None = None
    started_at: str | None = None
    ended_at: str | None = None
    table: str = ""
    notes: str = ""
    substitutes: tuple[Substitute, ...] = ()

    def with_hands(self, hands: tuple[Hand, ...]) -> Session:
        return replace(self, hands=hands)

    def players_in(self, number: int) -> tuple[str, str, str, str]:
        """Who played each seat in hand ``number`` (1-based): the latest substitute for the
        seat from that hand or before, else the seat's player. The seat's settlement is the
        seat's; the person named here is credited with that hand."""
        names = list(self.players)
        for sub in sorted(self.substitutes, key=lambda x: x.hand):
            if sub.hand <= number:
                names[sub.seat] = sub.player
        return tuple(names)  # type: ignore[return-value]

    def to_json(self) -> dict[str, Any]:
        stake: Any = self.stake
        text = stake_text(stake)
        # a whole stake as a JSON int; any other as the exact Decimal (dump_session writes
        # it as a number literal with every digit)
        stake = int(text) if text.isdigit() else stake
        out: dict[str, Any] = {"format": self.format}
        if self.format >= 2:
            out["id"] = self.id
            out["started_at"] = self.started_at
            if self.ended_at is not None:
                out["ended_at"] = self.ended_at
            if self.table:
                out["table"] = self.table
            if self.notes:
                out["notes"] = self.notes
        out.update(
            {
                "variant": self.variant,
                "options": dict(self.options),
                "stake": stake,
                "players": list(self.players),
                "first_dealer": self.first_dealer,
                "hands": [h.to_json() for h in self.hands],
            }
        )
        if self.format >= 2 and self.substitutes:
            hands = out["hands"]
            for sub in self.substitutes:
                while len(hands) < sub.hand:  # a substitute for a hand not played yet
                    hands.append({"events": []})
                hands[sub.hand - 1].setdefault("substitutes", []).append(sub.to_json())
        return out
