"""Keyboard-first choosers: a row of options each with its own key.

``Picker`` shows ``[1] 阿明  [2] 小芳 …``; pressing an option's key (or clicking it) chooses
it and posts :class:`Picker.Chosen`. ``SeatPicker`` adds choosing a player by typing the
start of the name. Names are drawn as plain text, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .describe import short


@dataclass(frozen=True, slots=True)
class Choice:
    key: str  # the key that picks it ("1", "e", "0")
    label: str
    value: Any
    enabled: bool = True


class Picker(Widget, can_focus=True):
    """A one-line chooser. ``value`` is the chosen option's value (``None`` = nothing yet,
    unless an option itself has the value None: see ``chosen``)."""

    @dataclass
    class Chosen(Message):
        picker: Picker
        value: Any
        advance: bool = True  # False: the screen already moved on (type-ahead path)

        @property
        def control(self) -> Picker:
            return self.picker

    index: reactive[int | None] = reactive(None)

    def __init__(
        self,
        choices: Sequence[Choice],
        *,
        value: Any = ...,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._choices = list(choices)
        self.picks = 0  # how many times a key or click chose an option
        if value is not ...:
            self.set_reactive(Picker.index, self._index_of(value))

    def key_of(self, value: Any) -> str | None:
        """The key that picks ``value`` (None if no choice has it)."""
        i = self._index_of(value)
        return None if i is None else self._choices[i].key

    def _index_of(self, value: Any) -> int | None:
        for i, c in enumerate(self._choices):
            if c.value == value:
                return i
        return None

    @property
    def chosen(self) -> bool:
        return self.index is not None

    @property
    def value(self) -> Any:
        return None if self.index is None else self._choices[self.index].value

    def set_choices(self, choices: Sequence[Choice]) -> None:
        old = self.value if self.chosen else ...
        self._choices = list(choices)
        i = self._index_of(old) if old is not ... else None
        if i is not None and not self._choices[i].enabled:
            i = None
        self.index = i
        self.refresh()

    def set_enabled(self, value: Any, enabled: bool) -> None:
        if all(c.enabled == enabled for c in self._choices if c.value == value):
            return  # nothing changes: no repaint (the win dialog asks on every key)
        self._choices = [
            Choice(c.key, c.label, c.value, enabled) if c.value == value else c
            for c in self._choices
        ]
        if self.chosen and self.value == value and not enabled:
            self.index = None
        self.refresh()

    def disabled_choice(self, key: str) -> Choice | None:
        """The option ``key`` would pick if it were not disabled now (a seat already taken)."""
        return next((c for c in self._choices if c.key == key and not c.enabled), None)

    @property
    def pending(self) -> tuple[Choice, ...]:
        """The options the start of a name typed so far still fits (none by default)."""
        return ()

    def choose(self, value: Any) -> bool:
        i = self._index_of(value)
        if i is None or not self._choices[i].enabled:
            return False
        self._pick(i)
        return True

    def _pick(self, i: int, advance: bool = True) -> None:
        self.picks += 1
        self.index = i
        self.post_message(self.Chosen(self, self._choices[i].value, advance))

    def render(self) -> Text:
        text = Text(no_wrap=False)
        for i, c in enumerate(self._choices):
            if i:
                text.append("  ")
            style = "reverse bold" if i == self.index else ("dim strike" if not c.enabled else "")
            click = Style(
                meta={"@click": f"pick_index({i})"}
            )  # mouse: click an option to choose it
            text.append(f"[{c.key}] ", style=Style.parse("bold" if c.enabled else "dim") + click)
            text.append(c.label, style=Style.parse(style or "none") + click)
        return text

    def on_key(self, event: events.Key) -> None:
        if self._handle_key(event.key, event.character):
            event.stop()
            event.prevent_default()

    def handle_key_now(self, key: str, character: str | None) -> bool:
        """Handle ``key`` at once (the screen moves the focus on itself). True if used."""
        return False if self.disabled else self._handle_key(key, character, advance=False)

    def _handle_key(self, key: str, character: str | None, advance: bool = True) -> bool:
        if character and "\uff01" <= character <= "\uff5e":  # full width: its ASCII key
            key = character = chr(ord(character) - 0xFEE0)
        for i, c in enumerate(self._choices):
            if c.enabled and key == c.key:
                self._pick(i, advance)
                return True
        if key in ("left", "right") and self._choices:
            enabled = [i for i, c in enumerate(self._choices) if c.enabled]
            if not enabled:
                return True
            cur = (
                self.index
                if self.index in enabled
                else (enabled[0] if key == "right" else enabled[-1])
            )
            pos = enabled.index(cur)
            if self.index is not None:
                pos = (pos + (1 if key == "right" else -1)) % len(enabled)
            self.index = enabled[pos]  # arrows move the choice; they do not leave the row
            self.post_message(self.Chosen(self, self._choices[enabled[pos]].value, False))
            return True
        return False

    def action_pick_index(self, i: int) -> None:
        if 0 <= i < len(self._choices) and self._choices[i].enabled and not self.disabled:
            self.focus()
            self._pick(i)


class SeatPicker(Picker):
    """Choose a seat by number (1-4), by the start of a player's name, or by click.

    ``extra`` adds one more option, e.g. ``("0", <the self-draw term>, None)``.
    """

    def __init__(
        self,
        names: Sequence[str],
        *,
        extra: tuple[str, str, Any] | None = None,
        value: Any = ...,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        self.names = list(names)
        choices = []
        if extra is not None:
            choices.append(Choice(extra[0], extra[1], extra[2]))
        choices += [Choice(str(i + 1), short(n), i) for i, n in enumerate(names)]
        super().__init__(choices, value=value, id=id, classes=classes)
        self._prefix = ""

    @property
    def pending(self) -> tuple[Choice, ...]:
        if not self._prefix:
            return ()
        return tuple(
            self._choices[self._index_of(i)]  # type: ignore[index]
            for i in self._seats(self._prefix)
        )

    def _seats(self, prefix: str) -> list[int]:
        return [
            i
            for i, n in enumerate(self.names)
            if n.casefold().startswith(prefix) and self._choices[self._index_of(i)].enabled  # type: ignore[index]
        ]

    def _handle_key(self, key: str, character: str | None, advance: bool = True) -> bool:
        if key in ("left", "right"):
            self._prefix = ""
            return super()._handle_key(key, character, advance)
        if super()._handle_key(key, character, advance):
            self._prefix = ""
            return True
        if (
            character
            and character.isprintable()
            and not character.isspace()
            and key not in ("escape", "enter", "tab")
        ):
            prefix = (self._prefix + character).casefold()
            seats = self._seats(prefix)
            if not seats:
                prefix = character.casefold()
                seats = self._seats(prefix)
            if len(seats) == 1:
                self._prefix = ""
                self._pick(self._index_of(seats[0]), advance)  # type: ignore[arg-type]
                return True
            if seats:
                self._prefix = prefix
                return True
        return False
