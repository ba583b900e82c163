"""Replay.json_chunks keeps each payment's text on the payment and fetches a hand's texts by C
code alone when the hand has many payments: held against the standard encoder, with payments
shared between hands and calls, new ones among old, and a reason only some handlers write."""

from __future__ import annotations

import json
import random

from mjscore.engine.core import HandOutcome, Replay
from mjscore.engine.results import HandResult, Payment, TableState


def _replay(rng: random.Random, pool: list[Payment], hands: int) -> Replay:
    state = TableState()
    totals = (0, 0, 0, 0)
    out = []
    for i in range(hands):
        n = rng.choice([1, 3, 8, 9, 15, 21])
        if rng.random() < 0.3:  # a payment never seen before among the old ones
            pool.append(
                Payment(rng.randrange(4), rng.randrange(4), rng.randrange(1, 900), f"新 {i}")
            )
        pays = tuple(rng.choice(pool) for _ in range(n))
        net = [0, 0, 0, 0]
        for p in pays:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        deltas = tuple(net)
        totals = tuple(t + d for t, d in zip(totals, deltas, strict=True))
        res = HandResult(payments=pays, deltas=deltas, next_state=state, outcome="win")
        out.append(HandOutcome(index=i + 1, state=state, result=res, totals=totals))
    return Replay(hands=tuple(out), totals=totals, next_state=state)


def _standard(rep: Replay, errors: str = "surrogatepass") -> bytes:
    return json.dumps(rep.to_json(), ensure_ascii=False).encode("utf-8", errors)


def test_many_payments_are_written_as_the_standard_encoder_writes_them():
    rng = random.Random(7)
    reasons = ["胡分 平胡", "下精分 2分", 'a "q" \\']
    pool = [
        Payment(a, b, rng.randrange(1, 60), rng.choice(reasons))
        for a in range(4)
        for b in range(4)
        if a != b
    ]
    for _ in range(3):  # later calls find the texts kept on the payments
        rep = _replay(rng, pool, 60)
        assert b"".join(rep.json_chunks()) == _standard(rep)
        assert b"".join(rep.json_chunks()) == _standard(rep)  # every text kept by now
        assert rep.json_text() == json.dumps(rep.to_json(), ensure_ascii=False)


def test_a_reason_some_handlers_cannot_write_and_a_fraction_are_written_as_before():
    rng = random.Random(8)
    pool = [Payment(0, 1, 3, "平胡"), Payment(1, 2, 5, "odd \ud800"), Payment(2, 3, 7.5, "x")]
    for _ in range(2):
        rep = _replay(rng, list(pool), 30)
        for errors in ("surrogatepass", "replace", "surrogatepass"):
            assert b"".join(rep.json_chunks(errors)) == _standard(rep, errors)


def test_a_payments_kept_text_is_no_part_of_its_value():
    p = Payment(0, 1, 3, "x")
    q = Payment(0, 1, 3, "x")
    rep = _replay(random.Random(1), [p] * 10, 3)
    b"".join(rep.json_chunks())
    assert p == q and hash(p) == hash(q) and repr(p) == repr(q)
