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


def _report(lang: str, path: str) -> str:
    import contextlib
    import io

    from mjscore.tui.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--lang", lang, "report", path]) == 0
    return out.getvalue()


def test_report_in_english_has_chinese_only_in_names_and_rule_names():
    from pathlib import Path

    import mjscore.tui

    from tests.engine.test_error_texts import _CJK, _WORDS

    demo = Path(mjscore.tui.__file__).parent / "data" / "demo.json"
    text = _report("en", str(demo))
    assert "== Review ==" in text and "Settle up (stake 1 per point)" in text
    for leak in ("回顾", "底注", "转账", "本盘", "累计", " 分", "庄 "):
        assert leak not in text, leak
    from mjscore.engine.record import VARIANTS
    from mjscore.engine.variants import get_variant

    # rule words of the declared data beyond the terms: each rule set's unit (南宁 倍) and
    # the 南宁 score item 基数 (the base b of the scoring table)
    units = {get_variant(v).data.unit for v in VARIANTS}
    from mjscore.engine.report_words import FLAG_ZH, HEADLINE_UNITS

    units |= set(HEADLINE_UNITS.values())  # 南宁 counts a hand in 翻 (its doublings)

    words = {"阿明", "小芳", "老王", "基数", *units, *FLAG_ZH.values(), *_WORDS}
    for word in sorted(words, key=len, reverse=True):
        text = text.replace(word, " ")
    assert not _CJK.search(text), _CJK.findall(text)


def test_report_in_chinese_has_no_english_words():
    from pathlib import Path

    import mjscore.tui

    demo = Path(mjscore.tui.__file__).parent / "data" / "demo.json"
    text = _report("zh", str(demo))
    assert "== 回顾 ==" in text and "结算（底注 1 / 分）" in text
    # what stays ASCII: the file name, player Lee, tile notation and the rounding unit
    words = set(ASCII_WORD.findall(text)) - {"demo", "json", "Lee"}
    assert not words, words


@run
async def test_footer_palette_key_in_chinese(ledger):
    from textual.widgets import Footer

    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = [str(k.description) for k in app.screen.query_one(Footer).query("FooterKey")]
    assert "命令" in keys and "palette" not in keys


def _palette_text(palette) -> tuple[str, list[str]]:
    from textual.command import CommandInput, CommandList

    field = palette.query_one(CommandInput)
    options = palette.query_one(CommandList)
    lines = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    return str(field.placeholder), lines


@run
async def test_command_palette_in_chinese(ledger):
    """Ctrl+P in Chinese: the placeholder, Textual's built-in commands (theme, quit, keys,
    screenshot) with their help, the "no matches" line and the theme search."""
    from textual.command import CommandList

    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        placeholder, lines = _palette_text(app.screen)
        assert placeholder == "搜索命令…"
        # each line without the key it names: "新牌局  (n)\n按键: n"
        text = "\n".join(re.sub(r"  \(.*\)|按键: .*", "", line) for line in lines)
        for zh in ("主题", "退出", "按键", "截图", "换一个颜色主题", "把当前画面存成图片"):
            assert zh in text, (zh, text)
        words = set(ASCII_WORD.findall(text))
        assert not words, (words, text)
        await pilot.press(*"qqqzzz")
        await pilot.pause(1.5)
        lines = _palette_text(app.screen)[1]
        assert len(lines) == 1 and "没有找到" in lines[0] and "No matches" not in lines[0], lines
        await pilot.press("escape")
        await pilot.pause()
        app.search_themes()
        await pilot.pause(0.3)
        assert _palette_text(app.screen)[0] == "搜索主题…"
        assert app.screen.query_one(CommandList)


@run
async def test_help_keys_written_as_the_footer_writes_them(ledger):
    sid = session(ledger, "nanjing")
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = str(app.screen.keys_table())
    assert "esc" in keys and "^e" in keys
    assert "escape" not in keys and "ctrl+e" not in keys
