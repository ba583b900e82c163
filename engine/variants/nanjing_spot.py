"""南京 现场汇: the payments made on the spot while a hand is played — kongs, 花杠 and 罚 —
each as it happens, ×比下胡. The settlement of a finished hand and the table status of an
open one (what has been paid so far) both read them from here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..events import Event, Flowers, Kong, Penalty
from ..frozen import maker
from ..results import Payment, PaymentBook
from ..terms import PENALTY, PENALTY_KINDS
from ..tiles import TILE_ZH
from .nanjing_checks import FlowerLog, _flower_event
from .nanjing_score import FLOWER_KONG_PAY, KONG_PAY, PENALTY_PAY

make_payment = maker(Payment)  # Payment without the setters of its __init__


def multiplier_tag(m: int) -> str:
    """The words a payment's reason ends with in a 比下胡 hand (' ×2 比下胡')."""
    return f" ×{m} 比下胡" if m > 1 else ""


@dataclass(slots=True)
class OnTheSpot:
    """What the hand's events so far paid on the spot: the payments (in ``book``), one entry
    per payment event for the stored details, the flowers shown (for the win's 硬花), and
    whether a 罚 was paid (it starts 比下胡 for the next hand)."""

    book: PaymentBook = field(default_factory=PaymentBook)
    entries: list[dict[str, Any]] = field(default_factory=list)
    log: FlowerLog = field(default_factory=FlowerLog.empty)
    penalty: bool = False


# (kind, tile, player, supplier, multiplier) → the kong's payments: a session repeats the same
# few kongs, and payments are immutable
_KONGS: dict[tuple, tuple[Payment, ...]] = {}
_KONGS_MAX = 4096  # the memo starts afresh past this many kongs


def kong_payments(
    kind: str, tile: str | None, player: int, from_: int | None, m: int
) -> tuple[Payment, ...]:
    """What a kong pays on the spot (RULES.md §2 现场汇): a concealed kong by each other
    player, an exposed or added one by its supplier, ×比下胡."""
    key = (kind, tile, player, from_, m)
    got = _KONGS.get(key)
    if got is not None:
        return got
    what = "明杠" if kind == "exposed" else "补杠(明杠)" if kind == "added" else "暗杠"
    name = f" {TILE_ZH[tile]}" if tile else ""
    reason = f"{what}{name}{multiplier_tag(m)}"
    amt = KONG_PAY[kind] * m  # (never 0: each payment is made, as a PaymentBook would)
    if kind == "concealed":
        payers: tuple[int, ...] = tuple(p for p in range(4) if p != player)
    else:
        assert from_ is not None
        if from_ == player:
            raise AssertionError(f"self-payment {player} ({reason})")
        payers = (from_,)
    got = tuple([make_payment(payer=p, payee=player, amount=amt, reason=reason) for p in payers])
    if len(_KONGS) >= _KONGS_MAX:
        _KONGS.clear()
    _KONGS[key] = got
    return got


def on_the_spot(events: Sequence[Event], m: int) -> OnTheSpot:
    """Pay every kong, 花杠 and 罚 among ``events`` at multiplier ``m``, in order. Raises
    :class:`~engine.errors.MjError` for a flowers event that contradicts the earlier ones."""
    tag = multiplier_tag(m)
    out = OnTheSpot()
    book = out.book
    for i, e in enumerate(events):
        if isinstance(e, Kong):
            book.items += kong_payments(e.kind, e.tile, e.player, e.from_, m)
            out.entries.append({"event": i, "kind": e.kind, "player": e.player})
        elif isinstance(e, Flowers):
            for d in _flower_event(out.log, e, f"events[{i}]"):
                book.each_pays(e.player, FLOWER_KONG_PAY * m, f"花杠 {TILE_ZH[d]}×4{tag}")
                out.entries.append(
                    {"event": i, "kind": "flower_kong", "player": e.player, "tile": d}
                )
        elif isinstance(e, Penalty):
            for p in range(4):
                if p != e.player:
                    book.pay(
                        e.player,
                        p,
                        PENALTY_PAY * m,
                        f"{PENALTY.zh} {PENALTY_KINDS[e.kind].zh}{tag}",
                    )
            out.entries.append({"event": i, "kind": e.kind, "player": e.player})
            out.penalty = True
    return out
