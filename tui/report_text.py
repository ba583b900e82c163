"""The report in words: the review of every hand (each event described once, by
:func:`describe_event`), the statistics table, ``mjscore report``'s text and JSON, and a
player's lifetime. The figures come from :mod:`mjscore.engine.stats`, the words from
:mod:`mjscore.engine.report_words`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from mjscore.engine.core import Payment, Replay, TableState, WinResult
from mjscore.engine.money import CENT, clip, format_money, pad, plain, settle_text, text_width
from mjscore.engine.record import (
    Draw,
    Event,
    FalseWin,
    Flowers,
    Jing,
    JingCount,
    Kong,
    Penalty,
    Pung,
    Session,
    Win,
)
from mjscore.engine.report_words import (
    FLAG_ZH,
    KONG_ZH,
    OUTCOME_ZH,
    PENALTY_ZH,
    VARIANT_NAMES,
)
from mjscore.engine.stats import LifetimeStats, PlayerStats, headline, session_stats
from mjscore.engine.terms import ROUND_WINDS, SELF_DRAW

# ---------------------------------------------------------------- the review of each hand


def describe_event(
    ev: Event, names: Sequence[str], pattern_name: Callable[[str], str] | None = None
) -> str:
    """One line in words for an event ("小芳 碰 老王 5p", "阿明 胡 老王 放炮 …");
    ``pattern_name`` turns a declared pattern id into its name (the ids when not given)."""

    def n(seat: int | None) -> str:
        return names[seat] if seat is not None else "?"

    if isinstance(ev, Pung):
        return f"{n(ev.player)} 碰 {n(ev.from_)}" + (f" {ev.tile}" if ev.tile else "")
    if isinstance(ev, Kong):
        src = f" ← {n(ev.from_)}" if ev.from_ is not None else ""
        return f"{n(ev.player)} {KONG_ZH.get(ev.kind, ev.kind)}{src}" + (
            f" {ev.tile}" if ev.tile else ""
        )
    if isinstance(ev, Flowers):
        return f"{n(ev.player)} 补花 " + (ev.tiles if ev.tiles else f"×{ev.count}")
    if isinstance(ev, Penalty):
        return f"{n(ev.player)} {PENALTY_ZH.get(ev.kind, ev.kind)}"
    if isinstance(ev, Jing):
        counts = "  ".join(
            f"{names[i]} {z}正{f}副" for i, (z, f) in enumerate(ev.lower_counts) if z or f
        )
        return f"翻精 {ev.indicator}  下精 {ev.lower}" + (f"  ({counts})" if counts else "")
    if isinstance(ev, JingCount):
        counts = "  ".join(f"{names[i]} {z}正{f}副" for i, (z, f) in enumerate(ev.counts))
        return f"精 {counts}"
    if isinstance(ev, Win):
        how = SELF_DRAW.zh if ev.from_ is None else f"{n(ev.from_)} 放炮"
        parts = [f"{n(ev.player)} 胡 ({how})"]
        if ev.hand:
            parts.append(ev.hand)
        if ev.patterns:
            parts.append(
                "报 " + " ".join(pattern_name(p) if pattern_name else p for p in ev.patterns)
            )
        if ev.fan is not None:
            parts.append(f"{ev.fan}番")
        for name in ev.flags_set:
            v = ev.flag(name)
            label = FLAG_ZH.get(name, name)
            if v is True:
                parts.append(label)
            elif isinstance(v, tuple):
                parts.append(f"{label} " + ",".join(x or "-" for x in v))
            else:
                parts.append(f"{label} {v}")
        return " ".join(str(p) for p in parts)
    if isinstance(ev, FalseWin):
        return f"{n(ev.player)} 诈胡"
    if isinstance(ev, Draw):
        return "流局" + (
            f"（{n(ev.last_drawer)} 摸最后一张）" if ev.last_drawer is not None else ""
        )
    return ev.type


@dataclass(frozen=True, slots=True, kw_only=True)
class HandReview:
    index: int  # 1-based
    state: TableState
    outcome: str  # win | draw | false_win
    events: tuple[str, ...]
    wins: tuple[WinResult, ...]
    summary: str
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    totals: tuple[int, ...]
    involved: frozenset[int]  # seats named in an event or a payment
    # the prevailing wind the hand was played in, for a rule set that has one (国标)
    round_wind: str | None = None

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "index": self.index,
            **self.state.to_json(),
            "outcome": self.outcome,
            "events": list(self.events),
            "wins": [w.to_json() for w in self.wins],
            "payments": [p.to_json() for p in self.payments],
            "deltas": list(self.deltas),
            "totals": list(self.totals),
        }


def _seats_of(ev: Event) -> set[int]:
    out = set()
    for attr in ("player", "from_", "last_drawer"):
        v = getattr(ev, attr, None)
        if isinstance(v, int):
            out.add(v)
    return out


def review(
    session: Session,
    rep: Replay,
    *,
    player: int | None = None,
    pattern_name: Callable[[str], str] | None = None,
) -> tuple[HandReview, ...]:
    """Every settled hand with its events in words, the win valuations and the payments the
    engine produced; ``player`` keeps only hands that seat took part in (named in an event
    or a payment)."""
    from mjscore.engine.variants import get_variant

    out = []
    names = session.players
    variant = get_variant(session.variant)
    rules = variant.rules(session.options)
    for h in rep.hands:
        hand = session.hands[h.index - 1]
        involved: set[int] = set()
        for ev in hand.events:
            involved |= _seats_of(ev)
        for p in h.result.payments:
            involved.update((p.payer, p.payee))
        if player is not None and player not in involved:
            continue
        out.append(
            HandReview(
                index=h.index,
                state=h.state,
                outcome=h.result.outcome,
                events=tuple(describe_event(e, names, pattern_name) for e in hand.events),
                wins=h.result.wins,
                summary=h.result.summary,
                payments=h.result.payments,
                deltas=h.result.deltas,
                totals=h.totals,
                involved=frozenset(involved),
                round_wind=variant.data.status(h.state, rules, ()).prevailing_wind,
            )
        )
    return tuple(out)


# ---------------------------------------------------------------- the report
def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x * 100:.0f}%"


def hand_text(hr: HandReview, names: Sequence[str], *, width: int | None = None) -> list[str]:
    """The lines of one hand in the review."""
    w = width if width is not None else max(text_width(clip(n)) for n in names)
    st = hr.state
    head = f"#{hr.index:<3} 庄 {names[st.dealer]}"
    if hr.round_wind is not None:  # only a rule set with a prevailing wind names it
        head += f"  {ROUND_WINDS[hr.round_wind].zh}"
    if st.bixiahu:
        head += f"  比下胡 旗{st.flags}"
    outcome = OUTCOME_ZH.get(hr.outcome, hr.outcome)
    head += f"  {outcome}"
    if hr.summary and not hr.wins and hr.summary != outcome:
        head += f"  {hr.summary}"
    lines = [head]
    lines += [f"     · {e}" for e in hr.events]
    for wr in hr.wins:
        items = "  ".join(i.label() for i in wr.items)
        lines.append(
            f"     ★ {names[wr.player]} {headline(wr.value, wr.unit, wr.summary)}"
            + (f"  [{items}]" if items else "")
        )
    for p in hr.payments:
        lines.append(
            f"     {pad(clip(names[p.payer]), w, right=True)} → {pad(clip(names[p.payee]), w)} {p.amount:>6}  {p.reason}"
        )
    lines.append(
        "     本盘 " + " ".join(f"{n}{d:+d}" for n, d in zip(names, hr.deltas, strict=True))
    )
    lines.append(
        "     累计 " + " ".join(f"{n}{t:+d}" for n, t in zip(names, hr.totals, strict=True))
    )
    return lines


def stats_table(
    rows: Sequence[PlayerStats], *, places: int = 2, lifetime: bool = False
) -> list[str]:
    """A fixed-width table of player figures, then each player's biggest win."""
    w = max([text_width(clip(r.name)) for r in rows] + [4])
    head = (
        f"{pad('玩家', w)}  "
        + ("场 " if lifetime else "")
        + f" 局   胡 {SELF_DRAW.zh} 放炮 诈胡   胡率 放炮率  平均胡    最大胡       分        金额"
    )
    lines = [head]
    for r in rows:
        avg = r.average_win
        big = r.biggest.points if r.biggest else None
        lines.append(
            f"{pad(clip(r.name), w)}  "
            + (f"{r.sessions:>2} " if lifetime else "")
            + f"{r.hands:>3} {r.wins:>4} {r.self_draws:>4} {r.deal_ins:>4} {r.false_wins:>4}"
            f" {_pct(r.win_rate):>6} {_pct(r.deal_in_rate):>6} {('—' if avg is None else str(avg)):>7}"
            f" {('—' if big is None else f'{big:+d}'):>9} {r.net:>+8d} {format_money(r.money, places, sign=True):>11}"
        )
    for r in rows:
        if r.biggest:
            b = r.biggest
            how = SELF_DRAW.zh if b.self_drawn else "点炮"
            lines.append(f"最大胡 {r.name}: {b.where()} {how} {b.points:+d} 分  {b.label()}")
    return lines


def report_text(
    session: Session,
    rep: Replay,
    *,
    unit: Decimal | str = CENT,
    player: int | None = None,
    title: str = "",
    sections: Sequence[str] = ("review", "stats", "settle"),
    pattern_name: Callable[[str], str] | None = None,
) -> str:
    """What ``mjscore report`` prints: review, statistics, settle-up."""
    names = session.players
    st = session_stats(session, rep, unit=unit)
    v = VARIANT_NAMES.get(session.variant, session.variant)
    out = [
        f"{title + '  ' if title else ''}{v}麻将 {session.variant}  底注 stake {plain(session.stake)}  "
        f"{st.hands} 局 hands  ({st.wins} 胡 {st.draws} 流局 {st.false_wins} 诈胡)",
        "玩家 players: " + "  ".join(f"[{i}] {n}" for i, n in enumerate(names, start=1)),
    ]
    if "review" in sections:
        out += [
            "",
            "== 回顾 Review" + (f" — {names[player]}" if player is not None else "") + " ==",
        ]
        w = max(text_width(clip(n)) for n in names)
        for hr in review(session, rep, player=player, pattern_name=pattern_name):
            out += hand_text(hr, names, width=w)
    if "stats" in sections:
        out += ["", "== 统计 Statistics =="]
        out += stats_table(st.players_stats, places=st.settlement.places)
    if "settle" in sections:
        out += ["", "== " + settle_text(names, st.settlement)]
    return "\n".join(out) + "\n"


def report_json(
    session: Session,
    rep: Replay,
    *,
    unit: Decimal | str = CENT,
    player: int | None = None,
    pattern_name: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    st = session_stats(session, rep, unit=unit)
    names = session.players
    return {
        "variant": session.variant,
        "players": list(names),
        "stake": plain(session.stake),
        "hands": [
            hr.to_json(names)
            for hr in review(session, rep, player=player, pattern_name=pattern_name)
        ],
        "totals": list(rep.totals),
        "stats": st.to_json(),
        "settle": st.settlement.to_json(),
    }


def lifetime_text(lt: LifetimeStats, *, places: int = 2) -> str:
    out = [f"{lt.player} — {lt.total.sessions} 场 sessions, {lt.total.hands} 局 hands"]
    out += stats_table([lt.total], places=places, lifetime=True)
    if lt.sessions:
        out += ["", "场次 sessions:"]
        w = max(text_width(s.label) for s in lt.sessions)
        vw = max(text_width(VARIANT_NAMES.get(s.variant, s.variant)) for s in lt.sessions)
        sw = max(len(plain(s.stake)) for s in lt.sessions)
        for s in lt.sessions:
            p = s.stats
            out.append(
                f"  {pad(s.label, w)}  {pad(VARIANT_NAMES.get(s.variant, s.variant), vw)} 底注 {plain(s.stake):<{sw}}"
                f"  {p.hands:>3} 局 {p.wins:>3} 胡 {p.deal_ins:>3} 放炮  {p.net:>+7d} 分"
                f"  {format_money(p.money, places, sign=True):>10}  累计 {format_money(s.cumulative_money, places, sign=True)}"
            )
    return "\n".join(out) + "\n"
