"""What a variant declares as data: its patterns, situation flags, declared win fields, its
scoring table for the help screen and its table status for the scoreboard.

Everything a screen or the ``mjscore rules`` command shows about a rule set comes from these
objects; the TUI renders them and holds no rule name, value or arithmetic of its own. Each
variant module bundles its data in one :class:`Declared` and points ``Variant.data`` at it.

The words the variants share (kong kinds, outcomes, winds, …) are :class:`Term` objects in
:mod:`engine.terms`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from .errors import MjError
from .term import Term, term_text  # noqa: F401 - re-exported: the variants' data names them here
from .tiles import ascii_text, is_count

if TYPE_CHECKING:  # low modules only: the variant base imports this one
    from .events import Event
    from .rules import Rules


# ---------------------------------------------------------------- patterns
@dataclass(frozen=True, slots=True, kw_only=True)
class Pattern:
    """One scoring pattern of a variant (a 牌型, a 番, a multiplier).

    ``value`` is what it adds (points, doublings or fans, in the variant's unit) and
    ``multiplier`` what it multiplies by (1 when it only adds). ``implies``: declaring it
    also counts these once; ``replaces``: it stands in place of these. ``declarable``: the
    table may call it instead of typing the tiles (it appears in the win dialog).
    ``hotkey``: the letter the win dialog gives it (a free one is chosen when empty).
    ``applies`` and ``value_of``/``name_of`` (reading-dependent value and name, e.g. 七大对
    g组) are for the evaluator; the help screen and the dialogs never call them.
    """

    id: str
    zh: str
    en: str
    value: int = 0
    multiplier: int = 1
    implies: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()
    declarable: bool = True
    big: bool = False  # a 大胡: wins without 门清 / four hard flowers (Nanjing), 比下胡 trigger
    hotkey: str = ""
    value_text: str = ""  # the scoring table's worth when it is not just the value ("+1+g")
    applies: Callable[[Any], bool] | None = field(default=None, repr=False, compare=False)
    value_of: Callable[[Any], int] | None = field(default=None, repr=False, compare=False)
    name_of: Callable[[Any], str] | None = field(default=None, repr=False, compare=False)

    def name(self, lang: str = "zh") -> str:
        return term_text(self.zh, self.en, lang)


# ---------------------------------------------------------------- situation flags
FlagKind = Literal["yes", "chain", "tiles", "count", "per_seat"]
# who pays for a kong of one kind: its supplier (the discarder, or the pung's supplier for an
# added kong), each other player, or nobody (the kong only counts in the winner's hand)
KongPayer = Literal["supplier", "others", "nobody"]
WinKind = Literal["self_draw", "discard"]
ChainOf = Literal["winner", "discarder"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Flag:
    """A situation flag of a win (RULES.md §0 flag table), as one variant names it.

    ``kind``: ``yes`` (on/off), ``chain`` (a kong-chain length 1–4; ``chain_of`` says whose
    kongs make the chain), ``tiles`` (a tile string), ``count`` (a whole number), ``per_seat``
    (four tiles, one per seat, ``-`` for none). ``wins``: the win kinds it may mark.
    ``option``: the house rule that must be on (truthy) for the flag to matter.
    ``of_discard``: a fact of the discard, the same for every winner on it (一炮多响).
    ``no_hit``: the record value of a typed flag that means nothing was hit (no horse
    tile, nobody's fish; None: there is no such value). Until the flag is typed, the win's
    payments can be shown as they stand with it (provisional: the win still needs it).
    """

    id: str
    zh: str
    en: str
    kind: FlagKind = "yes"
    wins: tuple[WinKind, ...] = ("self_draw", "discard")
    option: str | None = None
    chain_of: ChainOf | None = None
    of_discard: bool = False
    hotkey: str = ""
    no_hit: Any = None

    def name(self, lang: str = "zh") -> str:
        return term_text(self.zh, self.en, lang)

    @property
    def max_count(self) -> int:
        """The largest value a toggle for it takes (a chain flag counts kongs, up to 4)."""
        return 4 if self.kind == "chain" else 1

    @property
    def typed(self) -> bool:
        """Whether the flag's value is typed as text rather than toggled."""
        return self.kind in ("tiles", "count", "per_seat")

    def in_use(self, rules: Rules) -> bool:
        """Whether the flag matters under these house rules."""
        return self.option is None or bool(getattr(rules, self.option))

    def text_of(self, value: Any) -> str:
        """The text that :meth:`read` reads back as ``value`` (a typed flag's record value)."""
        if self.kind == "per_seat":
            return ",".join("-" if v is None else str(v) for v in value)
        return str(value)

    def read(self, text: str) -> Any:
        """The record value of a typed flag from the text the user typed (``ValueError``
        with a short message when it cannot be used)."""
        try:
            s = ascii_text(text.strip())  # full-width digits and commas typed as they come
        except MjError:
            raise ValueError(
                "enter a whole number" if self.kind == "count" else "a,b,c,d"
            ) from None
        if self.kind == "count":
            if not is_count(s):
                raise ValueError("enter a whole number")
            return int(s)
        if self.kind == "per_seat":
            if s == "-":  # one key for "none at every seat"
                return [None] * 4
            parts = [p.strip() for p in s.replace("，", ",").split(",")]
            if len(parts) != 4:
                raise ValueError("a,b,c,d")
            return [None if p in ("", "-") else p for p in parts]
        if self.kind == "chain":
            return int(s)
        if self.kind == "yes":
            return True
        return s


# ---------------------------------------------------------------- declared win fields
@dataclass(frozen=True, slots=True, kw_only=True)
class DeclaredField:
    """A fact of a win the table may declare instead of typing the tiles (besides the
    patterns): ``yes`` (a tick, e.g. 门清) or ``number`` (e.g. 软花, 番数).

    ``with_tiles``: it may be given with a tile string too (a count the tiles do not show,
    e.g. 硬花 when no flowers were logged). ``derives``: ids of the win's score items that
    follow from the value the engine used for it; the preview leads with that value and them
    (硬花 0 → 无花果), so the table sees the count before it confirms."""

    id: str
    zh: str
    en: str
    kind: Literal["yes", "number"] = "number"
    hotkey: str = ""
    with_tiles: bool = False
    derives: tuple[str, ...] = ()
    # what the field leaves out or takes in, said beside it (e.g. flowers added on top)
    note_zh: str = ""
    note_en: str = ""
    # the flags the declared value already includes: with it given they change nothing
    includes: tuple[str, ...] = ()

    def name(self, lang: str = "zh") -> str:
        return term_text(self.zh, self.en, lang)

    def note(self, lang: str = "zh") -> str:
        return self.note_zh if lang == "zh" or not self.note_en else self.note_en


# ---------------------------------------------------------------- the help screen
@dataclass(frozen=True, slots=True, kw_only=True)
class ScoringRow:
    """One line of a scoring table: a name (zh, en gloss) and its worth as text (``value``,
    and ``value_zh`` where the Chinese says it in other words: it also carries what the
    English gloss explains, since the Chinese name stands alone)."""

    zh: str
    en: str
    value: str
    value_zh: str = ""

    def name(self, lang: str = "zh") -> str:
        return term_text(self.zh, self.en, lang)

    def worth(self, lang: str = "zh") -> str:
        return self.value_zh if lang == "zh" and self.value_zh else self.value


def _value(p: Pattern) -> str:
    return str(p.value)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoringTable:
    """A variant's scoring table: the formula line, one row per pattern (``worth`` says what
    it is worth, unless the pattern has its own ``value_text``; the ids in ``order`` come
    first, the others follow in the order they are declared), then the ``extra`` rows that
    are not patterns (kongs, penalties, the way of winning)."""

    formula: str
    formula_zh: str = ""
    worth: Callable[[Pattern], str] = field(default=_value, repr=False, compare=False)
    order: tuple[str, ...] = ()
    extra: tuple[ScoringRow, ...] = ()

    def formula_in(self, lang: str) -> str:
        """The formula line in ``lang`` (the English where no Chinese one is declared)."""
        return self.formula_zh if lang == "zh" and self.formula_zh else self.formula

    def rows(self, patterns: Sequence[Pattern]) -> tuple[ScoringRow, ...]:
        first = [p for i in self.order for p in patterns if p.id == i]
        rest = [p for p in patterns if p.id not in self.order]
        return pattern_rows(first + rest, self.worth) + self.extra


def pattern_rows(
    patterns: Sequence[Pattern], worth: Callable[[Pattern], str]
) -> tuple[ScoringRow, ...]:
    """The scoring-table rows of ``patterns``: the name, ``worth(p)`` (or the pattern's own
    ``value_text``) and the patterns it implies."""
    names = {p.id: p.zh for p in patterns}
    rows = []
    for p in patterns:
        value = value_zh = p.value_text or worth(p)
        if p.implies:
            implied = " ".join(names.get(i, i) for i in p.implies)
            value += f", implies {implied}"
            value_zh += f"，含{implied}"
        rows.append(ScoringRow(zh=p.zh, en=p.en, value=value, value_zh=value_zh))
    return tuple(rows)


# ---------------------------------------------------------------- the scoreboard
@dataclass(frozen=True, slots=True, kw_only=True)
class StatusMark:
    """One line of the table centre: ``parts`` of (term, value), joined by `` · ``;
    ``strong``: shown emphasised (a 比下胡 hand), ``bold``: in bold (the jing)."""

    parts: tuple[tuple[Term, str], ...]
    strong: bool = False
    bold: bool = False  # shown in bold (less than strong)

    def text(self, lang: str = "zh") -> str:
        return " · ".join(f"{t.name(lang)} {v}".rstrip() for t, v in self.parts)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableStatus:
    """What the scoreboard shows about the hand being played, beyond names and totals.

    ``round_wind`` (国标): the prevailing wind as a term (东风圈). ``bixiahu``/``flags``/
    ``multiplier`` (南京): a 比下胡 hand, the 插旗 count and the multiplier of this hand
    (1 when none). ``jing``/``sub_jing`` (南昌): the hand's 正精 and 副精 once revealed.
    ``sealed`` (南宁): players whose 封胡 is already on. ``paid``: amounts already settled
    on the spot in this hand (kongs paid at once), per seat. ``game`` (国标): the game
    number. ``marks``: the lines to show, in order, built from the facts above.
    """

    dealer: int
    hand_number: int
    prevailing_wind: str | None = None
    bixiahu: bool = False
    flags: int = 0
    multiplier: int = 1
    jing: str | None = None
    sub_jing: str | None = None
    sealed: tuple[int, ...] = ()
    paid: tuple[int, int, int, int] | None = None
    game: int | None = None
    marks: tuple[StatusMark, ...] = ()


class HandState(Protocol):
    """What a table status reads of the state a hand is played in (engine.results.TableState,
    which imports this module's types)."""

    @property
    def dealer(self) -> int: ...

    @property
    def hand_number(self) -> int: ...


StatusFn = Callable[..., TableStatus]  # (state: TableState, rules, events so far) -> TableStatus


def plain_status(state: HandState, rules: Rules, events: Sequence[Event]) -> TableStatus:
    """The status every variant has: the dealer and the hand number."""
    return TableStatus(dealer=state.dealer, hand_number=state.hand_number)


def _never(rules: Rules) -> bool:
    return False


def _nothing(event_type: str, events: Sequence[Event]) -> dict[str, Any] | None:
    return None


# ---------------------------------------------------------------- the bundle
@dataclass(frozen=True, slots=True, kw_only=True)
class Declared:
    """Everything a variant declares as data (``Variant.data``).

    ``events``: the event types it records, in the order the app offers them.
    ``once``: those of them a hand holds at most once (a second entry corrects the first).
    ``multiple_wins``: several players may win on one discard (一炮多响).
    ``status``: the table status of a hand being played, from its state, the house rules
    and the hand's events so far. ``draw_needs_drawer(rules)``: a draw names the player who
    drew the last tile (who deals next).
    """

    name: Term
    unit: str
    patterns: tuple[Pattern, ...]
    flags: tuple[Flag, ...]
    declared: tuple[DeclaredField, ...]
    events: tuple[str, ...]
    scoring: ScoringTable
    once: tuple[str, ...] = ()
    status: StatusFn = plain_status
    multiple_wins: bool = False
    # how many flower tiles a hand can show: the eight flowers, or 南京's twenty (春夏秋冬
    # 梅兰竹菊 and 中 发 白, four each)
    flower_tiles: int = 8
    # the payments of a hand that are not a win's, by how their reason begins: awards (南昌
    # 精分) and payments made on the spot or for kongs whatever the outcome (南京 现场汇,
    # 南宁 杠分). The statistics count a win's value without them and report them apart.
    side_payments: tuple[str, ...] = ()
    # whether a draw must say who drew the last tile (the next dealer, under these rules)
    draw_needs_drawer: Callable[..., bool] = field(default=_never, repr=False, compare=False)
    # what an event of a type starts from, given the hand's events so far (record JSON, or
    # None: blank), e.g. the jing counts that the 精杠 logged already decide
    prefill: Callable[[str, Sequence[Event]], dict[str, Any] | None] = field(
        default=_nothing, repr=False, compare=False
    )
    # a flowers entry that is valid under this rule set, shown as an example (letters a–h are
    # the eight flowers; 中 发 白 are flowers only where flower_tiles says so)
    flower_example: str = "ab"
    # what a finished hand settles without an event of a type (Term id: the event type, its
    # zh/en: the note said above the preview while no such event is logged)
    without_event: tuple[Term, ...] = ()
    # who pays for each kind of kong (exposed, added, concealed): the dialogs' hints say it
    kong_payers: Mapping[str, KongPayer] = field(
        default_factory=lambda: {"exposed": "supplier", "added": "supplier", "concealed": "others"}
    )

    def pattern(self, pattern_id: str) -> Pattern | None:
        return next((p for p in self.patterns if p.id == pattern_id), None)

    def flag(self, flag_id: str) -> Flag | None:
        return next((f for f in self.flags if f.id == flag_id), None)

    @property
    def scoring_rows(self) -> tuple[ScoringRow, ...]:
        """The scoring table's rows: every declared pattern, then the extra rows."""
        return self.scoring.rows(self.patterns)

    def declared_field(self, field_id: str) -> DeclaredField | None:
        return next((f for f in self.declared if f.id == field_id), None)

    @property
    def declarable(self) -> tuple[Pattern, ...]:
        return tuple(p for p in self.patterns if p.declarable)

    @property
    def pattern_ids(self) -> frozenset[str]:
        return frozenset(p.id for p in self.patterns)

    @property
    def flag_ids(self) -> frozenset[str]:
        return frozenset(f.id for f in self.flags)
