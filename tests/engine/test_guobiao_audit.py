"""Adversarial audit of Guobiao against RULES.md §0 and §3: each row quotes the sentence it
breaks or checks (section + quoted text in the row id or the comment) and a record built to
test it. Companion of test_guobiao_session.py (which covers the plain cases)."""

from __future__ import annotations

from typing import Any

import pytest
from mjscore.engine.core import replay
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import load_session
from mjscore.engine.variants import get_variant

from tests.builders import states as _states

GB = get_variant("guobiao")
DRAW = [{"type": "draw"}]
FLUSH = "11224455668899p"  # 七对 清一色 48
ORPHANS = "19m19p19sESWNCFPP"  # 十三幺 88
ROB = "111999p11999s798p"  # 抢杠和 on 8p with one 8p in the hand (conformance)


def session(
    hands: list[list[dict[str, Any]]], first_dealer: int = 0, **options: Any
) -> dict[str, Any]:
    return {
        "format": 1,
        "variant": "guobiao",
        "options": options,
        "players": ["甲", "乙", "丙", "丁"],
        "first_dealer": first_dealer,
        "hands": [{"events": e} for e in hands],
    }


def run(hands, first_dealer: int = 0, **options):
    return replay(load_session(session(hands, first_dealer, **options)))


def win(player, from_, hand=None, **kw):
    ev: dict[str, Any] = {"type": "win", "player": player, "from": from_}
    if hand is not None:
        ev["hand"] = hand
    ev.update(kw)
    return ev


def kong(player, kind, tile=None, from_=None):
    ev: dict[str, Any] = {"type": "kong", "player": player, "kind": kind}
    if tile is not None:
        ev["tile"] = tile
    if from_ is not None:
        ev["from"] = from_
    return ev


def refused(hands, code=ErrorCode.CONTRADICTION, words="", **options) -> MjError:
    with pytest.raises(MjError) as ei:
        run(hands, **options)
    assert ei.value.code == code, ei.value
    assert words in str(ei.value), ei.value
    return ei.value


def fans(res) -> set[str]:
    return {i.zh for i in res.wins[0].items}


# ---------------------------------------------------------------- §3 winds from the table state
# "Seat and prevailing wind come from this table state (never from the hand string) and feed
# 门风刻/圈风刻."  Dealer 2 in 南风圈: first dealer 0, six hands passed the deal six times.
SOUTH_PUNG = "[SSS,1]123m456p789s11p"  # 花龙 + a 南 pung, single wait
WEST_PUNG = "[WWW,1]123m456p789s11p"


@pytest.mark.parametrize(
    ("player", "hand", "expect"),
    [
        (2, SOUTH_PUNG, {"圈风刻"}),  # the dealer sits 东
        (3, SOUTH_PUNG, {"圈风刻", "门风刻"}),  # dealer's 下家 sits 南 in 南风圈
        (0, SOUTH_PUNG, {"圈风刻"}),  # seat 0 sits 西 …
        (0, WEST_PUNG, {"门风刻"}),  # … so its 西 pung is 门风刻 only
        (1, WEST_PUNG, set()),  # seat 1 sits 北: a 西 pung is a plain 幺九刻
    ],
    ids=[
        "§3 seat wind from the table: dealer 东",
        "§3 南家 in 南风圈: 圈风刻+门风刻",
        "§3 西家: 圈风刻 only",
        "§3 西家 西 pung: 门风刻",
        "§3 北家 西 pung: neither",
    ],
)
def test_winds_dealer_2_in_south_round(player, hand, expect):
    rep = run([DRAW] * 6 + [[win(player, (player + 1) % 4, hand)]], min_fan=0)
    h = rep.hands[-1]
    assert (h.state.dealer, h.state.prevailing_wind) == (2, "S")
    got = fans(h.result) & {"圈风刻", "门风刻"}
    assert got == expect
    if not expect:
        assert "幺九刻" in fans(h.result)


def test_winds_never_from_the_hand_string():
    # "never from the hand string": a context that names other winds is refused, not used
    refused([DRAW] * 6 + [[win(3, 0, SOUTH_PUNG + "|ES0000")]], words="prevailing wind", min_fan=0)
    refused([DRAW] * 6 + [[win(3, 0, SOUTH_PUNG + "|SE0000")]], words="seat wind", min_fan=0)


# ---------------------------------------------------------------- §3 dealer and wind rounds
@pytest.mark.parametrize(
    ("outcome", "stays"),
    [
        (win(0, 2, FLUSH), True),  # "keeps the dealer after a dealer win"
        (win(0, None, FLUSH), True),  # … a dealer self-draw is a dealer win
        (DRAW[0], True),  # "… or a draw"
        (win(1, 0, FLUSH), False),  # a non-dealer win passes the deal
        (
            {"type": "false_win", "player": 0},
            False,
        ),  # §0 "Guobiao the deal passes as after any hand"
        ({"type": "false_win", "player": 2}, False),
    ],
    ids=[
        "§3 dealer_repeats: dealer win keeps",
        "§3 dealer_repeats: dealer self-draw keeps",
        "§3 dealer_repeats: draw keeps",
        "§3 dealer_repeats: other win passes",
        "§0 false win by the dealer passes the deal",
        "§0 false win by another passes the deal",
    ],
)
def test_dealer_repeats_rows(outcome, stays):
    rep = run([[outcome], DRAW], dealer_repeats=True)
    assert rep.hands[1].state.dealer == (0 if stays else 1)
    assert rep.hands[1].state.prevailing_wind == "E"


def test_wind_round_longer_than_four_hands_with_dealer_repeats():
    # "the prevailing wind then advances when the deal has passed round all four seats, so a
    # wind round can last more than four hands"
    hands = [
        DRAW,
        DRAW,
        [win(1, 0, FLUSH)],
        DRAW,
        [win(2, 1, FLUSH)],
        [win(3, 1, FLUSH)],
        [win(0, 1, FLUSH)],
        DRAW,
    ]
    rep = run(hands, dealer_repeats=True)
    assert _states(rep) == [
        (0, "E"),
        (0, "E"),
        (0, "E"),
        (1, "E"),
        (1, "E"),
        (2, "E"),
        (3, "E"),
        (0, "S"),
    ]


def test_hand_17_starts_again_at_east_with_and_without_repeats():
    # "After hand 16 the next game starts again with 东风圈; the deal keeps rotating."
    rep = run([DRAW] * 17, first_dealer=3)
    assert _states(rep)[15:] == [(2, "N"), (3, "E")]
    assert rep.hands[16].result.details["game"] == 2 and rep.hands[15].result.details["game"] == 1
    # with dealer_repeats the second game starts after the 16th pass, not the 16th hand
    hands = [DRAW] + [[win((k + 1) % 4, k % 4, FLUSH)] for k in range(16)] + [DRAW]
    rep = run(hands, dealer_repeats=True)
    assert [w for _, w in _states(rep)] == ["E"] * 5 + ["S"] * 4 + ["W"] * 4 + ["N"] * 4 + ["E"]
    assert rep.hands[-1].state.dealer == 0


# ---------------------------------------------------------------- §3 flowers
def test_flowers_one_fan_each_added_to_the_total():
    # "Flowers are 1 fan each"
    res = (
        run([[{"type": "flowers", "player": 1, "tiles": "bdf"}, win(1, 3, FLUSH)]]).hands[0].result
    )
    assert res.wins[0].value == 48 + 3
    assert [(i.zh, i.value, i.count) for i in res.wins[0].items][-1] == ("花牌", 1, 3)
    assert res.deltas == (0, 51, 0, -51)


def test_chicken_hand_with_flowers():
    # seed #43 "无番和 … 数不出任何番种番(花牌不计算在内)": flowers do not stop a chicken hand, and
    # the chicken hand's own 8 reach the minimum without them
    res = (
        run(
            [
                [
                    {"type": "flowers", "player": 1, "count": 3},
                    win(1, 3, "[123m,1][345m,1]678p56sWW7s"),
                ]
            ]
        )
        .hands[0]
        .result
    )
    assert [(i.zh, i.count) for i in res.wins[0].items] == [("无番和", 1), ("花牌", 3)]
    assert res.deltas == (0, 11, 0, -11) and res.payments[0].reason == "无番和 花牌×3 11番 放炮"


def test_flowers_of_other_players_score_nothing():
    # flowers are fans of the winner's hand; another player's exposed flowers pay nothing
    res = run([[{"type": "flowers", "player": 3, "count": 4}, win(1, 3, FLUSH)]]).hands[0].result
    assert res.wins[0].value == 48 and res.deltas == (0, 48, 0, -48)


def test_flowers_excluded_from_min_fan_even_with_a_declared_fan():
    # "do not count toward the minimum" + "A declared fan excludes flowers"
    refused(
        [[{"type": "flowers", "player": 1, "count": 2}, win(1, None, fan=7)]],
        ErrorCode.BELOW_MINIMUM,
    )
    res = run([[{"type": "flowers", "player": 1, "count": 2}, win(1, None, fan=8)]]).hands[0].result
    assert res.deltas == (-10, 30, -10, -10)


def test_flowers_string_and_events_same_letters_other_order_agree():
    # "(both present and different → refused)": the same flowers in another order are not different
    res = (
        run(
            [
                [
                    {"type": "flowers", "player": 1, "tiles": "h"},
                    {"type": "flowers", "player": 1, "tiles": "a"},
                    win(1, 3, FLUSH + "||ha"),
                ]
            ]
        )
        .hands[0]
        .result
    )
    assert res.wins[0].value == 50


# ---------------------------------------------------------------- §3 payments
def test_competition_self_draw_with_flowers():
    # "competition (MCR): each other player pays 8 … on a self-draw each pays 8 + fan total"
    # (the fan total includes the flowers: "flowers are added to it for payment")
    res = (
        run(
            [[{"type": "flowers", "player": 2, "count": 1}, win(2, None, ORPHANS)]],
            payment="competition",
        )
        .hands[0]
        .result
    )
    total = 88 + 1 + 1  # 十三幺 自摸 花牌
    assert res.wins[0].value == total
    assert res.deltas == (-(8 + total), -(8 + total), 3 * (8 + total), -(8 + total))


def test_competition_discard_others_pay_only_8():
    # "each other player pays 8; the discarder also pays the fan total"
    res = run([[win(2, 0, ORPHANS)]], payment="competition").hands[0].result
    assert res.deltas == (-(8 + 88), -8, 3 * 8 + 88, -8)
    assert sorted(p.amount for p in res.payments) == [8, 8, 8, 88]


def test_false_win_penalty_keeps_zero_sum_and_uses_option():
    # "错和 / 诈胡: the offender pays false_win_penalty (default 10) to each other player."
    res = (
        run(
            [[kong(1, "concealed", "5p"), {"type": "false_win", "player": 1}]], false_win_penalty=16
        )
        .hands[0]
        .result
    )
    assert res.deltas == (16, -48, 16, 16) and len(res.payments) == 3


# ---------------------------------------------------------------- payment reasons
@pytest.mark.parametrize(
    ("hand", "reason"),
    [
        ([win(2, None, ORPHANS)], "十三幺 自摸 89番"),
        ([win(2, 0, FLUSH)], "七对 清一色 48番 放炮"),
        ([win(2, None, fan=24)], "报番 24番 自摸"),
        ([win(2, 3, fan=24)], "报番 24番 放炮"),
        (
            [win(2, 0, ROB, robbed_kong=1)],
            "三暗刻 抢杠和 全带幺 门前清 四归一 双同刻 幺九刻×3 缺一门 无字 坎张 40番",
        ),
        (
            [kong(2, "concealed", "1m"), win(2, None, "[1111m]111999p11999s", kong_bloom=1)],
            "清幺九 四暗刻 杠上开花 暗杠 138番 自摸",
        ),
    ],
    ids=[
        "reason: self-draw 自摸 once",
        "reason: discard 放炮",
        "reason: declared self-draw",
        "reason: declared discard",
        "reason: 抢杠和 names the way",
        "reason: 杠上开花 不计自摸 → 自摸 added",
    ],
)
def test_payment_reasons_read_naturally(hand, reason):
    res = run([hand]).hands[0].result
    assert {p.reason for p in res.payments} == {reason}
    assert res.wins[0].summary == reason
    assert reason.split().count("自摸") <= 1


# ---------------------------------------------------------------- §0 events decide
def test_five_copies_between_events_and_the_winner_refused():
    # §0 "Events decide payments" — a kong or pung logged for another player and the winner's
    # hand cannot hold more than the four copies of a tile
    refused([[kong(0, "concealed", "1p"), win(1, 3, FLUSH)]], words="copies of 1p")
    refused(
        [[{"type": "pung", "player": 3, "from": 2, "tile": "9p"}, win(1, 3, FLUSH)]],
        words="copies of 9p",
    )
    refused(
        [
            [
                {"type": "pung", "player": 0, "from": 2, "tile": "E"},
                {"type": "pung", "player": 3, "from": 2, "tile": "E"},
                DRAW[0],
            ]
        ],
        words="copies of E",
    )
    # a pung later kong-ed by the same player is one meld (4 copies), not 7
    assert (
        run(
            [
                [
                    {"type": "pung", "player": 0, "from": 2, "tile": "E"},
                    kong(0, "added", "E", 2),
                    DRAW[0],
                ]
            ]
        )
        .hands[0]
        .result.deltas
        == (0,) * 4
    )


def test_kong_event_of_another_player_does_not_count_for_the_winner():
    # "A kong shown in a winner's hand string must have a matching kong event (same player and tile)"
    hand = "[1111m]111999p11999s"
    refused([[kong(0, "concealed", "1m"), win(2, None, hand)]], words="kong event")


def test_pung_events_and_string_disagree_on_tile():
    # "Claimed pungs may be logged as pung events … when both exist they must agree."
    refused(
        [[{"type": "pung", "player": 1, "from": 0, "tile": "W"}, win(1, 3, SOUTH_PUNG)]],
        words="do not agree",
        min_fan=0,
    )
    ok = run(
        [[{"type": "pung", "player": 1, "from": 0, "tile": "S"}, win(1, 3, SOUTH_PUNG)]], min_fan=0
    )
    assert "花龙" in fans(ok.hands[0].result)


# ---------------------------------------------------------------- §0 kong chains: 杠上开花
BLOOM = "[1111m]111999p11999s"


@pytest.mark.parametrize(
    ("events", "words"),
    [
        ([win(2, None, BLOOM, kong_bloom=1)], "kong event"),  # the hand shows a kong, none logged
        (
            [kong(1, "concealed", "5m"), win(2, None, fan=20, kong_bloom=1)],
            "only 0 kong event",
        ),  # another player's kong
        ([kong(2, "concealed", "1m"), win(2, None, BLOOM, kong_bloom=2)], "only 1 kong event"),
        (
            [
                kong(2, "exposed", "5m", 1),
                kong(2, "exposed", "6m", 1),
                win(2, None, fan=20, kong_bloom=2),
            ],
            "only the first kong",
        ),
        ([kong(2, "concealed", "1m"), win(2, 0, BLOOM, kong_bloom=1)], "self-draw"),
    ],
    ids=[
        "§0 kong_bloom: the winner's kong must be logged",
        "§0 kong_bloom: n refers to THAT player's kongs",
        "§0 kong_bloom: n = 2 needs two",
        "§0 chain: only the first kong can be a direct exposed kong",
        "§3 杠上开花 is a self-draw",
    ],
)
def test_kong_bloom_refusals(events, words):
    e = refused(
        [events], ErrorCode.BAD_FLAG if words == "self-draw" else ErrorCode.CONTRADICTION, words
    )
    assert e.where.startswith("hands[0].events[")


def test_kong_bloom_chain_of_two_accepted():
    hand = "[1111m,1][2222s]999p999s1s1s"
    res = (
        run(
            [
                [
                    kong(2, "exposed", "1m", 1),
                    kong(2, "concealed", "2s"),
                    win(2, None, hand, kong_bloom=2),
                ]
            ]
        )
        .hands[0]
        .result
    )
    assert "杠上开花" in fans(res) and "自摸" not in fans(res)


# ---------------------------------------------------------------- §0 robbing a kong: 抢杠和
@pytest.mark.parametrize(
    ("events", "code", "words"),
    [
        # "the robbed kong is not logged as a kong event"
        (
            [kong(0, "added", "8p", 1), win(2, 0, ROB, robbed_kong=1)],
            ErrorCode.CONTRADICTION,
            "robbed kong is never completed",
        ),
        # the robbed player held a pung of the tile: nobody else can hold a meld of it
        (
            [{"type": "pung", "player": 1, "from": 3, "tile": "8p"}, win(2, 0, ROB, robbed_kong=1)],
            ErrorCode.CONTRADICTION,
            "must hold a pung",
        ),
        # the winner's concealed copies: the robbed kong holds the other three
        ([win(2, 0, "111999p11999s788p", robbed_kong=1)], ErrorCode.BAD_FLAG, "holds 2 of them"),
        # "n ≥ 2: the n-th kong of a chain whose earlier kongs are logged"
        (
            [win(2, 0, ROB, robbed_kong=2)],
            ErrorCode.CONTRADICTION,
            "1 earlier kong(s) must be logged",
        ),
        # "robbed_kong … 抢杠和" is won on another's kong, never self-drawn; nor on the last tile
        ([win(2, None, ROB, robbed_kong=1)], ErrorCode.BAD_FLAG, "robbed player"),
        ([win(2, 0, ROB, robbed_kong=1, last_tile=True)], ErrorCode.BAD_FLAG, "last tile"),
    ],
    ids=[
        "§0 robbed kong logged as a kong event",
        "§0 robbed tile melded by a third player",
        "§0 抢杠和 with two concealed copies",
        "§0 robbed_kong 2 without the earlier kong",
        "§0 抢杠和 self-drawn",
        "§0 抢杠和 on the last tile",
    ],
)
def test_robbed_kong_refusals(events, code, words):
    refused([events], code, words)


def test_robbed_kong_accepted_with_pung_and_chain():
    # the robbed player's pung may be logged; n = 2 with the earlier (concealed) kong logged
    evs = [
        {"type": "pung", "player": 0, "from": 1, "tile": "8p"},
        kong(0, "concealed", "5m"),
        win(2, 0, ROB, robbed_kong=2),
    ]
    res = run([evs]).hands[0].result
    assert "抢杠和" in fans(res) and res.deltas[0] == -res.wins[0].value


# ---------------------------------------------------------------- §3 和绝张 (last_copy)
def test_last_copy_refused_when_the_winner_holds_another_copy():
    # 和绝张 = the last copy when the other three are on the table (seed #58 "桌面和玩家已有的3张牌所剩
    # 的第4张牌"). A copy in the winner's own concealed tiles is not on the table: PyMahjongGB
    # (RULES.md §3's reference) drops the flag then, and we refuse rather than drop silently.
    refused(
        [[win(1, 3, "[NNN,3]77789m11888p7m", last_copy=True)]],
        ErrorCode.BAD_FLAG,
        "和绝张",
        min_fan=0,
    )
    pair_wait = "123456789m234s1p1p"  # single wait on 1p with one 1p held
    refused([[win(1, 3, pair_wait, last_copy=True)]], ErrorCode.BAD_FLAG, "和绝张", min_fan=0)
    ok = run([[win(1, 3, ROB, last_copy=True)]]).hands[0].result
    assert "和绝张" in fans(ok)


def test_last_copy_from_the_winners_own_exposed_pung():
    # With the other three copies in the winner's own exposed pung the tile is necessarily the
    # last one: the calculator counts 和绝张 from the tiles themselves, flag or not (the
    # rule "和绝张 (last_copy) … from the win event, never from the hand string" is about the
    # |context; this is a fact of the tiles).
    hand = "[111p,1]123456m55s23p1p"
    res = (
        run([[{"type": "pung", "player": 1, "from": 0, "tile": "1p"}, win(1, 3, hand)]], min_fan=0)
        .hands[0]
        .result
    )
    assert "和绝张" in fans(res)


def test_robbed_kong_with_last_copy_counts_once():
    # seed #47 "抢杠和 … 不计和绝张"; §0 "Implied patterns count once"
    res = run([[win(2, 0, ROB, robbed_kong=1, last_copy=True)]]).hands[0].result
    assert "抢杠和" in fans(res) and "和绝张" not in fans(res)
