"""Shared hand analysis without wildcards: decompositions, seven pairs, waits, wait shapes.

``closed`` always means the standing tiles of a hand (winning tile included), i.e. the part
that is not in bracketed melds: 14, 11, 8, 5 or 2 tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, product

from . import suit_table
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


# ---------------------------------------------------------------- groups
# A hand splits into groups that no set crosses: each suit (9 ranks), and each honour alone —
# or, with honour chows, the four winds together and the three dragons together. Whether a
# group's counts split into sets only, or into one pair and sets, depends on that group
# alone: a suit is looked up in engine.suit_table, an honour alone is counted, and the
# honour groups of honour chows are searched once per pattern (memoised).
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


_PUNG = tuple(Set("pung", (t, t, t)) for t in ALL_TILES)
_CHOW = tuple(
    Set("chow", (ALL_TILES[i], ALL_TILES[i + 1], ALL_TILES[i + 2]))
    if i < 27 and i % 9 <= 6
    else None
    for i in range(34)
)


def _first_of_each(found: Iterable[tuple[Set, ...]]) -> tuple[tuple[Set, ...], ...]:
    """``found`` with each multiset of sets once (its first place)."""
    out: list[tuple[Set, ...]] = []
    seen: set = set()
    for sets in found:
        sig = tuple(sorted((s.kind, s.tiles) for s in sets))
        if sig not in seen:
            seen.add(sig)
            out.append(sets)
    return tuple(out)


@lru_cache(maxsize=65536)
def _suit_splits(pattern: tuple[int, ...], start: int) -> tuple[tuple[Set, ...], ...]:
    """Every way the counts of one suit (tiles ``start`` … ``start + 8``) split into sets, in
    the order of the search (the lowest rank first, a pung before a chow), each once."""
    c = list(pattern)
    found: list[tuple[Set, ...]] = []
    acc: list[Set] = []

    def search(i: int) -> None:
        while i < 9 and not c[i]:
            i += 1
        if i == 9:
            found.append(tuple(acc))
            return
        if c[i] >= 3:
            c[i] -= 3
            acc.append(_PUNG[start + i])
            search(i)
            acc.pop()
            c[i] += 3
        if i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            acc.append(_CHOW[start + i])  # type: ignore[arg-type]
            search(i)
            acc.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    search(0)
    return _first_of_each(found)


@lru_cache(maxsize=4096)
def _honour_splits(
    pattern: tuple[int, ...], start: int, honour_chows: bool
) -> tuple[tuple[Set, ...], ...]:
    """The same for an honour group (one honour, or the winds or dragons with honour chows)."""
    c = [0] * 34
    c[start : start + len(pattern)] = pattern
    return _first_of_each(_sets(c, honour_chows))


def _splits(pattern: tuple[int, ...], start: int, kind: str, honour_chows: bool):
    if kind == _SUIT:
        return _suit_splits(pattern, start)
    if kind == _SINGLE and pattern[0] % 3 == 0:
        return ((_PUNG[start],) * (pattern[0] // 3),)
    if kind == _SINGLE:
        return ()
    return _honour_splits(pattern, start, honour_chows)


@lru_cache(maxsize=65536)
def _decompositions_cached(key: tuple[str, ...], honour_chows: bool) -> tuple[Decomposition, ...]:
    """The decompositions of the sorted standing tiles ``key``. No set crosses a group, so
    a search over the whole hand is the product of each group's splits, the group holding the
    pair split without it: the same decompositions in the same order as one search over all
    34 kinds (the lowest tile first, a pung before a chow) keeping the first of each pair and
    multiset of sets (tests/engine/test_decompositions.py keeps that search as the oracle)."""
    if len(key) % 3 != 2:
        return ()
    c = _counts(key)
    live = []  # the groups holding tiles: (start, kind, counts)
    held_pair = -1  # the one group whose tiles are 2 mod 3: it holds the pair
    for a, n, kind in _GROUPS_HONOUR_CHOWS if honour_chows else _GROUPS_PLAIN:
        if n == 1:
            total = c[a]
            if not total:
                continue
            pat: tuple[int, ...] = (total,)
        else:
            pat = tuple(c[a : a + n])
            total = sum(pat)
            if not total:
                continue
        m = total % 3
        if m == 1 or (m == 2 and held_pair >= 0):
            return ()
        if m == 2:
            held_pair = len(live)
        live.append((a, kind, pat))
    if held_pair < 0:  # pragma: no cover - 2 mod 3 tiles put some group at 2 mod 3
        return ()
    splits = []
    for g, (a, kind, pat) in enumerate(live):
        if g != held_pair:
            split = _splits(pat, a, kind, honour_chows)
            if not split:
                return ()
            splits.append(split)
        else:
            splits.append(())
    a, kind, pat = live[held_pair]
    found: list[Decomposition] = []
    for x, n in enumerate(pat):
        if n < 2:
            continue
        own = _splits((*pat[:x], n - 2, *pat[x + 1 :]), a, kind, honour_chows)
        if not own:
            continue
        pair = ALL_TILES[a + x]
        if len(live) == 1:
            found.extend(Decomposition(pair, sets) for sets in own)
            continue
        splits[held_pair] = own
        for combo in product(*splits):
            found.append(Decomposition(pair, tuple(chain.from_iterable(combo))))
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


def _complete(pattern: tuple[int, ...], kind: str, pair: bool) -> bool:
    """Do the counts of one group split into sets (and one pair when ``pair``)?"""
    if kind == _SUIT:
        if sum(pattern) <= suit_table.MAX_PAIR_TILES and max(pattern) <= 4:
            table = suit_table.pair_and_sets() if pair else suit_table.sets_only()
            return suit_table.index(pattern) in table
    elif kind == _SINGLE:
        n = pattern[0]
        return n >= 2 and (n - 2) % 3 == 0 if pair else n % 3 == 0
    return (_pair_and_sets if pair else _sets_only)(pattern, kind)


def splits_exactly(counts: Sequence[int], *, pair: bool, honour_chows: bool) -> bool:
    """Whether ``counts`` (34 kinds, at most four each) split exactly into sets, and one pair
    when ``pair``: each group on its own, a suit looked up in the tables."""
    held_pair = False
    for a, n, kind in _GROUPS_HONOUR_CHOWS if honour_chows else _GROUPS_PLAIN:
        pat = tuple(counts[a : a + n])
        m = sum(pat) % 3
        if m == 1 or (m == 2 and (held_pair or not pair)):
            return False
        held_pair = held_pair or m == 2
        if any(pat) and not _complete(pat, kind, m == 2):
            return False
    return held_pair == pair


@lru_cache(maxsize=65536)
def _group_waits(pattern: tuple[int, ...], kind: str, pair: bool) -> tuple[int, ...]:
    """Places in the group whose tile completes it (with the hand's pair when ``pair``)."""
    if kind == _SUIT and sum(pattern) < suit_table.MAX_PAIR_TILES and max(pattern) <= 4:
        table = suit_table.pair_and_sets() if pair else suit_table.sets_only()
        base = suit_table.index(pattern)
        pow5 = suit_table.POW5
        return tuple(x for x, n in enumerate(pattern) if n < 4 and base + pow5[x] in table)
    done = _pair_and_sets if pair else _sets_only
    return tuple(
        x
        for x, n in enumerate(pattern)
        if n < 4 and done((*pattern[:x], n + 1, *pattern[x + 1 :]), kind)
    )


def _plain_waits(c: list[int]) -> set[int]:
    """The standard (sets and a pair) waits of the counts ``c`` of at most 13 tiles, none
    beyond four copies, without honour chows: the logic of the general case below with each
    suit looked up in the tables and each honour counted."""
    live = []  # (start, suit?, tiles mod 3, base-5 number or count)
    for a in (0, 9, 18):
        n = c[a] + c[a + 1] + c[a + 2] + c[a + 3] + c[a + 4] + c[a + 5] + c[a + 6] + c[a + 7]
        n += c[a + 8]
        if n:
            live.append((a, True, n % 3, suit_table.index(tuple(c[a : a + 9]))))
    for i in range(27, 34):
        if c[i]:
            live.append((i, False, c[i] % 3, c[i]))
    ones = [g for g in live if g[2] == 1]
    twos = [g for g in live if g[2] == 2]
    if len(ones) == 1 and not twos:
        takers = ones  # it takes the tile and then holds the pair
    elif not ones and len(twos) == 2:
        takers = twos  # either one takes the tile; the other holds the pair
    else:
        return set()
    sets_only, pairs = suit_table.sets_only(), suit_table.pair_and_sets()
    found: set[int] = set()
    for h in takers:
        pair = h[2] == 1
        ok = True
        for g in live:
            if g is h:
                continue
            if g[1]:
                ok = g[3] in (pairs if g[2] == 2 else sets_only)
            else:
                ok = g[3] in (2, 5) if g[2] == 2 else True
            if not ok:
                break
        if not ok:
            continue
        a = h[0]
        if h[1]:
            table, base, pow5 = (pairs if pair else sets_only), h[3], suit_table.POW5
            found.update(a + x for x in range(9) if c[a + x] < 4 and base + pow5[x] in table)
        elif h[3] + 1 <= 4 and (h[3] + 1 == 2 if pair else True):
            found.add(a)
    return found


@lru_cache(maxsize=65536)
def _waits_cached(key: tuple[str, ...], honour_chows: bool, seven: bool) -> tuple[str, ...]:
    c = _counts(key)
    found: set[int] = set()
    if len(key) % 3 == 1 and not honour_chows and len(key) <= 13 and max(c) <= 4:
        found = _plain_waits(c)
    elif len(key) % 3 == 1:
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
            if not all(_complete(pats[g], groups[g][2], g in pairs) for g in rest):
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
    shown = tuple(visible)
    return tuple(t for t in found if concealed.count(t) + shown.count(t) < 4)


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
