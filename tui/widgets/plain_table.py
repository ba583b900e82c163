"""A DataTable whose one-line text cells are measured by their text alone.

Textual's DataTable measures every new cell with Rich's measuring protocol (a console
options object per cell), which for a table of 1,000 rows of 7 columns costs more than
everything else on the screen. A cell that is one line of :class:`rich.text.Text` is as
wide as its text, so :class:`PlainTable` takes that width directly; any other cell (a row
label, a row of automatic height, a cell of several lines or another renderable) is
measured the usual way. The widths, and so what is drawn, are the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable


def one_line_width(cell: Any) -> int | None:
    """The width of a one-line text cell, None for anything else."""
    if isinstance(cell, Text) and "\n" not in cell.plain and "\t" not in cell.plain:
        return cell_len(cell.plain)
    return None


class PlainTable(DataTable):
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
