"""南京 Nanjing as data: its patterns, flags, declared fields, scoring table and table status
(RULES.md §2).

The patterns and amounts are the evaluator's own (:mod:`engine.variants.nanjing_score`); the
formula lines of the scoring table are the rules' words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ..declare import (
    Declared,
    DeclaredField,
    Pattern,
    ScoringRow,
    ScoringTable,
    StatusMark,
    TableStatus,
)
from ..errors import MjError
from ..events import Event
from ..results import TableState
from ..terms import BIXIAHU, FLAG_COUNT, VARIANTS, flag
from . import nanjing_score as score
from .nanjing_spot import on_the_spot

_HOTKEYS = {
    "concealed": "e",
    "all_pungs": "p",
    "half_flush": "h",
    "no_flowers": "n",
    "last_closed": "j",
    "full_flush": "q",
    "all_melded": "m",
    "seven_pairs": "s",
    "luxury_seven_pairs": "l",
    "all_winds": "w",
}

# the evaluator's own patterns, with the win dialog's keys
PATTERNS: tuple[Pattern, ...] = tuple(
    replace(p, hotkey=_HOTKEYS.get(p.id, "")) for p in score.PATTERNS
)
# 天胡 and 地胡 are flags whose worth is a pattern value (RULES.md §2)
_FLAG_PATTERNS = tuple(
    Pattern(id=i.id, zh=i.zh, en=i.en, value=int(i.value), big=True, declarable=False)
    for i in (score.HEAVENLY, score.EARTHLY)
)

FLAGS = (
    flag("kong_bloom", "大杠开", hotkey="k"),
    flag("robbed_kong", "抢杠", hotkey="r"),
    flag("last_tile", "海底捞", hotkey="t"),
    flag("flower_bloom", "小杠开", hotkey="f"),
    flag("flower_kong_bloom", "花杠开", hotkey="b"),
    flag("heavenly", "天胡", hotkey="a"),
    flag("earthly", "地胡", hotkey="y", wins=("self_draw", "discard")),  # after 报听
)

DECLARED = (
    DeclaredField(id="concealed", zh=score.BY_ID["concealed"].zh, en="concealed", kind="yes"),
    DeclaredField(id="soft_flowers", zh="软花", en="soft flowers"),
    # RULES §2: a declared count may replace missing flower events, with tiles too; none
    # given is 0, and 无花果 follows from 0
    DeclaredField(
        id="hard_flowers",
        zh="硬花",
        en="hard flowers",
        with_tiles=True,
        derives=("no_flowers",),
    ),
)

# the table's order: by value, each flag pattern before the patterns it outranks (RULES.md §2)
_ORDER = (
    "concealed",
    "all_pungs",
    "half_flush",
    "earthly",
    "no_flowers",
    "last_closed",
    "heavenly",
    "full_flush",
    "all_melded",
    "seven_pairs",
    "luxury_seven_pairs",
    "all_winds",
)
_KONG = score.KONG_PAY

SCORING = ScoringTable(
    formula=(
        f"H = {score.RUN} + 2·(硬花+软花) + Σ patterns (+20 小杠开, +10 海底捞); "
        "×2 大杠开 / ×4 花杠开; ×比下胡"
    ),
    order=_ORDER,
    extra=(
        ScoringRow(
            zh="软花", en="soft: wind pung 1, kongs 1–3, wait shape 1, 缺一 1", value="×2 each"
        ),
        ScoringRow(zh="硬花", en="hard flower", value="×2 each"),
        ScoringRow(
            zh="明杠", en="exposed kong, on the spot", value=f"{_KONG['exposed']} from supplier"
        ),
        ScoringRow(zh="暗杠", en="concealed kong", value=f"{_KONG['concealed']} each"),
        ScoringRow(zh="花杠", en="flower kong", value=f"{score.FLOWER_KONG_PAY} each"),
        ScoringRow(zh="罚", en="penalty", value=f"{score.PENALTY_PAY} to each"),
        ScoringRow(
            zh="比下胡", en="after dealer win, big pattern, 罚, draw, 海底捞", value="×2 next hand"
        ),
        ScoringRow(zh="小胡", en="small win", value="only 门清 or ≥4 硬花"),
        ScoringRow(zh="抢杠", en="robbing a kong", value="robbed player pays 3H"),
        ScoringRow(
            zh="承包",
            en="对三嘴/对四嘴 with 对对胡/清一色/全球独钓; 大杠开 after an exposed kong",
            value="B pays for everybody",
        ),
    ),
)


class _Stacking(Protocol):
    @property
    def bixiahu_stack(self) -> bool: ...


def status(state: TableState, rules: _Stacking, events: Sequence[Event]) -> TableStatus:
    """The dealer, a 比下胡 hand with its multiplier (×8 with bixiahu_stack and two flags),
    the flags planted, and what the hand's kongs, 花杠 and 罚 have paid so far (现场汇)."""
    m = score.multiplier(state, rules)
    try:
        spot = on_the_spot(events, m).book
        paid = spot.deltas() if spot.items else None
    except MjError:  # a flowers event the hand will refuse: nothing is shown as paid
        paid = None
    marks = []
    if state.bixiahu:
        marks.append(StatusMark(parts=((BIXIAHU, f"×{m}"),), strong=True))
    if state.flags:
        marks.append(
            StatusMark(parts=((FLAG_COUNT, f"{'⚑' * min(state.flags, 8)} {state.flags}"),))
        )
    return TableStatus(
        dealer=state.dealer,
        hand_number=state.hand_number,
        bixiahu=state.bixiahu,
        flags=state.flags,
        multiplier=m,
        paid=paid,
        marks=tuple(marks),
    )


DATA = Declared(
    name=VARIANTS["nanjing"],
    unit="花",
    patterns=PATTERNS + _FLAG_PATTERNS,
    flags=FLAGS,
    declared=DECLARED,
    events=("win", "kong", "pung", "flowers", "penalty", "false_win", "draw"),
    scoring=SCORING,
    status=status,  # type: ignore[arg-type]
    flower_tiles=20,  # RULES.md §2: "the 20 flower tiles are 春夏秋冬 梅兰竹菊 and 中 发 白"
    flower_example="aCC",
)
