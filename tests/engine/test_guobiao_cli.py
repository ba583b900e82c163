"""`mjscore calc guobiao …` as a user runs it (in-process): text, --json, options, flags, errors."""

from __future__ import annotations

import json

import pytest

from tests.builders import mjscore as mj


def test_goal_thirteen_orphans_text():
    # issue 2 goal: "prints 十三幺 88 and 自摸 1"
    r = mj("calc", "guobiao", "19m19p19sESWNCFPP|EE1000")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("十三幺 88") and lines[1].startswith("自摸 1")
    assert "89" in r.stdout


def test_json_output():
    r = mj("calc", "guobiao", "[123p,1][234p,1]344556p99s|EE1000|ab", "--json")
    assert r.returncode == 0, r.stderr
    js = json.loads(r.stdout)
    assert set(js) == {"fans", "total", "min_fan", "below_minimum"}
    names = [f["name"] for f in js["fans"]]
    assert names[:1] == ["一色四步高"] and "单钓将" in names and "花牌" in names
    assert js["total"] == 32 + 2 + 1 + 1 + 1 + 2 and js["below_minimum"] is False


def test_below_minimum_reported_exit_0_and_option():
    r = mj("calc", "guobiao", "[NNN,3]77789m11888p7m", "--json")
    assert r.returncode == 0
    assert json.loads(r.stdout)["below_minimum"] is True
    r = mj("calc", "guobiao", "[NNN,3]77789m11888p7m", "--json", "--option", "min_fan=6")
    assert json.loads(r.stdout) | {"fans": None} == {
        "fans": None,
        "total": 6,
        "min_fan": 6,
        "below_minimum": False,
    }
    r = mj("calc", "guobiao", "[NNN,3]77789m11888p7m")
    assert "低于起和 8 番" in r.stdout


def test_flag():
    r = mj(
        "calc", "guobiao", "[1111m][111p,3]999p11999s|EE1000", "--flag", "kong_bloom=1", "--json"
    )
    assert r.returncode == 0, r.stderr
    assert "杠上开花" in [f["name"] for f in json.loads(r.stdout)["fans"]]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("123456789m1234p5p",), "not a winning hand"),
        (("19m19p19sESWNCFPP|EE1000", "--flag", "heavenly"), "heavenly"),
        (("19m19p19sESWNCFPP|EE1000", "--option", "payment=cash"), "payment"),
        (("19m19p19sESWNCFPQ",), "unknown character"),
    ],
)
def test_errors_exit_2_one_line(args, words):
    r = mj("calc", "guobiao", *args)
    assert r.returncode == 2
    assert r.stdout == ""
    err = r.stderr.strip().splitlines()
    assert len(err) == 1 and words in err[0] and "Traceback" not in r.stderr
