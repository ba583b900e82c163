"""Shared hand analysis without wildcards: decompositions, seven pairs, waits, wait shapes.

``closed`` always means the standing tiles of a hand (winning tile included), i.e. the part
that is not in bracketed melds: 14, 11, 8, 5 or 2 tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, product

from . import hand_lookup, suit_table
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


# The group of each kind: plain, a suit (0–2) or one honour (3–9); with honour chows, a suit,
# the winds (3) or the dragons (4). A hand's sorted tiles are its groups one after another.
_GROUP_OF = tuple(
    {
        t: i // 9 if i < 27 else (3 if i < 31 else 4) if honour_chows else i - 24
        for i, t in enumerate(ALL_TILES)
    }
    for honour_chows in (False, True)
)


def _groups(key: tuple[str, ...], honour_chows: bool) -> list[tuple[str, ...]]:
    """The sorted tiles ``key`` (at least one) cut into their groups, in tile order."""
    of = _GROUP_OF[honour_chows]
    out = []
    start = i = 0
    group = of[key[0]]
    for t in key:
        g = of[t]
        if g != group:
            out.append(key[start:i])
            start, group = i, g
        i += 1
    out.append(key[start:])
    return out


def _pattern(tiles: tuple[str, ...], honour_chows: bool) -> tuple[int, str, tuple[int, ...]]:
    """(first kind, kind of group, counts) of one group's tiles."""
    i = _INDEX[tiles[0]]
    if i < 27:
        a, n, kind = i - i % 9, 9, _SUIT
    elif not honour_chows:
        a, n, kind = i, 1, _SINGLE
    else:
        a, n, kind = (27, 4, _WINDS) if i < 31 else (31, 3, _DRAGONS)
    c = [0] * n
    for t in tiles:
        c[_INDEX[t] - a] += 1
    return a, kind, tuple(c)


@lru_cache(maxsize=65536)
def _group_splits(tiles: tuple[str, ...], honour_chows: bool) -> tuple[int, tuple]:
    """(tiles mod 3, splits) of one group: at 0 every split into sets; at 2, for each pair
    in tile order, (the pair, every split of the rest into sets); at 1 nothing."""
    a, kind, pat = _pattern(tiles, honour_chows)
    return _pattern_splits(pat, a, kind, honour_chows)


def _pattern_splits(
    pat: tuple[int, ...], a: int, kind: str, honour_chows: bool
) -> tuple[int, tuple]:
    """:func:`_group_splits` of a group given by its counts ``pat`` from kind ``a``."""
    mod = sum(pat) % 3
    if mod == 0:
        return mod, _splits(pat, a, kind, honour_chows)
    if mod == 1:
        return mod, ()
    out = []
    for x, n in enumerate(pat):
        if n >= 2:
            own = _splits((*pat[:x], n - 2, *pat[x + 1 :]), a, kind, honour_chows)
            if own:
                out.append((ALL_TILES[a + x], own))
    return mod, tuple(out)


@lru_cache(maxsize=65536)
def _decompositions_cached(key: tuple[str, ...], honour_chows: bool) -> tuple[Decomposition, ...]:
    """The decompositions of the sorted standing tiles ``key``. No set crosses a group, so
    a search over the whole hand is the product of each group's splits, the group holding the
    pair split without it: the same decompositions in the same order as one search over all
    34 kinds (the lowest tile first, a pung before a chow) keeping the first of each pair and
    multiset of sets (tests/engine/test_decompositions.py keeps that search as the oracle)."""
    if len(key) % 3 != 2:
        return ()
    parts: list[tuple] = []  # each group's splits; the pair group's (pair, splits) choices
    held_pair = -1  # the one group whose tiles are 2 mod 3: it holds the pair
    for g in _groups(key, honour_chows):
        mod, split = _group_splits(g, honour_chows)
        if mod == 1 or (mod == 2 and held_pair >= 0) or not split:
            return ()
        if mod == 2:
            held_pair = len(parts)
        parts.append(split)
    if held_pair < 0:  # pragma: no cover - 2 mod 3 tiles put some group at 2 mod 3
        return ()
    return _combine(parts, held_pair)


def _combine(parts: list[tuple], held_pair: int) -> tuple[Decomposition, ...]:
    """The decompositions of a hand from each group's splits (``parts``, in tile order; the
    group at ``held_pair`` gives its (pair, splits) choices)."""
    choices = parts[held_pair]
    if len(parts) == 1:
        return tuple(Decomposition(pair, sets) for pair, own in choices for sets in own)
    found: list[Decomposition] = []
    for pair, own in choices:
        parts[held_pair] = own
        for combo in product(*parts):
            found.append(Decomposition(pair, tuple(chain.from_iterable(combo))))
    return tuple(found)


_CODE_SPLITS: tuple[dict[int, tuple[int, tuple]], ...] = tuple(
    {} for _ in range(hand_lookup.GROUPS)
)


def _code_splits(g: int, code: int) -> tuple[int, tuple] | None:
    """:func:`_group_splits` of plain group ``g`` given by its engine.hand_lookup number
    (worked out once per number); None for a number holding a fifth copy."""
    memo = _CODE_SPLITS[g]
    found = memo.get(code)
    if found is None:
        start = hand_lookup.GROUP_START[g]
        if g < 3:
            pat = hand_lookup.suit_pattern(code)
            if pat is None:
                return None
            found = _pattern_splits(pat, start, _SUIT, False)
        elif code > 4:
            return None
        else:
            found = _pattern_splits((code,), start, _SINGLE, False)
        memo[code] = found
    return found


def _plain_decompositions(closed: Sequence[str]) -> tuple[Decomposition, ...] | None:
    """The decompositions of a plain hand, each group read by its number (see
    :func:`_decompositions_cached` for the order); None when a group holds a fifth copy."""
    if len(closed) % 3 != 2:
        return ()
    got = parts_by_group(hand_lookup.group_codes(closed), _code_splits)
    if not got:
        return got  # type: ignore[return-value]
    return _combine(*got)


def parts_by_group(
    codes: Sequence[int], read: Callable[[int, int], tuple[int, tuple] | None]
) -> tuple[list[tuple], int] | tuple[()] | None:
    """``read(group, number)`` of each group that holds tiles — (its count mod 3, what it
    splits into) — as (the groups' parts, the index of the one that holds the pair). ``()``
    when no split makes a hand (a group left at 1 mod 3, two pairs, a group that does not
    split), None when a read is None (a fifth copy: the caller searches instead)."""
    parts: list[tuple] = []
    held_pair = -1
    for g in range(hand_lookup.GROUPS):
        code = codes[g]
        if not code:
            continue
        got = read(g, code)
        if got is None:
            return None
        mod, split = got
        if mod == 1 or (mod == 2 and held_pair >= 0) or not split:
            return ()
        if mod == 2:
            held_pair = len(parts)
        parts.append(split)
    if held_pair < 0:  # pragma: no cover - 2 mod 3 tiles put some group at 2 mod 3
        return ()
    return parts, held_pair


def decompositions(
    closed: Sequence[str], *, honour_chows: bool = False
) -> tuple[Decomposition, ...]:
    """Every way the standing tiles split into one pair and sets (pungs and chows;
    ``honour_chows`` adds Nanchang's three-different-winds and 中发白 sequences)."""
    if not honour_chows:
        found = _plain_decompositions(closed)
        if found is not None:
            return found
    return _decompositions_cached(sort_tiles(closed), honour_chows)


def seven_pairs(closed: Sequence[str]) -> int | None:
    """None unless the 14 standing tiles are seven pairs; else the number of quads
    (four identical tiles counted as two pairs)."""
    if len(closed) != 14:
        return None
    quads = 0
    for t in set(closed):
        n = closed.count(t)
        if n % 2:
            return None
        quads += n == 4
    return quads


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


@lru_cache(maxsize=65536)
def _group_wait_facts(tiles: tuple[str, ...], honour_chows: bool) -> tuple[int, bool, tuple, tuple]:
    """(tiles mod 3, complete, waits, odd) of one group: complete — at 0 its tiles split into
    sets, at 2 into a pair and sets; waits — the kinds whose tile completes it, at 1 with
    the pair, at 2 into sets; odd — the kinds it holds an odd number of times."""
    a, kind, pat = _pattern(tiles, honour_chows)
    mod = len(tiles) % 3
    complete = mod != 1 and _complete(pat, kind, mod == 2)
    found = tuple(a + x for x in _group_waits(pat, kind, mod == 1)) if mod else ()
    return mod, complete, found, tuple(a + x for x, n in enumerate(pat) if n % 2)


@lru_cache(maxsize=65536)
def _waits_cached(key: tuple[str, ...], honour_chows: bool, seven: bool) -> tuple[str, ...]:
    if len(key) % 3 != 1:
        return ()
    # one group takes the tile: the only one at 1 mod 3 (it then holds the pair), or either
    # of the only two at 2 mod 3 (the other holds the pair); every other group must be
    # complete as it stands
    groups = [_group_wait_facts(g, honour_chows) for g in _groups(key, honour_chows)]
    mods = [g[0] for g in groups]
    ones, twos = mods.count(1), mods.count(2)
    found: set[int] = set()
    if (ones == 1 and not twos) or (not ones and twos == 2):
        taker = 1 if ones else 2
        for h, g in enumerate(groups):
            if g[0] == taker and all(o[1] for k, o in enumerate(groups) if k != h):
                found.update(g[2])
    if seven and len(key) == 13:  # seven pairs: the one tile held an odd number of times
        odd = [i for g in groups for i in g[3]]
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
        never a wait. Worked out group by group: a plain hand through engine.hand_lookup (each
    group's number looked up), honour chows as above, once per hand shape."""
    fast = None if honour_chows else hand_lookup.plain_waits(concealed, allow_seven_pairs)
    if fast is not None:
        found = tuple(ALL_TILES[i] for i in fast)
    else:
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


def is_honour_chow(tiles: Sequence[str]) -> bool:
    return len(set(tiles)) == 3 and (all(t in WINDS for t in tiles) or set(tiles) == set(DRAGONS))
