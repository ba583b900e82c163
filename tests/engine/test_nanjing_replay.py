"""南京 Nanjing replay through the real command line (``python -m tui replay FILE --json``):
a 13-hand session with a 比下胡 streak, flags planted and cleared, doubled kongs and
penalties in 比 hands, the dealer staying and passing (RULES.md §2)."""

import json
from pathlib import Path

import pytest

from tests.builders import mjscore

DATA = Path(__file__).parent / "data" / "nanjing_streak.json"


def run_replay(path):
    r = mjscore("replay", str(path), "--json")  # fmt: skip
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.fixture(scope="module")
def rep():
    return run_replay(DATA)


@pytest.fixture(scope="module")
def rep_stacked(tmp_path_factory):
    rec = json.loads(DATA.read_text(encoding="utf-8"))
    rec["options"] = {"bixiahu_stack": True}
    p = tmp_path_factory.mktemp("nj") / "stacked.json"
    p.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    return run_replay(p)


# The state each hand is played in: (dealer, bixiahu, flags), and why (RULES.md §2).
STATES = [
    (0, False, 0),  # 1: first hand
    (
        1,
        False,
        0,
    ),  # 2: hand 1 a non-dealer small win: "otherwise passes to the dealer's 下家"; no trigger
    (2, True, 0),  # 3: hand 2 对对胡 (a big pattern) by a non-dealer: 比下胡, dealer passes
    (2, True, 1),  # 4: hand 3 a draw with 罚: "stays when ... the hand is drawn"; streak 2 → 1 flag
    (2, True, 2),  # 5: hand 4 the dealer won: stays; streak 3 → 2 flags
    (3, False, 0),  # 6: hand 5 non-dealer small win: "a hand without a trigger clears them"
    (0, True, 0),  # 7: hand 6 海底捞 is a trigger
    (0, False, 0),  # 8: hand 7 诈胡: "not a 比下胡 trigger"; "the dealer stays (a void hand)"
    (0, True, 0),  # 9: hand 8 the dealer won (the seed's 88)
    (1, True, 1),  # 10: hand 9 对对胡 by a non-dealer: streak 2 → 1 flag, dealer passes
    (1, True, 2),  # 11: hand 10 the dealer won (大杠开)
    (1, True, 3),  # 12: hand 11 a draw with 罚: streak 4 → 3 flags
    (2, False, 0),  # 13: hand 12 a small win by a non-dealer clears the flags
]


def test_at_least_twelve_hands(rep):
    assert len(rep["hands"]) >= 12


@pytest.mark.parametrize("i", range(len(STATES)))
def test_state_each_hand_was_played_in(rep, i):
    h = rep["hands"][i]
    assert (h["dealer"], h["bixiahu"], h["flags"]) == STATES[i]
    assert h["prevailing_wind"] == "E"


def test_next_state(rep):
    # hand 13: 抢杠 对对胡 by a non-dealer → 比下胡 next, dealer passes to 3
    assert rep["next"] == {"dealer": 3, "prevailing_wind": "E", "bixiahu": True, "flags": 0}


def pays(h):
    return sorted((p["from"], p["to"], p["amount"]) for p in h["payments"])


# (hand, expected payments, quote)
PAYMENTS = [
    (1, [(2, 1, 42)], "discard: 20 + 2·1 + 门清 20, the discarder alone"),
    (2, [(0, 3, 10), (1, 3, 10), (2, 3, 10), (0, 2, 64), (1, 2, 64), (3, 2, 64)], "暗杠 10 each; 对对胡 self-draw 20+4+40 each"),
    (3, [(3, 0, 40), (1, 0, 20), (1, 2, 20), (1, 3, 20)], "比下胡 ×2: 明杠 20→40, 罚 10→20 each, in a draw"),
    (4, [(3, 2, 100)], "dealer 门清 5 hard flowers (20+10+20)·2"),
    (5, [(0, 3, 84)], "(20+2+20)·2 in the third hand of the streak"),
    (6, [(1, 0, 20), (2, 0, 20), (3, 0, 20), (2, 1, 54)], "花杠 20 each; 海底捞 +10: 20+4+20+10"),
    (7, [(0, 3, 40), (1, 3, 40), (2, 3, 40), (0, 1, 20), (2, 1, 20), (3, 1, 20), (2, 0, 20), (2, 1, 20), (2, 3, 20)],
     "比下胡 ×2: 花杠 40, 暗杠 20, 诈胡 10×2"),
    (8, [(1, 0, 88), (2, 0, 88), (3, 0, 88)], "seed: 门清 混一色 four hard flowers self-drawn → 88 from each"),
    (9, [(2, 1, 200)], "对三嘴 对对胡 无花果 (no flowers logged = 0): B (seat 2) pays instead of the discarder (seat 3); 100×2"),
    (10, [(3, 1, 40), (3, 1, 600)], "明杠 ×2; 大杠开 (20+2·5+20)×2 = 100, ×2 比 = 200, supplier pays 3H"),
    (11, [(0, 1, 20), (0, 2, 20), (0, 3, 20)], "罚 ×2 in a draw"),
    (12, [(2, 0, 56)], "小胡 with 4 hard flowers 20+8, ×2"),
    (13, [(1, 3, 186)], "抢杠: the robbed player pays 3H, H = 20+2+40 (混一色; a robbed tile completes a sequence)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("n", "expected", "quote"), PAYMENTS, ids=[f"hand{r[0]}" for r in PAYMENTS]
)
def test_payments(rep, n, expected, quote):
    assert pays(rep["hands"][n - 1]) == sorted(expected)


def test_every_payment_has_a_reason_and_bixiahu_is_named(rep):
    for h in rep["hands"]:
        for p in h["payments"]:
            assert p["reason"]
            assert ("比下胡" in p["reason"]) == h["bixiahu"]


def test_zero_sum_and_totals(rep):
    run = [0, 0, 0, 0]
    for h in rep["hands"]:
        assert sum(h["deltas"]) == 0
        run = [a + b for a, b in zip(run, h["deltas"], strict=True)]
        assert h["totals"] == run
    assert rep["totals"] == run


def test_bixiahu_stack_doubles_per_flag(rep, rep_stacked):
    # bixiahu_stack: "the multiplier of a 比下胡 hand is 2^(1+flags) instead of 2"
    for plain, stacked in zip(rep["hands"], rep_stacked["hands"], strict=True):
        assert (plain["bixiahu"], plain["flags"]) == (stacked["bixiahu"], stacked["flags"])
        k = 2 ** plain["flags"] if plain["bixiahu"] else 1
        assert [p["amount"] * k for p in plain["payments"]] == [
            p["amount"] for p in stacked["payments"]
        ]
    assert pays(rep_stacked["hands"][11]) == [(2, 0, 28 * 16)]  # 3 flags → ×16


def test_text_output_shows_flags(tmp_path):
    r = mjscore("replay", str(DATA))
    assert r.returncode == 0, r.stderr
    assert "比下胡 旗 3" in r.stdout and "对三嘴承包" in r.stdout and "大杠开承包" in r.stdout


def test_contradiction_reports_hand_and_event(tmp_path):
    rec = json.loads(DATA.read_text(encoding="utf-8"))
    rec["hands"][4]["events"][0]["hard_flowers"] = 2
    rec["hands"][4]["events"][0][
        "patterns"
    ] = []  # open-or-not unknown: a 小胡 without 门清 and 2 flowers
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    r = mjscore("replay", str(p), "--json")
    assert r.returncode == 2 and r.stdout == ""
    assert "hands[4]" in r.stderr and "小胡" in r.stderr and len(r.stderr.strip().splitlines()) == 1
