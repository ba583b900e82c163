"""南京 硬花 counted one way for every win, and 无花果 derived from it (RULES.md §2).

RULES §2 硬花: "each flower tile the player has exposed (补花) = 1, counted from the player's
`flowers` events of the hand (none logged = 0) or from the flower letters in the winner's hand
string — one source, not their sum …; a declared `hard_flowers` may replace them when no flower
events were logged (both present and different → refused). 无花果 is derived from a count of 0.
"None logged = 0" holds for a declared win as for a typed one, whether or not anyone else logged
flowers in the hand: the count, and so 无花果, never depends on other players' events".
Seed (001): "6.无花果：在成牌时，如果没有一个硬花，则称为无花果，成牌后，加40个花；（无花果小牌必须是门清）";
"以下情况连庄（称为比下胡）… 2.成大胡（双七对，风一色，七对，清一色，压绝，全球独钓，混一色，碰碰胡，天胡，地胡，无花果）".

Dealer seat 0; amounts worked out by hand: H = 20 (跑20) + 2·(hard + soft) + Σ patterns.
"""

from __future__ import annotations

import pytest
from mjscore.engine.core import TableState, replay
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import load_session
from mjscore.engine.variants import get_variant

from tests.builders import pays, record, settle_events

V = get_variant("nanjing")
CONCEALED_1_SOFT = {"type": "win", "player": 1, "from": 0, "patterns": ["concealed"]}
CONCEALED_1_SOFT["soft_flowers"] = 1


def settle(*events, state: TableState | None = None):
    return settle_events(V, list(events), state)


def session(*hands: list[dict]):
    return replay(load_session(record("nanjing", list(hands), first_dealer=0)))


# ---------------------------------------------------------------- the two examples
def test_declared_win_with_no_flower_logged_is_no_flowers():
    """A declared 门清 win, one soft flower, nobody logged flowers: 0 hard flowers, so 无花果:
    20 + 2·(0 + 1) + 20 (门清) + 40 (无花果) = 82 from the discarder; 无花果 is a big pattern,
    so the next hand is 比下胡."""
    res = settle(CONCEALED_1_SOFT)
    assert pays(res) == [(0, 1, 82)]
    assert "无花果" in res.wins[0].summary
    assert res.next_state.bixiahu


def test_the_next_hand_is_doubled_whoever_logs_flowers():
    """Hand 2 (比下胡, started by hand 1's 无花果): seat 2 logs a flower, seat 3 — with none —
    wins a declared 对对胡 on seat 1's discard: 20 + 40 (对对胡) + 40 (无花果) = 100, ×2 = 200."""
    rep = session(
        [CONCEALED_1_SOFT],
        [
            {"type": "flowers", "player": 2, "tiles": "a"},
            {"type": "win", "player": 3, "from": 1, "patterns": ["all_pungs"]},
        ],
    )
    assert [h.result.deltas for h in rep.hands] == [(-82, 82, 0, 0), (0, -200, 0, 200)]
    assert rep.hands[1].state.bixiahu


def test_the_count_never_depends_on_other_players_events():
    """ "whether or not anyone else logged flowers in the hand": the same win is worth the same
    with or without another player's flowers event."""
    alone = settle(CONCEALED_1_SOFT)
    others = settle({"type": "flowers", "player": 3, "tiles": "bC"}, CONCEALED_1_SOFT)
    assert pays(alone) == pays(others) == [(0, 1, 82)]


# ---------------------------------------------------------------- unchanged readings
@pytest.mark.parametrize(
    ("events", "h"),
    [
        pytest.param(
            [{**CONCEALED_1_SOFT, "hard_flowers": 2}],
            20 + 2 * (2 + 1) + 20,
            id="declared hard_flowers 2: no 无花果",
        ),
        pytest.param(
            [{**CONCEALED_1_SOFT, "hard_flowers": 0}],
            20 + 2 * 1 + 20 + 40,
            id="declared hard_flowers 0: 无花果",
        ),
        pytest.param(
            [{"type": "flowers", "player": 1, "tiles": "ab"}, CONCEALED_1_SOFT],
            20 + 2 * (2 + 1) + 20,
            id="the winner's flowers events: two hard flowers",
        ),
        pytest.param(
            [
                {"type": "flowers", "player": 1, "tiles": "ab"},
                {**CONCEALED_1_SOFT, "hard_flowers": 2},
            ],
            20 + 2 * (2 + 1) + 20,
            id="events and a declared count that agree",
        ),
        pytest.param(
            [{"type": "win", "player": 1, "from": 0, "hand": "123m456m789p24s55s3s"}],
            20 + 2 * 1 + 20 + 40,
            id="typed hand, no flower section: 0 hard, 无花果 (压档 soft flower)",
        ),
        pytest.param(
            [{"type": "win", "player": 1, "from": 0, "hand": "123m456m789p24s55s3s||ab"}],
            20 + 2 * (2 + 1) + 20,
            id="typed hand with two flower letters",
        ),
    ],
)
def test_one_source_for_every_win(events, h):
    """ "counted from the player's flowers events … or from the flower letters in the winner's
    hand string …; a declared hard_flowers may replace them"."""
    assert pays(settle(*events)) == [(0, 1, h)]


def test_declared_count_against_events_refused():
    """ "both present and different → refused"."""
    with pytest.raises(MjError) as e:
        settle(
            {"type": "flowers", "player": 1, "tiles": "ab"},
            {**CONCEALED_1_SOFT, "hard_flowers": 1},
        )
    assert e.value.code == ErrorCode.CONTRADICTION


def test_win_on_a_flower_replacement_needs_a_flower():
    """小杠开 is "a win on a flower replacement": with none logged the winner has 0 hard flowers,
    so a declared 小杠开 without any is refused; with the count given it stands."""
    bloom = {**CONCEALED_1_SOFT, "from": None, "flower_bloom": True}
    with pytest.raises(MjError, match="小杠开"):
        settle(bloom)
    res = settle({**bloom, "hard_flowers": 1})
    # 20 + 2·(1 + 1) + 20 (门清) + 20 (小杠开) = 64 from each
    assert pays(res) == [(0, 1, 64), (2, 1, 64), (3, 1, 64)]
