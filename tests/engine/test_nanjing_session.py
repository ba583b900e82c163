"""南京 Nanjing settlement of session hands (RULES.md §2): who pays, 承包, 现场汇, 比下胡/插旗
state, dealer rotation, and refusals of contradictory input."""

import pytest
from mjscore.engine.core import TableState
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import hand_from_json
from mjscore.engine.variants import get_variant

from tests.builders import pays, settle_events

V = get_variant("nanjing")


def settle(events, state=None, **options):
    return settle_events(V, events, state, options)


def refused(events, code, state=None, **options):
    with pytest.raises(MjError) as e:
        settle(events, state, **options)
    assert e.value.code == code, str(e.value)
    return e.value


BIXIAHU = TableState(bixiahu=True, flags=0)
BIXIAHU_2FLAGS = TableState(bixiahu=True, flags=2)
DRAW = {"type": "draw"}


# ---------------------------------------------------------------- the seed's worked example
def test_seed_example_88_from_each_of_three():
    # seed 001 算分: 有人门清混一色，底下有四个硬花，自摸后 … 共 88 花 (RULES.md §2: "88 from each of the three")
    res = settle(
        [
            {"type": "flowers", "player": 0, "tiles": "abcd"},
            {"type": "win", "player": 0, "from": None, "hand": "123456789m23mEE1m"},
        ]
    )
    assert pays(res) == [(1, 0, 88), (2, 0, 88), (3, 0, 88)]
    assert res.wins[0].value == 88 and res.wins[0].unit == "花"
    assert res.deltas == (264, -88, -88, -88)


def test_seed_example_declared_mode():
    res = settle(
        [
            {"type": "flowers", "player": 2, "count": 4},
            {"type": "win", "player": 2, "from": None, "patterns": ["concealed", "half_flush"]},
        ]
    )
    assert pays(res) == [(0, 2, 88), (1, 2, 88), (3, 2, 88)]


# ---------------------------------------------------------------- 现场汇 (on the spot)
SPOT_ROWS = [
    ("§2 明杠 exposed kong (direct): the supplier of the tile pays 20",
     [{"type": "kong", "player": 1, "kind": "exposed", "from": 3, "tile": "5m"}], [(3, 1, 20)]),
    ("§2 明杠 ... or added to a pung: the supplier of the pung pays 20",
     [{"type": "pung", "player": 2, "from": 0, "tile": "E"}, {"type": "kong", "player": 2, "kind": "added", "from": 0, "tile": "E"}],
     [(0, 2, 20)]),
    ("§2 暗杠 concealed kong: each other player pays 10",
     [{"type": "kong", "player": 0, "kind": "concealed", "tile": "9s"}], [(1, 0, 10), (2, 0, 10), (3, 0, 10)]),
    ("§2 花杠 four identical flowers (中中中中) revealed by one player: each other player pays 20",
     [{"type": "flowers", "player": 3, "tiles": "CCCC"}], [(0, 3, 20), (1, 3, 20), (2, 3, 20)]),
    ("§2 花杠 (发×4) revealed over several flowers events",
     [{"type": "flowers", "player": 1, "tiles": "FFa"}, {"type": "flowers", "player": 1, "tiles": "F"},
      {"type": "flowers", "player": 1, "tiles": "Fb"}],
     [(0, 1, 20), (2, 1, 20), (3, 1, 20)]),
    ("§2 三张白 is not a 花杠", [{"type": "flowers", "player": 1, "tiles": "PPP"}], []),
    ("§2 罚 all four players discard the same tile in one go-round: the first of them pays 10 to each other player",
     [{"type": "penalty", "player": 1, "kind": "same_round"}], [(1, 0, 10), (1, 2, 10), (1, 3, 10)]),
    ("§2 罚 one player discards all four copies of a tile: that player pays 10 to each other player",
     [{"type": "penalty", "player": 2, "kind": "four_copies"}], [(2, 0, 10), (2, 1, 10), (2, 3, 10)]),
]  # fmt: skip


@pytest.mark.parametrize(("quote", "events", "expected"), SPOT_ROWS, ids=[r[0] for r in SPOT_ROWS])
def test_on_the_spot_payments_in_a_draw(quote, events, expected):
    # "Paid on the spot (现场汇), also on a draw"
    res = settle([*events, DRAW])
    assert pays(res) == sorted(expected)


@pytest.mark.parametrize(("quote", "events", "expected"), SPOT_ROWS, ids=[r[0] for r in SPOT_ROWS])
def test_on_the_spot_payments_doubled_in_bixiahu(quote, events, expected):
    # "also ×2 in a 比下胡 hand"; with bixiahu_stack the multiplier is 2^(1+flags)
    assert pays(settle([*events, DRAW], BIXIAHU)) == sorted((a, b, 2 * x) for a, b, x in expected)
    assert pays(settle([*events, DRAW], BIXIAHU_2FLAGS)) == sorted(
        (a, b, 2 * x) for a, b, x in expected
    )
    stacked = settle([*events, DRAW], BIXIAHU_2FLAGS, bixiahu_stack=True)
    assert pays(stacked) == sorted((a, b, 8 * x) for a, b, x in expected)


def test_on_the_spot_also_in_a_win_and_a_false_win():
    kong = {"type": "kong", "player": 3, "kind": "concealed", "tile": "9s"}
    res = settle([kong, {"type": "false_win", "player": 1}])
    assert (0, 3, 10) in pays(res) and (1, 0, 10) in pays(res) and (1, 3, 10) in pays(res)
    assert res.deltas == (-10 + 10, -10 - 30, -10 + 10, 30 + 10)


# ---------------------------------------------------------------- who pays
def test_discard_paid_by_the_discarder_alone():
    # 吃炮费用由放炮者一人承担
    res = settle(
        [{"type": "win", "player": 1, "from": 3, "patterns": ["all_pungs"], "hard_flowers": 2}]
    )
    assert pays(res) == [(3, 1, 20 + 2 * 2 + 40)]


def test_self_draw_each_other_pays():
    res = settle(
        [{"type": "win", "player": 1, "from": None, "patterns": ["all_pungs"], "hard_flowers": 2}]
    )
    assert pays(res) == [(0, 1, 64), (2, 1, 64), (3, 1, 64)]


def test_robbed_kong_self_draw_paid_by_robbed():
    # 抢杠 counts as a self-draw paid entirely (3H) by the robbed player; the robbed kong scores nothing
    res = settle(
        [
            {"type": "pung", "player": 2, "from": 0, "tile": "5s"},
            {
                "type": "win",
                "player": 1,
                "from": 2,
                "robbed_kong": 1,
                "patterns": ["full_flush"],
                "hard_flowers": 2,
            },
        ]
    )
    assert pays(res) == [(2, 1, 3 * (20 + 4 + 60))]
    assert "抢杠" in res.payments[0].reason


# ---------------------------------------------------------------- 承包
def pungs_from(player, b, tiles):
    return [{"type": "pung", "player": player, "from": b, "tile": t} for t in tiles]


DUI3_HAND = "[111m,3][999p,3][555s,3]77s88s8s"  # winner 0, three pungs from 下家 1


def test_duisanzui_discard_by_another_paid_by_b():
    # 对三嘴 … 对对胡: "B pays the discarder's share instead of the discarder"
    res = settle(
        [
            *pungs_from(0, 1, ["1m", "9p", "5s"]),
            {"type": "win", "player": 0, "from": 2, "hand": DUI3_HAND},
        ]
    )
    assert (
        pays(res) == [(1, 0, 20 + 40 + 40)]
    )  # + 无花果 40: RULES §2 hard flowers "(none logged = 0)", "无花果 is derived from a count of 0"
    assert "对三嘴承包" in res.payments[0].reason
    assert res.details["liability"] == {"payer": 1, "reason": "对三嘴承包"}


def test_duisanzui_self_draw_b_pays_all():
    res = settle(
        [
            *pungs_from(0, 1, ["1m", "9p", "5s"]),
            {"type": "win", "player": 0, "from": None, "hand": DUI3_HAND},
        ]
    )
    assert (
        pays(res) == [(1, 0, 3 * 100)]
    )  # + 无花果 40: RULES §2 hard flowers "(none logged = 0)", "无花果 is derived from a count of 0"


def test_duisanzui_from_hand_string_seats_without_pung_events():
    res = settle([{"type": "win", "player": 0, "from": 3, "hand": DUI3_HAND}])
    assert (
        pays(res) == [(1, 0, 100)]
    )  # + 无花果 40: RULES §2 hard flowers "(none logged = 0)", "无花果 is derived from a count of 0"


def test_duisanzui_concealed_kong_after_first_claim_counts():
    # 暗杠也算对第一个人的: A对B一嘴后暗杠，然后再对B一嘴 → 对三嘴
    events = [
        *pungs_from(0, 1, ["1m"]),
        {"type": "kong", "player": 0, "kind": "concealed", "tile": "2p"},
        *pungs_from(0, 1, ["5s"]),
        {"type": "win", "player": 0, "from": 3, "hand": "[111m,3][2222p][555s,3]77s88s8s|EE0000|1"},
    ]
    res = settle(events)
    h = 20 + 2 * (1 + 2) + 40  # concealed suited kong 2 soft, one hard flower
    assert (1, 0, h) in pays(res) and (3, 0, h) not in pays(res)


def test_duisanzui_broken_by_another_player():
    # 如果中间对了其他人的不承包
    events = [
        *pungs_from(0, 1, ["1m"]),
        *pungs_from(0, 2, ["9p"]),
        *pungs_from(0, 1, ["5s"]),
        {"type": "win", "player": 0, "from": 3, "hand": "[111m,3][999p,2][555s,3]77s88s8s"},
    ]
    assert (
        pays(settle(events)) == [(3, 0, 100)]
    )  # + 无花果 40: RULES §2 hard flowers "(none logged = 0)", "无花果 is derived from a count of 0"


def test_duisanzui_needs_a_liable_pattern():
    # "If the winner wins with 对对胡, 清一色 or 全球独钓" — a 混一色 with a chow is paid normally
    events = [
        *pungs_from(0, 1, ["E", "S", "W"]),
        {"type": "win", "player": 0, "from": 2, "hand": "[EEE,3][SSS,3][WWW,3]23m55m1m"},
    ]
    res = settle(events)
    assert (
        pays(res) == [(2, 0, 20 + 2 * 3 + 40 + 40)]
    )  # + 无花果 40: RULES §2 hard flowers "(none logged = 0)", "无花果 is derived from a count of 0"


def test_duisizui_all_melded():
    # 连续被一家对了四嘴 … 算全球独钓，被对者承包
    events = [
        *pungs_from(0, 1, ["1m", "9p", "5s", "7s"]),
        {"type": "win", "player": 0, "from": 2, "hand": "[111m,3][999p,3][555s,3][777s,3]8s8s"},
    ]
    res = settle(events)
    assert (
        pays(res) == [(1, 0, 20 + 2 * 1 + 40 + 60 + 40)]
    )  # + 无花果 40: RULES §2 hard flowers "(none logged = 0)", "无花果 is derived from a count of 0"
    assert "对四嘴承包" in res.payments[0].reason


def test_big_kong_bloom_liability_exposed_kong():
    # 大杠开时被杠者承包 (direct kong): supplier pays all 3H; H is doubled
    events = [
        {"type": "kong", "player": 2, "kind": "exposed", "from": 0, "tile": "5p"},
        {
            "type": "win",
            "player": 2,
            "from": None,
            "kong_bloom": 1,
            "hand": "[5555p,2]123m456m23s55s4s|EW1001|4",
        },
    ]
    res = settle(events)
    h = (20 + 2 * (4 + 1) + 20) * 2
    assert pays(res) == [(0, 2, 20), (0, 2, 3 * h)]
    assert res.details["liability"]["reason"] == "大杠开承包"


def test_big_kong_bloom_chain_first_added_kong_supplier_pays():
    # seed 承包 4: A碰了B的2万，A又抓进个2万杠牌时，补进… 再杠杠上开花，则由B承包
    events = [
        {"type": "pung", "player": 0, "from": 1, "tile": "2m"},
        {"type": "pung", "player": 0, "from": 2, "tile": "5m"},
        {"type": "kong", "player": 0, "kind": "added", "from": 1, "tile": "2m"},
        {"type": "kong", "player": 0, "kind": "added", "from": 2, "tile": "5m"},
        {
            "type": "win",
            "player": 0,
            "from": None,
            "kong_bloom": 2,
            "hand": "[2222m,7][5555m,6]123p99s78s9s|EE1001|4",
        },
    ]
    res = settle(events)
    h = (20 + 2 * (4 + 1 + 1) + 0) * 2
    assert (1, 0, 3 * h) in pays(res)
    assert not any(p == (2, 0, 3 * h) for p in pays(res))


def test_big_kong_bloom_concealed_chain_no_liability():
    events = [
        {"type": "kong", "player": 2, "kind": "concealed", "tile": "5p"},
        {
            "type": "win",
            "player": 2,
            "from": None,
            "kong_bloom": 1,
            "hand": "[5555p]123m456m23s55s4s|EW1001|1",
        },
    ]
    h = (20 + 2 * 3 + 20) * 2
    res = settle(events)
    assert pays(res) == sorted(
        [(0, 2, 10), (1, 2, 10), (3, 2, 10), (0, 2, h), (1, 2, h), (3, 2, h)]
    )


def test_flower_kong_bloom_needs_a_flower_kong_and_pays_x4():
    ok = settle(
        [
            {"type": "flowers", "player": 1, "tiles": "PPPP"},
            {
                "type": "win",
                "player": 1,
                "from": None,
                "flower_kong_bloom": True,
                "hand": "123m456m789p23s55s4s",
            },
        ]
    )
    h = (20 + 2 * 4 + 20) * 4
    assert pays(ok) == sorted([(p, 1, 20) for p in (0, 2, 3)] + [(p, 1, h) for p in (0, 2, 3)])
    refused(
        [
            {"type": "flowers", "player": 1, "tiles": "PPPa"},
            {
                "type": "win",
                "player": 1,
                "from": None,
                "flower_kong_bloom": True,
                "hand": "123m456m789p23s55s4s",
            },
        ],
        ErrorCode.CONTRADICTION,
    )


# ---------------------------------------------------------------- next state
def test_next_state_dealer_passes_without_trigger():
    # one hard flower declared: with none, 无花果 ("derived from a count of 0", RULES §2
    # "for a declared win as for a typed one") would be a 比下胡 trigger
    res = settle(
        [{"type": "win", "player": 2, "from": 0, "patterns": ["concealed"], "hard_flowers": 1}]
    )
    assert res.next_state.dealer == 1 and not res.next_state.bixiahu and res.next_state.flags == 0
    assert res.next_state.hand_number == 2


@pytest.mark.parametrize(
    ("quote", "events", "dealer_next"),
    [
        ("§2 trigger: the dealer won", [{"type": "win", "player": 0, "from": 1, "patterns": ["concealed"]}], 0),
        ("§2 trigger: a big pattern", [{"type": "win", "player": 2, "from": 1, "patterns": ["half_flush"], "hard_flowers": 1}], 1),
        ("§2 trigger: 无花果", [{"type": "flowers", "player": 3, "tiles": "a"}, {"type": "win", "player": 2, "from": 1, "patterns": ["concealed"]}], 1),
        ("§2 trigger: a 罚", [{"type": "penalty", "player": 3, "kind": "same_round"}, {"type": "win", "player": 2, "from": 1, "patterns": ["concealed"], "hard_flowers": 1}], 1),
        ("§2 trigger: a draw (和局)", [DRAW], 0),
        ("§2 trigger: 海底捞", [{"type": "win", "player": 2, "from": 1, "last_tile": True, "patterns": ["concealed"], "hard_flowers": 1}], 1),
    ],
)  # fmt: skip
def test_bixiahu_triggers(quote, events, dealer_next):
    res = settle(events)
    assert res.next_state.bixiahu and res.next_state.flags == 0
    assert res.next_state.dealer == dealer_next
    # second consecutive trigger plants one flag; a third, two
    res2 = settle(events, BIXIAHU)
    assert res2.next_state.flags == 1
    assert settle(events, TableState(bixiahu=True, flags=1)).next_state.flags == 2


def test_false_win_not_a_trigger_dealer_stays():
    res = settle([{"type": "false_win", "player": 2}], TableState(dealer=1, bixiahu=True, flags=3))
    assert pays(res) == [(2, 0, 20), (2, 1, 20), (2, 3, 20)]  # 10 × the 比下胡 multiplier
    assert res.next_state.dealer == 1 and not res.next_state.bixiahu and res.next_state.flags == 0


def test_false_win_penalty_option():
    res = settle([{"type": "false_win", "player": 0}], false_win_penalty=15)
    assert pays(res) == [(0, 1, 15), (0, 2, 15), (0, 3, 15)]


def test_win_doubled_in_bixiahu_hand():
    win = {"type": "win", "player": 1, "from": 3, "patterns": ["all_pungs"], "hard_flowers": 2}
    assert pays(settle([win], BIXIAHU)) == [(3, 1, 128)]
    assert pays(settle([win], TableState(bixiahu=True, flags=1), bixiahu_stack=True)) == [
        (3, 1, 256)
    ]
    assert "比下胡" in settle([win], BIXIAHU).payments[0].reason


# ---------------------------------------------------------------- refusals
REFUSALS = [
    ("小胡 open, < 4 hard flowers", [{"type": "flowers", "player": 0, "tiles": "ab"},
     {"type": "win", "player": 0, "from": 1, "hand": "[111m,3]234m567p23s55s4s"}], ErrorCode.SMALL_WIN),
    ("hand shows a kong with no kong event", [{"type": "win", "player": 0, "from": 1, "hand": "[5555p]123m456m23s55s4s|EE0000|1"}],
     ErrorCode.CONTRADICTION),
    ("flowers events and hand string disagree", [{"type": "flowers", "player": 0, "tiles": "ab"},
     {"type": "win", "player": 0, "from": 1, "hand": "123m456m789p23s55s4s|EE0000|abc"}], ErrorCode.CONTRADICTION),
    ("declared hard_flowers disagrees with events", [{"type": "flowers", "player": 0, "tiles": "ab"},
     {"type": "win", "player": 0, "from": 1, "patterns": ["concealed"], "hard_flowers": 3}], ErrorCode.CONTRADICTION),
    ("花杠 in the hand string never logged", [{"type": "win", "player": 0, "from": 1, "hand": "123m456m789p23s55s4s|EE0000|CCCC"}],
     ErrorCode.CONTRADICTION),
    ("declared soft_flowers disagree with the tiles", [{"type": "win", "player": 0, "from": 1, "hand": "123m456m789p23s55s4s", "soft_flowers": 2}],
     ErrorCode.CONTRADICTION),
    ("declared pattern the tiles do not show", [{"type": "win", "player": 0, "from": 1, "hand": "123m456m789p23s55s4s", "patterns": ["full_flush"]}],
     ErrorCode.CONTRADICTION),
    ("declared 压绝 on a two-way wait", [{"type": "win", "player": 0, "from": 1, "hand": "123m456m789p23s55s4s", "patterns": ["last_closed"]}],
     ErrorCode.CONTRADICTION),
    ("无花果 declared with flowers logged", [{"type": "flowers", "player": 0, "tiles": "a"},
     {"type": "win", "player": 0, "from": 1, "patterns": ["no_flowers", "concealed"]}], ErrorCode.CONTRADICTION),
    ("天胡 by a non-dealer", [{"type": "win", "player": 2, "from": None, "heavenly": True, "patterns": ["concealed"]}], ErrorCode.BAD_FLAG),
    ("地胡 by the dealer", [{"type": "win", "player": 0, "from": None, "earthly": True, "patterns": ["concealed"]}], ErrorCode.BAD_FLAG),
    ("kong_bloom on a discard", [{"type": "kong", "player": 0, "kind": "concealed", "tile": "5p"},
     {"type": "win", "player": 0, "from": 1, "kong_bloom": 1, "patterns": ["concealed"]}], ErrorCode.BAD_FLAG),
    ("kong_bloom with heavenly", [{"type": "kong", "player": 0, "kind": "concealed", "tile": "5p"},
     {"type": "win", "player": 0, "from": None, "kong_bloom": 1, "heavenly": True, "patterns": ["concealed"]}], ErrorCode.BAD_FLAG),
    ("two 杠开 flags", [{"type": "win", "player": 0, "from": None, "flower_bloom": True, "kong_bloom": 1, "patterns": ["concealed"]}],
     ErrorCode.BAD_FLAG),
    ("kong_bloom 2 with one kong logged", [{"type": "kong", "player": 0, "kind": "concealed", "tile": "5p"},
     {"type": "win", "player": 0, "from": None, "kong_bloom": 2, "patterns": ["concealed"]}], ErrorCode.CONTRADICTION),
    ("context says self-drawn, event says discard", [{"type": "win", "player": 0, "from": 1, "hand": "123m456m789p23s55s4s|EE1000|1"}],
     ErrorCode.CONTRADICTION),
    ("the same flower shown twice at the table", [{"type": "flowers", "player": 0, "tiles": "a"},
     {"type": "flowers", "player": 1, "tiles": "a"}, DRAW], ErrorCode.CONTRADICTION),
    ("a suited tile is no flower", [{"type": "flowers", "player": 0, "tiles": "5m"}, DRAW], ErrorCode.BAD_RECORD),
    ("a dragon cannot be melded", [{"type": "pung", "player": 0, "from": 1, "tile": "C"}, DRAW], ErrorCode.BAD_RECORD),
    ("小杠开 with no flowers", [{"type": "flowers", "player": 0, "count": 0 + 1}, {"type": "flowers", "player": 1, "tiles": "b"},
     {"type": "win", "player": 2, "from": None, "flower_bloom": True, "patterns": ["concealed"]}], ErrorCode.CONTRADICTION),
    ("'concealed': false on 门清 tiles", [{"type": "win", "player": 0, "from": 1, "hand": "123m456m789p23s55s4s|EE0000|4", "concealed": False}],
     ErrorCode.CONTRADICTION),
    ("hand-string flower already shown by another player", [{"type": "flowers", "player": 1, "tiles": "a"},
     {"type": "win", "player": 0, "from": 1, "hand": "123m456m789p23s55s4s|EE0000|abcd"}], ErrorCode.CONTRADICTION),
    ("robbed_kong 2 without the robbed player's first kong", [{"type": "win", "player": 0, "from": 1, "robbed_kong": 2,
     "patterns": ["full_flush"]}], ErrorCode.CONTRADICTION),
    ("七对 declared with a kong event", [{"type": "kong", "player": 0, "kind": "concealed", "tile": "5p"},
     {"type": "win", "player": 0, "from": 1, "patterns": ["seven_pairs"]}], ErrorCode.CONTRADICTION),
    ("门清 declared with a pung event", [{"type": "pung", "player": 0, "from": 1, "tile": "5p"},
     {"type": "win", "player": 0, "from": 1, "patterns": ["concealed"], "hard_flowers": 4}], ErrorCode.CONTRADICTION),
]  # fmt: skip


@pytest.mark.parametrize(("quote", "events", "code"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_contradictory_input_refused(quote, events, code):
    err = refused(events, code)
    assert err.message and err.where and err.where.removeprefix("hand.").startswith("events")


def test_small_win_refusal_is_clear():
    err = refused(
        [{"type": "win", "player": 0, "from": 1, "patterns": [], "hard_flowers": 3}],
        ErrorCode.SMALL_WIN,
    )
    assert "门清" in err.message and "4 hard flowers" in err.message


def test_second_win_refused_on_load():
    from mjscore.engine.record import load_session

    rec = {
        "variant": "nanjing", "players": ["a", "b", "c", "d"],
        "hands": [{"events": [
            {"type": "win", "player": 0, "from": 1, "patterns": ["all_pungs"]},
            {"type": "win", "player": 2, "from": 1, "patterns": ["all_pungs"]},
        ]}],
    }  # fmt: skip
    with pytest.raises(MjError) as e:
        load_session(rec)
    assert e.value.code == ErrorCode.MULTIPLE_WINS


def test_bare_declared_win_refused_on_load():
    with pytest.raises(MjError) as e:
        hand_from_json({"events": [{"type": "win", "player": 0, "from": 1}]}, V)
    assert e.value.code == ErrorCode.BAD_RECORD


# ---------------------------------------------------------------- 硬花 and 无花果
def test_hard_flowers_from_events_and_no_flowers_derived_when_known():
    # "无花果 ... derived from the hard-flower count whenever it is known, else declared";
    # RULES §2 硬花: "(none logged = 0)" … ""None logged = 0" holds for a declared win as for a
    # typed one, whether or not anyone else logged flowers in the hand"
    win = {"type": "win", "player": 1, "from": 0, "patterns": ["concealed"]}
    none_logged = settle([win])  # nobody logged flowers: 0 hard flowers, so 无花果
    assert pays(none_logged) == [(0, 1, 20 + 20 + 40)]
    known_zero = settle(
        [{"type": "flowers", "player": 2, "tiles": "e"}, win]
    )  # the table logs flowers; the winner has none
    assert pays(known_zero) == [(0, 1, 20 + 20 + 40)]
    assert "无花果" in known_zero.payments[0].reason
    declared = settle([{**win, "patterns": ["concealed", "no_flowers"]}])
    assert pays(declared) == [(0, 1, 20 + 20 + 40)]
    counted = settle(
        [
            {"type": "flowers", "player": 1, "tiles": "aC"},
            {"type": "flowers", "player": 1, "count": 2},
            win,
        ]
    )
    assert pays(counted) == [(0, 1, 20 + 2 * 4 + 20)]  # each exposed flower tile = 1, ×2


def test_hand_string_flowers_agree_with_events():
    ok = settle(
        [
            {"type": "flowers", "player": 0, "tiles": "ab"},
            {"type": "win", "player": 0, "from": 1, "hand": "123m456m789p23s55s4s|EE0000|ba"},
        ]
    )
    assert pays(ok) == [(1, 0, 20 + 2 * 2 + 20)]


@pytest.mark.parametrize(
    "kong,soft",
    [
        ({"kind": "exposed", "from": 3, "tile": "5p"}, 1),  # "each suited kong: 1 exposed/added"
        ({"kind": "concealed", "tile": "5p"}, 2),  # "2 concealed"
        (
            {"kind": "exposed", "from": 3, "tile": "E"},
            2,
        ),  # "a wind kong instead counts 2 if exposed/added"
        ({"kind": "concealed", "tile": "E"}, 3),  # "3 if concealed"
    ],
)
def test_declared_win_derives_soft_flowers_of_logged_kongs(kong, soft):
    # RECORD.md: "A fact that the engine can derive from other events ... is derived"; RULES §2 软花.
    # a declared 大杠开 after a logged 明杠 counted 0 soft flowers.
    res = settle(
        [
            {
                "type": "flowers",
                "player": 1,
                "tiles": "a",
            },  # flowers are being logged: seat 0 has none
            {"type": "kong", "player": 0, **kong},
            {"type": "win", "player": 0, "from": None, "kong_bloom": 1, "patterns": ["concealed"]},
        ]
    )
    (w,) = res.wins
    assert any(i.id.endswith("soft_events") for i in w.items)  # shown as derived from the events
    assert [i.value for i in w.items if i.id == "soft_flowers"] == [soft]
    h = (20 + 2 * soft + 20 + 40) * 2  # 跑20 + 2·soft + 门清 + 无花果, ×2 大杠开
    if kong["kind"] == "exposed":
        assert (3, 0, 3 * h) in pays(res)  # 大杠开 on an exposed kong: its supplier pays all
    else:  # a chain of concealed kongs only has no liability: each other player pays H
        assert all((p, 0, h) in pays(res) for p in (1, 2, 3))


def test_winner_and_logged_pungs_beyond_four_copies_name_the_first_tile():
    # seat 1's pungs of 5m and 9p leave one copy of each: the winner shows two of both
    ev = [
        {"type": "pung", "player": 1, "from": 2, "tile": "9p"},
        {"type": "pung", "player": 1, "from": 3, "tile": "5m"},
        {"type": "win", "player": 0, "from": 2, "hand": "234m55m99p456s789sE"},
    ]
    with pytest.raises(MjError) as e:
        settle(ev)
    assert e.value.code == ErrorCode.CONTRADICTION
    msg = e.value.msg
    assert msg.key == "winner_s_hand_holds_other"
    assert (msg.params["n"], msg.params["p3"]) == (2, 3)
    assert "5m" in msg.params["p2"]
