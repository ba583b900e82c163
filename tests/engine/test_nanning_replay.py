"""Whole Nanning sessions through the command line (`mjscore replay FILE --json`, in-process).

Expected deltas are worked out by hand from RULES.md §1 in the comments, not taken from the
engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.builders import mjscore

DATA = Path(__file__).parent / "data"


def replay(name: str) -> dict:
    r = mjscore("replay", str(DATA / name), "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


# (dealer the hand is played in, deltas, a reason that must appear)
FULL = [
    (0, [0, 4, -4, 0], "门清 放炮"),  # 放炮 门清 N(0) = 4
    (1, [0, -2, -1, 3], "杠分 暗杠 5p"),  # draw: D's concealed kong 1×3, A's exposed kong 1 from B
    (
        2,
        [38, 0, 0, -38],
        "鸡胡 明杠杠上花 ×4 被杠者包三家 (连杠 2)",
    ),  # V = 2·3·2 = 12, 3V + 2 from D
    (0, [2, 12, -14, 0], "七小对 放炮"),  # 一炮多响: 鸡胡 2 + 七小对 N(1) = 12; C deals next
    (2, [9, 11, 10, -30], "诈胡 赔付"),  # B's exposed kong 1 from A; D pays 10 each
    (3, [-8, -8, -8, 24], "门清 天胡 ×2"),  # (4×3)×2 = 24
    (3, [24, 0, 0, -24], "门清 清一色 人胡"),  # dealer pays C(1) with b = 4
    (0, [-1, -68, -2, 71], "清一色 碰碰胡 杠上炮 ×2 (连杠 2)"),  # C(2) = 36 ×2; B's kongs 3 + 1
    (3, [18, -9, -9, 0], "碰碰胡 放炮 封胡 双飞"),  # A sealed B: C pays 9 and B pays 9
    (0, [0, 24, -24, 0], "门清 碰碰胡 抢杠"),  # C(1) b = 4
    (1, [-6, -6, 18, -6], "鸡胡 海底捞月 ×2"),  # 2·S(0) each
    (2, [0, 0, 0, 0], None),  # draw, B drew last
    (1, [24, -8, -8, -8], "门清 地胡 ×2"),  # declared mode
    (0, [0, -18, 0, 18], "碰碰胡 海底炮"),  # C(1) b = 3
]


def test_full_session_fourteen_hands():
    out = replay("nanning_session_full.json")
    assert len(out["hands"]) == len(FULL)  # the 15th hand is still being played
    totals = [0, 0, 0, 0]
    for h, (dealer, deltas, reason) in zip(out["hands"], FULL, strict=True):
        assert h["dealer"] == dealer, h["index"]
        assert h["deltas"] == deltas, h["index"]
        if reason:
            assert reason in [p["reason"] for p in h["payments"]], h["index"]
        totals = [a + b for a, b in zip(totals, deltas, strict=True)]
        assert h["totals"] == totals
        assert h["prevailing_wind"] == "E" and h["bixiahu"] is False and h["flags"] == 0
    assert out["totals"] == totals == [100, -68, -42, 10]
    assert out["next"]["dealer"] == 3  # D won hand 14


def test_session_with_options():
    out = replay("nanning_session_options.json")
    got = [(h["dealer"], h["deltas"]) for h in out["hands"]]
    assert got == [
        (0, [36, -12, -12, -12]),  # 门清 自摸 4 each, horses 1m 5p both hit the dealer → ×3
        (0, [0, 72, -72, 0]),  # B sealed C: 碰碰胡 自摸 18 paid by C, 死双 ×2, horse 2m hits → ×2
        (1, [-1, -1, 3, -1]),  # draw, draw_dealer = same
        (1, [-15, 5, 5, 5]),  # false_win_penalty = 5, the offender deals next
        (0, [-25, -25, -25, 75]),  # 暗杠杠上花 门清 V = 8, horses 4m 8s hit seat 3 → 24 + kong 1
    ]
    assert out["next"]["dealer"] == 3


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        (
            {
                "hands": [
                    {
                        "events": [
                            {
                                "type": "win",
                                "player": 0,
                                "from": None,
                                "hand": "123m456m789p234s55s",
                                "flower_bloom": True,
                            }
                        ]
                    }
                ]
            },
            "does not know the flag 'flower_bloom'",
        ),
        (
            {
                "options": {"horses": 2},
                "hands": [
                    {
                        "events": [
                            {
                                "type": "win",
                                "player": 0,
                                "from": 1,
                                "hand": "123m456m789p234s55s",
                                "horses": "1m2m",
                            }
                        ]
                    }
                ],
            },
            "self-draw only",
        ),
        ({"options": {"bixiahu": True}}, "unknown option 'bixiahu'"),
        # RULES.md §0 "the robbed kong is not logged as a kong event, scores nothing"
        (
            {
                "hands": [
                    {
                        "events": [
                            {"type": "kong", "player": 1, "kind": "added", "from": 2, "tile": "4s"},
                            {
                                "type": "win",
                                "player": 0,
                                "from": 1,
                                "hand": "123m456m789p77s23s4s",
                                "robbed_kong": 1,
                            },
                        ]
                    }
                ]
            },
            "a robbed kong is never completed",
        ),
    ],
)
def test_replay_refuses_with_one_clear_line(tmp_path, patch, message):
    rec = {"format": 1, "variant": "nanning", "players": ["A", "B", "C", "D"], "hands": []} | patch
    f = tmp_path / "s.json"
    f.write_text(json.dumps(rec), encoding="utf-8")
    r = mjscore("replay", str(f), "--json")
    assert r.returncode == 2
    assert message in r.stderr and r.stderr.count("\n") == 1
    assert r.stderr.startswith("mjscore: hands[0]") or "option" in message
