"""What the board shows, read from the ledger's stored results (no hand is settled here).

:class:`BoardView` is built by :meth:`BoardView.load` from a handful of ledger reads: the
session's totals, its stored hands (deltas and payments with their reasons), the hand being
played and its events. The table status (dealer, prevailing wind, flags, jing, on-the-spot
payments, sealed players…) is the variant's declared status of that hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from mjscore.engine.core import Payment, TableState
from mjscore.engine.declare import TableStatus
from mjscore.engine.money import places, settle_money


@dataclass(frozen=True, slots=True, kw_only=True)
class LastHand:
    """The latest finished hand: its number, summary, deltas and every payment."""

    number: int
    summary: str
    deltas: tuple[int, int, int, int]
    payments: tuple[Payment, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardView:
    session_id: int
    variant: Any
    names: tuple[str, str, str, str]
    totals: tuple[int, int, int, int]
    money: tuple[str, str, str, str]
    stake: Decimal
    ended: bool
    state: TableState
    events: tuple[Any, ...]
    status: TableStatus
    last: LastHand | None
    series: tuple[tuple[int, int, int, int], ...]

    @property
    def hand_number(self) -> int:
        return self.state.hand_number

    @classmethod
    def load(cls, ledger: Any, session_id: int) -> BoardView:
        from mjscore.engine.variants import get_variant

        info = ledger.session_info(session_id)
        hands = ledger.hands(session_id)
        current = ledger.current_hand(session_id)
        variant = get_variant(info.variant)
        rules = variant.rules(info.options)
        finished = [h for h in hands if h.finished and h.deltas is not None]
        series = [(0, 0, 0, 0)]
        for h in finished:
            series.append(tuple(a + b for a, b in zip(series[-1], h.deltas, strict=True)))
        last = None
        if finished:
            h = finished[-1]
            last = LastHand(
                number=h.number, summary=h.summary, deltas=h.deltas, payments=h.payments
            )
        return cls(
            session_id=session_id,
            variant=variant,
            names=info.players,
            totals=info.totals,
            money=money_texts(info.totals, info.stake),
            stake=info.stake,
            ended=info.ended,
            state=current.state,
            events=tuple(current.events),
            status=table_status(variant, current.state, rules, current.events),
            last=last,
            series=tuple(series),  # type: ignore[arg-type]
        )


def money_texts(totals: Sequence[int], stake: Decimal) -> tuple[str, str, str, str]:
    """Each seat's money at the stake, rounded as the settle-up rounds it."""
    from mjscore.engine.money import format_money

    amounts = settle_money(list(totals), stake).amounts
    n = 2 if places(stake) else 0  # the settle-up rounds to the cent
    return tuple(format_money(a, n, sign=a != 0) for a in amounts)  # type: ignore[return-value]


def table_status(variant: Any, state: TableState, rules: Any, events: Sequence[Any]) -> TableStatus:
    """The variant's declared status of the hand being played."""
    return variant.table_status(state, rules, tuple(events))
