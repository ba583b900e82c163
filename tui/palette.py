"""The command palette in the app's language: its placeholder, its "no matches" line, the
theme search and Textual's built-in commands (theme, quit, keys, maximize, screenshot),
which Textual names in English."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from rich.align import Align
from rich.text import Text
from textual.app import SystemCommand
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from .i18n import tr

# Textual's English title or help of a built-in command -> the label that says it
_TITLES = {
    "Theme": "sys_theme",
    "Quit": "sys_quit",
    "Keys": "sys_keys",
    "Maximize": "sys_maximize",
    "Minimize": "sys_minimize",
    "Screenshot": "sys_screenshot",
}
_HELPS = {
    "Change the current theme": "sys_theme_help",
    "Quit the application as soon as possible": "sys_quit_help",
    "Show help for the focused widget and a summary of available keys": "sys_keys_show",
    "Hide the keys and widget help panel": "sys_keys_hide",
    "Maximize the focused widget": "sys_maximize_help",
    "Minimize the widget and restore to normal size": "sys_minimize_help",
    "Save an SVG 'screenshot' of the current screen": "sys_screenshot_help",
}

# the descriptions of Textual's own key bindings (screen and app), as the palette lists them
_BINDINGS = {
    "Focus Next": "sys_focus_next",
    "Focus Previous": "sys_focus_previous",
    "Copy selected text": "sys_copy",
    "Quit": "sys_quit",
}


def binding_word(description: str, lang: str) -> str:
    """A key binding's description, Textual's own ones in the app's language."""
    return tr(_BINDINGS[description], lang) if description in _BINDINGS else description


def system_commands(app: Any, commands: Iterable[SystemCommand]) -> Iterable[SystemCommand]:
    """Textual's built-in commands, named in the app's language (one Textual adds later and
    this table does not know keeps its own words)."""
    lang = app.lang
    for c in commands:
        title = tr(_TITLES[c.title], lang) if c.title in _TITLES else c.title
        help_text = tr(_HELPS[c.help], lang) if c.help in _HELPS else c.help
        callback = c.callback
        if c.title == "Screenshot":
            callback = partial(app.set_timer, 0.1, partial(screenshot, app))
        yield SystemCommand(title, help_text, callback, c.discover)


def screenshot(app: Any) -> None:
    """Save the screen as SVG in the downloads folder and say where, in the app's language."""
    from platformdirs import user_downloads_path

    lang = app.lang
    try:
        path = app.save_screenshot(path=str(user_downloads_path()))
    except OSError as e:
        app.notify(str(e), title=tr("sys_screenshot", lang), severity="error", markup=False)
        return
    app.notify(
        tr("sys_screenshot_saved", lang, path=path), title=tr("sys_screenshot", lang), markup=False
    )


class Palette(CommandPalette):
    """Textual's command palette with its placeholder and "no matches" line translated."""

    def __init__(self, lang: str, placeholder: str = "palette_search", **kw: Any) -> None:
        super().__init__(placeholder=tr(placeholder, lang), **kw)
        self.lang = lang

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual's own countdown, with its "No matches found" said in the app's language
        self._stop_no_matches_countdown()

        def show() -> None:
            if search_value:
                line = Text(tr("palette_no_match", self.lang), style="not bold")
                self.query_one(CommandList).add_option(
                    Option(Align.center(line), disabled=True, id=self._NO_MATCHES)
                )
            self._list_visible = bool(search_value)

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show)
