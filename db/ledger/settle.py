"""Where the ledger asks the engine to validate and settle a hand: one function per input.

:func:`settle_hand` takes a hand coming from the table (or a correction) through the
engine's one entry point, :func:`engine.entry.settle_events`: the hand's structure is
checked against the variant and it is settled, once. A :class:`engine.entry.Settled` the
caller already has for exactly that hand (the win dialog's preview) is stored as it is.
:func:`settle_record` takes a whole session already loaded and checked by
``engine.record.load_session`` and settles each hand once, before any ledger file is opened;
:meth:`Ledger.import_session` stores what it returns without settling again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjscore.db.texts import txt

if TYPE_CHECKING:
    from mjscore.engine.core import HandOutcome, HandResult, Replay, TableState
    from mjscore.engine.entry import Settled
    from mjscore.engine.record import Hand, Session
    from mjscore.engine.rules import Rules
    from mjscore.engine.variant import Variant


def get_variant(variant_id: str) -> Variant[Rules]:
    """The engine's variant ``variant_id`` (MjError if this build lacks it)."""
    # looked up at call time so tests can substitute a variant
    import mjscore.engine.variants
    from mjscore.engine.errors import ErrorCode, MjError

    try:
        return mjscore.engine.variants.get_variant(variant_id)
    except ImportError:  # a rule set not built into this version
        raise MjError(
            ErrorCode.UNKNOWN_VARIANT, txt("rule_set_available_build", variant_id=variant_id)
        ) from None


def settle_events(*args: object, **kw: object) -> Settled:
    """:func:`engine.entry.settle_events`, the engine imported on the first call (a ledger
    is opened, and its sessions listed, without it); a name of this module, as it was, so
    that what the ledger settles can be watched here."""
    from mjscore.engine.entry import settle_events

    return settle_events(*args, **kw)  # type: ignore[arg-type]


def _settle(
    variant: Variant[Rules], rules: Rules, hand: Hand, state: TableState, where: str
) -> HandResult:
    from mjscore.engine.errors import MjError

    try:
        return variant.settle_hand(hand, state, rules)
    except MjError as e:
        raise e.at(where) from None


def settle_hand(
    variant: Variant[Rules],
    rules: Rules,
    hand: Hand,
    state: TableState,
    where: str,
    *,
    last: bool = True,
    given: Settled | None = None,
) -> HandResult | None:
    """Validate ``hand`` (``last``: it may still be open) and settle it if it is finished
    (``None`` while it is open). MjError, labelled ``where``, if the engine refuses it.

    ``given``: what :func:`engine.entry.settle_events` already returned for this hand (the
    preview the player confirmed). It is used as it is when it is exactly this hand — the
    same events in the same state — and otherwise ignored."""
    if (
        given is not None
        and given.state == state
        and given.hand.events == hand.events
        and given.finished == hand.finished
    ):
        return given.result
    return settle_events(variant, rules, state, hand.events, where=where, last=last).result


@dataclass(frozen=True, slots=True)
class SettledRecord:
    """A loaded session and its settlement, made by :func:`settle_record` only."""

    session: Session
    replay: Replay

    def hand_states(self) -> list[tuple[TableState, HandResult | None]]:
        """``(state, result)`` of every hand; an unfinished last hand has no result and is
        played in the state after the others."""
        out: list[tuple[TableState, HandResult | None]] = [
            (h.state, h.result) for h in self.replay.hands
        ]
        if len(out) < len(self.session.hands):
            out.append((self.replay.next_state, None))
        return out


def settle_record(session: Session) -> SettledRecord:
    """Settle every finished hand of a loaded session once, in order (labels ``hands[i]``,
    as ``engine.core.replay``); an unfinished hand must be the last. Nothing is stored."""
    from mjscore.engine.core import HandOutcome, Replay
    from mjscore.engine.errors import ErrorCode, MjError

    v = get_variant(session.variant)
    rules = v.rules(session.options)
    state = v.initial_state(session.first_dealer, rules)
    totals = (0, 0, 0, 0)
    out: list[HandOutcome] = []
    for i, hand in enumerate(session.hands):
        if not hand.finished:
            if i != len(session.hands) - 1:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    txt("last_hand_may_unfinished"),
                    where=f"hands[{i}].events",
                )
            break
        result = _settle(v, rules, hand, state, f"hands[{i}]")
        totals = tuple(a + b for a, b in zip(totals, result.deltas, strict=True))  # type: ignore[assignment]
        out.append(HandOutcome(index=i + 1, state=state, result=result, totals=totals))
        state = result.next_state
    return SettledRecord(session, Replay(hands=tuple(out), totals=totals, next_state=state))
