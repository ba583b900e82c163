"""Refusals in the run's language: the app in zh or en names players as it shows them and
never a record path; the command line prints its one line in the run's language with the
field path kept."""

from __future__ import annotations

import json

import pytest
from mjscore.engine.errors import MjError
from mjscore.engine.record import Hand, event_from_json, validate_hand_structure
from mjscore.engine.variants import get_variant
from mjscore.tui.cli import main
from mjscore.tui.widgets.describe import explain_error

from tests.builders import SIZE, app_on, open_table, run, session, text_of

NAMES = ["Zhang", "Li", "Zhao Zhao", "Qian"]


def _added_kong_refusal() -> MjError:
    # RULES.md §1: an added kong is paid by the pung's supplier; a different 'from' is refused
    evs = (
        event_from_json({"type": "pung", "player": 0, "from": 1, "tile": "7p"}, "pung"),
        event_from_json(
            {"type": "kong", "player": 0, "kind": "added", "from": 2, "tile": "7p"}, "kong"
        ),
    )
    with pytest.raises(MjError) as info:
        validate_hand_structure(Hand(evs), get_variant("nanjing"), "hand 8", last=True)
    return info.value


def test_refusal_in_chinese_names_players_as_shown():
    shown = explain_error(_added_kong_refusal(), "zh", NAMES)
    assert shown.startswith("不能记录 (第8盘): ")
    assert "Zhao Zhao [3]" in shown and "Li [2]" in shown and "补杠" in shown
    # no English word of the message, no 0-based seat, no record field
    for leak in ("seat", "座位", "'from'", "events[", "pung", "supplier"):
        assert leak not in shown, leak


def test_refusal_in_english_keeps_the_english_message():
    e = _added_kong_refusal()
    # the command line's text as before, with the record's 0-based seats
    assert "its 'from' (seat 2) differs from the pung's (seat 1)" in str(e)
    shown = explain_error(e, "en", NAMES)
    assert "it names Zhao Zhao [3] as supplier, but Li [2] supplied the pung" in shown
    assert "'from'" not in shown and "seat" not in shown


@run
async def test_win_dialog_refusal_in_english(ledger):
    # RULES.md §3: 国标 needs 8 fans (flowers not counted); a declared 6 is refused
    sid = session(ledger, "guobiao")
    app = app_on(ledger, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "3", "1", "6")
        await pilot.pause()
        shown = text_of(app.screen.query_one("#dialog-error")) + text_of(
            app.screen.query_one("#preview")
        )
        await pilot.press("escape")
    assert "Refused: 6 fan is below the minimum of 8" in shown
    assert "events[" not in shown and "番不到" not in shown


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        ("zh", "mjscore: players: 应为四个玩家名字的列表（按出牌顺序）"),
        ("en", "mjscore: players: expected a list of four player names in turn order"),
    ],
)
def test_command_line_refusal_in_the_run_language(tmp_path, capsys, lang, want):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"variant": "nanning"}), encoding="utf-8")
    assert main(["--lang", lang, "replay", str(path)]) == 2
    assert capsys.readouterr().err.strip() == want
