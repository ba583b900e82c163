"""The club side of the app under Pilot: presets from the config file in the new-session form,
rematch from the home screen, the theme kept across runs, a bad config file, and the
standings and night screens."""

from __future__ import annotations

import json
import os
from pathlib import Path

from mjscore.tui import settings
from mjscore.tui.screens.club import NightScreen, StandingsScreen
from mjscore.tui.screens.home import HomeScreen, SessionList
from mjscore.tui.screens.new_session import NewSessionScreen
from mjscore.tui.screens.review import ReviewScreen
from mjscore.tui.screens.table import TableScreen

from tests.builders import SIZE, app_on, run, session, text_of


def write_config(obj) -> Path:
    p = Path(os.environ["MJSCORE_CONFIG"])
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False), "utf-8")
    return p


FRIDAY = {
    "stake": "0.2",
    "presets": {
        "Friday": {
            "variant": "guobiao",
            "options": {"min_fan": 6},
            "stake": "2",
            "players": ["Ann", "Bob", "Cy", "Dee"],
        }
    },
}


@run
async def test_new_session_form_offers_the_presets(ledger):
    write_config(FRIDAY)
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        s = app.screen
        assert isinstance(s, NewSessionScreen)
        assert s.query_one("#stake").value == "0.2"  # the default stake of the config file
        assert "Friday" in text_of(s.query_one("#preset"))
        await pilot.press("shift+tab")  # the presets' row is above the rule set's
        assert s.focused is s.query_one("#preset")
        await pilot.press("a")  # the first preset
        await pilot.pause()
        assert s.variant_id == "guobiao"
        assert s.query_one("#opt-guobiao-min_fan").value == "6"
        assert s.query_one("#stake").value == "2"
        assert [s.query_one(f"#player{i}").value for i in range(4)] == ["Ann", "Bob", "Cy", "Dee"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    info = ledger.list_sessions()[0]
    assert (info.variant, info.players, str(info.stake)) == (
        "guobiao",
        ("Ann", "Bob", "Cy", "Dee"),
        "2",
    )
    assert info.options == {"min_fan": 6}


@run
async def test_rematch_keeps_or_rotates_the_seats(ledger):
    sid = session(ledger, "nanjing", names=["Ann", "Bob", "Cy", "Dee"], stake="0.5", first_dealer=2)
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.session_id == sid + 1
        app.pop_screen()
        await pilot.pause()
        table = app.screen.query_one(SessionList)
        table.move_cursor(row=1)  # the first session again (newest first)
        await pilot.press("M")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.session_id == sid + 2
    kept, rotated = ledger.session_info(sid + 1), ledger.session_info(sid + 2)
    assert kept.players == ("Ann", "Bob", "Cy", "Dee")
    assert rotated.players == ("Dee", "Ann", "Bob", "Cy")  # everyone one seat on
    for s in (kept, rotated):
        assert (s.variant, str(s.stake), s.first_dealer) == ("nanjing", "0.5", 2)


@run
async def test_the_theme_chosen_persists(ledger):
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.theme = "nord"  # what choosing it in the command palette does
        await pilot.pause()
    assert settings.load()[0].theme == "nord"
    again = app_on(ledger)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


@run
async def test_a_bad_config_file_is_one_line_and_the_defaults(ledger):
    p = write_config('{"language": "fr", ')
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        notes = [n.message for n in app._notifications]
        assert len(notes) == 1 and str(p) in notes[0] and "\n" not in notes[0]
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#stake").value == "1"  # the default stake
        app.theme = "nord"  # not saved over a file the user must fix
        await pilot.pause()
    assert p.read_text("utf-8") == '{"language": "fr", '


def test_bad_config_shapes_are_refused_in_one_line():
    for text, says in [
        ("[]", "expected a JSON object"),
        ('{"language": "fr"}', "language"),
        ('{"stake": "-1"}', "stake"),
        ('{"presets": {"x": {"variant": "mahjong"}}}', "presets.x.variant"),
        ('{"presets": {"x": {"variant": "guobiao", "players": [1]}}}', "presets.x.players"),
        ('{"colour": "red"}', "unknown key"),
    ]:
        write_config(text)
        got, problem = settings.load()
        assert got == settings.Settings() and problem is not None
        assert says in problem and "\n" not in problem


def test_language_is_flag_then_config_then_locale(cli, ledger, monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert settings.language(None) == "en"
    write_config({"language": "zh"})
    assert settings.language(None) == "zh"
    assert settings.language("en") == "en"
    write_config("not json")
    assert settings.language(None) == "en"


def test_config_flag_names_the_file(cli, tmp_path, file_ledger):
    cfg = tmp_path / "mine.json"
    cfg.write_text('{"language": "zh"}', "utf-8")
    r = cli("--config", str(cfg), "standings", "--db", str(file_ledger.path))
    assert r.returncode == 0 and r.stdout.strip() == "没有牌局"
    r = cli("--lang", "en", "--config", str(cfg), "standings", "--db", str(file_ledger.path))
    assert r.stdout.strip() == "no sessions"


@run
async def test_standings_and_night_screens(ledger):
    sid = session(ledger, "guobiao", names=["Ann", "Bob", "Cy", "Dee"], stake="0.5")
    ledger.record_hand(sid, [{"type": "win", "player": 0, "from": 1, "fan": 8}])
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        shown = text_of(app.screen.query_one("#club-text"))
        assert shown.splitlines()[1].split()[:2] == ["1.", "Ann"]
        await pilot.press("v")  # one rule set at a time
        await pilot.pause()
        assert app.screen.variant is not None
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NightScreen)
        shown = text_of(app.screen.query_one("#club-text"))
        assert "Bob" in shown and "Ann" in shown and "Bob pays Ann  4.0" in shown  # 8 × 0.5


def test_a_bad_config_file_is_one_line_on_the_command_line(cli, file_ledger):
    p = write_config("{oops")
    r = cli("standings", "--db", str(file_ledger.path))
    assert r.returncode == 0
    assert r.stderr.count("\n") == 1 and str(p) in r.stderr and "using the defaults" in r.stderr
