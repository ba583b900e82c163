"""南昌 Nanchang: the payments of a win (胡分 and the 德国 +5, RULES.md §4) and its result."""

from __future__ import annotations

from functools import lru_cache

from ..results import Payment, PaymentBook, WinResult
from ..terms import DISCARD_WIN, SELF_DRAW
from .nanchang_hand import WinFacts
from .nanchang_score import CLEAN_BONUS, Valuation, bonus_payers, payer_factors


@lru_cache(maxsize=4096)
def win_payments(
    val: Valuation, winner: int, from_: int | None, dealer: int, f: WinFacts, base: int
) -> tuple[tuple[Payment, ...], WinResult]:
    """胡分 and the 德国 +5 of a win, and its result (memoised: a pure function of the
    valuation, the seats and how it was won, and a session repeats the same few)."""
    book = PaymentBook()
    m = val.m
    factors = payer_factors(
        winner,
        from_,
        kong_bloom=f.kong_bloom,
        robbed=f.robbed,
        heavenly=f.heavenly,
        earthly=f.earthly,
    )
    label = val.label()
    for j, pf in factors.items():
        d = 2 if dealer in (j, winner) else 1
        amount = base * m * pf.factor * d
        parts = ["胡分", label]
        if pf.label:
            parts.append(pf.label)
        if d == 2:
            parts.append("庄家×2")
        book.pay(j, winner, amount, " ".join(parts))
    if val.clean:
        name = "德中德" if "clean_sweep" in val.patterns else "德国"
        for j in bonus_payers(winner, from_):
            book.pay(j, winner, base * CLEAN_BONUS, f"{name} +{CLEAN_BONUS}")
    # how it was won, as the payer factor reads it (天胡 has no 自摸 factor, 地胡 no 放炮 factor)
    if f.heavenly:
        how = "天胡"
    elif f.earthly:
        how = "地胡"
    elif f.robbed:
        how = "抢杠"
    elif f.kong_bloom:
        how = "杠上开花"
    else:
        how = SELF_DRAW.zh if from_ is None else DISCARD_WIN.zh
    summary = label if how in label else f"{label} {how}"
    result = WinResult(
        player=winner,
        from_=from_,
        items=val.items(),
        value=m,
        unit="×",
        summary=summary,
    )
    return tuple(book.items), result


__all__ = ["win_payments"]
