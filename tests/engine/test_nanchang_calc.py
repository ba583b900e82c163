"""``mjscore calc nanchang HAND --jing TILE``: multipliers found and what each payer would pay
for a discard and for a self-draw, as JSON and as text (run through the real CLI)."""

from __future__ import annotations

import json

import pytest
from mjscore.tui.cli import main

from tests.builders import mjscore


def calc_json(capsys, *args: str) -> dict:
    assert main(["calc", "nanchang", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_calc_seven_star_dealer(capsys):
    """七星十三烂 ×4 × 德国 ×2 (calc cannot know the other hands, so 德国, not 德中德), dealer (seat E)."""
    out = calc_json(capsys, "14m258p3sESWNCFP7s|EE1000", "--jing", "5m")
    sc = {s["key"]: s for s in out["scenarios"]}
    assert set(sc) == {"self_draw", "discard_S", "discard_W", "discard_N"}
    self_draw = sc["self_draw"]
    assert [m["id"] for m in self_draw["multipliers"]] == ["seven_star_lan", "clean"]
    assert self_draw["product"] == 8
    # self-draw: each pays 8·2 (自摸) ·2 (庄家) = 32, + 5
    assert [(p["seat"], p["amount"], p["clean_bonus"]) for p in self_draw["payments"]] == [
        ("S", 32, 5),
        ("W", 32, 5),
        ("N", 32, 5),
    ]
    # discard by 南: 南 pays 8·2·2 = 32 + 5, the others 8·1·2 = 16
    d = sc["discard_S"]
    assert [(p["seat"], p["total"]) for p in d["payments"]] == [("S", 37), ("W", 16), ("N", 16)]


def test_calc_jing_single_non_dealer(capsys):
    """精吊 only on the self-draw; seat 南 wins, 东 is the dealer (×2 on his side)."""
    out = calc_json(capsys, "123m456p789sEEE5m9p|ES1000", "--jing", "5m")
    sc = {s["key"]: s for s in out["scenarios"]}
    assert sc["self_draw"]["product"] == 2 and sc["discard_E"]["product"] == 1
    assert out["product"] == 2 and [m["id"] for m in out["patterns"]] == [
        "jing_single"
    ]  # |ES1000: self-drawn
    assert out["self_draw"] == sc["self_draw"] and len(out["discard"]) == 3
    assert {p["seat"]: p["amount"] for p in sc["self_draw"]["payments"]} == {"E": 8, "W": 4, "N": 4}
    assert {p["seat"]: p["amount"] for p in sc["discard_E"]["payments"]} == {"E": 4, "W": 1, "N": 1}
    assert {p["seat"]: p["amount"] for p in sc["discard_W"]["payments"]} == {"E": 2, "W": 2, "N": 1}


def test_calc_flags_and_base(capsys):
    out = calc_json(
        capsys,
        "14m258p3sESWNCFP7s|EE1000",
        "--jing",
        "5m",
        "--flag",
        "heavenly",
        "--option",
        "base=2",
    )
    (only,) = out["scenarios"]
    assert only["product"] == 160 and [p["amount"] for p in only["payments"]] == [640, 640, 640]
    assert [p["clean_bonus"] for p in only["payments"]] == [10, 10, 10]


def test_calc_text(capsys):
    assert main(["calc", "nanchang", "1155m2288p33sEE9sC", "--jing", "C"]) == 0
    text = capsys.readouterr().out
    assert "七对×2 = ×2" in text and "自摸" in text and "放炮" in text


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["123m456p789sEEE5m9p"], "--jing"),
        (["123m456p789sEEE1s9p", "--jing", "5m"], "not a winning hand"),
        (["123m456p789sEEE5m9p", "--jing", "5m", "--flag", "last_tile"], "does not know the flag"),
        (["123m456p789sEEE5m9p|ES1000", "--jing", "5m", "--flag", "heavenly"], "天胡"),
    ],
)
def test_calc_errors_one_line(args, fragment):
    r = mjscore("calc", "nanchang", *args)
    assert r.returncode == 2
    assert fragment in r.stderr and r.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("hand", "zheng"),
    [
        ("14m258p3sESWNCFP7s|EW1000", "5m"),
        ("123m456p789sEEE5m9p|EN1000", "5m"),
        # the wild 中 held, the 9s won on: a 中 won on a discard would count only as itself
        # (RULES §4 "a jing taken from another player … counts only as itself")
        ("1155m2288p33sEEC9s|EE0000", "C"),
        ("[ESW,1]123m456p789s5m5p|ES0000", "5m"),
        # the 5m won on is itself (a pair): 德国 on every discard, 德国 精吊 on the self-draw
        ("123m456p789sEEE5m5m|ES0000", "5m"),
    ],
)
def test_calc_agrees_with_settlement(capsys, hand, zheng):
    """What calc says each seat would pay is what a session hand settles to (胡分 and +5)."""
    from mjscore.engine.core import TableState
    from mjscore.engine.record import hand_from_json
    from mjscore.engine.variants import get_variant

    out = calc_json(capsys, hand, "--jing", zheng)
    v = get_variant("nanchang")
    winner = "ESWN".index(out["seat"])
    tiles = hand.split("|")[0]
    for sc in out["scenarios"]:
        frm = None if sc["from"] is None else "ESWN".index(sc["from"])
        ev = [
            {"type": "jing", "indicator": zheng, "lower": "2p", "lower_counts": [[0, 0]] * 4},
            {"type": "win", "player": winner, "from": frm, "hand": tiles},
        ]
        res = v.settle_hand(hand_from_json({"events": ev}, v), TableState(dealer=0), v.rules({}))
        got = {}
        for p in res.payments:
            got["ESWN"[p.payer]] = got.get("ESWN"[p.payer], 0) + p.amount
        assert got == {p["seat"]: p["total"] for p in sc["payments"]}, sc["key"]


def test_calc_taken_jing_is_only_itself(capsys):
    """RULES §4: "正精 and 副精 are wild in winning hands …, but only the jing a player drew: a
    jing taken from another player — the discard won on … — counts only as itself". 东 + 5m
    is a pair only with the 5m wild: calc values the self-draw and says why no discard wins."""
    out = calc_json(capsys, "123p456p789s234mE5m", "--jing", "5m")
    assert [s["key"] for s in out["scenarios"]] == ["self_draw"] and out["discard"] == []
    assert [r["key"] for r in out["not_a_win"]] == ["discard_S", "discard_W", "discard_N"]
    assert all("别人打出的精只能作为本张" in r["reason"] for r in out["not_a_win"])
    assert out["product"] == 1  # 平胡, the 5m drawn and wild
    # the context says it was won on a discard: that win does not exist, refused in one line
    assert main(["calc", "nanchang", "123p456p789s234mE5m|EE0000", "--jing", "5m"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "counts only as itself" in err and "别人打出的精只能作为本张" in err
