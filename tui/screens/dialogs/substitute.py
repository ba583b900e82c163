"""Who takes over a seat (替打): the seat (1–4), then the person's name. Nothing is written
here; the table screen stores the answer (``Ledger.set_substitute``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from ...i18n import tr
from ..common import TypeAheadScreen, edit_input_now, focus_now
from .quiet import QuietModal


class SubstituteDialog(TypeAheadScreen, QuietModal[Any]):
    """Keys 1–4 choose the seat, then the name is typed; Enter confirms, Esc cancels.
    ``deliver`` gets ``(seat, name)`` or ``None``."""

    def __init__(self, names: Sequence[str], hand: int, lang: str) -> None:
        super().__init__()
        self.names = tuple(names)
        self.hand = hand
        self.lang = lang
        self.seat: int | None = None
        self.deliver: Callable[[Any], None] | None = None

    def compose(self) -> ComposeResult:
        seats = "  ".join(f"[{i + 1}] {n}" for i, n in enumerate(self.names))
        with Vertical(id="dialog"):
            yield Static(tr("substitute_title", self.lang, n=self.hand), markup=False)
            yield Static(seats, markup=False)
            yield Label(tr("substitute_seat", self.lang), id="sub-prompt", markup=False)
            yield Input(id="sub-name", disabled=True)

    def on_mount(self) -> None:
        self.mark_keys_ready()

    def route_key(self, event: Any) -> bool:
        if event.key == "escape":
            self.finish(None)
            return True
        if self.seat is None:
            if event.key in ("1", "2", "3", "4"):
                self.choose(int(event.key) - 1)
            elif event.character:
                self.app.bell()
            return True
        inp = self.query_one("#sub-name", Input)
        if event.key == "enter":
            name = inp.value.strip()
            if name:
                self.finish((self.seat, name))
            else:
                self.app.bell()
            return True
        return edit_input_now(inp, event.key, event.character)

    def choose(self, seat: int) -> None:
        self.seat = seat
        self.query_one("#sub-prompt", Label).update(
            tr("substitute_name", self.lang, seat=seat + 1, name=self.names[seat], n=self.hand)
        )
        inp = self.query_one("#sub-name", Input)
        inp.disabled = False
        focus_now(self, inp)

    def finish(self, answer: Any) -> None:
        deliver, self.deliver = self.deliver, None
        self.dismiss(answer)
        if deliver is not None:
            deliver(answer)
