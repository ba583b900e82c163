"""One-line plain text cells for a table, drawn without Rich's rendering machinery.

A table of 1,000 rows made a :class:`rich.text.Text` for each of its 7,000 cells before the
first frame, though only a screenful of rows is ever drawn at once, and drew each shown
cell through Rich's padding and styling layers. A plain cell is its text alone (a ``str``,
which the garbage collector does not even track) and its column's justification:
:func:`cell_text` makes the ``Text`` when something asks for one, and :func:`cell_lines`
draws it straight to one line of segments, the same characters in the same style as Rich
draws that ``Text``, or says it cannot (the text does not fit, or holds characters whose
drawing Rich changes) so that the caller draws it the usual way.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

_SIMPLE = {None, "default", "left", "right", "center"}


def cell_text(text: str, justify: Any = None) -> Text:
    """The ``Text`` a plain cell stands for."""
    return Text(text, justify=justify)


def text_width(text: str) -> int | None:
    """A plain cell's width in terminal columns, None if it is not one line."""
    if "\n" in text or "\t" in text:
        return None
    return cell_len(text)


def cell_lines(
    text: str, justify: Any, width: int, padding: int, style: Style
) -> list[list[Segment]] | None:
    """``Text(text, justify=justify)`` drawn ``width`` columns wide with ``padding`` blank
    columns each side, all in ``style``: what Rich draws for ``Padding(cell, (0, padding))``
    styled so and cut to one line. None when Rich would draw it otherwise (it does not fit,
    it has characters Rich strips or measures apart, or spaces at either end, which
    justifying trims)."""
    room = width - 2 * padding
    if room < 0 or justify not in _SIMPLE:
        return None
    if not text.isprintable() or text != text.strip():
        return None
    gap = room - cell_len(text)
    if gap < 0:
        return None
    left = gap if justify == "right" else gap // 2 if justify == "center" else 0
    line = f"{' ' * (padding + left)}{text}{' ' * (gap - left + padding)}"
    return [[Segment(line, style)]]
