"""A club night: every session of one evening (or a chosen set), across tables and rule sets,
with one settle-up for the whole night.

- Each session's money is settled at its own table as :func:`engine.money.settle_money`
  does (points × stake, rounded to the unit, summing to zero); a player's night money is
  the sum over the sessions he played, so it is what the tables would have paid one by one.
- Points are added only within a rule set (keyed by its id).
- The settle-up is the fewest transfers that clear the night's money
  (:func:`engine.core.settle_up` on whole units): at most (players with a balance − 1).
- Players are matched by name key (:func:`engine.names.name_key`); a hand played by a
  substitute (替打) is credited to him (:func:`engine.standings.shares`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .money import CENT, plain
from .names import name_key
from .standings import Played, shares
from .transfers import settle_up


@dataclass(slots=True, kw_only=True)
class NightLine:
    name: str
    sessions: int = 0
    hands: int = 0
    money: Decimal = Decimal(0)  # the tables' settled money, summed
    exact: Decimal = Decimal(0)  # Σ points × stake, unrounded
    points: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sessions": self.sessions,
            "hands": self.hands,
            "money": plain(self.money),
            "exact_money": plain(self.exact),
            "points": dict(sorted(self.points.items())),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class NightTransfer:
    payer: str
    payee: str
    amount: Decimal

    def to_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": plain(self.amount)}


@dataclass(frozen=True, slots=True, kw_only=True)
class NightSession:
    label: str
    variant: str
    table: str
    started_at: str
    players: tuple[str, ...]
    stake: Decimal
    hands: int
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.label,
            "variant": self.variant,
            "table": self.table or None,
            "started_at": self.started_at,
            "players": list(self.players),
            "stake": plain(self.stake),
            "hands": self.hands,
            "totals": list(self.totals),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Night:
    date: str | None  # the local date, None for a chosen set spanning several
    unit: Decimal
    sessions: tuple[NightSession, ...]
    players: tuple[NightLine, ...]  # most money first
    transfers: tuple[NightTransfer, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "date": self.date,
            "unit": plain(self.unit),
            "sessions": [s.to_json() for s in self.sessions],
            "players": [p.to_json() for p in self.players],
            "transfers": [t.to_json() for t in self.transfers],
        }


def night(games: Iterable[Played], *, unit: Decimal | str = CENT, tz: Any = None) -> Night:
    """The night of ``games`` (module docstring for the figures)."""
    unit = Decimal(str(unit))
    lines: dict[str, NightLine] = {}
    sessions: list[NightSession] = []
    dates: set[str] = set()
    for g in games:
        dates.add(g.local_date(tz))
        sessions.append(
            NightSession(
                label=g.label,
                variant=g.session.variant,
                table=g.table,
                started_at=g.started_at,
                players=tuple(g.player(s) for s in range(4)),
                stake=g.session.stake,
                hands=len(g.replay.hands),
                totals=tuple(g.replay.totals),
            )
        )
        counted: set[str] = set()
        for sh in shares(g, unit=unit):
            key = name_key(sh.name)
            line = lines.setdefault(key, NightLine(name=sh.name))
            if key not in counted:
                line.sessions += 1
                counted.add(key)
            line.hands += sh.stats.hands
            line.money += sh.money
            line.exact += sh.exact
            v = g.session.variant
            line.points[v] = line.points.get(v, 0) + sh.stats.net
    people = sorted(lines.values(), key=lambda n: (-n.money, name_key(n.name)))
    units = [int(p.money / unit) for p in people]
    transfers = tuple(
        NightTransfer(payer=people[a].name, payee=people[b].name, amount=Decimal(n) * unit)
        for a, b, n in settle_up(units)
    )
    return Night(
        date=dates.pop() if len(dates) == 1 else None,
        unit=unit,
        sessions=tuple(sessions),
        players=tuple(people),
        transfers=transfers,
    )
