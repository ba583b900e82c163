"""南宁's one-pass split facts (variants/nanning_shape.py) against the full search of
engine.hands.decompositions: whether the standing tiles split into a pair and sets, and
whether into a pair and pungs alone — on every single-suit shape and on a seeded sample of
whole hands."""

from __future__ import annotations

import random

from mjscore.engine import suit_table
from mjscore.engine.hands import decompositions
from mjscore.engine.variants import nanning_shape
from mjscore.engine.variants.nanning_shape import split_facts

KINDS = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")


def full_search(closed) -> tuple[bool, bool]:
    ds = decompositions(closed)
    return bool(ds), any(all(s.kind == "pung" for s in d.sets) for d in ds)


def _suit_numbers(rank: int = 0, left: int = 14, number: int = 0):
    """Every suit's counts (nine ranks, at most four each, at most 14 tiles) as base 5."""
    if rank == 9:
        yield number, 14 - left
        return
    for n in range(min(4, left) + 1):
        yield from _suit_numbers(rank + 1, left - n, number + n * 5**rank)


def test_every_single_suit_shape_against_the_tables_of_the_full_search():
    # engine.suit_table holds every suit shape of sets (and of a pair and sets); its own
    # tests hold it to the search, and it is built independently of nanning_shape's search
    sets, pairs = suit_table.sets_only(), suit_table.pair_and_sets()
    seen = 0
    for number, held in _suit_numbers():
        if held % 3 == 1:
            continue
        code = nanning_shape._suit(number)
        want = (
            (nanning_shape.SETS if number in sets else nanning_shape.NEITHER)
            if held % 3 == 0
            else (nanning_shape.PAIR if number in pairs else nanning_shape.NEITHER)
        )
        assert code == want, (number, held)
        seen += 1
    assert seen > 250_000


def test_single_suit_shapes_against_the_full_search():
    rng = random.Random(11)
    numbers = [n for n, held in _suit_numbers() if held % 3 == 2]
    for number in rng.sample(numbers, 5000) + [0 + 2, 3 * 5**8 + 2]:
        closed = [f"{r + 1}p" for r in range(9) for _ in range(number // 5**r % 5)]
        assert split_facts(closed) == full_search(closed), closed


def _whole_hand(rng: random.Random) -> list[str]:
    size = rng.choice([2, 5, 8, 11, 14])
    if rng.random() < 0.5:  # built as a pair and sets, so that many are wins
        tiles = [rng.choice(KINDS)] * 2
        while len(tiles) < size:
            t = rng.choice(KINDS)
            if len(t) == 2 and int(t[0]) <= 7 and rng.random() < 0.6:
                tiles += [t, f"{int(t[0]) + 1}{t[1]}", f"{int(t[0]) + 2}{t[1]}"]
            else:
                tiles += [t] * 3
        tiles = tiles[:size]
    else:
        pool = KINDS[:9] if rng.random() < 0.3 else KINDS
        tiles = [rng.choice(pool) for _ in range(size)]
    rng.shuffle(tiles)
    return tiles


def test_whole_hands_against_the_full_search():
    rng = random.Random(20261202)
    wins = pungs = searched = 0
    for _ in range(20_000):
        closed = _whole_hand(rng)
        got = split_facts(closed)
        if got is None:  # left to the search: only a tile held more than four times
            assert max(map(closed.count, closed)) > 4
            searched += 1
            continue
        assert got == full_search(closed), closed
        wins += got[0]
        pungs += got[1]
    assert wins > 3000 and pungs > 300 and searched > 100
