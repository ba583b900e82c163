"""Standings: each player's figures over a set of sessions (a season, a month, one rule set).

The figures of each session are those of :func:`engine.stats.session_stats` (wins, deal-ins
— 承包 payer yes, robbed kong no —, hands, the biggest win); on top of them:

- **placings**: the count of 1st, 2nd, 3rd and 4th places over the sessions, by each
  session's point totals, ties sharing the better place (:mod:`engine.placings`); the
  average place is their mean;
- **points** are added only within a rule set (keyed by its id: ``nanning`` …), since the
  rule sets score on different scales;
- **money** is the exact Σ points × stake (unrounded), comparable across rule sets;
- for 国标 also the **标准分** (4/2/1/0 per session, ties split) summed over its sessions.

Players are matched by their name key (:func:`engine.names.name_key`) and shown with the
spelling first met.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

from .core import Replay
from .money import plain
from .names import name_key
from .placings import fraction_text, places, standard_points
from .record import Session
from .stats import PlayerStats, WinRecord, _bigger, session_stats

STANDARD_VARIANT = "guobiao"  # the rule set whose competitions rank by 标准分


@dataclass(frozen=True, slots=True, kw_only=True)
class Played:
    """One session as standings and nights see it."""

    label: str  # "#12" in a ledger
    session: Session
    replay: Replay
    started_at: str  # UTC, ISO 8601
    table: str = ""

    def local_date(self, tz: Any = None) -> str:
        """The local date (ISO) the session started on: a night past midnight stays one."""
        return local_date(self.started_at, tz)

    def player(self, seat: int) -> str:
        """Who is credited with ``seat``'s figures: the one place where the person who
        played a seat is decided (a substitute playing part of it is credited here)."""
        return self.session.players[seat]


def local_date(iso: str, tz: Any = None) -> str:
    """The local calendar date (``YYYY-MM-DD``) of a UTC ISO 8601 time stamp."""
    return datetime.fromisoformat(iso).astimezone(tz).date().isoformat()


@dataclass(slots=True, kw_only=True)
class Standing:
    name: str
    sessions: int = 0
    hands: int = 0
    points: dict[str, int] = field(default_factory=dict)
    money: Decimal = Decimal(0)  # Σ points × stake, unrounded
    placings: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    wins: int = 0
    deal_ins: int = 0
    standard: Fraction | None = None  # 国标 标准分, None without a 国标 session
    biggest: WinRecord | None = None

    @property
    def average_place(self) -> Fraction | None:
        n = sum(self.placings)
        if not n:
            return None
        return Fraction(sum((i + 1) * c for i, c in enumerate(self.placings)), n)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.hands if self.hands else None

    @property
    def deal_in_rate(self) -> float | None:
        return self.deal_ins / self.hands if self.hands else None

    def to_json(self) -> dict[str, Any]:
        def rate(x: float | None) -> float | None:
            return None if x is None else round(x, 4)

        avg = self.average_place
        b = self.biggest
        return {
            "name": self.name,
            "sessions": self.sessions,
            "hands": self.hands,
            "money": plain(self.money),
            "placings": list(self.placings),
            "average_place": None if avg is None else round(float(avg), 2),
            "points": dict(sorted(self.points.items())),
            "wins": self.wins,
            "deal_ins": self.deal_ins,
            "win_rate": rate(self.win_rate),
            "deal_in_rate": rate(self.deal_in_rate),
            "standard_points": None if self.standard is None else fraction_text(self.standard),
            # flat, so that a published table row reads back the same
            "biggest_win": None if b is None else b.label(),
            "biggest_win_money": None if b is None else plain(b.money),
            "biggest_win_session": None if b is None else b.session,
            "biggest_win_hand": None if b is None else b.hand,
        }


def standings(games: Iterable[Played], *, variant: str | None = None) -> list[Standing]:
    """Every player's standing over ``games`` (only those of ``variant`` if given), best
    first: by 标准分 then points for 国标 alone, by points for another single rule set,
    otherwise by money; then by average place and name."""
    table: dict[str, Standing] = {}
    for g in games:
        if variant is not None and g.session.variant != variant:
            continue
        add_session(table, g)
    return rank(table.values(), variant)


def add_session(table: dict[str, Standing], g: Played) -> None:
    """Add one session's figures to ``table`` (keyed by name key)."""
    st = session_stats(g.session, g.replay, label=g.label)
    totals = g.replay.totals
    place = places(totals)
    std = standard_points(totals) if g.session.variant == STANDARD_VARIANT else None
    for seat in range(4):
        name = g.player(seat)
        s = table.setdefault(name_key(name), Standing(name=name))
        ps: PlayerStats = st.players_stats[seat]
        s.sessions += 1
        s.hands += ps.hands
        s.points[g.session.variant] = s.points.get(g.session.variant, 0) + totals[seat]
        s.money += st.settlement.exact[seat]
        s.placings[place[seat] - 1] += 1
        s.wins += ps.wins
        s.deal_ins += ps.deal_ins
        if std is not None:
            s.standard = (s.standard or Fraction(0)) + std[seat]
        if ps.biggest is not None:
            s.biggest = _bigger(s.biggest, ps.biggest)


def rank(rows: Iterable[Standing], variant: str | None = None) -> list[Standing]:
    def key(s: Standing) -> tuple[Any, ...]:
        avg = s.average_place if s.average_place is not None else Fraction(5)
        if variant == STANDARD_VARIANT:
            head: tuple[Any, ...] = (-(s.standard or 0), -s.points.get(variant, 0))
        elif variant is not None:
            head = (-s.points.get(variant, 0),)
        else:
            head = (-s.money,)
        return (*head, avg, name_key(s.name))

    return sorted(rows, key=key)


def standings_json(rows: Sequence[Standing]) -> list[dict[str, Any]]:
    return [s.to_json() for s in rows]
