"""The interface every rule set implements, and the settlement pieces they share.

A variant is one module in :mod:`engine.variants` whose ``VARIANT`` is an instance of a
:class:`Variant` subclass. The subclass names its own frozen house-rules dataclass (made of
:func:`engine.rules.option` fields) as ``Rules``; :class:`Rules` is the part every such
dataclass has in common.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property, lru_cache
from typing import ClassVar, Generic, TypeVar

from .declare import Declared, Pattern, TableStatus
from .events import Event, FalseWin, FlagValue, Hand, Win
from .results import CalcResult, HandResult, Payment, PaymentBook, ScoreItem, TableState
from .rules import OptionSpec, OptionValue, Rules, option_specs, rules_from_options

R = TypeVar("R", bound=Rules)


class Variant(ABC, Generic[R]):
    """Base of the four rule sets. A subclass sets ``id``, ``Rules`` and ``data`` and
    implements :meth:`settle_hand` and :meth:`calc`; options, validation and defaults are
    shared. What the record loader checks (names, flags, declared fields, pattern ids, event
    types, several winners) is read off the declared data, so it is written once."""

    id: ClassVar[str]
    Rules: type[R]

    # ---- declared data
    @property
    @abstractmethod
    def data(self) -> Declared:
        """The rule set's declared data: patterns, flags, declared facts, events, scoring
        table and table status (a subclass sets ``data = DATA`` from its data module)."""

    @cached_property
    def name_zh(self) -> str:
        return self.data.name.zh

    @cached_property
    def name_en(self) -> str:
        return self.data.name.en

    @cached_property
    def flags(self) -> frozenset[str]:
        """The situation flags a win may carry."""
        return frozenset(self.data.flag_ids)

    @cached_property
    def pattern_ids(self) -> frozenset[str]:
        """The patterns a win may declare (``patterns``)."""
        return frozenset(p.id for p in self.data.declarable)

    @cached_property
    def declared_fields(self) -> frozenset[str]:
        """The declared facts a win without tiles may give (``patterns``, ``fan``, ...)."""
        pats = {"patterns"} if self.data.declarable else set()
        return frozenset(pats | {f.id for f in self.data.declared})

    @cached_property
    def event_types(self) -> frozenset[str]:
        return frozenset(self.data.events)

    @cached_property
    def multiple_wins(self) -> bool:
        """Several players may win on one discard (一炮多响)."""
        return self.data.multiple_wins

    def table_status(self, state: TableState, rules: R, events: Sequence[Event]) -> TableStatus:
        """What the scoreboard shows of a hand being played beyond names and totals."""
        return self.data.status(state, rules, events)

    # ---- rules
    def rules(self, options: Mapping[str, OptionValue] | None = None, where: str = "options") -> R:
        """The house rules of ``options`` (unknown names and ill-typed values are refused)."""
        return rules_from_options(self.Rules, options, where)

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return option_specs(self.Rules)

    def accepts_declared(self, win: Win) -> bool:
        """Whether a win without tiles carries enough declared facts to be valued."""
        return True

    # ---- state
    def initial_state(self, first_dealer: int, rules: R) -> TableState:
        return TableState(hand_number=1, dealer=first_dealer)

    # ---- settlement
    def check_open_hand(self, hand: Hand) -> None:
        """Refuse (MjError) what the events so far of a hand still being played already
        contradict under this rule set (flower letters, jing counts), so a wrong entry is
        caught when it is made rather than when the hand ends."""

    def spot_payments(
        self, events: Sequence[Event], state: TableState, rules: R
    ) -> tuple[Payment, ...]:
        """What the events so far of a hand have paid on the spot, in order (the lines the
        settlement will store for them): none in a rule set that settles only at hand end.
        Raises MjError for events the rule set refuses."""
        return ()

    @abstractmethod
    def settle_hand(self, hand: Hand, state: TableState, rules: R) -> HandResult:
        """Settle one finished hand played in ``state``."""

    @abstractmethod
    def calc(
        self,
        hand: str,
        rules: R,
        *,
        flags: Mapping[str, FlagValue] | None = None,
        jing: str | None = None,
    ) -> CalcResult:
        """Value one hand string outside a session (``mjscore calc``)."""


def false_win_payments(book: PaymentBook, hand: Hand, amount: int, reason: str) -> FalseWin:
    """诈胡 (RULES.md §0): the offender pays ``amount`` to each other player, in seat order.

    Every variant settles a false win with this; each gives its own amount (its penalty, times
    its multiplier or base) and reason text."""
    fw = hand.of(FalseWin)[0]
    for p in range(4):
        if p != fw.player:
            book.pay(fw.player, p, amount, reason)
    return fw


def pattern_items(patterns: Iterable[Pattern], reading: object) -> tuple[ScoreItem, ...]:
    """The score items of the ``patterns`` that apply to ``reading`` (the one context object a
    variant's evaluator reads), in table order, each with its name and value for that reading
    (``name_of``/``value_of`` when the pattern has them)."""
    out = []
    for p in patterns:
        if p.applies is not None and p.applies(reading):
            zh = p.name_of(reading) if p.name_of else p.zh
            value = p.value_of(reading) if p.value_of else p.value
            out.append(_item(p.id, zh, p.en, value, type(value)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _item(id_: str, zh: str, en: str, value: int | str, _kind: type) -> ScoreItem:
    """A pattern's line: immutable, so made once per name and value and shared (the value's
    type is part of the key: 1 and True are equal keys, not equal JSON)."""
    return ScoreItem(id=id_, zh=zh, en=en, value=value)
