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
    "sessions": ("场", "sess."),
    "hands": ("盘", "hands"),
    "money": ("金额", "money"),
    "placings": ("名次 1-4", "1st-4th"),
    "avg": ("平均名次", "avg"),
    "win_rate": ("胡牌率", "win"),
    "deal_in_rate": ("放炮率", "deal-in"),
    "biggest": ("最大一手", "biggest hand"),
    "standard": ("标准分", "std pts"),
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


def _where(session: str, hand: int, lang: str) -> str:
    return f"{session} 第{hand}盘" if lang == "zh" else f"{session} hand {hand}"


def _columns(rows: Sequence[Sequence[str]], left: int = 1) -> list[str]:
    """Rows of cells as aligned text: the first ``left`` columns to the left, the rest right."""
    widths = [max(text_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            pad(c, w, right=i >= left) for i, (c, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]


def standings_lines(rows: Sequence[Standing], lang: str, variant: str | None = None) -> list[str]:
    """The standings table, one line per player (best first) and a line of details under it."""
    if not rows:
        return [w("no_sessions", lang)]
    n = _money_places([r.money for r in rows])
    show_std = any(r.standard is not None for r in rows)
    keys = ["player", "sessions", "hands", "money", "placings", "avg", "win_rate", "deal_in_rate"]
    if show_std:
        keys.append("standard")
    table = [["", *(w(k, lang) for k in keys)]]
    for i, r in enumerate(rows, 1):
        avg = r.average_place
        cells = [
            f"{i}.",
            clip(r.name),
            str(r.sessions),
            str(r.hands),
            format_money(r.money, n, sign=True),
            "/".join(str(c) for c in r.placings),
            "—" if avg is None else f"{float(avg):.2f}",
            _pct(r.win_rate),
            _pct(r.deal_in_rate),
        ]
        if show_std:
            cells.append("—" if r.standard is None else fraction_text(r.standard))
        table.append(cells)
    lines = _columns(table, left=2)
    out = [lines[0]]
    for r, line in zip(rows, lines[1:], strict=True):
        out.append(line)
        detail = _points(r.points, lang)
        if r.biggest is not None:
            b = r.biggest
            detail += f"   {w('biggest', lang)}: {b.label()} ({_where(b.session, b.hand, lang)})"
        out.append("      " + detail)
    return out


def standings_text(rows: Sequence[Standing], lang: str, variant: str | None = None) -> str:
    return "\n".join(standings_lines(rows, lang, variant)) + "\n"


def night_lines(n: Night, lang: str) -> list[str]:
    """A night: its sessions, each player's combined money and points, the settle-up."""
    if not n.sessions:  # an empty ledger has no latest night to name
        return (
            [f"{w('night', lang)} {n.date}", w("no_sessions", lang)]
            if n.date
            else [w("no_sessions", lang)]
        )
    out = [f"{w('night', lang)} {n.date}" if n.date else w("chosen", lang)]
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
