"""Standings and a night in words: the tables ``mjscore standings`` and ``mjscore night``
print and the club screens show. Every figure comes from :mod:`engine.standings` and
:mod:`engine.night`; this module only lays them out."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from mjscore.engine.money import clip, format_money, pad, places, text_width
from mjscore.engine.night import Night
from mjscore.engine.placings import fraction_text
from mjscore.engine.standings import Standing
from mjscore.tui.i18n import variant_name

WORDS: dict[str, tuple[str, str]] = {
    "player": ("玩家", "player"),
    "sessions": ("场", "sessions"),
    "hands": ("局", "hands"),
    "money": ("金额", "money"),
    "placings": ("名次 1-4", "places 1-4"),
    "avg": ("平均名次", "avg place"),
    "win_rate": ("胡牌率", "win rate"),
    "deal_in_rate": ("放炮率", "deal-in rate"),
    "biggest": ("最大一手", "biggest hand"),
    "standard": ("标准分", "standard pts"),
    "points": ("分", "points"),
    "no_sessions": ("没有牌局", "no sessions"),
    "night": ("牌局之夜", "Night of"),
    "chosen": ("所选牌局", "Chosen sessions"),
    "settle": ("结算（最少转账）", "Settle-up (fewest transfers)"),
    "pays": ("付给", "pays"),
    "all_square": ("两清，无需转账", "all square: no transfers"),
    "table": ("桌", "table"),
}


def w(key: str, lang: str) -> str:
    zh, en = WORDS[key]
    return zh if lang == "zh" else en


def _money_places(amounts: Sequence[Decimal]) -> int:
    return min(max((places(a) for a in amounts), default=0), 8)


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x * 100:.0f}%"


def _points(points: dict[str, int], lang: str) -> str:
    return "  ".join(f"{variant_name(v, lang)} {p:+d}" for v, p in sorted(points.items()))


def standings_lines(rows: Sequence[Standing], lang: str, variant: str | None = None) -> list[str]:
    """The standings table, one line per player, best first."""
    if not rows:
        return [w("no_sessions", lang)]
    n = _money_places([r.money for r in rows])
    nw = max(text_width(clip(r.name)) for r in rows)
    nw = max(nw, text_width(w("player", lang)))
    show_std = any(r.standard is not None for r in rows)
    head = [
        pad(w("player", lang), nw),
        pad(w("sessions", lang), 4, right=True),
        pad(w("hands", lang), 5, right=True),
        pad(w("money", lang), 12, right=True),
        pad(w("placings", lang), 12),
        pad(w("avg", lang), 6, right=True),
        pad(w("win_rate", lang), 6, right=True),
        pad(w("deal_in_rate", lang), 6, right=True),
    ]
    if show_std:
        head.append(pad(w("standard", lang), 6, right=True))
    out = ["  ".join(head)]
    for i, r in enumerate(rows, 1):
        avg = r.average_place
        cells = [
            pad(clip(r.name), nw),
            f"{r.sessions:>4}",
            f"{r.hands:>5}",
            f"{format_money(r.money, n, sign=True):>12}",
            pad("/".join(str(c) for c in r.placings), 12),
            f"{'—' if avg is None else f'{float(avg):.2f}':>6}",
            f"{_pct(r.win_rate):>6}",
            f"{_pct(r.deal_in_rate):>6}",
        ]
        if show_std:
            std = "—" if r.standard is None else fraction_text(r.standard)
            cells.append(f"{std:>6}")
        out.append(f"{i:>2}. " + "  ".join(cells))
        detail = _points(r.points, lang)
        if r.biggest is not None:
            detail += f"   {w('biggest', lang)}: {r.biggest.label()} ({r.biggest.where()})"
        out.append("     " + detail)
    out[0] = "    " + out[0]
    return out


def standings_text(rows: Sequence[Standing], lang: str, variant: str | None = None) -> str:
    return "\n".join(standings_lines(rows, lang, variant)) + "\n"


def night_lines(n: Night, lang: str) -> list[str]:
    """A night: its sessions, each player's combined money and points, the settle-up."""
    title = f"{w('night', lang)} {n.date}" if n.date else w("chosen", lang)
    out = [title]
    if not n.sessions:
        return [*out, w("no_sessions", lang)]
    for s in n.sessions:
        table = f" {w('table', lang)} {s.table}" if s.table else ""
        out.append(
            f"  {s.label}{table}  {variant_name(s.variant, lang)}  "
            + "  ".join(f"{clip(p)} {t:+d}" for p, t in zip(s.players, s.totals, strict=True))
        )
    out.append("")
    k = min(max(places(s.stake) for s in n.sessions), places(n.unit))
    nw = max(text_width(clip(p.name)) for p in n.players)
    for p in n.players:
        out.append(
            f"  {pad(clip(p.name), nw)}  {format_money(p.money, k, sign=True):>12}"
            f"  {_points(p.points, lang)}"
        )
    out += ["", w("settle", lang) + ":"]
    if not n.transfers:
        out.append("  " + w("all_square", lang))
    for t in n.transfers:
        out.append(
            f"  {clip(t.payer)} {w('pays', lang)} {clip(t.payee)}  {format_money(t.amount, k)}"
        )
    return out


def night_text(n: Night, lang: str) -> str:
    return "\n".join(night_lines(n, lang)) + "\n"
