"""Settlement types shared by every variant, the variant base class, and replay.

A variant turns one :class:`~engine.record.Hand` played in a :class:`TableState` into a
:class:`HandResult`: itemised payments (one per rule item, each with a reason a player can
read), zero-sum deltas and the next table state. Replay folds a session's hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from .errors import ErrorCode, MjError
from .record import FalseWin, Hand, Session, Win
from .rules import option_specs, rules_from_options

WIND_ORDER = "ESWN"


@dataclass(frozen=True, slots=True, kw_only=True)
class TableState:
    """The state a hand is played in. ``hand_number`` counts from 1 within the session.

    ``passes`` counts how often the deal has passed to the next seat (Guobiao derives the
    prevailing wind from it). ``bixiahu``/``flags`` are Nanjing's 比下胡 and 插旗.
    """

    hand_number: int = 1
    dealer: int = 0
    prevailing_wind: str = "E"
    bixiahu: bool = False
    flags: int = 0
    passes: int = 0

    def seat_wind(self, seat: int) -> str:
        """東 for the dealer, then 南 西 北 in turn order."""
        return WIND_ORDER[(seat - self.dealer) % 4]

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "prevailing_wind": self.prevailing_wind,
            "bixiahu": self.bixiahu,
            "flags": self.flags,
        }


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreItem:
    """One line of an explanation: a pattern, a fan, a flower source, a multiplier."""

    id: str
    zh: str
    en: str
    value: int | str  # points, fans, 花, doublings, or a multiplier text such as "×2"
    count: int = 1

    @property
    def total(self) -> int | str:
        """The item's whole worth: value × count for numbers (花牌×2 → 2), else the value."""
        return self.value * self.count if isinstance(self.value, int) else self.value

    def label(self, lang: str = "zh") -> str:
        """'花牌×2 2': the name, how many times it counts, and what it is worth in all."""
        name = self.zh if lang == "zh" else f"{self.zh} {self.en}"
        n = f"×{self.count}" if self.count > 1 else ""
        return f"{name}{n} {self.total}"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.zh,
            "name_en": self.en,
            "value": self.value,
            "count": self.count,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class WinResult:
    """How one win was valued: the items found and the hand's headline value."""

    player: int
    from_: int | None
    items: tuple[ScoreItem, ...]
    value: int  # GB fan total, Nanning doublings k, Nanjing H, Nanchang M (variant's unit)
    unit: str  # "番", "倍", "花", "×"
    summary: str  # "清一色 碰碰胡 自摸"

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "from": self.from_,
            "items": [i.to_json() for i in self.items],
            "value": self.value,
            "unit": self.unit,
            "summary": self.summary,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    payments: tuple[Payment, ...]
    deltas: tuple[int, int, int, int]
    next_state: TableState
    outcome: str  # "win" | "draw" | "false_win"
    wins: tuple[WinResult, ...] = ()
    summary: str = ""
    details: Mapping[str, Any] = field(default_factory=dict)  # variant extras (bixiahu trigger…)

    def __post_init__(self) -> None:
        assert sum(self.deltas) == 0, f"deltas do not sum to zero: {self.deltas}"
        net = [0, 0, 0, 0]
        for p in self.payments:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        assert tuple(net) == tuple(self.deltas), (
            f"payments {net} disagree with deltas {self.deltas}"
        )


class PaymentBook:
    """Collects itemised payments; zero amounts are left out, as RULES.md §0 says."""

    def __init__(self) -> None:
        self.items: list[Payment] = []

    def pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        if payer == payee:
            raise AssertionError(f"self-payment {payer} ({reason})")
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        if amount:
            self.items.append(Payment(payer, payee, int(amount), reason))

    def each_pays(
        self, payee: int, amount: int, reason: str, *, payers: Iterable[int] | None = None
    ) -> None:
        for p in payers if payers is not None else range(4):
            if p != payee:
                self.pay(p, payee, amount, reason)

    def deltas(self) -> tuple[int, int, int, int]:
        net = [0, 0, 0, 0]
        for p in self.items:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return tuple(net)  # type: ignore[return-value]

    def result(self, **kw: Any) -> HandResult:
        return HandResult(payments=tuple(self.items), deltas=self.deltas(), **kw)


@dataclass(frozen=True, slots=True, kw_only=True)
class CalcResult:
    """What ``mjscore calc`` prints: a JSON object and the lines of its text form."""

    json: Mapping[str, Any]
    lines: tuple[str, ...]


class Variant:
    """Base of the four rule sets. Subclasses set the class attributes and implement
    :meth:`settle_hand` and :meth:`calc`; the rest is shared."""

    id: ClassVar[str]
    name_zh: ClassVar[str]
    name_en: ClassVar[str]
    Rules: ClassVar[type]
    flags: ClassVar[frozenset[str]] = frozenset()
    declared_fields: ClassVar[frozenset[str]] = frozenset()
    pattern_ids: ClassVar[frozenset[str]] = frozenset()
    event_types: ClassVar[frozenset[str]] = frozenset({"pung", "kong", "win", "false_win", "draw"})
    multiple_wins: ClassVar[bool] = False

    # ---- rules
    def rules(self, options: Mapping[str, Any] | None = None, where: str = "options") -> Any:
        return rules_from_options(self.Rules, options, where)

    def option_specs(self):
        return option_specs(self.Rules)

    def accepts_declared(self, win: Win) -> bool:
        """Whether a win without tiles carries enough declared facts to be valued."""
        return True

    # ---- state
    def initial_state(self, first_dealer: int, rules: Any) -> TableState:
        return TableState(hand_number=1, dealer=first_dealer)

    # ---- settlement
    def settle_hand(self, hand: Hand, state: TableState, rules: Any) -> HandResult:
        raise NotImplementedError

    def calc(
        self,
        hand: str,
        rules: Any,
        *,
        flags: Mapping[str, Any] | None = None,
        jing: str | None = None,
    ) -> CalcResult:
        raise NotImplementedError


def false_win_payments(
    book: PaymentBook, hand: Hand, amount: int, reason: str = "诈胡"
) -> FalseWin:
    fw = hand.of(FalseWin)[0]
    for p in range(4):
        if p != fw.player:
            book.pay(fw.player, p, amount, reason)
    return fw


# ---------------------------------------------------------------- replay
@dataclass(frozen=True, slots=True, kw_only=True)
class HandOutcome:
    index: int  # 1-based
    state: TableState  # the state the hand was played in
    result: HandResult
    totals: tuple[int, int, int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            **self.state.to_json(),
            "payments": [p.to_json() for p in self.result.payments],
            "deltas": list(self.result.deltas),
            "totals": list(self.totals),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Replay:
    hands: tuple[HandOutcome, ...]
    totals: tuple[int, int, int, int]
    next_state: TableState

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [h.to_json() for h in self.hands],
            "totals": list(self.totals),
            "next": self.next_state.to_json(),
        }


def replay(session: Session) -> Replay:
    """Settle every finished hand of ``session`` in order (an unfinished last hand is skipped;
    ``next_state`` is the state it is being played in)."""
    from .variants import get_variant

    v = get_variant(session.variant)
    rules = v.rules(session.options)
    state = v.initial_state(session.first_dealer, rules)
    totals = [0, 0, 0, 0]
    out: list[HandOutcome] = []
    for i, hand in enumerate(session.hands):
        if not hand.finished:
            if i != len(session.hands) - 1:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    "only the last hand may be unfinished",
                    where=f"hands[{i}].events",
                )
            break
        try:
            res = v.settle_hand(hand, state, rules)
        except MjError as e:
            raise e.at(f"hands[{i}]") from None
        totals = [a + b for a, b in zip(totals, res.deltas, strict=True)]
        out.append(HandOutcome(index=i + 1, state=state, result=res, totals=tuple(totals)))  # type: ignore[arg-type]
        state = res.next_state
    return Replay(hands=tuple(out), totals=tuple(totals), next_state=state)  # type: ignore[arg-type]


def advance(state: TableState, **changes: Any) -> TableState:
    """The next state: hand number +1 plus the given changes."""
    return replace(state, hand_number=state.hand_number + 1, **changes)


# ---------------------------------------------------------------- settling up
def settle_up(balances: Sequence[int]) -> list[tuple[int, int, int]]:
    """The fewest transfers ``(payer, payee, amount)`` that settle integer balances summing
    to zero (an exact minimum: n minus the largest number of zero-sum groups)."""
    bal = list(balances)
    if sum(bal) != 0:
        raise ValueError(f"balances do not sum to zero: {bal}")
    people = [i for i, b in enumerate(bal) if b]
    n = len(people)
    if n == 0:
        return []
    if n > 12:  # exact search is exponential; greedy is at most n-1 transfers
        return _greedy(bal, people)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask ^ (1 << low)] + bal[people[low]]
    # best[mask] = max number of zero-sum groups partitioning mask (mask must sum to 0)
    best = [-1] * (1 << n)
    choice = [0] * (1 << n)
    best[0] = 0
    for mask in range(1, 1 << n):
        if sums[mask] != 0:
            continue
        low = mask & -mask
        sub = mask
        while sub:
            if (
                sub & low
                and sums[sub] == 0
                and best[mask ^ sub] >= 0
                and best[mask ^ sub] + 1 > best[mask]
            ):
                best[mask] = best[mask ^ sub] + 1
                choice[mask] = sub
            sub = (sub - 1) & mask
    out: list[tuple[int, int, int]] = []
    mask = full
    while mask:
        g = choice[mask]
        out.extend(_greedy(bal, [people[i] for i in range(n) if g >> i & 1]))
        mask ^= g
    return sorted(out)


def _greedy(bal: Sequence[int], group: Sequence[int]) -> list[tuple[int, int, int]]:
    b = {i: bal[i] for i in group}
    out = []
    while True:
        debtors = sorted((i for i in b if b[i] < 0), key=lambda i: (b[i], i))
        creditors = sorted((i for i in b if b[i] > 0), key=lambda i: (-b[i], i))
        if not debtors:
            return out
        d, c = debtors[0], creditors[0]
        amt = min(-b[d], b[c])
        out.append((d, c, amt))
        b[d] += amt
        b[c] -= amt
