"""Nanchang's jing dialogs: the reveal (the turned tile, 下精) and the jing counts."""

from __future__ import annotations

from typing import Any

from mjscore.engine.errors import MjError
from mjscore.engine.tiles import ascii_text, is_count, parse_tiles
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input, Label

from ..common import focus_now
from .base import EventDialog
from .context import InvalidField

# what a 正,副 pair is typed with: digits and a comma or space, in ASCII or full width
PAIR_KEYS = r"[0-9０-９,， 　]*"


def _one_tile(text: str) -> bool:
    try:
        return len(parse_tiles(text)) == 1
    except MjError:
        return False


def _number(text: str) -> int:
    return int(ascii_text(text))  # the field lets full-width digits through


class RowsDialog(EventDialog):
    """A dialog with one row per player: ↓/↑ move to the same field of the next/previous
    row (``row_of`` names the rows' fields)."""

    def row_of(self, widget: Widget) -> tuple[str, int] | None:
        """(the field's column, its row) for a field in the player rows."""
        fid = widget.id or ""
        if fid[-1:].isdigit() and fid[:-1] in self.COLUMNS:
            return fid[:-1], int(fid[-1])
        return None

    COLUMNS: tuple[str, ...] = ()

    def route_key(self, event: Any) -> bool:
        if event.key in ("down", "up") and self.focused is not None:
            step = 1 if event.key == "down" else -1
            at = self.row_of(self.focused)
            if at is None:
                self.focus_after(self.focused, step)  # the fields above the rows
            elif 0 <= at[1] + step < 4:
                focus_now(self, self.query_one(f"#{at[0]}{at[1] + step}"))
            elif step < 0 and self.COLUMNS[0] == at[0]:
                self.focus_after(self.focused, step)  # up from the first row
            return True
        return super().route_key(event)

    def keys_text(self) -> str:
        return super().keys_text() + f" · ↑↓ {self.t('rows_keys')}"


def _pair(text: str, field_id: str, bad: str) -> list[int]:
    """``正,副`` counts typed as ``2,1`` (or ``21``, or ``2``); ``bad``: what to say if not."""
    try:
        text = ascii_text(text)  # full-width digits and commas typed as they come
    except MjError:
        raise InvalidField(field_id, bad) from None
    parts = [p for p in text.replace("，", ",").replace(" ", ",").split(",") if p != ""]
    if len(parts) == 1 and len(parts[0]) == 2 and is_count(parts[0]):
        parts = list(parts[0])  # "21" → 2,1
    if len(parts) == 1:
        parts.append("0")
    if len(parts) != 2 or not all(is_count(p) for p in parts):
        raise InvalidField(field_id, bad)
    return [int(parts[0]), int(parts[1])]


class JingDialog(RowsDialog):
    TITLE_KEY = "act_jing"
    EVENT_TYPE = "jing"
    COLUMNS = ("lc",)
    _moved_to: Widget | None = None  # the field a whole tile moved the focus to

    def route_key(self, event: Any) -> bool:
        moved, self._moved_to = self._moved_to, None
        if event.key == "tab" and moved is not None and self.focused is moved:
            return True  # the Tab typed out of habit after the tile: already moved on
        return super().route_key(event)

    def input_key(self, inp: Input, key: str, ch: str | None) -> bool:
        used = super().input_key(inp, key, ch)
        if used and inp.id in ("indicator", "lower") and ch and ch.isalpha():
            if _one_tile(inp.value):  # a whole tile typed: on to the next field
                self.focus_after(inp)
                self._moved_to = self.focused
        return used

    def compose_fields(self) -> ComposeResult:
        yield self.row(
            self.t("indicator"),
            Input(placeholder=self.t("example", x="5m"), compact=True, id="indicator"),
            "indicator",
        )
        yield self.row(
            self.t("lower"),
            Input(placeholder=self.t("example", x="2p"), compact=True, id="lower"),
            "lower",
        )
        yield Label(self.t("lower_counts"), classes="fsub")
        for i, n in enumerate(self.ctx.names):
            yield self.row(
                n, Input(value="0,0", compact=True, id=f"lc{i}", restrict=PAIR_KEYS), f"lc{i}"
            )

    def draft_of(self, obj: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "indicator": ("text", obj.get("indicator", "")),
            "lower": ("text", obj.get("lower", "")),
        }
        for i, (z, f) in enumerate(obj.get("lower_counts") or ()):
            out[f"lc{i}"] = ("text", f"{z},{f}")
        return out

    def build(self) -> dict[str, Any]:
        ind, low = self.text("indicator"), self.text("lower")
        for fid, v in (("indicator", ind), ("lower", low)):
            if not v:
                raise InvalidField(fid, self.t("err_tile"))
            try:
                parse_tiles(v, where=fid)
            except MjError as e:
                raise InvalidField(fid, e.text(self.lang)) from None
        return {
            "type": "jing",
            "indicator": ind,
            "lower": low,
            "lower_counts": [
                _pair(self.text(f"lc{i}"), f"lc{i}", self.t("err_pair")) for i in range(4)
            ],
        }


class JingCountDialog(RowsDialog):
    TITLE_KEY = "act_jing_count"
    EVENT_TYPE = "jing_count"
    COLUMNS = ("jc", "jk", "fb")

    def compose_fields(self) -> ComposeResult:
        yield Horizontal(
            Label("", classes="flabel"),
            Label(self.t("jing_counts"), classes="col-short", markup=False),
            Label(self.t("jing_kongs"), classes="col-tiny", markup=False),
            Label(self.t("fed_by"), classes="col-tiny", markup=False),
            classes="frow fsub",
        )
        for i, n in enumerate(self.ctx.names):
            yield Horizontal(
                Label(n, classes="flabel", markup=False),
                Input(value="0,0", compact=True, id=f"jc{i}", classes="short", restrict=PAIR_KEYS),
                Input(value="0", compact=True, id=f"jk{i}", classes="tiny", restrict="[0-4０-４]?"),
                Input(
                    value="",
                    placeholder="-",
                    compact=True,
                    id=f"fb{i}",
                    classes="tiny",
                    restrict="[1-4１-４]?",
                ),
                Label("", id=f"err-jc{i}", classes="ferr", markup=False),
                classes="frow",
            )

    def draft_of(self, obj: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for i, (z, f) in enumerate(obj.get("counts") or ()):
            out[f"jc{i}"] = ("text", f"{z},{f}")
        for i, n in enumerate(obj.get("jing_kongs") or ()):
            out[f"jk{i}"] = ("text", str(n))
        for i, x in enumerate(obj.get("fed_by") or ()):
            out[f"fb{i}"] = ("text", "" if x is None else str(x + 1))
        return out

    def build(self) -> dict[str, Any]:
        counts = [_pair(self.text(f"jc{i}"), f"jc{i}", self.t("err_pair")) for i in range(4)]
        kongs = [_number(self.text(f"jk{i}") or "0") for i in range(4)]
        fed = [_number(self.text(f"fb{i}")) - 1 if self.text(f"fb{i}") else None for i in range(4)]
        obj: dict[str, Any] = {"type": "jing_count", "counts": counts}
        if any(kongs):
            obj["jing_kongs"] = kongs
        if any(f is not None for f in fed):
            obj["fed_by"] = fed
        return obj
