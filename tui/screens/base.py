"""What the screens need from the ledger, and the view of one session they draw from.

The screens talk to a :class:`LedgerPort` (``db.ledger.Ledger`` fits it). Nothing here
touches SQL.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Protocol

from mjscore.db.errors import LedgerDamaged
from mjscore.engine.core import HandResult, Replay, TableState
from mjscore.engine.entry import Settled, settle_events
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import TERMINAL, Event, Hand, Session
from mjscore.engine.rules import Rules
from mjscore.engine.variant import Variant
from mjscore.tui.texts import txt


class LedgerPort(Protocol):
    """The part of :class:`db.ledger.Ledger` the screens use (hands are numbered from 1)."""

    def list_sessions(self) -> list[Any]: ...
    def session_info(self, session_id: int) -> Any: ...
    def get_session(self, session_id: int) -> Session: ...
    def stored_replay(self, session_id: int) -> Replay: ...
    def create_session(
        self,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        stake: Decimal | int | str = 1,
        first_dealer: int = 0,
        notes: str = "",
    ) -> int: ...
    def import_session(self, session: Session, notes: str = "", *, ended: bool = True) -> int: ...
    def add_event(
        self, session_id: int, event: Event, *, settled: Settled | None = None
    ) -> Any: ...
    def add_events(
        self, session_id: int, events: Sequence[Event], *, settled: Settled | None = None
    ) -> Any: ...
    def undo_last_event(self, session_id: int) -> Any: ...
    def amend_hand(
        self, session_id: int, number: int, events: Sequence[Event], note: str = ""
    ) -> int: ...
    def delete_hand(self, session_id: int, number: int, note: str = "") -> int: ...
    def end_session(self, session_id: int) -> None: ...
    def reopen_session(self, session_id: int) -> None: ...
    def player_names(self, prefix: str = "") -> list[str]: ...
    def hands_from(self, session_id: int, number: int) -> list[Any]: ...
    def data_version(self) -> int: ...


@dataclass(slots=True)
class SessionView:
    """A session as the table screen draws it: the settled hands, the open hand, the state."""

    id: int
    session: Session
    ended: bool
    replay: Replay
    open_events: tuple[Event, ...] = ()
    error: str | None = None
    variant: Any = field(default=None)
    rules: Any = field(default=None)  # the variant's rules for the session's options, once

    @classmethod
    def load(cls, ledger: LedgerPort, session_id: int) -> SessionView:
        from mjscore.engine.variants import get_variant

        s = ledger.get_session(session_id)
        v = get_variant(s.variant)
        error = None
        try:
            # what the ledger stored when each hand was recorded: nothing is settled again
            rep = ledger.stored_replay(session_id)
        except (MjError, LedgerDamaged) as e:  # stored rows that do not add up: show it
            error = str(e)
            rep = Replay(
                hands=(),
                totals=(0, 0, 0, 0),
                next_state=v.initial_state(s.first_dealer, v.rules(s.options)),
            )
        open_events: tuple[Event, ...] = ()
        if s.hands and not s.hands[-1].finished:
            open_events = s.hands[-1].events
        ended = ledger.session_info(session_id).ended
        return cls(session_id, s, ended, rep, open_events, error, v, v.rules(s.options))

    def refresh_from(self, ledger: LedgerPort, number: int) -> bool:
        """Read again only hands ``number``… (1-based) after a change that cannot have
        touched the earlier ones (a new event, an undo, a correction of hand ``number``):
        the cost does not grow with the session. False if that cannot be done (a damaged
        session, an older ledger port): then load the whole view again."""
        keep = number - 1
        reader = getattr(ledger, "hands_from", None)
        if (
            reader is None
            or self.error is not None
            or keep < 0
            or keep > len(self.replay.hands)
            or keep > len(self.session.hands)
        ):
            return False
        from mjscore.db.ledger import stored_outcomes

        try:
            stored = reader(self.id, number)
            prior = self.replay.hands[:keep]
            outcomes = stored_outcomes(stored, prior[-1].totals if prior else (0, 0, 0, 0))
        except (MjError, LedgerDamaged):
            return False
        hands = self.session.hands[:keep] + tuple(Hand(h.events) for h in stored)
        done = (*prior, *outcomes)
        if stored and not stored[-1].finished:
            next_state, self.open_events = stored[-1].state, stored[-1].events
        else:
            self.open_events = ()
            next_state = (
                done[-1].result.next_state
                if done
                else self.variant.initial_state(self.session.first_dealer, self.rules)
            )
        self.session = replace(self.session, hands=hands)
        totals = done[-1].totals if done else (0, 0, 0, 0)
        self.replay = Replay(hands=done, totals=totals, next_state=next_state)
        return True

    @property
    def state(self) -> TableState:
        return self.replay.next_state

    @property
    def names(self) -> tuple[str, str, str, str]:
        return self.session.players

    def hand_context(self, index: int | None) -> tuple[TableState, tuple[Event, ...]]:
        """(state, events so far) for a new event: the open hand when ``index`` is None,
        else finished hand ``index`` (0-based) with its terminal events removed."""
        if index is None:
            return self.state, self.open_events
        h = self.replay.hands[index]
        return h.state, self.session.hands[index].events


def settle_preview(
    variant: Variant, rules: Rules, state: TableState, events: Sequence[Event]
) -> HandResult:
    """Check and settle a finished hand made of ``events`` in ``state`` through the engine's
    one entry point, as the ledger does (raises MjError; errors located in the hand)."""
    res = settle_events(variant, rules, state, events, label=False).result
    if res is None:  # pragma: no cover - a preview is asked for a finished hand only
        raise MjError(ErrorCode.BAD_RECORD, txt("hand_over_yet"), where="hand")
    return res


def is_terminal(ev: Event) -> bool:
    return isinstance(ev, TERMINAL)
