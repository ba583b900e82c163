"""国标 Guobiao as data: the 81 fans (:mod:`engine.variants.gb_fans`), its flags, the declared
fan total, the scoring table and the table status (the prevailing wind)."""

from __future__ import annotations

from collections.abc import Sequence

from ..declare import (
    Declared,
    DeclaredField,
    Pattern,
    ScoringTable,
    StatusMark,
    TableStatus,
)
from ..events import Event
from ..results import TableState
from ..terms import ROUND_WINDS, VARIANTS, flag
from .gb_fans import FANS, FLOWER

# The fans are valued by PyMahjongGB from the tiles; a declared win gives the fan total.
PATTERNS: tuple[Pattern, ...] = tuple(
    Pattern(id=f.id, zh=f.zh, en=f.en, value=f.points, declarable=False) for f in FANS
)

FLAGS = (
    flag("kong_bloom", "杠上开花", hotkey="k"),
    flag("robbed_kong", "抢杠和", hotkey="r"),
    flag("last_tile", "妙手回春/海底捞月", hotkey="l"),
    flag("last_copy", "和绝张", hotkey="c"),
)

# RULES §3: flowers are not fans toward the minimum; they are added on top of the total. The
# declared total includes the situation fans (杠上开花, 海底, 和绝张); 抢杠和 still decides who pays.
DECLARED = (
    DeclaredField(
        id="fan",
        zh="番数",
        en="fan total",
        note_zh="不含花牌（花牌另加）；已含杠上开花、海底、和绝张",
        note_en="flowers excluded (added on top); includes kong bloom, last tile, last copy",
        includes=("kong_bloom", "last_tile", "last_copy"),
    ),
)

SCORING = ScoringTable(
    formula=(
        f"81 fans (PyMahjongGB); min_fan to win; flowers {FLOWER.points} fan each, "
        "not toward the minimum"
    ),
    formula_zh=f"81 番（PyMahjongGB 算番）；起和番数见规则选项；花牌每张 {FLOWER.points} 番，不计入起和",
)


def game_of(state: TableState) -> int:
    """The number of the game being played (from 1): a game ends when 北风圈 completes."""
    return state.passes // 16 + 1


def status(state: TableState, rules: object, events: Sequence[Event]) -> TableStatus:
    """The dealer, the prevailing wind (东风圈 …) and the game: 16 passes of the deal make
    one game (four per wind), so a game with ``dealer_repeats`` lasts longer than 16 hands."""
    w = state.prevailing_wind
    return TableStatus(
        dealer=state.dealer,
        hand_number=state.hand_number,
        prevailing_wind=w,
        game=game_of(state),
        marks=(StatusMark(parts=((ROUND_WINDS[w], ""),)),),
    )


DATA = Declared(
    name=VARIANTS["guobiao"],
    unit="番",
    patterns=PATTERNS,
    flags=FLAGS,
    declared=DECLARED,
    events=("win", "kong", "pung", "flowers", "false_win", "draw"),
    scoring=SCORING,
    status=status,
    # RULES.md §3: kongs are fans of the winner's hand; nobody pays for a kong itself
    kong_payers={"exposed": "nobody", "added": "nobody", "concealed": "nobody"},
)
