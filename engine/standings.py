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
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from .core import HandOutcome, Replay
from .money import CENT, plain
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
        """The seat's player as the session lists it (see :func:`shares` for substitutes)."""
        return self.session.players[seat]


def local_date(iso: str, tz: Any = None) -> str:
    """The local calendar date (``YYYY-MM-DD``) of a UTC ISO 8601 time stamp."""
    return datetime.fromisoformat(iso).astimezone(tz).date().isoformat()


@dataclass(frozen=True, slots=True, kw_only=True)
class Share:
    """The hands of one seat that one person played (all of them, without a substitute)."""

    seat: int
    name: str
    stats: PlayerStats  # the figures of those hands, as engine.stats defines them
    exact: Decimal  # their points × stake, unrounded
    money: Decimal  # settled money: the seat's, split by points when the seat was shared
    main: bool  # credited with the seat's place: who played most of its hands


def shares(g: Played, *, unit: Decimal | str = CENT) -> list[Share]:
    """Who is credited with what in session ``g``: one share per seat, or, where a substitute
    (替打) took the seat over for some hands, one per person who played it. Each hand is
    credited to the person who played it (``Session.players_in``); the seat's settlement is
    unchanged: a substitute's money is his points × stake rounded to the unit, the seat's
    main player takes the rest of the seat's settled money, so the shares still sum to zero."""
    st = session_stats(g.session, g.replay, unit=unit, label=g.label)
    who = getattr(g.session, "players_in", None)  # sessions of record format 2 name substitutes
    if who is None or not getattr(g.session, "substitutes", ()):
        return [
            Share(
                seat=seat,
                name=g.session.players[seat],
                stats=st.players_stats[seat],
                exact=st.settlement.exact[seat],
                money=st.settlement.amounts[seat],
                main=True,
            )
            for seat in range(4)
        ]
    q = Decimal(str(unit))
    out: list[Share] = []
    for seat in range(4):
        own = name_key(g.session.players[seat])
        names: dict[str, str] = {}
        hands: dict[str, list[HandOutcome]] = {}
        for o in g.replay.hands:
            person = who(o.index)[seat]
            names.setdefault(name_key(person), person)
            hands.setdefault(name_key(person), []).append(o)
        main = max(hands, key=lambda k: (len(hands[k]), k == own))
        rest = st.settlement.amounts[seat]
        part: list[Share] = []
        for k, outs in hands.items():
            pts = tuple(sum(o.result.deltas[i] for o in outs) for i in range(4))
            sub = Replay(hands=tuple(outs), totals=pts, next_state=g.replay.next_state)  # type: ignore[arg-type]
            exact = Decimal(pts[seat]) * g.session.stake
            money = (exact / q).quantize(Decimal(1), rounding=ROUND_HALF_UP) * q
            if k != main:
                rest -= money
            part.append(
                Share(
                    seat=seat,
                    name=names[k],
                    stats=session_stats(g.session, sub, unit=unit, label=g.label).player(seat),
                    exact=exact,
                    money=money,
                    main=k == main,
                )
            )
        out += [replace(p, money=rest) if p.main else p for p in part]
    return out


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
    """Add one session's figures to ``table`` (keyed by name key): each hand to the person
    who played it, each seat's place (and 标准分) to the seat's main player."""
    totals = g.replay.totals
    place = places(totals)
    std = standard_points(totals) if g.session.variant == STANDARD_VARIANT else None
    counted: set[str] = set()
    v = g.session.variant
    for sh in shares(g):
        key = name_key(sh.name)
        s = table.setdefault(key, Standing(name=sh.name))
        ps = sh.stats
        if key not in counted:
            s.sessions += 1
            counted.add(key)
        s.hands += ps.hands
        s.points[v] = s.points.get(v, 0) + ps.net
        s.money += sh.exact
        s.wins += ps.wins
        s.deal_ins += ps.deal_ins
        if ps.biggest is not None:
            s.biggest = _bigger(s.biggest, ps.biggest)
        if sh.main:
            s.placings[place[sh.seat] - 1] += 1
            if std is not None:
                s.standard = (s.standard or Fraction(0)) + std[sh.seat]


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
