"""A block of on/off items (patterns, situation flags), each with a one-letter hotkey.

A count item (a kong-chain flag: n kongs) counts up, off → 1 → 2 → … → its largest → off,
and shows what the next press gives. Posts
:class:`Toggles.Changed` after every change.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget


@dataclass(slots=True)
class ToggleItem:
    id: str
    label: str
    hint: str = ""  # used to choose a hotkey (e.g. the English name)
    max_count: int = 1  # > 1: cycles through counts
    value: int = 0
    key: str = ""
    hidden: bool = False  # not offered now (it would change nothing): not shown, no key
    # applied by the engine whatever is pressed (derived from what is logged): shown ticked,
    # its key does nothing; ``value`` keeps what the user chose
    auto: bool = False

    def next_value(self) -> int:
        """Off → 1 → 2 → … → ``max_count`` → off: each press counts one up."""
        if self.max_count <= 1:
            return 0 if self.value else 1
        return self.value + 1 if 0 <= self.value < self.max_count else 0


def assign_keys(items: Sequence[ToggleItem], reserved: Iterable[str] = ()) -> None:
    """Give each item a distinct lowercase letter: the one it was given (its declared
    hotkey), else the first letters of its hint words, then any letter of the hint, then any
    free letter."""
    used = set(reserved)
    for it in items:
        if it.key and it.key not in used:
            used.add(it.key)
        else:
            it.key = ""
    for it in items:
        if it.key:
            continue
        words = [w for w in (it.hint or it.id).replace("_", " ").lower().split() if w]
        cands = (
            [w[0] for w in words] + [ch for w in words for ch in w] + list(string.ascii_lowercase)
        )
        for ch in cands:
            if ch in string.ascii_lowercase and ch not in used:
                it.key = ch
                used.add(ch)
                break


class Toggles(Widget, can_focus=True):
    @dataclass
    class Changed(Message):
        toggles: Toggles

        @property
        def control(self) -> Toggles:
            return self.toggles

    def __init__(
        self, items: Sequence[ToggleItem], *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.items = list(items)
        self.cursor = 0
        self.auto_word = ""  # said after an item the engine applies by itself

    def values(self) -> dict[str, int]:
        return {it.id: it.value for it in self.items if it.value and not it.hidden}

    def press(self, key: str) -> bool:
        for it in self.items:
            if it.key == key and not it.hidden:
                if it.auto and not it.value:
                    return True  # applied anyway: it cannot be unticked
                it.value = it.next_value()
                self.refresh(layout=True)
                self.post_message(self.Changed(self))
                return True
        return False

    def render(self) -> Text:
        text = Text()
        first = True
        for i, it in enumerate(self.items):
            if it.hidden:
                continue
            if not first:
                text.append("   ")
            first = False
            ticked = it.value or it.auto
            box = "☑" if ticked else "☐"
            style = (
                "bold reverse"
                if self.has_focus and i == self.cursor
                else ("bold" if ticked else "")
            )
            click = Style(
                meta={"@click": f"press_key({it.key!r})"}
            )  # mouse: click an item to toggle it
            text.append(f"[{it.key}]", style=Style(bold=True) + click)
            text.append(f"{box} {it.label}", style=Style.parse(style or "none") + click)
            if it.auto and not it.value and self.auto_word:
                text.append(f" ({self.auto_word})", style=Style(dim=True) + click)
            if it.max_count > 1 and it.value:
                text.append(f" ×{it.value}", style=Style(bold=True) + click)
                nxt = it.next_value()
                then = f"×{nxt}" if nxt else "☐"
                text.append(
                    f" ({it.key} → {then}, 1–{it.max_count})", style=Style(dim=True) + click
                )
        return text

    def on_key(self, event: events.Key) -> None:
        if self.take_key(event.key):
            event.stop()
            event.prevent_default()

    def take_key(self, key: str) -> bool:
        """Arrows move the cursor, space toggles it, an item's letter toggles that item."""
        if key in ("left", "right") and self.items:
            self.cursor = (self.cursor + (1 if key == "right" else -1)) % len(self.items)
            self.refresh()
            return True
        if key == "space" and self.items:
            return self.press(self.items[self.cursor].key)
        return self.press(key)

    def action_press_key(self, key: str) -> None:
        self.press(key)

    def set_value(self, item_id: str, value: int) -> None:
        for it in self.items:
            if it.id == item_id:
                it.value = value
        self.refresh(layout=True)
        self.post_message(self.Changed(self))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
