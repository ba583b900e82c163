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
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Static

from ..i18n import tr, wind_name
from .describe import describe_event, hand_summary, short
from .plain_table import PlainTable


def repaint(widget: Static, content: Any) -> None:
    """Show ``content`` in ``widget``, a widget whose size the CSS fixes (a height in lines,
    a width that does not follow its text): it is drawn again, not laid out again (a layout
    pass of the table screen costs more than the rest of a confirmed hand), and not even
    drawn when it already shows just that."""
    old = widget.content
    if old == content and getattr(old, "style", None) == getattr(content, "style", None):
        return
    widget.update(content, layout=False)


# Seat 0 sits at the bottom; the 下家 (next seat) is on the right: bottom, right, top, left.
COMPASS = ("bottom", "right", "top", "left")


class PlayerCard(Static):
    """A seat's name, wind and dealer mark, and score. The wind line is given in forms from
    the fullest to the shortest (``东 East  庄 dealer`` … ``East 庄 dealer``); the card shows
    the first that fits its width, so a narrow terminal keeps the whole dealer mark."""

    def __init__(self, seat: int) -> None:
        super().__init__("", id=f"seat-{seat}", classes=f"player {COMPASS[seat]}", markup=False)
        self.seat = seat
        self._forms: tuple[Text, ...] = ()
        self._wind_widths: tuple[int, ...] = ()

    def show_forms(self, forms: Sequence[Text], wind_widths: Sequence[int]) -> None:
        """``forms``: the card's text with each form of the wind line, whose widths are
        ``wind_widths``; drawn again only when they changed (never laid out again)."""
        forms = tuple(forms)
        if forms == self._forms and all(
            a.style == b.style for a, b in zip(forms, self._forms, strict=True)
        ):
            return
        self._forms, self._wind_widths = forms, tuple(wind_widths)
        self.refresh()

    def render(self) -> Any:
        if not self._forms:
            return super().render()
        width = self.content_size.width
        for form, need in zip(self._forms, self._wind_widths, strict=True):
            if need <= width:
                return form
        return self._forms[-1]


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
        """``totals`` are the settled hands'; what this hand has already paid on the spot
        (``status.paid``: 现场汇, 罚, 下精分) is added to each running total and shown as paid
        now."""
        paid = status.paid or (0, 0, 0, 0)
        for seat in range(4):
            card = self.query_one(f"#seat-{seat}", PlayerCard)
            wind = state.seat_wind(seat)
            # One line per fact, each cut with an ellipsis to the box: a long name must not
            # push the seat wind, the dealer mark or the score out of view.
            total = totals[seat] + paid[seat]
            # the wind line, fullest first: in English the Chinese wind goes before the
            # dealer mark does
            winds = [(wind_name(wind, lang), "  ")]
            if lang != "zh":
                winds += [
                    (wind_name(wind, lang), " "),
                    (wind_name(wind, lang, gloss_only=True), " "),
                ]
            forms, widths = [], []
            for wind_text, gap in winds:
                t = Text(justify="center", no_wrap=True, overflow="ellipsis")
                t.append(f"{seat + 1} ", style="dim")
                t.append(short(names[seat]), style="bold")
                t.append("\n")
                t.append(wind_text)
                width = cell_len(wind_text)
                if seat == state.dealer:
                    mark = DEALER.name(lang)
                    t.append(f"{gap}{mark}", style="bold reverse")
                    width += len(gap) + cell_len(mark)
                t.append("\n")
                t.append(f"{total:+d}", style="bold")
                if paid[seat]:
                    t.append(f" ({tr('paid_now', lang)} {paid[seat]:+d})", style="italic")
                forms.append(t)
                widths.append(width)
            card.show_forms(forms, widths)
            card.set_class(seat == state.dealer, "dealer")
            card.set_class(total > 0, "up")
            card.set_class(total < 0, "down")
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
        if status.game is not None:
            hand += " · " + tr("game_no", lang, n=status.game)
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
        repaint(self.query_one("#table-info", Static), info)


class HandLog(PlainTable):
    """One row per settled hand (number, dealer, each player's delta, a summary), then the
    totals row. In a rule set with games (国标's 一局 of four wind rounds), the hand that ends
    a game is followed by that game's subtotal row.

    :meth:`show` draws every row; :meth:`show_from` redraws only the rows from a given hand
    on, touching only the cells that changed (a confirmed hand turns the totals row into its
    row and appends a new totals row; an undo does the reverse), so its cost does not grow
    with the session."""

    # A row added or removed changes the table's scrollable height, and by default any change
    # of it lays out the whole screen. The log's own size never follows its rows (its height
    # is 1fr): only a change that shows or hides a scrollbar needs a layout pass, see
    # watch_virtual_size.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        height = self.size.height
        if old.width != new.width or old.height <= height or new.height <= height:
            self.refresh(layout=True)  # the scrollbars may appear, go or change their width
            return
        # the vertical scrollbar stays: its thumb follows the new height, the scroll stays
        # within it (a removed row at the end)
        self.vertical_scrollbar.window_virtual_size = new.height
        self.scroll_y = self.validate_scroll_y(self.scroll_y)

    _removing = False

    def remove_row(self, row_key: Any) -> None:
        """DataTable's, without the layout pass of the screen it asks for: the log's size does
        not follow its rows (a scrollbar that goes is seen by watch_virtual_size)."""
        self._removing = True
        try:
            super().remove_row(row_key)
        finally:
            self._removing = False

    def refresh(self, *regions: Any, layout: bool = False, **kw: Any) -> Any:
        return super().refresh(*regions, layout=layout and not self._removing, **kw)

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._cells: list[tuple[Any, ...]] = []  # what each row shows (hands, then totals)
        self._keys: list[Any] = []  # the row keys, in row order
        self._hands: list[int | None] = []  # each row's hand (0-based), None: a sum row
        self._game_sums: dict[int, tuple[int, ...]] = {}
        self._columns_for: tuple[Any, ...] | None = None
        self._serial = 0

    def _columns(self, names: Sequence[str], lang: str) -> None:
        self.clear(columns=True)
        self._cells, self._keys, self._hands = [], [], []
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

    def hand_at(self, row: int, *, before: bool = False) -> int | None:
        """The hand (0-based) shown in ``row``; for a sum row None, or with ``before`` the
        hand above it."""
        if not 0 <= row < len(self._hands):
            return None
        if not before:
            return self._hands[row]
        return next((h for h in reversed(self._hands[: row + 1]) if h is not None), None)

    def row_of(self, index: int) -> int:
        """The row that shows hand ``index`` (0-based)."""
        try:
            return self._hands.index(index)
        except ValueError:
            return index

    def game_totals(self, game: int) -> tuple[int, ...] | None:
        """What each player won or lost in game ``game``, once it has ended."""
        return self._game_sums.get(game)

    def _rows(
        self,
        names: Sequence[str],
        outcomes: Sequence[Any],
        lang: str,
        first: int,
        hands: Sequence[Any],
        games: Any,
    ) -> list[tuple[int | None, tuple]]:
        """(hand, cells) of the rows of hands ``first``… (0-based) and the totals row; a
        hand that ends a game (``games(state)``: the game of a hand played in that state)
        is followed by the game's subtotal."""
        out: list[tuple[int | None, tuple]] = []
        for i in range(first, len(outcomes)):
            h = outcomes[i]
            out.append((i, self.row_cells(h, names, lang, hands)))
            if games is None:
                continue
            game = games(h.state)
            if game is None or games(h.result.next_state) == game:
                continue
            j = i
            while j > 0 and games(outcomes[j - 1].state) == game:
                j -= 1
            start = outcomes[j - 1].totals if j > 0 else (0, 0, 0, 0)
            sub = tuple(a - b for a, b in zip(h.totals, start, strict=True))
            self._game_sums[game] = sub
            label = tr("game_subtotal", lang, n=game)
            out.append(
                (
                    None,
                    ("", ("game", label), *(f"{t:+d}" for t in sub), tr("game_over", lang, n=game)),
                )
            )
        if outcomes:
            out.append((None, self.total_cells(outcomes[-1].totals, lang)))
        return out

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

    def _append(self, cells: tuple, hand: int | None = None) -> None:
        self._serial += 1
        key = self.add_row(*self.renderables(cells), key=f"r{self._serial}")
        self._cells.append(cells)
        self._keys.append(key)
        self._hands.append(hand)

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
        games: Any = None,
    ) -> None:
        """Draw every row again (opening the table, or after a change of the whole log);
        the cursor stays on its row unless the number of hands changed. ``games``: the
        game of a hand played in a state (None: the rule set has no games)."""
        cursor, shown = self.cursor_row, sum(h is not None for h in self._hands)
        placed = bool(self._cells)
        self._columns(names, lang)
        for hand, cells in self._rows(names, outcomes, lang, 0, hands, games):
            self._append(cells, hand)
        if errors:
            self.add_row(Text("!"), *[Text("")] * 5, Text(errors), key="error")
            self._columns_for = None  # the next change draws everything again
        if placed and len(outcomes) == shown and outcomes:
            self.move_cursor(row=min(cursor, self.row_of(len(outcomes) - 1)))
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
        games: Any = None,
    ) -> None:
        """Bring the rows of hands ``start``… (1-based) and the totals row up to date with
        ``outcomes`` (the whole session's); earlier rows are not looked at."""
        shown = sum(h is not None for h in self._hands)  # hand rows shown
        if self._columns_for != (tuple(names), lang) or start - 1 > shown:
            self.show(names, outcomes, lang, hands=hands, games=games)
            return
        want = self._rows(names, outcomes, lang, max(start - 1, 0), hands, games)
        # the first row to redraw: that hand's, or (a new hand) where the totals row is
        first = self.row_of(start - 1) if start - 1 < shown else max(len(self._cells) - 1, 0)
        for j, (hand, cells) in enumerate(want):
            if first + j < len(self._cells):
                self._put(first + j, cells)
                self._hands[first + j] = hand
            else:
                self._append(cells, hand)
        while len(self._cells) > first + len(want):
            self.remove_row(self._keys.pop())
            self._cells.pop()
            self._hands.pop()
        if len(outcomes) != shown:
            self.follow_last()

    def follow_last(self) -> None:
        """Put the cursor on the latest hand, the totals row below it in view."""
        last = self.hand_at(len(self._cells) - 1, before=True)
        if last is not None:
            self.move_cursor(row=self.row_of(last), scroll=False)
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
        *,
        paid: Sequence[int] | None = None,
    ) -> None:
        """The hand's events so far and, when some were paid at once (``paid``: the
        variant's table status), what each player has paid or received on the spot."""
        t = Text()
        t.append(
            f"{tr('current_hand', lang)} · {tr('hand_no', lang, n=hand_number)}\n", style="bold"
        )
        if not events:
            t.append(tr("no_events", lang), style="dim")
        for i, ev in enumerate(events, 1):
            t.append(f"{i}. {describe_event(ev, names, variant, lang)}\n")
        if paid and any(paid):
            t.append(f"{tr('paid_now_line', lang)}: ", style="bold")
            t.append(
                "  ".join(f"{short(n, 8)} {p:+d}" for n, p in zip(names, paid, strict=True) if p)
            )
        repaint(self, t)  # its height is fixed (#current-hand in app.tcss): never laid out
