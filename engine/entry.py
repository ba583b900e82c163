"""Validate once, settle once: the one way an event or a finished hand enters a session.

The table, the win dialog's preview, the ledger's recording and its corrections all call
:func:`settle_events` (or :func:`add_event`, the same for one new event): it checks the hand's
events against the rule set once (:func:`engine.checks.validate_hand_structure`) and, when the
hand is over, settles it once (``Variant.settle_hand``). What it returns is what the ledger
stores; nothing downstream settles the hand again. Replaying a whole record (``rebuild``,
``replay``, tests) is :func:`engine.core.replay`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from .checks import validate_hand_structure
from .errors import MjError
from .events import Event, Hand
from .results import HandResult, Payment, TableState
from .variant import Rules, Variant

R = TypeVar("R", bound=Rules)


@dataclass(frozen=True, slots=True, kw_only=True)
class Settled:
    """A hand as the ledger stores it: its events, the state it is played in, and its
    settlement (``None`` while the hand is still open)."""

    hand: Hand
    state: TableState
    result: HandResult | None
    # what the event just added paid on the spot (南京 现场汇), as the settlement stores it
    paid_now: tuple[Payment, ...] = ()

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def next_state(self) -> TableState:
        """The state of the next hand (this one's while it is open)."""
        return self.result.next_state if self.result is not None else self.state


def settle_events(
    variant: Variant[R],
    rules: R,
    state: TableState,
    events: Sequence[Event],
    *,
    where: str = "hand",
    last: bool = True,
    label: bool = True,
) -> Settled:
    """Check the hand made of ``events`` (``last``: it may still be open) and settle it when
    it is over. MjError if the rule set refuses it: structure errors are located under
    ``where``; settlement errors too when ``label`` (else relative to the hand, "events[3]")."""
    hand = Hand(tuple(events))
    validate_hand_structure(hand, variant, where, last=last)
    try:
        if not hand.finished:
            variant.check_open_hand(hand)
            return Settled(hand=hand, state=state, result=None)
        result = variant.settle_hand(hand, state, rules)
    except MjError as e:
        if not label:
            raise
        raise e.at(where) from None
    return Settled(hand=hand, state=state, result=result)


def add_event(
    variant: Variant[R],
    rules: R,
    state: TableState,
    events: Sequence[Event],
    event: Event,
    *,
    where: str = "hand",
    label: bool = True,
) -> Settled:
    """The open hand ``events`` with ``event`` added, checked once, and settled once if
    ``event`` ends it (a win, a false win or a draw). ``paid_now``: the payments ``event``
    makes on the spot, the same lines the settlement of the hand will hold for it."""
    settled = settle_events(
        variant, rules, state, (*events, event), where=where, last=True, label=label
    )
    try:
        before = variant.spot_payments(events, state, rules)
        after = variant.spot_payments((*events, event), state, rules)
    except MjError as e:
        if not label:
            raise
        raise e.at(where) from None
    if after[: len(before)] != before:  # pragma: no cover - payments are made in event order
        return settled
    return replace(settled, paid_now=after[len(before) :])
