"""The club screens: the standings of every player, and a night's totals and settle-up.

Both show what :mod:`db.club` computed (through :mod:`engine.standings` and
:mod:`engine.night`), laid out by :mod:`tui.club_text`; nothing is worked out here."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ..club_text import night_lines, standings_lines
from .common import localize

LABELS: dict[str, tuple[str, str]] = {
    "back": ("返回", "Back"),
    "variant": ("换规则", "Rule set"),
    "standings": ("排名", "Standings"),
    "night": ("牌局之夜", "Night"),
    "all": ("全部规则", "all rule sets"),
}


def L(key: str, lang: str) -> str:
    zh, en = LABELS[key]
    return zh if lang == "zh" else en


class _TextScreen(Screen):
    DEFAULT_CSS = """
    _TextScreen #club-text { padding: 0 1; width: auto; }
    """

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        localize(self, LABELS, "club_", lang)

    def compose(self) -> ComposeResult:
        yield Header()
        with ScrollableContainer():  # long lines scroll sideways rather than wrap
            yield Static("", id="club-text", markup=False)
        yield Footer()

    def show(self, lines: list[str]) -> None:
        self.query_one("#club-text", Static).update("\n".join(lines))

    def action_back(self) -> None:
        self.dismiss()


class StandingsScreen(_TextScreen):
    """Every player's standing over the ledger; ``v`` cycles through the rule sets."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="club_back"),
        Binding("v", "cycle_variant", "Rule set", id="club_variant"),
    ]

    def __init__(self, ledger: Any, lang: str) -> None:
        super().__init__(lang)
        self.ledger = ledger
        self.variant: str | None = None

    def on_mount(self) -> None:
        self.refill()

    def refill(self) -> None:
        from mjscore.db.club import ledger_standings

        from ..i18n import variant_name

        rows = ledger_standings(self.ledger, variant=self.variant)
        which = (
            L("all", self.lang) if self.variant is None else variant_name(self.variant, self.lang)
        )
        self.title = f"{L('standings', self.lang)} · {which}"
        self.show(standings_lines(rows, self.lang, self.variant))

    def action_cycle_variant(self) -> None:
        from mjscore.engine.record import VARIANTS

        order: list[str | None] = [None, *VARIANTS]
        self.variant = order[(order.index(self.variant) + 1) % len(order)]
        self.refill()


class NightScreen(_TextScreen):
    """The night a session belongs to: every table's totals and one settle-up."""

    BINDINGS = [Binding("escape", "back", "Back", id="club_back")]

    def __init__(self, ledger: Any, session_id: int, lang: str) -> None:
        super().__init__(lang)
        self.ledger = ledger
        self.session_id = session_id

    def on_mount(self) -> None:
        from mjscore.db.club import session_night

        n = session_night(self.ledger, self.session_id)
        self.title = f"{L('night', self.lang)} {n.date or ''}".strip()
        self.show(night_lines(n, self.lang))
