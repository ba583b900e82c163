"""南昌: a 精 taken from another player counts only as itself (RULES.md §4).

RULES §4: "正精 and 副精 are wild in winning hands (a jing used as itself is not "used as
wild"), but only the jing a player drew: a jing taken from another player — the discard won
on, the tile of a robbed kong, a tile claimed for a chow, pung or kong — counts only as itself
…, and a jing in the player's hand used to claim a discard counts only as itself in that meld.
A jing so taken still counts for the jing score like one drawn".
Seed (003): "可以用精（只能作为本身牌张）吃、碰、杠别人打出的牌（包括别人打出的作为本张的精牌）";
"精允许打出，其他人可以吃、碰、杠（作为本张），有听这张牌（作为本张）的人还可以和。吃、碰、杠、和的精与
自己手抓的精享有同样的奖励分数。"

Winner seat 1, dealer seat 0, 正精 5m (副精 6m); amounts worked out by hand in each row.
"""

from __future__ import annotations

from typing import Any

import pytest
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import hand_from_json
from mjscore.engine.variants import get_variant

from tests.builders import (
    jing_count_event,
    jing_event,
    pung_event,
    record,
    run_main,
    settle_events,
)

V = get_variant("nanchang")
JING = jing_event("5m", "2s")


def win(frm: int | None, hand: str, **kw: Any) -> dict[str, Any]:
    return {"type": "win", "player": 1, "from": frm, "hand": hand, **kw}


def settle(*events: dict[str, Any]):
    return settle_events(V, [JING, *events])


def refusal(*events: dict[str, Any]) -> MjError:
    with pytest.raises(MjError) as e:
        hand_from_json({"events": [JING, *events]}, V)  # the record's own checks
        settle(*events)
    return e.value


# ---------------------------------------------------------------- the two examples
@pytest.mark.parametrize(
    ("ev", "how"),
    [
        pytest.param(
            win(2, "123p456p789s234mE5m"),
            "won on seat 2's discard",
            id="§4 'the discard won on … counts only as itself': E + 5m is no pair",
        ),
        pytest.param(
            win(2, "11p22p33p44s66s88sE5m", robbed_kong=1),
            "robbed from seat 2's kong",
            id="§4 'the tile of a robbed kong … counts only as itself': no 七对 抢杠",
        ),
    ],
)
def test_taken_jing_used_as_wild_is_refused(ev, how):
    """Both hands complete only with the taken 5m as a wild 东; refused in one line that says
    why, in the engine's wording (English with the rule in Chinese)."""
    e = refusal(ev)
    msg = str(e)
    assert e.code == ErrorCode.NOT_A_WIN
    assert "\n" not in msg
    assert how in msg
    assert "counts only as itself" in msg and "别人打出的精只能作为本张" in msg


def test_replay_refuses_the_example_in_one_line(tmp_path, capsys):
    """`mjscore replay` of the issue's first example: exit 2, one line naming why."""
    import json

    rec = record("nanchang", [[JING, win(2, "123p456p789s234mE5m")]])
    f = tmp_path / "s.json"
    f.write_text(json.dumps(rec), encoding="utf-8")
    code, out, err = run_main(capsys, "replay", str(f))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "counts only as itself" in err


# ---------------------------------------------------------------- what stays accepted
def test_self_drawn_jing_stays_wild():
    """§4 "only the jing a player drew" are wild: the same tiles self-drawn are 平胡, the drawn
    5m a wild 东. 自摸 ×2, dealer ×2: seat 0 pays 1·1·2·2 = 4, seats 2 and 3 pay 1·1·2 = 2."""
    res = settle(win(None, "123p456p789s234mE5m"))
    assert res.wins[0].value == 1 and [i.id for i in res.wins[0].items] == []
    assert res.deltas == (-4, 8, -2, -2)


def test_jing_held_stays_wild_on_a_discard():
    """Only the tile taken is itself: a jing the winner drew earlier stays wild when he wins on
    a discard (the held 5m is the 东's pair, the 4m won on completes 234m). Discard by 2:
    seat 0 pays 1·1·1·2 = 2, seat 2 1·1·2 = 2, seat 3 1."""
    res = settle(win(2, "123p456p789s23mE5m4m"))
    assert res.wins[0].value == 1 and res.details["win"]["clean"] is False
    assert res.deltas == (-2, 5, -2, -1)


def test_discarded_jing_won_on_as_itself_is_clean():
    """Seed: "有听这张牌（作为本张）的人还可以和"; §4 "德国: the hand is complete without using any
    jing as wild": the discarded 5m pairs the held 5m as itself → 德国 ×2 (+5 by the
    discarder), and not 精吊 ("精吊: … and the winner self-draws any tile").
    胡分: seat 0 pays 2·1·2 = 4, discarder 2 pays 2·2 = 4, seat 3 pays 2; +5 by seat 2."""
    res = settle(win(2, "123m456p789sEEE5m5m"))
    assert [i.id for i in res.wins[0].items] == ["clean"]
    assert res.deltas == (-4, 15, -9, -2)


def test_self_drawn_jing_single_still_counts():
    """The same tiles self-drawn: "精吊: 4 sets (or 6 pairs) plus a single jing, and the winner
    self-draws any tile", the single 5m completed by its own kind → 德国 × 精吊 = ×4.
    自摸: seat 0 pays 4·2·2 = 16, seats 2 and 3 4·2 = 8; +5 each (德国 on a self-draw)."""
    res = settle(win(None, "123m456p789sEEE5m5m"))
    assert [i.id for i in res.wins[0].items] == ["clean", "jing_single"]
    assert res.deltas == (-21, 47, -13, -13)


def test_taken_jing_counts_for_the_jing_score():
    """§4 "A jing so taken still counts for the jing score like one drawn" (seed: 吃、碰、杠、和的
    精与自己手抓的精享有同样的奖励分数): the winner's two 5m, one of them the discard won on,
    are his jing count (one alone would be refused); raw 2·2 = 4, 霸王 ×2 = 8 from each.
    No one else holds jing: 德中德 ×4: seat 0 pays 4·1·2 = 8, seat 2 4·2 = 8, seat 3 4;
    +5 by seat 2."""
    count = jing_count_event([[0, 0], [2, 0], [0, 0], [0, 0]])
    res = settle(count, win(2, "123m456p789sEEE5m5m"))
    assert [i.id for i in res.wins[0].items] == ["clean_sweep"]
    assert res.details["award_scores"] == [0, 8, 0, 0]
    # seat 0: −8 胡分 −8 award; seat 2: −8 −5 −8; seat 3: −4 −8
    assert res.deltas == (-16, 49, -21, -12)
    one = jing_count_event([[0, 0], [1, 0], [0, 0], [0, 0]])
    with pytest.raises(MjError, match="jing_count gives him"):
        settle(one, win(2, "123m456p789sEEE5m5m"))


def test_robbed_jing_as_itself_wins():
    """§4: the robbed 6m (副精) counts as itself and completes 678m: the hand uses no jing as
    wild → 德国 ×2. 抢杠: seat 0 pays 2·1·2 = 4, the robbed seat 2 2·4 = 8, seat 3 2;
    +5 by the robbed player."""
    res = settle(win(2, "123m456pEEE11s78m6m", robbed_kong=1))
    assert [i.id for i in res.wins[0].items] == ["clean"]
    assert res.deltas == (-4, 19, -13, -2)


# ---------------------------------------------------------------- claimed melds
def test_melds_claimed_with_a_jing_as_itself():
    """§4 "a tile claimed for a chow, pung or kong — counts only as itself" and "still counts for
    the jing score": a chow 345m on the discarded 5m, the rest complete as itself → 德国; the
    5m in the meld is the winner's one 正精: raw 2, 霸王 ×2 = 4 from each.
    Discard by 2: 胡分 seat 0 2·1·2 = 4, seat 2 2·2 = 4, seat 3 2; +5 by seat 2."""
    count = jing_count_event([[0, 0], [1, 0], [0, 0], [0, 0]])
    res = settle(count, win(2, "[345m,3]123p456p789sEE"))
    assert [i.id for i in res.wins[0].items] == ["clean_sweep"]
    assert res.details["award_scores"] == [0, 4, 0, 0]


def test_pung_of_jing_from_hand_counts_as_itself():
    """Seed "可以用精（只能作为本身牌张）吃、碰、杠别人打出的牌": two 5m from hand pung a discarded 5m,
    all three as themselves. The three 正精 count raw 2·3 = 6: 冲关 ×(6 − 3) = 18, 霸王 ×2 = 36
    from each; the standing tiles use no jing → 德中德 (no one else holds any)."""
    pung = pung_event(1, 3, "5m")
    count = jing_count_event([[0, 0], [3, 0], [0, 0], [0, 0]])
    res = settle(pung, count, win(2, "[555m,2]123p456p789sEE"))
    assert res.details["award_scores"] == [0, 36, 0, 0]
    assert [i.id for i in res.wins[0].items] == ["clean_sweep"]


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("[578m,1]123p456p789sEE", id="chow 7-8 + the 5m as a wild 6m or 9m"),
        pytest.param("[556m,2]123p456p789sEE", id="pung of 5m with the 6m (副精) as a wild 5m"),
    ],
)
def test_meld_needing_the_jing_as_wild_is_refused(hand):
    """§4 "a jing in the player's hand used to claim a discard counts only as itself in that
    meld": a claimed meld that is a set only with its jing as wild is refused, in one line
    that says so (seed: 用精吃、碰、杠只能作为本身牌张)."""
    e = refusal(win(2, hand))
    assert e.code == ErrorCode.BAD_TILES
    msg = str(e)
    assert "\n" not in msg and "is not a pung, kong or chow" in msg
    assert "counts only as itself" in msg and "只能作为本身牌张" in msg
