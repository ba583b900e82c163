"""A win's readings (nanchang_score.readings, the shapes read as bits in one pass over the
tiles) are those the hand's Tally gives shape by shape: on seeded hands near a standard hand
(honour chows among the sets), seven pairs and 十三烂, with 0 to 4 jing (honour jing too), a
jing won on a discard now and then, discard, self-drawn and heavenly wins."""

from __future__ import annotations

import random

import pytest
from mjscore.engine.tiles import ALL_TILES, DRAGONS, HONOURS, WINDS, successor
from mjscore.engine.variants.nanchang_score import Reading, readings, taken_jing
from mjscore.engine.variants.nanchang_tally import Tally


class _Tiles:
    def __init__(self, closed, n_melds):
        self.closed = tuple(closed)
        self.melds = (None,) * n_melds
        self.win_tile = closed[-1]


def _by_tally(tiles, zheng, *, self_drawn, heavenly):
    """The readings as the Tally reads them, shape question by shape question."""
    js = (zheng, successor(zheng))
    closed = tiles.closed
    n_melds = len(tiles.melds)
    taken = taken_jing(tiles, zheng, self_drawn=self_drawn)
    tally = Tally(closed, n_melds, js, () if taken is None else (taken,))
    wild = tally.shapes(clean=False)
    clean = tally.shapes(clean=True, only=wild) if wild else wild
    out = [Reading(s, False, False) for s in wild] + [Reading(s, True, False) for s in clean]
    drawn = closed if heavenly else (tiles.win_tile,) if self_drawn else ()
    if drawn:
        for shape, clean_ok in tally.jing_single(drawn).items():
            out.append(Reading(shape, False, True))
            if clean_ok:
                out.append(Reading(shape, True, True))
    return tuple(out)


def _hand(rng: random.Random, n_melds: int) -> list[str]:
    size = 14 - 3 * n_melds
    roll = rng.random()
    if n_melds == 0 and roll < 0.2:
        tiles = [t for t in rng.sample(ALL_TILES, 7) for _ in (0, 1)]
    elif n_melds == 0 and roll < 0.35:
        tiles = rng.sample(HONOURS, rng.choice((5, 6, 7, 7)))
        for suit in "mps":
            ranks = rng.choice(((1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (1, 4), (2, 6)))
            tiles += [f"{r}{suit}" for r in ranks]
        tiles = tiles[:size] + rng.sample(ALL_TILES, max(0, size - len(tiles)))
    else:
        tiles = []
        for _ in range(4 - n_melds):
            roll = rng.random()
            if roll < 0.4:
                tiles += [rng.choice(ALL_TILES)] * 3
            elif roll < 0.8:
                r, suit = rng.randint(1, 7), rng.choice("mps")
                tiles += [f"{r + i}{suit}" for i in range(3)]
            elif roll < 0.9:
                tiles += rng.sample(WINDS, 3)
            else:
                tiles += list(DRAGONS)
        tiles += [rng.choice(ALL_TILES)] * 2
    for _ in range(rng.choice((0, 0, 1, 2))):
        tiles[rng.randrange(size)] = rng.choice(ALL_TILES)
    return tiles


@pytest.mark.parametrize("how", ["discard", "self", "heavenly"])
def test_readings_are_the_tally_readings(how):
    rng = random.Random(f"readings {how}")
    held = set()
    for _ in range(4000):
        n_melds = 0 if how == "heavenly" else rng.choice((0, 0, 1, 2, 3))
        tiles = _hand(rng, n_melds)
        zheng = rng.choice(ALL_TILES if rng.random() < 0.7 else HONOURS)
        js = (zheng, successor(zheng))
        for _ in range(rng.randint(0, 4)):
            tiles[rng.randrange(len(tiles))] = rng.choice(js)
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        rng.shuffle(tiles)
        if how == "discard" and rng.random() < 0.3:
            tiles[-1] = rng.choice(js)  # the jing won on: it counts only as itself
        held.add(sum(t in js for t in tiles))
        ht = _Tiles(tiles, n_melds)
        kw = {"self_drawn": how != "discard", "heavenly": how == "heavenly"}
        assert readings(ht, zheng, **kw) == _by_tally(ht, zheng, **kw), (tiles, zheng)  # type: ignore[arg-type]
    assert {0, 1, 2, 3, 4} <= held
