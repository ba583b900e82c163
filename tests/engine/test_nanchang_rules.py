"""南昌 audit: RULES.md §0 and §4, sentence by sentence. Every row quotes the sentence it
checks (row id or comment); the expected numbers are worked out by hand in the row. Where
RULES.md is silent and a reading had to be chosen, the row says "reading:" and why.
"""

from __future__ import annotations

from typing import Any

import pytest
from mjscore.engine.core import TableState
from mjscore.engine.errors import MjError
from mjscore.engine.variants import get_variant

from tests.builders import jing_count_event as count
from tests.builders import jing_event as jing
from tests.builders import paid, settle_events
from tests.builders import win_event as win

V = get_variant("nanchang")
Z = [[0, 0], [0, 0], [0, 0], [0, 0]]
DRAW = {"type": "draw"}


def kong(
    player: int, kind: str = "concealed", frm: int | None = None, tile: str | None = None
) -> dict[str, Any]:
    ev: dict[str, Any] = {"type": "kong", "player": player, "kind": kind}
    if frm is not None:
        ev["from"] = frm
    if tile is not None:
        ev["tile"] = tile
    return ev


def settle(events: list[dict], options: dict | None = None, dealer: int = 0):
    return settle_events(V, events, TableState(dealer=dealer), options)


def refused(
    events: list[dict],
    fragment: str | tuple[str, ...],
    options: dict | None = None,
    dealer: int = 0,
) -> None:
    """The record is refused with a message containing ``fragment`` (or one of them)."""
    with pytest.raises(MjError) as e:
        settle(events, options, dealer)
    frags = (fragment,) if isinstance(fragment, str) else fragment
    assert any(f in str(e.value) for f in frags), str(e.value)


# ================================================================ §4 精: 正精, 副精 and their wrap
# "正精 = that tile, 副精 = the next one (suits wrap 9→1; 东→南→西→北→东; 中→发→白→中).
#  正精 and 副精 are wild in winning hands"
WRAP = [
    # (正精, hand, wins): each hand needs exactly one wildcard, the tile named in the id, held
    # in hand: the tile won on a discard would count only as itself (§4 "only the jing a
    # player drew: a jing taken from another player — the discard won on … — counts only as
    # itself")
    pytest.param(
        "9s",
        "123m456p789sEEE1s5p",
        True,
        id="§4 'suits wrap 9→1': 正精 9s makes 1s (副精) wild, pairing 5p",
    ),
    pytest.param("8s", "123m456p789sEEE1s5p", False, id="§4 副精 of 8s is 9s: 1s is not wild"),
    pytest.param(
        "1s",
        "123m456p789sEEE9s5p",
        False,
        id="§4 副精 is the NEXT tile: 正精 1s does not make 9s wild",
    ),
    pytest.param(
        "N",
        "123m456p789s1sESS1s",
        True,
        id="§4 '东→南→西→北→东': 正精 北 makes 东 (副精) wild: SS+东 pung",
    ),
    pytest.param("W", "123m456p789s1sESS1s", False, id="§4 正精 西: 副精 北, 东 not wild"),
    pytest.param(
        "P",
        "123m456p789s1sCFF1s",
        True,
        id="§4 '中→发→白→中': 正精 白 makes 中 (副精) wild: FF+中 pung",
    ),
    pytest.param(
        "S", "123m456p789s1sCFF1s", False, id="§4 正精 南 (副精 西): 中 not wild, FF中 no set"
    ),
]


@pytest.mark.parametrize(("zheng", "hand", "wins"), WRAP)
def test_jing_pair_wraps_in_hands(zheng, hand, wins):
    events = [jing(zheng), win(1, 2, hand)]
    if wins:
        res = settle(events)
        assert (
            res.wins[0].value == 1 and not res.details["win"]["clean"]
        )  # the wild was needed: not 德国
    else:
        refused(events, "not a winning hand")


# "下精: the tile below the turned one, and its successor, are the 下精 pair (just for scoring,
#  not wild)". The wrap shows in the pair and in how many copies can still be in hands: the
#  turned 上精 lies face up while the 下精 are counted (seed: 上精 and 下精 go back after).
LOWER = [
    pytest.param("1p", "9p", ["9p", "1p"], id="§4 下精 9p: pair 9p + 1p (suit wraps)"),
    pytest.param("E", "N", ["N", "E"], id="§4 下精 北: pair 北 + 东 (winds wrap)"),
    pytest.param("C", "P", ["P", "C"], id="§4 下精 白: pair 白 + 中 (dragons wrap)"),
]


@pytest.mark.parametrize(("zheng", "lower", "pair"), LOWER)
def test_lower_pair_wraps(zheng, lower, pair):
    # 下副精 = successor(lower) = the face-up 上精's kind: only three copies are left for hands
    res = settle([jing(zheng, lower, [[0, 3], [0, 0], [0, 0], [0, 0]]), DRAW])
    assert res.details["jing"]["lower"] == pair
    assert paid(res, 1, 0, "下精分") == 3 * 2  # raw 3, 霸王 ×2
    refused([jing(zheng, lower, [[0, 3], [0, 1], [0, 0], [0, 0]]), DRAW], "only 3 can be in hands")


def test_lower_jing_is_not_wild():
    """§4 "下精 … (just for scoring, not wild)": 正精 5m, 下精 2p/3p; 3p cannot pair 9p."""
    refused([jing("5m", "2p"), win(1, 2, "123m456p789sEEE3p9p")], "not a winning hand")


# ================================================================ §4 jing score
# "raw = 2z + f; 冲关: if raw ≥ 5, ×min(raw − 3, chongguan_cap) (5→×2, 6→×3 … 10→×7, '至10×7';
#  option chongguan_cap = the largest multiplier, default 7, null for none); 霸王精: if this
#  player is the only one with raw > 0, ×2."
CHONG = [
    # (seat 0 [z, f], seat 1 [z, f], chongguan_cap, seat 0's score worked by hand)
    ([0, 1], [0, 1], 7, 1, "raw 1"),
    ([2, 0], [0, 1], 7, 4, "raw 4 < 5: no 冲关"),
    ([2, 1], [0, 1], 7, 5 * 2, "5→×2"),
    ([3, 0], [0, 1], 7, 6 * 3, "6→×3"),
    ([3, 1], [0, 1], 7, 7 * 4, "7→×4"),
    ([4, 0], [0, 1], 7, 8 * 5, "8→×5"),
    ([4, 1], [0, 1], 7, 9 * 6, "9→×6"),
    ([4, 2], [0, 1], 7, 10 * 7, "10→×7 至10×7"),
    ([4, 3], [0, 1], 7, 11 * 7, "11: min(8, 7) = ×7"),
    ([4, 4], [0, 0], 7, 12 * 7 * 2, "12: ×7, sole holder 霸王 ×2"),
    ([4, 3], [0, 1], None, 11 * 8, "11 with chongguan_cap null: ×8"),
    ([4, 4], [0, 0], None, 12 * 9 * 2, "12 with null: ×9, 霸王 ×2"),
    ([4, 2], [0, 1], 3, 10 * 3, "chongguan_cap 3: 10 → ×3"),
    ([2, 1], [0, 1], 1, 5, "chongguan_cap 1: no multiplier left"),
    ([1, 1], [0, 0], 7, 3 * 2, "霸王: the only one with raw > 0"),
    ([1, 1], [1, 0], 7, 3, "two holders: no 霸王 for either"),
]


@pytest.mark.parametrize(
    ("mine", "other", "cap", "score", "why"), CHONG, ids=[f"§4 上精 {c[4]}" for c in CHONG]
)
def test_award_jing_score_table(mine, other, cap, score, why):
    res = settle([jing("5m"), count([mine, other, [0, 0], [0, 0]]), DRAW], {"chongguan_cap": cap})
    assert paid(res, 2, 0, "奖励分 上精") == score
    assert paid(res, 3, 0, "奖励分 上精") == score


LOWER_CHONG = [
    c for c in CHONG if c[0][0] + c[1][0] <= 3
]  # the 下正精 itself lies face up: three left


@pytest.mark.parametrize(
    ("mine", "other", "cap", "score", "why"),
    LOWER_CHONG,
    ids=[f"§4 下精 {c[4]}" for c in LOWER_CHONG],
)
def test_lower_jing_score_table(mine, other, cap, score, why):
    """§4 "下精分: counted … when the 下精 pair is revealed": the same jing-score formula."""
    res = settle([jing("5m", "9m", [mine, other, [0, 0], [0, 0]]), DRAW], {"chongguan_cap": cap})
    assert paid(res, 2, 0, "下精分") == score
    assert paid(res, 3, 0, "下精分") == score


def test_each_collects_from_each_other():
    """§4 "Each player collects his score from each of the other three (net = 4·own − table
    total)": 上精 seat 0 raw 3, seat 2 raw 2 → nets 4·3−5, 4·0−5, 4·2−5, −5."""
    res = settle([jing("5m"), count([[1, 1], [0, 0], [1, 0], [0, 0]]), DRAW])
    assert res.deltas == (7, -5, 3, -5)
    assert paid(res, 2, 0) == 3 and paid(res, 0, 2) == 2  # pairwise items, not netted (§0)


def test_bawang_per_count():
    """霸王 is decided within each count: seat 0 is the sole 下精 holder (×2) while in 上精 seat 1
    also holds jing (no 霸王)."""
    res = settle(
        [
            jing("5m", "9m", [[1, 0], [0, 0], [0, 0], [0, 0]]),
            count([[1, 0], [0, 1], [0, 0], [0, 0]]),
            DRAW,
        ]
    )
    assert (
        paid(res, 2, 0, "下精分") == 4
        and paid(res, 2, 0, "奖励分 上精") == 2
        and paid(res, 2, 1, "奖励分 上精") == 1
    )


def test_seed_280_not_reproduced():
    """RULES §4: the seed's "7个下精共7分，冲关X10 … 280" "fits no reading … and is not reproduced".
    Seven 下精 under RULES: 3 下正精 (the fourth lies face up) + 4 下副精 = raw 10, ×7, 霸王 ×2,
    base 2 = 280 — the same total by a different road, while 7 points ×10 is never produced."""
    res = settle([jing("5m", "2p", [[3, 4], [0, 0], [0, 0], [0, 0]]), DRAW], {"base": 2})
    assert paid(res, 1, 0, "下精分") == 10 * 7 * 2 * 2
    res = settle([jing("5m", "2p", [[3, 1], [0, 0], [0, 0], [0, 0]]), DRAW], {"base": 2})
    assert paid(res, 1, 0, "下精分") == 7 * 4 * 2 * 2  # raw 7 is ×4, not ×10


# ================================================================ §4 奖励分: kongs, 精杠, fed 冲关
KONGS = [
    pytest.param([kong(0, "exposed", 2, "3s")], 2, id="§4 'plus 2 per exposed … kong' (明杠)"),
    pytest.param(
        [kong(0, "concealed", None, "3s")], 2, id="§4 'plus 2 per … concealed kong' (暗杠)"
    ),
    pytest.param(
        [{"type": "pung", "player": 0, "from": 1, "tile": "3s"}, kong(0, "added", 1, "3s")],
        2,
        id="reading: an added kong (补杠) scores 2: the seed's 明杠 includes '玩家碰牌后，又摸到杠牌'",
    ),
    pytest.param(
        [kong(0, "concealed", None, "3s"), kong(0, "exposed", 3, "4s")],
        4,
        id="§4 2 per kong, 可累加",
    ),
]


@pytest.mark.parametrize(("kongs", "points"), KONGS)
def test_kong_award(kongs, points):
    res = settle([jing("5m"), *kongs, DRAW], {"base": 3})
    assert all(paid(res, j, 0, "奖励分") == 3 * points for j in (1, 2, 3))
    assert res.deltas == (9 * points, -3 * points, -3 * points, -3 * points)


def test_jing_kong_of_fu_jing_and_a_second_kong():
    """§4 "10 instead of 2 for a 精杠 (… whose four jing still count in raw)": a 精杠 of the
    副精 6m plus a plain kong: 10 + 2 = 12; 上精 raw 4 (four 副精), seat 1 also holds one 正精."""
    res = settle(
        [
            jing("5m"),
            kong(0, "concealed", None, "6m"),
            kong(0, "exposed", 1, "9p"),
            count([[0, 4], [1, 0], [0, 0], [0, 0]]),
            DRAW,
        ]
    )
    assert paid(res, 2, 0, "奖励分 精杠") + paid(res, 2, 0, "奖励分 杠") == 12
    assert paid(res, 2, 0, "奖励分 上精") == 4 and paid(res, 2, 1, "奖励分 上精") == 2


def test_fed_chongguan_with_kongs_and_lower():
    """§4 "X alone pays that player's jing score three times (the others pay nothing for the jing
    part; kong awards are paid as usual)": seat 1 raw 6 (×3 冲关) with seat 3 holding one 副精
    (no 霸王) = 18, fed by seat 0 → seat 0 pays 54; seat 1's kong 2 from everyone; 下精分 too."""
    res = settle(
        [
            jing("5m", "9m", [[0, 0], [1, 0], [0, 0], [0, 0]]),
            kong(1, "concealed", None, "7s"),
            count([[0, 0], [3, 0], [0, 0], [0, 1]], fed_by=[None, 0, None, None]),
            DRAW,
        ]
    )
    assert paid(res, 0, 1, "奖励分 上精") == 54
    assert paid(res, 2, 1, "奖励分 上精") == 0 and paid(res, 3, 1, "奖励分 上精") == 0
    assert all(paid(res, j, 1, "奖励分 杠") == 2 for j in (0, 2, 3))
    assert all(paid(res, j, 1, "下精分") == 4 for j in (0, 2, 3))  # raw 2, 霸王
    assert all(paid(res, j, 3, "奖励分 上精") == 1 for j in (0, 1, 2))  # seat 3's own 副精 as usual


def test_award_on_draw_dealer_not_doubled():
    """§4 "奖励分 is settled on a draw too; the dealer is not doubled here": dealer seat 2 holds
    one 正精 alone: 2 × 霸王 2 = 4 from each, the same as a non-dealer."""
    for dealer in (0, 2):
        res = settle(
            [jing("5m"), count([[0, 0], [0, 0], [1, 0], [0, 0]]), kong(1), DRAW], dealer=dealer
        )
        assert res.deltas == (-4 - 2, 6 - 4, 12 - 2, -4 - 2)


def test_claimed_jing_counted_from_the_hand():
    """§4 "every player's jing held (hand and melds, claimed jing included)": the winner's pung of
    the 正精 5m is part of his count; a jing_count leaving it out is refused."""
    hand = "[555m,2]123p456p789s1s1s"
    res = settle([jing("5m"), count([[3, 0], [0, 0], [0, 0], [0, 0]]), win(0, None, hand)])
    assert paid(res, 1, 0, "奖励分 上精") == 6 * 3 * 2  # raw 6 ×3 冲关, 霸王
    refused(
        [jing("5m"), count([[0, 0], [0, 0], [0, 0], [0, 0]]), win(0, None, hand)],
        "jing_count gives him",
    )


# ================================================================ §4 胡分
# "Each other player j pays base·M·f_j·d_j where f_j = 2 for everyone on a self-draw, 4 for
#  everyone on 杠上开花, on a discard 2 for the discarder and 1 for the others, on 抢杠 4 for the
#  robbed player and 1 for the others; d_j = 2 when j or the winner is the dealer, else 1."
# Declared mode (a plain win, M = 1) so that only f and d vary; base 3.
PAYERS = [
    pytest.param(win(2, None), 0, [], {0: 12, 1: 6, 3: 6}, id="自摸: f 2 each, dealer 0 ×2"),
    pytest.param(
        win(2, None, kong_bloom=1),
        0,
        [kong(2, "concealed", None, "9p")],
        {0: 24, 1: 12, 3: 12},
        id="杠上开花: f 4 each",
    ),
    pytest.param(
        win(0, None, kong_bloom=1),
        0,
        [kong(0, "exposed", 3, "9p")],
        {1: 24, 2: 24, 3: 24},
        id="dealer 杠上开花: 4·2 each",
    ),
    pytest.param(
        win(2, 1), 0, [], {0: 6, 1: 6, 3: 3}, id="点炮 by a non-dealer: 2 / 1 (dealer ×2) / 1"
    ),
    pytest.param(win(2, 0), 0, [], {0: 12, 1: 3, 3: 3}, id="点炮 by the dealer: 2·2 / 1 / 1"),
    pytest.param(
        win(2, 3, robbed_kong=1),
        0,
        [],
        {0: 6, 1: 3, 3: 12},
        id="抢杠: robbed 4, others 1 (dealer ×2)",
    ),
    pytest.param(
        win(2, 0, robbed_kong=1), 0, [], {0: 24, 1: 3, 3: 3}, id="抢杠 of the dealer: 4·2"
    ),
    pytest.param(
        win(3, 1), 3, [], {0: 6, 1: 12, 2: 6}, id="dealer seat 3 wins a discard: d 2 for all"
    ),
]


@pytest.mark.parametrize(("ev", "dealer", "pre", "pays"), PAYERS)
def test_payer_and_dealer_factors(ev, dealer, pre, pays):
    w = ev["player"]
    counts = [
        [1, 0] if p == w else [0, 0] for p in range(4)
    ]  # the winner holds a jing: not 德国, M = 1
    res = settle([*pre, count(counts), ev], {"base": 3}, dealer)
    assert {j: paid(res, j, w, "胡分") for j in range(4) if j != w} == pays
    assert res.wins[0].value == 1


# "德国 …: +5 points on top … The +5 is multiplied by base only: not by M, the payer factor or the
#  dealer factor." "The +5 of 德国/德中德 is paid by each other player after a self-draw, 杠上开花
#  or 天胡, and by the discarder or robbed player alone after a discard, 抢杠 or 地胡."
CLEAN_PAYERS = [
    pytest.param(
        win(1, None, patterns=["clean"]), [], {0, 2, 3}, id="+5 self-draw: each other player"
    ),
    pytest.param(
        win(1, None, patterns=["clean"], kong_bloom=1), [kong(1)], {0, 2, 3}, id="+5 杠上开花: each"
    ),
    pytest.param(
        win(0, None, patterns=["clean"], heavenly=True), [], {1, 2, 3}, id="+5 天胡: each"
    ),
    pytest.param(win(1, 3, patterns=["clean"]), [], {3}, id="+5 discard: the discarder alone"),
    pytest.param(
        win(1, 2, patterns=["clean"], robbed_kong=1), [], {2}, id="+5 抢杠: the robbed player alone"
    ),
    pytest.param(
        win(1, 0, patterns=["clean"], earthly=True),
        [],
        {0},
        id="+5 地胡: the discarder (dealer) alone, not ×2",
    ),
    pytest.param(
        win(1, 3, patterns=["clean_sweep"]), [], {3}, id="+5 德中德 (declared): the discarder alone"
    ),
]


@pytest.mark.parametrize(("ev", "pre", "payers"), CLEAN_PAYERS)
def test_clean_bonus(ev, pre, payers):
    res = settle([*pre, ev], {"base": 4}, dealer=0)
    w = ev["player"]
    assert {j: paid(res, j, w, "德") for j in range(4) if j != w} == {
        j: (20 if j in payers else 0) for j in range(4) if j != w
    }


MULT = [
    # (正精, event, M, ids) winner seat 1 unless heavenly; dealer seat 0. A wild jing is held,
    # never the tile won on a discard (§4: "a jing taken from another player … counts only as
    # itself")
    pytest.param(
        "5m",
        win(1, 2, "147m258p369sESWNC"),
        4,
        ["thirteen_lan", "clean"],
        id="§4 十三烂 '14 single tiles, suited tiles of one suit at least 3 apart' (1-4-7): holds no jing → 德国",
    ),
    pytest.param(
        "5m",
        win(1, 2, "158m258p369sESWNC"),
        4,
        ["thirteen_lan", "clean"],
        id="§4 十三烂 gaps of 3 and 4 (1-5-8)",
    ),
    pytest.param(
        "5m",
        win(1, 2, "14m258p369s5mESWNC"),
        2,
        ["thirteen_lan"],
        id="§4 十三烂 with a jing filling a gap",
    ),
    pytest.param(
        "5m",
        win(1, 2, "147m258p369s5mESWN"),
        2,
        ["thirteen_lan"],
        id="§4 十三烂: a jing may stand for a missing honour (only 七星 forbids)",
    ),
    pytest.param(
        "5m",
        win(1, 2, "14m258p36sESWNCFP"),
        8,
        ["seven_star_lan", "clean"],
        id="§4 七星十三烂 ×4 replaces 十三烂",
    ),
    pytest.param(
        "5m",
        win(1, 2, "14m258p36s5mESWNCF"),
        2,
        ["thirteen_lan"],
        id="§4 七星 '(jing may not stand in for the honours)': 白 missing, the jing makes 十三烂 only",
    ),
    pytest.param(
        "P",
        win(1, 2, "14m258p36sESWNFPC"),
        8,
        ["seven_star_lan", "clean"],
        id="§4 'a jing used as itself is not used as wild': 白/中 jing as themselves complete 七星 (德国)",
    ),
    pytest.param(
        "5m",
        win(1, 2, "1155m2288p33sEECC"),
        4,
        ["seven_pairs", "clean"],
        id="§4 七对 ×2 with the 正精 pair 5m used as itself: 德国 ×2",
    ),
]


@pytest.mark.parametrize(("zheng", "ev", "m", "ids"), MULT)
def test_multipliers(zheng, ev, m, ids):
    res = settle([jing(zheng), ev])
    assert res.wins[0].value == m
    assert [i.id for i in res.wins[0].items] == ids


NOT_LAN = [
    pytest.param(
        "147m258p369sESWCC",
        id="§4 十三烂 'honours all different': 中 twice (and 七对/sets impossible)",
    ),
    pytest.param("136m258p369sESWNC", id="§4 十三烂 'at least 3 apart': 1m-3m only 2 apart"),
]


@pytest.mark.parametrize("hand", NOT_LAN)
def test_not_lan(hand):
    refused([jing("5s"), win(1, 2, hand)], "not a winning hand")


# "精吊: 4 sets (or 6 pairs) plus a single jing, and the winner self-draws any tile."
JING_SINGLE = [
    pytest.param(
        win(1, None, "123m456p789sEEE6m9p"),
        [],
        2,
        ["jing_single"],
        id="§4 精吊 on the 副精 6m, self-drawn 9p",
    ),
    pytest.param(
        win(1, None, "[NNNN]123m456p789s5m9p", kong_bloom=1),
        [kong(1, "concealed", None, "N")],
        2,
        ["jing_single"],
        id="§4 精吊 won on a kong replacement (杠上开花 is a self-draw)",
    ),
    pytest.param(
        win(1, None, "123m456p789sEEE5m5m"),
        [],
        4,
        ["clean", "jing_single"],
        id="reading: 精吊 × 德国 — four sets + single 5m, self-draws 5m: the pair is 5m as itself, "
        "so both definitions hold and RULES excludes neither",
    ),
    pytest.param(
        win(1, None, "123m456p789sEEE5m6m"),
        [],
        2,
        ["jing_single"],
        id="§4 精吊 self-drawing the other jing: wild pair, not 德国",
    ),
    pytest.param(
        win(1, None, "789m123p456p789s6m9m"),
        [],
        2,
        ["clean"],
        id="reading (§0 'several readings … highest'): 13 = 789m+3 sets+副精 6m, draws 9m. As 精吊 the 6m "
        "stands for 9m (wild, ×2); as 678m+99m it is itself (德国 ×2 +5): one reading, not both",
    ),
    pytest.param(
        win(1, 3, "123m456p789sEEE6m9p", robbed_kong=1),
        [],
        1,
        [],
        id="§4 精吊 needs a self-draw: not on 抢杠",
    ),
]


@pytest.mark.parametrize(("ev", "pre", "m", "ids"), JING_SINGLE)
def test_jing_single(ev, pre, m, ids):
    res = settle([jing("5m"), *pre, ev])
    assert res.wins[0].value == m
    assert [i.id for i in res.wins[0].items] == ids


# "天胡: the dealer's dealt 14 win (no 自摸 factor: f = 1 for all). 地胡: a non-dealer wins on the
#  dealer's first discard (no 点炮 factor: f = 1 for all). 精吊天胡 … = ×40."
def test_heavenly_jing_single_payments():
    """精吊天胡 ×40, f = 1, the winner is the dealer → d = 2: 80 from each (base 1)."""
    res = settle([jing("5m"), win(0, None, "123m456p789sEEE5m9p", heavenly=True)])
    assert res.wins[0].value == 40
    assert all(paid(res, j, 0, "胡分") == 80 for j in (1, 2, 3))


def test_earthly_payments():
    """地胡 ×20 with 德国 ×2 (holds no jing): dealer-discarder 40·1·2, others 40·1·1; +5 by the
    discarder alone. Dealer seat 2, winner seat 3."""
    res = settle([jing("5m"), win(3, 2, "123m456p789sEEE9p9p", earthly=True)], dealer=2)
    assert res.wins[0].value == 40
    assert {j: paid(res, j, 3, "胡分") for j in (0, 1, 2)} == {0: 40, 1: 40, 2: 80}
    assert {j: paid(res, j, 3, "德国") for j in (0, 1, 2)} == {0: 0, 1: 0, 2: 5}
    assert res.next_state.dealer == 3  # a non-dealer won: the dealer's 下家 deals


EARLY = [
    pytest.param(
        [kong(1, "concealed", None, "9s"), win(0, None, "123m456p789sEEE9p9p", heavenly=True)],
        "comes before anyone",
        id="reading: 天胡 refused after any kong (the dealer's dealt 14; seed: 庄家起手不能开暗杠)",
    ),
    pytest.param(
        [
            {"type": "pung", "player": 2, "from": 0, "tile": "7s"},
            win(1, 0, "123m456p789sEEE9p9p", earthly=True),
        ],
        "comes before anyone",
        id="reading: 地胡 refused after a pung (nothing can be claimed before the dealer's first discard)",
    ),
    pytest.param(
        [win(0, 2, "123m456p789sEEE9p9p", heavenly=True)],
        "'from' must be null",
        id="§4 天胡 is the dealt hand: no discarder",
    ),
    pytest.param(
        [win(1, None, "123m456p789sEEE9p9p", earthly=True)],
        "must be the dealer",
        id="§4 地胡 is won on the dealer's discard",
    ),
    pytest.param(
        [win(0, None, "123m456p789sEEE9p9p", earthly=True)],
        "the dealer cannot have it",
        id="§4 地胡 is a non-dealer's",
    ),
    pytest.param(
        [kong(0), win(0, None, "[NNNN]123m456p789s9p9p", heavenly=True, kong_bloom=1)],
        "kong_bloom",
        id="§0 'kong_bloom together with heavenly/earthly … is refused'",
    ),
    pytest.param(
        [win(1, 0, "123m456p789sEEE9p9p", earthly=True, robbed_kong=1)],
        "robbed_kong",
        id="§4 地胡 is not a 抢杠",
    ),
]


@pytest.mark.parametrize(("events", "fragment"), EARLY)
def test_heavenly_earthly_refusals(events, fragment):
    refused([jing("5m"), *events], fragment)


# ================================================================ §4 cap
# "option cap default 3000 (null for none), compared with each player's net for the hand after
#  × base, all parts included. When some |net| is strictly greater than cap, every net is
#  multiplied by cap ÷ (largest |net|), floored, and the units still missing for a zero sum go
#  one each to the largest fractional parts (ties to the lower seat). The itemized payments are
#  kept and followed by 封顶 adjustment payments …; the hand's deltas are the capped nets."
def test_cap_counts_all_parts():
    """胡分 alone (+5) is far below cap 500, but with seat 1's 上精 (raw 12 ×7 霸王 ×2 = 168 from
    each) the nets are (−170, 509, −170, −169) > 500 → ×500/509: −166.99, 500, −166.99, −166.01,
    floored −167, 500, −167, −167; the missing unit goes to seat 3 (fraction .99)."""
    res = settle([count([[0, 0], [4, 4], [0, 0], [0, 0]]), win(1, 2)], {"cap": 500})
    assert res.details["cap"]["before"] == [-170, 509, -170, -169]
    assert res.deltas == (-167, 500, -167, -166)
    items = [p for p in res.payments if not p.reason.startswith("封顶")]
    assert (
        paid(res, 2, 1, "胡分") == 2
        and paid(res, 0, 1, "胡分") == 2
        and paid(res, 3, 1, "胡分") == 1
    )
    assert len(items) == 6  # itemised payments kept: 3 × 上精, 3 × 胡分
    adj = [0, 0, 0, 0]
    for p in res.payments:
        if p.reason.startswith("封顶"):
            adj[p.payer] -= p.amount
            adj[p.payee] += p.amount
    assert adj == [3, -9, 3, 3]


def test_cap_after_base():
    """ "compared … after × base": 上精 seat 0 raw 3 霸王 = 6 each → net 18 with base 1 (cap 20:
    kept) and 36 with base 2 (> 20: ×20/36 → 20, −6.67 → −7, −7, −7, +1 to seat 1 (tie, lower seat))."""
    ev = [count([[1, 1], [0, 0], [0, 0], [0, 0]]), DRAW]
    assert settle(ev, {"cap": 20}).deltas == (18, -6, -6, -6)
    assert settle(ev, {"cap": 20, "base": 2}).deltas == (20, -6, -7, -7)
    assert settle(ev, {"cap": 18}).deltas == (18, -6, -6, -6)  # strictly greater: 18 is not capped
    assert settle(ev, {"cap": None, "base": 1000}).deltas == (18000, -6000, -6000, -6000)


def test_cap_default_3000():
    assert V.rules({}).cap == 3000


def test_cap_on_a_loser():
    """The largest |net| may be a loser's: fed 冲关 makes seat 2 pay 3 × 168 = 504 alone; cap 300
    → nets × 300/504: seat 0 +504 → +300, seat 2 −504 → −300."""
    res = settle(
        [count([[4, 4], [0, 0], [0, 0], [0, 0]], fed_by=[2, None, None, None]), DRAW], {"cap": 300}
    )
    assert res.details["cap"]["before"] == [504, 0, -504, 0]
    assert res.deltas == (300, 0, -300, 0)


# ================================================================ §4 dealer, 荒庄, false win, one winner
def test_false_win_still_settles_logged_parts():
    """§0 false win: "the offender pays false_win_penalty (… × base in Nanchang) to each other
    player. … kong points, 下精分 and 奖励分 logged in it still settle … Nanchang the dealer stays"."""
    ev = [
        jing("5m", "9m", [[0, 0], [1, 0], [0, 0], [0, 0]]),
        kong(3, "exposed", 0, "7s"),
        count([[0, 1], [0, 0], [0, 0], [0, 0]]),
        {"type": "false_win", "player": 2},
    ]
    res = settle(ev, {"base": 2, "false_win_penalty": 7}, dealer=1)
    assert all(paid(res, 2, j, "诈胡") == 14 for j in (0, 1, 3))
    assert all(paid(res, j, 1, "下精分") == 8 for j in (0, 2, 3))
    assert all(paid(res, j, 0, "奖励分 上精") == 4 for j in (1, 2, 3))
    assert all(paid(res, j, 3, "奖励分 杠") == 4 for j in (0, 1, 2))
    assert res.next_state.dealer == 1
    assert not any(p.reason.startswith("胡分") for p in res.payments)


def test_draw_dealer_stays_and_no_hu_score():
    """§4 "Dealer: stays when the dealer wins or on a draw (荒庄)"; "荒庄 … 下精分 and 奖励分
    settle; no 胡分"."""
    res = settle(
        [
            jing("5m", "9m", [[0, 1], [0, 0], [0, 0], [0, 0]]),
            kong(2),
            count([[0, 0], [0, 0], [0, 0], [1, 0]]),
            DRAW,
        ],
        dealer=3,
    )
    assert res.next_state.dealer == 3
    assert {p.reason.split()[0] for p in res.payments} == {"下精分", "奖励分"}


def test_no_multiple_wins():
    """§4 "No 一炮多响" / §0 "a second win in a hand is refused there" (also on a self-draw)."""
    from mjscore.engine.errors import ErrorCode

    for second in (win(2, 0), win(3, None)):
        with pytest.raises(MjError) as e:
            settle([win(1, 0), second])
        assert e.value.code == ErrorCode.MULTIPLE_WINS


# ================================================================ §0 conventions
def test_payments_itemised_not_netted():
    """§0 "one entry per rule item (not netted, zero amounts left out)": the discarder pays 胡分 and
    the +5 as two entries; seat 1 and seat 2 both pay each other 上精."""
    res = settle([count([[0, 0], [0, 1], [0, 1], [0, 0]]), win(0, 3, patterns=["clean"])])
    reasons = [(p.payer, p.payee, p.reason.split()[0]) for p in res.payments]
    assert (3, 0, "胡分") in reasons and (3, 0, "德国") in reasons
    assert (1, 2, "奖励分") in reasons and (2, 1, "奖励分") in reasons
    assert all(p.amount > 0 for p in res.payments)


IMPLIED = [
    pytest.param(
        ["clean", "clean_sweep"],
        ["clean_sweep"],
        id="§0 '德中德 ⊃ 德国': declaring both changes nothing",
    ),
    pytest.param(
        ["thirteen_lan", "seven_star_lan"], ["seven_star_lan"], id="§0 implied: 七星十三烂 ⊃ 十三烂"
    ),
]


@pytest.mark.parametrize(("both", "one"), IMPLIED)
def test_implied_patterns_count_once(both, one):
    a = settle([win(1, 2, patterns=both)])
    b = settle([win(1, 2, patterns=one)])
    assert a.deltas == b.deltas and [i.id for i in a.wins[0].items] == [
        i.id for i in b.wins[0].items
    ]


BAD_DECLARED = [
    pytest.param(
        [win(1, 2, patterns=["seven_pairs", "thirteen_lan"])],
        "different shapes",
        id="§0 declared patterns that cannot both apply",
    ),
    pytest.param(
        [win(1, None, patterns=["jing_single", "thirteen_lan"])],
        "not 十三烂",
        id="§4 精吊 is 4 sets or 6 pairs, not 十三烂",
    ),
    pytest.param(
        [kong(1), win(1, None, patterns=["seven_pairs"], kong_bloom=1)],
        "fourteen concealed tiles",
        id="§0 'a declared pattern that cannot apply … is refused': 七对 by a winner who made a kong",
    ),
    pytest.param(
        [{"type": "pung", "player": 1, "from": 0}, win(1, 2, patterns=["seven_star_lan"])],
        "fourteen concealed tiles",
        id="§0 declared 七星十三烂 by a winner with a logged pung",
    ),
    pytest.param(
        [kong(1), win(1, None, patterns=["thirteen_lan"])],
        "fourteen concealed tiles",
        id="§0 declared 十三烂 by a winner with a concealed kong",
    ),
    pytest.param(
        [
            win(1, None, kong_bloom=2),
        ],
        "only 0 kong event",
        id="§0 'kong_bloom: n refer to that player's last n kong events'",
    ),
    pytest.param(
        [kong(1, "concealed"), kong(1, "exposed", 2), win(1, None, kong_bloom=2)],
        "only the first kong",
        id="§0 'In a chain only the first kong can be a direct exposed kong'",
    ),
    pytest.param(
        [win(1, 2, robbed_kong=2)],
        "robbed_kong",
        id="§0 'robbed_kong: n ≥ 2: the n-th kong of a chain whose earlier kongs are logged'",
    ),
    pytest.param(
        [
            {"type": "pung", "player": 1, "from": 0, "tile": "7s"},
            kong(1, "added", 2, "7s"),
            win(1, 3, "[7777s,6]123m456p123s9p9p"),
        ],
        (
            "differs from the pung",
            "whoever supplied its pung",
        ),  # facts.py or record.py may catch it first
        id="§0 'the added kong's from equals the pung's'",
    ),
    pytest.param(
        [
            {"type": "pung", "player": 1, "from": 0, "tile": "7s"},
            win(1, 3, "[777s,2]123m456p789s9p9p"),
        ],
        "do not agree",
        id="§0 pung events and the hand's ,n seats 'must agree'",
    ),
]


@pytest.mark.parametrize(("events", "fragment"), BAD_DECLARED)
def test_section0_refusals(events, fragment):
    refused([jing("5m"), *events], fragment)


@pytest.mark.parametrize(
    "flag",
    [
        "kong_cannon",
        "last_tile",
        "last_copy",
        "flower_bloom",
        "flower_kong_bloom",
        "human",
        "discarder_all_melded",
        "horse_hits",
    ],
)
def test_other_flags_refused(flag):
    """§0 flag table: 南昌 accepts kong_bloom, robbed_kong, heavenly, earthly; "any other is refused"."""
    value: Any = 1 if flag in ("kong_cannon", "horse_hits") else True
    refused([win(1, 0, **{flag: value})], flag)


# ================================================================ readings the previous engineer doubted
def test_wild_may_be_a_fifth_copy():
    """reading: four 1m (not a kong) + the 正精 5m as a fifth 1m (pair 11m + 111m). RULES sets no
    limit on what a wild stands for (seed: 上精有万能牌功能); only real tiles are four of a kind.
    The 5m is held and the 东 won on (§4: a jing "taken from another player" is only itself)."""
    res = settle([jing("5m"), win(1, 2, "1111m456p789s5mEEE")])
    assert res.wins[0].value == 1 and res.details["win"]["clean"] is False


def test_four_of_a_kind_is_two_pairs():
    """reading: 七对 "胡牌牌型均为对子" — four 1m not konged are two pairs (as in GB and the other
    seeds' 七对); clean (no jing held) → 七对 ×2 × 德国 ×2."""
    res = settle([jing("5s"), win(1, 2, "1111m2288p33sEECC")])
    assert [i.id for i in res.wins[0].items] == ["seven_pairs", "clean"]


def test_no_jing_count_no_award():
    """reading: without a jing_count the players' jing at hand end were not entered: no 上精 award
    is settled and 德中德 cannot be derived (RULES: "derived from the jing counts when … they are
    known"), so a clean hand is 德国. (A 精杠 without jing_count is refused, see test_nanchang.py.)"""
    res = settle([jing("5m"), win(1, 2, "123m456p789sEEE5m5m")])
    assert [i.id for i in res.wins[0].items] == ["clean"]
    assert not any(p.reason.startswith("奖励分") for p in res.payments)


def test_tile_win_needs_the_jing():
    """reading: a tile hand cannot be valued without knowing which tiles are wild (§4: 正精 and
    副精 are wild in winning hands), so it needs the hand's jing event; declared mode does not."""
    refused([win(1, 2, "123m456p789sEEE5m5m")], "needs the hand's jing event")
    assert settle([win(1, 2, patterns=["clean"])]).wins[0].value == 2


NO_FLOWERS = [
    pytest.param(
        "123m456p789sEEE5m5m|EE0000|ab",
        "without flowers",
        id="§4 '136 tiles': no flower tiles in a Nanchang hand",
    ),
    pytest.param(
        "123m456p789sEEE5m5m|EE0000|2",
        "without flowers",
        id="§4 '136 tiles': no flower count either",
    ),
    pytest.param(
        "123m456p789sEEE5m5m|EE0010",
        "海底",
        id="§0 flag table: 海底 (last_tile) is not a Nanchang flag",
    ),
    pytest.param(
        "123m456p789sEEE5m5m|EE0100",
        "绝张",
        id="§0 flag table: 绝张 (last_copy) is not a Nanchang flag",
    ),
]


@pytest.mark.parametrize(("hand", "fragment"), NO_FLOWERS)
def test_hand_string_without_flowers_or_foreign_flags(hand, fragment):
    refused([jing("5m"), win(0, 2, hand)], fragment)
    with pytest.raises(MjError) as e:
        V.calc(hand, V.rules({}), flags={}, jing="5m")
    assert fragment in str(e.value)
    ok = hand.split("|")[0] + "|EE0000|0"  # an empty flower count is fine
    assert settle([jing("5m"), win(0, 2, ok)]).wins[0].value == 2
