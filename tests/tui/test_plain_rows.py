"""Rows of plain text (a player's 1,000 lifetime sessions) are kept as their texts and drawn
only when shown, straight to a line: the screen is the one ``Text`` cells draw, scrolled,
sorted, resized, under the cursor and restyled; a Resize that keeps the width and a
restyle that looks the same draw nothing again."""

from __future__ import annotations

from mjscore.tui.widgets import plain_table
from mjscore.tui.widgets.plain_table import PlainTable
from rich.text import Text
from textual.app import App, ComposeResult

from tests.builders import run

JUSTIFY = ("left", "right", "center", None, "right")


def texts(i: int) -> tuple[str, ...]:
    """Each column's text for row ``i``: CJK, signs, empty cells, a cell too wide for its
    fixed-width column, spaces at the ends (those two are drawn the usual way)."""
    return (
        f"#{i} {'南京' if i % 2 else 'Nanjing'}",
        f"{(i * 37) % 500 - 250:+d}",
        "x" * (i % 5),
        " padded " if i % 7 == 0 else f"{i % 3}",
        "a rather long note" if i % 11 == 0 else f"{i}",
    )


class Rows(App):
    CSS = "PlainTable.hot > .datatable--even-row { background: red; }"

    def __init__(self, plain: bool, n: int = 300, widths: tuple = (None,) * 4 + (8,)) -> None:
        super().__init__()
        self.plain = plain
        self.n = n
        self.widths = widths

    def compose(self) -> ComposeResult:
        yield PlainTable(cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one(PlainTable)
        for name, width in zip(("session", "net", "x", "mid", "note"), self.widths, strict=True):
            table.add_column(name, key=name, width=width)
        rows = [(str(i), texts(i)) for i in range(self.n)]
        if self.plain:
            table.add_plain_rows(rows, justify=JUSTIFY)
        else:
            table.add_text_rows(
                (key, [Text(t, justify=j) for t, j in zip(cells, JUSTIFY, strict=True)])
                for key, cells in rows
            )
        table.focus()


def screen_of(table: PlainTable) -> list[list[tuple[str, object]]]:
    """Every character shown, with its style (however it is cut into segments)."""
    return [
        [(ch, seg.style) for seg in table.render_line(y) for ch in seg.text]
        for y in range(table.size.height)
    ]


async def views(plain: bool) -> list[object]:
    app = Rows(plain)
    out: list[object] = []
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        table = app.query_one(PlainTable)
        out.append(screen_of(table))
        await pilot.press("down", "down", "pagedown", "pagedown")  # scrolled, the cursor moved
        await pilot.pause()
        out.append(screen_of(table))
        table.sort("net", key=lambda cell: int(str(cell)), reverse=True)  # texts or Text
        await pilot.pause()
        out.append(screen_of(table))
        out.append([str(c) for c in table.get_row_at(0)])
        await pilot.resize_terminal(50, 12)
        await pilot.pause()
        out.append(screen_of(table))
        table.add_class("hot")  # a component style changes: the rows are drawn again
        await pilot.pause()
        out.append(screen_of(table))
        await pilot.hover(PlainTable, offset=(3, 4))
        await pilot.pause()
        out.append(screen_of(table))
    return out


@run
async def test_plain_rows_show_what_text_rows_show():
    plain, text = await views(True), await views(False)
    assert len(plain) == len(text)
    for i, (a, b) in enumerate(zip(plain, text, strict=True)):
        assert a == b, f"view {i} differs"
    # (the views do differ from each other: each step did change what is shown)
    assert all(plain[i] != plain[i + 1] for i in (0, 1, 4, 5))


@run
async def test_plain_rows_make_no_text_until_shown_and_only_for_odd_cells(monkeypatch):
    """Only the rows with a cell Rich must draw (too wide, spaces at the ends) become Text,
    and only shown ones; every row's texts still set the columns' widths."""
    made: list[str] = []
    real = plain_table.cell_text

    def counting(text: str, justify: object = None) -> Text:
        made.append(text)
        return real(text, justify)

    monkeypatch.setattr(plain_table, "cell_text", counting)
    app = Rows(True, n=1000)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        table = app.query_one(PlainTable)
        odd_rows = [i for i in range(1000) if i % 7 == 0 or i % 11 == 0]
        assert set(made) <= {t for i in odd_rows for t in texts(i)}
        assert " padded " in made and "a rather long note" in made
        assert len(made) <= 5 * table.size.height  # (a row's cells are made together)
        widths = [c.content_width for c in table.ordered_columns]
        assert widths[0] == len("#999 Nanjing") and widths[1] == len("-250")


@run
async def test_a_resize_that_keeps_the_width_or_a_same_looking_restyle_draws_nothing(
    monkeypatch,
):
    drawn: list[int] = []
    real = PlainTable._render_cell

    def counting(self, row, col, *a, **kw):
        drawn.append(row)
        return real(self, row, col, *a, **kw)

    monkeypatch.setattr(PlainTable, "_render_cell", counting)
    app = Rows(True)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        table = app.query_one(PlainTable)
        before = screen_of(table)
        drawn.clear()
        await pilot.resize_terminal(70, 14)  # shorter: the rows left are already drawn
        await pilot.pause()
        table.add_class("cold")  # restyled, no rule for it: it looks the same
        await pilot.pause()
        assert drawn == []
        assert screen_of(table) == before[: table.size.height]
        await pilot.resize_terminal(30, 14)  # a new width: drawn again
        await pilot.pause()
        assert drawn


@run
async def test_columns_of_a_set_width_measure_no_cell_and_show_the_same(monkeypatch):
    """A column of a set width is drawn at that width: its cells are not measured (1,000
    sessions on the home screen were 7,000 measurements for nothing), and the table shows
    what the same rows as Text show."""
    measured: list[str] = []
    real = plain_table.cell_len

    def counting(text: str) -> int:
        measured.append(text)
        return real(text)

    monkeypatch.setattr(plain_table, "cell_len", counting)
    shown = []
    for plain in (True, False):
        app = Rows(plain, n=1000, widths=(12, 5, 4, 8, 8))  # as the home screen's list
        async with app.run_test(size=(70, 20)) as pilot:
            await pilot.pause()
            table = app.query_one(PlainTable)
            if plain:
                assert measured == []
            shown.append((screen_of(table), table.virtual_size))
            await pilot.press("pagedown", "down")
            await pilot.pause()
            shown.append(screen_of(table))
    assert shown[:2] == shown[2:]
