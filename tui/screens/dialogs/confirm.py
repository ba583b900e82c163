"""A yes/no question (undo, delete, drop changes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, Static

from ...i18n import tr
from ..common import (
    B,
    TypeAheadScreen,
    localize_bindings,
    run_binding_now,
)
from .quiet import QuietModal


class ConfirmDialog(TypeAheadScreen, QuietModal[bool]):
    """y/Enter or n/Esc; ``deliver`` gets the answer at once. Any other key rings the bell."""

    BINDINGS = [
        B("y", "yes", "yes"),
        B("enter", "yes", "confirm"),
        B("n", "no", "no"),
        B("escape", "no", "cancel"),
    ]

    def __init__(self, message: str, lang: str, *, enter_yes: bool = True) -> None:
        super().__init__()
        self.message = message
        self.lang = lang
        self.enter_yes = enter_yes  # False for destructive questions: only y says yes
        self.deliver: Callable[[bool], None] | None = None
        localize_bindings(self, lang)
        if not enter_yes:
            from textual.binding import BindingsMap

            keys = {
                k: [b for b in bs if k != "enter"]
                for k, bs in self._bindings.key_to_bindings.items()
            }
            keys["enter"] = [B("enter", "no", "no")]
            self._bindings = BindingsMap.from_keys(keys)

    def on_mount(self) -> None:
        self.mark_keys_ready()

    def route_key(self, event: Any) -> bool:
        if not run_binding_now(self, event.key) and event.character:
            self.app.bell()
        return True

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.message, markup=False)
            if self.enter_yes:
                yield Label(
                    f"y/Enter {tr('yes', self.lang)} · n/Esc {tr('no', self.lang)}", markup=False
                )
            else:
                yield Label(
                    f"y {tr('yes', self.lang)} · n/Esc/Enter {tr('no', self.lang)}", markup=False
                )

    def action_yes(self) -> None:
        self.finish(True)

    def action_no(self) -> None:
        self.finish(False)

    def finish(self, answer: bool) -> None:
        deliver, self.deliver = self.deliver, None
        self.dismiss(answer)
        if deliver is not None:
            deliver(answer)
