"""Long tables (the hand log, a player's lifetime sessions) take a one-line text cell's
width from its text instead of measuring it through Rich: the same column widths as a
plain DataTable, without a measurement per cell."""

from __future__ import annotations

import textual.widgets._data_table as data_table
from mjscore.tui.widgets.plain_table import PlainTable
from rich.text import Text
from textual.app import App, ComposeResult
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from tests.builders import run

ROWS = [
    (Text(f"#{i} 南京 session"), Text(f"{i * 37:+d}", justify="right"), Text("x" * (i % 9)))
    for i in range(60)
]
ODD = (Text("two\nlines"), "plain [b]markup[/b]", 12345)  # measured the usual way


class Tables(App):
    def __init__(self, kind: type[DataTable]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield self.kind()

    def on_mount(self) -> None:
        for table in self.query(DataTable):
            table.add_columns("session", "net", "note")
            for row in ROWS:
                table.add_row(*row)
            table.add_row(*ODD, height=None)


def widths(table: DataTable) -> list[int]:
    return [c.content_width for c in table.ordered_columns]


async def shown(kind: type[DataTable], measured: list[object]) -> tuple:
    """(column widths, virtual size, the odd row's height, how many text cells were measured)."""
    app = Tables(kind)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.query_one(kind)
        last = table.rows[list(table.rows)[-1]]
        cells = {id(c) for row in ROWS for c in row}
        return (widths(table), table.virtual_size, last.height), sum(
            id(r) in cells for r in measured
        )


@run
async def test_same_widths_and_no_measurement_per_text_cell(monkeypatch):
    measured: list[object] = []
    real = data_table.measure

    def counting(console, renderable, default, **kw):
        measured.append(renderable)
        return real(console, renderable, default, **kw)

    monkeypatch.setattr(data_table, "measure", counting)
    plain, plain_measured = await shown(DataTable, measured)
    measured.clear()
    fast, fast_measured = await shown(PlainTable, measured)
    assert fast == plain
    assert plain_measured > 100  # every text cell of the 60 rows
    assert fast_measured == 0


class Filled(App):
    """A table filled row by row with add_row, or at once with add_text_rows."""

    def __init__(self, bulk: bool) -> None:
        super().__init__()
        self.bulk = bulk
        self.highlighted: list[int] = []

    def compose(self) -> ComposeResult:
        yield PlainTable(cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one(PlainTable)
        table.add_column("#", key="id", width=4)
        table.add_columns("session", "net", "note")
        rows = [(str(i), [Text(str(i)), *cells]) for i, cells in enumerate(ROWS)]
        if self.bulk:
            table.add_text_rows(rows)
        else:
            for key, cells in rows:
                table.add_row(*cells, key=key)
        table.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.highlighted.append(event.cursor_row)


async def filled(bulk: bool) -> tuple:
    app = Filled(bulk)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.query_one(PlainTable)
        state = (
            [k.value for k in table.rows],
            [table.get_row_at(i) for i in range(table.row_count)],
            [(r.height, r.label, r.auto_height) for r in table.rows.values()],
            table.cursor_coordinate,
            widths(table),
            table.virtual_size,
            list(app.highlighted),
        )
        screen = app.export_screenshot()
        await pilot.press("down", "down")
        await pilot.pause()
        return state, screen, table.cursor_row, list(app.highlighted)


@run
async def test_rows_added_at_once_make_the_same_table_as_row_by_row():
    assert await filled(bulk=True) == await filled(bulk=False)


@run
async def test_a_refused_row_keeps_the_rows_before_it_as_add_row_does():
    app = Filled(bulk=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.query_one(PlainTable)
        n = table.row_count
        try:
            table.add_text_rows([("new", [Text("x")] * 4), ("0", [Text("y")] * 4)])
        except Exception as e:  # noqa: BLE001 - the one DataTable raises for a taken key
            assert type(e).__name__ == "DuplicateKey"
        else:  # pragma: no cover - the point of the test
            raise AssertionError("a taken row key was accepted")
        await pilot.pause()
        assert table.row_count == n + 1 and table.get_row("new")[0].plain == "x"


@run
async def test_a_change_draws_again_only_the_cells_it_changed(monkeypatch):
    """DataTable draws every visible cell again after any change; a PlainTable draws the
    changed cell (and a new row), and a plain DataTable still shows the same lines."""
    drawn: list[tuple[int, int]] = []
    real = DataTable._render_cell

    def counting(self, row, col, *a, **kw):
        drawn.append((row, col))
        return real(self, row, col, *a, **kw)

    monkeypatch.setattr(DataTable, "_render_cell", counting)
    screens = []
    for kind in (PlainTable, DataTable):
        app = Tables(kind)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            table = app.query_one(kind)
            table.move_cursor(row=0)
            await pilot.pause()
            drawn.clear()
            key = list(table.rows)[1]
            table.update_cell(key, table.ordered_columns[1].key, Text("+999", justify="right"))
            table.add_row(Text("new"), Text("+1"), Text(""))
            await pilot.pause()
            body = [d for d in drawn if d[0] >= 0 and d[1] >= 0]
            if kind is PlainTable:
                assert sorted(set(body)) == [(1, 1)]  # the new row is below the view
            else:
                assert len(set(body)) > 20
            screens.append(
                [
                    [(s.text, s.style) for s in table.render_line(y)]
                    for y in range(table.size.height)
                ]
            )
    assert screens[0] == screens[1]


class Places(App):
    """The same rows in a DataTable and a PlainTable, the row at index 3 removed from both."""

    def compose(self) -> ComposeResult:
        yield DataTable(id="plain-datatable")
        yield PlainTable(id="plain-table")

    def on_mount(self) -> None:
        for table in self.query(DataTable):
            table.add_columns("session", "net", "note")
            table.fixed_rows, table.fixed_columns = 2, 1
            for i, row in enumerate(ROWS):
                table.add_row(*row, key=f"k{i}")
            table.remove_row("k3")


def places(table: DataTable) -> tuple:
    """Each row's region, every line's row, the total height: what the cursor and the
    scrolling read."""
    return (
        [table._get_row_region(i) for i in range(table.row_count)],
        [table._get_cell_region(Coordinate(i, j)) for i in range(table.row_count) for j in (0, 2)],
        [
            (key.value, line)  # (the header's key is each table's own: its value is None)
            for key, line in map(
                table._get_offsets, range(table._total_row_height + table.header_height)
            )
        ],
        table._total_row_height,
        table.virtual_size,
        table._get_fixed_offset(),
    )


@run
async def test_rows_of_one_line_are_placed_by_their_index_as_datatable_places_them():
    app = Places()
    async with app.run_test(size=(100, 80)) as pilot:
        await pilot.pause()
        base, fast = app.query_one("#plain-datatable"), app.query_one("#plain-table")
        assert places(fast) == places(base)
        # (the one-line table does not rebuild DataTable's lists of rows and lines for this)
        assert fast._offset_cache.keys() == set() and base._offset_cache.keys()
        fast._ordered_row_cache.clear()
        fast.move_cursor(row=30)
        assert not fast._ordered_row_cache.keys()
        for table in (base, fast):
            table.move_cursor(row=40)
        await pilot.pause()
        assert fast.scroll_y == base.scroll_y and fast.cursor_row == base.cursor_row == 40
        # a row of two lines: from then on the places are added up as DataTable does
        for table in (base, fast):
            table.add_row(*ODD, height=2, key="tall")
            table.add_row(*ROWS[0], key="after")
        await pilot.pause()
        assert places(fast) == places(base)
        assert places(fast)[0][-1].y == places(fast)[0][-2].y + 2


class Striped(App):
    """Zebra stripes, a fixed row, a header and a cursor, each in its own colour."""

    CSS = """
    DataTable > .datatable--even-row { background: darkblue; }
    DataTable > .datatable--odd-row { background: darkgreen; }
    DataTable > .datatable--fixed { background: purple; }
    DataTable > .datatable--header { background: maroon; }
    """

    def __init__(self, kind: type[DataTable]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield self.kind(zebra_stripes=True, fixed_rows=1, cursor_type="row")

    def on_mount(self) -> None:
        table = self.query_one(self.kind)
        table.add_columns("session", "net", "note")
        for row in ROWS:
            table.add_row(*row)
        table.focus()


def screen_lines(table: DataTable) -> list[list[tuple[str, object]]]:
    return [
        [(ch, seg.style) for seg in table.render_line(y) for ch in seg.text]
        for y in range(table.size.height)
    ]


@run
async def test_styles_read_once_a_frame_draw_what_datatable_draws(monkeypatch):
    """DataTable reads the table's style (a walk up its ancestors) and its row's stripe
    style again for every line it draws; PlainTable reads each once a frame. What is drawn
    is the same, stripes, fixed row, header and cursor included."""
    from textual.dom import DOMNode

    walks = []
    real = DOMNode.rich_style.fget

    def counting(node):
        walks.append(node)
        return real(node)

    views = {}
    for kind in (DataTable, PlainTable):
        app = Striped(kind)
        async with app.run_test(size=(60, 24)) as pilot:
            await pilot.pause()
            table = app.query_one(kind)
            shown = [screen_lines(table)]
            await pilot.press("down", "down", "pagedown")
            await pilot.pause()
            table.refresh()
            monkeypatch.setattr(DOMNode, "rich_style", property(counting))
            walks.clear()
            lines = table.render_lines(table.size.region)
            monkeypatch.setattr(DOMNode, "rich_style", property(real))
            views[kind] = (shown, [list(line) for line in lines], len(walks))
    assert views[PlainTable][:2] == views[DataTable][:2]
    # 22 lines of rows: DataTable walks up the tree for each of them (drawn rows are kept:
    # a row drawn for the first time costs it two walks more)
    assert views[DataTable][2] >= 22
    assert views[PlainTable][2] <= 12
