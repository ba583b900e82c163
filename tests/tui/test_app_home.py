"""Pilot tests of start-up, the home screen, new sessions, the demo, language, the
command palette, help and the reports hook."""

from __future__ import annotations

import asyncio
import re

from mjscore.tui.app import DEMO_NOTE, ActionsProvider
from mjscore.tui.i18n import detect_lang
from mjscore.tui.screens.help import HelpScreen
from mjscore.tui.screens.home import HomeScreen, SessionList
from mjscore.tui.screens.new_session import NewSessionScreen
from mjscore.tui.screens.table import TableScreen
from rich.cells import cell_len

from tests.builders import SIZE, app_on, events, new_ledger, open_table, run, session, text_of


@run
async def test_home_lists_sessions_with_leader(ledger):
    sid = session(ledger, "nanning")
    ledger.add_event(sid, {"type": "win", "player": 3, "from": 0, "patterns": ["all_pungs"]})
    session(ledger, "guobiao", names=["A", "B", "C", "D"])
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        table = app.screen.query_one(SessionList)
        assert table.row_count == 2
        newest, older = ([str(c) for c in table.get_row_at(i)] for i in range(2))
        assert newest[2].startswith("国标") and newest[3] == "0" and newest[4] == "—"
        assert older[2].startswith("南宁") and "阿明" in older[6] and older[3] == "1"
        assert older[4] == "Lee +9"  # the leader with the running total
        table.move_cursor(row=1)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.session_id == sid


@run
async def test_new_session_explains_invalid_fields_then_creates(ledger):
    session(ledger, "nanning", names=["阿明", "小芳", "老王", "Leeroy"])  # past players
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        s = app.screen
        assert isinstance(s, NewSessionScreen)
        await pilot.press("3")  # 国标: the rule set is the first field; then focus moves on
        await pilot.pause()
        assert s.variant_id == "guobiao" and s.focused is s.query_one("#player0")
        assert s.query_one("#opt-guobiao-min_fan").value == "8"  # default shown
        assert "minimum fans" in text_of(
            s.query("#options-guobiao .fmeaning").first()
        )  # one-line meaning
        # autocomplete from past players: type a prefix, accept the suggestion with →
        await pilot.press("L", "e")
        await pilot.pause(0.2)
        await pilot.press("right")
        assert s.query_one("#player0").value == "Leeroy"
        s.query_one("#player1").value = "Leeroy"
        s.query_one("#player2").value = "C"
        s.query_one("#player3").value = "D"
        s.query_one("#stake").value = "-2"
        s.query_one("#opt-guobiao-min_fan").value = "abc"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)  # refused
        assert text_of(s.query_one("#err-player1")) == "names must differ"
        assert "positive" in text_of(s.query_one("#err-stake"))
        assert text_of(s.query_one("#err-opt-guobiao-min_fan")) == "enter a whole number"
        s.query_one("#player1").value = "B"
        s.query_one("#stake").value = "0.5"
        s.query_one("#opt-guobiao-min_fan").value = "6"
        s.query_one("#dealer").choose(2)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    info = ledger.list_sessions()[0]
    assert info.variant == "guobiao" and info.players == ("Leeroy", "B", "C", "D")
    assert info.options == {"min_fan": 6} and str(info.stake) == "0.5" and info.first_dealer == 2


@run
async def test_demo_imported_once_and_opened(ledger):
    app = app_on(ledger, demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.query_one("HandLog").row_count >= 6
    app = app_on(ledger, demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
    demos = [s for s in ledger.list_sessions() if s.notes == DEMO_NOTE]
    assert len(demos) == 1 and demos[0].hands_played == 6 and not demos[0].ended


@run
async def test_chinese_labels_and_plain_text_names(ledger):
    names = ["[b]x[/b]", "🀄🀄", "名" * 40, "[red]R"]
    sid = session(ledger, "nanning", names=names)
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        card = text_of(app.screen.query_one("#seat-0"))
        assert "[b]x[/b]" in card and "庄" in card
        assert "🀄🀄" in text_of(app.screen.query_one("#seat-1"))
        assert "…" in text_of(app.screen.query_one("#seat-2"))  # long names are cut, not wrapped
        assert "[red]R" in text_of(app.screen.query_one("#seat-3"))
        descriptions = {b.binding.description for b in app.screen.active_bindings.values()}
        assert {"胡牌", "杠", "撤销"} <= descriptions
        await pilot.press("w", "1", "4", "enter")
        await pilot.pause()
    assert events(ledger, sid)[0][0]["player"] == 0


def test_language_from_locale():
    assert detect_lang({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert detect_lang({"LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"}) == "en"
    assert detect_lang({"LANG": "de_DE.UTF-8"}) == "en"


@run
async def test_command_palette_lists_and_runs_table_actions(ledger):
    sid = session(ledger, "nanjing")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        provider = ActionsProvider(app.screen)
        labels = [label for label, _, _ in provider._commands()]
        for expected in (
            "Win",
            "Kong",
            "Pung",
            "Flowers",
            "Penalty",
            "False win",
            "Draw",
            "Undo",
            "Rules & keys",
        ):
            assert any(label.startswith(expected + "  (") for label in labels), expected
        assert not any(label.startswith("Jing") for label in labels)  # Nanchang only
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"penalty")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "PenaltyDialog"
        await pilot.press("2", "s", "enter")
        await pilot.pause()
    assert events(ledger, sid) == [[{"type": "penalty", "player": 1, "kind": "same_round"}]]


@run
async def test_help_shows_the_rule_sets_scoring_table(ledger):
    sid = session(ledger, "nanjing", options={"bixiahu_stack": True})
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(text_of(w) for w in app.screen.query("Static"))
        assert "对对胡" in text and "40" in text and "双七对" in text
        assert "bixiahu_stack" in text and "True" not in text  # values in words
        assert re.search(r"bixiahu_stack\s+yes", text)
        # RULES.md §2 "抢杠 counts as a self-draw paid entirely (3H) by the robbed player"
        assert "robbed player pays 3H" in text
        assert "Kong" in text  # the keys of the table screen
        keys = text_of(app.screen.query("Static").last())
        assert keys.count("Rules & keys") == 1 and "Focus Next" not in keys
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@run
async def test_reports_hook_pushes_review(ledger):
    sid = session(ledger, "nanning")
    ledger.add_event(sid, {"type": "false_win", "player": 3})
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "ReviewScreen"
        await pilot.press("e")  # the review's "edit this hand" comes back to the table's editor
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "HandEditScreen" and app.screen.number == 1


@run
async def test_new_session_typed_in_one_burst(ledger):
    # From the home screen: n, rule set 2, four names with Tab between, Ctrl+S, then a
    # kong — all queued at once (tmux send-keys / fast typing). Tab used to be lost while
    # the focus move after the rule set was still pending, so every name ran together.
    from tests.builders import type_fast

    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # two bursts: the first name's field gets its Focus event between them (it used to
        # select the "A" typed at once, so the "l" replaced it)
        await type_fast(pilot, "n", "2", "A")
        await type_fast(
            pilot,
            *"lice",
            "tab",
            *"Bob",
            "tab",
            *"Mei",
            "tab",
            *"Wang",
            "ctrl+s",
            "k",
            "1",
            "c",
            "enter",
        )
        assert isinstance(app.screen, TableScreen)
    (s,) = ledger.list_sessions()
    assert s.variant == "nanjing" and list(s.players) == ["Alice", "Bob", "Mei", "Wang"]
    assert events(ledger, s.id) == [[{"type": "kong", "player": 0, "kind": "concealed"}]]


@run
async def test_option_defaults_shown_as_words(ledger):
    # defaults were shown as Python reprs ("default False", "default 'last_drawer'")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        meanings = [text_of(m) for m in app.screen.query("#options-nanning .fmeaning")]
    assert any(m.endswith("default no") for m in meanings)
    assert any(m.endswith("default last_drawer") for m in meanings)
    assert not any("default False" in m or "default '" in m for m in meanings)


@run
async def test_leader_score_never_cut_at_100_columns(ledger):
    # at 100 columns the players column pushed the leader's score off ("Cat +2")
    sid = session(ledger, "nanning", names=["Ann", "Ben", "Cat", "东方不败东方不败东方不败"])
    for _ in range(3):
        ledger.add_event(
            sid,
            {
                "type": "win",
                "player": 2,
                "from": None,
                "patterns": ["full_flush", "all_pungs"],
                "concealed": True,
            },
        )
    app = app_on(ledger)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(SessionList)
        total = max(ledger.replay(sid).totals)
        lead_col = [c.key.value for c in table.ordered_columns].index("leader")
        x = sum(c.get_render_width(table) for c in table.ordered_columns[: lead_col + 1])
        assert x <= 100  # the whole leader column is on screen
        assert str(table.get_row_at(0)[lead_col]) == f"Cat {total:+d}"


async def _home_lines(ledger, lang: str, size: tuple[int, int]) -> list[str]:
    """The home screen's lines as the terminal shows them."""
    app = app_on(ledger, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        return [strip.text for strip in app.screen._compositor.render_strips()]


def _players_in_view(lang: str) -> None:
    ledger = new_ledger()
    tables = [
        ["阿明", "小芳", "老王", "Lee"],
        ["Annabelle", "Bartholomew", "王小明", "Christina"],
        ["东方不败", "Maximilian", "令狐冲", "欧阳锋"],
    ]
    for _ in range(30):  # enough sessions for the list to scroll (its scrollbar takes room)
        session(ledger, "guobiao", names=["A", "B", "C", "D"])
    for names in tables:  # the newest, at the top of the list
        sid = session(ledger, "nanning", names=names)
        ledger.add_event(sid, {"type": "win", "player": 1, "from": 0, "patterns": ["all_pungs"]})
    lines = asyncio.run(_home_lines(ledger, lang, (80, 24)))
    shown = "\n".join(lines)
    for names in tables:
        row = next(line for line in lines if all(n[:2] in line for n in names))
        for n in names:
            assert n in row, (lang, n, row)
    assert all(cell_len(line) <= 80 for line in lines)
    assert "+" in shown  # the leader's score is in view too


def test_every_player_in_view_at_80_columns_in_chinese():
    _players_in_view("zh")


def test_every_player_in_view_at_80_columns_in_english():
    _players_in_view("en")


@run
async def test_list_takes_the_compact_layout_only_below_110_columns(ledger):
    session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(SessionList)
        keys = lambda: [c.key.value for c in table.ordered_columns]  # noqa: E731
        assert keys()[:3] == ["id", "date", "variant"]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert keys()[:2] == ["id", "players"] and table.row_count == 1
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert keys()[:3] == ["id", "date", "variant"] and table.row_count == 1


@run
async def test_narrow_footer_keys_are_styled_once_on_the_first_frame(ledger, monkeypatch):
    # Textual's keys took the footer's compact class only once mounted: every key was
    # styled a second time on the first frame of a narrow terminal
    from textual.css.stylesheet import Stylesheet
    from textual.widgets._footer import FooterKey

    styled: dict[int, int] = {}
    apply = Stylesheet.apply

    def counting(self, node, *a, **kw):
        if isinstance(node, FooterKey):
            styled[id(node)] = styled.get(id(node), 0) + 1
        return apply(self, node, *a, **kw)

    monkeypatch.setattr(Stylesheet, "apply", counting)
    app = app_on(ledger)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        keys = list(app.screen.query(FooterKey))
        assert keys and all(k.has_class("-compact") for k in keys)
        assert all(styled.get(id(k)) == 1 for k in keys), sorted(styled.values())
