"""Edit a finished hand: remove events, add events (same dialogs as at the table), see the
hand re-settled, save. Dismisses with the new event list (the table screen stores it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mjscore.engine.errors import MjError
from mjscore.engine.record import Event
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..i18n import tr
from ..widgets.describe import deltas_line, describe_event, explain_error, payment_line
from .base import settle_preview
from .common import (
    B,
    TypeAheadScreen,
    event_bindings,
    group_keys,
    localize_bindings,
    run_binding_now,
)
from .dialogs import DIALOGS, HandContext


class HandEditScreen(TypeAheadScreen, ModalScreen[tuple[Event, ...] | None]):
    BINDINGS = [
        B("delete,backspace", "remove", "act_delete_event", key_display="Del"),
        *event_bindings(),
        B("ctrl+s", "save", "save"),
        B("escape", "cancel", "cancel"),
    ]

    def __init__(self, ctx: HandContext, number: int, *, title: str | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.number = number
        self.title_text = title or tr("edit_title", ctx.lang, n=number)  # or: insert a hand
        self.lang = ctx.lang
        self.draft: list[Event] = list(ctx.events)
        self.ok = False
        self.deliver: Any = None
        localize_bindings(self, self.lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield Label(self.title_text, id="dialog-title", markup=False)
            yield Label(tr("edit_hint", self.lang), classes="fsub", markup=False)
            yield OptionList(id="events")
            yield Static("", id="preview", markup=False)
        yield Footer()

    def on_resize(self, event: Any) -> None:
        """As on the table: a compact footer on a small terminal, and the keys that record
        an event share one label below 180 columns, so Del, save and Esc stay in view."""
        self.query_one(Footer).compact = event.size.height < 34 or event.size.width < 110
        grouped = event.size.width < 180
        if grouped != self.has_class("grouped-keys"):
            self.set_class(grouped, "grouped-keys")
            group_keys(self, self.lang, grouped)
            self.refresh_bindings()

    def on_mount(self) -> None:
        self.redraw()
        self.set_focus(self.query_one(OptionList))
        self.mark_keys_ready()

    def route_key(self, event: Any) -> bool:
        """Keys are handled in the order typed: ``w`` opens the win dialog before the next
        key is looked at (see common.TypeAheadScreen)."""
        ol = self.query_one(OptionList)
        if self.focused is ol and event.key == "enter":
            self.action_change()
            return True
        if self.focused is ol and run_binding_now(ol, event.key):
            return True
        return run_binding_now(self, event.key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add":
            return str(parameters[0]) in self.ctx.variant.event_types
        return True

    def redraw(self) -> None:
        ol = self.query_one(OptionList)
        keep = ol.highlighted
        ol.clear_options()
        for ev in self.draft:
            ol.add_option(
                Option(Text(describe_event(ev, self.ctx.names, self.ctx.variant, self.lang)))
            )
        if self.draft:
            ol.highlighted = min(keep or 0, len(self.draft) - 1)
        prev = self.query_one("#preview", Static)
        if not self.draft:  # a hand being inserted starts empty: say how to fill it
            self.ok = False
            prev.update(Text(tr("no_events", self.lang), style="dim"))
            return
        try:
            res = settle_preview(self.ctx.variant, self.ctx.rules, self.ctx.state, self.draft)
        except MjError as e:
            self.ok = False
            prev.update(Text(f"✗ {explain_error(e, self.lang, self.ctx.names)}", style="bold"))
            return
        except Exception as e:  # pragma: no cover - a variant bug
            self.ok = False
            prev.update(
                Text(f"✗ {tr('engine_error', self.lang)}: {type(e).__name__}: {e}", style="bold")
            )
            return
        self.ok = True
        t = Text(tr("preview", self.lang) + ": ", style="bold")
        t.append(deltas_line(res.deltas, self.ctx.names) + "\n", style="bold")
        for p in res.payments:
            t.append(payment_line(p, self.ctx.names) + "\n")
        t.rstrip()
        prev.update(t)

    def action_remove(self) -> None:
        i = self.query_one(OptionList).highlighted
        if i is not None and 0 <= i < len(self.draft):
            del self.draft[i]
            self.redraw()

    def action_change(self, i: int | None = None) -> None:
        """Enter on an event: its dialog opens on it, and what is confirmed takes its place."""
        if i is None:
            i = self.query_one(OptionList).highlighted
        if i is None or not 0 <= i < len(self.draft) or self.draft[i].type not in DIALOGS:
            return
        old = self.draft[i]
        ctx = replace(self.ctx, events=tuple(self.draft[:i] + self.draft[i + 1 :]))

        def done(ev: Any) -> None:
            if ev is not None:
                self.draft[i : i + 1] = list(ev) if isinstance(ev, tuple) else [ev]
                self.redraw()

        dialog = DIALOGS[old.type](ctx)
        dialog.load = old.to_json()
        dialog.deliver = done
        self.app.push_screen(dialog)

    def action_add(self, kind: str) -> None:
        if kind in self.ctx.variant.data.once:  # held once: its key corrects the one there
            at = next((i for i, e in enumerate(self.draft) if e.type == kind), None)
            if at is not None:
                self.action_change(at)
                return
        ctx = replace(self.ctx, events=tuple(self.draft))

        def done(ev: Any) -> None:
            if ev is not None:
                self.draft = list(ctx.with_events(ev if isinstance(ev, tuple) else (ev,)))
                self.redraw()

        dialog = DIALOGS[kind](ctx)
        dialog.deliver = done
        self.app.push_screen(dialog)

    def action_save(self) -> None:
        self.redraw()
        if self.ok:
            self.finish(tuple(self.draft))
        else:
            self.app.bell()

    def action_cancel(self) -> None:
        if tuple(self.draft) == tuple(self.ctx.events):
            self.finish(None)
            return
        from .dialogs import ConfirmDialog  # changes would be lost: ask first

        ask = ConfirmDialog(
            tr("confirm_discard_edit", self.lang, n=self.number), self.lang, enter_yes=False
        )
        ask.deliver = lambda yes: self.finish(None) if yes else None
        self.app.push_screen(ask)

    def finish(self, result: Any) -> None:
        deliver, self.deliver = self.deliver, None
        self.dismiss(result)
        if deliver is not None:
            deliver(result)
