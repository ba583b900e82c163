"""南宁's one-pass valuation of a plain win (variants/nanning_quick.py) against evaluate_tiles on
seeded hands: flushes, seven pairs with and without quads, all pungs, all melded, melds of
every kind, chows and broken hands — the same valuation, or no answer where evaluate_tiles
refuses (and now and then where it does not: the caller then asks it)."""

from __future__ import annotations

import random

from mjscore.engine.errors import MjError
from mjscore.engine.tiles import HandTiles, format_tiles, parse_hand
from mjscore.engine.variants.nanning_quick import plain_valuation
from mjscore.engine.variants.nanning_score import evaluate_tiles

KINDS = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")


def _hand_string(rng: random.Random) -> str:
    pool = KINDS if rng.random() < 0.5 else rng.choice([KINDS[:9], KINDS[27:], KINDS[9:18]])
    if rng.random() < 0.2:  # seven pairs, some of them four of a kind
        tiles = []
        while len(tiles) < 14:
            tiles += [rng.choice(pool)] * rng.choice([2, 2, 2, 4])
        tiles = tiles[:14]
        win = tiles.pop(rng.randrange(14))
        return format_tiles(sorted(tiles, key=KINDS.index)) + win
    melds, closed = [], []
    for _ in range(4):
        t = rng.choice(pool)
        roll = rng.random()
        if roll < 0.25:
            melds.append(f"[{format_tiles([t] * 3)},{rng.choice([1, 2, 3])}]")
        elif roll < 0.35:
            claim = rng.choice(["", ",1", ",2", ",3", ",5"])
            melds.append(f"[{format_tiles([t] * 4)}{claim}]")
        elif roll < 0.4:
            melds.append(f"[{format_tiles(['1s', '2s', '3s'])},1]")
        elif roll < 0.7 or len(t) == 1 or int(t[0]) > 7:
            closed += [t] * 3
        else:
            closed += [f"{int(t[0]) + i}{t[1]}" for i in range(3)]
    closed += [rng.choice(pool)] * 2
    if rng.random() < 0.15:
        closed[rng.randrange(len(closed))] = rng.choice(KINDS)
    rng.shuffle(closed)
    win = closed.pop()
    return "".join(melds) + format_tiles(sorted(closed, key=KINDS.index)) + win


def test_plain_valuation_is_evaluate_tiles_where_it_answers():
    rng = random.Random(20261204)
    answered = refused = 0
    for _ in range(6000):
        s = _hand_string(rng)
        try:
            tiles = parse_hand(s, variant="nanning", waiting_ok=False)
        except MjError:
            continue
        self_drawn = rng.random() < 0.5
        got = plain_valuation(tiles, self_drawn=self_drawn)
        try:
            want = evaluate_tiles(tiles, self_drawn=self_drawn)
        except MjError:
            assert got is None, s
            refused += 1
            continue
        if got is not None:
            assert got == want, s
            answered += 1
    assert answered > 2000 and refused > 500


def test_plain_valuation_declines_flowers_and_leaves_them_to_evaluate_tiles():
    closed = ("1m", "1m", "1m", "2m", "2m", "2m", "3m", "3m", "3m", "4m", "4m", "4m", "5m")
    for flowers in (0, 2, ()):
        tiles = HandTiles(concealed=closed, melds=(), win_tile="5m", flowers=flowers)
        assert plain_valuation(tiles, self_drawn=True) is None
