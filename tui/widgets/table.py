"""The table screen's containers: the compass scoreboard, the hand log, the open hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjscore.engine.core import TableState
from mjscore.engine.declare import TableStatus
from mjscore.engine.terms import DEALER
from mjscore.engine.variant import Variant
from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import Static

from ..i18n import tr, wind_name
from .describe import describe_event, hand_summary, short
from .plain_table import PlainTable

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
        self._info = (variant, lang, hand_number, ended, status)
        self._draw_info()

    @property
    def compact(self) -> bool:
        return self._compact

    @compact.setter
    def compact(self, on: bool) -> None:
        """The compact compass has three lines in its middle: the rule set's name (in the
        title bar already) is left out, and the end of the session joins the hand's line,
        so that the marks (比下胡, 插旗…) stay in view."""
        if on != self._compact:
            self._compact = on
            self._draw_info()

    _compact = False
    _info: tuple[Any, ...] | None = None

    def _draw_info(self) -> None:
        if self._info is None:
            return
        variant, lang, hand_number, ended, status = self._info
        lines: list[tuple[str, str]] = []
        if not self._compact:
            lines.append((variant.data.name.name(lang), "bold"))
        hand = tr("hand_no", lang, n=hand_number)
        if ended and self._compact:
            hand += " · " + tr("status_ended", lang)
        lines.append((hand, ""))
        for mark in status.marks:
            lines.append(
                (mark.text(lang), "bold reverse" if mark.strong else "bold" if mark.bold else "")
            )
        if ended and not self._compact:
            lines.append((tr("status_ended", lang), "bold"))
        info = Text(justify="center")
        for i, (line, style) in enumerate(lines):
            info.append(("\n" if i else "") + line, style=style)
        self.query_one("#table-info", Static).update(info)


class HandLog(PlainTable):
    """One row per settled hand (number, dealer, each player's delta, a summary), then the
    totals row.

    :meth:`show` draws every row; :meth:`show_from` redraws only the rows from a given hand
    on, touching only the cells that changed (a confirmed hand turns the totals row into its
    row and appends a new totals row; an undo does the reverse), so its cost does not grow
    with the session."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._cells: list[tuple[Any, ...]] = []  # what each row shows (hands, then totals)
        self._keys: list[Any] = []  # the row keys, in row order
        self._columns_for: tuple[Any, ...] | None = None
        self._serial = 0

    def _columns(self, names: Sequence[str], lang: str) -> None:
        self.clear(columns=True)
        self._cells, self._keys = [], []
        self.add_column("#", key="n", width=3)
        self.add_column(tr("dealer", lang), key="dealer", width=6)
        for i, n in enumerate(names):
            self.add_column(Text(short(n, 8)), key=f"p{i}", width=8)
        self.add_column("", key="summary")
        self._columns_for = (tuple(names), lang)

    @staticmethod
    def row_cells(h: Any, names: Sequence[str], lang: str, hands: Sequence[Any]) -> tuple:
        res = h.result
        evs = hands[h.index - 1].events if h.index - 1 < len(hands) else ()
        return (
            str(h.index),
            short(names[h.state.dealer], 6),
            *(f"{d:+d}" for d in res.deltas),
            hand_summary(res, names, lang, evs),
        )

    @staticmethod
    def total_cells(totals: Sequence[int], lang: str) -> tuple:
        return ("", ("total", tr("totals", lang)), *(f"{t:+d}" for t in totals), "")

    @staticmethod
    def renderables(cells: tuple) -> list[Any]:
        strong = isinstance(cells[1], tuple)  # the totals row
        out: list[Any] = [
            Text(cells[0]),
            Text(cells[1][1], style="bold") if strong else Text(cells[1]),
        ]
        for d in cells[2:6]:
            bold = strong or (d[0] == "+" and d != "+0")
            out.append(Text(d, justify="right", style="bold" if bold else ""))
        out.append(Text(cells[6]))
        return out

    def _append(self, cells: tuple) -> None:
        self._serial += 1
        key = self.add_row(*self.renderables(cells), key=f"r{self._serial}")
        self._cells.append(cells)
        self._keys.append(key)

    def _put(self, i: int, cells: tuple) -> None:
        """Row ``i`` shows ``cells``: only the cells that differ are updated."""
        old = self._cells[i]
        if old == cells:
            return
        self._cells[i] = cells
        new = self.renderables(cells)
        for col, (a, b) in enumerate(zip(old, cells, strict=True)):
            if a != b:
                column = self.ordered_columns[col]
                grow = cell_len(str(b)) > column.content_width
                self.update_cell(self._keys[i], column.key, new[col], update_width=grow)

    def show(
        self,
        names: Sequence[str],
        outcomes: Sequence[Any],
        lang: str,
        *,
        hands: Sequence[Any] = (),
        errors: str | None = None,
    ) -> None:
        """Draw every row again (opening the table, or after a change of the whole log);
        the cursor stays on its row unless the number of hands changed."""
        cursor, shown = self.cursor_row, max(len(self._cells) - 1, 0)
        placed = bool(self._cells)
        self._columns(names, lang)
        for h in outcomes:
            self._append(self.row_cells(h, names, lang, hands))
        if outcomes:
            self._append(self.total_cells(outcomes[-1].totals, lang))
        if errors:
            self.add_row(Text("!"), *[Text("")] * 5, Text(errors), key="error")
            self._columns_for = None  # the next change draws everything again
        if placed and len(outcomes) == shown and outcomes:
            self.move_cursor(row=min(cursor, len(outcomes) - 1))
        else:
            self.follow_last()

    def show_from(
        self,
        names: Sequence[str],
        outcomes: Sequence[Any],
        lang: str,
        start: int,
        *,
        hands: Sequence[Any] = (),
    ) -> None:
        """Bring the rows of hands ``start``… (1-based) and the totals row up to date with
        ``outcomes`` (the whole session's); earlier rows are not looked at."""
        shown = len(self._cells) - 1 if self._cells else 0  # hand rows shown
        if self._columns_for != (tuple(names), lang) or start - 1 > shown:
            self.show(names, outcomes, lang, hands=hands)
            return
        want = [
            self.row_cells(outcomes[i], names, lang, hands)
            for i in range(max(start - 1, 0), len(outcomes))
        ]
        if outcomes:
            want.append(self.total_cells(outcomes[-1].totals, lang))
        first = max(start - 1, 0)
        for j, cells in enumerate(want):
            if first + j < len(self._cells):
                self._put(first + j, cells)
            else:
                self._append(cells)
        while len(self._cells) > first + len(want):
            self.remove_row(self._keys.pop())
            self._cells.pop()
        if len(outcomes) != shown:
            self.follow_last()

    def follow_last(self) -> None:
        """Put the cursor on the latest hand, the totals row below it in view."""
        if len(self._cells) > 1:
            self.move_cursor(row=len(self._cells) - 2, scroll=False)
            self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self) -> None:
        # after a resize the row under the cursor (usually the latest hand) stays in view
        self.call_after_refresh(self._cursor_in_view)

    def _update_dimensions(self, new_rows: Any) -> None:
        # The table learns its height only now (when idle, after rows were added): a cursor
        # on the latest hand keeps it and the totals row in view, however late that is.
        super()._update_dimensions(new_rows)
        if self._cells and self.cursor_row >= len(self._cells) - 2:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _cursor_in_view(self) -> None:
        if self.cursor_row >= len(self._cells) - 2:
            self.scroll_end(animate=False)
        else:
            self.move_cursor(row=self.cursor_row)


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
