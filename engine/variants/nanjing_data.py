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
    formula_zh=(
        f"H = {score.RUN} + 2·(硬花+软花) + Σ 牌型（小杠开 +20，海底捞 +10）；"
        "大杠开 ×2 / 花杠开 ×4；×比下胡"
    ),
    order=_ORDER,
    extra=(
        ScoringRow(
            zh="软花",
            en="soft: wind pung 1, kongs 1–3, wait shape 1, 缺一 1",
            value="×2 each",
            value_zh="风碰 1，杠 1–3，听牌形 1，缺一 1；每个 ×2",
        ),
        ScoringRow(zh="硬花", en="hard flower", value="×2 each", value_zh="每张 ×2"),
        # the words of a win's breakdown, said plainly
        ScoringRow(
            zh="软硬花×2 (砸2)",
            en="in a breakdown: every hard and soft flower counts 2",
            value="2·(硬花+软花)",
            value_zh="胡牌明细里的这一项：每张硬花、软花都计 2",
        ),
        ScoringRow(
            zh="软花 (报) / 软花 (杠/风刻)",
            en="in a breakdown: soft flowers as declared / from the logged kongs and wind pungs",
            value="1 each",
            value_zh="胡牌明细里：报的软花 / 由已记的杠和风刻算出的软花，每个 1",
        ),
        ScoringRow(
            zh="明杠",
            en="exposed kong, on the spot",
            value=f"{_KONG['exposed']} from supplier",
            value_zh=f"当场由供牌者付 {_KONG['exposed']}",
        ),
        ScoringRow(
            zh="暗杠",
            en="concealed kong",
            value=f"{_KONG['concealed']} each",
            value_zh=f"每家付 {_KONG['concealed']}",
        ),
        ScoringRow(
            zh="花杠",
            en="flower kong",
            value=f"{score.FLOWER_KONG_PAY} each",
            value_zh=f"每家付 {score.FLOWER_KONG_PAY}",
        ),
        ScoringRow(
            zh="罚",
            en="penalty",
            value=f"{score.PENALTY_PAY} to each",
            value_zh=f"付每家 {score.PENALTY_PAY}",
        ),
        ScoringRow(
            zh="比下胡",
            en="after dealer win, big pattern, 罚, draw, 海底捞",
            value="×2 next hand",
            value_zh="庄家胡、大牌、罚、流局、海底捞之后：下一盘 ×2",
        ),
        ScoringRow(
            zh="小胡",
            en="small win",
            value="only 门清 or ≥4 硬花",
            value_zh="只有门清或 ≥4 硬花才能胡",
        ),
        ScoringRow(
            zh="抢杠", en="robbing a kong", value="robbed player pays 3H", value_zh="被抢的人付 3H"
        ),
        ScoringRow(
            zh="承包",
            en="对三嘴/对四嘴 with 对对胡/清一色/全球独钓; 大杠开 after an exposed kong",
            value="B pays for everybody",
            value_zh="对三嘴/对四嘴而成对对胡/清一色/全球独钓，或明杠后的大杠开：B 一人替各家付",
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
    side_payments=("明杠", "补杠", "暗杠", "花杠", "罚"),  # RULES.md §2: 现场汇, paid on the spot
    flower_tiles=20,  # RULES.md §2: "the 20 flower tiles are 春夏秋冬 梅兰竹菊 and 中 发 白"
    flower_example="aCC",
)
