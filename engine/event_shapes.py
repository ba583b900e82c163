"""The events of the shapes the app writes, read at once.

An event of one of these shapes, every value plainly valid, is read by its own reader without
the field loop of :func:`engine.events.event_from_json`; each reader returns None for anything
else, and the field loop then reads it (and words the refusal), so what is refused and how is
the field loop's alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .event_fields import MAX_HAND_CHARS, ONE_TILE, plain_flowers, plain_four_pairs
from .events import Event, Flowers, Jing, JingCount, Kong, Pung, Win
from .frozen import positional_maker

# Each event read here is plainly valid and its class has no __post_init__, so it is made
# without the setters of __init__ (a win has 24 fields: a third of the time of reading it),
# by a constructor of the fields its shape gives, by position (see positional_maker).
_win = positional_maker(Win, "player", "from_", "hand")
_pung = positional_maker(Pung, "player", "from_", "tile")
_kong = positional_maker(Kong, "player", "kind", "from_", "tile")
_flowers = positional_maker(Flowers, "player", "tiles")
_jing = positional_maker(Jing, "indicator", "lower", "lower_counts")
_jing_count = positional_maker(JingCount, "counts")
_KONG_KINDS = ("exposed", "added", "concealed")

# An event is a value: a pung, a kong or a 南昌 jing count read again, its fields plainly
# valid, is the event made the first time, looked up by those fields (a record repeats them:
# a few hundred pungs and kongs can be, and 南昌's counts are mostly a few). The jing counts
# kept are bounded; the pungs and kongs are few enough as they are.
_PUNGS: dict[tuple[int, int, str], Pung] = {}
_KONGS: dict[tuple[int, str, int | None, str], Kong] = {}
_JING_COUNTS: dict[tuple[tuple[int, int], ...], JingCount] = {}
_JING_COUNTS_HELD = 20_000


def _is_seat(v: Any) -> bool:
    return type(v) is int and 0 <= v <= 3


def _read_win(o: dict) -> Win | None:
    # {"type": "win", "player", "from", "hand"}: a win typed as tiles
    if len(o) != 4:
        return None
    try:
        p = o["player"]
        f = o["from"]
        h = o["hand"]
    except KeyError:
        return None
    # the seat checks of _is_seat, written out: a win and a pung are most of the events
    if type(p) is not int or not 0 <= p <= 3:
        return None
    if f is not None and (type(f) is not int or not 0 <= f <= 3 or f == p):
        return None
    if type(h) is not str or not h.isascii() or len(h) > MAX_HAND_CHARS:
        return None
    return _win(p, f, h)


def _read_pung(o: dict) -> Pung | None:
    # {"type": "pung", "player", "from", "tile"}
    if len(o) != 4:
        return None
    try:
        p = o["player"]
        f = o["from"]
        t = o["tile"]
    except KeyError:
        return None
    if type(p) is not int or type(f) is not int or not 0 <= p <= 3 or not 0 <= f <= 3:
        return None
    if f == p or type(t) is not str or t not in ONE_TILE:
        return None
    e = _PUNGS.get((p, f, t))
    if e is None:
        e = _PUNGS[p, f, t] = _pung(p, f, t)
    return e


def _read_kong(o: dict) -> Kong | None:
    # {"type": "kong", "player", "kind", "tile"} and "from" unless concealed
    n = len(o)
    try:
        p = o["player"]
        k = o["kind"]
        t = o["tile"]
    except KeyError:
        return None
    if type(p) is not int or not 0 <= p <= 3 or type(t) is not str or t not in ONE_TILE:
        return None
    if n == 4 and k == "concealed" and type(k) is str:
        f = None
    elif n == 5 and type(k) is str and k in _KONG_KINDS and k != "concealed":
        f = o.get("from")
        if not _is_seat(f) or f == p:
            return None
    else:
        return None
    e = _KONGS.get((p, k, f, t))
    if e is None:
        e = _KONGS[p, k, f, t] = _kong(p, k, f, t)
    return e


def _read_flowers(o: dict) -> Flowers | None:
    # {"type": "flowers", "player", "tiles"}
    if len(o) != 3:
        return None
    try:
        p = o["player"]
        t = o["tiles"]
    except KeyError:
        return None
    if type(p) is not int or not 0 <= p <= 3 or type(t) is not str or not t.isascii() or not t:
        return None
    if len(t) > MAX_HAND_CHARS or not plain_flowers(t):
        return None
    return _flowers(p, t)


def _read_jing(o: dict) -> Jing | None:
    # {"type": "jing", "indicator", "lower", "lower_counts"}
    if len(o) != 4:
        return None
    i = o.get("indicator")
    lo = o.get("lower")
    if type(i) is not str or i not in ONE_TILE or type(lo) is not str or lo not in ONE_TILE:
        return None
    counts = plain_four_pairs(o.get("lower_counts"))
    return None if counts is None else _jing(i, lo, counts)


def _read_jing_count(o: dict) -> JingCount | None:
    # {"type": "jing_count", "counts"}
    if len(o) != 2:
        return None
    counts = plain_four_pairs(o.get("counts"))
    if counts is None:
        return None
    e = _JING_COUNTS.get(counts)
    if e is None:
        if len(_JING_COUNTS) >= _JING_COUNTS_HELD:
            _JING_COUNTS.clear()
        e = _JING_COUNTS[counts] = _jing_count(counts)
    return e


_READERS: dict[str, Callable[[dict], Event | None]] = {
    "win": _read_win,
    "pung": _read_pung,
    "kong": _read_kong,
    "flowers": _read_flowers,
    "jing": _read_jing,
    "jing_count": _read_jing_count,
}


def read_common(obj: Any) -> Event | None:
    """The event ``obj`` if it has one of the common shapes with every value plainly valid
    (the event :func:`event_from_json` reads from it), else None."""
    if type(obj) is dict:
        t = obj.get("type")
        if type(t) is str:
            reader = _READERS.get(t)
            if reader is not None:
                return reader(obj)
    return None


# The readers of the events that may come before a hand's one win (none of them ends a hand),
# by the rule set's event types: only the types it knows.
_BEFORE_WIN = ("pung", "kong", "flowers", "jing", "jing_count")
_READERS_OF: dict[frozenset[str], dict[str, Callable[[dict], Event | None]]] = {}


def read_won_hand(evs: list, types: frozenset[str]) -> tuple[Event, ...] | None:
    """The events of the hand ``evs`` (JSON) if it is the common hand: each event of a common
    shape with every value plainly valid (as :func:`read_common` reads it) and of a type in
    ``types``, the last a win typed as tiles and none before it a win. None for any other
    hand (then each event is read on its own, and any refusal worded there)."""
    readers = _READERS_OF.get(types)
    if readers is None:
        readers = _READERS_OF[types] = {t: _READERS[t] for t in _BEFORE_WIN if t in types}
    win = evs[-1]
    if type(win) is not dict or win.get("type") != "win" or "win" not in types:
        return None
    out = []
    for i in range(len(evs) - 1):
        o = evs[i]
        if type(o) is not dict:
            return None
        t = o.get("type")
        reader = readers.get(t) if type(t) is str else None
        e = None if reader is None else reader(o)
        if e is None:
            return None
        out.append(e)
    e = _read_win(win)
    if e is None:
        return None
    out.append(e)
    return tuple(out)
