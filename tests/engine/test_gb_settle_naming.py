"""国标's settlement naming read fan by fan from a table (variants/gb_settle.py) against the
naming it replaces: name_fans, then the labels, the score items and the payment reason, on
seeded fan lists shaped like the calculator's answers."""

from __future__ import annotations

import random

from mjscore.engine.events import Win
from mjscore.engine.variants import gb_settle
from mjscore.engine.variants.gb_fans import FANS
from mjscore.engine.variants.gb_quick import name_fans
from mjscore.engine.variants.guobiao import Guobiao


def _old(raw: tuple, flowers: int, win: Win):
    fans, fan, _ = name_fans(raw)
    total = fan + flowers
    summary = " ".join([f.label() for f in fans])
    items = tuple([f.score_item() for f in fans])
    return items, fan, total, Guobiao.reason(summary, total, win)


def test_table_naming_matches_name_fans_on_seeded_answers():
    rng = random.Random(20261204)
    labels = [f.calc or f.zh for f in FANS] + ["一般高Ⅰ", "喜相逢 Ⅱ"]
    for _ in range(3000):
        picked = rng.sample(labels, rng.randint(1, 8))
        raw = tuple((0, rng.choice([1, 1, 1, 2, 3, 4]), label, "x") for label in picked)
        flowers = rng.randint(0, 8)
        self_drawn = rng.random() < 0.5
        win = Win(player=1, from_=None if self_drawn else 2)
        got = gb_settle._named(Guobiao, (raw, flowers, self_drawn), win)
        assert got == _old(raw, flowers, win), raw
