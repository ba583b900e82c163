"""A suit's table entry read off its key's digits (nanchang_tally._suit_entry) is the entry
worked out from its nine counts (``_entry_by_counts``, the suit read part by part): on every
suit of up to eight tiles and on seeded random suits of up to fourteen, jing counts included
(a kind up to eight times)."""

from __future__ import annotations

import random
from itertools import product

from mjscore.engine.variants import nanchang_tally as nt


def _key(counts) -> int:
    return sum(c << (4 * r) for r, c in enumerate(counts))


def test_every_suit_of_up_to_eight_tiles():
    checked = 0
    for counts in product(range(5), repeat=9):
        if sum(counts) <= 8:
            k = _key(counts)
            assert nt._suit_entry(k) == nt._entry_by_counts(k), counts
            checked += 1
    assert checked > 20_000


def test_seeded_suits_up_to_fourteen_tiles():
    rng = random.Random(20261204)
    for _ in range(20_000):
        counts = [0] * 9
        for _ in range(rng.randint(9, 14)):
            counts[rng.randrange(9) if rng.random() < 0.8 else rng.choice((0, 4, 8))] += 1
        if max(counts) > 8:
            continue
        k = _key(counts)
        assert nt._suit_entry(k) == nt._entry_by_counts(k), counts


def test_the_table_is_bounded(monkeypatch):
    monkeypatch.setattr(nt, "_LIMIT", 3)
    monkeypatch.setattr(nt, "_TABLE", {})
    monkeypatch.setattr(nt, "_lookup", nt._TABLE.get)
    for counts in ((1, 1, 1), (2,), (3,), (0, 2, 2, 2), (1, 0, 0, 1)):
        k = _key(counts)
        assert nt._entry(k) == nt._entry_by_counts(k)
    assert len(nt._TABLE) <= 3


def test_the_search_on_one_number_is_the_search_on_counts():
    """nanchang_wild.suit_min (a suit's counts as one number) finds the fewest wildcards
    _group_min finds on the counts, with and without the pair: every suit of up to nine tiles
    in its seven lowest ranks, and seeded suits of up to fourteen."""
    from mjscore.engine.variants.nanchang_wild import _group_min, suit_min

    vectors = [(*counts, 0, 0) for counts in product(range(5), repeat=7) if 0 < sum(counts) <= 9]
    rng = random.Random(14)
    for _ in range(3000):
        counts = [0] * 9
        for _ in range(rng.randint(9, 14)):
            r = rng.randrange(9)
            counts[r] = min(4, counts[r] + 1)
        vectors.append(tuple(counts))
    for counts in vectors:
        k = _key(counts)
        for pair in (False, True):
            assert suit_min(k, pair) == _group_min("suit", counts, pair), (counts, pair)


def test_the_search_moves_what_is_left_down_to_rank_one():
    """suit_min keeps each key moved down to start at rank 1 (nanchang_wild._lowered), the
    same tiles needing as many wildcards wherever they lie: every suit spanning up to five
    ranks with up to nine tiles, at every place in the suit, against the search on the
    counts, with the memo emptied first."""
    from mjscore.engine.variants import nanchang_wild
    from mjscore.engine.variants.nanchang_wild import _group_min, suit_min

    nanchang_wild._SUIT_MEMO.clear()
    checked = 0
    for span in product(range(5), repeat=5):
        if not span[0] or not 0 < sum(span) <= 9:
            continue
        for at in range(5):
            counts = (0,) * at + span + (0,) * (4 - at)
            k = _key(counts)
            for pair in (False, True):
                assert suit_min(k, pair) == _group_min("suit", counts, pair), (counts, pair)
                checked += 1
    assert checked > 9_000
