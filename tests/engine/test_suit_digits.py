"""engine.hand_lookup's per-part tables of a suit's number (the ranks held twice, the lowest
rank held, a fifth copy) against reading the nine counts one by one, on seeded numbers of
every size (and every number whose ranks are each held at most twice)."""

from __future__ import annotations

import itertools
import random

from mjscore.engine import hand_lookup

POW5 = hand_lookup.POW5


def _counts(digits: int) -> list[int]:
    return [digits // POW5[r] % 5 for r in range(9)]


def _check(digits: int) -> None:
    counts = _counts(digits)
    assert hand_lookup.pair_ranks(digits) == tuple(r for r, c in enumerate(counts) if c >= 2)
    assert hand_lookup.lowest_rank(digits) == next((r for r, c in enumerate(counts) if c), 9)
    for extra in (0, 1, 5):  # the tiles the number counts: as many, or more (a carry)
        code = digits + (sum(counts) + extra) * hand_lookup.TILE_UNIT
        assert hand_lookup.fifth_copy(code) == (extra > 0)


def test_seeded_numbers():
    rng = random.Random(31)
    for _ in range(20_000):
        _check(rng.randrange(5**9))


def test_small_counts():
    for counts in itertools.product(range(3), repeat=9):
        _check(sum(c * p for c, p in zip(counts, POW5, strict=True)))


def test_a_fifth_copy_carries():
    five = 5 * POW5[2] + 5 * hand_lookup.TILE_UNIT  # five of rank 3: one of rank 4 to the digits
    assert hand_lookup.fifth_copy(five)
    assert not hand_lookup.fifth_copy(4 * POW5[2] + 4 * hand_lookup.TILE_UNIT)
