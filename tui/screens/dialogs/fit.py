"""The room an event dialog's fields get: what the screen leaves once the title, the error
line, the payment preview and the confirm line are drawn."""

from __future__ import annotations

from typing import Any

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
    if fields.styles.max_height != Scalar.from_number(room):
        fields.styles.max_height = room
        if screen.focused is not None:
            screen.call_after_refresh(screen.focused.scroll_visible, animate=False)
