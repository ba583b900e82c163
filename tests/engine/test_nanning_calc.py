"""`mjscore calc nanning HAND`: patterns with values, what each payer pays for a discard and a
self-draw (JSON and text), through the real command line and through Variant.calc."""

from __future__ import annotations

import json

import pytest
from mjscore.engine.errors import MjError
from mjscore.engine.variants import get_variant

from tests.builders import Ran, mjscore

V = get_variant("nanning")


def cli(*args: str) -> Ran:
    return mjscore("calc", "nanning", *args)


def test_json_pure_flush_all_pungs():
    r = cli("[555m,2]111m999m333m77m", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert [(p["id"], p["value"]) for p in out["patterns"]] == [
        ("base", 3),
        ("full_flush", 1),
        ("all_pungs", 1),
    ]
    assert out["doublings"] == 2 and out["concealed"] is False
    # 四.3 "清一色牌型18分" / 四.4 "清一色自摸牌型12×3=36分"
    assert {d["total"] for d in out["discard"]} == {18}
    assert out["same_for_every_discarder"] is True
    assert [p["amount"] for p in out["self_draw"]["payments"]] == [12, 12, 12]
    assert out["self_draw"]["way"] == "清一色 碰碰胡 自摸"


def test_text_shows_patterns_and_both_ways():
    r = cli("123m456m789p234s55s")
    assert r.returncode == 0
    text = r.stdout
    assert "门清 基数 4" in text
    assert "放炮 discard by any player 任一家: 门清 放炮" in text and "pays     4" in text
    assert "自摸 self-draw: 门清 自摸" in text and "total 12" in text


def test_sealed_hand_shows_each_discarder():
    out = json.loads(cli("[111m,3][555p,3][999s,3]EEE77s", "--json").stdout)
    assert out["same_for_every_discarder"] is False
    by = {d["discarder"]: {p["from"]: p["amount"] for p in d["payments"]} for d in out["discard"]}
    assert by == {
        "上家": {"下家": 9, "上家": 9},
        "对家": {"下家": 9, "对家": 9},
        "下家": {"下家": 18},
    }
    assert [(p["from"], p["amount"]) for p in out["self_draw"]["payments"]] == [("下家", 18)]


def test_all_melded_only_on_a_discard():
    # 十: "普通牌型18分；普通牌型自摸，算碰碰胡自摸6×3=18分（因为是自摸，不算全求人）"
    out = V.calc("[555p,2][111m,1][999s,3][EEE,2]77s", V.rules()).json
    assert out["discard"][0]["total"] == 18 and "全求人" in out["discard"][0]["way"]
    assert out["self_draw"]["total"] == 18 and "全求人" not in out["self_draw"]["way"]


def test_context_kong_flag_means_bloom_when_self_drawn():
    out = V.calc("[5555p]123m456m789s77s|EE1001", V.rules()).json
    # 七 暗杠 门清 "(8＋1)×3=27分"
    assert out["self_draw"]["total"] == 27
    assert out["discard"][0]["way"] == "门清 放炮"


def test_flags_and_options():
    out = V.calc(
        "123m456m789p234s55s", V.rules({"dead_double": True}), flags={"kong_cannon": 2}
    ).json
    assert out["discard"][0]["total"] == 24  # 八 例1 "门清牌型为12分×2倍=24分"
    out = V.calc("123m456m789p234s55s|ES0000", V.rules(), flags={"human": True}).json
    assert [d["discarder"] for d in out["discard"]] == ["上家"] and out["discard"][0]["total"] == 12


@pytest.mark.parametrize(
    ("hand", "flags", "jing", "match"),
    [
        ("123m456m789p234s55s", {"last_copy": True}, None, "does not know the flag"),
        ("123m456m789p234s55s", {}, "5m", "no jing"),
        ("[123m,1]456m789p234s55s", {}, None, "不准吃"),
        ("123m456m789p234s55s|ES0000", {"heavenly": True}, None, "dealer's alone"),
    ],
)
def test_calc_refusals(hand, flags, jing, match):
    with pytest.raises(MjError, match=match):
        V.calc(hand, V.rules(), flags=flags, jing=jing)


def test_cli_error_is_one_line():
    r = cli("[123m,1]456m789p234s55s")
    assert r.returncode == 2 and r.stderr.startswith("mjscore: ") and r.stderr.count("\n") == 1
