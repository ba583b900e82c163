"""A DataTable whose one-line text cells are measured by their text alone.

Textual's DataTable measures every new cell with Rich's measuring protocol (a console
options object per cell), which for a table of 1,000 rows of 7 columns costs more than
everything else on the screen. A cell that is one line of :class:`rich.text.Text` is as
wide as its text, so :class:`PlainTable` takes that width directly; any other cell (a row
label, a row of automatic height, a cell of several lines or another renderable) is
measured the usual way. The widths, and so what is drawn, are the same.

:meth:`PlainTable.add_text_rows` adds many one-line rows at once: what ``add_row`` does
for each, with the table's own bookkeeping (its columns in order, the cursor, the idle
check) done once for all of them instead of once per row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import zip_longest
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable
from textual.widgets._data_table import DuplicateKey, Row, RowKey


def one_line_width(cell: Any) -> int | None:
    """The width of a one-line text cell, None for anything else."""
    if isinstance(cell, Text) and "\n" not in cell.plain and "\t" not in cell.plain:
        return cell_len(cell.plain)
    return None


class PlainTable(DataTable):
    def add_text_rows(self, rows: Iterable[tuple[str, Sequence[Any]]]) -> None:
        """Add ``(key, cells)`` rows of height 1 without labels, in order: the same table
        as ``add_row(*cells, key=key)`` for each, in one step."""
        columns = [c.key for c in self.ordered_columns]
        locations, data, table_rows, new = (
            self._row_locations,
            self._data,
            self.rows,
            self._new_rows,
        )
        first = index = self.row_count
        try:
            for key, cells in rows:
                row_key = RowKey(key)
                if row_key in locations:
                    raise DuplicateKey(f"The row key {row_key!r} already exists.")
                if len(cells) > len(columns):
                    raise ValueError("More values provided than there are columns.")
                locations[row_key] = index
                data[row_key] = dict(zip_longest(columns, cells))
                table_rows[row_key] = Row(row_key, 1, None, False)
                new.add(row_key)
                index += 1
        finally:  # (the rows before a refused one are in, as with add_row)
            if index > first:
                self._rows_added(first)

    def _rows_added(self, first: int) -> None:
        self._require_update_dimensions = True
        self.cursor_coordinate = self.cursor_coordinate
        # the first row of an empty table makes a cursor appear (add_row says so then)
        if first == 0 and self.columns and self.show_cursor and self.cursor_type != "none":
            self._highlight_cursor()
        self._update_count += 1
        self.check_idle()

    def _update_dimensions(self, new_rows: Iterable[Any]) -> None:
        columns = self.ordered_columns
        rest = []
        for key in new_rows:
            row = self.rows.get(key)
            cells = self._data.get(key)
            if row is None or cells is None:
                continue  # removed before the table was idle
            widths = [one_line_width(cells.get(c.key)) for c in columns]
            if row.label is not None or row.auto_height or None in widths:
                rest.append(key)
                continue
            for column, width in zip(columns, widths, strict=True):
                if width > column.content_width:
                    column.content_width = width
        super()._update_dimensions(rest)  # the others, and the table's virtual size
