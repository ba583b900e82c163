"""Where the winning tile sits, without making the decompositions.

What a rule set reads of the decompositions of a winning hand is often only whether every
set is a pung and where the winning tile can sit. :func:`win_places` gives exactly that, in
the order of :func:`engine.hands.decompositions`, without making them."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from . import hand_lookup
from .hands import (  # (the decompositions' own sets and splits, shared with them)
    _CHOW,
    _INDEX,
    _PUNG,
    Decomposition,
    Set,
    _code_splits,
    decompositions,
    parts_by_group,
    win_shapes,
)
from .tiles import ALL_TILES

# What a rule set reads of the decompositions of a winning hand is often only whether every
# set is a pung and where the winning tile can sit. :func:`win_places` gives exactly that, in
# the order of the decompositions, without making them: each group's splits are read once per
# (number, winning tile) as (has a chow, places of the winning tile) and each pair and group
# keeps the first split of each such fact (a later one repeats an earlier one).
_PLACES: tuple[dict[tuple[int, str | None], tuple[int, tuple] | None], ...] = tuple(
    {} for _ in range(hand_lookup.GROUPS)
)


def _split_facts(pair: str | None, sets: tuple[Set, ...], win: str | None) -> tuple[bool, tuple]:
    """(a chow among ``sets``, the sorted places of ``win`` in them and the pair)."""
    chow = any(s.kind == "chow" for s in sets)
    if win is None:
        return chow, ()
    return chow, tuple(sorted(win_shapes(Decomposition(pair or "", sets), win)))


# The places of a suit as bits (a set of them is one number), read off win_shapes once: a
# chow's place of the winning tile by the chow's lowest rank and the tile's rank (rank 9:
# the winning tile is in another group), a pung's and the pair's.
_PLACE_NAMES = ("closed", "edge", "honour", "open", "pung", "single")  # in the order of names
_BIT = {name: 1 << k for k, name in enumerate(_PLACE_NAMES)}
_BITS_PLACES = tuple(
    tuple(name for k, name in enumerate(_PLACE_NAMES) if bits >> k & 1)
    for bits in range(1 << len(_PLACE_NAMES))
)


def _bits_of(d: Decomposition, win: str) -> int:
    return sum(_BIT[place] for place in win_shapes(d, win))


_CHOW_BITS = tuple(
    (
        *(
            _bits_of(Decomposition("", (_CHOW[lo],)), ALL_TILES[x])  # type: ignore[arg-type]
            for x in range(9)
        ),
        0,
    )
    for lo in range(7)
)
_PUNG_BIT = _bits_of(Decomposition("", (_PUNG[0],)), ALL_TILES[0])
_PAIR_BIT = _bits_of(Decomposition(ALL_TILES[0], ()), ALL_TILES[0])


def _suit_places(pat: tuple[int, ...], x: int) -> tuple[int, tuple]:
    """:func:`_group_places` of a suit by its nine counts, the winning tile at rank ``x``
    (9: in another group): the search of :func:`_suit_splits` (the lowest rank first, a pung
    before a chow) reading each split's facts instead of making its sets."""
    c = list(pat)
    found: dict[tuple[bool, int], None] = {}

    def search(i: int, chow: bool, at: int) -> None:
        while i < 9 and not c[i]:
            i += 1
        if i == 9:
            found[chow, at] = None
            return
        if c[i] >= 3:
            c[i] -= 3
            search(i, chow, at | _PUNG_BIT if i == x else at)
            c[i] += 3
        if i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            search(i, True, at | _CHOW_BITS[i][x])
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    def facts() -> tuple:
        out = tuple((chow, _BITS_PLACES[at]) for chow, at in found)
        found.clear()
        return out

    mod = sum(pat) % 3
    if mod == 0:
        search(0, False, 0)
        return mod, facts()
    if mod == 1:
        return mod, ()
    pairs = []
    for r in range(9):
        if c[r] >= 2:
            c[r] -= 2
            search(0, False, _PAIR_BIT if r == x else 0)
            c[r] += 2
            if found:
                pairs.append(facts())
    return mod, tuple(pairs)


def _group_places(g: int, code: int, win: str | None) -> tuple[int, tuple] | None:
    """Plain group ``g`` by its number: (tiles mod 3, facts). At 0 the facts of each split
    into sets; at 2, for each pair in tile order, the facts of each split of the rest; each
    split's facts are :func:`_split_facts` with ``win`` (None when the winning tile is in
    another group), each only the first time. None for a number holding a fifth copy."""
    memo = _PLACES[g]
    key = (code, win)
    if key in memo:
        return memo[key]
    found: tuple[int, tuple] | None = None
    if g < 3:
        pat = hand_lookup.suit_pattern(code)
        if pat is not None:
            found = _suit_places(pat, 9 if win is None else _INDEX[win] - 9 * g)
    else:
        got = _code_splits(g, code)
        if got is not None:
            mod, split = got
            if mod == 0:
                found = mod, tuple(dict.fromkeys(_split_facts(None, s, win) for s in split))
            elif mod == 2:
                found = (
                    mod,
                    tuple(
                        tuple(dict.fromkeys(_split_facts(pair, s, win) for s in own))
                        for pair, own in split
                    ),
                )
            else:
                found = mod, ()
    memo[key] = found
    return found


def _places_searched(closed: Sequence[str], win_tile: str) -> tuple[tuple[bool, str], ...]:
    """:func:`win_places` by reading every decomposition (a hand with a fifth copy)."""
    found: dict[tuple[bool, str], None] = {}
    for d in decompositions(closed):
        pungs = all(s.kind == "pung" for s in d.sets)
        for place in sorted(win_shapes(d, win_tile)):
            found[pungs, place] = None
    return tuple(found)


def win_places(
    closed: Sequence[str], win_tile: str, codes: list[int] | None = None
) -> tuple[tuple[bool, str], ...]:
    """(every set a pung, where the winning tile sits) of each reading of the plain standing
    tiles ``closed`` (winning tile included): the decompositions in their order, each with
    its places of ``win_tile`` in the order of their names, every pair of facts only the
    first time. The same as reading :func:`decompositions` and :func:`win_shapes` (a
    decomposition with other splits of a group than an earlier one with the same facts gives
    nothing new: tests/engine/test_win_places.py). A hand with a fifth copy is searched.
    ``codes``: the engine.hand_lookup numbers of ``closed`` when the caller has them."""
    if len(closed) % 3 != 2:
        return ()
    if codes is None:
        codes = hand_lookup.group_codes(closed)
    win_group = hand_lookup.PLACE[win_tile][0]
    got = parts_by_group(
        codes, lambda g, code: _group_places(g, code, win_tile if g == win_group else None)
    )
    if got is None:
        return _places_searched(closed, win_tile)
    if not got:
        return ()
    parts, held_pair = got
    found: dict[tuple[bool, str], None] = {}
    for own in parts[held_pair]:
        parts[held_pair] = own
        for combo in product(*parts):
            pungs = True
            places: tuple = ()
            for chow, at in combo:
                if chow:
                    pungs = False
                if at:
                    places = at
            for place in places:
                found[pungs, place] = None
    return tuple(found)
