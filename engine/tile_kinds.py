"""The tiles themselves: the kinds and their order, names, suits and ranks, the jing/dora
successor, seats relative to a player, and the ASCII input edge of tile strings. Plain data
and functions; the notation (parse and format) is :mod:`engine.tiles`, which re-exports all
of this.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from .errors import ErrorCode, MjError
from .texts_record import txt

SUITS = "mps"
WINDS = "ESWN"
DRAGONS = "CFP"
HONOURS = WINDS + DRAGONS
FLOWER_LETTERS = "abcdefgh"

SUITED_TILES = tuple(f"{r}{s}" for s in SUITS for r in range(1, 10))
ALL_TILES = SUITED_TILES + tuple(HONOURS)  # the 34 kinds, canonical order
_ORDER = {t: i for i, t in enumerate(ALL_TILES + tuple(FLOWER_LETTERS))}

TILE_ZH = {
    **{f"{r}m": f"{'一二三四五六七八九'[r - 1]}万" for r in range(1, 10)},
    **{f"{r}p": f"{'一二三四五六七八九'[r - 1]}筒" for r in range(1, 10)},
    **{f"{r}s": f"{'一二三四五六七八九'[r - 1]}条" for r in range(1, 10)},
    "E": "东",
    "S": "南",
    "W": "西",
    "N": "北",
    "C": "中",
    "F": "发",
    "P": "白",
    "a": "梅",
    "b": "兰",
    "c": "竹",
    "d": "菊",
    "e": "春",
    "f": "夏",
    "g": "秋",
    "h": "冬",
}


def tile_key(t: str) -> int:
    return _ORDER[t]


def sort_tiles(tiles: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(tiles, key=_ORDER.__getitem__))


def is_suited(t: str) -> bool:
    return len(t) == 2


def is_honour(t: str) -> bool:
    return len(t) == 1 and t in HONOURS


def is_wind(t: str) -> bool:
    return t in WINDS and len(t) == 1


def is_dragon(t: str) -> bool:
    return t in DRAGONS and len(t) == 1


def is_terminal(t: str) -> bool:
    return len(t) == 2 and t[0] in "19"


def suit(t: str) -> str | None:
    return t[1] if len(t) == 2 else None


def rank(t: str) -> int | None:
    return int(t[0]) if len(t) == 2 else None


@cache  # a handful of tiles, asked for again and again while a jing hand is read
def successor(t: str) -> str:
    """The next tile in the jing/dora cycle: suits wrap 9→1, 东→南→西→北→东, 中→发→白→中."""
    if len(t) == 2:
        r = int(t[0])
        return f"{r % 9 + 1}{t[1]}"
    if t in WINDS:
        return WINDS[(WINDS.index(t) + 1) % 4]
    if t in DRAGONS:
        return DRAGONS[(DRAGONS.index(t) + 1) % 3]
    raise ValueError(f"no successor for {t!r}")


@cache
def predecessor(t: str) -> str:
    if len(t) == 2:
        r = int(t[0])
        return f"{(r - 2) % 9 + 1}{t[1]}"
    if t in WINDS:
        return WINDS[(WINDS.index(t) - 1) % 4]
    if t in DRAGONS:
        return DRAGONS[(DRAGONS.index(t) - 1) % 3]
    raise ValueError(f"no predecessor for {t!r}")


def relative_to_absolute(owner: int, rel: int) -> int:
    """Seat claimed from: rel 1 = 上家 (owner-1), 2 = 对家, 3 = 下家 (owner+1)."""
    return (owner - rel) % 4


def absolute_to_relative(owner: int, seat: int) -> int:
    rel = (owner - seat) % 4
    if rel == 0:
        raise ValueError("a player cannot claim from himself")
    return rel


MAX_TILE_CHARS = 200  # a tile string (a hand with four kongs and eight flowers is ~60)
# full-width forms U+FF01–FF5E are ASCII 0x21–0x7E shifted; U+3000 is the ideographic space
_FULL_WIDTH = {**{c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}, 0x3000: 0x20}


def ascii_text(s: str, *, where: str | None = None) -> str:
    """The input edge of everything that reads tiles or counts: full-width typing (``１２３ｍ``,
    ``｜``, the ideographic space) becomes ASCII; any other non-ASCII character (a superscript
    ``²``, a circled ``①``, an Arabic-Indic ``٣``, a zero-width space) is refused, naming its
    position. NFKC is not used: it would turn ``²`` into ``2``."""
    if s.isascii():
        return s
    t = s.translate(_FULL_WIDTH)
    if t.isascii():
        return t
    i = next(i for i, ch in enumerate(t) if not ch.isascii())
    raise MjError(
        ErrorCode.BAD_TILES,
        txt("u_tile_digit_mark_notation", p1=s[i], p2=ord(s[i])),
        where=f"{where} position {i + 1}" if where else f"position {i + 1}",
    )


def is_count(s: str) -> bool:
    """Whether ``s`` is a count written in ASCII digits (``str.isdigit`` also takes ``²``)."""
    return 0 < len(s) <= 9 and s.isascii() and s.isdigit()


def format_tiles(tiles: Iterable[str]) -> str:
    """Compact notation of a tile run in the given order: 1m2m3m5p → '123m5p'."""
    out: list[str] = []
    run: list[str] = []
    run_suit: str | None = None
    for t in tiles:
        if len(t) == 2:
            if run_suit not in (None, t[1]):
                out.append("".join(run) + run_suit)
                run = []
            run_suit = t[1]
            run.append(t[0])
        else:
            if run:
                out.append("".join(run) + run_suit)  # type: ignore[operator]
                run, run_suit = [], None
            out.append(t)
    if run:
        out.append("".join(run) + run_suit)  # type: ignore[operator]
    return "".join(out)
