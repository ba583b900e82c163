"""南昌 Nanchang rules, row by row. Each row quotes its source: the seed (seeds/003_*.txt) or
RULES.md §4 ("RULES"). Numbers are worked out by hand in the row, never taken from the engine.
"""

from __future__ import annotations

import pytest
from mjscore.engine.core import TableState
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.variants import get_variant
from mjscore.engine.variants.nanchang_score import cap_nets, chongguan

from tests.builders import jing_count_event as count
from tests.builders import jing_event as jing
from tests.builders import paid, settle_events
from tests.builders import win_event as win

V = get_variant("nanchang")
Z = [[0, 0], [0, 0], [0, 0], [0, 0]]


def settle(events: list[dict], options: dict | None = None, dealer: int = 0):
    return settle_events(V, events, TableState(dealer=dealer), options)


# ---------------------------------------------------------------- seed figures
SEED = [
    pytest.param(
        [jing("5m"), count(Z), win(0, None, "14m258p3sESWNCFP7s", heavenly=True)],
        0,
        640,
        id="seed: 天胡X20、7星十三烂X4、德中德X4，庄家X2，640番",
    ),
    pytest.param(
        [jing("5m"), count(Z), win(0, None, "14m258p3sESWNCFP7s")],
        0,
        64,
        id="seed: 非天胡最高 7星十三烂X4、德中德X4，庄家X2，自摸X2，共64番",
    ),
]


@pytest.mark.parametrize(("events", "winner", "each"), SEED)
def test_seed_maximum_hands(events, winner, each):
    res = settle(events)
    for j in (1, 2, 3):
        assert paid(res, j, winner, "胡分") == each
        assert (
            paid(res, j, winner, "德中德 +5") == 5
        )  # RULES: "paid … by each other player after a self-draw … or 天胡"


def test_seed_336_jing_award():
    """RULES §4: "highest jing award: raw 12, 冲关 ×7, 霸王 ×2, base 2 = 336" (seed: 8个上精共12分，
    冲关X7，霸王X2，底分X2， 共12X7X2X2 = 336分)."""
    res = settle(
        [jing("5m"), count([[4, 4], [0, 0], [0, 0], [0, 0]]), {"type": "draw"}], {"base": 2}
    )
    for j in (1, 2, 3):
        assert paid(res, j, 0, "奖励分 上精") == 336
    assert res.deltas == (1008, -336, -336, -336)


def test_rules_corrected_384():
    """RULES §4: "+ 两个精杠20分 + 两个杠4分 … with base 2 that is 336 + 48 = 384" (the seed's 360
    leaves the kongs out of the base)."""
    kongs = [
        {"type": "kong", "player": 0, "kind": "concealed", "tile": t}
        for t in ("5m", "6m", "1p", "2p")
    ]
    res = settle(
        [
            jing("5m"),
            *kongs,
            count([[4, 4], [0, 0], [0, 0], [0, 0]], jing_kongs=[2, 0, 0, 0]),
            {"type": "draw"},
        ],
        {"base": 2},
    )
    for j in (1, 2, 3):
        assert paid(res, j, 0, "奖励分") == 384
        assert paid(res, j, 0, "奖励分 精杠") + paid(res, j, 0, "奖励分 杠") == 48


# ---------------------------------------------------------------- multipliers (胡分)
# Winner seat 1, dealer seat 0 unless said. M is the product; ids the multipliers found.
# A wild jing is one the winner drew, never the tile won on a discard (RULES §4: "a jing
# taken from another player — the discard won on … — counts only as itself").
MULT = [
    pytest.param(
        win(1, 2, "1155m2288p33sEEC9s"),
        "C",
        2,
        ["seven_pairs"],
        id="七对 ×2 (胡牌牌型均为对子; wild 中 pairs the 9s)",
    ),
    pytest.param(
        win(1, 2, "147m258p36s5mESWNC"),
        "5m",
        2,
        ["thirteen_lan"],
        id="十三烂 ×2 (序数牌间隔大于2，字牌没有重复; 5m wild)",
    ),
    pytest.param(
        win(1, 2, "147m258p369sESWNC"),
        "5m",
        4,
        ["thirteen_lan", "clean"],
        id="十三烂 ×2 × 德国 ×2 (holds no jing)",
    ),
    pytest.param(
        win(1, 2, "14m258p3s5mESWNCFP"),
        "5m",
        4,
        ["seven_star_lan"],
        id="七星十三烂 ×4 replaces 十三烂 (jing fills a suited gap)",
    ),
    pytest.param(
        win(1, 2, "123m456p789sEEE5m5m"),
        "5m",
        2,
        ["clean"],
        id="德国 ×2: 有精但并未发挥精的效应 (5m pair as itself)",
    ),
    pytest.param(
        win(1, None, "123m456p789sEEE5m9p"),
        "5m",
        2,
        ["jing_single"],
        id="精吊 ×2: 四副 + 精, 自摸 any tile",
    ),
    pytest.param(
        win(1, 2, "123m456p789sEEE5m9p"),
        "5m",
        1,
        [],
        id="精吊 only on a self-draw (只有自摸才算精吊)",
    ),
    pytest.param(
        win(1, None, "123m456p789sEEE9p5m"), "5m", 1, [], id="摸上精 to a single: 不构成精吊"
    ),
    pytest.param(
        win(1, None, "1155m2288p33sEEC9s"),
        "C",
        4,
        ["seven_pairs", "jing_single"],
        id="精吊 on six pairs + 精 (四副或六对)",
    ),
    pytest.param(
        win(0, None, "123m456p78s5mEEE9p9p", heavenly=True),
        "5m",
        20,
        ["heavenly"],
        id="天胡 ×20 不算自摸",
    ),
    pytest.param(
        win(1, 0, "123m456p78s5mEEE9p9p", earthly=True),
        "5m",
        20,
        ["earthly"],
        id="地胡 ×20 不算点炮",
    ),
    pytest.param(
        win(0, None, "123m456p789sEEE5m9p", heavenly=True),
        "5m",
        40,
        ["heavenly", "jing_single"],
        id="精吊天胡 = 天胡 × 精吊 = ×40",
    ),
    pytest.param(
        win(1, 2, "[ESW,1]123m456p789s5m5p"),
        "5m",
        1,
        [],
        id="honour chow meld: 东南西 form a sequence, 5m wild pairs 5p",
    ),
]


@pytest.mark.parametrize(("ev", "zheng", "m", "ids"), MULT)
def test_multipliers(ev, zheng, m, ids):
    res = settle([jing(zheng), ev])
    (w,) = res.wins
    assert w.value == m
    assert [i.id for i in w.items] == ids


def test_clean_sweep_from_counts():
    """RULES: "德中德: 德国 and none of the other three holds any jing (hand or melds)" — derived
    from jing_count; ×4 replaces 德国's ×2."""
    res = settle(
        [jing("5m"), count([[0, 0], [2, 0], [0, 0], [0, 0]]), win(1, 2, "123m456p789sEEE5m5m")]
    )
    assert res.wins[0].value == 4 and [i.id for i in res.wins[0].items] == ["clean_sweep"]
    assert res.details["win"] == {
        "shape": "standard",
        "patterns": ["clean_sweep"],
        "multiplier": 4,
        "clean": True,
    }
    res = settle(
        [jing("5m"), count([[0, 1], [2, 0], [0, 0], [0, 0]]), win(1, 2, "123m456p789sEEE5m5m")]
    )
    assert [i.id for i in res.wins[0].items] == ["clean"]


def test_highest_reading_is_used():
    """RULES §0 就高不就低: 十三烂 (wild) ×2 vs … 七星 wild ×4; the clean 十三烂 ×2 × 德国 ×2 = ×4
    ties and wins by the +5."""
    res = settle([jing("P"), win(1, 2, "14m258p36sESWNFPC")])
    assert [i.id for i in res.wins[0].items] == [
        "seven_star_lan",
        "clean",
    ]  # jing 白/中 kept as themselves
    assert res.wins[0].value == 8


# ---------------------------------------------------------------- payer factors
PLAIN = "123m456p78s5mEEE9p9p"  # jing 5m used as wild (6s/9s): M = 1, no 精吊, not 德国
FACTORS = [
    pytest.param(
        win(1, None, PLAIN),
        0,
        {0: 4, 2: 2, 3: 2},
        id="自摸 ×2 each; 庄家 ×2 when the payer is the dealer",
    ),
    pytest.param(
        win(0, None, PLAIN), 0, {1: 4, 2: 4, 3: 4}, id="dealer 自摸: 庄家 ×2 on the winner's side"
    ),
    pytest.param(
        win(1, 2, PLAIN), 0, {0: 2, 2: 2, 3: 1}, id="点炮 ×2 点炮玩家给2番，其他玩家各给1番"
    ),
    pytest.param(
        win(1, 0, PLAIN), 0, {0: 4, 2: 1, 3: 1}, id="the dealer discards: 点炮 ×2 × 庄家 ×2"
    ),
    pytest.param(
        win(1, 2, PLAIN, robbed_kong=1),
        0,
        {0: 2, 2: 4, 3: 1},
        id="抢杠 补杠玩家给4番，其他玩家各给1番",
    ),
    pytest.param(
        win(1, 0, PLAIN, robbed_kong=1),
        0,
        {0: 8, 2: 1, 3: 1},
        id="抢杠 of the dealer's kong: 4 × 2",
    ),
    pytest.param(
        win(0, 2, PLAIN), 0, {1: 2, 2: 4, 3: 2}, id="the dealer wins a discard: everyone ×2"
    ),
]


@pytest.mark.parametrize(("ev", "dealer", "pays"), FACTORS)
def test_payer_factors(ev, dealer, pays):
    res = settle([jing("5m"), ev], dealer=dealer)
    winner = ev["player"]
    assert {j: paid(res, j, winner, "胡分") for j in range(4) if j != winner} == pays


def test_kong_bloom_factor_four():
    """杠上开花 ×4 for everyone (RULES: f_j = 4 for everyone on 杠上开花)."""
    events = [
        jing("5m"),
        {"type": "kong", "player": 1, "kind": "concealed", "tile": "N"},
        win(1, None, "[NNNN]123m456p78s5m9p9p", kong_bloom=1),
    ]
    res = settle(events)
    assert {j: paid(res, j, 1, "胡分") for j in (0, 2, 3)} == {0: 8, 2: 4, 3: 4}
    assert {j: paid(res, j, 1, "奖励分") for j in (0, 2, 3)} == {
        0: 2,
        2: 2,
        3: 2,
    }  # 明杠/暗杠 2分, not doubled


BONUS = [
    pytest.param(win(1, 2, "123m456p789sEEE5m5m"), {2: 5}, id="德国 炮胡: 5分由放炮者给"),
    pytest.param(
        win(1, None, "123m456p789sEEE5m5m"), {0: 5, 2: 5, 3: 5}, id="德国 自摸: 三家都要给5分"
    ),
    pytest.param(
        win(1, 2, "123m456p789sEEE5m5m", robbed_kong=1),
        {2: 5},
        id="德国 抢杠: the robbed player alone",
    ),
    pytest.param(
        win(1, None, "123m456p789sEEE5m5m", patterns=["clean"]),
        {0: 5, 2: 5, 3: 5},
        id="declared 德国 agreeing with the tiles",
    ),
]


@pytest.mark.parametrize(("ev", "pays"), BONUS)
def test_clean_bonus_payers(ev, pays):
    """RULES: "The +5 is multiplied by base only: not by M, the payer factor or the dealer factor"."""
    res = settle([jing("5m"), ev], {"base": 3})
    got = {j: paid(res, j, 1, "德国 +5") for j in (0, 2, 3)}
    assert got == {j: 3 * pays.get(j, 0) for j in (0, 2, 3)}


def test_base_multiplies_hu_score():
    """RULES: "Each other player j pays base·M·f_j·d_j"; 七对 wild, discard by 2, dealer 0, base 3.
    The wild 中 is held, the 9s won on (RULES §4: a jing "taken from another player — the
    discard won on … — counts only as itself")."""
    res = settle([jing("C"), win(1, 2, "1155m2288p33sEEC9s")], {"base": 3})
    assert {j: paid(res, j, 1, "胡分") for j in (0, 2, 3)} == {
        0: 3 * 2 * 1 * 2,
        2: 3 * 2 * 2 * 1,
        3: 3 * 2,
    }


# ---------------------------------------------------------------- jing scores
CHONG = [  # (z, f) for seat 0; seat 1 holds one 副精 so there is no 霸王
    ((1, 2), None, 4, "raw 4: no 冲关"),
    ((2, 1), 7, 10, "冲关 5分×2"),
    ((3, 0), 7, 18, "6分×3"),
    ((3, 1), 7, 28, "7分×4"),
    ((4, 0), 7, 40, "8分×5"),
    ((4, 1), 7, 54, "9分×6"),
    ((4, 2), 7, 70, "至10×7"),
    ((4, 3), 7, 77, "11: capped ×7 (chongguan_cap 7)"),
    ((4, 3), None, 88, "11: ×8 with chongguan_cap null"),
    ((3, 3), 7, 9 * 6, "9: 3 正 + 3 副"),
]


@pytest.mark.parametrize(
    ("zf", "cap", "score", "label"), CHONG, ids=[f"冲关 {c[3]}" for c in CHONG]
)
def test_chongguan(zf, cap, score, label):
    counts = [list(zf), [0, 1], [0, 0], [0, 0]]
    res = settle([jing("5m"), count(counts), {"type": "draw"}], {"chongguan_cap": cap})
    assert paid(res, 2, 0, "奖励分 上精") == score
    raw = 2 * zf[0] + zf[1]
    assert score == raw * chongguan(raw, cap)


def test_chongguan_12_with_bawang():
    """冲关 at 12 points ×7 (default cap) and 霸王 ×2: 12·7·2 = 168."""
    res = settle([jing("5m"), count([[4, 4], [0, 0], [0, 0], [0, 0]]), {"type": "draw"}])
    assert paid(res, 1, 0, "奖励分 上精") == 168


def test_bawang():
    """霸王精 精分×2 四个玩家中仅有一人有精; with a second holder, no 霸王 and both collect."""
    res = settle([jing("5m"), count([[1, 1], [0, 0], [0, 0], [0, 0]]), {"type": "draw"}])
    assert res.deltas == (18, -6, -6, -6)
    res = settle([jing("5m"), count([[1, 1], [0, 1], [0, 0], [0, 0]]), {"type": "draw"}])
    # seat 0 collects 3 from each, seat 1 collects 1 from each: net = 4·own − table total
    assert res.deltas == (4 * 3 - 4, 4 * 1 - 4, -4, -4)


def test_lower_jing_score_settles_with_any_outcome():
    """下精分 … 于游戏结束时结算; RULES: "settled with the hand, whatever its outcome"."""
    lower = [[2, 1], [0, 0], [0, 0], [0, 0]]  # raw 5: 冲关 ×2, 霸王 ×2 = 20
    for outcome in ({"type": "draw"}, {"type": "false_win", "player": 2}, win(1, 2, PLAIN)):
        res = settle([jing("5m", "2p", lower), outcome])
        assert all(paid(res, j, 0, "下精分") == 20 for j in (1, 2, 3))


def test_jing_kong():
    """精杠 10分 (a kong of four identical jing) instead of 2; its four jing still count in raw."""
    ev = [
        jing("5m"),
        {"type": "kong", "player": 0, "kind": "concealed", "tile": "5m"},
        {"type": "kong", "player": 2, "kind": "exposed", "from": 1, "tile": "3s"},
        count([[4, 0], [0, 0], [0, 0], [0, 0]]),
        {"type": "draw"},
    ]
    res = settle(ev)
    assert paid(res, 1, 0, "奖励分 精杠") == 10
    assert paid(res, 1, 2, "奖励分 杠") == 2
    assert paid(res, 1, 0, "奖励分 上精") == 8 * 5 * 2  # raw 8, 冲关 ×5, 霸王 ×2
    # the same with jing_kongs given and the kong's tile unknown
    ev[1] = {"type": "kong", "player": 0, "kind": "concealed"}
    ev[3] = count([[4, 0], [0, 0], [0, 0], [0, 0]], jing_kongs=[1, 0, 0, 0])
    assert paid(settle(ev), 1, 0, "奖励分 精杠") == 10


def test_fed_chongguan():
    """玩家打出精而导致对手冲关，只有打出精的玩家独自出冲关的奖励: X pays the score three times."""
    counts = [[2, 1], [0, 0], [0, 0], [0, 0]]  # raw 5 ×2 冲关 ×2 霸王 = 20
    ev = [
        jing("5m"),
        {"type": "kong", "player": 3, "kind": "concealed", "tile": "9s"},
        count(counts, fed_by=[2, None, None, None]),
        {"type": "draw"},
    ]
    res = settle(ev)
    assert paid(res, 2, 0, "奖励分 上精") == 60
    assert paid(res, 1, 0, "奖励分 上精") == 0 and paid(res, 3, 0, "奖励分 上精") == 0
    assert paid(res, 0, 3, "奖励分 杠") == 2  # kong awards are paid as usual


# ---------------------------------------------------------------- cap and dealer
def test_cap_scaling_exact():
    """RULES: "every net is multiplied by cap ÷ (largest |net|), floored, and the units still
    missing for a zero sum go one each to the largest fractional parts (ties to the lower seat)"."""
    assert cap_nets([1000, -333, -333, -334], 500) == (500, -166, -167, -167)
    assert cap_nets([3000, -1000, -1000, -1000], 3000) == (
        3000,
        -1000,
        -1000,
        -1000,
    )  # not strictly greater
    assert cap_nets([10, -5, -5, 0], None) == (10, -5, -5, 0)


def test_cap_on_settlement():
    """Default cap 3000 with base 5: 天胡 七星 德中德 庄家 = 640·5 = 3200 each, +25 each: net
    9675 > 3000, so nets × 3000/9675: each payer −1000 and the winner +3000, via 封顶 payments."""
    res = settle(
        [jing("5m"), count(Z), win(0, None, "14m258p3sESWNCFP7s", heavenly=True)], {"base": 5}
    )
    assert res.deltas == (3000, -1000, -1000, -1000)
    assert {p.reason for p in res.payments if p.payer == 0} == {"封顶 3000"}
    assert res.details["cap"]["before"] == [9675, -3225, -3225, -3225]


DEALER = [
    pytest.param(win(0, 2, PLAIN), 0, id="庄家胡牌，则庄家继续做庄"),
    pytest.param(win(2, 3, PLAIN), 1, id="闲家胡牌，则现任庄家的下一家坐庄"),
    pytest.param({"type": "draw"}, 0, id="荒庄，当盘的庄家继续做下一盘的庄家"),
    pytest.param(
        {"type": "false_win", "player": 1},
        0,
        id="RULES §0: false win, the dealer stays (a void hand)",
    ),
]


@pytest.mark.parametrize(("ev", "next_dealer"), DEALER)
def test_dealer(ev, next_dealer):
    assert settle([jing("5m"), ev]).next_state.dealer == next_dealer


def test_draw_has_no_hu_score():
    """荒庄要计算奖励分; RULES: "下精分 and 奖励分 settle; no 胡分"."""
    res = settle(
        [
            jing("5m", "2p", [[1, 0], [0, 0], [0, 0], [0, 0]]),
            count([[0, 0], [1, 0], [0, 0], [0, 0]]),
            {"type": "draw"},
        ]
    )
    assert all(p.reason.startswith(("下精分", "奖励分")) for p in res.payments)
    assert res.deltas == (12 - 4, 12 - 4, -8, -8)  # each is 霸王 in his own count: 2×2 from each


def test_false_win_penalty_times_base():
    """RULES §0: "the offender pays false_win_penalty (default 10; × base in Nanchang)"."""
    res = settle([{"type": "false_win", "player": 3}], {"base": 2})
    assert res.deltas == (20, 20, 20, -60)


def test_declared_mode():
    """Declared mode: patterns (jing_single a pattern id) for tables that do not type tiles."""
    res = settle(
        [
            count([[0, 0], [1, 0], [0, 0], [0, 0]]),
            win(1, None, patterns=["seven_pairs", "jing_single"]),
        ]
    )
    assert res.wins[0].value == 4
    res = settle([count(Z), win(1, None, patterns=["seven_star_lan"])])
    assert [i.id for i in res.wins[0].items] == [
        "seven_star_lan",
        "clean_sweep",
    ]  # holds none: 德国; nobody holds: 德中德


# ---------------------------------------------------------------- contradictions
BAD = [
    pytest.param(
        [jing("5m", "2p", [[2, 0], [2, 0], [0, 0], [0, 0]]), {"type": "draw"}],
        "only 3 can be in hands",
        id="下精 counts beyond the copies not turned up",
    ),
    pytest.param(
        [jing("5m", "5m", [[2, 0], [1, 0], [0, 0], [0, 0]]), {"type": "draw"}],
        "only 2 can be in hands",
        id="下精 = 上精 (seed 特殊情况): two copies face up",
    ),
    pytest.param(
        [jing("5m"), count([[3, 0], [2, 0], [0, 0], [0, 0]]), {"type": "draw"}],
        "more than the four copies",
        id="jing counts exceeding four copies",
    ),
    pytest.param(
        [jing("5m"), count([[0, 3], [0, 0], [0, 2], [0, 0]]), {"type": "draw"}],
        "副精 in all",
        id="副精 counts exceeding four copies",
    ),
    pytest.param(
        [
            jing("5m"),
            {"type": "kong", "player": 0, "kind": "concealed", "tile": "5m"},
            count([[4, 0], [0, 0], [0, 0], [0, 0]], jing_kongs=[0, 0, 0, 0]),
            {"type": "draw"},
        ],
        "jing_kongs cannot be 0",
        id="a kong of jing tiles not counted as 精杠",
    ),
    pytest.param(
        [
            jing("5m"),
            count([[0, 0], [2, 0], [1, 0], [0, 0]]),
            win(1, 2, "123m456p789sEEE5m5m", patterns=["clean_sweep"]),
        ],
        "德中德 says no other player",
        id="德中德 while another player reports jing",
    ),
    pytest.param(
        [jing("5m"), count([[0, 0], [1, 0], [0, 0], [0, 0]]), win(1, 2, "123m456p789sEEE5m5m")],
        "jing_count gives him [1, 0]",
        id="winner's jing count disagrees with jing_count",
    ),
    pytest.param(
        [
            jing("5m"),
            count([[1, 1], [0, 0], [0, 0], [0, 0]], fed_by=[2, None, None, None]),
            {"type": "draw"},
        ],
        "冲关 needs 5",
        id="fed_by without 冲关",
    ),
    pytest.param(
        [
            jing("5m"),
            count([[4, 0], [0, 0], [0, 0], [0, 0]], jing_kongs=[1, 0, 0, 0]),
            {"type": "draw"},
        ],
        "could be of jing",
        id="精杠 without a kong event",
    ),
    pytest.param(
        [
            jing("5m"),
            {"type": "kong", "player": 0, "kind": "concealed", "tile": "5m"},
            count([[3, 0], [0, 0], [0, 0], [0, 0]]),
            {"type": "draw"},
        ],
        "made a kong of",
        id="精杠 tile but fewer than four counted",
    ),
    pytest.param(
        [
            jing("5m"),
            {"type": "kong", "player": 0, "kind": "concealed", "tile": "5m"},
            {"type": "draw"},
        ],
        "needs the jing_count event",
        id="RULES §4 精杠 10 'whose four jing still count in raw': a 精杠 without jing_count would drop them",
    ),
    pytest.param(
        [jing("5m"), win(1, None, PLAIN, heavenly=True)],
        "not the dealer",
        id="天胡 by a non-dealer",
    ),
    pytest.param(
        [jing("5m"), win(2, 1, PLAIN, earthly=True)],
        "must be the dealer",
        id="地胡 not on the dealer's discard",
    ),
    pytest.param(
        [win(1, 2, patterns=["jing_single"])],
        "only on a self-draw",
        id="精吊 declared on a discard",
    ),
    pytest.param(
        [count([[0, 0], [0, 0], [1, 0], [0, 0]]), win(1, None, patterns=["jing_single"])],
        "needs a jing",
        id="精吊 declared by a player holding no jing",
    ),
    pytest.param(
        [win(1, 2, PLAIN)], "needs the hand's jing event", id="tile hand without the jing"
    ),
    pytest.param(
        [jing("5m"), win(1, 2, "123m456p789sEEE1s9p")],
        "not a winning hand",
        id="not a win even with wilds",
    ),
    pytest.param(
        [jing("5m"), win(1, 2, "123m456p789sEEE5m5m", patterns=["seven_pairs"])],
        "is declared but",
        id="declared pattern the tiles do not make",
    ),
    pytest.param(
        [jing("5m"), win(1, 2, "[NNNN]123m456p78s5m9p9p")],
        "no matching kong event",
        id="kong in the hand without a kong event",
    ),
    pytest.param(
        [jing("5m"), jing("6m"), {"type": "draw"}], "at most one jing", id="two jing events"
    ),
    pytest.param(
        [jing("5m"), win(1, 2, "123m456p789sEEE5m5m|EE1000")],
        "context",
        id="context self-drawn vs from",
    ),
]


@pytest.mark.parametrize(("events", "fragment"), BAD)
def test_contradictions_refused(events, fragment):
    with pytest.raises(MjError) as e:
        settle(events)
    assert fragment in str(e.value)


def test_second_win_refused():
    """不支持一炮多响: a second win on one discard is refused."""
    with pytest.raises(MjError) as e:
        settle([win(1, 0), win(2, 0)])
    assert e.value.code == ErrorCode.MULTIPLE_WINS


def test_unknown_flag_refused():
    with pytest.raises(MjError) as e:
        settle([win(1, 0, last_tile=True)])
    assert e.value.code == ErrorCode.BAD_FLAG


def test_event_types_and_options():
    assert {"jing", "jing_count"} <= V.event_types
    names = {s.name for s in V.option_specs()}
    assert names == {"base", "cap", "chongguan_cap", "false_win_penalty"}
    with pytest.raises(MjError):
        V.rules({"horses": 2})


def test_a_discard_win_says_fangpao():
    """The app says 放炮 for a win on a discard everywhere; the 南昌 payment reasons and the
    win's summary use the same word (the engine's term), never 点炮."""
    res = settle([jing("5m"), win(1, 2, PLAIN)])
    reasons = {p.reason for p in res.payments}
    assert any("放炮×2" in r for r in reasons), reasons
    assert not any("点炮" in r for r in reasons)
    assert all("点炮" not in w.summary for w in res.wins)
