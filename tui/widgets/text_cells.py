"""One-line plain text cells for a table, drawn without Rich's rendering machinery.

A table of 1,000 rows made a :class:`rich.text.Text` for each of its 7,000 cells before the
first frame, though only a screenful of rows is ever drawn at once, and drew each shown
cell through Rich's padding and styling layers. A :class:`PlainCell` is only the text and
its justification: it becomes a ``Text`` when something asks for one (``__rich__``), and
:func:`cell_lines` draws it straight to one line of segments, the same characters in the
same style as Rich draws them, or says it cannot (the text does not fit, or holds
characters whose drawing Rich changes) so that the caller draws it the usual way.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

_SIMPLE = {None, "default", "left", "right", "center"}


class PlainCell:
    """A cell of one line of unstyled text, justified ``left``, ``right`` or ``center``."""

    __slots__ = ("justify", "text")

    def __init__(self, text: str, justify: Any = None) -> None:
        self.text = text
        self.justify = justify

    def __rich__(self) -> Text:
        return Text(self.text, justify=self.justify)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"PlainCell({self.text!r}, {self.justify!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PlainCell):
            return self.text == other.text and self.justify == other.justify
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.text, self.justify))

    def __lt__(self, other: PlainCell) -> bool:  # (a table sorted by a column of them)
        return self.text < other.text

    def width(self) -> int | None:
        """Its width in terminal columns, None if it is not one line."""
        if "\n" in self.text or "\t" in self.text:
            return None
        return cell_len(self.text)


def cell_lines(
    cell: PlainCell, width: int, padding: int, style: Style
) -> list[list[Segment]] | None:
    """``cell`` drawn ``width`` columns wide with ``padding`` blank columns each side, all in
    ``style``: what Rich draws for ``Padding(cell, (0, padding))`` styled so and cut to one
    line. None when Rich would draw it otherwise (it does not fit, it has characters Rich
    strips or measures apart, or spaces at either end, which justifying trims)."""
    text = cell.text
    room = width - 2 * padding
    if room < 0 or cell.justify not in _SIMPLE:
        return None
    if not text.isprintable() or text != text.strip():
        return None
    gap = room - cell_len(text)
    if gap < 0:
        return None
    left = gap if cell.justify == "right" else gap // 2 if cell.justify == "center" else 0
    line = f"{' ' * (padding + left)}{text}{' ' * (gap - left + padding)}"
    return [[Segment(line, style)]]
