"""A text field that is redrawn, not laid out again, when its text changes.

Textual's Input sets its scrollable (virtual) width to the text's width on every key, and a
widget's virtual size asks for a layout of the whole screen when it changes. A field of a
fixed width (every dialog field: see ``.frow Input`` in app.tcss) keeps its size whatever it
holds: only its own scrolling depends on the text's width, and that is read on the spot. A
field whose width or height is ``auto`` is still laid out again by Input itself."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input


class FieldInput(Input):
    """An Input whose changing text width repaints the field without a layout pass."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
