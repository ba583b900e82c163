"""Shared hand analysis without wildcards: decompositions, seven pairs, waits, wait shapes.

``closed`` always means the standing tiles of a hand (winning tile included), i.e. the part
that is not in bracketed melds: 14, 11, 8, 5 or 2 tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .tiles import ALL_TILES, DRAGONS, WINDS, sort_tiles

_INDEX = {t: i for i, t in enumerate(ALL_TILES)}


@dataclass(frozen=True, slots=True)
class Set:
    kind: str  # "pung" | "chow"
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Decomposition:
    pair: str
    sets: tuple[Set, ...]


def _counts(tiles: Iterable[str]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[_INDEX[t]] += 1
    return c


def _sets(c: list[int], honour_chows: bool) -> list[tuple[Set, ...]]:
    """All ways to split counts ``c`` entirely into sets (mutates and restores ``c``)."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return [()]
    out: list[tuple[Set, ...]] = []
    t = ALL_TILES[i]
    if c[i] >= 3:
        c[i] -= 3
        for rest in _sets(c, honour_chows):
            out.append((Set("pung", (t, t, t)), *rest))
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        for rest in _sets(c, honour_chows):
            out.append((Set("chow", (t, ALL_TILES[i + 1], ALL_TILES[i + 2])), *rest))
        for k in (i, i + 1, i + 2):
            c[k] += 1
    if honour_chows and i >= 27:
        group = range(27, 31) if i < 31 else range(31, 34)
        others = [k for k in group if k > i and c[k]]
        for a in range(len(others)):
            for b in range(a + 1, len(others)):
                j, k = others[a], others[b]
                for x in (i, j, k):
                    c[x] -= 1
                for rest in _sets(c, honour_chows):
                    out.append((Set("chow", (t, ALL_TILES[j], ALL_TILES[k])), *rest))
                for x in (i, j, k):
                    c[x] += 1
    return out


@lru_cache(maxsize=65536)
def _decompositions_cached(key: tuple[str, ...], honour_chows: bool) -> tuple[Decomposition, ...]:
    if len(key) % 3 != 2:
        return ()
    c = _counts(key)
    found: list[Decomposition] = []
    seen: set = set()
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            for sets in _sets(c, honour_chows):
                d = Decomposition(ALL_TILES[p], sets)
                sig = (d.pair, tuple(sorted((s.kind, s.tiles) for s in sets)))
                if sig not in seen:
                    seen.add(sig)
                    found.append(d)
            c[p] += 2
    return tuple(found)


def decompositions(
    closed: Sequence[str], *, honour_chows: bool = False
) -> tuple[Decomposition, ...]:
    """Every way the standing tiles split into one pair and sets (pungs and chows;
    ``honour_chows`` adds Nanchang's three-different-winds and 中发白 sequences)."""
    return _decompositions_cached(sort_tiles(closed), honour_chows)


def seven_pairs(closed: Sequence[str]) -> int | None:
    """None unless the 14 standing tiles are seven pairs; else the number of quads
    (four identical tiles counted as two pairs)."""
    if len(closed) != 14:
        return None
    c = Counter(closed)
    if any(n % 2 for n in c.values()):
        return None
    return sum(1 for n in c.values() if n == 4)


def is_complete(
    closed: Sequence[str], *, honour_chows: bool = False, allow_seven_pairs: bool = True
) -> bool:
    if allow_seven_pairs and seven_pairs(closed) is not None:
        return True
    return bool(decompositions(closed, honour_chows=honour_chows))


# ---------------------------------------------------------------- waits
# A hand splits into groups that no set crosses: each suit (9 ranks), and each honour alone —
# or, with honour chows, the four winds together and the three dragons together. Whether a
# group's counts split into sets only, or into one pair and sets, depends on that group
# alone, so it is worked out once per group pattern (memoised) and shared by every hand.
_SUIT, _SINGLE, _WINDS, _DRAGONS = "suit", "single", "winds", "dragons"
_GROUPS_PLAIN = (
    (0, 9, _SUIT),
    (9, 9, _SUIT),
    (18, 9, _SUIT),
    *((i, 1, _SINGLE) for i in range(27, 34)),
)
_GROUPS_HONOUR_CHOWS = (
    (0, 9, _SUIT),
    (9, 9, _SUIT),
    (18, 9, _SUIT),
    (27, 4, _WINDS),
    (31, 3, _DRAGONS),
)


@lru_cache(maxsize=65536)
def _sets_only(pattern: tuple[int, ...], kind: str) -> bool:
    """Do the counts of one group split entirely into sets (pungs; chows as ``kind`` has)?"""
    i = next((k for k, n in enumerate(pattern) if n), None)
    if i is None:
        return True
    c = list(pattern)
    if c[i] >= 3:
        c[i] -= 3
        if _sets_only(tuple(c), kind):
            return True
        c[i] += 3
    if kind == _SUIT:
        chows: Iterable[tuple[int, int]] = ((i + 1, i + 2),) if i <= 6 else ()
    elif kind == _SINGLE:
        chows = ()
    else:  # any three different winds, or 中发白: the lowest held one with two higher ones
        higher = [k for k in range(i + 1, len(c)) if c[k]]
        chows = ((a, b) for x, a in enumerate(higher) for b in higher[x + 1 :])
    for j, k in chows:
        if c[j] and c[k]:
            c[i] -= 1
            c[j] -= 1
            c[k] -= 1
            if _sets_only(tuple(c), kind):
                return True
            c[i] += 1
            c[j] += 1
            c[k] += 1
    return False


@lru_cache(maxsize=65536)
def _pair_and_sets(pattern: tuple[int, ...], kind: str) -> bool:
    """Do the counts of one group split into one pair and sets?"""
    for i, n in enumerate(pattern):
        if n >= 2 and _sets_only((*pattern[:i], n - 2, *pattern[i + 1 :]), kind):
            return True
    return False


@lru_cache(maxsize=65536)
def _group_waits(pattern: tuple[int, ...], kind: str, pair: bool) -> tuple[int, ...]:
    """Places in the group whose tile completes it (with the hand's pair when ``pair``)."""
    done = _pair_and_sets if pair else _sets_only
    return tuple(
        x
        for x, n in enumerate(pattern)
        if n < 4 and done((*pattern[:x], n + 1, *pattern[x + 1 :]), kind)
    )


@lru_cache(maxsize=65536)
def _waits_cached(key: tuple[str, ...], honour_chows: bool, seven: bool) -> tuple[str, ...]:
    c = _counts(key)
    found: set[int] = set()
    if len(key) % 3 == 1:
        groups = _GROUPS_HONOUR_CHOWS if honour_chows else _GROUPS_PLAIN
        pats = [tuple(c[a : a + n]) for a, n, _ in groups]
        mods = [sum(p) % 3 for p in pats]
        for h, (start, _, kind) in enumerate(groups):
            rest = [g for g in range(len(groups)) if g != h]
            if any(mods[g] == 1 for g in rest):
                continue
            after = (mods[h] + 1) % 3  # the group that takes the tile: 2 = it holds the pair
            pairs = [g for g in rest if mods[g] == 2]
            if after == 1 or len(pairs) != (after == 0):
                continue
            if not all(
                (_pair_and_sets if g in pairs else _sets_only)(pats[g], groups[g][2]) for g in rest
            ):
                continue
            found.update(start + x for x in _group_waits(pats[h], kind, after == 2))
    if seven and len(key) == 13:  # seven pairs: the one tile held an odd number of times
        odd = [i for i in range(34) if c[i] % 2]
        if len(odd) == 1:
            found.add(odd[0])
    return tuple(ALL_TILES[i] for i in sorted(found))


def waits(
    concealed: Sequence[str],
    visible: Iterable[str] = (),
    *,
    honour_chows: bool = False,
    allow_seven_pairs: bool = True,
) -> tuple[str, ...]:
    """Tiles that complete a waiting hand of standing tiles ``concealed`` (13 − 3 per meld),
    in tile order. ``visible`` are the hand's other tiles (melds) so that a fifth copy is
    never a wait. Worked out group by group (see above), once per hand shape."""
    found = _waits_cached(sort_tiles(concealed), honour_chows, allow_seven_pairs)
    if not found:
        return found
    held = Counter(concealed)
    held.update(visible)
    return tuple(t for t in found if held[t] < 4)


def win_shapes(d: Decomposition, win_tile: str) -> set[str]:
    """Where the winning tile can sit in decomposition ``d``: 'single' (单钓, on the pair),
    'pung' (双碰), 'closed' (坎张/压档, middle of a chow), 'edge' (边张: 3 of 123, 7 of 789),
    'open' (两面), 'honour' (an honour chow)."""
    shapes = set()
    if d.pair == win_tile:
        shapes.add("single")
    for s in d.sets:
        if win_tile not in s.tiles:
            continue
        if s.kind == "pung":
            shapes.add("pung")
        elif len(s.tiles[0]) == 1:
            shapes.add("honour")
        else:
            pos = s.tiles.index(win_tile)
            lo = int(s.tiles[0][0])
            if pos == 1:
                shapes.add("closed")
            elif (pos == 2 and lo == 1) or (pos == 0 and lo == 7):
                shapes.add("edge")
            else:
                shapes.add("open")
    return shapes


@lru_cache(maxsize=4096)
def suits(tiles: tuple[str, ...]) -> frozenset[str]:
    """The suits among ``tiles`` (memoised: a hand's readings ask it pattern after pattern)."""
    return frozenset(t[1] for t in tiles if len(t) == 2)


@lru_cache(maxsize=4096)
def has_wind(tiles: tuple[str, ...]) -> bool:
    """Whether ``tiles`` hold a wind (memoised like :func:`suits`)."""
    return any(t in WINDS and len(t) == 1 for t in tiles)


def is_honour_chow(tiles: Sequence[str]) -> bool:
    return len(set(tiles)) == 3 and (all(t in WINDS for t in tiles) or set(tiles) == set(DRAGONS))
