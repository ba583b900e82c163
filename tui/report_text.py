"""The report in words: the review of every hand (each event described once, by
:func:`describe_event`), the statistics table, ``mjscore report``'s text and JSON, and a
player's lifetime. The figures come from :mod:`mjscore.engine.stats`, the words from
:mod:`mjscore.engine.report_words`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
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
    ALL_RULE_SETS,
    FLAG_ZH,
    PENALTY_ZH,
    SIDE_LABEL,
    STAT_DEFINITIONS,
    VARIANT_NAMES,
    reason_text,
)
from mjscore.engine.stats import LifetimeStats, PlayerStats, headline, session_stats
from mjscore.engine.terms import (
    DEALER,
    DISCARD_WIN,
    JING,
    KONG_KINDS,
    LOWER_JING,
    OUTCOMES,
    PENALTY,
    PENALTY_KINDS,
    ROUND_WINDS,
    SELF_DRAW,
    SUB_JING,
    WIN_FLAGS,
)
from mjscore.tui.i18n import counted

# the report's own words (rule words come from the engine's terms); one language per run
WORDS: dict[str, tuple[str, str]] = {
    "hand_delta": ("本盘", "this hand"),
    "running": ("累计", "running"),
    "player": ("玩家", "Player"),
    "sessions_col": ("场", "Ses"),
    "hands_col": ("盘", "Hands"),
    "wins_col": ("胡", "Wins"),
    "deal_ins_col": ("放炮", "Dealt in"),
    "false_col": ("诈胡", "False"),
    "win_rate": ("胡率", "Win%"),
    "deal_in_rate": ("放炮率", "Deal%"),
    "average": ("平均胡", "Avg win"),
    "biggest": ("最大胡", "Best win"),
    "points": ("分", "Points"),
    "money": ("金额", "Money"),
    "biggest_line": (
        "最大胡 {name}: {where} {how} {points:+d} 分  {label}",
        "Best win {name}: {where} {how} {points:+d} pts  {label}",
    ),
    "mahjong": ("{v}麻将", "{v} mahjong"),
    "stake": ("底注 {stake}", "stake {stake}"),
    "count_line": (  # (each figure with its word: tui.i18n.counted)
        "{hands}  ({wins} {draws} {false_wins})",
        "{hands}  ({wins}, {draws}, {false_wins})",
    ),
    "players_line": ("玩家：", "Players: "),
    "review_head": ("== 回顾", "== Review"),
    "stats_head": ("== 统计 ==", "== Statistics =="),
    "lifetime_head": ("{player} — {sessions}, {hands}", "{player} — {sessions}, {hands}"),
    "sessions_line": ("场次：", "Sessions:"),
    "life_row": (
        "{hands:>3} 盘 {wins:>3} 胡 {deal_ins:>3} 放炮  {net:>+7d} 分",
        "{hands:>3} hands {wins:>3} wins {deal_ins:>3} dealt in  {net:>+7d} pts",
    ),
    "cumulative": ("累计 {money}", "running {money}"),
    "flags_planted": ("比下胡 旗{flags}", "比下胡 bixiahu, flags {flags}"),
    "draw_last": ("（{name} 摸最后一张）", " ({name} drew the final tile)"),
}


def w(key: str, lang: str, **fmt: object) -> str:
    zh, en = WORDS[key]
    text = zh if lang == "zh" else en
    return text.format(**fmt) if fmt else text


def _t(term, lang: str) -> str:
    """A rule term: the Chinese name, or in English the English one."""
    return term.zh if lang == "zh" else term.en


# ---------------------------------------------------------------- the review of each hand


def describe_event(
    ev: Event,
    names: Sequence[str],
    pattern_name: Callable[[str], str] | None = None,
    flag_name: Callable[[str], str] | None = None,
    lang: str = "zh",
) -> str:
    """One line in words for an event ("小芳 碰 老王 5p", "阿明 胡 老王 放炮 …", in English
    "小芳 pung ← 老王 5p"); ``pattern_name`` turns a declared pattern id into its name (the
    ids when not given), ``flag_name`` a flag id into the name the rule set declares for it."""
    zh = lang == "zh"

    def n(seat: int | None) -> str:
        return names[seat] if seat is not None else "?"

    if isinstance(ev, Pung):
        head = f"{n(ev.player)} 碰 {n(ev.from_)}" if zh else f"{n(ev.player)} pung ← {n(ev.from_)}"
        return head + (f" {ev.tile}" if ev.tile else "")
    if isinstance(ev, Kong):
        src = f" ← {n(ev.from_)}" if ev.from_ is not None else ""
        kind = KONG_KINDS.get(ev.kind)
        word = (kind.zh if zh else f"{kind.en} kong") if kind else ev.kind
        return f"{n(ev.player)} {word}{src}" + (f" {ev.tile}" if ev.tile else "")
    if isinstance(ev, Flowers):
        return f"{n(ev.player)} {'补花' if zh else 'flowers'} " + (
            ev.tiles if ev.tiles else f"×{ev.count}"
        )
    if isinstance(ev, Penalty):
        if zh:
            return f"{n(ev.player)} {PENALTY_ZH.get(ev.kind, ev.kind)}"
        kind = PENALTY_KINDS.get(ev.kind)
        return f"{n(ev.player)} {PENALTY.en} ({kind.en if kind else ev.kind})"
    if isinstance(ev, Jing):
        counts = "  ".join(
            f"{names[i]} {_pair(z, f, lang)}" for i, (z, f) in enumerate(ev.lower_counts) if z or f
        )
        head = (
            f"翻精 {ev.indicator}  下精 {ev.lower}"
            if zh
            else f"{JING.en} {ev.indicator}  {LOWER_JING.en} {ev.lower}"
        )
        return head + (f"  ({counts})" if counts else "")
    if isinstance(ev, JingCount):
        counts = "  ".join(f"{names[i]} {_pair(z, f, lang)}" for i, (z, f) in enumerate(ev.counts))
        return f"{'精' if zh else 'jing held'} {counts}"
    if isinstance(ev, Win):
        if zh:
            how = SELF_DRAW.zh if ev.from_ is None else f"{n(ev.from_)} 放炮"
            parts = [f"{n(ev.player)} 胡 ({how})"]
        else:
            how = SELF_DRAW.en if ev.from_ is None else f"off {n(ev.from_)}"
            parts = [f"{n(ev.player)} wins ({how})"]
        if ev.hand:
            parts.append(ev.hand)
        if ev.patterns:
            parts.append(
                ("报 " if zh else "declared ")
                + " ".join(pattern_name(p) if pattern_name else p for p in ev.patterns)
            )
        if ev.fan is not None:
            parts.append(f"{ev.fan}番" if zh else f"{ev.fan} fans")
        for name in ev.flags_set:
            v = ev.flag(name)
            label = flag_name(name) if flag_name else FLAG_ZH.get(name, name)
            if not zh and name in WIN_FLAGS:
                label = f"{label} {WIN_FLAGS[name].en}"
            if v is True:
                parts.append(label)
            elif isinstance(v, tuple):
                parts.append(f"{label} " + ",".join(x or "-" for x in v))
            else:
                parts.append(f"{label} {v}")
        return " ".join(str(p) for p in parts)
    if isinstance(ev, FalseWin):
        return f"{n(ev.player)} {_t(OUTCOMES['false_win'], lang)}"
    if isinstance(ev, Draw):
        return _t(OUTCOMES["draw"], lang) + (
            w("draw_last", lang, name=n(ev.last_drawer)) if ev.last_drawer is not None else ""
        )
    return ev.type


def _flag_names(variant_id: str) -> Callable[[str], str] | None:
    """A flag id → the name the rule set declares for it (None for an unknown rule set)."""
    from mjscore.engine.errors import MjError
    from mjscore.engine.variants import get_variant

    try:
        data = get_variant(variant_id).data
    except MjError:
        return None

    def name(flag_id: str) -> str:
        flag = data.flag(flag_id)
        return flag.zh if flag is not None else FLAG_ZH.get(flag_id, flag_id)

    return name


def _pair(z: int, f: int, lang: str) -> str:
    return f"{z}正{f}副" if lang == "zh" else f"{z} {JING.en} {f} {SUB_JING.en}"


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
    false_wins: tuple[int, ...] = ()  # the seats whose false win the hand settled
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
    lang: str = "zh",
) -> tuple[HandReview, ...]:
    """Every settled hand with its events in words, the win valuations and the payments the
    engine produced; ``player`` keeps only hands that seat took part in (named in an event
    or a payment)."""
    from mjscore.engine.variants import get_variant

    out = []
    names = [clip(n) for n in session.players]  # as every screen shows them
    flag_name = _flag_names(session.variant)
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
                events=tuple(
                    describe_event(e, names, pattern_name, flag_name, lang) for e in hand.events
                ),
                wins=h.result.wins,
                summary=h.result.summary,
                payments=h.result.payments,
                deltas=h.result.deltas,
                totals=h.totals,
                involved=frozenset(involved),
                false_wins=tuple(e.player for e in hand.of(FalseWin)),
                round_wind=variant.data.status(h.state, rules, ()).prevailing_wind,
            )
        )
    return tuple(out)


# ---------------------------------------------------------------- the report
def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x * 100:.0f}%"


def hand_text(
    hr: HandReview,
    names: Sequence[str],
    *,
    width: int | None = None,
    lang: str = "zh",
) -> list[str]:
    """The lines of one hand in the review, in ``lang`` (rule names from the engine's terms;
    the prevailing wind only for a rule set that has one)."""
    names = [clip(n) for n in names]
    wd = width if width is not None else max(text_width(n) for n in names)
    st = hr.state
    head = f"#{hr.index:<3} {_t(DEALER, lang)} {names[st.dealer]}"
    if hr.round_wind is not None:  # only a rule set with a prevailing wind
        head += f"  {_t(ROUND_WINDS[hr.round_wind], lang)}"
    if st.bixiahu:
        head += f"  {w('flags_planted', lang, flags=st.flags)}"
    outcome = _t(OUTCOMES[hr.outcome], lang) if hr.outcome in OUTCOMES else hr.outcome
    head += f"  {outcome}"
    said = {outcome, OUTCOMES[hr.outcome].zh} if hr.outcome in OUTCOMES else {outcome}
    if hr.summary and not hr.wins and hr.summary not in said:
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
            f"     {pad(clip(names[p.payer]), wd, right=True)} → {pad(clip(names[p.payee]), wd)} {p.amount:>6}  {reason_text(p.reason, lang)}"
        )
    lines.append(
        f"     {w('hand_delta', lang)} "
        + " ".join(f"{n}{d:+d}" for n, d in zip(names, hr.deltas, strict=True))
    )
    lines.append(
        f"     {w('running', lang)} "
        + " ".join(f"{n}{t:+d}" for n, t in zip(names, hr.totals, strict=True))
    )
    return lines


def definitions(lang: str = "zh") -> list[str]:
    """What each statistic means, one line each (engine.report_words.STAT_DEFINITIONS)."""
    return [zh if lang == "zh" else en for _, zh, en in STAT_DEFINITIONS]


def side_line(rows: Sequence[PlayerStats], lang: str = "zh") -> str | None:
    """ "另付 阿明 +6  老王 +118 …": each player's side payments (awards, 现场汇, kong
    points), reported apart from the wins; None when there were none."""
    if not any(r.side_points for r in rows if r.one_scale):
        return None
    label = SIDE_LABEL[0] if lang == "zh" else SIDE_LABEL[1]
    return f"{label} " + "  ".join(f"{clip(r.name)} {r.side_points:+d}" for r in rows)


def rule_set_rows(lt: LifetimeStats, lang: str = "zh") -> list[PlayerStats]:
    """The rows of a lifetime's figures: its total when it is of one rule set; otherwise one
    row per rule set (named after it) and the total of all (money and counts only)."""
    if len(lt.per_rule_set) <= 1:
        return [lt.total]
    rows = [
        replace(r, name=VARIANT_NAMES.get(r.variants[0], r.variants[0])) for r in lt.per_rule_set
    ]
    return rows + [replace(lt.total, name=ALL_RULE_SETS[0] if lang == "zh" else ALL_RULE_SETS[1])]


def stats_table(
    rows: Sequence[PlayerStats], *, places: int = 2, lifetime: bool = False, lang: str = "zh"
) -> list[str]:
    """A fixed-width table of player figures, then each player's biggest win."""
    wd = max([text_width(clip(r.name)) for r in rows] + [4])
    cols = [
        ("hands_col", 3),
        ("wins_col", 4),
        ("self_draw", 4),
        ("deal_ins_col", 4),
        ("false_col", 4),
        ("win_rate", 6),
        ("deal_in_rate", 6),
        ("average", 7),
        ("biggest", 9),
        ("points", 8),
        ("money", 11),
    ]
    heads = [_t(SELF_DRAW, lang) if k == "self_draw" else w(k, lang) for k, _ in cols]
    widths = [max(n, text_width(h)) for (_, n), h in zip(cols, heads, strict=True)]
    sw = max(2, text_width(w("sessions_col", lang)))
    head = (
        f"{pad(w('player', lang), wd)}  "
        + (f"{pad(w('sessions_col', lang), sw, right=True)} " if lifetime else "")
        + " ".join(pad(h, n, right=True) for h, n in zip(heads, widths, strict=True))
    )
    lines = [head]
    for r in rows:
        avg = r.average_win
        big = r.biggest.points if r.biggest else None
        cells = [
            str(r.hands),
            str(r.wins),
            str(r.self_draws),
            str(r.deal_ins),
            str(r.false_wins),
            _pct(r.win_rate),
            _pct(r.deal_in_rate),
            "—" if avg is None else str(avg),
            "—" if big is None else f"{big:+d}",
            f"{r.net:+d}" if r.one_scale else "—",
            format_money(r.money, places, sign=True),
        ]
        lines.append(
            f"{pad(clip(r.name), wd)}  "
            + (f"{r.sessions:>{sw}} " if lifetime else "")
            + " ".join(f"{c:>{n}}" for c, n in zip(cells, widths, strict=True))
        )
    side = None if lifetime else side_line(rows, lang)
    if side:
        lines.append(side)
    return lines + ([] if lifetime else biggest_text(rows, lang))


def biggest_text(rows: Sequence[PlayerStats], lang: str = "zh") -> list[str]:
    """Each player's biggest win, one line each."""
    lines = []
    for r in rows:
        if r.biggest:
            b = r.biggest
            how = _t(SELF_DRAW if b.self_drawn else DISCARD_WIN, lang)
            lines.append(
                w(
                    "biggest_line",
                    lang,
                    name=clip(r.name),
                    where=b.where(),
                    how=how,
                    points=b.points,
                    label=b.label(),
                )
            )
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
    lang: str = "zh",
) -> str:
    """What ``mjscore report`` prints: review, statistics, settle-up, in ``lang``."""
    names = session.players
    st = session_stats(session, rep, unit=unit)
    v = VARIANT_NAMES.get(session.variant, session.variant) if lang == "zh" else session.variant
    out = [
        f"{title + '  ' if title else ''}{w('mahjong', lang, v=v)}  "
        f"{w('stake', lang, stake=plain(session.stake))}  "
        + w(
            "count_line",
            lang,
            **{
                key: counted(getattr(st, key), key, lang, lower=True)
                for key in ("hands", "wins", "draws", "false_wins")
            },
        ),
        w("players_line", lang) + "  ".join(f"[{i}] {n}" for i, n in enumerate(names, start=1)),
    ]
    if "review" in sections:
        out += [
            "",
            w("review_head", lang) + (f" — {names[player]}" if player is not None else "") + " ==",
        ]
        wd = max(text_width(clip(n)) for n in names)
        for hr in review(session, rep, player=player, pattern_name=pattern_name, lang=lang):
            out += hand_text(hr, names, width=wd, lang=lang)
    if "stats" in sections:
        out += ["", w("stats_head", lang)]
        out += stats_table(st.players_stats, places=st.settlement.places, lang=lang)
        out += [f"  {line}" for line in definitions(lang)]
    if "settle" in sections:
        out += ["", "== " + settle_text(names, st.settlement, lang=lang)]
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


def lifetime_text(lt: LifetimeStats, *, places: int = 2, lang: str = "zh") -> str:
    out = [
        w(
            "lifetime_head",
            lang,
            player=lt.player,
            sessions=counted(lt.total.sessions, "sessions", lang, lower=True),
            hands=counted(lt.total.hands, "hands", lang, lower=True),
        )
    ]
    out += stats_table(rule_set_rows(lt, lang), places=places, lifetime=True, lang=lang)
    side = side_line(lt.per_rule_set, lang) if len(lt.per_rule_set) == 1 else None
    out += [side] if side else []
    out += biggest_text([lt.total], lang)
    out += [f"  {line}" for line in definitions(lang)]
    if lt.sessions:
        out += ["", w("sessions_line", lang)]
        wd = max(text_width(s.label) for s in lt.sessions)
        vw = max(text_width(VARIANT_NAMES.get(s.variant, s.variant)) for s in lt.sessions)
        sw = max(len(plain(s.stake)) for s in lt.sessions)
        for s in lt.sessions:
            p = s.stats
            out.append(
                f"  {pad(s.label, wd)}  {pad(VARIANT_NAMES.get(s.variant, s.variant), vw)} "
                f"{w('stake', lang, stake=f'{plain(s.stake):<{sw}}')}"
                f"  {w('life_row', lang, hands=p.hands, wins=p.wins, deal_ins=p.deal_ins, net=p.net)}"
                f"  {format_money(p.money, places, sign=True):>10}  "
                + w("cumulative", lang, money=format_money(s.cumulative_money, places, sign=True))
            )
    return "\n".join(out) + "\n"
