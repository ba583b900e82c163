"""南京 payments' words (engine.variants.nanjing_pay): a valuation's multiplier lines are
read off its factor (assemble lists a multiplier's line only with a factor other than 1);
held against reading every line of it, over a seeded sample of valuations with every
bonus. A win's payments and result line are worded as the rules word them, each case once
however many valuations share its words. A kong's payments on the spot are made as a payment book makes them."""

from __future__ import annotations

import random

from mjscore.engine.results import Payment, PaymentBook
from mjscore.engine.variants import nanjing_pay
from mjscore.engine.variants.nanjing_score import (
    KONG_PAY,
    PATTERNS,
    Bonuses,
    assemble,
    value_declared,
)
from mjscore.engine.variants.nanjing_spot import kong_payments, multiplier_tag

IDS = [p.id for p in PATTERNS]


def _scanned(val) -> str:
    """Every multiplier line of the valuation, as the reason lists them."""
    return "".join(
        f" {i.zh}{i.value}"
        for i in val.items
        if isinstance(i.value, str) and i.value.startswith("×")
    )


def test_multiplier_words_are_the_lines_of_the_valuation():
    rng = random.Random(20261207)
    factors = set()
    for _ in range(400):
        bonus = Bonuses(*(rng.random() < 0.3 for _ in range(6)))
        hard = rng.randint(0, 8)
        if rng.random() < 0.5:
            val = assemble(
                rng.sample(IDS, rng.randint(0, 3)),
                hard=hard,
                soft_items=(),
                concealed=rng.random() < 0.5,
                bonus=bonus,
            )
        else:
            val = value_declared(
                rng.sample(["all_pungs", "half_flush", "full_flush"], rng.randint(0, 1)),
                soft=rng.randint(0, 4),
                hard=hard,
                hard_known=True,
                bonus=bonus,
            )
        factors.add(val.factor)
        mults, summary = nanjing_pay._words(val)
        assert (mults, summary) == (_scanned(val), val.summary)
    assert factors == {1, 2, 4}


def _worded(val, w, from_, m, liable, why):
    """A win's payments, nets and result line, worded afresh from the valuation."""
    h = val.value * m
    how = "自摸" if from_ is None else "放炮"
    base = f"{val.summary}{_scanned(val)} {val.value}花 {how}{multiplier_tag(m)}"
    items = (*val.items, *((nanjing_pay._bixiahu_item(m),) if m > 1 else ()))
    line = f"{val.summary}{_scanned(val)}{multiplier_tag(m)}"
    if from_ is None and liable is None:
        pays = [(p, h) for p in range(4) if p != w]
        reason = base
    elif from_ is None:
        pays, reason = [(liable, 3 * h)], f"{base} {why} 3×{h}"
    else:
        pays = [(liable if liable is not None else from_, h)]
        reason = f"{base} {why}" if why else base
    nets = [0, 0, 0, 0]
    for p, amount in pays:
        nets[p] -= amount
        nets[w] += amount
    payments = tuple(Payment(p, w, amount, reason) for p, amount in pays)
    return payments, tuple(nets), (w, from_, items, h, "花", line)


def test_win_payments_are_worded_from_their_valuation():
    """Valuations that differ only in how their flowers make up the same value share the
    words of their payments, each keeping its own items: every case of a sample rich in
    such valuations, in a seeded order, against wording it afresh."""
    rng = random.Random(20261208)
    vals = []
    for hard in range(8):  # the same patterns, hard + soft the same: the same words
        for soft in range(4):
            for bonus in (Bonuses(), Bonuses(kong_bloom=True), Bonuses(last_tile=True)):
                vals.append(
                    value_declared(
                        ["all_pungs"], soft=soft, hard=hard, hard_known=True, bonus=bonus
                    )
                )
                vals.append(value_declared([], soft=soft, hard=hard, hard_known=True, bonus=bonus))
    cases = [
        (val, w, from_, m, liable, why)
        for val in vals
        for w in range(4)
        for from_ in (None, (w + 1) % 4)
        for m in (1, 2, 8)
        for liable, why in ((None, ""), ((w + 2) % 4, "对三嘴承包"))
    ]
    rng.shuffle(cases)
    for val, w, from_, m, liable, why in cases:
        payments, nets, wr = nanjing_pay.win_part(val, w, from_, False, m, liable, why)
        want = _worded(val, w, from_, m, liable, why)
        assert (payments, nets) == want[:2]
        assert (wr.player, wr.from_, wr.items, wr.value, wr.unit, wr.summary) == want[2]


def test_kong_payments_are_what_a_payment_book_makes():
    for kind, what in (("exposed", "明杠"), ("added", "补杠(明杠)"), ("concealed", "暗杠")):
        for player in range(4):
            for from_ in [None] if kind == "concealed" else [p for p in range(4) if p != player]:
                for m in (1, 2, 8):
                    reason = f"{what} 五万{multiplier_tag(m)}"
                    book = PaymentBook()
                    if from_ is None:
                        book.each_pays(player, KONG_PAY[kind] * m, reason)
                    else:
                        book.pay(from_, player, KONG_PAY[kind] * m, reason)
                    got = kong_payments(kind, "5m", player, from_, m)
                    assert got == tuple(book.items)
                    assert all(type(p) is Payment for p in got)
