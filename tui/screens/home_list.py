"""The home screen's session list: its columns and rows, in a wide or a compact layout.

A wide terminal shows every column in the order one reads a session (number, date, rules,
hands, leader, status, players). Below :data:`COMPACT_BELOW` columns the players come right
after the number, the names joined without spaces (a name is cut only past 11 cells), so
that at 80 columns every player of every session is in view, and the hands and the leader
too: the rules, the date and the status are then the ones a narrow terminal cuts, never a
name or a figure.

Only the engine's name cut is imported here (not the rule sets): the list is drawn before
anything else of the engine is needed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mjscore.engine.names import shown_name
from rich.text import Text

from ..i18n import tr, variant_name

COMPACT_BELOW = 110  # terminal columns

# (key, label, width) in order, for each layout; numbers come before the (long) players
# column in the wide layout, so that a narrow terminal cuts names, never figures
WIDE = (
    ("id", "#", 4),
    ("date", "col_date", 16),
    ("variant", "col_variant", 14),
    ("hands", "col_hands", 5),
    ("leader", "col_leader", 18),
    ("status", "col_status", 8),
    ("players", "col_players", 44),
)
COMPACT = (
    ("id", "#", 4),
    ("players", "col_players", 47),
    ("hands", "col_hands", 5),
    ("leader", "col_leader", 13),
    ("variant", "col_variant", 14),
    ("date", "col_date", 16),
    ("status", "col_status", 8),
)
# how wide each player's name and the leader's name are shown, and what joins the names
# (four names of 11 cells and their separators: with the number, the hands, the leader and
# the list's scrollbar, 79 columns)
NAMES = {False: (10, 9, " · "), True: (11, 6, "·")}


def leader(players: Sequence[str], totals: Sequence[int]) -> str | None:
    """Who leads the session (the first of equals), or None before any points moved."""
    if not any(totals):
        return None
    return players[list(totals).index(max(totals))]


def columns(lang: str, compact: bool) -> list[tuple[str, Text, int]]:
    """``(key, label, width)`` of each column, labels as Text (a str label is parsed as
    markup, which imports Rich's emoji table)."""
    return [
        (key, Text(label if key == "id" else tr(label, lang)), width)
        for key, label, width in (COMPACT if compact else WIDE)
    ]


# how each column's cells are set: the count of hands to the right, the rest to the left
JUSTIFY = {"hands": "right"}


def justify(compact: bool) -> list[str]:
    """Each column's justification, in the layout's column order."""
    return [JUSTIFY.get(key, "left") for key, _l, _w in (COMPACT if compact else WIDE)]


def rows(sessions: Iterable[Any], lang: str, compact: bool) -> Iterable[tuple[str, list[str]]]:
    """``(row key, cells)`` for each session, cells in the layout's column order, each one
    line of plain text (the table draws a cell only when it is shown)."""
    sessions = list(sessions)
    player_width, leader_width, join = NAMES[compact]
    # the same few people sit in most sessions: each name is cut once, not per row
    cut: dict[tuple[str, int], str] = {}

    def name(p: str, width: int) -> str:
        got = cut.get((p, width))
        if got is None:
            got = cut[(p, width)] = shown_name(p, width)
        return got

    variants = {v: variant_name(v, lang) for v in {s.variant for s in sessions}}
    status = {True: tr("status_ended", lang), False: tr("status_open", lang)}
    dates = _Dates()
    order = COMPACT_ORDER if compact else None
    for s in sessions:
        lead = leader(s.players, s.totals)
        cells = (
            str(s.id),
            dates.local(s.started_at),
            variants[s.variant],
            str(s.hands_played),
            f"{name(lead, leader_width)} {max(s.totals):+d}" if lead else "—",
            status[s.ended_at is not None],
            join.join(name(p, player_width) for p in s.players),
        )
        # (the wide layout's order is the cells' order)
        yield str(s.id), [cells[i] for i in order] if order else list(cells)


# the compact layout's columns as indices into the wide layout's
COMPACT_ORDER = tuple([key for key, _l, _w in WIDE].index(key) for key, _l, _w in COMPACT)


class _Dates:
    """The local date and time of ISO timestamps, to the minute (``2026-03-01 20:15``)."""

    def __init__(self) -> None:
        from datetime import datetime

        self.parse = datetime.fromisoformat

    def local(self, iso: str) -> str:
        try:
            t = self.parse(iso).astimezone()
        except (TypeError, ValueError):
            return str(iso)[:16]
        return f"{t.year:04d}-{t.month:02d}-{t.day:02d} {t.hour:02d}:{t.minute:02d}"
