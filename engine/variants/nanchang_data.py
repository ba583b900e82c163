"""南昌 Nanchang as data: its multipliers, flags, scoring table and table status (the hand's
正精/副精 after the reveal), RULES.md §4.

The multipliers and points are the evaluator's own (:mod:`engine.variants.nanchang_score`);
the formula lines of the scoring table are the rules' words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..declare import (
    Declared,
    Pattern,
    ScoringRow,
    ScoringTable,
    StatusMark,
    TableStatus,
    Term,
)
from ..events import Event, Jing, Kong
from ..results import Payment, PaymentBook, TableState
from ..terms import JING, SUB_JING, VARIANTS, flag
from ..tiles import successor
from . import nanchang_score as score
from .nanchang_hand import NanchangRules
from .nanchang_wild import jing_pair

_HOTKEYS = {
    "seven_star_lan": "x",
    "thirteen_lan": "t",
    "seven_pairs": "s",
    "clean_sweep": "z",
    "clean": "d",
    "jing_single": "j",
}
_CLEAN = ("clean", "clean_sweep")  # 德国/德中德 also collect the +CLEAN_BONUS

# the evaluator's own multipliers, with the win dialog's keys and the table's worth
PATTERNS: tuple[Pattern, ...] = tuple(
    replace(
        m,
        hotkey=_HOTKEYS.get(m.id, ""),
        value_text=f"×{m.multiplier}, +{score.CLEAN_BONUS}" if m.id in _CLEAN else "",
    )
    for m in score.MULTIPLIERS
)

FLAGS = (
    flag("kong_bloom", "杠上开花", hotkey="k"),
    flag("robbed_kong", "抢杠", hotkey="r"),
    flag("heavenly", "天胡", hotkey="h"),
    flag("earthly", "地胡", hotkey="e", wins=("discard",)),  # on the dealer's first discard
)

SCORING = ScoringTable(
    formula=(
        "each pays base·M·f·d; f: 自摸 2, 杠上开花 4, 放炮 2 (others 1), 抢杠 4 (others 1); "
        "d = 2 with the dealer"
    ),
    formula_zh=(
        "每家付 基本分·M·f·d；f：自摸 2，杠上开花 4，放炮 2（其余 1），抢杠 4（其余 1）；"
        "与庄家之间 d = 2"
    ),
    worth=lambda p: f"×{p.multiplier}",
    extra=(
        ScoringRow(
            zh="精分",
            en="jing score raw = 2·正 + 副",
            value="冲关 ×min(raw−3, chongguan_cap) from 5, 霸王精 ×2",
            value_zh="精分 = 2·正 + 副；满 5 冲关 ×min(精分−3, 冲关封顶)，霸王精 ×2",
        ),
        ScoringRow(
            zh="下精分",
            en="lower jing at the reveal",
            value="collect from each",
            value_zh="翻精时向每家收",
        ),
        ScoringRow(
            zh="奖励分",
            en=(f"jing held at the end, kongs {score.KONG_POINTS}, 精杠 {score.JING_KONG_POINTS}"),
            value="collect from each",
            value_zh=f"终局手中的精，杠 {score.KONG_POINTS}，精杠 {score.JING_KONG_POINTS}；向每家收",
        ),
        ScoringRow(
            zh="冲关供精",
            en="a discarded jing carried a player into 冲关",
            value="the feeder alone pays ×3",
            value_zh="打出的精让别人冲关：供精者一人付 ×3",
        ),
        ScoringRow(
            zh=f"德国 +{score.CLEAN_BONUS}",
            en="clean bonus",
            value="×base only; discarder, or each on a self-draw",
            value_zh="只乘基本分；放炮者付，自摸每家付",
        ),
        ScoringRow(
            zh="封顶",
            en="cap (option cap)",
            value="nets scaled down to the cap",
            value_zh="每家得失按封顶（选项）缩减",
        ),
    ),
)


def spot_payments(events: Sequence[Event], rules: NanchangRules) -> tuple[Payment, ...]:
    """What a hand pays on the spot: the 下精分 of its jing reveal, as soon as the 下精 are
    counted (the same lines, first in order, that the hand's settlement holds)."""
    jev = next((e for e in events if isinstance(e, Jing)), None)
    if jev is None or jev.lower_counts is None:
        return ()
    return score.lower_jing_payments(jev.lower_counts, rules.base, rules.chongguan_cap)


def status(state: TableState, rules: NanchangRules, events: Sequence[Event]) -> TableStatus:
    """The dealer and, once revealed, the hand's 正精 and 副精 and the 下精分 already paid."""
    jev = next((e for e in events if isinstance(e, Jing)), None)
    jing = jev.indicator if jev else None
    paid = None
    spot = spot_payments(events, rules)
    if spot:
        book = PaymentBook()
        book.items.extend(spot)
        paid = book.deltas()
    sub = successor(jing) if jing else None
    marks = (StatusMark(parts=((JING, jing), (SUB_JING, sub or "")), bold=True),) if jing else ()
    return TableStatus(
        dealer=state.dealer,
        hand_number=state.hand_number,
        jing=jing,
        sub_jing=sub,
        paid=paid,
        marks=marks,
    )


def prefill(event_type: str, events: Sequence[Event]) -> dict[str, Any] | None:
    """The jing counts the kongs logged so far decide (RULES §4: a 精杠 is a kong of four
    identical jing, whose four jing still count in raw): each 精杠 and its four jing."""
    reveal = next((e for e in events if isinstance(e, Jing)), None)
    if event_type != "jing_count" or reveal is None:
        return None
    pair = jing_pair(reveal.indicator)
    kongs = [0, 0, 0, 0]
    counts = [[0, 0] for _ in range(4)]
    for e in events:
        if isinstance(e, Kong) and e.tile in pair:
            kongs[e.player] += 1
            counts[e.player][pair.index(e.tile)] = 4
    if not any(kongs):
        return None
    return {"type": "jing_count", "counts": counts, "jing_kongs": kongs}


DATA = Declared(
    name=VARIANTS["nanchang"],
    unit="×",
    patterns=PATTERNS,
    flags=FLAGS,
    declared=(),
    events=("win", "kong", "pung", "jing", "jing_count", "false_win", "draw"),
    # RULES §4: one reveal (the turned tile and 下精) and one count of the jing held per hand
    once=("jing", "jing_count"),
    scoring=SCORING,
    status=status,
    prefill=prefill,
    side_payments=("奖励分", "下精"),  # RULES.md §4: the 上精 and kong awards (奖励分), 下精分
    # RULES.md §4 奖励分: "every player's jing held ... gives a jing score as above; plus 2 per
    # exposed or concealed kong": without the counts only the kong part can be settled
    without_event=(
        Term(
            id="jing_count",
            zh=f"本盘没有记精数：奖励分只结算杠（每杠 {score.KONG_POINTS} 分），所持的精不计分",
            en=(
                f"No jing counts entered for this hand: 奖励分 settles the kongs only "
                f"({score.KONG_POINTS} each); the jing held score nothing"
            ),
        ),
    ),
    # RULES.md §4 奖励分: "plus 2 per exposed or concealed kong ... Each player collects his
    # award from each other player" (whoever supplied the tile or the pung)
    kong_payers={"exposed": "others", "added": "others", "concealed": "others"},
)
