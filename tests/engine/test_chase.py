"""追分 worked by hand for each rule set, quoting RULES.md for every figure: the smallest
hand per way that puts the chasing player strictly ahead, and the leader's margin."""

from __future__ import annotations

from typing import Any

import pytest
from mjscore.engine.chase import chase, leader_of
from mjscore.engine.core import replay
from mjscore.engine.errors import MjError
from mjscore.engine.record import load_session

NAMES = ["A", "B", "C", "D"]


def session(variant: str, hands: list[list[dict]], options=None, dealer: int = 0):
    return load_session(
        {
            "format": 1,
            "variant": variant,
            "options": options or {},
            "players": NAMES,
            "first_dealer": dealer,
            "hands": [{"events": e} for e in hands],
        }
    )


def win(player: int, frm: int | None, **kw: Any) -> dict:
    return {"type": "win", "player": player, "from": frm, **kw}


def values(ch, seat: int) -> dict[str, int | None]:
    pc = next(c for c in ch.chases if c.seat == seat)
    assert pc.ways is not None
    out: dict[str, int | None] = {}
    for k, w in pc.ways.items():
        a = getattr(w, "best", w)
        out[k] = None if a is None else a.value
    return out


def margins(ch) -> dict[str, tuple[int | None, int] | None]:
    return {k: None if m is None else (m.value, m.loses_at.value) for k, m in ch.margin.items()}


def settle_answer(s, answer) -> tuple[int, ...]:
    """Totals after entering exactly the suggested win into the open hand (a fresh replay)."""
    hands = [h.to_json()["events"] for h in s.hands]
    if not hands or any(e["type"] in ("win", "draw", "false_win") for e in hands[-1]):
        hands.append([])
    hands[-1] = hands[-1] + [answer.win.to_json()]
    again = load_session({**s.to_json(), "hands": [{"events": e} for e in hands]})
    return replay(again).totals


# ---------------------------------------------------------------- 国标
def test_guobiao_seed_payment():
    # RULES §3 "seed" (default): "self-draw → each other player pays the fan total; discard →
    # the discarder pays the fan total, the others 0"; "min_fan default 8".
    # Hand 1: A wins 24 off B → A 24, B −24, C 0, D 0. C chases A (gap 24):
    #   self-draw  3f > 24 − f  → f ≥ 7, so the minimum 8;
    #   off A      f > 24 − f   → f ≥ 13;
    #   off B or D f > 24       → f ≥ 25 (either discarder: it does not matter).
    s = session("guobiao", [[win(0, 1, fan=24)], []])
    ch = chase(s, players=[2])
    assert ch.target == 0 and ch.chases[0].gap == 24
    assert values(ch, 2) == {"self_draw": 8, "discard_by_target": 13, "discard_by_other": 25}
    other = ch.chases[0].ways["discard_by_other"]
    assert not other.matters
    # the leader A: C self-draws 8 → C 24 > A 16 (even the smallest costs first place);
    # C off A: 13 costs first (12 keeps it); C off D: 25 (24 keeps it)
    assert margins(ch) == {
        "self_draw": (None, 8),
        "discard_by_target": (12, 13),
        "discard_by_other": (24, 25),
    }


def test_guobiao_seed_flowers_come_on_top():
    # RULES §3: "Flowers are 1 fan each, do not count toward the minimum … A declared `fan`
    # excludes flowers; flowers are added to it for payment." C has shown 2 flowers:
    #   off A (f+2) > 24 − (f+2) → f ≥ 11 (the answer is the fan total without flowers).
    s = session("guobiao", [[win(0, 1, fan=24)], [{"type": "flowers", "player": 2, "count": 2}]])
    ch = chase(s, players=[2])
    assert values(ch, 2)["discard_by_target"] == 11
    assert values(ch, 2)["discard_by_other"] == 23


def test_guobiao_competition_payment():
    # RULES §3 "competition": "each other player pays 8; the discarder also pays the fan
    # total; on a self-draw each pays 8 + fan total." Hand 1: A wins 24 off B → A +48,
    # B −32, C −8, D −8. C chases A (gap 56):
    #   self-draw  −8 + 3(8+f) > 48 − (8+f)  → 4f > 24 → f ≥ 7, so 8;
    #   off A      −8 + 24 + f > 48 − 8 − f  → 2f > 24 → f ≥ 13;
    #   off B/D    −8 + 24 + f > 48 − 8      → f ≥ 25.
    s = session("guobiao", [[win(0, 1, fan=24)], []], options={"payment": "competition"})
    assert replay(s).totals == (48, -32, -8, -8)
    ch = chase(s, players=[2])
    assert values(ch, 2) == {"self_draw": 8, "discard_by_target": 13, "discard_by_other": 25}
    # B chases A (gap 80): off A  −32 + 24 + f > 40 − f → f ≥ 25; off C or D −8 + f > 40 → 49
    ch = chase(s, players=[1])
    assert values(ch, 1)["discard_by_target"] == 25
    assert values(ch, 1)["discard_by_other"] == 49


def test_guobiao_beyond_the_bound_is_impossible():
    from mjscore.engine.chase_space import FAN_BOUND

    s = session("guobiao", [[win(0, 1, fan=FAN_BOUND)], []])
    ch = chase(s, players=[1])
    # B (−FAN_BOUND) off C needs f > 2·FAN_BOUND: beyond the largest declared fan total
    assert values(ch, 1)["discard_by_other"] is None
    assert ch.to_json()["players"][0]["ways"]["discard_by_other"] is None


# ---------------------------------------------------------------- 南宁
def test_nanning_with_a_dealer_and_a_sealed_player():
    # RULES §1: b = 4 if 门清 else 3; S(k) = b·2^k; N(0) = 4 if 门清 else 2, N(k) = 3·b·2^(k−1).
    # First dealer C. Hand 1: A wins 碰碰胡 清一色 (k = 2, open) off B: N(2) = 3·3·2 = 18, and
    # "a single winner deals next", so A deals hand 2. In hand 2 D has claimed three pungs
    # from B: "B is sealed (B may not win this hand)".
    pungs = [{"type": "pung", "player": 3, "from": 1, "tile": t} for t in ("1m", "5p", "9s")]
    s = session("nanning", [[win(0, 1, patterns=["all_pungs", "full_flush"])], pungs], dealer=2)
    rp = replay(s)
    assert rp.totals == (18, -18, 0, 0) and rp.next_state.dealer == 0
    ch = chase(s)
    # C chases A (gap 18):
    #   self-draw: k = 0 pays 3 or 4 each (C 9 or 12 vs A 15 or 14); k = 1 open S = 6 → C 18 > A 12
    #   off A: k = 1 open N = 9 ties (9 = 9), 门清 N = 12 → C 12 > A 6
    #   off B/D: C needs N > 18: k = 1 at most 12; k = 2 门清 N = 24
    assert values(ch, 2) == {"self_draw": 1, "discard_by_target": 1, "discard_by_other": 2}
    c = next(x for x in ch.chases if x.seat == 2)
    assert c.ways["discard_by_target"].win.concealed is True
    assert c.ways["discard_by_other"].best.win.concealed is True
    # B is sealed: every way null (DECISIONS: not only the win off the sealer)
    b = ch.to_json()["players"][1]
    assert b["name"] == "B" and b["ways"] == {
        "self_draw": None,
        "discard_by_target": None,
        "discard_by_other": None,
    }
    # D holds three pungs from B, so when D wins B pays too (RULES §1 封胡): "another
    # player's discard → that player pays X and B pays X (双飞)"; "self-draw … → B alone pays
    # everything all payers would have paid". D is never 门清 (b = 3):
    #   off A:  k = 0: 2 + 2 → D 4 < A 16; k = 1: A 9 and B 9 → D 18 > A 9
    #   self-draw: k = 1: B pays 3·6 = 18 → D 18 = A 18 (a tie); k = 2: 36 > 18
    #   off C (C and B pay X) or off B (2X): k = 1 gives 18, a tie; k = 2
    assert values(ch, 3) == {"self_draw": 2, "discard_by_target": 1, "discard_by_other": 2}


# ---------------------------------------------------------------- 南京
def test_nanjing_bixiahu_hand_with_a_flag():
    # RULES §2: the dealer winning is a 比下胡 trigger; "a streak of n triggers plants n−1
    # flags"; "With bixiahu_stack the multiplier of a 比下胡 hand is 2^(1+flags)".
    # H = 20 + 2·(hard+soft) + Σ patterns; 门清 20; a small open win needs ≥ 4 hard flowers.
    # Hand 1: dealer A self-draws 门清 with 1 hard flower: H = 20+2+20 = 42 from each.
    # Hand 2 (比下胡 ×2): A wins 门清 with 1 hard flower off B: 84.
    # Hand 3: two triggers in a row, one flag, ×2^(1+1) = 4.
    s = session(
        "nanjing",
        [
            [win(0, None, patterns=["concealed"], hard_flowers=1, soft_flowers=0)],
            [win(0, 1, patterns=["concealed"], hard_flowers=1, soft_flowers=0)],
            [],
        ],
        options={"bixiahu_stack": True},
    )
    rp = replay(s)
    assert rp.totals == (210, -126, -42, -42)
    assert rp.next_state.bixiahu and rp.next_state.flags == 1
    ch = chase(s, players=[2])
    # C chases A (gap 252), everything ×4:
    #   self-draw: −42 + 12H > 210 − 4H → H ≥ 16: the smallest legal hand, 4 hard flowers, 28
    #   off A:     −42 + 4H > 210 − 4H  → H ≥ 32 (30 leaves C 78 = A 90? no: 78 < 90)
    #   off B/D:   −42 + 4H > 210       → H ≥ 64
    assert values(ch, 2) == {"self_draw": 28, "discard_by_target": 32, "discard_by_other": 64}
    w = ch.chases[0].ways["discard_by_target"]
    assert settle_answer(s, w) == w.after and w.after[2] > w.after[0]


# ---------------------------------------------------------------- 南昌
def test_nanchang_cap_turns_a_catch_into_impossible():
    # RULES §4: "Each other player j pays base·M·f_j·d_j where f_j = 2 … on a self-draw, on a
    # discard 2 for the discarder and 1 for the others; d_j = 2 when j or the winner is the
    # dealer". Hand 1 (dealer A): B wins a plain hand (×1) off C: C 1·2·1 = 2, A 1·1·2 = 2,
    # D 1 → B +5, A −2, C −2, D −1; "otherwise the dealer's 下家" deals: B.
    hands = [[win(1, 2)], []]
    s = session("nanchang", hands)
    assert replay(s).totals == (-2, 5, -2, -1)
    ch = chase(s, players=[2])
    # no cap (3000): C self-draws ×1: B (dealer) pays 4, A 2, D 2 → C 6 > B 1
    assert values(ch, 2)["self_draw"] == 1
    # off A: A pays 2M, B (dealer) 2M, D M → C +5M, B −2M: ×1 ties (3 = 3), ×2 → C 8 > B 1
    assert values(ch, 2)["discard_by_other"] == 2
    # "cap … compared with each player's net for the hand … When some |net| is strictly
    # greater than cap, every net is multiplied by cap ÷ (largest |net|), floored, and the
    # units still missing for a zero sum go one each to the largest fractional parts (ties to
    # the lower seat)". With cap 5 (hand 1's +5 is not above it), C off A or D gains at most 5
    # while B, paying 2/5 of it, loses 2: C −2 + 5 = 3 = B 5 − 2, a tie at every M.
    s = session("nanchang", hands, options={"cap": 5})
    assert replay(s).totals == (-2, 5, -2, -1)
    ch = chase(s, players=[2])
    assert values(ch, 2)["discard_by_other"] is None
    # a self-draw still works at ×1: nets C 8, B −4, A −2, D −2 → ×5/8 → C 5, B −3 (A and D
    # take the two missing units) → C 3 > B 2
    assert values(ch, 2)["self_draw"] == 1
    w = ch.chases[0].ways["self_draw"]
    assert w.after == (-3, 2, 3, -2)


def test_nanchang_dealer_factor():
    # Hand 2 is dealt by B (dealer). C off B: B pays M·2·2 = 4M, A M, D M → C +6M, B −4M:
    # −2 + 6M > 5 − 4M → M ≥ 1. D off A: A pays 2M, B (dealer) 2M, C M → D + 5M; B 5 − 2M:
    # −1 + 5M > 5 − 2M → M = 1 (4 > 3).
    s = session("nanchang", [[win(1, 2)], []])
    ch = chase(s, players=[3])
    assert values(ch, 3)["discard_by_other"] == 1


# ---------------------------------------------------------------- targets and shape
def test_targets_leader_ties_and_first():
    # totals A 24, B −24, C 0, D 0: leader A
    s = session("guobiao", [[win(0, 1, fan=24)], []])
    assert leader_of((5, 5, 0, -10)) == 0 and leader_of((0, 5, 5, -10)) == 1
    ch = chase(s, target=2)  # chase C: A and everyone ahead of C get no ways
    j = ch.to_json()
    assert j["target"] == "C"
    assert [p["ways"] is None for p in j["players"]] == [True, False, True, False]
    # D level with C (gap 0) still gets the hands that put him strictly ahead: a self-draw 8
    assert j["players"][3]["gap"] == 0 and j["players"][3]["ways"]["self_draw"]["value"] == 8
    first = chase(s, target="first").to_json()
    assert first["target"] == "first" and first["players"][0]["ways"] is None
    with pytest.raises(MjError):
        chase(s, target=7)


def test_every_answer_settles_as_suggested():
    s = session("nanning", [[win(0, 1, patterns=["all_pungs"])], []])
    ch = chase(s)
    for c in ch.chases:
        for w in (c.ways or {}).values():
            a = getattr(w, "best", w)
            if a is not None:
                after = settle_answer(s, a)
                assert after == a.after and after[c.seat] > after[ch.target]


def test_nanjing_soft_flowers_start_from_the_logged_kongs():
    # RULES §2 软花: "each suited kong: 1 exposed/added, 2 concealed"; a declared soft count is
    # the winner's whole count, so no suggested hand holds fewer than the logged kong gives.
    s = session(
        "nanjing",
        [
            [win(0, 1, patterns=["all_pungs"], hard_flowers=2, soft_flowers=0)],
            [{"type": "kong", "player": 2, "kind": "concealed", "tile": "5p"}],
        ],
    )
    ch = chase(s, players=[2])
    for w in ch.chases[0].ways.values():
        a = getattr(w, "best", w)
        if a is not None:
            assert a.win.soft_flowers >= 2


def test_nanchang_revealed_jing_settles_with_the_hand():
    # RULES §4: "下精分: counted from the players' starting hands when the 下精 pair is
    # revealed … settled with the hand, whatever its outcome"; raw = 2z + f, and "each player
    # collects his score from each of the other three". B (dealer of hand 2) holds one 下正精:
    # raw 2, so B +6 and everyone else −2 in this hand whoever wins.
    # D (−1) chases B (5) off A: A (discarder) 2M, B (dealer) 1·2 = 2M, C M → D +5M:
    #   −1 − 2 + 5M > 5 + 6 − 2M → 7M > 14 → M = 4 (×2 only ties: 7 = 7);
    # without the reveal −1 + 5M > 5 − 2M gives ×1.
    jing = {"type": "jing", "indicator": "5m", "lower": "2p"}
    jing["lower_counts"] = [[0, 0], [1, 0], [0, 0], [0, 0]]
    s = session("nanchang", [[win(1, 2)], [jing]])
    ch = chase(s, players=[3])
    other = ch.chases[0].ways["discard_by_other"]
    assert dict(other.by_discarder)[0].value == 4
    assert (
        values(chase(session("nanchang", [[win(1, 2)], []]), players=[3]), 3)["discard_by_other"]
        == 1
    )
