"""Money at the end of a session: points × stake, rounded to a currency unit, and the
fewest transfers that settle it.

The rounding rule (also in :data:`ROUNDING_RULE_ZH` / :data:`ROUNDING_RULE_EN`, printed
with every settle-up):

1. Each player's exact money is ``points × stake`` (exact decimal arithmetic).
2. It is rounded to the unit (default 0.01) half-up, i.e. a half unit goes away from zero
   (``0.005 → 0.01``, ``-0.005 → -0.01``).
3. If the rounded amounts do not sum to zero, the difference is removed one unit at a
   time from the amount that rounding moved furthest in that direction (ties: the lowest
   seat first), so the amounts sum to exactly zero and no amount moves more than one unit
   from its exact value.
4. Transfers are computed on the rounded amounts in whole units with
   :func:`engine.core.settle_up`: the exact minimum number of transfers, never more than
   (players with a non-zero balance − 1), so at most three at a four-player table.
"""

from __future__ import annotations

import decimal
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from .errors import ErrorCode, MjError
from .names import NAME_WIDTH as NAME_COLUMNS  # noqa: F401  (the names' display, kept here too)
from .names import shown_name as clip
from .names import text_width
from .texts_record import txt
from .transfers import settle_up

CENT = Decimal("0.01")

ROUNDING_RULE_EN = (
    "money = points × stake, rounded half-up (away from zero) to {unit}; if the rounded "
    "amounts do not sum to zero, the difference is taken one {unit} at a time from the "
    "amount rounding moved furthest (ties: lowest seat first)"
)
ROUNDING_RULE_ZH = (
    "金额 = 分数 × 底注，按 {unit} 四舍五入（五入远离零）；舍入后合计不为零时，"
    "差额按 {unit} 逐个从舍入偏移最大者调整（相同时座位靠前者先调）"
)


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: int
    payee: int
    amount: Decimal

    def to_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": plain(self.amount)}


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneySettlement:
    """The money side of a session: what each seat wins or loses and who pays whom."""

    stake: Decimal
    unit: Decimal
    points: tuple[int, ...]
    exact: tuple[Decimal, ...]  # points × stake, unrounded
    amounts: tuple[Decimal, ...]  # rounded to ``unit``, summing to zero
    adjusted: tuple[int, ...]  # seats moved by rule 3 (usually empty)
    transfers: tuple[Transfer, ...]

    @property
    def rounded(self) -> bool:
        """Whether rounding changed any amount."""
        return self.exact != self.amounts

    def rule(self, lang: str = "zh") -> str:
        u = format_money(self.unit, places(self.unit))
        return (ROUNDING_RULE_ZH if lang == "zh" else ROUNDING_RULE_EN).format(unit=u)

    @property
    def places(self) -> int:
        """Decimal places to show: those the stake needs, but no finer than the unit."""
        return min(places(self.stake), places(self.unit))

    def fmt(self, d: Decimal, *, sign: bool = False) -> str:
        return format_money(d, self.places, sign=sign)

    def to_json(self) -> dict[str, Any]:
        return {
            "stake": plain(self.stake),
            "unit": plain(self.unit),
            "points": list(self.points),
            "exact": [plain(x) for x in self.exact],
            "money": [plain(x) for x in self.amounts],
            "adjusted": list(self.adjusted),
            "transfers": [t.to_json() for t in self.transfers],
            "rounding": self.rule("en"),
        }


def places(d: Decimal) -> int:
    """Decimal places of ``d`` written without trailing zeros (0.50 → 1, 2 → 0)."""
    exp = d.normalize().as_tuple().exponent
    return max(0, -exp) if isinstance(exp, int) else 0


def plain(d: Decimal) -> str:
    """``d`` without exponent or trailing zeros (``Decimal("10")`` → "10", 0.50 → "0.5")."""
    return f"{d.normalize():f}"


def format_money(d: Decimal, n_places: int, *, sign: bool = False) -> str:
    """``d`` with exactly ``n_places`` decimals (half-up)."""
    prec = max(28, max(d.adjusted(), 0) + n_places + 3) if d.is_finite() else 28
    with decimal.localcontext(
        decimal.Context(prec=prec, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
    ):
        q = d.quantize(Decimal(1).scaleb(-n_places), rounding=ROUND_HALF_UP)
    if q == 0:
        q = abs(q)  # no "-0.00"
    return f"{q:+}" if sign else f"{q}"


def money(points: int, stake: Decimal) -> Decimal:
    """Unrounded money for a number of points."""
    return Decimal(points) * stake


MAX_DIGITS = 4000
"""Most digits an amount may need (a stake of 1e400 per point is fine; 1e5000 is refused)."""


def _digits(d: Decimal) -> int:
    """Digits from ``d``'s leading digit down to its last decimal place."""
    if not d:
        return 1
    t = d.as_tuple()
    return max(d.adjusted(), 0) - min(int(t.exponent), 0) + 1


def _context(*amounts: Decimal) -> decimal.Context:
    """A context in which products, quotients by the unit and sums of these amounts are
    exact (the default 28 significant digits would round a long stake or overflow a huge
    one)."""
    need = sum(_digits(a) for a in amounts) + 10
    if need > MAX_DIGITS:
        raise MjError(
            ErrorCode.BAD_RECORD,
            txt("settling_stake_currency_unit_more", MAX_DIGITS=MAX_DIGITS),
        )
    return decimal.Context(
        prec=max(28, need), rounding=ROUND_HALF_UP, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN
    )


def settle_money(
    points: Sequence[int], stake: Decimal | int | str, unit: Decimal | int | str = CENT
) -> MoneySettlement:
    """Round each seat's ``points × stake`` to ``unit`` (rule in the module docstring) and find
    the fewest transfers. ``points`` must sum to zero (a session's replay totals do)."""
    pts, stake, unit, ctx = _checked(points, stake, unit)
    with decimal.localcontext(ctx):
        exact, units, adjusted = _rounded(pts, stake, unit)
        amounts = tuple(Decimal(u) * unit for u in units)
        transfers = tuple(Transfer(a, b, Decimal(n) * unit) for a, b, n in settle_up(units))
    return MoneySettlement(
        stake=stake,
        unit=unit,
        points=pts,
        exact=exact,
        amounts=amounts,
        adjusted=tuple(sorted(set(adjusted))),
        transfers=transfers,
    )


def settled_amounts(
    points: Sequence[int], stake: Decimal | int | str, unit: Decimal | int | str = CENT
) -> tuple[Decimal, ...]:
    """``settle_money(points, stake, unit).amounts`` without working out the transfers:
    what a player's figures over many sessions need of each (the same checks, the same
    rounding: both are :func:`_checked` then :func:`_rounded`)."""
    pts, stake, unit, ctx = _checked(points, stake, unit)
    with decimal.localcontext(ctx):
        _, units, _ = _rounded(pts, stake, unit)
        return tuple(Decimal(u) * unit for u in units)


def _checked(
    points: Sequence[int], stake: Decimal | int | str, unit: Decimal | int | str
) -> tuple[tuple[int, ...], Decimal, Decimal, decimal.Context]:
    """The points, stake and unit of a settlement, checked, and the context in which its
    arithmetic is exact (see :func:`_context`; the stake's and unit's digits are counted
    once per stake and unit, as a lifetime asks for the same few over and over)."""
    stake = Decimal(str(stake))
    unit = Decimal(str(unit))
    if not stake.is_finite() or stake <= 0:
        raise MjError(
            ErrorCode.BAD_RECORD, txt("stake_positive_amount", stake=stake), where="stake"
        )
    if not unit.is_finite() or unit <= 0:
        raise MjError(
            ErrorCode.BAD_OPTION,
            txt("currency_unit_positive_amount", unit=unit),
            where="unit",
        )
    pts = tuple(int(p) for p in points)
    if sum(pts) != 0:
        raise ValueError(f"points do not sum to zero: {pts}")
    biggest = Decimal(max((abs(p) for p in pts), default=0) * 4 + 1)
    need = _digits(biggest) + _stake_unit_digits(str(stake), str(unit)) + 10
    if need > MAX_DIGITS:  # (its refusal)
        _context(biggest, stake, unit, Decimal(1) / unit if unit < 1 else unit)
    return pts, stake, unit, _exact_context(max(28, need))


@functools.lru_cache(maxsize=64)
def _stake_unit_digits(stake_text: str, unit_text: str) -> int:
    # (keyed by the text: 0.5 and 0.50 are equal Decimals with different digits)
    stake, unit = Decimal(stake_text), Decimal(unit_text)
    return _digits(stake) + _digits(unit) + _digits(Decimal(1) / unit if unit < 1 else unit)


@functools.lru_cache(maxsize=64)
def _exact_context(prec: int) -> decimal.Context:
    """The context :func:`_context` makes for ``prec`` digits (localcontext uses a copy)."""
    return decimal.Context(
        prec=prec, rounding=ROUND_HALF_UP, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN
    )


def _rounded(
    pts: tuple[int, ...], stake: Decimal, unit: Decimal
) -> tuple[tuple[Decimal, ...], list[int], list[int]]:
    """Each seat's exact money, its amount in units after rule 3, and the seats adjusted."""
    exact = tuple(money(p, stake) for p in pts)
    units = [int((x / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP)) for x in exact]
    # rule 3: fix the residual, one unit at a time
    adjusted: list[int] = []
    residual = sum(units)
    while residual:
        step = 1 if residual > 0 else -1

        # how far rounding moved each seat in the residual's direction, in units
        def moved(i: int, step: int = step) -> Decimal:
            return (Decimal(units[i]) - exact[i] / unit) * step

        seat = max(range(len(units)), key=lambda i: (moved(i), -i))
        units[seat] -= step
        adjusted.append(seat)
        residual -= step
    return exact, units, adjusted


def pad(s: str, width: int, *, right: bool = False) -> str:
    """``s`` padded with spaces to ``width`` terminal columns."""
    fill = " " * max(0, width - text_width(s))
    return fill + s if right else s + fill


def settle_text(names: Sequence[str], s: MoneySettlement, *, lang: str = "zh") -> str:
    """The copyable settle-up block: each player's money, then who pays whom."""
    names = [clip(n) for n in names]
    width = max(text_width(n) for n in names)
    zh = lang == "zh"
    stake = f"底注 {plain(s.stake)} / 分" if zh else f"stake {plain(s.stake)} per point"
    lines = [f"结算（{stake}）" if zh else f"Settle up ({stake})"]
    pts = "分" if zh else "pts"
    for i, n in enumerate(names):
        lines.append(
            f"  {pad(n, width)}  {s.points[i]:>+7d} {pts}  {s.fmt(s.amounts[i], sign=True):>10}"
        )
    if s.transfers:
        lines.append("转账：" if zh else "Transfers:")
        amounts = [s.fmt(t.amount) for t in s.transfers]
        aw = max(len(a) for a in amounts)
        for t, a in zip(s.transfers, amounts, strict=True):
            lines.append(
                f"  {pad(names[t.payer], width)} → {pad(names[t.payee], width)}  {a:>{aw}}"
            )
    else:
        lines.append("无需转账" if zh else "Nothing to pay")
    lines.append(("舍入：" if zh else "Rounding: ") + s.rule(lang))
    if s.adjusted:
        adj = ("、" if zh else ", ").join(names[i] for i in s.adjusted)
        lines.append(("  调整：" if zh else "  adjusted: ") + adj)
    return "\n".join(lines)
