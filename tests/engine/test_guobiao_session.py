"""Guobiao in a session (RULES.md §3 and §0): payments in both modes, 错和, draws, the minimum,
declared fans, flowers, kong/pung consistency, the dealer and the prevailing wind."""

from __future__ import annotations

from typing import Any

import pytest
from mjscore.engine.core import replay
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import load_session
from mjscore.engine.variants import get_variant

from tests.builders import states as _states

GB = get_variant("guobiao")
PLAYERS = ["东家", "南家", "西家", "北家"]

FLUSH = "11224455668899p"  # 七对 清一色 = 48 (+ 自摸 when self-drawn)
CHICKEN = "[123m,1][345m,1]678p56sWW7s"  # 无番和 8
SMALL = "[NNN,3]77789m11888p7m"  # 四归一 双暗刻 幺九刻 缺一门 = 6


def session(hands: list[list[dict[str, Any]]], **options: Any) -> dict[str, Any]:
    return {
        "format": 1,
        "variant": "guobiao",
        "options": options,
        "players": PLAYERS,
        "first_dealer": 0,
        "hands": [{"events": evs} for evs in hands],
    }


def run(hands, **options):
    return replay(load_session(session(hands, **options)))


def win(player, from_, hand=None, **kw):
    ev = {"type": "win", "player": player, "from": from_}
    if hand is not None:
        ev["hand"] = hand
    ev.update(kw)
    return ev


def pays(res) -> list[tuple[int, int, int, str]]:
    return [(p.payer, p.payee, p.amount, p.reason) for p in res.payments]


# ---------------------------------------------------------------- payments
def test_seed_self_draw_each_pays_the_total():
    # seed 计分规则: "自摸和牌： 番数 × 3" for the winner; "非自摸者：－ 番数"
    r = run([[win(1, None, FLUSH)]]).hands[0].result
    fan = 24 + 24 + 1  # 七对 清一色 自摸
    assert r.deltas == (-fan, 3 * fan, -fan, -fan)
    # the reason names the fans and the total once; 自摸 (a fan here) already says everyone pays
    assert all(reason == f"七对 清一色 自摸 {fan}番" for *_, reason in pays(r))


def test_seed_discard_only_discarder_pays():
    # seed: "别人点炮和： 番数 … 点炮者： － 番数 非点炮者： 0"
    r = run([[win(1, 3, FLUSH)]]).hands[0].result
    assert [i.zh for i in r.wins[0].items] == ["七对", "清一色"]  # 七对 不计门前清
    fan = 48
    assert r.wins[0].value == fan
    assert r.deltas == (0, fan, 0, -fan)
    assert pays(r) == [(3, 1, fan, f"七对 清一色 {fan}番 放炮")]


def test_competition_mode_base_8():
    # RULES.md §3: "each other player pays 8; the discarder also pays the fan total"
    r = run([[win(1, 3, CHICKEN)]], payment="competition").hands[0].result
    assert r.deltas == (-8, 8 * 3 + 8, -8, -16)
    assert (3, 1, 8, "无番和 8番 放炮") in pays(r)
    assert sum(1 for p in pays(r) if p[3] == "底分 8") == 3
    # "on a self-draw each pays 8 + fan total"
    r = run([[win(1, None, CHICKEN)]], payment="competition", min_fan=0)
    res = r.hands[0].result
    t = res.wins[0].value
    assert res.deltas[1] == 3 * (8 + t)
    assert all(res.deltas[p] == -(8 + t) for p in (0, 2, 3))


def test_robbed_kong_paid_by_robbed_player():
    hand = "111999p11999s798p"  # conformance: 抢杠和 … 坎张
    r = run([[win(0, 2, hand, robbed_kong=1)]]).hands[0].result
    assert "抢杠和" in [i.zh for i in r.wins[0].items]
    t = r.wins[0].value
    assert r.deltas == (t, 0, -t, 0)
    assert pays(r)[0][3] == r.wins[0].summary and "抢杠和" in pays(r)[0][3].split()
    assert pays(r)[0][3].endswith(f" {t}番")  # 抢杠和 (a fan) already says the robbed player pays


def test_kong_bloom_needs_a_kong_event():
    hand = "[1111m]111999p11999s"  # 暗杠 1m, self-drawn on the replacement
    ok = run(
        [
            [
                {"type": "kong", "player": 2, "kind": "concealed", "tile": "1m"},
                win(2, None, hand, kong_bloom=1),
            ]
        ]
    )
    names = [i.zh for i in ok.hands[0].result.wins[0].items]
    assert "杠上开花" in names and "自摸" not in names  # seed #46 "不计自摸"
    # a self-draw for payment: each other player pays; 杠上开花 不计自摸, so the reason adds 自摸
    res = ok.hands[0].result
    assert (
        all(p.reason.endswith(f"杠上开花 暗杠 {res.wins[0].value}番 自摸") for p in res.payments)
        and len(res.payments) == 3
    )
    with pytest.raises(MjError) as ei:
        run([[win(2, None, hand, kong_bloom=1)]])
    assert ei.value.code == ErrorCode.CONTRADICTION and "kong event" in str(ei.value)


# ---------------------------------------------------------------- false win, draw, minimum
def test_false_win_penalty_each_other_player():
    # RULES.md §0/§3: "the offender pays false_win_penalty (default 10) to each other player"
    r = run([[{"type": "false_win", "player": 2}]]).hands[0].result
    assert r.deltas == (10, 10, -30, 10)
    assert {p[3] for p in pays(r)} == {"错和 罚10"}
    r = run([[{"type": "false_win", "player": 2}]], false_win_penalty=30).hands[0].result
    assert r.deltas == (30, 30, -90, 30)


def test_draw_pays_nothing():
    r = (
        run([[{"type": "kong", "player": 1, "kind": "concealed", "tile": "5p"}, {"type": "draw"}]])
        .hands[0]
        .result
    )
    assert r.payments == () and r.deltas == (0, 0, 0, 0)


def test_below_minimum_refused_in_session():
    with pytest.raises(MjError) as ei:
        run([[win(1, 0, SMALL)]])
    assert ei.value.code == ErrorCode.BELOW_MINIMUM
    assert "below the minimum of 8" in ei.value.message and ei.value.where == "hands[0].events[0]"
    assert run([[win(1, 0, SMALL)]], min_fan=6).hands[0].result.deltas == (-6, 6, 0, 0)


def test_flowers_do_not_lift_a_hand_over_the_minimum():
    with pytest.raises(MjError) as ei:
        run([[{"type": "flowers", "player": 1, "tiles": "abcd"}, win(1, 0, SMALL)]])
    assert ei.value.code == ErrorCode.BELOW_MINIMUM


# ---------------------------------------------------------------- declared fan
def test_declared_fan_plus_flowers():
    # RULES.md §3: "A declared fan excludes flowers; flowers are added to it for payment."
    r = run([[{"type": "flowers", "player": 3, "count": 2}, win(3, None, fan=24)]]).hands[0].result
    assert r.deltas == (-26, -26, -26, 78)
    assert r.wins[0].value == 26 and pays(r)[0][3] == "报番 花牌×2 26番 自摸"


def test_declared_fan_minimum_checked_on_the_declared_fan():
    with pytest.raises(MjError) as ei:
        run([[{"type": "flowers", "player": 3, "count": 4}, win(3, 0, fan=6)]])
    assert ei.value.code == ErrorCode.BELOW_MINIMUM


def test_declared_fan_and_tiles_not_both():
    # RECORD.md: "either hand … or declared facts"
    with pytest.raises(MjError) as ei:
        run([[win(1, 3, FLUSH, fan=48)]])
    assert ei.value.where == "hands[0].events[0].fan"


def test_win_without_tiles_or_fan_refused():
    with pytest.raises(MjError):
        run([[win(1, 3)]])


# ---------------------------------------------------------------- flowers
def test_flowers_from_events():
    r = run([[{"type": "flowers", "player": 1, "tiles": "ae"}, win(1, 3, FLUSH)]]).hands[0].result
    assert r.wins[0].value == 50 and ("花牌", 2) in [(i.zh, i.count) for i in r.wins[0].items]


def test_flowers_from_string():
    r = run([[win(1, 3, FLUSH + "||3")]]).hands[0].result
    assert r.wins[0].value == 51


def test_flowers_events_and_string_agree():
    r = (
        run([[{"type": "flowers", "player": 1, "tiles": "ae"}, win(1, 3, FLUSH + "||ea")]])
        .hands[0]
        .result
    )
    assert r.wins[0].value == 50


@pytest.mark.parametrize("string_flowers", ["||ab", "||3", "||abc"])
def test_flowers_events_and_string_differ_refused(string_flowers):
    # RULES.md §3: "both present and different → refused"
    with pytest.raises(MjError) as ei:
        run([[{"type": "flowers", "player": 1, "tiles": "ae"}, win(1, 3, FLUSH + string_flowers)]])
    assert ei.value.code == ErrorCode.CONTRADICTION and "flowers" in ei.value.message


def test_same_flower_twice_refused():
    with pytest.raises(MjError) as ei:
        run(
            [
                [
                    {"type": "flowers", "player": 1, "tiles": "a"},
                    {"type": "flowers", "player": 2, "tiles": "a"},
                    {"type": "draw"},
                ]
            ]
        )
    assert ei.value.code == ErrorCode.CONTRADICTION


# ---------------------------------------------------------------- events decide (§0)
KONG_HAND = "[EEE,2][SSSS,1]WWWNN55pN"  # 大四喜 … 明杠


def test_kong_in_hand_needs_kong_event():
    with pytest.raises(MjError) as ei:
        run([[win(0, None, KONG_HAND)]])
    assert ei.value.code == ErrorCode.CONTRADICTION and "kong event" in ei.value.message
    # player 0's 上家 (relative 1) is seat 3
    ok = run(
        [
            [
                {"type": "kong", "player": 0, "kind": "exposed", "from": 3, "tile": "S"},
                win(0, None, KONG_HAND),
            ]
        ]
    )
    assert "大四喜" in [i.zh for i in ok.hands[0].result.wins[0].items]


def test_kong_event_from_must_match_hand():
    with pytest.raises(MjError) as ei:
        run(
            [
                [
                    {"type": "kong", "player": 0, "kind": "exposed", "from": 2, "tile": "S"},
                    win(0, None, KONG_HAND),
                ]
            ]
        )
    assert ei.value.code == ErrorCode.CONTRADICTION


def test_winner_kong_event_missing_from_hand_refused():
    with pytest.raises(MjError) as ei:
        run([[{"type": "kong", "player": 1, "kind": "concealed", "tile": "9m"}, win(1, 3, FLUSH)]])
    assert ei.value.code == ErrorCode.CONTRADICTION


def test_pung_events_must_agree_with_melds():
    hand = (
        "[EEE,2][SSS,1][CCCC]88m456s"  # conformance: 圈风刻 门风刻 箭刻 暗杠 缺一门 自摸 (+ seat S)
    )
    kong = {"type": "kong", "player": 1, "kind": "concealed", "tile": "C"}
    # player 1: 对家 = seat 3, 上家 = seat 0
    good = [
        {"type": "pung", "player": 1, "from": 3, "tile": "E"},
        {"type": "pung", "player": 1, "from": 0, "tile": "S"},
        kong,
    ]
    r = run([[*good, win(1, None, hand)]]).hands[0].result
    assert {"圈风刻", "门风刻"} <= {i.zh for i in r.wins[0].items}  # 东风圈, player 1 sits 南
    bad = [
        {"type": "pung", "player": 1, "from": 2, "tile": "E"},
        {"type": "pung", "player": 1, "from": 0, "tile": "S"},
        kong,
    ]
    with pytest.raises(MjError) as ei:
        run([[*bad, win(1, None, hand)]])
    assert ei.value.code == ErrorCode.CONTRADICTION


def test_added_kong_from_must_equal_pung_from():
    evs = [
        {"type": "pung", "player": 1, "from": 3, "tile": "5p"},
        {"type": "kong", "player": 1, "kind": "added", "from": 2, "tile": "5p"},
        {"type": "draw"},
    ]
    with pytest.raises(MjError) as ei:
        run([evs])
    assert ei.value.code == ErrorCode.CONTRADICTION


def test_context_must_match_table():
    # seat wind from the table: player 1 sits 南 in hand 1
    with pytest.raises(MjError) as ei:
        run([[win(1, 3, FLUSH + "|EE0000")]])
    assert ei.value.code == ErrorCode.CONTRADICTION and "seat wind" in ei.value.message
    assert run([[win(1, 3, FLUSH + "|ES0000")]]).hands[0].result.wins[0].value == 48
    with pytest.raises(MjError):
        run([[win(1, 3, FLUSH + "|ES1000")]])  # says self-drawn, from says discard


def test_one_winner_per_hand():
    with pytest.raises(MjError) as ei:
        run([[win(1, 3, FLUSH), win(2, 3, FLUSH)]])
    assert ei.value.code == ErrorCode.MULTIPLE_WINS


@pytest.mark.parametrize("ev", [{"type": "penalty", "player": 1, "kind": "same_round"}])
def test_foreign_events_refused(ev):
    with pytest.raises(MjError):
        run([[ev, {"type": "draw"}]])


@pytest.mark.parametrize("flag", [{"heavenly": True}, {"kong_cannon": 1}, {"flower_bloom": True}])
def test_foreign_flags_refused(flag):
    with pytest.raises(MjError) as ei:
        run([[win(1, 3, FLUSH, **flag)]])
    assert ei.value.code == ErrorCode.BAD_FLAG


# ---------------------------------------------------------------- winds from the table
def test_prevailing_and_seat_wind_come_from_state():
    # hand 5 is 南风圈 with dealer seat 0 (deal passed 4 times): seat 1 sits 南 → 圈风刻 + 门风刻
    filler = [[{"type": "draw"}]] * 4
    hand = "[SSS,1]123m456p789s11p"  # a south pung (花龙 …); min_fan 0 keeps it simple
    rep = run([*filler, [win(1, 3, hand)]], min_fan=0)
    h5 = rep.hands[4]
    assert h5.state.prevailing_wind == "S" and h5.state.dealer == 0
    names = {i.zh for i in h5.result.wins[0].items}
    assert {"圈风刻", "门风刻"} <= names
    rep = run([[win(1, 3, hand)]], min_fan=0)  # hand 1: 东风圈 → only 门风刻
    names = {i.zh for i in rep.hands[0].result.wins[0].items}
    assert "门风刻" in names and "圈风刻" not in names


# ---------------------------------------------------------------- dealer and prevailing wind
def test_sixteen_hand_game_then_east_again():
    # RULES.md §3: "a game (一局) is 16 hands: 东风圈, 南风圈, 西风圈, 北风圈 of four hands each;
    # the deal passes to the dealer's 下家 after every hand, win or draw" and "After hand 16 the
    # next game starts again with 东风圈"; "False win: … the deal passes as after any hand".
    outcomes = []
    for k in range(17):
        dealer = (2 + k) % 4
        kind = k % 4
        if kind == 0:
            outcomes.append(
                [win(dealer, (dealer + 1) % 4, FLUSH)]
            )  # dealer wins: the deal still passes
        elif kind == 1:
            outcomes.append([{"type": "draw"}])
        elif kind == 2:
            outcomes.append([{"type": "false_win", "player": (dealer + 2) % 4}])
        else:
            outcomes.append([win((dealer + 3) % 4, None, FLUSH)])
    data = session(outcomes)
    data["first_dealer"] = 2
    rep = replay(load_session(data))
    expected = [
        (2, "E"),
        (3, "E"),
        (0, "E"),
        (1, "E"),
        (2, "S"),
        (3, "S"),
        (0, "S"),
        (1, "S"),
        (2, "W"),
        (3, "W"),
        (0, "W"),
        (1, "W"),
        (2, "N"),
        (3, "N"),
        (0, "N"),
        (1, "N"),
        (2, "E"),
    ]
    assert _states(rep) == expected
    assert (rep.next_state.dealer, rep.next_state.prevailing_wind) == (3, "E")
    assert sum(rep.totals) == 0
    # seat winds follow the dealer: in hand 5 (dealer 2) seat 3 sits 南
    assert rep.hands[4].state.seat_wind(3) == "S"


def test_dealer_repeats():
    # RULES.md §3: "dealer_repeats … keeps the dealer after a dealer win or a draw … the
    # prevailing wind then advances when the deal has passed round all four seats"
    hands = [
        [win(0, 1, FLUSH)],  # 1: dealer 0 wins → stays
        [{"type": "draw"}],  # 2: draw → stays
        [win(1, 0, FLUSH)],  # 3: non-dealer wins → passes to 1 (pass 1)
        [{"type": "false_win", "player": 1}],  # 4: false win by the dealer → passes (2)
        [win(2, None, FLUSH)],  # 5: dealer 2 self-draws → stays
        [win(0, 2, FLUSH)],  # 6: non-dealer → passes to 3 (3)
        [{"type": "draw"}],  # 7: stays
        [win(1, 3, FLUSH)],  # 8: non-dealer → passes to 0 (4): 南风圈
        [win(0, 3, FLUSH)],  # 9: dealer wins → stays, still 南
        [{"type": "draw"}],  # 10
    ]
    rep = run(hands, dealer_repeats=True)
    assert _states(rep) == [
        (0, "E"),
        (0, "E"),
        (0, "E"),
        (1, "E"),
        (2, "E"),
        (2, "E"),
        (3, "E"),
        (3, "E"),
        (0, "S"),
        (0, "S"),
    ]
    assert rep.next_state.passes == 4 and rep.next_state.dealer == 0
    # without the option the same record rotates every hand
    rep = run(hands)
    assert [d for d, _ in _states(rep)] == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    assert [w for _, w in _states(rep)] == list("EEEESSSSWW")


def test_flower_in_string_already_exposed_by_another_player():
    with pytest.raises(MjError) as ei:
        run([[{"type": "flowers", "player": 2, "tiles": "a"}, win(1, 3, FLUSH + "||ab")]])
    assert ei.value.code == ErrorCode.CONTRADICTION and "'a'" in ei.value.message


def test_more_than_eight_flowers_refused():
    with pytest.raises(MjError) as ei:
        run([[{"type": "flowers", "player": 2, "count": 5}, win(1, 3, FLUSH + "||4")]])
    assert ei.value.code == ErrorCode.CONTRADICTION
