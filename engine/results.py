"""What settling a hand produces, shared by every variant: the table state a hand is played in,
itemised payments (each with a reason a player can read), the items that valued a win, and
the hand's result with zero-sum deltas and the next table state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .frozen import frozen, maker

WIND_ORDER = "ESWN"


@frozen(kw_only=True)
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


class _Written:
    """A slot for an object's JSON text, kept by the writer of a replay's JSON
    (:meth:`engine.core.Replay.json_chunks`) the first time it writes the object: not a
    field (no part of equality, hashing or ``replace``), unset until then."""

    __slots__ = ("json_bytes",)


@frozen
class Payment(_Written):
    payer: int
    payee: int
    amount: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}


@frozen(kw_only=True)
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


@frozen(kw_only=True)
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


@frozen(kw_only=True)
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


# A payment is immutable, and a session repeats the same few (who pays whom how much, for
# what) hand after hand: each is made once and shared. Bounded: emptied when it grows large.
_PAYMENTS: dict[tuple[int, int, int, str], Payment] = {}
_MAX_PAYMENTS = 100_000


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
            if type(amount) is not int:
                self.items.append(Payment(payer, payee, int(amount), reason))
                return
            key = (payer, payee, amount, reason)
            p = _PAYMENTS.get(key)
            if p is None:
                if len(_PAYMENTS) >= _MAX_PAYMENTS:
                    _PAYMENTS.clear()
                p = _PAYMENTS[key] = Payment(payer, payee, amount, reason)
            self.items.append(p)

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
        # the deltas are the payments' own nets, so HandResult's check of them is left out
        return _make_hand_result(payments=tuple(self.items), deltas=self.deltas(), **kw)


@dataclass(frozen=True, slots=True, kw_only=True)
class CalcResult:
    """What ``mjscore calc`` prints: a JSON object and the lines of its text form."""

    json: Mapping[str, Any]
    lines: tuple[str, ...]


_SAME: Any = object()  # a field advance() leaves as it was


def advance(
    state: TableState,
    *,
    dealer: Any = _SAME,
    prevailing_wind: Any = _SAME,
    bixiahu: Any = _SAME,
    flags: Any = _SAME,
    passes: Any = _SAME,
    **changes: Any,
) -> TableState:
    """The next state: hand number +1 plus the given changes."""
    if type(state) is TableState and not changes:
        # each field as it was or as given, without a dict of the fields (every hand makes one)
        return _make_state(
            hand_number=state.hand_number + 1,
            dealer=state.dealer if dealer is _SAME else dealer,
            prevailing_wind=state.prevailing_wind if prevailing_wind is _SAME else prevailing_wind,
            bixiahu=state.bixiahu if bixiahu is _SAME else bixiahu,
            flags=state.flags if flags is _SAME else flags,
            passes=state.passes if passes is _SAME else passes,
        )
    named = (
        ("dealer", dealer),
        ("prevailing_wind", prevailing_wind),
        ("bixiahu", bixiahu),
        ("flags", flags),
        ("passes", passes),
    )
    given = {k: v for k, v in named if v is not _SAME}
    given.update(changes)
    if type(state) is not TableState:  # a wider state: replace() carries its other fields
        return replace(state, hand_number=state.hand_number + 1, **given)
    kw = {f: getattr(state, f) for f in _STATE_FIELDS}
    kw["hand_number"] = state.hand_number + 1
    kw.update(given)
    return _make_state(**kw)  # another field given (hand_number) or an unknown one refused


_STATE_FIELDS = tuple(f.name for f in fields(TableState))
_make_state = maker(TableState)
_make_hand_result = maker(HandResult)
