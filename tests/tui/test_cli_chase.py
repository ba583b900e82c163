"""``mjscore chase``: the JSON shape of the issue, the text form with its assumptions, a
ledger session id as well as a record file, and one-line refusals."""

from __future__ import annotations

import json

import pytest
from mjscore.db import Ledger
from mjscore.tui.cli import main

RECORD = {
    "format": 1,
    "variant": "guobiao",
    "players": ["阿明", "小芳", "老王", "Lee"],
    "hands": [
        {"events": [{"type": "win", "player": 0, "from": 1, "fan": 24}]},
        {"events": [{"type": "flowers", "player": 2, "count": 1}]},
    ],
}
WAY_KEYS = {"self_draw", "discard_by_target", "discard_by_other"}


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def record(tmp_path):
    p = tmp_path / "s.json"
    p.write_text(json.dumps(RECORD, ensure_ascii=False), encoding="utf-8")
    return str(p)


def test_json_shape(capsys, record):
    code, out, err = run(capsys, "chase", record, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["target"] == "阿明"
    assert [p["name"] for p in data["players"]] == ["阿明", "小芳", "老王", "Lee"]
    lead, *others = data["players"]
    assert lead["gap"] == 0 and lead["ways"] is None  # the target itself
    for p in others:
        assert set(p["ways"]) == WAY_KEYS
        for w in p["ways"].values():
            assert w is None or {"value", "label", "payments"} <= set(w)
            if w is not None:
                assert all({"from", "to", "amount", "reason"} == set(x) for x in w["payments"])
    # RULES §3 seed: 小芳 (−24) off 阿明 (24): −24 + f > 24 − f → 25番
    xf = others[0]
    assert xf["gap"] == 48 and xf["ways"]["discard_by_target"]["value"] == 25
    # the payment is the fan total: 25, flowers none for 小芳
    assert xf["ways"]["discard_by_target"]["payments"] == [
        {
            "from": 0,
            "to": 1,
            "amount": 25,
            "reason": xf["ways"]["discard_by_target"]["payments"][0]["reason"],
        }
    ]
    # 老王 has one flower logged in the open hand: it is paid on top of the fan total
    lw = others[1]["ways"]["discard_by_target"]
    assert lw["value"] == 12 and lw["payments"][0]["amount"] == 13
    assert set(data["margin"]) == WAY_KEYS
    assert data["assumptions"] and all({"id", "zh", "en"} <= set(a) for a in data["assumptions"])


def test_player_and_target(capsys, record):
    code, out, _ = run(capsys, "chase", record, "--json", "--player", "Lee", "--target", "老王")
    data = json.loads(out)
    assert code == 0 and data["target"] == "老王"
    assert [p["name"] for p in data["players"]] == ["Lee"]
    # Lee (0) and 老王 (0) are level: gap 0 still gets the hands that put Lee strictly ahead
    assert data["players"][0]["gap"] == 0 and data["players"][0]["ways"]["self_draw"]["value"] == 8
    code, out, _ = run(capsys, "chase", record, "--json", "--target", "first", "--player", "3")
    assert code == 0 and json.loads(out)["target"] == "first"


def test_text_states_the_assumptions(capsys, record):
    code, out, _ = run(capsys, "--lang", "en", "chase", record)
    assert code == 0
    assert "Chase: catching 阿明 (unit fan)" in out
    assert "off 阿明's discard: 25 fan" in out
    assert "Assumptions:" in out and "flowers as logged in this hand" in out
    code, out, _ = run(capsys, "--lang", "zh", "chase", record)
    assert "追分：追 阿明（单位 番）" in out and "假设：" in out


def test_ledger_session(capsys, tmp_path):
    db = tmp_path / "l.sqlite3"
    led = Ledger.open(str(db))
    sid = led.create_session("nanning", ["阿明", "小芳", "老王", "Lee"])
    led.add_event(sid, {"type": "win", "player": 0, "from": 1, "patterns": ["all_pungs"]})
    led.close()
    code, out, err = run(capsys, "--db", str(db), "chase", str(sid), "--json")
    assert code == 0, err
    assert json.loads(out)["players"][1]["ways"]["self_draw"]["value"] == 1


@pytest.mark.parametrize("extra", [("--player", "Nobody"), ("--target", "9"), ("--player", "0")])
def test_bad_player_is_one_line(capsys, record, extra):
    code, out, err = run(capsys, "chase", record, *extra)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
