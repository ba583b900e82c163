"""南宁 Nanning as data: its patterns, flags, declared fields, scoring table (RULES.md §1).

The patterns are the evaluator's own (:mod:`engine.variants.nanning_score`); the formula
lines of the scoring table are the rules' words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..declare import Declared, DeclaredField, Pattern, ScoringRow, ScoringTable, TableStatus
from ..events import Event, Hand
from ..results import TableState
from ..terms import CONCEALED, VARIANTS, flag
from . import nanning_score as score
from .nanning_checks import _event_melds, _sealer

_HOTKEYS = {
    "full_flush": "q",
    "all_pungs": "p",
    "seven_pairs": "s",
    "luxury_seven_pairs": "l",
    "all_melded": "m",
}
# the evaluator's own patterns, with the declared-mode English name (a declared full flush is
# a suited one: 字一色 is read from the tiles only), the table's worth of 七大对 and hotkeys
PATTERNS: tuple[Pattern, ...] = tuple(
    replace(
        p,
        en=p.en.split(" / ")[0],
        value_text="+1+g" if p.id == "luxury_seven_pairs" else "",
        hotkey=_HOTKEYS.get(p.id, ""),
    )
    for p in score.PATTERNS
)

FLAGS = (
    flag("kong_bloom", "杠上花", hotkey="k"),
    flag("kong_cannon", "杠上炮", hotkey="o"),
    flag("robbed_kong", "抢杠胡", hotkey="r"),
    flag("last_tile", "海底捞月/海底炮", hotkey="t"),
    flag("heavenly", "天胡", hotkey="h"),
    flag("earthly", "地胡", hotkey="e"),
    flag("human", "人胡", hotkey="u"),
    flag("discarder_all_melded", "全求炮", hotkey="d"),
    flag("horses", "摸码", hotkey="a"),
    flag("horse_hits", "中码数", hotkey="i"),
    flag("fish", "钓鱼", hotkey="f"),
)

DECLARED = (
    DeclaredField(id="concealed", zh=CONCEALED.zh, en=CONCEALED.en, kind="yes", hotkey="c"),
    DeclaredField(id="quads", zh="七大对组数", en="quads in seven pairs"),
)

SCORING = ScoringTable(
    formula=(
        "k = Σ doublings; b = 4 门清 else 3; S(k)=b·2^k each (自摸); N(0)=4/2, "
        "N(k)=3·b·2^(k−1) (放炮); C(k)=3·b·2^k (大炮)"
    ),
    formula_zh=(
        "k = 翻数之和；b = 门清 4，否则 3；自摸 S(k)=b·2^k 每家；放炮 N(0)=4/2，"
        "N(k)=3·b·2^(k−1)；大炮 C(k)=3·b·2^k"
    ),
    worth=lambda p: f"+{p.value}",
    extra=(
        ScoringRow(
            zh="杠",
            en="kong: exposed 1 from discarder, added 1 from supplier, concealed 1 each",
            value="1",
            value_zh="明杠由放杠者付 1，补杠由供碰者付 1，暗杠每家付 1",
        ),
        ScoringRow(
            zh="海底捞月", en="last-tile self-draw", value="2·S(k) each", value_zh="每家 2·S(k)"
        ),
        ScoringRow(zh="天胡/地胡", en="heavenly/earthly", value="2·S(k), b=4"),
        ScoringRow(
            zh="杠上炮",
            en="discard after n kongs",
            value="C(k)·2^(n−1)",
            value_zh="杠 n 次后放炮：C(k)·2^(n−1)",
        ),
        ScoringRow(zh="全求炮 / 海底炮", en="big cannon", value="C(k)"),
        ScoringRow(
            zh="人胡",
            en="dealer's first discard",
            value="C(k), b=4",
            value_zh="庄家第一张放炮：C(k)，b=4",
        ),
        ScoringRow(zh="抢杠胡", en="robbing a kong", value="C(k)·2^(n−1)"),
        ScoringRow(
            zh="杠上花",
            en="kong bloom, V=2·S(k)·2^(n−1)",
            value="V each / supplier 3V",
            value_zh="V=2·S(k)·2^(n−1)：每家 V / 供杠者 3V",
        ),
        ScoringRow(
            zh="大炮不叠加",
            en="big cannons do not stack",
            value="the largest single amount",
            value_zh="只取最大的一项",
        ),
        ScoringRow(
            zh="封胡",
            en="sealed: winner's 3 melds claimed from B",
            value="other's discard: it X + B X (双飞); B's discard: 2X; self-draw: B pays all",
            value_zh="胡牌者的三副由 B 供：别家放炮 该家 X + B X（双飞）；B 放炮 2X；自摸 B 全付",
        ),
        ScoringRow(
            zh="死双", en="dead double option", value="B's payment ×2 more", value_zh="B 再 ×2"
        ),
        ScoringRow(
            zh="摸码",
            en="horses: h hits",
            value="×(1+h), kong points not",
            value_zh="中 h 码：×(1+h)，杠分不乘",
        ),
        ScoringRow(
            zh="钓鱼",
            en="fishing: m = 1 + winner hit",
            value="each pays X·max(1, m − own hit)",
            value_zh="m = 1 + 胡牌者中的鱼：每家付 X·max(1, m − 自己中的鱼)",
        ),
        ScoringRow(
            zh="诈胡", en="false win", value="false_win_penalty to each", value_zh="付每家 诈胡罚分"
        ),
    ),
)


def sealed(events: Sequence[Event]) -> tuple[int, ...]:
    """The players already sealed (封胡) in this hand: someone has claimed three melds from
    each of them (RULES.md §1), so they may not win it."""
    hand = Hand(events=tuple(events))
    by = (_sealer([f for _, f in _event_melds(hand, a)]) for a in range(4))
    return tuple(sorted({s for s in by if s is not None}))


def status(state: TableState, rules: object, events: Sequence[Event]) -> TableStatus:
    """The dealer and the players sealed by 封胡 so far."""
    return TableStatus(dealer=state.dealer, hand_number=state.hand_number, sealed=sealed(events))


DATA = Declared(
    name=VARIANTS["nanning"],
    unit="倍",
    patterns=PATTERNS,
    flags=FLAGS,
    declared=DECLARED,
    events=("win", "kong", "pung", "false_win", "draw"),
    scoring=SCORING,
    status=status,
    multiple_wins=True,
    side_payments=("杠分",),  # RULES.md §1: kong points, settled at hand end, also on a draw
    # RULES.md §1: after a draw the player who drew the last tile deals (draw_dealer)
    draw_needs_drawer=lambda rules: rules.draw_dealer == "last_drawer",
)
