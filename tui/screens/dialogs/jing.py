"""Nanchang's jing dialogs: the reveal (the turned tile, 下精) and the jing counts."""

from __future__ import annotations

from typing import Any

from mjscore.engine.errors import MjError
from mjscore.engine.tiles import ascii_text, is_count, parse_tiles
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from .base import EventDialog, InvalidField


def _pair(text: str, field_id: str) -> list[int]:
    try:
        text = ascii_text(text)  # full-width digits and commas typed as they come
    except MjError:
        raise InvalidField(field_id, "正,副 e.g. 2,1") from None
    parts = [p for p in text.replace("，", ",").replace(" ", ",").split(",") if p != ""]
    if len(parts) == 1 and len(parts[0]) == 2 and is_count(parts[0]):
        parts = list(parts[0])  # "21" → 2,1
    if len(parts) == 1:
        parts.append("0")
    if len(parts) != 2 or not all(is_count(p) for p in parts):
        raise InvalidField(field_id, "正,副 e.g. 2,1")
    return [int(parts[0]), int(parts[1])]


class JingDialog(EventDialog):
    TITLE_KEY = "act_jing"
    EVENT_TYPE = "jing"

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
            yield self.row(n, Input(value="0,0", compact=True, id=f"lc{i}"), f"lc{i}")

    def build(self) -> dict[str, Any]:
        ind, low = self.text("indicator"), self.text("lower")
        for fid, v in (("indicator", ind), ("lower", low)):
            if not v:
                raise InvalidField(fid, self.t("err_tile"))
            try:
                parse_tiles(v, where=fid)
            except MjError as e:
                raise InvalidField(fid, e.message) from None
        return {
            "type": "jing",
            "indicator": ind,
            "lower": low,
            "lower_counts": [_pair(self.text(f"lc{i}"), f"lc{i}") for i in range(4)],
        }


class JingCountDialog(EventDialog):
    TITLE_KEY = "act_jing_count"
    EVENT_TYPE = "jing_count"

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
                Input(value="0,0", compact=True, id=f"jc{i}", classes="short"),
                Input(value="0", compact=True, id=f"jk{i}", classes="tiny", restrict=r"[0-4]?"),
                Input(
                    value="",
                    placeholder="-",
                    compact=True,
                    id=f"fb{i}",
                    classes="tiny",
                    restrict=r"[1-4]?",
                ),
                Label("", id=f"err-jc{i}", classes="ferr", markup=False),
                classes="frow",
            )

    def build(self) -> dict[str, Any]:
        counts = [_pair(self.text(f"jc{i}"), f"jc{i}") for i in range(4)]
        kongs = [int(self.text(f"jk{i}") or 0) for i in range(4)]
        fed = [int(self.text(f"fb{i}")) - 1 if self.text(f"fb{i}") else None for i in range(4)]
        obj: dict[str, Any] = {"type": "jing_count", "counts": counts}
        if any(kongs):
            obj["jing_kongs"] = kongs
        if any(f is not None for f in fed):
            obj["fed_by"] = fed
        return obj
