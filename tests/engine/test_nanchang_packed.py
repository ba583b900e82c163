"""南昌: a win's shapes read from whole numbers (nanchang_packed.win_code) are what the hand's
Tally reads shape question by shape question — with the jing wild, 德国, a jing won on a
discard counting as itself, and 精吊 on the drawn tile — on seeded hands, cold and warm; and a
packed entry holds its Tally entry's figures."""

from __future__ import annotations

import random
from itertools import product

import pytest
from mjscore.engine.tiles import ALL_TILES, HONOURS, successor
from mjscore.engine.variants import nanchang_packed as npk
from mjscore.engine.variants import nanchang_tally as nt
from mjscore.engine.variants.nanchang_packed import SINGLE_BITS, win_code
from mjscore.engine.variants.nanchang_tally import SHAPE_BITS, Tally


def _by_tally(closed, n_melds, js, taken, drawn) -> int:
    """win_code as the Tally reads it."""
    tally = Tally(closed, n_melds, js, () if taken is None else (taken,))
    wild = tally.shapes(clean=False)
    clean = tally.shapes(clean=True, only=wild) if wild else wild
    code = sum(bit for bit, name in SHAPE_BITS if name in wild)
    code |= sum(bit for bit, name in SHAPE_BITS if name in clean) << 4
    if drawn is not None and tally.jing_held:
        single = Tally(closed, n_melds, js).jing_single((drawn,))
        for bit, shape, clean_ok in SINGLE_BITS:
            if shape in single and (not clean_ok or single[shape]):
                code |= bit << 8
    return code


def _hand(rng: random.Random, size: int) -> list[str]:
    """Near a standard hand, seven pairs or 十三烂 (any tile swapped now and then)."""
    roll = rng.random()
    if size == 14 and roll < 0.2:
        tiles = [t for t in rng.sample(ALL_TILES, 7) for _ in (0, 1)]
    elif size == 14 and roll < 0.35:
        tiles = rng.sample(HONOURS, rng.choice((5, 6, 7, 7)))
        for suit in "mps":
            ranks = rng.choice(((1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (1, 4), (2, 6)))
            tiles += [f"{r}{suit}" for r in ranks]
        tiles = (tiles + rng.sample(ALL_TILES, 14))[:14]
    else:
        tiles = []
        while len(tiles) < size - 2:
            if rng.random() < 0.4:
                tiles += [rng.choice(ALL_TILES)] * 3
            else:
                r, suit = rng.randint(1, 7), rng.choice("mps")
                tiles += [f"{r + i}{suit}" for i in range(3)]
        tiles += [rng.choice(ALL_TILES)] * 2
    for _ in range(rng.choice((0, 0, 1, 2))):
        tiles[rng.randrange(size)] = rng.choice(ALL_TILES)
    return tiles


@pytest.mark.parametrize("cold", [False, True])
def test_win_code_is_what_the_tally_reads(cold, monkeypatch):
    rng = random.Random(f"win code {cold}")
    seen = set()
    for _ in range(4000):
        if cold:  # every entry worked out afresh
            monkeypatch.setattr(npk, "_PACKED", npk._Table())
            monkeypatch.setattr(npk, "_packed", npk._PACKED.__getitem__)
            monkeypatch.setattr(npk, "_SHAPES", {})
        n_melds = rng.choice((0, 0, 1, 2, 3, 4))
        tiles = _hand(rng, 14 - 3 * n_melds)
        zheng = rng.choice(ALL_TILES if rng.random() < 0.7 else HONOURS)
        js = (zheng, successor(zheng))
        for _ in range(rng.randint(0, 4)):
            tiles[rng.randrange(len(tiles))] = rng.choice(js)
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        rng.shuffle(tiles)
        closed = tuple(tiles)
        roll = rng.random()
        if roll < 0.4:  # self-drawn: 精吊 on the last tile
            taken, drawn = None, closed[-1]
        elif roll < 0.7 and closed[-1] in js:  # won on a jing discarded: it counts as itself
            taken, drawn = closed[-1], None
        else:
            taken, drawn = None, None
        got = win_code(closed, n_melds, js, taken, drawn)
        assert got == _by_tally(closed, n_melds, js, taken, drawn), (closed, zheng, taken, drawn)
        seen.add(got)
    assert len(seen) > 20
    assert any(c >> 8 for c in seen) and any(c >> 4 & 15 for c in seen)


def _key(counts) -> int:
    return sum(c << (4 * r) for r, c in enumerate(counts))


def test_a_packed_entry_holds_its_tally_entry():
    """The fields of every suit key's packed entry up to eight tiles, and every winds and
    dragons key, are the Tally entry's figures (the pair's extra is −1 or 2: one field, not 0
    for −1)."""
    keys = [_key(c) for c in product(range(5), repeat=9) if sum(c) <= 8]
    keys += [nt._WINDS_AT + _key(c) for c in product(range(5), repeat=4)]
    keys += [nt._DRAGONS_AT + _key(c) for c in product(range(5), repeat=3)]
    for k in keys:
        need, extra, odd, lan, room = nt.work_out(k)
        p = npk._PACKED[k]
        assert p & 255 == need, k
        assert bool(p >> npk._SAVES & 255) == (extra == -1) and extra in (-1, 2), k
        assert p >> npk._ODD & 255 == odd, k
        assert p >> npk._BREAKS & 255 == (lan < 0), k
        honour = k >= nt._WINDS_AT
        lan_at, room_at = (
            (npk._HONOUR_LAN, npk._HONOUR_ROOM) if honour else (npk._SUIT_LAN, npk._SUIT_ROOM)
        )
        other = (npk._SUIT_LAN, npk._SUIT_ROOM) if honour else (npk._HONOUR_LAN, npk._HONOUR_ROOM)
        assert p >> lan_at & 255 == max(lan, 0) and p >> room_at & 255 == room, k
        assert p >> other[0] & 255 == 0 and p >> other[1] & 255 == 0, k


def test_the_packed_table_is_bounded(monkeypatch):
    monkeypatch.setattr(nt, "_LIMIT", 3)
    monkeypatch.setattr(npk, "_PACKED", npk._Table())
    for counts in ((1, 1, 1), (2,), (3,), (0, 2, 2, 2), (1, 0, 0, 1)):
        npk._PACKED[_key(counts)]
    assert len(npk._PACKED) <= 3
