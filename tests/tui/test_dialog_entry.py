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
