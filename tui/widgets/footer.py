"""A footer that is rebuilt only when the keys it shows change.

Textual's Footer mounts all its key widgets again whenever its screen says its bindings
may have changed: on every focus change, on the screen being covered by a dialog or shown
again, and on every ``refresh_bindings``. On the table that is two or three rebuilds of
some twenty keys for each hand confirmed, most of them showing the same keys as before,
and one more while a dialog covers the screen (which then draws the dimmed table again).
:class:`KeyFooter` rebuilds once per frame at most, only while its screen is the one on
top, and only when what it would show (each key, its label, whether it is enabled, its
group) differs from what it shows.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    _rebuild_pending = False
    _shown: tuple[Any, ...] | None = None

    def shown_keys(self) -> tuple[Any, ...]:
        """What :meth:`compose` draws, as a value that compares equal when it is the same."""
        app = self.app
        keys = tuple(
            (
                b.key,
                app.get_key_display(b),
                b.description,
                b.action,
                enabled,
                tooltip,
                None if b.group is None else (b.group.description, b.group.compact),
            )
            for (_node, b, enabled, tooltip) in self.screen.active_bindings.values()
            if b.show
        )
        return (keys, self.show_command_palette, app.ENABLE_COMMAND_PALETTE)

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or self._rebuild_pending:
            return
        if self.is_attached and screen is self.screen:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_pending = False
        if not self.is_attached:
            return
        if self.screen is not self.app.screen and self._shown is not None:
            return  # covered: its screen asks again when it is shown
        # (a footer not yet built is built even when a dialog came first — a key typed
        # ahead — so the table behind the dialog never shows an empty footer)
        keys = self.shown_keys()
        if keys == self._shown:
            return
        self._shown = keys
        await self.recompose()
