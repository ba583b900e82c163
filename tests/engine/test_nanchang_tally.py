"""南昌: the one-pass, table-driven analysis (nanchang_tally) gives what nanchang_wild's general
analysis gives, shape for shape and in the same order, on every single-suit shape up to eight
tiles and on a seeded sample of whole hands; and the readings of a hand are those the general
analysis reads."""

from __future__ import annotations

import random

import pytest
from mjscore.engine.tiles import ALL_TILES, HONOURS, SUITED_TILES
from mjscore.engine.variants.nanchang_score import Reading, readings, taken_jing
from mjscore.engine.variants.nanchang_tally import Tally
from mjscore.engine.variants.nanchang_wild import (
    _LAN_ROOM,
    _LAN_SETS,
    analyse,
    jing_pair,
    jing_single,
)

# suit patterns of 十三烂 that leave room for fewer than three ranks of their suit
CRAMPED = [m for m in _LAN_SETS if _LAN_ROOM[m] < 3]
MELDS_FOR = {14: 0, 11: 1, 8: 2, 5: 3, 2: 4}  # closed tiles → melds beside them


def same(closed: list[str], n_melds: int, zheng: str, fixed=(), drawn=None) -> None:
    js = jing_pair(zheng)
    want = analyse(closed, n_melds, js, fixed)
    got = Tally(closed, n_melds, js, fixed).analysis()
    where = (closed, n_melds, zheng, fixed)
    assert list(got.wild) == list(want.wild), where  # the same shapes, in the same order
    assert list(got.clean) == list(want.clean), where
    assert got.jing_held == want.jing_held, where
    if not fixed:
        for ds in [drawn] if drawn is not None else [[t] for t in dict.fromkeys(closed)]:
            want_s = jing_single(closed, n_melds, js, ds)
            got_s = Tally(closed, n_melds, js).jing_single(ds)
            assert list(got_s.items()) == list(want_s.items()), (*where, ds)


def _counts_up_to(kinds: int, most: int):
    """Every count vector of ``kinds`` kinds, at most four a kind, ``most`` tiles in all."""
    if kinds == 0:
        yield ()
        return
    for c in range(min(4, most) + 1):
        for rest in _counts_up_to(kinds - 1, most - c):
            yield (c, *rest)


def test_every_single_suit_shape_up_to_eight_tiles():
    """Every count vector of one suit (at most four a kind, up to eight tiles), filled up to a
    closed hand's size with wild jing of another group (winds: 东 正精, 南 副精), and read with
    jing of the suit itself (5m 正精, 6m 副精)."""
    suit = [f"{r}m" for r in range(1, 10)]
    checked = 0
    for counts in _counts_up_to(9, 8):
        n = sum(counts)
        tiles = [t for t, c in zip(suit, counts, strict=True) for _ in range(c)]
        for size in (2, 5, 8, 11):
            w = size - n
            if 0 <= w <= 4:
                wild = ["E", "S", "E", "S"][:w]
                same(tiles + wild, MELDS_FOR[size], "E", drawn=(tiles + wild)[:: max(1, size // 3)])
                checked += 1
        if n in MELDS_FOR:
            same(tiles, MELDS_FOR[n], "5m", drawn=tiles[:: max(1, n // 3)])
            checked += 1
    assert checked > 30_000


def _hand(rng: random.Random) -> list[str]:
    """14 tiles, no kind more than four times: near a standard hand, seven pairs or 十三烂,
    sometimes with a tile swapped for any other."""
    while True:
        kind = rng.random()
        if kind < 0.6:
            tiles: list[str] = []
            for _ in range(4):
                if rng.random() < 0.5:
                    tiles += [rng.choice(ALL_TILES)] * 3
                else:
                    i = rng.randrange(len(SUITED_TILES))
                    s = SUITED_TILES[i]
                    r = int(s[0])
                    if r > 7:
                        tiles += [rng.choice("ESWN") for _ in range(3)]
                    else:
                        tiles += [f"{r + k}{s[1]}" for k in range(3)]
            tiles += [rng.choice(ALL_TILES)] * 2
        elif kind < 0.8:
            tiles = [t for t in rng.sample(ALL_TILES, 7) for _ in range(2)]
        elif kind < 0.9:
            tiles = rng.sample(ALL_TILES, 14)
        else:  # near 十三烂 / 七星十三烂: ranks of a suit three apart, the honours single
            tiles = rng.sample(HONOURS, rng.choice((4, 5, 6, 7, 7)))
            for suit in rng.sample("mps", 3):
                ranks = rng.choice(_LAN_SETS if rng.random() < 0.5 else CRAMPED)
                tiles += [f"{r + 1}{suit}" for r in range(9) if ranks >> r & 1]
            tiles = (tiles + rng.sample(ALL_TILES, 14))[:14]
        for _ in range(rng.choice((0, 0, 1, 2))):
            tiles[rng.randrange(14)] = rng.choice(ALL_TILES)
        if all(tiles.count(t) <= 4 for t in tiles):
            return tiles


def _with_jing(rng: random.Random, tiles: list[str]) -> tuple[list[str], str]:
    """The hand with up to four of its tiles turned into jing (honour jing now and then, for
    七星十三烂), and the 正精."""
    while True:
        zheng = rng.choice(ALL_TILES if rng.random() < 0.7 else HONOURS)
        js = jing_pair(zheng)
        out = list(tiles)
        for _ in range(rng.randint(0, 4)):
            out[rng.randrange(len(out))] = rng.choice(js)
        if all(out.count(t) <= 4 for t in out):
            return out, zheng


def test_seeded_whole_hands():
    rng = random.Random(20261203)
    shapes_seen: set[str] = set()
    for _ in range(4000):
        tiles, zheng = _with_jing(rng, _hand(rng))
        n_melds = rng.choice((0, 0, 0, 1, 2))
        closed = tiles[: 14 - 3 * n_melds]
        if len(closed) != 14 - 3 * n_melds:
            continue
        rng.shuffle(closed)
        same(closed, n_melds, zheng, drawn=[closed[-1]])
        if closed[-1] in jing_pair(zheng):  # the winning tile a jing taken from another player
            same(closed, n_melds, zheng, fixed=(closed[-1],))
        shapes_seen |= Tally(closed, n_melds, jing_pair(zheng)).analysis().wild
    assert shapes_seen == {"standard", "seven_pairs", "thirteen_lan", "seven_star_lan"}


def test_heavenly_hands_every_tile_drawn():
    rng = random.Random(7)
    for _ in range(500):
        tiles, zheng = _with_jing(rng, _hand(rng))
        same(tiles, 0, zheng, drawn=tiles)


class _Tiles:
    def __init__(self, closed, n_melds):
        self.closed = tuple(closed)
        self.melds = (None,) * n_melds
        self.win_tile = closed[-1]


def _general_readings(tiles, zheng, *, self_drawn, heavenly):
    """readings() as nanchang_wild's general analysis reads it."""
    js = jing_pair(zheng)
    closed, n_melds = tiles.closed, len(tiles.melds)
    taken = taken_jing(tiles, zheng, self_drawn=self_drawn)
    a = analyse(closed, n_melds, js, () if taken is None else (taken,))
    out = [Reading(s, False, False) for s in a.wild] + [Reading(s, True, False) for s in a.clean]
    drawn = closed if heavenly else (tiles.win_tile,) if self_drawn else ()
    if drawn:
        for shape, clean_ok in jing_single(closed, n_melds, js, drawn).items():
            out.append(Reading(shape, False, True))
            if clean_ok:
                out.append(Reading(shape, True, True))
    return tuple(out)


@pytest.mark.parametrize("how", ["discard", "self", "heavenly"])
def test_readings_are_the_general_analysis_readings(how):
    rng = random.Random(how)
    for _ in range(1500):
        tiles, zheng = _with_jing(rng, _hand(rng))
        n_melds = 0 if how == "heavenly" else rng.choice((0, 0, 1, 2))
        ht = _Tiles(tiles[: 14 - 3 * n_melds], n_melds)
        kw = {"self_drawn": how != "discard", "heavenly": how == "heavenly"}
        assert readings(ht, zheng, **kw) == _general_readings(ht, zheng, **kw), (ht.closed, zheng)  # type: ignore[arg-type]


def test_suit_parts_need_what_the_whole_suit_needs():
    """A suit read part by part (cut at two empty ranks, each part moved to rank 1 and read
    from the end that gives the smaller tuple) needs the wildcards the whole suit needs: every
    count vector up to eight tiles, and seeded ones up to fourteen."""
    from mjscore.engine.variants.nanchang_tally import _suit_needs
    from mjscore.engine.variants.nanchang_wild import _group_needs

    vectors = list(_counts_up_to(9, 8))
    rng = random.Random(5)
    for _ in range(4000):
        counts = [0] * 9
        for _ in range(rng.randint(9, 14)):
            r = rng.randrange(9)
            counts[r] = min(4, counts[r] + 1)
        vectors.append(tuple(counts))
    for counts in vectors:
        assert _suit_needs(counts) == _group_needs("suit", counts), counts
