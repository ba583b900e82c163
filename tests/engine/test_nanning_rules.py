"""Nanning (RULES.md §1) beyond the seed's figures: kong points, 摸码, 钓鱼, 封胡 details,
一炮多响, dealer rules, declared mode, and the refusals of contradictory input."""

from __future__ import annotations

import pytest
from mjscore.engine.core import TableState
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import Hand, Kong, Win
from mjscore.engine.variants import get_variant

from tests.builders import paid, settle_events
from tests.builders import win_event as win

V = get_variant("nanning")
MQ = "123m456m789p234s55s"
PLAIN = "[555p,2]123m456m234s77s"
PP_SEALED = "[111m,3][555p,3][999s,3]EEE77s"  # three pungs claimed from 下家 (seat 1 for seat 0)


def settle(events, *, dealer=0, **options):
    return settle_events(V, events, TableState(dealer=dealer), options)


# ------------------------------------------------------------------ kong points
def test_kong_points_on_a_draw():
    # "流局 … 本局只结算各玩家相互杠分": exposed 1 from the discarder, added 1 from the pung's
    # supplier, concealed 1 from each other player
    res = settle(
        [
            {"type": "kong", "player": 0, "kind": "exposed", "from": 2, "tile": "5p"},
            {"type": "kong", "player": 1, "kind": "added", "from": 3, "tile": "7s"},
            {"type": "kong", "player": 3, "kind": "concealed", "tile": "E"},
            {"type": "draw", "last_drawer": 2},
        ]
    )
    assert res.deltas == (1 - 1, 1 - 1, -1 - 1, -1 + 3)
    assert [p.reason for p in res.payments][:2] == ["杠分 明杠 5p", "杠分 补杠 7s"]
    assert res.next_state.dealer == 2


def test_draw_dealer_same_and_missing_last_drawer():
    res = settle([{"type": "draw"}], dealer=3, draw_dealer="same")
    assert res.next_state.dealer == 3 and res.payments == ()
    with pytest.raises(MjError, match="last_drawer"):
        settle([{"type": "draw"}])


def test_robbed_kong_scores_nothing_but_earlier_kongs_do():
    # 九: "被抢杠的玩家付赢家分，杠分不能结算" — the robbed kong is not logged; an earlier kong still scores
    res = settle(
        [
            {"type": "kong", "player": 1, "kind": "exposed", "from": 2, "tile": "9s"},
            win(hand="[555p,2]123m456m77s23s4s", robbed_kong=2),
        ]
    )
    assert paid(res, 2, 1) == 1  # the exposed kong's point
    assert paid(res, 1, 0) == 18  # 抢两连杠: 9 × 2


def test_kong_cannon_discarder_keeps_his_kong_points():
    res = settle(
        [{"type": "kong", "player": 1, "kind": "concealed"}, win(hand=PLAIN, kong_cannon=1)]
    )
    assert paid(res, 1, 0) == 9
    assert paid(res, 0, 1) == 1 and paid(res, 2, 1) == 1


def test_big_cannons_do_not_stack():
    # "They do not stack: when several apply (人胡 included) the largest single amount is paid."
    res = settle(
        [
            {"type": "kong", "player": 1, "kind": "exposed", "from": 3},
            {"type": "kong", "player": 1, "kind": "added", "from": 2},
            win(hand=PLAIN, kong_cannon=2, discarder_all_melded=True),
        ]
    )
    assert paid(res, 1, 0) == 18
    assert "杠上炮 ×2 (连杠 2)" in res.payments[-1].reason


def test_reason_reads_like_the_issue():
    res = settle(
        [
            {"type": "kong", "player": 1, "kind": "concealed"},
            {"type": "kong", "player": 1, "kind": "concealed"},
            win(hand="[555m,2]111m999m333m77m", kong_cannon=2),
        ]
    )
    assert res.payments[-1].reason == "清一色 碰碰胡 杠上炮 ×2 (连杠 2)"
    assert res.payments[-1].amount == 72  # C(2) = 36, ×2


# ------------------------------------------------------------------ 杠上花 chains
def test_exposed_chain_liable_is_first_exposed_or_added_kong_supplier():
    # 先暗杠后连明杠: "起牌后第一个被明杠者包所有分"; nobody else pays for the chain's kongs
    res = settle(
        [
            {"type": "kong", "player": 0, "kind": "concealed", "tile": "5p"},
            {"type": "kong", "player": 0, "kind": "added", "from": 3, "tile": "6p"},
            win(frm=None, hand="[5555p][6666p,5]123m234s77s", kong_bloom=2),
        ]
    )
    assert paid(res, 3, 0) == 38
    assert paid(res, 1, 0) == paid(res, 2, 0) == 0


def test_concealed_chain_everyone_pays_plus_kong_points_and_horses_multiply_hand_only():
    res = settle(
        [
            {"type": "kong", "player": 0, "kind": "concealed", "tile": "5p"},
            win(frm=None, hand="[5555p]123m456m789s77s", kong_bloom=1, horse_hits=1),
        ],
        horses=2,
    )
    # V = 8, ×(1+1) = 16 each, kong point 1 each untouched
    for p in (1, 2, 3):
        assert paid(res, p, 0) == 17
    assert any(p.reason.endswith("摸码 中1 ×2") for p in res.payments)


def test_kong_bloom_chain_missing_from_events_is_refused():
    with pytest.raises(MjError, match="kong event") as e:
        settle([win(frm=None, patterns=[], concealed=True, kong_bloom=1)])
    assert e.value.code == ErrorCode.CONTRADICTION


def test_kong_in_hand_without_kong_event_is_refused():
    with pytest.raises(MjError, match="no matching kong event"):
        settle([win(frm=None, hand="[5555p]123m456m789s77s", kong_bloom=1)])


def test_chain_with_a_direct_exposed_kong_after_the_first_is_refused():
    with pytest.raises(MjError, match="only the first kong"):
        settle(
            [
                {"type": "kong", "player": 0, "kind": "concealed", "tile": "5p"},
                {"type": "kong", "player": 0, "kind": "exposed", "from": 2, "tile": "6p"},
                win(frm=None, hand="[5555p][6666p,2]123m234s77s", kong_bloom=2),
            ]
        )


def test_robbing_a_chain_with_a_concealed_kong_is_refused():
    # 九 注: "先暗杠后连明杠也不能抢杠胡"
    with pytest.raises(MjError, match="concealed kong cannot be robbed"):
        settle([{"type": "kong", "player": 1, "kind": "concealed"}, win(hand=PLAIN, robbed_kong=2)])


# ------------------------------------------------------------------ 封胡
def test_sealed_by_pung_events_of_a_declared_win():
    pre = [
        {"type": "pung", "player": 0, "from": 1},
        {"type": "pung", "player": 0, "from": 1},
        {"type": "kong", "player": 0, "kind": "exposed", "from": 1},
    ]
    res = settle([*pre, win(frm=2, patterns=["all_pungs"], concealed=False)])
    assert paid(res, 2, 0) == 9 and paid(res, 1, 0) == 9 + 1  # 双飞 plus the exposed kong point


def test_sealed_pays_all_of_an_exposed_liable_bloom():
    # "self-draw or 杠上花 of any kind → B alone pays everything (3V + the chain's kong points)"
    res = settle(
        [
            {"type": "pung", "player": 0, "from": 1, "tile": "1m"},
            {"type": "pung", "player": 0, "from": 1, "tile": "5p"},
            {"type": "pung", "player": 0, "from": 1, "tile": "9s"},
            {"type": "kong", "player": 0, "kind": "exposed", "from": 2, "tile": "E"},
            win(frm=None, hand="[111m,3][555p,3][999s,3][EEEE,2]77s", kong_bloom=1),
        ]
    )
    assert paid(res, 1, 0) == 37 and paid(res, 2, 0) == 0  # 碰碰胡 明杠杠上花 36 + 1


def test_sealing_by_robbing_the_sealers_kong_counts_as_his_discard():
    # "Robbing B's kong counts as B's discard": 抢杠 鸡胡 C(0) = 9, B's "discard" ×2
    res = settle([win(frm=1, hand="[111m,3][555p,3][999s,3]77s23s4s", robbed_kong=1)])
    assert paid(res, 1, 0) == 18 and res.deltas == (18, -18, 0, 0)


def test_sealed_player_recorded_as_winner_is_refused():
    pre = [{"type": "pung", "player": 0, "from": 1} for _ in range(3)]
    with pytest.raises(MjError, match="sealed"):
        settle([*pre, win(player=1, frm=2, hand=MQ)])


def test_pung_events_and_hand_string_must_agree():
    with pytest.raises(MjError, match="do not agree"):
        settle([{"type": "pung", "player": 0, "from": 3, "tile": "5p"}, win(hand=PLAIN)])


# ------------------------------------------------------------------ 摸码
def test_horses_seed_example_position_from_this_hands_dealer():
    # 二十二: "上一盘庄家是对家 … 下家为4、8、北 … 如本轮是下家自摸，那么下家对应的码数就是4、8和北风"
    # me = seat 0, 对家 = seat 2 deals, 下家 = seat 1 self-draws, turns 4m N 3p → two hits → ×3
    res = settle([win(player=1, frm=None, hand=MQ, horses="4mN3p")], dealer=2, horses=3)
    assert res.deltas[1] == 3 * 4 * 3


@pytest.mark.parametrize(
    ("options", "events", "match"),
    [
        ({}, [win(frm=None, hand=MQ, horses="1m5p")], "off in this session"),
        ({"horses": 2}, [win(hand=MQ, horses="1m5p")], "self-draw only"),
        ({"horses": 2}, [win(frm=None, hand=MQ, last_tile=True, horses="1m5p")], "not 海底捞月"),
        ({"horses": 2}, [win(frm=None, hand=MQ)], "needs 'horses'"),
        ({"horses": 2}, [win(frm=None, hand=MQ, horses="1m")], "2 horse tiles"),
        ({"horses": 2}, [win(frm=None, hand=MQ, horse_hits=3)], "impossible"),
        (
            {"horses": 2},
            [
                {"type": "kong", "player": 0, "kind": "exposed", "from": 2, "tile": "5p"},
                win(frm=None, hand="[5555p,2]123m456m234s77s", kong_bloom=1, horse_hits=1),
            ],
            "not 明杠杠上花",
        ),
    ],
    ids=[
        "option off",
        "discard win",
        "海底捞月",
        "missing",
        "count",
        "too many hits",
        "明杠杠上花",
    ],
)
def test_horses_refused_where_rules_md_forbids(options, events, match):
    with pytest.raises(MjError, match=match):
        settle(events, **options)


def test_heavenly_can_take_horses():
    res = settle([win(frm=None, hand=MQ, heavenly=True, horses="19m")], horses=2)
    assert res.deltas[0] == 3 * 8 * 3  # 天胡 8 each, two hits ×3


# ------------------------------------------------------------------ 钓鱼
def test_fishing_discard_win():
    # dealer (seat 0) wins on seat 1's discard, his fish hit (5m): m = 2; seat 1 missed → 2X;
    # seat 2 hit (E) → the discarder pays him one share X; seat 3 missed
    res = settle([win(hand=MQ, fish=["5m", "2p", "E", None])], fishing=True)
    assert paid(res, 1, 0) == 8 and paid(res, 1, 2) == 4 and paid(res, 1, 3) == 0


def test_fishing_self_draw_payer_hit_cancels_one_doubling():
    res = settle([win(frm=None, hand=MQ, fish=["9s", "C", "2p", "3p"])], fishing=True)
    # winner hit (9s): m = 2; seat 1 hit (C = position 0) pays 4·max(1, 1) = 4, others 8
    assert [paid(res, p, 0) for p in (1, 2, 3)] == [4, 8, 8]


def test_fishing_winner_missed_payers_pay_x():
    res = settle([win(frm=None, hand=MQ, fish=["2s", "1m", None, None])], fishing=True)
    assert [paid(res, p, 0) for p in (1, 2, 3)] == [4, 4, 4]


def test_fish_without_option_and_missing_fish_are_refused():
    with pytest.raises(MjError, match="钓鱼 is off"):
        settle([win(hand=MQ, fish=["5m", None, None, None])])
    with pytest.raises(MjError, match="needs 'fish'"):
        settle([win(hand=MQ)], fishing=True)


# ------------------------------------------------------------------ 一炮多响, 诈胡, dealer
def test_multiple_winners_each_paid_discarder_deals_next():
    # 十九: "放炮者根据各玩家胡牌类型给分。放炮者获得下一盘庄家资格"
    res = settle(
        [win(player=0, frm=2, hand=MQ), win(player=1, frm=2, hand="[555p,3]123m456m234s55s")]
    )
    assert paid(res, 2, 0) == 4 and paid(res, 2, 1) == 2
    assert res.next_state.dealer == 2 and len(res.wins) == 2


def test_false_win_penalty_kong_points_and_offender_deals():
    res = settle(
        [{"type": "kong", "player": 2, "kind": "concealed"}, {"type": "false_win", "player": 1}],
        false_win_penalty=5,
    )
    assert res.deltas == (-1 + 5, -1 - 15, 3 + 5, -1 + 5)
    assert res.next_state.dealer == 1


def test_single_winner_deals_next():
    assert settle([win(player=3, frm=1, hand=MQ)]).next_state.dealer == 3


# ------------------------------------------------------------------ declared mode and refusals
def test_declared_implied_patterns_count_once():
    a = settle([win(frm=2, patterns=["luxury_seven_pairs", "seven_pairs"], quads=2)])
    b = settle([win(frm=2, patterns=["luxury_seven_pairs"], quads=2, concealed=True)])
    assert a.deltas == b.deltas and a.deltas[0] == 48
    c = settle([win(frm=2, patterns=["all_melded", "all_pungs"])])
    assert c.deltas[0] == 18


@pytest.mark.parametrize(
    ("events", "match"),
    [
        ([win(frm=None, patterns=["all_melded"])], "discard only"),
        ([win(frm=2, patterns=["seven_pairs"], concealed=False)], "always 门清"),
        ([win(frm=2, patterns=["luxury_seven_pairs"])], "needs 'quads'"),
        ([win(frm=2, patterns=["all_pungs"], quads=1, concealed=True)], "only goes with"),
        ([win(frm=2, patterns=["seven_pairs", "all_pungs"])], "seven pairs cannot"),
        (
            [{"type": "pung", "player": 0, "from": 2}, win(frm=2, patterns=[], concealed=True)],
            "exposed pung",
        ),
        ([win(frm=2, hand="[123m,1]456m789p234s55s")], "不准吃"),
        ([win(frm=2, hand="19m19p19sESWNCFPP")], "not a Nanning win"),
        ([win(frm=2, hand=MQ + "|EE0000|ab")], "without flowers"),
        ([win(frm=2, hand=MQ + "|EE1000")], "self-drawn"),
        ([win(frm=2, hand=MQ, kong_bloom=1)], "self-draw"),
        ([win(frm=None, hand=MQ, kong_cannon=1)], "self-drawn"),
        ([win(player=1, frm=None, hand=MQ, heavenly=True)], "dealer's alone"),
        ([win(player=0, frm=None, hand=MQ, earthly=True)], "non-dealer"),
        ([win(player=1, frm=2, hand=MQ, human=True)], "dealer's first discard"),
        ([win(player=1, frm=0, hand=PLAIN, human=True)], "门清"),
        (
            [
                {"type": "kong", "player": 0, "kind": "concealed"},
                win(frm=None, patterns=[], concealed=True, kong_bloom=1, heavenly=True),
            ],
            "never 天胡",
        ),
        ([win(frm=None, hand=MQ, kong_bloom=1, last_tile=True)], "海底捞月 has no 杠上花"),
        (
            [{"type": "pung", "player": 2, "from": 3}, win(frm=None, hand=MQ, heavenly=True)],
            "untouched",
        ),
        (
            [win(frm=2, patterns=["all_pungs"], concealed=False, hand=PLAIN)],
            "disagree with the hand's tiles",
        ),
        ([win(frm=2, concealed=True, hand=PLAIN)], "not 门清"),
        (
            [win(frm=2, patterns=["luxury_seven_pairs"], quads=2, hand="111122m5566p99sEE")],
            "quads: 2",
        ),
    ],
    ids=lambda x: x if isinstance(x, str) else None,
)
def test_contradictions_refused(events, match):
    with pytest.raises(MjError, match=match):
        settle(events)


def test_a_flag_another_variant_owns_is_refused():
    with pytest.raises(MjError) as e:
        settle([win(frm=None, hand=MQ, flower_bloom=True)])
    assert e.value.code == ErrorCode.BAD_FLAG
    # and directly, bypassing the record loader
    with pytest.raises(MjError, match="does not know the flag 'last_copy'"):
        V.settle_hand(
            Hand((Win(player=0, from_=1, hand=MQ, last_copy=True),)), TableState(), V.rules()
        )


def test_four_concealed_kongs_without_menqing_refused_in_declared_mode():
    pre = [Kong(player=0, kind="concealed") for _ in range(4)]
    h = Hand((*pre, Win(player=0, from_=2, patterns=("all_pungs",), concealed=False)))
    with pytest.raises(MjError, match="four concealed kongs are always 门清"):
        V.settle_hand(h, TableState(), V.rules())


def test_option_of_another_variant_refused():
    with pytest.raises(MjError) as e:
        V.rules({"base": 2})
    assert e.value.code == ErrorCode.BAD_OPTION


def test_win_result_explains():
    res = settle([win(frm=None, hand="[555m,2]111m999m333m77m")])
    wr = res.wins[0]
    assert wr.value == 2 and wr.unit == "倍"
    assert [i.id for i in wr.items] == ["base", "full_flush", "all_pungs"]
    assert wr.summary == "清一色 碰碰胡 自摸"


def test_declared_heavenly_needs_no_concealed_flag():
    # 十四 "算门清自摸胡牌": declared 天胡 is 门清 without saying so
    res = settle([win(frm=None, patterns=[], heavenly=True)])
    assert res.deltas == (24, -8, -8, -8)


def test_context_prevailing_wind_is_not_tracked_but_seat_wind_is():
    assert settle([win(player=1, frm=2, hand=MQ + "|SS0000")]).deltas[1] == 4
    with pytest.raises(MjError, match="seat wind"):
        settle([win(player=1, frm=2, hand=MQ + "|EE0000")])


def test_declared_facts_next_to_tiles_allowed_when_they_agree():
    a = settle(
        [
            win(
                frm=2,
                hand="[555m,2]111m999m333m77m",
                patterns=["full_flush", "all_pungs"],
                concealed=False,
            )
        ]
    )
    b = settle([win(frm=2, hand="[555m,2]111m999m333m77m")])
    assert a.payments == b.payments
    c = settle([win(frm=2, hand="[555p,2][111m,1][999s,3][EEE,2]77s", patterns=["all_melded"])])
    assert c.deltas[0] == 18


def test_big_cannons_human_and_last_tile():
    # 人胡 is C(k) with b = 4 even with another 大炮; 海底炮 and 全求炮 both C(k): paid once
    res = settle(
        [
            {"type": "kong", "player": 0, "kind": "concealed"},
            win(player=1, frm=0, hand=MQ, human=True, kong_cannon=1),
        ]
    )
    assert paid(res, 0, 1) == 12
    res = settle([win(hand=PLAIN, last_tile=True, discarder_all_melded=True)])
    assert paid(res, 1, 0) == 9


@pytest.mark.parametrize(
    ("events", "match"),
    [
        # 十一.11 "出牌被杠上花，赢家按杠上花实际牌型计分，不算全求人放炮"
        (
            [
                {"type": "kong", "player": 0, "kind": "exposed", "from": 1, "tile": "5p"},
                win(
                    frm=None,
                    hand="[5555p,3]123m456m234s77s",
                    kong_bloom=1,
                    discarder_all_melded=True,
                ),
            ],
            "self-drawn",
        ),
        # 十四 注 "庄家起手暗杠杠上花胡牌不算天胡，以暗杠杠上花牌型计分"
        (
            [
                {"type": "kong", "player": 0, "kind": "concealed", "tile": "5p"},
                win(frm=None, hand="[5555p]123m456m789s77s", kong_bloom=1, heavenly=True),
            ],
            "never 天胡",
        ),
        # 十五 注 "第一圈里如有人碰牌后 … 不成地胡"
        (
            [
                {"type": "pung", "player": 3, "from": 2},
                win(player=1, frm=None, hand=MQ, earthly=True),
            ],
            "untouched",
        ),
        # 十六 "被直接开杠得杠上花不算人胡"
        (
            [
                {"type": "kong", "player": 1, "kind": "exposed", "from": 0, "tile": "5p"},
                win(player=1, frm=None, hand="[5555p,1]123m456m789s77s", kong_bloom=1, human=True),
            ],
            "self-drawn",
        ),
        # 十八 注 "海底炮无杠上花 … 因为已无牌可杠"
        (
            [
                {"type": "kong", "player": 1, "kind": "concealed"},
                win(hand=PLAIN, kong_cannon=1, last_tile=True),
            ],
            "海底炮无杠上花",
        ),
    ],
    ids=["十一.11", "十四 注", "十五 注", "十六", "十八 注"],
)
def test_seed_notes_refused(events, match):
    with pytest.raises(MjError, match=match):
        settle(events)


def test_declared_concealed_absent_means_not_concealed():
    # RULES §1 门清 "the winner made no exposed meld": a declared win says so with concealed: true;
    # without it (and without an implying pattern or flag) it is valued as not 门清: N(1) = 3·3·2^0 = 9
    absent = settle([win(frm=2, patterns=["all_pungs"])])
    explicit = settle([win(frm=2, patterns=["all_pungs"], concealed=False)])
    assert absent.payments == explicit.payments
    assert [(p.payer, p.payee, p.amount) for p in absent.payments] == [(2, 0, 9)]
    # 天胡 implies 门清 when concealed is absent: 2·S(0) with b = 4 = 8 from each
    heaven = settle([win(frm=None, patterns=[], heavenly=True)])
    assert sorted(p.amount for p in heaven.payments) == [8, 8, 8]
