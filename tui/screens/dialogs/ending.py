"""Dialogs that end a hand without a win: a false win and a draw."""

from __future__ import annotations

from typing import Any

from mjscore.engine.terms import LAST_DRAWER
from textual.app import ComposeResult

from ...i18n import word
from .base import EventDialog


class FalseWinDialog(EventDialog):
    TITLE_KEY = "act_false_win"
    EVENT_TYPE = "false_win"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")

    def build(self) -> dict[str, Any]:
        return {"type": "false_win", "player": self.picked("who", "who", self.t("who"))}


class DrawDialog(EventDialog):
    TITLE_KEY = "act_draw"
    EVENT_TYPE = "draw"

    def needs_drawer(self) -> bool:
        return self.ctx.variant.data.draw_needs_drawer(self.ctx.rules)

    def compose_fields(self) -> ComposeResult:
        # Only a rule set whose next dealer is the last drawer asks who that was.
        if self.needs_drawer():
            yield self.row(word(LAST_DRAWER, self.lang), self.seat_picker("drawer"), "drawer")

    def build(self) -> dict[str, Any]:
        if not self.needs_drawer():
            return {"type": "draw"}
        drawer = self.picked("drawer", "drawer", word(LAST_DRAWER, self.lang))
        obj: dict[str, Any] = {"type": "draw"}
        if drawer is not None:
            obj["last_drawer"] = drawer
        return obj
