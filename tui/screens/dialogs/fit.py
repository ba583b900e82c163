"""The room an event dialog's fields get: what the screen leaves once the title, the error
line, the payment preview and the confirm line are drawn; and a line shown without laying
the dialog out again when its height stays the same."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.css.query import NoMatches
from textual.css.scalar import Scalar
from textual.widgets import Static


def fit_fields(screen: Any) -> None:
    """Give the fields of the dialog ``screen`` what is left once the title, the error
    line, the preview and the confirm line are drawn, so that they scroll (keeping the
    focused one in view) and the preview and the confirm line stay on screen whatever the
    terminal's size. The preview takes what it needs up to its own cap (45% of the
    screen); it scrolls beyond that. (A ``max-height: 1fr`` inside the auto-height dialog
    is not honoured: the fields would take their whole height.)"""
    try:
        fields = screen.query_one("#dialog-fields")
        err = screen.query_one("#dialog-error", Static)
        prev = screen.query_one("#preview", Static)
        box = screen.query_one("#dialog")
    except NoMatches:
        return  # not composed yet, or being dismissed
    width = box.content_region.width
    if width <= 0:
        return

    def need(w: Static) -> int:
        return w.get_content_height(box.content_region.size, screen.size, width)

    frame = box.outer_size.height - box.content_region.height  # its border
    title = screen.query_one("#dialog-title").outer_size.height
    keys = screen.query_one("#dialog-keys").outer_size.height or 1
    shown = min(need(prev) + 1, int(screen.size.height * 0.45))  # + its top border
    room = max(3, screen.size.height - frame - title - need(err) - max(3, shown) - keys)
    cap = fields.styles.max_height
    if cap == Scalar.from_number(room):
        return
    # a cap the fields fit under, before and after, changes nothing on screen: setting
    # it would only lay the dialog out again (the preview's height changes on most keys)
    natural = fields.virtual_size.height
    if cap is not None and cap.is_cells and natural <= min(cap.value, room):
        return
    if fields.styles.max_height != Scalar.from_number(room):
        fields.styles.max_height = room
        if screen.focused is not None:
            screen.call_after_refresh(screen.focused.scroll_visible, animate=False)


def shown(widget: Static, content: Text, *, reserve: bool = False) -> None:
    """Show ``content`` in ``widget`` unless it already shows it. The dialog is laid out
    again only when the new text needs more or fewer lines than the widget has: a layout
    pass of the dialog costs more than the rest of a key, and most keys change a line's
    text, not the number of lines. ``reserve``: an emptied widget keeps the lines its last
    text had (blank), so a preview that empties while a field is being retyped and fills
    again with as many lines is not laid out at all (see ``unreserve``)."""
    old = getattr(widget, "_mj_shown", None)
    if old == content and old.style == content.style:  # (Text's == leaves the style out)
        return
    widget._mj_shown = content  # type: ignore[attr-defined]
    size = widget.content_size
    if not widget.is_mounted or size.width <= 0:
        widget.update(content)
        return
    widget.update(content, layout=False)
    height = widget.styles.height
    if height is not None and height.is_cells:
        return  # its CSS fixes its height (a one-line message beside a field): not measured
    lines = widget.get_content_height(size, widget.app.size, size.width)
    if reserve:
        floor = getattr(widget, "_mj_floor", 0)
        if content.plain or not floor:
            widget._mj_floor = lines  # type: ignore[attr-defined]
        elif lines < floor:  # emptied: blank lines keep its height for the next text
            widget.update(Text("\n" * (floor - 1)), layout=False)
            lines = widget.get_content_height(size, widget.app.size, size.width)
    if lines != size.height:
        widget.refresh(layout=True)


def unreserve(widget: Static) -> None:
    """Forget the lines ``widget`` kept (see :func:`shown`): after a resize its text wraps
    anew."""
    widget._mj_floor = 0  # type: ignore[attr-defined]
    widget._mj_shown = None  # type: ignore[attr-defined]
