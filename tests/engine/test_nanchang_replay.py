"""A played Nanchang session through the real command: ``python -m tui replay FILE --json``.

tests/engine/data/nanchang_session.json has 11 hands (cap 1500, base 1, dealer seat 0 first):
two 荒庄, a false win, five dealer changes, 天胡 capped, 地胡, 抢杠, 杠上开花, a tile hand with a
claimed kong. Every delta below is worked out by hand from RULES.md §4.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.builders import mjscore as run

DATA = Path(__file__).parent / "data" / "nanchang_session.json"

# (dealer the hand is played in, deltas, derivation)
EXPECTED = [
    (
        0,
        [-2, 5, -2, -1],
        "平胡 discard 2→1: dealer 0 pays 1·1·2, discarder 2 pays 1·2, seat 3 pays 1",
    ),
    (1, [12, -4, -4, -4], "荒庄: seat 0 holds one 正精 alone: 2 × 霸王 2 = 4 from each"),
    (1, [-13, 35, -9, -13], "上精 seat 1 4, seat 2 1 (pairwise); dealer 七对 自摸 2·2·2 = 8 each"),
    (1, [10, 10, 10, -30], "诈胡 by seat 3: 10 to each, dealer stays"),
    (
        1,
        [-3, -6, 12, -3],
        "tile hand, wild 1s: 平胡 from dealer 1 (1·2·2), others 1; seat 2's lone 副精 ×2 霸王 = 2 each",
    ),
    (2, [0, -8, -12, 20], "kongs 2 each (seat 0, seat 3); 杠上开花 ×4, dealer 2 ×2"),
    (
        3,
        [-13, 19, -2, -4],
        "抢杠 of seat 0: 德国 M=2: robbed 2·4, dealer 3 2·1·2, seat 2 2; +5 from the robbed",
    ),
    (
        0,
        [-165, -80, 325, -80],
        "地胡 on dealer 0's discard, nobody holds jing: 地胡 20 × 德中德 4 = 80; dealer ×2; +5 by the dealer",
    ),
    (1, [60, -20, -20, -20], "荒庄 with 下精 2正1副 = 5: 冲关 ×2, 霸王 ×2 = 20 from each"),
    (
        1,
        [-500, 1500, -500, -500],
        "天胡 七星 德中德 庄家 = 640 +5 each: net 1935 > cap 1500 → ×1500/1935",
    ),
    (
        1,
        [-10, 46, -18, -18],
        "claimed kong 西 2 each; 上精 seat 0 2, seat 1 1; 德国 自摸 dealer 2·2·2 = 8 +5 each",
    ),
]


def test_replay_session_json():
    r = run("replay", str(DATA), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert len(out["hands"]) == len(EXPECTED) >= 10
    totals = [0, 0, 0, 0]
    for h, (dealer, deltas, why) in zip(out["hands"], EXPECTED, strict=True):
        assert h["dealer"] == dealer, why
        assert h["deltas"] == deltas, why
        assert sum(h["deltas"]) == 0
        net = [0, 0, 0, 0]
        for p in h["payments"]:
            net[p["from"]] -= p["amount"]
            net[p["to"]] += p["amount"]
            assert p["reason"]
        assert net == deltas
        totals = [a + b for a, b in zip(totals, deltas, strict=True)]
        assert h["totals"] == totals
    assert out["totals"] == totals
    assert out["next"]["dealer"] == 1
    capped = out["hands"][9]["payments"]
    assert [p["amount"] for p in capped if p["reason"].startswith("封顶")] == [145, 145, 145]


def test_replay_text_and_refusal(tmp_path):
    r = run("replay", str(DATA))
    assert r.returncode == 0 and "封顶" in r.stdout and "德中德" in r.stdout
    bad = json.loads(DATA.read_text(encoding="utf-8"))
    bad["hands"][4]["events"][1]["counts"][2] = [0, 2]  # the winner's hand holds one 副精
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    r = run("replay", str(f), "--json")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "hands[4].events[1].counts[2]" in r.stderr
