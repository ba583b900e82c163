"""The group-by-group decompositions of engine.hands against the whole-hand search they
replaced.

The oracle below is the former ``hands.decompositions``: one search over all 34 kinds (the
lowest tile first, a pung before a chow), a decomposition kept the first time its pair and
multiset of sets is found. The new one must give the same decompositions, each with its sets
in the same order, in the same order: a rule set's readings and ties follow that order. Checked
on every single-suit shape of up to 8 tiles, a seeded sample of longer single-suit shapes, every
shape of the winds and of the dragons (with and without honour chows), and a seeded sample of
whole hands.
"""

from __future__ import annotations

import itertools
import random

from mjscore.engine.hands import Decomposition, Set, decompositions
from mjscore.engine.tiles import ALL_TILES

from .test_waits import _tiles, _whole_hand

_INDEX = {t: i for i, t in enumerate(ALL_TILES)}


# ---------------------------------------------------------------- the old search
def _old_sets(c: list[int], honour_chows: bool) -> list[tuple[Set, ...]]:
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return [()]
    out: list[tuple[Set, ...]] = []
    t = ALL_TILES[i]
    if c[i] >= 3:
        c[i] -= 3
        for rest in _old_sets(c, honour_chows):
            out.append((Set("pung", (t, t, t)), *rest))
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        for rest in _old_sets(c, honour_chows):
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
                for rest in _old_sets(c, honour_chows):
                    out.append((Set("chow", (t, ALL_TILES[j], ALL_TILES[k])), *rest))
                for x in (i, j, k):
                    c[x] += 1
    return out


def old_decompositions(closed, honour_chows: bool = False) -> tuple[Decomposition, ...]:
    if len(closed) % 3 != 2:
        return ()
    c = [0] * 34
    for t in closed:
        c[_INDEX[t]] += 1
    found: list[Decomposition] = []
    seen: set = set()
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            for sets in _old_sets(c, honour_chows):
                d = Decomposition(ALL_TILES[p], sets)
                sig = (d.pair, tuple(sorted((s.kind, s.tiles) for s in sets)))
                if sig not in seen:
                    seen.add(sig)
                    found.append(d)
            c[p] += 2
    return tuple(found)


SUIT = [f"{r}s" for r in range(1, 10)]


def test_every_single_suit_shape_up_to_8_tiles():
    shapes = 0
    for counts in itertools.product(range(5), repeat=9):
        if not 0 < sum(counts) <= 8:
            continue
        tiles = _tiles(counts, SUIT)
        assert decompositions(tiles) == old_decompositions(tiles), tiles
        shapes += 1
    assert shapes > 20_000


def test_seeded_sample_of_longer_single_suit_shapes():
    rng = random.Random(20261)
    some = 0
    for _ in range(20_000):
        n = rng.choice((11, 14, 14, 14, 9, 12))
        counts = [0] * 9
        while sum(counts) < n:
            r = rng.randrange(9)
            if counts[r] < 4:
                counts[r] += 1
        tiles = _tiles(counts, rng.choice([SUIT, [f"{r}m" for r in range(1, 10)]]))
        new = decompositions(tiles)
        assert new == old_decompositions(tiles), tiles
        some += len(new) > 1
    assert some > 100  # shapes with several decompositions, whose order is checked


def test_every_winds_and_dragons_shape_with_and_without_honour_chows():
    for names in (["E", "S", "W", "N"], ["C", "F", "P"]):
        for counts in itertools.product(range(5), repeat=len(names)):
            tiles = _tiles(counts, names)
            for hc in (False, True):
                assert decompositions(tiles, honour_chows=hc) == old_decompositions(tiles, hc), (
                    tiles,
                    hc,
                )


def test_seeded_sample_of_whole_hands():
    rng = random.Random(15)
    complete = 0
    for _ in range(6000):
        standing, _ = _whole_hand(rng)
        # a waiting hand and one more tile (often the one it waits for)
        for extra in (rng.choice(ALL_TILES), rng.choice(standing)):
            closed = [*standing, extra]
            for hc in (False, True):
                new = decompositions(closed, honour_chows=hc)
                assert new == old_decompositions(closed, hc), (closed, hc)
                complete += bool(new)
    assert complete > 1000


def test_a_fifth_copy_is_searched_the_long_way():
    # five 1m cannot be one group number (the count would carry into 2m): such a hand is
    # searched as before and gives what the former search gives
    for tiles in (["1m"] * 5 + ["2m", "3m", "4m", "4m"], ["E"] * 5 + ["1p", "2p", "3p", "S", "S"]):
        assert decompositions(tiles) == old_decompositions(tiles), tiles
