"""``mjscore calc nanjing HAND``: patterns and flowers with their values, and what each payer
would pay for a discard and a self-draw (JSON and text), through the command line (``main``, in-process)."""

import json

from tests.builders import mjscore


def calc(*args, as_json=True):
    r = mjscore("calc", "nanjing", *args, *(["--json"] if as_json else []))
    if as_json and r.returncode == 0:
        return r.returncode, json.loads(r.stdout), r.stderr
    return r.returncode, r.stdout, r.stderr


def test_seed_example_json():
    # seed 001: 混一色40+门清20+基数20+软硬花4*2=88花; self-drawn → 88 from each of the three
    rc, out, _ = calc("123456789m23mEE1m|EE1000|abcd")
    assert rc == 0
    assert {(p["id"], p["value"]) for p in out["patterns"]} == {
        ("concealed", 20),
        ("half_flush", 40),
    }
    assert out["hard_flowers"] == 4 and out["soft_flowers"] == 0
    assert out["value"] == 88 and out["unit"] == "花" and out["legal"] is True
    assert out["payments"]["self_draw"] == {"each": 88, "total": 264}
    assert out["payments"]["discard"] == {"discarder": 88, "others": 0, "total": 88}
    assert out["payments"]["robbed_kong"] is None


def test_seed_example_text():
    rc, out, _ = calc("123456789m23mEE1m|EE1000|abcd", as_json=False)
    assert rc == 0
    assert "混一色" in out and "门清" in out and "88 花" in out
    assert "each of the three others pays 88" in out and "discarder pays 88" in out


def test_soft_flower_items_and_kong_bloom_from_context():
    # context K=1 on a self-draw = 大杠开 (×2); a self-draw-only win has no discard price
    rc, out, _ = calc("[5555p]123m456m23s55s4s|EE1001|1")
    assert rc == 0
    assert [(i["id"], i["value"], i["count"]) for i in out["soft_items"]] == [
        ("kong_concealed", 2, 1)
    ]
    assert out["factor"] == 2 and out["value"] == (20 + 2 * 3 + 20) * 2
    assert out["payments"]["discard"] is None and out["payments"]["self_draw"]["each"] == 92


def test_robbed_kong_from_context():
    # the robbed player's pung holds the other three copies: the win completes a sequence (压档 here)
    rc, out, _ = calc("[111m,1][999p,2]444s66s79s8s|EE0001|4")
    assert rc == 0
    assert out["value"] == 20 + 2 * (4 + 1)
    assert out["payments"]["robbed_kong"] == {"robbed": 3 * 30, "others": 0, "total": 3 * 30}
    assert out["payments"]["self_draw"] is None and out["payments"]["discard"] is None


def test_flags_add_bonuses():
    rc, out, _ = calc(
        "123m456m789p23s55s4s|EE1000|1", "--flag", "flower_bloom", "--flag", "last_tile"
    )
    assert rc == 0 and out["value"] == 20 + 2 + 20 + 20 + 10
    assert {"flower_bloom", "last_tile"} <= {i["id"] for i in out["items"]}


def test_small_win_reported_not_refused():
    # calc is a calculator: an illegal 小胡 is reported (a session refuses it)
    rc, out, _ = calc("[111m,1]234m567p23s55s4s|EE0000|3")
    assert rc == 0 and out["legal"] is False and "门清" in out["refusal"]
    rc, text, _ = calc("[111m,1]234m567p23s55s4s|EE0000|3", as_json=False)
    assert "不成胡" in text


def test_errors_one_line_exit_2():
    for args in (
        ["123m456m789p23s55s4s", "--flag", "human"],  # Nanning's flag
        ["123m456m789p23s55s4s", "--jing", "5m"],
        ["123m456m789p23s55C4s"],  # 中 is a flower in Nanjing
        ["123m456m789p23s56s4s"],  # not a win
        ["123m456m789p23s55s4s|ES1000", "--flag", "heavenly"],  # 天胡 for the dealer (seat E) only
    ):
        rc, out, err = calc(*args)
        assert rc == 2, args
        assert len(err.strip().splitlines()) == 1 and err.startswith("mjscore:")


def test_calc_refuses_impossible_situations_in_process():
    # RULES.md §2 天胡: "the dealer's hand after the opening flower replacement is complete" (no
    # claim or kong before it); §0 "Only an added kong (补杠) can be robbed": the robbed pung holds
    # the other three copies, so the winner cannot hold the robbed tile already
    import pytest
    from mjscore.engine.errors import ErrorCode, MjError
    from mjscore.engine.variants import get_variant

    v = get_variant("nanjing")
    for hand, flags, code in (
        ("[111m,1]234m567p23s55s4s|EE1000|4", {"heavenly": True}, ErrorCode.BAD_FLAG),
        ("[111m,1][999p,2]555s77s88s8s|EE0001|1", {}, ErrorCode.CONTRADICTION),
    ):
        with pytest.raises(MjError) as e:
            v.calc(hand, v.rules(), flags=flags)
        assert e.value.code == code and e.value.where
