"""南昌 wildcard (精) hand analysis: which winning shapes a hand makes with jing as wild, and
which it makes without using any jing as wild (德国).

Tiles of the two jing kinds (正精, 副精) are wild. A jing "used as itself" is the same as a
wild standing for its own kind, so the wild analysis treats every jing copy as a wildcard and
the clean analysis (德国) treats every tile as itself. A wildcard may stand for any tile, even a
fifth copy (the table never checks what a wild "is"). Only the jing a player drew are wild: a
jing taken from another player (the discard won on, the tile of a robbed kong) is passed as
``fixed`` and counts only as itself (RULES.md §4); claimed melds are sets of real tiles anyway.

Shapes (RULES.md §4):
- ``standard``: the closed tiles form sets and one pair (melds already made count as sets);
  three different winds, or 中发白, also form a sequence.
- ``seven_pairs``: 14 closed tiles in seven pairs (four of a kind counts as two pairs).
- ``thirteen_lan`` 十三烂: 14 single tiles, suited tiles of one suit at least 3 apart, honours
  all different.
- ``seven_star_lan`` 七星十三烂: a 十三烂 holding all seven honours as real tiles (a jing whose
  own kind is an honour counts as itself; a wild may not stand in for an honour).
- 精吊 ``jing_single``: (13 tiles before the drawn one) = sets (or six pairs) plus one jing.

Speed: the standard shape is decided per tile group (each suit, the winds, the dragons) by the
fewest wildcards that turn the group into sets (with or without the pair), memoised on the
group's counts, so eight jing in hand cost no more than none (see bench/bench_nanchang_wild.py).
These functions take any tile counts; a settlement reads the same shapes of a winning hand by
table, in one pass over its tiles (:mod:`engine.variants.nanchang_tally`, checked against them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations
from typing import NamedTuple

from ..hands import splits_exactly
from ..tiles import ALL_TILES, DRAGONS, HONOURS, WINDS, successor

INF = 1_000
_INDEX = {t: i for i, t in enumerate(ALL_TILES)}
# tile groups: (first index, size, kind)
_GROUPS = ((0, 9, "suit"), (9, 9, "suit"), (18, 9, "suit"), (27, 4, "winds"), (31, 3, "dragons"))
_CHOWS = {
    "suit": tuple((s, s + 1, s + 2) for s in range(7)),
    "winds": tuple(combinations(range(4), 3)),
    "dragons": ((0, 1, 2),),
}

SHAPES = ("standard", "seven_pairs", "thirteen_lan", "seven_star_lan")


@cache
def jing_pair(zheng: str) -> tuple[str, str]:
    """正精 and 副精 for the turned tile (副精 = the next tile, wrapping)."""
    return (zheng, successor(zheng))


@cache
def _group_min(kind: str, counts: tuple[int, ...], pair: bool) -> int:
    """Fewest wildcards turning ``counts`` (one tile group) into sets, plus exactly one pair
    when ``pair``. Every set considered contains the lowest tile still present, so the search
    always makes progress; wildcards may fill any missing tile. The search stops as soon as it
    meets the fewest the tile count allows (tiles and wildcards together must come to 3k, or
    3k + 2 with the pair), which no other way can beat."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return 2 if pair else 0
    floor = ((2 if pair else 0) - sum(counts)) % 3
    c = counts[i]
    best = INF
    for use in range(min(c, 3), 0, -1):  # pung: ``use`` real tiles, the rest wild
        rest = counts[:i] + (c - use,) + counts[i + 1 :]
        best = min(best, 3 - use + _group_min(kind, rest, pair))
        if best == floor:
            return best
    if pair:
        for use in range(min(c, 2), 0, -1):
            rest = counts[:i] + (c - use,) + counts[i + 1 :]
            best = min(best, 2 - use + _group_min(kind, rest, False))
            if best == floor:
                return best
    for chow in _CHOWS[kind]:
        if i not in chow:
            continue
        rest = list(counts)
        wild = 0
        for k in chow:
            if rest[k]:
                rest[k] -= 1
            else:
                wild += 1
        best = min(best, wild + _group_min(kind, tuple(rest), pair))
        if best == floor:
            return best
    return best


def _split(counts: Sequence[int]) -> list[tuple[str, tuple[int, ...]]]:
    return [(kind, tuple(counts[a : a + n])) for a, n, kind in _GROUPS]


def sets_and_pair(counts: Sequence[int], wild: int, *, pair: bool = True) -> bool:
    """Do ``counts`` (34 kinds, real tiles) plus ``wild`` wildcards form sets and, when
    ``pair``, one pair? The total must be 3k (+2 with the pair)."""
    total = sum(counts) + wild
    if total % 3 != (2 if pair else 0):
        return False
    if wild == 0 and max(counts) <= 4:  # no wildcard: an exact split, group by group
        return splits_exactly(counts, pair=pair, honour_chows=True)
    needs = [_group_needs(k, g) for k, g in _split(counts)]
    base = sum(n for n, _ in needs)
    if not pair:
        return base <= wild
    if base + 2 <= wild:  # the pair made of two wildcards
        return True
    return any(base - n + with_pair <= wild for n, with_pair in needs)


@cache
def _group_needs(kind: str, counts: tuple[int, ...]) -> tuple[int, int]:
    """The fewest wildcards turning one group into sets, and into sets and the pair."""
    return _group_min(kind, counts, False), _group_min(kind, counts, True)


def pairs(counts: Sequence[int], wild: int) -> bool:
    """All tiles in pairs (four of a kind = two pairs)."""
    total = sum(counts) + wild
    if total % 2:
        return False
    return sum(c % 2 for c in counts) <= wild


# ---- 十三烂
def _lan_suit_ok(ranks: int) -> bool:
    """A 9-bit rank mask whose ranks are pairwise at least 3 apart."""
    prev = -10
    for r in range(9):
        if ranks >> r & 1:
            if r - prev < 3:
                return False
            prev = r
    return True


_LAN_SETS = tuple(m for m in range(1 << 9) if _lan_suit_ok(m))
# the most ranks a valid set containing ``mask`` can have
_LAN_ROOM = {m: max(bin(s).count("1") for s in _LAN_SETS if s & m == m) for m in _LAN_SETS}


def _lan_suits(counts: Sequence[int]) -> tuple[int, int] | None:
    """(suited tiles, free suited slots) or None if the suited tiles break 十三烂."""
    n = room = 0
    for a in (0, 9, 18):
        mask = 0
        for r in range(9):
            c = counts[a + r]
            if c > 1:
                return None
            if c:
                mask |= 1 << r
        if mask not in _LAN_ROOM:
            return None
        k = bin(mask).count("1")
        n += k
        room += _LAN_ROOM[mask] - k
    return n, room


def lan(counts: Sequence[int], wild: int) -> bool:
    """十三烂 with ``wild`` wildcards (fill any free suited slot or any missing honour)."""
    if sum(counts) + wild != 14:
        return False
    s = _lan_suits(counts)
    if s is None or any(counts[i] > 1 for i in range(27, 34)):
        return False
    honours = sum(counts[27:34])
    return wild <= s[1] + (7 - honours)


def seven_star(counts: Sequence[int], wild: int, wild_honours: Iterable[int] = ()) -> bool:
    """七星十三烂: ``counts`` real non-wild tiles; ``wild_honours`` the honour kinds among the
    jing kinds held (index, one per kind held): one copy of each stands as itself."""
    own = set(wild_honours)
    if sum(counts) + wild != 14:
        return False
    s = _lan_suits(counts)
    if s is None or any(counts[i] > 1 for i in range(27, 34)):
        return False
    present = {i for i in range(27, 34) if counts[i]} | own
    if len(present) != 7 or len(own) > wild:
        return False
    free = wild - len(own)
    return s[0] + free == 7 and free <= s[1]


# ---- the analysis
def _counts(tiles: Iterable[str]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[_INDEX[t]] += 1
    return c


class Analysis(NamedTuple):
    """Shapes the closed tiles make. ``wild``: with jing as wildcards; ``clean``: every tile
    as itself (德国). ``clean`` ⊆ ``wild``."""

    wild: frozenset[str]
    clean: frozenset[str]
    jing_held: int  # jing tiles among the closed tiles

    @property
    def complete(self) -> bool:
        return bool(self.wild)


def split_wild(
    closed: Sequence[str], jing: Iterable[str], fixed: Iterable[str] = ()
) -> tuple[list[int], int, list[int]]:
    """(counts of the real tiles, number of wild jing, honour kinds among the wild jing that
    no real tile already gives). ``fixed``: tiles of ``closed`` that count only as themselves
    (one copy each: a jing taken from another player), real tiles even when they are jing."""
    js = set(jing)
    if not js:  # nothing wild: every tile is itself
        return _counts(closed), 0, []
    real = [t for t in closed if t not in js]
    held = [t for t in closed if t in js]
    for t in fixed:
        if t in held:
            held.remove(t)
            real.append(t)
    counts = _counts(real)
    honours = sorted({i for i in (_INDEX[t] for t in held if t in HONOURS) if not counts[i]})
    return counts, len(held), honours


def shapes(
    closed: Sequence[str],
    n_melds: int,
    jing: Iterable[str] = (),
    fixed: Iterable[str] = (),
    only: Iterable[str] = SHAPES,
) -> frozenset[str]:
    """Shapes made by ``closed`` with the given jing kinds as wildcards (empty: none wild),
    except the ``fixed`` copies, which count only as themselves; only the shapes in ``only``
    are looked for."""
    wanted = only if isinstance(only, frozenset) else frozenset(only)
    if not wanted:
        return wanted
    counts, w, wild_honours = split_wild(closed, jing, fixed)
    out = set()
    if "standard" in wanted and sets_and_pair(counts, w):
        out.add("standard")
    if n_melds == 0 and len(closed) == 14:
        if "seven_pairs" in wanted and pairs(counts, w):
            out.add("seven_pairs")
        if "thirteen_lan" in wanted and lan(counts, w):
            out.add("thirteen_lan")
        if "seven_star_lan" in wanted and seven_star(counts, w, wild_honours):
            out.add("seven_star_lan")
    return frozenset(out)


def analyse(
    closed: Sequence[str], n_melds: int, jing: Iterable[str], fixed: Iterable[str] = ()
) -> Analysis:
    """The shapes of ``closed``; ``fixed`` are the jing copies taken from another player (the
    discard won on, a robbed kong's tile), which count only as themselves."""
    js = tuple(jing)
    wild = shapes(closed, n_melds, js, tuple(fixed))
    # a shape made with every tile as itself is made with the jing standing for themselves
    # too (clean ⊆ wild): only the shapes found with wildcards are looked for without
    return Analysis(
        wild=wild,
        clean=shapes(closed, n_melds, (), only=wild),
        jing_held=sum(1 for t in closed if t in js),
    )


def jing_single(
    closed: Sequence[str], n_melds: int, jing: Iterable[str], drawn: Iterable[str]
) -> dict[str, bool]:
    """精吊 readings: for shape ``standard``/``seven_pairs``, is there a drawn tile t (one of
    ``drawn``) and a jing j among the other 13 such that the 12 (or 13 − 3·melds − 1) left form
    sets (six pairs)? Values: {shape: clean} where clean says the reading uses no wild (the drawn
    tile is j's own kind and the rest are real sets / pairs); shapes absent are not 精吊."""
    js = set(jing)
    out: dict[str, bool] = {}
    for t in dict.fromkeys(drawn):
        if t not in closed:
            continue
        rest13 = list(closed)
        rest13.remove(t)
        for j in dict.fromkeys(x for x in rest13 if x in js):
            rest = list(rest13)
            rest.remove(j)
            counts, w, _ = split_wild(rest, js)
            plain = _counts(rest)
            natural = t == j
            if sets_and_pair(counts, w, pair=False):
                out["standard"] = out.get("standard", False) or (
                    natural and sets_and_pair(plain, 0, pair=False)
                )
            if n_melds == 0 and len(rest) == 12 and pairs(counts, w):
                out["seven_pairs"] = out.get("seven_pairs", False) or (natural and pairs(plain, 0))
    return out


def count_jing(tiles: Iterable[str], zheng: str) -> tuple[int, int]:
    """(正精, 副精) copies among ``tiles``."""
    ts = tuple(tiles)
    z, f = jing_pair(zheng)
    return ts.count(z), ts.count(f)


# ---- the same search for a suit whose counts are one number (four bits a rank, rank 1 lowest)
#
# A suit's tiles, or what is left of them, need as many wildcards wherever they lie in the
# suit (see nanchang_tally.suit_parts: a chow reaching out below them can be swapped for one
# reaching out above, with the same real tiles and as many wildcards). So the search keeps
# every key moved down to start at rank 1 (its lowest set of four bits held): what is left
# after the first ranks are used up is then the same key as a suit holding only that, and
# the memo meets it again.
_SUIT_MEMO: dict[int, int] = {}  # key (rank 1 held) · 2 + pair → the fewest wildcards
_SUIT_LIMIT = 500_000


def _lowered(key: int) -> int:
    """``key`` moved down to start at rank 1 (0 stays 0)."""
    return key >> ((key & -key).bit_length() - 1 & ~3) if key else 0


def suit_min(key: int, pair: bool) -> int:
    """``_group_min("suit", counts, pair)`` of the nine counts of ``key`` (each in four bits,
    rank 1 lowest): the same search, each step a subtraction instead of a new tuple."""
    total = 0
    k = key
    while k:
        total += k & 15
        k >>= 4
    return suit_needs(_lowered(key), total, pair)


def suit_needs(key: int, total: int, pair: bool) -> int:
    """:func:`suit_min` of a key that starts at rank 1 (or 0), whose ``total`` tiles the caller
    has counted."""
    if len(_SUIT_MEMO) >= _SUIT_LIMIT:
        _SUIT_MEMO.clear()
    best = _SUIT_MEMO.get(key * 2 + pair)
    return _suit_min(key, pair, total) if best is None else best


# a rank's count (four bits) → how many of its tiles a pung, or the pair, may take: the most first
_PUNG_USES = tuple(tuple(range(min(c, 3), 0, -1)) for c in range(16))
_PAIR_USES = tuple(tuple(range(min(c, 2), 0, -1)) for c in range(16))


def _suit_min(key: int, pair: bool, total: int) -> int:
    """The search of :func:`_group_min` on one number, for a key that starts at rank 1 (or 0)
    and is not in the memo. Each step is looked up in the memo before it is searched, and a
    step is not searched at all when the fewest it could need (the wildcards it adds, plus the
    least the tile count allows after it) cannot beat the best found so far: neither changes
    the fewest found."""
    if not key:
        return 2 if pair else 0
    get = _SUIT_MEMO.get
    p = 2 if pair else 0
    floor = (p - total) % 3  # tiles and wildcards together come to 3k (+ 2 with the pair)
    c = key & 15  # rank 1, the lowest held
    best = INF
    for use in _PUNG_USES[c]:  # pung: ``use`` real tiles, the rest wild
        wild = 3 - use
        if wild + (p - total + use) % 3 >= best:
            continue
        rest = key - use
        if use == c:
            rest = _lowered(rest)
        n = get(rest * 2 + pair)
        n = wild + (_suit_min(rest, pair, total - use) if n is None else n)
        if n < best:
            best = n
            if best == floor:
                _SUIT_MEMO[key * 2 + pair] = best
                return best
    if pair:
        for use in _PAIR_USES[c]:
            wild = 2 - use
            if wild + (use - total) % 3 >= best:
                continue
            rest = key - use
            if use == c:
                rest = _lowered(rest)
            n = get(rest * 2)
            n = wild + (_suit_min(rest, False, total - use) if n is None else n)
            if n < best:
                best = n
                if best == floor:
                    _SUIT_MEMO[key * 2 + pair] = best
                    return best
    # the chow holding rank 1, from rank 1 (none starts below it): with the real tiles of
    # ranks 2 and 3 that are held (one holding no other real tile makes what the pung of one
    # real tile made above)
    if key & 0xF0:
        taken, used = (0x111, 3) if key & 0xF00 else (0x11, 2)
    elif key & 0xF00:
        taken, used = 0x101, 2
    else:
        used = 0
    if used:
        wild = 3 - used
        if wild + (p - total + used) % 3 < best:
            rest = key - taken
            if c == 1:
                rest = _lowered(rest)
            n = get(rest * 2 + pair)
            n = wild + (_suit_min(rest, pair, total - used) if n is None else n)
            if n < best:
                best = n
    _SUIT_MEMO[key * 2 + pair] = best
    return best


__all__ = [
    "Analysis",
    "DRAGONS",
    "SHAPES",
    "WINDS",
    "analyse",
    "count_jing",
    "jing_pair",
    "jing_single",
    "lan",
    "pairs",
    "sets_and_pair",
    "seven_star",
    "shapes",
    "split_wild",
    "suit_min",
]
