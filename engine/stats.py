"""After the game: the figures of a session and of a player's lifetime (the report that
puts them into words is ``mjscore.tui.report_text``).

Everything here is computed from a :class:`~engine.record.Session` and its
:class:`~engine.core.Replay`, whatever the variant:

- **wins / self-draws / deal-ins** come from the ``win`` events of each finished hand and
  the payments of their settlement (:func:`hand_roles`): a win with ``from`` null is a
  self-draw; the player who dealt in (放炮) is the one who paid for the win: the discarder,
  or the player a liability (承包, 包付) put the whole win on instead, also on a
  self-draw. A robbed kong (抢杠) is nobody's deal-in. A deal-in is counted once per hand,
  so a Nanning 一炮多响 is one deal-in for the discarder and one win for each winner.
- **the value of a win** is what the win paid the winner: the net of the hand's payments
  to and from the winner apart from the variant's side payments (``side_payments`` of its
  declared data: 南昌 精分 awards, 南京 现场汇, 南宁 杠分), which go to whoever earned them
  whatever the outcome and are reported apart (``side_points``). The average and the
  biggest win use it, the biggest naming its patterns from ``HandResult.wins``
  (``WinResult.summary``/``items``), falling back to the declared ``patterns``.
- **points of different rule sets are never added**: they score on different scales. A
  lifetime over several rule sets gives points, the average win and the side payments per
  rule set (``LifetimeStats.per_rule_set``); its total has money and counts only.
- **hands played** counts finished hands (every seat plays every hand); win rate and
  deal-in rate are per hand played.
- **money** is the settled money of :mod:`engine.money` (points × stake rounded to the
  unit, summing to zero); lifetime money adds the sessions' settled money.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from .core import HandOutcome, Payment, Replay, ScoreItem, WinResult
from .money import (
    CENT,
    MoneySettlement,
    plain,
    settle_money,
    settled_amounts,
)
from .record import (
    Draw,
    FalseWin,
    Session,
    Win,
)


# ---------------------------------------------------------------- records of wins
@dataclass(frozen=True, slots=True, kw_only=True)
class WinRecord:
    """One win, as the statistics remember it."""

    session: str  # label of the session ("" for a single session)
    hand: int  # 1-based hand number
    player: int  # the winner's seat in that session
    from_: int | None  # the discarder / robbed player, None for a self-draw
    points: int  # what the win paid the winner (side payments apart)
    money: Decimal  # points × stake (unrounded)
    summary: str  # "清一色 碰碰胡 自摸"
    value: int | None = None  # headline value in the variant's unit (番, 倍, 花, ×)
    unit: str = ""
    items: tuple[ScoreItem, ...] = ()

    @property
    def self_drawn(self) -> bool:
        return self.from_ is None

    def label(self) -> str:
        return headline(self.value, self.unit, self.summary)

    def where(self) -> str:
        """ "#5" in a session, "#12 第5盘" (session #12, hand 5) in a lifetime."""
        return f"{self.session} 第{self.hand}盘" if self.session else f"#{self.hand}"

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session or None,
            "hand": self.hand,
            "player": self.player,
            "from": self.from_,
            "points": self.points,
            "money": plain(self.money),
            "summary": self.summary,
            "value": self.value,
            "unit": self.unit,
            "items": [i.to_json() for i in self.items],
        }


def headline(value: int | None, unit: str, summary: str) -> str:
    """ "8番 清一色 …" — the value in front unless the summary already states it (a 南宁
    value in 翻, its doublings: :data:`engine.report_words.HEADLINE_UNITS`)."""
    from .report_words import HEADLINE_UNITS

    v = f"{value}{HEADLINE_UNITS.get(unit, unit)}" if value is not None else ""
    if not v or v in summary.split():
        return summary.strip() or v or "—"
    return f"{v} {summary}".strip()


# ---------------------------------------------------------------- per-player figures
@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerStats:
    name: str
    sessions: int = 1
    hands: int = 0
    dealer_hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    false_wins: int = 0
    win_points: int = 0  # what the wins paid the player, summed
    net: int = 0  # points (summed over sessions for a lifetime)
    money: Decimal = Decimal(0)  # settled money
    biggest: WinRecord | None = None
    side_points: int = 0  # net of the side payments (awards, 现场汇, kong points)
    # the rule sets summed in these figures (a lifetime); with more than one, the points
    # (net, average win, side payments) are on different scales and are not given
    variants: tuple[str, ...] = ()

    @property
    def one_scale(self) -> bool:
        """The points are of one rule set (so a total of them means something)."""
        return len(self.variants) <= 1

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.hands if self.hands else None

    @property
    def deal_in_rate(self) -> float | None:
        return self.deal_ins / self.hands if self.hands else None

    @property
    def average_win(self) -> Decimal | None:
        """Average of what the wins paid, to one decimal (half-up); None without a win or
        over several rule sets."""
        if not self.wins or not self.one_scale:
            return None
        return (Decimal(self.win_points) / self.wins).quantize(
            Decimal("0.1"), rounding=ROUND_HALF_UP
        )

    def to_json(self) -> dict[str, Any]:
        def rate(x: float | None) -> float | None:
            return None if x is None else round(x, 4)

        avg = self.average_win
        return {
            "name": self.name,
            "sessions": self.sessions,
            "hands": self.hands,
            "dealer_hands": self.dealer_hands,
            "wins": self.wins,
            "self_draws": self.self_draws,
            "deal_ins": self.deal_ins,
            "false_wins": self.false_wins,
            "win_rate": rate(self.win_rate),
            "deal_in_rate": rate(self.deal_in_rate),
            "average_win": None if avg is None else str(avg),
            "net": self.net if self.one_scale else None,
            "side_points": self.side_points if self.one_scale else None,
            "money": plain(self.money),
            "biggest_win": None if self.biggest is None else self.biggest.to_json(),
            **({"rule_sets": list(self.variants)} if self.variants else {}),
        }


def _bigger(a: WinRecord | None, b: WinRecord) -> WinRecord:
    """The bigger win by money, then points; the earlier one on a tie."""
    if a is None or (b.money, b.points) > (a.money, a.points):
        return b
    return a


def _win_record(
    session: Session, outcome: HandOutcome, ev: Win, label: str, points: int
) -> WinRecord:
    return win_record(
        ev,
        label=label,
        hand=outcome.index,
        stake=session.stake,
        points=points,
        wins=outcome.result.wins,
        summary=outcome.result.summary,
    )


# ---------------------------------------------------------------- who won, who paid
def side_payments(variant_id: str) -> tuple[str, ...]:
    """How the reasons of ``variant_id``'s side payments begin (its declared data); none
    for a rule set this version does not know."""
    from .errors import MjError
    from .variants import get_variant

    try:
        return tuple(get_variant(variant_id).data.side_payments)
    except MjError:
        return ()


def is_side(p: Payment, side: tuple[str, ...]) -> bool:
    return bool(side) and p.reason.startswith(side)


def win_points(payments: Iterable[Payment], seat: int, side: tuple[str, ...]) -> int:
    """What a win paid ``seat``: the net of the payments to and from it, side payments
    apart (module docstring)."""
    net = 0
    for p in payments:
        if is_side(p, side):
            continue
        if p.payee == seat:
            net += p.amount
        elif p.payer == seat:
            net -= p.amount
    return net


def side_nets(payments: Iterable[Payment], side: tuple[str, ...]) -> tuple[int, int, int, int]:
    """Each seat's net of the side payments of a hand."""
    net = [0, 0, 0, 0]
    for p in payments:
        if is_side(p, side):
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
    return tuple(net)  # type: ignore[return-value]


def dealt_in(wins: Sequence[Win], payments: Sequence[Payment], side: tuple[str, ...]) -> set[int]:
    """The seats that dealt in to the hand's wins (module docstring): for each win, the
    discarder; the one player who paid the whole win when a liability (承包) put it on
    someone other than the discarder, or on one player of a self-draw; nobody for a robbed
    kong (抢杠)."""
    out: set[int] = set()
    for ev in wins:
        if ev.robbed_kong:
            continue
        payers = {p.payer for p in payments if p.payee == ev.player and not is_side(p, side)}
        if len(payers) == 1 and (ev.from_ is None or ev.from_ not in payers):
            out |= payers
        elif ev.from_ is not None:
            out.add(ev.from_)
    return out


def win_record(
    ev: Win,
    *,
    label: str,
    hand: int,
    stake: Decimal,
    points: int,
    wins: Sequence[WinResult],
    summary: str,
) -> WinRecord:
    """The :class:`WinRecord` of the win ``ev`` in hand number ``hand``: ``points`` is the
    winner's net points for the hand, ``wins``/``summary`` the hand's settled
    ``HandResult.wins``/``summary`` (a ledger passes what it stored)."""
    wr = next((w for w in wins if w.player == ev.player), None)
    if wr is not None:
        text, value, unit, items = wr.summary, wr.value, wr.unit, wr.items
    else:  # a variant that gave no WinResult: fall back to what the record declared
        text = " ".join(ev.patterns or ()) or (summary or "")
        value, unit, items = ev.fan, "番" if ev.fan is not None else "", ()
    return WinRecord(
        session=label,
        hand=hand,
        player=ev.player,
        from_=ev.from_,
        points=points,
        money=Decimal(points) * stake,
        summary=text,
        value=value,
        unit=unit,
        items=items,
    )


# ---------------------------------------------------------------- one session
@dataclass(frozen=True, slots=True, kw_only=True)
class SessionStats:
    variant: str
    players: tuple[str, ...]
    stake: Decimal
    hands: int
    wins: int  # hands won (a 一炮多响 hand counts once)
    draws: int
    false_wins: int
    players_stats: tuple[PlayerStats, ...]  # seat order
    series: tuple[tuple[int, ...], ...]  # running totals, starting with zeros before hand 1
    settlement: MoneySettlement

    def player(self, name_or_seat: str | int) -> PlayerStats:
        if isinstance(name_or_seat, int):
            return self.players_stats[name_or_seat]
        return self.players_stats[self.players.index(name_or_seat)]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": list(self.players),
            "stake": plain(self.stake),
            "hands": self.hands,
            "won_hands": self.wins,
            "draws": self.draws,
            "false_wins": self.false_wins,
            "per_player": [p.to_json() for p in self.players_stats],
            "series": [list(t) for t in self.series],
        }


def session_stats(
    session: Session, rep: Replay, *, unit: Decimal | str = CENT, label: str = ""
) -> SessionStats:
    """Statistics of one session (module docstring for the definitions)."""
    settlement = settle_money(rep.totals, session.stake, unit)
    side = side_payments(session.variant)
    acc = [_Acc() for _ in range(4)]
    won_hands = draws = false_wins = 0
    for outcome in rep.hands:
        hand = session.hands[outcome.index - 1]
        acc[outcome.state.dealer].dealer_hands += 1
        payments = outcome.result.payments
        if side:
            for seat, n in enumerate(side_nets(payments, side)):
                acc[seat].side_points += n
        wins = hand.wins
        if wins:
            won_hands += 1
            for ev in wins:
                a = acc[ev.player]
                a.wins += 1
                points = win_points(payments, ev.player, side)
                rec = _win_record(session, outcome, ev, label, points)
                a.win_points += rec.points
                a.biggest = _bigger(a.biggest, rec)
                if ev.from_ is None:
                    a.self_draws += 1
            for seat in dealt_in(wins, payments, side):
                acc[seat].deal_ins += 1
        elif hand.of(FalseWin):
            false_wins += 1
            for fw in hand.of(FalseWin):
                acc[fw.player].false_wins += 1
        elif hand.of(Draw):
            draws += 1
    n = len(rep.hands)
    per = tuple(
        PlayerStats(
            name=session.players[s],
            hands=n,
            dealer_hands=a.dealer_hands,
            wins=a.wins,
            self_draws=a.self_draws,
            deal_ins=a.deal_ins,
            false_wins=a.false_wins,
            win_points=a.win_points,
            net=rep.totals[s],
            money=settlement.amounts[s],
            biggest=a.biggest,
            side_points=a.side_points,
        )
        for s, a in enumerate(acc)
    )
    series = ((0, 0, 0, 0),) + tuple(h.totals for h in rep.hands)
    return SessionStats(
        variant=session.variant,
        players=tuple(session.players),
        stake=session.stake,
        hands=n,
        wins=won_hands,
        draws=draws,
        false_wins=false_wins,
        players_stats=per,
        series=series,
        settlement=settlement,
    )


@dataclass(slots=True)
class _Acc:
    dealer_hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    false_wins: int = 0
    win_points: int = 0
    biggest: WinRecord | None = None
    side_points: int = 0


# ---------------------------------------------------------------- a player's lifetime
@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """One session as lifetime statistics see it: a label (ledger id, file name or date)."""

    label: str
    session: Session
    replay: Replay


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionLine:
    label: str
    variant: str
    stake: Decimal
    seat: int
    stats: PlayerStats
    cumulative_money: Decimal
    cumulative_net: int

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.label,
            "variant": self.variant,
            "stake": plain(self.stake),
            "seat": self.seat,
            **{k: v for k, v in self.stats.to_json().items() if k not in ("name", "sessions")},
            "cumulative_money": plain(self.cumulative_money),
            "cumulative_net": self.cumulative_net,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class LifetimeStats:
    player: str
    total: PlayerStats  # counts and money over every rule set; points only if one
    sessions: tuple[SessionLine, ...] = field(default=())
    # the figures of each rule set played, in the order first played (``variants`` = (id,))
    per_rule_set: tuple[PlayerStats, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "total": self.total.to_json(),
            "per_rule_set": [r.to_json() for r in self.per_rule_set],
            "sessions": [s.to_json() for s in self.sessions],
        }


def lifetime_stats(
    player: str, games: Iterable[Game], *, unit: Decimal | str = CENT
) -> LifetimeStats:
    """A player's figures summed over the sessions he sat in (others are skipped).

    Points are added as they are (sessions of different rule sets score on different
    scales); money adds each session's settled money, so it is comparable."""
    per: list[tuple[str, str, Decimal, int, PlayerStats]] = []
    for g in games:
        if player not in g.session.players:
            continue
        seat = g.session.players.index(player)
        st = session_stats(g.session, g.replay, unit=unit, label=g.label).player(seat)
        per.append((g.label, g.session.variant, g.session.stake, seat, st))
    return _lifetime(player, per)


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionFigures:
    """One player's figures in one session as a ledger keeps them (no hand replayed):
    what :func:`session_stats` would find for that seat, with the four seats' point totals
    so the money is settled exactly as for the whole session."""

    label: str
    variant: str
    stake: Decimal
    seat: int
    totals: tuple[int, int, int, int]  # every seat's points (the session's replay totals)
    hands: int  # finished hands
    dealer_hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    false_wins: int = 0
    win_points: int = 0
    side_points: int = 0
    biggest: WinRecord | None = None  # the session's biggest win of this seat (earliest on a tie)
    # the player's own points when he played only some of the seat's hands (替打): his
    # money is then those points × stake, not the seat's settled money
    net: int | None = None

    def player_stats(self, name: str, *, unit: Decimal | str = CENT) -> PlayerStats:
        if self.net is not None:
            part_money = self.stake * self.net
        else:
            part_money = settled_amounts(self.totals, self.stake, unit)[self.seat]
        return PlayerStats(
            name=name,
            hands=self.hands,
            dealer_hands=self.dealer_hands,
            wins=self.wins,
            self_draws=self.self_draws,
            deal_ins=self.deal_ins,
            false_wins=self.false_wins,
            win_points=self.win_points,
            net=self.totals[self.seat] if self.net is None else self.net,
            money=part_money,
            biggest=self.biggest,
            side_points=self.side_points,
        )


def lifetime_from_figures(
    player: str, figures: Iterable[SessionFigures], *, unit: Decimal | str = CENT
) -> LifetimeStats:
    """:func:`lifetime_stats` from per-session figures a ledger read with SQL (figures of
    the sessions ``player`` sat in, in session order) — the same result, without a replay."""
    return _lifetime(
        player,
        [(f.label, f.variant, f.stake, f.seat, f.player_stats(player, unit=unit)) for f in figures],
    )


def _lifetime(
    player: str, per: Sequence[tuple[str, str, Decimal, int, PlayerStats]]
) -> LifetimeStats:
    lines: list[SessionLine] = []
    money = Decimal(0)
    net = 0
    for label, variant, stake, seat, st in per:
        money += st.money
        net += st.net
        lines.append(
            SessionLine(
                label=label,
                variant=variant,
                stake=stake,
                seat=seat,
                stats=st,
                cumulative_money=money,
                cumulative_net=net,
            )
        )
    variants = tuple(dict.fromkeys(v for _, v, _, _, _ in per))
    per_rule_set = tuple(
        _sum(player, [st for _, v, _, _, st in per if v == variant], (variant,))
        for variant in variants
    )
    total = _sum(player, [st for *_, st in per], variants)
    return LifetimeStats(
        player=player, total=total, sessions=tuple(lines), per_rule_set=per_rule_set
    )


def _sum(player: str, rows: Sequence[PlayerStats], variants: tuple[str, ...]) -> PlayerStats:
    """The figures of ``rows`` added up (their points only mean something within one rule
    set: :attr:`PlayerStats.one_scale`)."""
    tot = _Acc()
    hands = net = 0
    money = Decimal(0)
    for st in rows:
        hands += st.hands
        net += st.net
        money += st.money
        tot.dealer_hands += st.dealer_hands
        tot.wins += st.wins
        tot.self_draws += st.self_draws
        tot.deal_ins += st.deal_ins
        tot.false_wins += st.false_wins
        tot.win_points += st.win_points
        tot.side_points += st.side_points
        if st.biggest is not None:
            tot.biggest = _bigger(tot.biggest, st.biggest)
    return PlayerStats(
        name=player,
        sessions=len(rows),
        hands=hands,
        dealer_hands=tot.dealer_hands,
        wins=tot.wins,
        self_draws=tot.self_draws,
        deal_ins=tot.deal_ins,
        false_wins=tot.false_wins,
        win_points=tot.win_points,
        net=net,
        money=money,
        biggest=tot.biggest,
        side_points=tot.side_points,
        variants=variants,
    )
