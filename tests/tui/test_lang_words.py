"""One language per run: with ``--lang zh`` the new-session form and the help screen say
every word in Chinese (option names, values, the scoring formula); with ``--lang en`` the
option help is English alone."""

from __future__ import annotations

import re

from mjscore.tui.screens.help import HelpScreen

from tests.builders import SIZE, app_on, open_table, run, session, text_of

ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z_]+")


@run
async def test_new_session_options_in_chinese(ledger):
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        labels = [text_of(w) for w in app.screen.query("#options-guobiao .flabel")]
        meanings = [text_of(w) for w in app.screen.query("#options-guobiao .fmeaning")]
        picker = text_of(app.screen.query_one("#opt-guobiao-payment"))
        nanchang = [text_of(w) for w in app.screen.query("#options-nanchang .fmeaning")]
    assert labels == ["起和番数", "计分方式", "错和罚分", "连庄"]
    assert "原规则" in picker and "比赛" in picker and "seed" not in picker
    for m in meanings + nanchang:  # no option id, choice or null in the Chinese help
        assert not ASCII_WORD.search(m), m


@run
async def test_new_session_option_help_in_english_alone(ledger):
    app = app_on(ledger, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        meanings = [text_of(w) for w in app.screen.query("#options-guobiao .fmeaning")]
    assert meanings and all("（" not in m and "起和" not in m for m in meanings)
    assert any("minimum fans to win, flowers excluded" in m for m in meanings)


@run
async def test_help_screen_formula_and_options_in_chinese(ledger):
    sid = session(ledger, "nanchang")
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(text_of(w) for w in app.screen.query("Static"))
    assert "每家付 基本分·M·f·d" in text and "each pays" not in text
    assert "基本分" in text and "封顶" in text and "chongguan_cap" not in text
