"""南宁 Nanning (RULES.md §1): the house rules, the situation flags and the 摸码/钓鱼 positions."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ErrorCode, MjError
from ..rules import option
from ..terms import KONG_KINDS
from ..tiles import rank

FLAGS = frozenset(
    {
        "kong_bloom",
        "kong_cannon",
        "robbed_kong",
        "last_tile",
        "heavenly",
        "earthly",
        "human",
        "discarder_all_melded",
        "horses",
        "horse_hits",
        "fish",
    }
)
FLAG_ZH = {
    "kong_bloom": "杠上花",
    "kong_cannon": "杠上炮",
    "robbed_kong": "抢杠胡",
    "last_tile": "海底",
    "heavenly": "天胡",
    "earthly": "地胡",
    "human": "人胡",
    "discarder_all_melded": "全求炮",
    "horses": "摸码",
    "horse_hits": "摸码",
    "fish": "钓鱼",
}
KONG_ZH = {k: t.zh for k, t in KONG_KINDS.items()}

# 摸码/钓鱼: the tiles that belong to a position counted from this hand's dealer in turn order
POSITION_RANKS = {0: (1, 5, 9), 1: (2, 6), 2: (3, 7), 3: (4, 8)}
POSITION_HONOURS = {0: ("E", "C"), 1: ("S", "F"), 2: ("W", "P"), 3: ("N",)}


def position_hit(tile: str, position: int) -> bool:
    r = rank(tile)
    if r is not None:
        return r in POSITION_RANKS[position]
    return tile in POSITION_HONOURS[position]


@dataclass(frozen=True, slots=True, kw_only=True)
class NanningRules:
    dead_double: bool = option(
        False,
        "死双：封胡时被封者的付分再×2",
        "dead double: the sealed player's payment is doubled again",
        label="死双",
    )
    horses: int = option(
        0,
        "摸码张数（0 = 不摸码）",
        "horse tiles turned after a self-draw (0 = off)",
        minimum=0,
        maximum=8,
        label="摸码",
    )
    fishing: bool = option(
        False,
        "钓鱼",
        "fishing: players keep unseen fish tiles compared after a win",
        label="钓鱼",
    )
    false_win_penalty: int = option(
        10,
        "诈胡赔每家",
        "false win: the offender pays each other player",
        minimum=0,
        label="诈胡罚分",
    )
    draw_dealer: str = option(
        "last_drawer",
        "流局后坐庄：摸最后一张者 / 原庄",
        "dealer after a draw: the last drawer or the same dealer",
        choices=("last_drawer", "same"),
        label="流局坐庄",
        choice_names={
            "last_drawer": "摸最后一张者",
            "same": "原庄",
        },
    )


def _contra(msg: str, where: str | None) -> MjError:
    return MjError(ErrorCode.CONTRADICTION, msg, where=where)


def _flag_err(msg: str, where: str | None) -> MjError:
    return MjError(ErrorCode.BAD_FLAG, msg, where=where)
