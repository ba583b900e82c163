"""Dialogs for the melds and flowers of a hand: kong, pung, flowers."""

from __future__ import annotations

from typing import Any

from mjscore.engine import facts
from mjscore.engine.errors import MjError
from mjscore.engine.terms import (
    ADDED_KONG,
    CONCEALED_KONG,
    KONG_KINDS,
)
from mjscore.engine.tiles import ascii_text, is_count, parse_tiles
from textual.app import ComposeResult
from textual.widgets import Input, Label

from ...i18n import word
from ...widgets.picker import Choice, Picker
from ..common import focus_now
from .base import EventDialog
from .context import InvalidField

# the keys a single tile is typed with, in ASCII or full width (a Chinese input method)
TILE_KEYS = r"[0-9mpsESWNCFP０-９ｍｐｓＥＳＷＮＣＦＰ]*"


class KongDialog(EventDialog):
    TITLE_KEY = "act_kong"
    EVENT_TYPE = "kong"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")
        # the kind's key is its English initial: e exposed, a added, c concealed
        kinds = [Choice(k.en[0], word(k, self.lang), k.id) for k in KONG_KINDS.values()]
        yield self.row(self.t("kind"), Picker(kinds, id="kind"), "kind")
        yield self.row(self.t("from_kong"), self.seat_picker("from"), "from")
        yield Label("", id="kong-note", classes="fsub", markup=False)
        yield self.row(
            self.t("tile"),
            Input(
                placeholder=self.t("example", x="5m"),
                compact=True,
                id="tile",
                restrict=TILE_KEYS,
            ),
            "tile",
        )

    _auto_from: int | None = None  # the supplier filled in from the logged pung

    def sync_fields(self) -> None:
        """An added kong (补杠) keeps its pung's supplier (RULES.md §0: "the added kong's
        `from` equals the pung's"): it is filled in from the logged pung and locked."""
        kind = self.query_one("#kind", Picker)
        who = self.query_one("#who", Picker)
        src = self.query_one("#from", Picker)
        note, supplier, locked = "", None, False
        if kind.chosen and kind.value == ADDED_KONG.id and who.chosen:
            supplier, note, locked = self.pung_supplier(who.value, self.text("tile"))
        for i in range(4):
            src.set_enabled(i, not (who.chosen and who.value == i))
        if supplier is not None:
            if src.value != supplier or not src.chosen:
                src.index = src._index_of(supplier)
            self._auto_from = supplier
        elif self._auto_from is not None or locked:
            if src.chosen and (locked or src.value == self._auto_from):
                src.index = None  # no longer known: do not leave a guess behind
            self._auto_from = None
        # Known from the player alone (one pung logged): the row stays in the way of the
        # keys, showing the supplier; its seat key confirms it, any other key is the tile's.
        # Known only from the tile typed, or not known: the row is skipped.
        shown = supplier is not None and not self.text("tile")
        if shown:
            for i in range(4):
                src.set_enabled(i, i == supplier)
        src.disabled = (kind.chosen and kind.value == CONCEALED_KONG.id) or (locked and not shown)
        lab = self.query_one("#kong-note", Label)
        if str(lab.render()) != note:
            lab.update(note)

    def route_key(self, event: Any) -> bool:
        src = self.query_one("#from", Picker)
        ch = event.character
        if (
            self.focused is src
            and self._auto_from is not None
            and ch
            and ch.isprintable()
            and event.key != src.key_of(self._auto_from)
        ):
            tile = self.query_one("#tile", Input)
            focus_now(self, tile)
            return self.input_key(tile, event.key, ch)
        return super().route_key(event)

    def pung_supplier(self, player: int, tile: str) -> tuple[int | None, str, bool]:
        """(the supplier of the pung this added kong upgrades or None, a note for the
        dialog, whether the supplier comes from the logged pungs rather than a choice)."""
        if tile and not _one_tile(tile):
            tile = ""  # still being typed (or mistyped): the field shows its own error
        found = facts.added_kong_supplier(self.ctx.events, player, tile or None)
        if found.seat is None:
            return None, self.t(f"added_kong_{found.found}"), found.found == "several"
        # who pays for it is the rule set's: the supplier, each other player or nobody
        payer = self.ctx.variant.data.kong_payers.get(ADDED_KONG.id, "supplier")
        key = "added_kong_from" if payer == "supplier" else f"added_kong_from_{payer}"
        return found.seat, self.t(key, name=self.ctx.names[found.seat]), True

    def build(self) -> dict[str, Any]:
        who = self.picked("who", "who", self.t("who"))
        kind = self.picked("kind", "kind", self.t("kind"))
        obj: dict[str, Any] = {"type": "kong", "player": who, "kind": kind}
        if kind != CONCEALED_KONG.id:
            obj["from"] = self.picked("from", "from", self.t("from_kong"))
        tile = self.text("tile")
        if tile:
            obj["tile"] = tile
        return obj


def _one_tile(s: str) -> bool:
    try:
        return len(parse_tiles(s)) == 1
    except MjError:
        return False


class PungDialog(EventDialog):
    TITLE_KEY = "act_pung"
    EVENT_TYPE = "pung"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")
        yield self.row(self.t("from_kong"), self.seat_picker("from"), "from")
        yield self.row(
            self.t("tile"),
            Input(
                placeholder=self.t("example", x="5m"),
                compact=True,
                id="tile",
                restrict=TILE_KEYS,
            ),
            "tile",
        )

    def sync_fields(self) -> None:
        who = self.query_one("#who", Picker)
        src = self.query_one("#from", Picker)
        for i in range(4):
            src.set_enabled(i, not (who.chosen and who.value == i))

    def build(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "pung",
            "player": self.picked("who", "who", self.t("who")),
            "from": self.picked("from", "from", self.t("from_kong")),
        }
        if self.text("tile"):
            obj["tile"] = self.text("tile")
        return obj


class FlowersDialog(EventDialog):
    TITLE_KEY = "act_flowers"
    EVENT_TYPE = "flowers"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")
        yield self.row(
            self.t("flower_tiles"),
            Input(
                placeholder=self.t("example", x=f"{self.ctx.variant.data.flower_example} / 2"),
                compact=True,
                id="flowers",
            ),
            "flowers",
        )

    def build(self) -> dict[str, Any]:
        who = self.picked("who", "who", self.t("who"))
        s = self.text("flowers")
        if not s:
            raise InvalidField("flowers", f"{self.t('flower_tiles')}?", missing=True)
        try:
            s = ascii_text(s)  # full-width typing reads as ASCII
            if is_count(s):
                return {"type": "flowers", "player": who, "count": int(s)}
            parse_tiles(s, allow_flowers=True)
        except MjError as e:
            raise InvalidField("flowers", e.text(self.lang)) from None
        return {"type": "flowers", "player": who, "tiles": s}
