"""The field checkers of a record's events: each reads one JSON value, returns it as the event
holds it, and names the JSON path ``where`` in a refusal (:func:`engine.events.event_from_json`
runs them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import ErrorCode, MjError, Msg
from .jsonin import show
from .texts_record import txt
from .tiles import ALL_TILES, LETTER_TILES, ascii_text, parse_tiles
from .tiles import MAX_TILE_CHARS as MAX_HAND_CHARS

ONE_TILE = frozenset(ALL_TILES)  # every tile as one tile string reads
_ONE_TILE = ONE_TILE


def _bad(where: str, msg: str) -> MjError:
    return MjError(ErrorCode.BAD_RECORD, msg, where=where)


def _int(v: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _bad(where, txt("expected_whole_number_got", p1=show(v)))
    if lo is not None and v < lo or hi is not None and v > hi:
        rng = f"{lo}–{hi}" if hi is not None else f"at least {lo}"
        raise _bad(where, txt("out_range", v=v, rng=rng))
    return v


def _seat(v: Any, where: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 3:
        raise _bad(where, txt("bad_seat", p1=show(v)))
    return v


def _seat_or_null(v: Any, where: str) -> int | None:
    return None if v is None else _seat(v, where)


def _bool(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise _bad(where, txt("expected_true_false_got", p1=show(v)))
    return v


def _tile(v: Any, where: str) -> str:
    if type(v) is str and v in _ONE_TILE:  # the common case, as parse_tiles would read it
        return v
    if not isinstance(v, str):
        raise _bad(where, txt("expected_one_tile_such_p"))
    tiles = parse_tiles(v, where=where)
    if len(tiles) != 1:
        raise _bad(where, txt("expected_exactly_one_tile_got", p1=show(v)))
    return tiles[0]


def _tile_text(v: Any, where: str) -> str:
    """A tile string as typed, in ASCII (full-width forms mapped, anything else refused)."""
    if not isinstance(v, str):
        raise _bad(where, txt("expected_tile_string"))
    if len(v) > MAX_HAND_CHARS:
        raise _bad(
            where,
            txt("tile_string_most_characters_given", MAX_HAND_CHARS=MAX_HAND_CHARS, p2=len(v)),
        )
    try:
        return ascii_text(v)
    except MjError as e:
        raise MjError(e.code, Msg.located(e.where, e.msg), where=where) from None


def _str(v: Any, where: str) -> str:
    return _tile_text(v, where)


def _four(item: Callable[[Any, str], Any]) -> Callable[[Any, str], tuple]:
    def check(v: Any, where: str) -> tuple:
        if not isinstance(v, list) or len(v) != 4:
            raise _bad(where, txt("expected_list_four_entries_one"))
        if item is _pair_counts:  # four plainly valid pairs need no location worded
            pairs = plain_four_pairs(v)
            if pairs is not None:
                return pairs
        return tuple(item(x, f"{where}[{i}]") for i, x in enumerate(v))

    return check


def plain_flowers(v: str) -> bool:
    """Whether ``v`` (ASCII) reads as flower letters, as :func:`_flower_str` reads them."""
    if len(v) <= MAX_HAND_CHARS and not v.strip(LETTER_TILES):
        return True  # letters alone, each a tile: parse_tiles reads them so at once
    try:
        parse_tiles(v, allow_flowers=True)
    except MjError:
        return False
    return True


def _plain_pair(v: Any) -> tuple[int, int] | None:
    """A [正精, 副精] count pair that is plainly valid, else None."""
    if type(v) is list and len(v) == 2 and type(v[0]) is type(v[1]) is int:
        if 0 <= v[0] <= 4 and 0 <= v[1] <= 4:
            return (v[0], v[1])
    return None


# each plainly valid count pair, made once: _PAIRS[a][b] is (a, b) for a and b in 0..4
_PAIRS = tuple(tuple((a, b) for b in range(5)) for a in range(5))


def plain_four_pairs(v: Any) -> tuple[tuple[int, int], ...] | None:
    """Four count pairs, each plainly valid as :func:`_plain_pair` reads one, else None
    (a 南昌 hand logs two such lists). Each pair is looked up in ``_PAIRS`` by its two
    values and kept only if the pair found holds those very objects: the ints 0..4 are
    each one object in CPython, so that tells a count from ``True``, ``1.0`` or -1 (which
    find a pair of other objects) without a type test, and a float, a string or a count
    beyond 4 finds no pair at all."""
    if type(v) is not list or len(v) != 4:
        return None
    x0, x1, x2, x3 = v
    if type(x0) is not list or type(x1) is not list or type(x2) is not list:
        return None
    if type(x3) is not list:
        return None
    pairs = _PAIRS
    try:
        a0, b0 = x0
        a1, b1 = x1
        a2, b2 = x2
        a3, b3 = x3
        p0 = pairs[a0][b0]
        p1 = pairs[a1][b1]
        p2 = pairs[a2][b2]
        p3 = pairs[a3][b3]
    except (TypeError, ValueError, IndexError):
        return None
    if p0[0] is a0 and p0[1] is b0 and p1[0] is a1 and p1[1] is b1:
        if p2[0] is a2 and p2[1] is b2 and p3[0] is a3 and p3[1] is b3:
            return (p0, p1, p2, p3)
    return None


def _pair_counts(v: Any, where: str) -> tuple[int, int]:
    plain = _plain_pair(v)
    if plain is not None:  # the checks below only word the errors
        return plain
    if not isinstance(v, list) or len(v) != 2:
        raise _bad(where, txt("expected_count_count"))
    return (_int(v[0], f"{where}[0]", 0, 4), _int(v[1], f"{where}[1]", 0, 4))


def _enum(*choices: str) -> Callable[[Any, str], str]:
    def check(v: Any, where: str) -> str:
        if v not in choices:
            raise _bad(
                where,
                txt("expected_one_got", p1=", ".join(choices), p2=show(v)),
            )
        return v

    return check


def _nonneg(v: Any, where: str) -> int:
    return _int(v, where, 0)


def _chain(v: Any, where: str) -> int:
    return _int(v, where, 1, 4)


def _patterns(v: Any, where: str) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) and len(x) <= 64 for x in v):
        raise _bad(where, txt("expected_list_pattern_ids"))
    if len(v) > 100:
        raise _bad(where, txt("most_pattern_ids_given", p1=len(v)))
    return tuple(v)


def _fish(v: Any, where: str) -> tuple[str | None, ...]:
    def one(x: Any, w: str) -> str | None:
        if x is None:
            return None
        x = _tile_text(x, w) if isinstance(x, str) else x
        if not isinstance(x, str):
            raise _bad(w, txt("expected_tile_string_null"))
        parse_tiles(x, where=w)
        return x

    return _four(one)(v, where)


def _tiles_str(v: Any, where: str) -> str:
    v = _tile_text(v, where)
    parse_tiles(v, where=where)
    return v


def _flower_str(v: Any, where: str) -> str:
    if not isinstance(v, str) or not v:
        raise _bad(where, txt("expected_flower_letters_such_acc"))
    v = _tile_text(v, where)
    parse_tiles(v, allow_flowers=True, where=where)
    return v
