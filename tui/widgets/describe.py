"""One-line descriptions of events, hands and payments (plain strings, never markup)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjscore.engine.core import HandResult, Payment
from mjscore.engine.names import NAME_WIDTH, shown_name
from mjscore.engine.record import (
    Draw,
    FalseWin,
    Flowers,
    Jing,
    JingCount,
    Kong,
    Penalty,
    Pung,
    Win,
)
from mjscore.engine.report_words import HEADLINE_UNITS, money_notes
from mjscore.engine.terms import (
    CHONGGUAN_FED,
    JING_KONGS,
    KONG_KINDS,
    LAST_DRAWER,
    LOWER_JING,
    OUTCOMES,
    PENALTY,
    PENALTY_KINDS,
    SELF_DRAW,
)
from mjscore.engine.variant import Variant

from ..i18n import flag_name, pattern_name, tr, word


def short(name: str, width: int = NAME_WIDTH) -> str:
    """A name cut to ``width`` terminal cells (CJK and emoji count two) with an ellipsis:
    :func:`engine.names.shown_name`, the one cut every screen uses."""
    return shown_name(name, width)


def describe_event(ev: Any, names: Sequence[str], variant: Variant, lang: str) -> str:
    n = lambda i: short(names[i]) if i is not None else "?"  # noqa: E731
    if isinstance(ev, Kong):
        kind = word(KONG_KINDS[ev.kind], lang)
        s = f"{n(ev.player)} {tr('act_kong', lang)} ({kind})"
        if ev.from_ is not None:
            s += f" ← {n(ev.from_)}"
        if ev.tile:
            s += f" {ev.tile}"
        return s
    if isinstance(ev, Pung):
        return f"{n(ev.player)} {tr('act_pung', lang)} ← {n(ev.from_)}" + (
            f" {ev.tile}" if ev.tile else ""
        )
    if isinstance(ev, Flowers):
        what = ev.tiles if ev.tiles else str(ev.count)
        return f"{n(ev.player)} {tr('act_flowers', lang)} {what}"
    if isinstance(ev, Penalty):
        return f"{n(ev.player)} {PENALTY.name(lang)}: {word(PENALTY_KINDS[ev.kind], lang)}"
    if isinstance(ev, Jing):
        counts = " ".join(f"{z},{f}" for z, f in ev.lower_counts)
        return (
            f"{tr('act_jing', lang)} {ev.indicator} · {LOWER_JING.name(lang)} {ev.lower} · {counts}"
        )
    if isinstance(ev, JingCount):
        counts = " ".join(f"{z},{f}" for z, f in ev.counts)
        s = f"{tr('act_jing_count', lang)} {counts}"
        if ev.jing_kongs and any(ev.jing_kongs):
            s += f" · {JING_KONGS.name(lang)} " + " ".join(map(str, ev.jing_kongs))
        if ev.fed_by and any(x is not None for x in ev.fed_by):
            s += f" · {CHONGGUAN_FED.name(lang)} " + " ".join(
                "-" if x is None else n(x) for x in ev.fed_by
            )
        return s
    if isinstance(ev, Win):
        return describe_win(ev, names, variant, lang)
    if isinstance(ev, FalseWin):
        return f"{n(ev.player)} {tr('act_false_win', lang)}"
    if isinstance(ev, Draw):
        s = tr("act_draw", lang)
        if ev.last_drawer is not None:
            s += f" ({word(LAST_DRAWER, lang)}: {n(ev.last_drawer)})"
        return s
    return ev.type


def describe_win(ev: Win, names: Sequence[str], variant: Variant, lang: str) -> str:
    n = lambda i: short(names[i], 12)  # noqa: E731
    s = f"{n(ev.player)} {tr('act_win', lang)}"
    s += f" {word(SELF_DRAW, lang)}" if ev.from_ is None else f" ← {n(ev.from_)}"
    parts: list[str] = []
    if ev.hand:
        parts.append(ev.hand)
    for p in ev.patterns or ():
        parts.append(pattern_name(variant, p, lang))
    for d in variant.data.declared:
        v = getattr(ev, d.id)
        if d.kind == "yes":
            if v and d.id not in (ev.patterns or ()):
                parts.append(d.name(lang))
        elif v is not None:
            parts.append(f"{d.name(lang)} {v}")
    for fl in ev.flags_set:
        v = getattr(ev, fl)
        label = flag_name(variant, fl, lang)
        parts.append(
            label
            if v is True
            else f"{label} {v if not isinstance(v, tuple) else ','.join(x or '-' for x in v)}"
        )
    return s + (" · " + " ".join(parts) if parts else "")


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (CJK counts two)."""
    from rich.cells import cell_len

    return text + " " * max(0, width - cell_len(text))


def payment_line(p: Payment, names: Sequence[str], width: int = 10) -> str:
    return f"{pad(short(names[p.payer], width), width)} → {pad(short(names[p.payee], width), width)} {p.amount:>6}  {p.reason}"


def hand_summary(
    res: HandResult, names: Sequence[str], lang: str, events: Sequence[Any] = ()
) -> str:
    """A one-line summary of a settled hand."""
    extras = _event_counts(events, lang)
    if res.outcome == "win" and res.wins:
        parts = []
        for w in res.wins:
            who = short(names[w.player], 10)
            how = word(SELF_DRAW, lang) if w.from_ is None else f"← {short(names[w.from_], 10)}"
            val = f"{w.value}{HEADLINE_UNITS.get(w.unit, w.unit)}" if w.unit else str(w.value)
            parts.append(f"{who} {how} · {w.summary} ({val})")
        return "; ".join(parts) + notes_text(res, names) + extras
    fw = [e for e in events if isinstance(e, FalseWin)]
    if fw:
        return f"{short(names[fw[0].player], 10)} {tr('act_false_win', lang)}" + extras
    return word(OUTCOMES[res.outcome], lang) + extras


def notes_text(res: Any, names: Sequence[str]) -> str:
    """ " · <words> <name>": what changed money beyond the plain win, in the
    words of the payment reasons (engine.report_words.money_notes), with whom it names."""
    notes = [
        f"{words} {short(names[seat], 10)}" if seat is not None else words
        for words, seat in money_notes(res.payments)
    ]
    return f" · {'  '.join(notes)}" if notes else ""


def _event_counts(events: Sequence[Any], lang: str) -> str:
    kongs = sum(isinstance(e, Kong) for e in events)
    pens = sum(isinstance(e, Penalty) for e in events)
    out = []
    if kongs:
        out.append(f"{tr('act_kong', lang)}×{kongs}")
    if pens:
        out.append(f"{tr('act_penalty', lang)}×{pens}")
    return f" · {' '.join(out)}" if out else ""


def deltas_line(deltas: Sequence[int], names: Sequence[str]) -> str:
    return "  ".join(f"{short(n, 10)} {d:+d}" for n, d in zip(names, deltas, strict=True))


def explain_error(e: BaseException, lang: str, names: Sequence[str] | None = None) -> str:
    """A refusal as the user reads it: a localized lead-in, the hand it concerns (numbered
    from 1, as the table shows hands) and the engine's message in the app's language
    (:meth:`MjError.text`), without record paths such as ``events[0].from`` (a tile-string
    position is kept). Seats are the player's name and the 1–4 number the UI shows."""
    import re

    from mjscore.engine.errors import MjError

    if not isinstance(e, MjError):
        return f"{tr('refused', lang)}: {seats_named(str(e), names)}"
    where = e.where or ""
    lead = tr("refused", lang)
    m = re.match(r"hands\[(\d+)\]", where) or re.match(r"hand (\d+)\b", where)
    if m:
        n = int(m.group(1)) + (1 if where.startswith("hands[") else 0)
        lead += f" ({tr('hand_no', lang, n=n)})"
    return f"{lead}: {seats_named(e.text(lang, names), names)}"


def seats_named(text: str, names: Sequence[str] | None) -> str:
    """Engine wording → UI wording: "seat 2" → "Mei [3]", "events[1]" → "event 2"."""
    import re

    if names:

        def seat(m: re.Match) -> str:
            i = int(m.group(2))
            return f"{names[i]} [{i + 1}]" if 0 <= i < len(names) else m.group(0)

        text = re.sub(r"\b(seat|player) (\d)\b", seat, text)
    text = re.sub(r"\bevents\[(\d+)\]", lambda m: f"event {int(m.group(1)) + 1}", text)
    return re.sub(r"\bhands\[(\d+)\]", lambda m: f"hand {int(m.group(1)) + 1}", text)
