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

DataTable finds a row's place by adding up the heights of the rows above it, and rebuilds its
list of every line's row after each change: both grow with the table. While every row is one
line high (all that :meth:`PlainTable.add_text_rows` makes, and ``add_row`` of height 1), a
row's place is its index, and the line at ``y`` is row ``y``: a confirmed hand in a log of
1,000 costs what it does in a log of 10.

DataTable also draws every visible cell again after any change to the table (its caches are
keyed by a count of changes): a confirmed hand, which changes two rows, drew the whole
visible log again. :class:`PlainTable` keeps each drawn cell until that cell's value, its
width, its style or its place changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import zip_longest
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.coordinate import Coordinate
from textual.geometry import Region, Spacing
from textual.widgets import DataTable
from textual.widgets._data_table import (
    DuplicateKey,
    Row,
    RowKey,
    RowRenderables,
    default_cell_formatter,
)

from .text_cells import cell_lines, cell_text, text_width


def one_line_width(cell: Any) -> int | None:
    """The width of a one-line text cell, None for anything else."""
    if isinstance(cell, Text) and "\n" not in cell.plain and "\t" not in cell.plain:
        return cell_len(cell.plain)
    return None


class _LineRows:
    """DataTable's line → (row key, line within the row) list, for rows of one line each:
    read from the rows' order when asked instead of built again after each change."""

    __slots__ = ("_table",)

    def __init__(self, table: DataTable) -> None:
        self._table = table

    def __len__(self) -> int:
        return len(self._table.rows)

    def __getitem__(self, y: int) -> tuple[RowKey, int]:
        if not 0 <= y < len(self._table.rows):
            raise IndexError(y)
        return self._table._row_locations.get_key(y), 0

    def clear(self) -> None:  # (DataTable.clear empties its list; rows are cleared anyway)
        pass


class PlainTable(DataTable):
    _tall_rows = False  # a row of more than one line, or of automatic height, was added

    def add_row(self, *cells: Any, height: int | None = 1, **kw: Any) -> RowKey:
        if height != 1:
            self._tall_rows = True
        return super().add_row(*cells, height=height, **kw)

    @property
    def _y_offsets(self) -> Any:
        if self._tall_rows:
            return DataTable._y_offsets.fget(self)  # type: ignore[attr-defined]
        return _LineRows(self)

    def _get_row_region(self, row_index: int) -> Region:
        if self._tall_rows or not self.is_valid_row_index(row_index):
            return super()._get_row_region(row_index)
        width = (
            sum(column.get_render_width(self) for column in self.columns.values())
            + self._row_label_column_width
        )
        y = row_index + (self.header_height if self.show_header else 0)
        return Region(0, y, max(self.size.width, width), 1)

    def _get_cell_region(self, coordinate: Coordinate) -> Region:
        if self._tall_rows or not self.is_valid_coordinate(coordinate):
            return super()._get_cell_region(coordinate)
        row_index, column_index = coordinate
        x = (
            sum(column.get_render_width(self) for column in self.ordered_columns[:column_index])
            + self._row_label_column_width
        )
        width = self.ordered_columns[column_index].get_render_width(self)
        y = row_index + (self.header_height if self.show_header else 0)
        return Region(x, y, width, 1)

    def _get_fixed_offset(self) -> Spacing:
        if self._tall_rows:
            return super()._get_fixed_offset()
        top = (self.header_height if self.show_header else 0) + min(self.fixed_rows, self.row_count)
        left = (
            sum(
                column.get_render_width(self)
                for column in self.ordered_columns[: self.fixed_columns]
            )
            + self._row_label_column_width
        )
        return Spacing(top, 0, 0, left)

    def add_plain_rows(
        self, rows: Iterable[tuple[str, Sequence[str]]], *, justify: Sequence[Any] = ()
    ) -> None:
        """Add ``(key, texts)`` rows of one-line plain text, ``justify[j]`` (``"left"``,
        ``"right"``, ``"center"``; left where not given) for column ``j``: the table
        ``add_text_rows`` makes of ``Text(text, justify=...)`` cells, but the table keeps
        the texts (``get_row`` gives them back) and draws a cell only when it is shown."""
        how = dict(zip((c.key for c in self.ordered_columns), justify, strict=False))
        self._add_rows(rows, how)  # (a refused row, and those after it, are not added)
        if self.is_mounted:
            # their widths are their texts' (no measuring), so they are taken now rather than
            # when the app is next idle: a table as wide as its columns is laid out once, at
            # its width, not first at the width of no rows and then again
            new, self._new_rows = self._new_rows, set()
            self._update_dimensions(new)

    def add_text_rows(self, rows: Iterable[tuple[str, Sequence[Any]]]) -> None:
        """Add ``(key, cells)`` rows of height 1 without labels, in order: the same table
        as ``add_row(*cells, key=key)`` for each, in one step."""
        self._add_rows(rows, None)

    def _add_rows(self, rows: Iterable[tuple[str, Sequence[Any]]], how: Any) -> None:
        """add_text_rows; with ``how`` (the columns' justification), rows of plain texts."""
        plain = self._plain_rows
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
                if how is not None:
                    plain[row_key] = how
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

    def __init__(self, *args: Any, **kw: Any) -> None:
        # (row, column, look) → (the value drawn, its lines): kept across changes elsewhere
        self._drawn_cells: LRUCache[tuple[Any, ...], tuple[Any, Any]] = LRUCache(4000)
        # the rows added by add_plain_rows: their columns' justification
        self._plain_rows: dict[RowKey, dict[Any, Any]] = {}
        super().__init__(*args, **kw)

    def _clear_caches(self) -> None:
        super()._clear_caches()
        self._drawn_cells.clear()

    def clear(self, columns: bool = False) -> Any:
        self._plain_rows.clear()
        self._tall_rows = False
        return super().clear(columns)

    def remove_row(self, row_key: Any) -> None:
        super().remove_row(row_key)
        self._plain_rows.pop(RowKey(row_key) if isinstance(row_key, str) else row_key, None)

    def _compute_row_renderables(self, row_index: int) -> Any:
        row_key = self._row_locations.get_key(row_index) if row_index >= 0 else None
        how = self._plain_rows.get(row_key) if row_key is not None else None
        if how is None:
            return super()._compute_row_renderables(row_index)
        cells = self._data.get(row_key, {})
        out = []
        for column in self.ordered_columns:
            value = cells.get(column.key)
            if isinstance(value, str):  # a text, not markup
                value = cell_text(value, how.get(column.key))
            out.append(Text() if value is None else default_cell_formatter(value, False, 1))
        return RowRenderables(None, out)

    _look: tuple[Any, ...] | None = None  # the styles the drawn cells were drawn with
    _drawn_look: tuple[Any, ...] | None = None  # the styles of what DataTable's caches hold
    _drawn_width: int | None = None  # the width DataTable's caches were drawn for

    def notify_style_update(self) -> None:
        # The focus moving to a dialog and back (or the theme changing) restyles the table.
        # DataTable drops every drawn line then; here they are dropped only if the table's
        # styles did change (render_lines compares them), and the cells drawn in each look
        # are kept under that look, not all drawn again. (Its component styles are only
        # known after this call, so the comparison waits for the next frame.)
        super(DataTable, self).notify_style_update()
        self._look = None
        self.refresh()

    def look(self) -> tuple[Any, ...]:
        if self._look is None:
            self._look = (
                self.rich_style,
                self.background_colors,
                *(
                    self.get_component_rich_style(c, partial=True)
                    for c in sorted(self.COMPONENT_CLASSES)
                ),
            )
        return self._look

    def render_lines(self, crop: Any) -> Any:
        self._look = None  # (a component style can change without notify_style_update)
        look = self.look()
        if look != self._drawn_look:
            if self._drawn_look is not None:
                self._restyled()
            self._drawn_look = look
        if self.size.width != self._drawn_width:  # the rows' lines span the table's width
            self._update_count += 1
            self._drawn_width = self.size.width
        self._frame_styles = {"table": look[0]}
        try:
            return super().render_lines(crop)
        finally:
            self._frame_styles = None

    # The styles DataTable reads again for every line it draws: the table's own (a walk up
    # its ancestors) and its rows' (the zebra stripes, the header, the fixed rows). They
    # cannot change while one frame is drawn, so each is read once per frame.
    _frame_styles: dict[Any, Style] | None = None

    @property
    def rich_style(self) -> Style:
        styles = self._frame_styles
        if styles is not None:
            return styles["table"]
        return super().rich_style

    def _get_row_style(self, row_index: int, base_style: Style) -> Style:
        styles = self._frame_styles
        if styles is None:
            return super()._get_row_style(row_index, base_style)
        if row_index == -1:
            kind: Any = "header"
        elif row_index < self.fixed_rows:
            kind = "fixed"
        elif self.zebra_stripes:
            kind = row_index % 2
        else:
            return base_style
        style = styles.get(kind)
        if style is None:
            style = styles[kind] = super()._get_row_style(row_index, base_style)
        return style

    def _restyled(self) -> None:
        """What DataTable's notify_style_update drops: lines drawn in the old styles."""
        self._row_render_cache.clear()
        self._cell_render_cache.clear()
        self._row_renderable_cache.clear()
        self._line_cache.clear()
        self._get_styles_to_render_cell.cache_clear()

    def _on_resize(self, event: events.Resize) -> None:
        # DataTable draws every line again after any Resize, as the rows' lines are drawn
        # to the table's width; render_lines does so when the width it draws for changed
        # (a screen coming back, a taller window change nothing drawn)
        event.prevent_default()

    def _render_cell(
        self,
        row_index: int,
        column_index: int,
        base_style: Any,
        width: int,
        cursor: bool = False,
        hover: bool = False,
    ) -> Any:
        if row_index < 0 or column_index < 0:  # the header, a row label: as DataTable does
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        row_key = self._row_locations.get_key(row_index)
        column_key = self._column_locations.get_key(column_index)
        row = self.rows.get(row_key)
        value = self._data.get(row_key, {}).get(column_key)
        key = (
            row_key,
            column_key,
            row_index,
            row.height if row is not None else None,
            base_style,
            width,
            cursor,
            hover,
            self._show_hover_cursor,
            self._pseudo_class_state,
            self.look(),
            self.show_cursor,
            self.cursor_foreground_priority,
            self.cursor_background_priority,
        )
        drawn = self._drawn_cells.get(key)
        if drawn is not None and drawn[0] is value:
            return drawn[1]
        lines = None
        how = self._plain_rows.get(row_key)
        if how is not None and isinstance(value, str) and row is not None and row.height == 1:
            justify = how.get(column_key)
            lines = self._plain_cell(
                value, justify, row_index, column_index, base_style, width, cursor, hover
            )
        if lines is None:
            lines = super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        self._drawn_cells[key] = (value, lines)
        return lines

    def _plain_cell(
        self,
        text: str,
        justify: Any,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool,
        hover: bool,
    ) -> Any:
        """The cell's one line in the styles DataTable would draw it in (None: draw it the
        usual way)."""
        fixed = row_index < self.fixed_rows or column_index < self.fixed_columns
        component, post = self._get_styles_to_render_cell(
            False,
            False,
            fixed,
            hover,
            cursor,
            self.show_cursor,
            self._show_hover_cursor,
            self.cursor_foreground_priority == "css",
            self.cursor_background_priority == "css",
        )
        style = base_style + Style.from_meta({"row": row_index, "column": column_index})
        style += component
        if post:
            style += post
        return cell_lines(text, justify, width, self.cell_padding, style)

    def _update_dimensions(self, new_rows: Iterable[Any]) -> None:
        # A column of a set width is drawn at that width whatever its cells' widths (its
        # content width is not read): only the columns sized by their cells are measured.
        columns = [c for c in self.ordered_columns if c.auto_width]
        keys = [c.key for c in columns]
        plain = self._plain_rows
        rest = []
        for key in new_rows:
            row = self.rows.get(key)
            cells = self._data.get(key)
            if row is None or cells is None:
                continue  # removed before the table was idle
            if key in plain:
                if not keys:  # (a plain row has no label and is one line high)
                    continue
                texts = [cells.get(k) for k in keys]
                if all(t.__class__ is str and "\n" not in t and "\t" not in t for t in texts):
                    for column, text in zip(columns, texts, strict=True):
                        width = cell_len(text)
                        if width > column.content_width:
                            column.content_width = width
                    continue
                widths = [self._plain_width(t) for t in texts]
            else:
                widths = [one_line_width(cells.get(c.key)) for c in columns]
            if row.label is not None or row.auto_height or None in widths:
                rest.append(key)
                continue
            for column, width in zip(columns, widths, strict=True):
                if width > column.content_width:
                    column.content_width = width
        super()._update_dimensions(rest)  # the others, and the table's virtual size

    @staticmethod
    def _plain_width(value: Any) -> int | None:
        if isinstance(value, str):
            return text_width(value)
        return 0 if value is None else one_line_width(value)
