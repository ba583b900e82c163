"""南京 tile mode by memo (engine.variants.nanjing_read) against valuing every reading in full.

value_tiles values each reading by the few facts it depends on, reusing the valuation of an
earlier reading with the same facts; the reference builds every reading
(nanjing_score.readings) and values each (value_reading). Both must give the same valuation,
item for item, over a seeded sample of winning hands (sets and seven pairs; pungs, exposed,
added and concealed kongs) with varied flowers, 压绝 facts and bonuses, each hand valued twice
so that the second time the memo answers."""

from __future__ import annotations

import random

from mjscore.engine.tiles import parse_hand
from mjscore.engine.variants import nanjing_read
from mjscore.engine.variants.nanjing_score import Bonuses, best, readings, value_reading

TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWN")


def _hand(rng: random.Random) -> str:
    while True:
        used: dict[str, int] = {}
        if rng.random() < 0.1:  # seven pairs
            kinds = rng.sample(TILES, 6) + [rng.choice(TILES)]
            tiles = [t for k in kinds for t in (k, k)]
            if max(tiles.count(t) for t in tiles) > 4:
                continue
            rng.shuffle(tiles)
            return "".join(tiles)
        groups = []
        for _ in range(4):
            if rng.random() < 0.5:
                s, lo = rng.choice("mps"), rng.randint(1, 7)
                groups.append(("chow", [f"{lo + i}{s}" for i in range(3)]))
            else:
                groups.append(("pung", [rng.choice(TILES)] * 3))
        pair = rng.choice(TILES)
        for _, g in groups:
            for t in g:
                used[t] = used.get(t, 0) + 1
        used[pair] = used.get(pair, 0) + 2
        if max(used.values()) > 4:
            continue
        melds, loose = [], [pair, pair]
        for kind, g in groups:
            if kind == "pung" and rng.random() < 0.5:
                form = rng.choice(["pung", "exposed", "added", "concealed"])
                t = g[0]
                if form != "pung" and used[t] == 3:
                    used[t] += 1
                    claim = {"exposed": ",2", "added": ",6", "concealed": ""}[form]
                    melds.append(
                        f"[{t[0] * 4}{t[1:]}{claim}]" if len(t) == 2 else f"[{t * 4}{claim}]"
                    )
                else:
                    melds.append(f"[{t[0] * 3}{t[1:]},1]" if len(t) == 2 else f"[{t * 3},1]")
            else:
                loose += g
        win = rng.choice(loose)
        loose.remove(win)
        return "".join(melds) + "".join(loose) + win


def test_memo_gives_what_valuing_every_reading_gives():
    rng = random.Random(2026)
    cases = []
    for _ in range(1500):
        t = parse_hand(_hand(rng), variant="nanjing")
        hard = rng.choice([0, 0, 1, 2, 5])
        kw = dict(
            hard=hard,
            hard_known=rng.random() < 0.8,
            exposed_pung_tiles=frozenset(rng.sample(TILES, rng.choice([0, 0, 1, 2]))),
            last_closed_declared=rng.random() < 0.1,
        )
        bonus = Bonuses(
            kong_bloom=rng.random() < 0.1,
            flower_bloom=rng.random() < 0.1,
            last_tile=rng.random() < 0.1,
            heavenly=not t.melds and rng.random() < 0.05,
        )
        cases.append((t, kw, bonus))
    legal = 0
    for _ in range(2):
        for t, kw, bonus in cases:
            rs = readings(t, heavenly=bonus.heavenly, earthly=bonus.earthly, **kw)
            want = best(value_reading(r, bonus) for r in rs)
            assert want is not None
            assert nanjing_read.value_tiles(t, bonus=bonus, **kw) == want, t
            legal += want.legal
    assert legal > 500  # the sample holds legal wins, not only 小胡 refusals


def _relabel(hand: str, suits: str) -> str:
    """The hand with its suits m, p, s renamed to ``suits`` (a permutation of 'mps')."""
    return hand.translate(str.maketrans("mps", suits))


def test_hands_sharing_a_class_are_valued_as_in_full():
    """A valuation not made yet takes its best reading from the hands whose facts differ
    only in what the choice cannot tell apart (which suits, the count of flowers within a
    class, 压绝's condition without a chow wait): the same hand in every relabelling of its
    suits, with every count of flowers known and unknown, with and without 压绝's condition,
    each valued as valuing every reading in full values it."""
    rng = random.Random(7)
    for _ in range(250):
        hand = _hand(rng)
        exposed = frozenset(rng.sample(TILES, 2))
        for suits in rng.sample(["mps", "msp", "pms", "psm", "smp", "spm"], 3):
            t = parse_hand(_relabel(hand, suits), variant="nanjing")
            for hard in rng.sample(range(7), 7):
                for hard_known in (True, False):
                    for last_closed_declared in (False, True):
                        kw = dict(
                            hard=hard,
                            hard_known=hard_known,
                            exposed_pung_tiles=exposed,
                            last_closed_declared=last_closed_declared,
                        )
                        rs = readings(t, heavenly=False, earthly=False, **kw)
                        want = best(value_reading(r, Bonuses()) for r in rs)
                        assert nanjing_read.value_tiles(t, bonus=Bonuses(), **kw) == want, t
