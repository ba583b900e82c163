"""Small helpers shared by the screens: localized bindings and the seat labels."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from ..i18n import tr


def localize_bindings(node: DOMNode, lang: str) -> None:
    """Replace each binding's description by the label named by its id (ids are i18n keys)."""
    keys: dict[str, list[Binding]] = {}
    for key, bindings in node._bindings.key_to_bindings.items():
        keys[key] = [replace(b, description=tr(b.id, lang)) if b.id else b for b in bindings]
    node._bindings = BindingsMap.from_keys(keys)


def B(key: str, action: str, label: str, *, show: bool = True, priority: bool = False,
      key_display: str | None = None) -> Binding:
    """A binding whose id is its i18n label key; the English label is the default description."""
    return Binding(key, action, tr(label, "en"), show=show, priority=priority, id=label,
                   key_display=key_display)
