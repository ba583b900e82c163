"""What an event dialog works with besides its widgets: the hand it adds to
(:class:`HandContext`), a field that cannot be used (:class:`InvalidField`) and which fields
take digits only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mjscore.engine.core import TableState
from mjscore.engine.record import Event
from mjscore.engine.variant import Variant
from textual.widgets import Input

from ..base import is_terminal


@dataclass(frozen=True, slots=True)
class HandContext:
    variant: Variant
    rules: Any
    state: TableState
    events: tuple[Event, ...]  # the events of this hand so far (terminal ones excluded)
    names: tuple[str, str, str, str]
    lang: str

    def with_event(self, ev: Event) -> tuple[Event, ...]:
        """The hand's events with ``ev`` added: before any terminal event unless it is one
        (a terminal event replaces the hand's ending)."""
        return self.with_events((ev,))

    def with_events(self, evs: Sequence[Event]) -> tuple[Event, ...]:
        body = tuple(e for e in self.events if not is_terminal(e))
        tail = tuple(e for e in self.events if is_terminal(e))
        if any(is_terminal(e) for e in evs):
            return body + tuple(evs)
        return body + tuple(evs) + tail


# full-width digits (U+FF10–FF19) as a Chinese input method types them: a field that takes
# digits lets them through (the engine's reader makes them ASCII); other digits stay out
FW_DIGITS = "０-９"


def digits_only(inp: Input) -> bool:
    """Whether a text field takes digits only (a count, a fan total)."""
    return bool(inp.restrict) and all(
        ch in "0123456789[]-*?" or "０" <= ch <= "９" for ch in inp.restrict
    )


class InvalidField(ValueError):
    """A field's text cannot be used: shown beside the field. ``missing``: the field is
    still empty (a neutral hint, not a refusal of something entered)."""

    def __init__(self, field_id: str, message: str, *, missing: bool = False) -> None:
        super().__init__(message)
        self.field_id = field_id
        self.missing = missing
