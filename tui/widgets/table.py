"""The table screen's containers: the compass scoreboard, the hand log, the open hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjscore.engine.core import TableState
from mjscore.engine.declare import TableStatus
from mjscore.engine.terms import DEALER
from mjscore.engine.variant import Variant
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import DataTable, Static

from ..i18n import tr, wind_name
from .describe import describe_event, hand_summary, short

# Seat 0 sits at the bottom; the 下家 (next seat) is on the right: bottom, right, top, left.
COMPASS = ("bottom", "right", "top", "left")


class PlayerCard(Static):
    def __init__(self, seat: int) -> None:
        super().__init__("", id=f"seat-{seat}", classes=f"player {COMPASS[seat]}", markup=False)
        self.seat = seat


class Scoreboard(Grid):
    """Four players around the table info, in turn order counter-clockwise from the bottom."""

    def compose(self) -> ComposeResult:
        yield Static(classes="corner")
        yield PlayerCard(2)
        yield Static(classes="corner")
        yield PlayerCard(3)
        yield Static("", id="table-info", markup=False)
        yield PlayerCard(1)
        yield Static(classes="corner")
        yield PlayerCard(0)
        yield Static(classes="corner")

    def show(
        self,
        names: Sequence[str],
        totals: Sequence[int],
        state: TableState,
        variant: Variant,
        lang: str,
        *,
        hand_number: int,
        ended: bool,
        open_events: int,
        status: TableStatus,
    ) -> None:
        for seat in range(4):
            card = self.query_one(f"#seat-{seat}", PlayerCard)
            wind = state.seat_wind(seat)
            # One line per fact, each cut with an ellipsis to the box: a long name must not
            # push the seat wind, the dealer mark or the score out of view.
            t = Text(justify="center", no_wrap=True, overflow="ellipsis")
            t.append(f"{seat + 1} ", style="dim")
            t.append(short(names[seat], 20), style="bold")
            t.append("\n")
            t.append(wind_name(wind, lang))
            if seat == state.dealer:
                t.append(f"  {DEALER.name(lang)}", style="bold reverse")
            t.append("\n")
            t.append(f"{totals[seat]:+d}", style="bold")
            card.update(t)
            card.set_class(seat == state.dealer, "dealer")
            card.set_class(totals[seat] > 0, "up")
            card.set_class(totals[seat] < 0, "down")
        info = Text(justify="center")
        info.append(variant.data.name.name(lang), style="bold")
        info.append("\n" + tr("hand_no", lang, n=hand_number))
        for mark in status.marks:
            style = "bold reverse" if mark.strong else "bold" if mark.bold else ""
            info.append("\n" + mark.text(lang), style=style)
        if ended:
            info.append("\n" + tr("status_ended", lang), style="bold")
        self.query_one("#table-info", Static).update(info)


class HandLog(DataTable):
    """One row per settled hand: number, dealer, each player's delta, a summary."""

    def show(
        self,
        names: Sequence[str],
        outcomes: Sequence[Any],
        lang: str,
        *,
        hands: Sequence[Any] = (),
        errors: str | None = None,
    ) -> None:
        cursor = self.cursor_row
        self.clear(columns=True)
        self.add_column("#", key="n", width=3)
        self.add_column(tr("dealer", lang), key="dealer", width=6)
        for i, n in enumerate(names):
            self.add_column(Text(short(n, 8)), key=f"p{i}", width=8)
        self.add_column("", key="summary")
        for h in outcomes:
            res = h.result
            cells: list[Any] = [str(h.index), Text(short(names[h.state.dealer], 6))]
            for d in res.deltas:
                cells.append(Text(f"{d:+d}", justify="right", style="bold" if d > 0 else ""))
            evs = hands[h.index - 1].events if h.index - 1 < len(hands) else ()
            cells.append(Text(hand_summary(res, names, lang, evs)))
            self.add_row(*cells, key=str(h.index))
        if outcomes:
            totals = outcomes[-1].totals
            self.add_row(
                Text(""),
                Text(tr("totals", lang), style="bold"),
                *[Text(f"{t:+d}", justify="right", style="bold") for t in totals],
                Text(""),
                key="total",
            )
        if errors:
            self.add_row(
                Text("!"),
                Text(""),
                Text(""),
                Text(""),
                Text(""),
                Text(""),
                Text(errors),
                key="error",
            )
        if self.row_count:
            if not getattr(self, "_placed", False) or len(outcomes) != getattr(self, "_n", 0):
                cursor = len(outcomes) - 1  # new hands: follow the latest one
            self._placed, self._n = True, len(outcomes)
            self.move_cursor(row=min(max(cursor, 0), max(len(outcomes) - 1, 0)))


class CurrentHand(Static):
    def show(
        self,
        events: Sequence[Any],
        names: Sequence[str],
        variant: Variant,
        lang: str,
        hand_number: int,
    ) -> None:
        t = Text()
        t.append(
            f"{tr('current_hand', lang)} · {tr('hand_no', lang, n=hand_number)}\n", style="bold"
        )
        if not events:
            t.append(tr("no_events", lang), style="dim")
        for i, ev in enumerate(events, 1):
            t.append(f"{i}. {describe_event(ev, names, variant, lang)}\n")
        self.update(t)
