"""Entering and correcting events at the table, found by keystrokes: corrections that
replace what was entered, the fish and horse fields, seat keys, the jing dialogs and typing
from a Chinese input method. Each test types what a person at the table typed."""

from __future__ import annotations

from mjscore.tui.screens.dialogs import JingCountDialog, WinDialog
from textual.widgets import Input

from tests.builders import (
    FLUSH,
    app_on,
    events,
    open_table,
    run,
    session,
    text_of,
)

SMALL = (80, 24)


@run
async def test_a_second_jing_count_opens_the_first_and_replaces_it(ledger):
    # `c` twice used to log two jing counts, and the win was then refused ("a hand has at
    # most one jing_count event (found 2)"): the second `c` now corrects the first
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j", *"5m", "tab", *"2p", "enter")
        await pilot.press("c", *"0,1", "tab", "tab", "tab", *"1,0", "enter")
        await pilot.pause()
        await pilot.press("c")
        d = app.screen
        assert isinstance(d, JingCountDialog)
        assert [d.query_one(f"#jc{i}", Input).value for i in range(4)] == [
            "0,1",
            "1,0",
            "0,0",
            "0,0",
        ]
        await pilot.press(*"0,2", "tab", "tab", "tab", *"2,0", "enter")
        await pilot.pause()
        await pilot.press("j")  # the reveal, too, is held once: it opens on the one entered
        assert app.screen.query_one("#indicator", Input).value == "5m"
        await pilot.press("escape")
        await pilot.press("w", "4", "0", "ctrl+t", *FLUSH, "enter")
        await pilot.pause()
        assert not isinstance(app.screen, WinDialog), text_of(app.screen.query_one("#dialog-error"))
    assert events(ledger, sid) == [
        [
            {"type": "jing", "indicator": "5m", "lower": "2p", "lower_counts": [[0, 0]] * 4},
            {"type": "jing_count", "counts": [[0, 2], [2, 0], [0, 0], [0, 0]]},
            {"type": "win", "player": 3, "from": None, "hand": FLUSH},
        ]
    ]


@run
async def test_enter_on_an_event_in_edit_hand_changes_it_in_place(ledger):
    # Edit hand could only delete the win and type it again; Enter now opens it, filled in
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("p", "3", "1", *"7p", "enter")
        await pilot.press("w", "1", "3", "ctrl+t", *"[555p,2]11122233m99s9s", "enter")
        await pilot.pause()
        await pilot.press("e", "down", "enter")  # the second event: the win
        await pilot.pause()
        d = app.screen
        assert isinstance(d, WinDialog)
        assert d.query_one("#tiles", Input).value == "[555p,2]11122233m99s9s"
        assert d.query_one("#from").value == 2
        await pilot.press("1", "4", "enter")  # the same winner, the discarder was Lee
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert events(ledger, sid) == [
        [
            {"type": "pung", "player": 2, "from": 0, "tile": "7p"},
            {"type": "win", "player": 0, "from": 3, "hand": "[555p,2]11122233m99s9s"},
        ]
    ]


FISH_AND_HORSES = {"horses": 2, "fishing": True}


@run
async def test_win_preview_with_horses_and_fish_untyped_is_provisional_and_enter_waits(ledger):
    # with 摸码/钓鱼 on the preview stayed empty (a refusal in English) until both were typed
    # right; now it shows the payments as no hits, marked provisional, and Enter waits
    sid = session(ledger, "nanning", options=FISH_AND_HORSES)
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "0")
        d = app.screen
        preview = text_of(d.query_one("#preview"))
        assert "暂定" in preview and "摸码 [a]/中码数 [i]、钓鱼 [f]" in preview
        assert "阿明       → 小芳            3" in preview  # 鸡胡 自摸: 3 from each, no hit
        assert "还要填" in text_of(d.query_one("#dialog-error"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is d  # refused until they are typed
        await pilot.press("f", "-", "shift+tab", "1")  # nobody fished; one horse hit
        await pilot.pause()
        preview = text_of(d.query_one("#preview"))
        assert "暂定" not in preview and "阿明       → 小芳            6" in preview
        await pilot.press("enter")
        await pilot.pause()
    assert events(ledger, sid) == [
        [
            {
                "type": "win",
                "player": 1,
                "from": None,
                "patterns": [],
                "horse_hits": 1,
                "fish": [None] * 4,
            }
        ]
    ]


@run
async def test_fish_and_horse_fields_say_their_format_in_both_languages(ledger):
    # 钓鱼 was an empty field; in English its whole label leaked into the summary line
    sid = session(ledger, "nanning", options=FISH_AND_HORSES)
    for lang, words in (("zh", ("2 张连写", "只按 -")), ("en", ("2 tiles together", "lone -"))):
        app = app_on(ledger, lang=lang)
        async with app.run_test(size=SMALL) as pilot:
            await open_table(pilot, sid)
            await pilot.press("w", "2", "1", "f", *"5m,-,-,3s")
            d = app.screen
            shown = " ".join(text_of(lab) for lab in d.query(".fsub"))
            assert all(w in shown for w in words)
            assert "阿明:5m 小芳:- 老王:- Lee:3s" in shown  # one slot per player, named
            summary = text_of(d.query_one("#dialog-error"))
            assert summary.startswith("✓") and "comma" not in summary
            await pilot.press("escape")
