"""Help: the current rule set's scoring table (the variant's declared data), its options in
use, and the keys of the screen it was opened from."""

from __future__ import annotations

import dataclasses
from typing import Any

from mjscore.engine.variant import Variant
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from ..i18n import tr
from .common import B, localize_bindings


class HelpScreen(ModalScreen[None]):
    BINDINGS = [B("escape,question_mark,q", "close", "back")]

    def __init__(self, variant: Variant, rules: Any, lang: str, origin: Any = None) -> None:
        super().__init__()
        self.variant = variant
        self.rules = rules
        self.lang = lang
        self.origin = origin
        localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        v, lang = self.variant, self.lang
        with VerticalScroll(id="help"):
            yield Label(
                f"{v.data.name.name(lang)} · {tr('scoring_table', lang)}",
                classes="section",
                markup=False,
            )
            yield Static(Text(v.data.scoring.formula_in(lang)), markup=False)
            rows = [(r.name(lang), r.worth(lang)) for r in v.data.scoring_rows]
            yield Static(columns(rows), markup=False)
            yield Label(tr("options_in_use", lang), classes="section", markup=False)
            specs = {s.name: s for s in v.option_specs()}
            rows3 = []
            for f in dataclasses.fields(self.rules):
                spec = specs.get(f.name)
                desc = spec.describe(lang) if spec else ""
                value = getattr(self.rules, f.name)
                shown = spec.choice_name(value, lang) if spec and spec.choices else value
                label = spec.label(lang) if spec else f.name
                rows3.append((label, f"{shown_value(shown, lang)}  {desc}"))
            yield Static(columns(rows3), markup=False)
            yield Label(tr("keys", lang), classes="section", markup=False)
            yield Static(self.keys_table(), markup=False)
        yield Footer()

    def keys_table(self) -> Text:
        origin = self.origin
        rows: list[tuple[str, str]] = []
        seen: set[str] = set()
        if origin is not None:
            for bindings in origin._bindings.key_to_bindings.values():
                for b in bindings:
                    # only this app's own keys (Textual's generic focus/copy keys are not
                    # scorekeeping and have no translation), each action once
                    if not b.id or b.action in seen:
                        continue
                    if origin.check_action(b.action.split("(")[0], _params(b.action)) is False:
                        continue
                    seen.add(b.action)
                    # the key as the footer writes it (esc, ^e), not Textual's key name
                    rows.append((self.app.get_key_display(b), b.description))
        return columns(rows)

    def action_close(self) -> None:
        self.dismiss(None)


def shown_value(value: Any, lang: str) -> str:
    """An option's value in words (no Python reprs)."""
    if isinstance(value, bool):
        return tr("yes" if value else "no", lang)
    if value is None:
        return tr("none", lang)
    return str(value)


def columns(rows: list[tuple[str, str]], gap: int = 2) -> Text:
    """Two aligned columns as plain text (CJK-width aware)."""
    from rich.cells import cell_len

    width = max((cell_len(a) for a, _ in rows), default=0) + gap
    out = Text()
    for a, b in rows:
        out.append(a + " " * (width - cell_len(a)))
        out.append(b + "\n")
    return out


def _params(action: str) -> tuple[object, ...]:
    if "(" not in action:
        return ()
    inner = action[action.index("(") + 1 : action.rindex(")")]
    return tuple(p.strip().strip("'\"") for p in inner.split(",") if p.strip())
