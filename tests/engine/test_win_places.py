"""engine.win_places.win_places against reading every decomposition (engine.hands.decompositions
and win_shapes): the same (every set a pung, place of the winning tile) facts in the same
order of first appearance, on every single-suit winning shape of up to 11 tiles with each of
its tiles as the winning tile, and on a seeded sample of whole hands of several suits and
honours (many with several decompositions, whose order is what a tie between readings
follows)."""

from __future__ import annotations

import itertools
import random

from mjscore.engine.hands import decompositions, win_shapes
from mjscore.engine.tiles import ALL_TILES
from mjscore.engine.win_places import win_places

from .test_waits import _tiles, _whole_hand


def _by_decompositions(closed, win):
    found: dict = {}
    for d in decompositions(closed):
        pungs = all(s.kind == "pung" for s in d.sets)
        for place in sorted(win_shapes(d, win)):
            found[pungs, place] = None
    return tuple(found)


SUIT = [f"{r}p" for r in range(1, 10)]


def _check_every_winning_tile(tiles) -> tuple[int, int]:
    found = several = 0
    for win in set(tiles):
        want = _by_decompositions(tiles, win)
        assert win_places(tiles, win) == want, (tiles, win)
        found += bool(want)
        several += len(want) > 1
    return found, several


def test_every_single_suit_shape_up_to_8_tiles():
    checked = several = 0
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) % 3 == 2 and sum(counts) <= 8:
            a, b = _check_every_winning_tile(_tiles(counts, SUIT))
            checked += a
            several += b
    assert checked > 2000 and several > 300


def test_seeded_sample_of_11_and_14_single_suit_tiles():
    rng = random.Random(2027)
    checked = several = 0
    while checked < 3000:
        counts = [0] * 9
        n = rng.choice((11, 14))
        while sum(counts) < n:
            r = rng.randrange(9)
            if counts[r] < 4:
                counts[r] += 1
        a, b = _check_every_winning_tile(_tiles(counts, SUIT))
        checked += a
        several += b
    assert several > 500


def test_seeded_sample_of_whole_hands():
    rng = random.Random(77)
    complete = several = 0
    for _ in range(8000):
        standing, _ = _whole_hand(rng)
        for extra in (rng.choice(ALL_TILES), rng.choice(standing)):
            closed = [*standing, extra]
            for win in set(closed):
                want = _by_decompositions(closed, win)
                assert win_places(closed, win) == want, (closed, win)
                complete += bool(want)
                several += len(want) > 1
    assert complete > 1000 and several > 200


def test_a_fifth_copy_is_searched_the_long_way():
    for closed, win in (
        (["1m"] * 5 + ["2m", "3m", "4m", "4m", "5m", "6m"], "4m"),
        (["1m"] * 5 + ["2m", "3m", "5m", "5m", "5m", "6m"], "5m"),
    ):
        assert win_places(closed, win) == _by_decompositions(closed, win)
