"""The penalty dialog (罚: four discard the same tile, or one discards all four copies)."""

from __future__ import annotations

from typing import Any

from mjscore.engine.terms import PENALTY_KINDS
from textual.app import ComposeResult

from ...i18n import word
from ...widgets.picker import Choice, Picker
from .base import EventDialog


class PenaltyDialog(EventDialog):
    TITLE_KEY = "act_penalty"
    EVENT_TYPE = "penalty"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")
        # the kind's key is the initial of its id: s same round, f four copies
        kinds = [Choice(k.id[0], word(k, self.lang), k.id) for k in PENALTY_KINDS.values()]
        yield self.row(self.t("kind"), Picker(kinds, id="kind"), "kind")

    def build(self) -> dict[str, Any]:
        return {
            "type": "penalty",
            "player": self.picked("who", "who", self.t("who")),
            "kind": self.picked("kind", "kind", self.t("kind")),
        }
