"""The words the four rule sets share, with their Chinese names and English glosses.

One table, so an added kong is 补杠 everywhere (RULES.md §0 calls it so), an outcome or a
wind has one name, and the app, the reports and ``mjscore rules`` say the same thing.
A variant's own words (its patterns and flags) are in its declared data
(:mod:`engine.declare`), not here.
"""

from __future__ import annotations

from dataclasses import replace

from .declare import Flag, Term
from .variant_terms import VARIANTS, variant_term  # noqa: F401 - the rule sets' names, here too


def _table(*terms: Term) -> dict[str, Term]:
    return {t.id: t for t in terms}


EXPOSED_KONG = Term(id="exposed", zh="明杠", en="exposed")
ADDED_KONG = Term(id="added", zh="补杠", en="added")
CONCEALED_KONG = Term(id="concealed", zh="暗杠", en="concealed")
KONG_KINDS = _table(EXPOSED_KONG, ADDED_KONG, CONCEALED_KONG)

PENALTY = Term(id="penalty", zh="罚", en="penalty")
PENALTY_KINDS = _table(
    # the words of the payment reason ("罚 四家一圈出同牌"), the table and the report
    Term(id="same_round", zh="四家一圈出同牌", en="all four discard the same tile"),
    Term(id="four_copies", zh="一人出四张同牌", en="one player discards all four copies"),
)

OUTCOMES = _table(
    Term(id="win", zh="胡", en="win"),
    Term(id="draw", zh="流局", en="draw"),
    Term(id="false_win", zh="诈胡", en="false win"),
)

SELF_DRAW = Term(id="self_draw", zh="自摸", en="self-draw")
DISCARD_WIN = Term(id="discard", zh="放炮", en="on a discard")
FLOWER_TILES = Term(id="flower_tiles", zh="花牌", en="flower tiles")
DEALER = Term(id="dealer", zh="庄", en="dealer")
CONCEALED = Term(id="concealed", zh="门清", en="concealed")

WINDS = _table(
    Term(id="E", zh="东", en="East"),
    Term(id="S", zh="南", en="South"),
    Term(id="W", zh="西", en="West"),
    Term(id="N", zh="北", en="North"),
)
# the prevailing wind of a Guobiao round: 东风圈 "East round"
ROUND_WINDS = {
    w: Term(id=f"round_{w}", zh=f"{t.zh}风圈", en=f"{t.en} round") for w, t in WINDS.items()
}

# the claim digit of a meld in a tile string, relative to the winner
RELATIVE_SEATS = _table(
    Term(id="1", zh="上家", en="before"),
    Term(id="2", zh="对家", en="opposite"),
    Term(id="3", zh="下家", en="after"),
)

# 南京 table marks
BIXIAHU = Term(id="bixiahu", zh="比下胡", en="double hand")
FLAG_COUNT = Term(id="flags", zh="插旗", en="flags")

# 南昌 jing words
JING = Term(id="jing", zh="正精", en="jing")
SUB_JING = Term(id="sub_jing", zh="副精", en="sub")
LOWER_JING = Term(id="lower_jing", zh="下精", en="lower jing")
JING_KONGS = Term(id="jing_kongs", zh="精杠", en="jing kongs")
CHONGGUAN_FED = Term(id="fed", zh="冲关", en="fed")
JING_BONUS = Term(id="jing_bonus", zh="奖励分", en="jing bonus")


LAST_DRAWER = Term(id="last_drawer", zh="摸最后一张者", en="Who drew the last tile")

# The situation flags of a win (RULES.md §0 flag table) with what every variant agrees on:
# the English gloss, the kind of value, the win kinds it marks, whose kongs make a chain.
# A variant names each flag it knows in its own words with :func:`flag`.
WIN_FLAGS: dict[str, Flag] = {
    f.id: f
    for f in (
        Flag(
            id="kong_bloom",
            zh="",
            en="win on a kong replacement",
            kind="chain",
            wins=("self_draw",),
            chain_of="winner",
        ),
        Flag(
            id="kong_cannon",
            zh="",
            en="discard right after a kong",
            kind="chain",
            wins=("discard",),
            chain_of="discarder",
            of_discard=True,
        ),
        Flag(
            id="robbed_kong",
            zh="",
            en="robbing a kong",
            kind="chain",
            wins=("discard",),
            chain_of="discarder",
            of_discard=True,
        ),
        Flag(id="last_tile", zh="", en="last tile", of_discard=True),
        Flag(id="last_copy", zh="", en="last copy of the tile"),
        Flag(id="flower_bloom", zh="", en="win on a flower replacement", wins=("self_draw",)),
        Flag(id="flower_kong_bloom", zh="", en="win after a flower kong", wins=("self_draw",)),
        Flag(id="heavenly", zh="", en="heavenly hand", wins=("self_draw",)),
        Flag(id="earthly", zh="", en="earthly hand", wins=("self_draw",)),
        Flag(id="human", zh="", en="human hand", wins=("discard",), of_discard=True),
        Flag(
            id="discarder_all_melded",
            zh="",
            en="discarder had four melds",
            wins=("discard",),
            of_discard=True,
        ),
        Flag(
            id="horses",
            zh="",
            en="horse tiles",
            kind="tiles",
            wins=("self_draw",),
            option="horses",
        ),
        Flag(
            id="horse_hits",
            zh="",
            en="horse hits",
            kind="count",
            wins=("self_draw",),
            option="horses",
            no_hit=0,
        ),
        Flag(
            id="fish",
            zh="",
            en="fish tiles",
            kind="per_seat",
            option="fishing",
            of_discard=True,
            no_hit=(None, None, None, None),
        ),
    )
}


def flag(flag_id: str, zh: str, **changes: object) -> Flag:
    """The shared flag ``flag_id`` under a variant's own Chinese name (and any changes)."""
    return replace(WIN_FLAGS[flag_id], zh=zh, **changes)  # type: ignore[arg-type]
