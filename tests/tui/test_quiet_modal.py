"""Closing a dialog does not lay the table out again, and a confirmed or undone hand is
drawn without a layout pass of the table (its widgets keep their sizes), yet shows right:
the new rows, the totals, the heading, the scrollbar."""

from __future__ import annotations

import inspect

from mjscore.db.ledger import Ledger
from mjscore.tui.screens.dialogs import ConfirmDialog, WinDialog
from mjscore.tui.screens.table import TableScreen
from mjscore.tui.widgets.table import HandLog
from textual.app import App
from textual.screen import Screen

from tests.builders import FLUSH, app_on, open_table, run, session, text_of


def test_the_private_textual_method_the_quiet_close_uses_is_still_there():
    """tui/screens/dialogs/quiet.py calls ``App._prune(widget, parent=None)``: a Textual
    upgrade that drops or renames it must fail here, not in front of a user."""
    assert "parent" in inspect.signature(App._prune).parameters


def count_layouts(monkeypatch) -> list[str]:
    """The screens laid out from now on (scroll-only reflows not counted)."""
    laid_out: list[str] = []
    real = Screen._refresh_layout

    def refresh_layout(self, size=None, scroll=False):
        if not scroll:
            laid_out.append(type(self).__name__)
        return real(self, size, scroll)

    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    return laid_out


def rows_of(log: HandLog) -> list[list[str]]:
    return [[str(c) for c in log.get_row_at(i)] for i in range(log.row_count)]


@run
async def test_a_dialog_closed_with_escape_lays_nothing_out(monkeypatch):
    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, sid)
        await pilot.pause()
        table = app.screen
        for key in ("w", "u"):  # an event dialog; the undo question is a yes/no dialog
            if key == "u":
                led.add_event(sid, {"type": "win", "player": 0, "from": 1, "hand": FLUSH})
                table.reload()
                await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, WinDialog if key == "w" else ConfirmDialog)
            laid_out = count_layouts(monkeypatch)
            await pilot.press("escape")
            await pilot.pause()
            await pilot.pause()
            assert app.screen is table
            assert laid_out == []  # (Textual's own close laid the table out twice)
            monkeypatch.undo()


def long_session(n: int) -> tuple[Ledger, int]:
    led = Ledger.memory()
    sid = session(led, "nanjing")
    for i in range(n):
        led.add_event(sid, {"type": "win", "player": i % 4, "from": (i + 1) % 4, "hand": FLUSH})
    return led, sid


@run
async def test_a_hand_confirmed_and_undone_in_a_long_session_lays_nothing_out(monkeypatch):
    led, sid = long_session(40)  # more rows than the log shows: its scrollbar is up
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, sid)
        await pilot.pause()
        table = app.screen
        log = table.query_one(HandLog)
        assert log.show_vertical_scrollbar
        before = rows_of(log)
        await pilot.press("w", "2", "3")
        app.screen.action_tiles()
        await pilot.press(*FLUSH)
        await pilot.pause()
        laid_out = count_layouts(monkeypatch)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is table and len(led.get_session(sid).hands) == 41
        assert laid_out == []
        rows = rows_of(log)
        assert rows[:40] == before[:40]  # the hands before are as they were
        rep = led.replay(sid)
        assert rows[40][0] == "41"
        assert rows[40][2:6] == [f"{d:+d}" for d in rep.hands[-1].result.deltas]
        want = [f"{t:+d}" for t in rep.totals]
        assert rows[41][2:6] == want and rows[41][1] == "Totals"
        assert "Saved" in text_of(table.query_one("#hand-log-label"))
        # the scrollbar follows the new height, the totals row is in view
        assert log.virtual_size.height == log.row_count + 1  # (the header)
        assert log.vertical_scrollbar.window_virtual_size == log.virtual_size.height
        assert log.scroll_y == log.max_scroll_y
        assert log.cursor_row == 40

        await pilot.press("u")  # the hand's win: asked first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        laid_out.clear()  # (the question itself is laid out)
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is table and len(led.get_session(sid).hands) == 40
        assert laid_out == []
        assert rows_of(log)[:40] == before[:40] and log.row_count == 41
        assert rows_of(log)[40][2:6] == before[40][2:6]  # the totals as before
        assert log.vertical_scrollbar.window_virtual_size == log.virtual_size.height
        assert log.scroll_y == log.max_scroll_y


@run
async def test_the_log_gets_its_scrollbar_when_its_rows_outgrow_it_and_loses_it_after():
    """A row that makes the log taller than its box brings the scrollbar (a layout pass);
    the cursor's row and the totals stay in view."""
    led, sid = long_session(0)
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, sid)
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        log = table.query_one(HandLog)
        n = 0
        while log.virtual_size.height <= log.size.height:
            assert not log.show_vertical_scrollbar
            n += 1
            led.add_event(sid, {"type": "win", "player": 0, "from": 1, "hand": FLUSH})
            table.reload(from_hand=n)
            await pilot.pause()
            await pilot.pause()
        assert log.show_vertical_scrollbar
        assert log.vertical_scrollbar.window_virtual_size == log.virtual_size.height
        assert log.scroll_y == log.max_scroll_y > 0
        assert rows_of(log)[-2][0] == str(n)
        # and loses it when a removed row lets every row fit again
        led.undo_last_event(sid)
        table.reload(from_hand=n)
        await pilot.pause()
        await pilot.pause()
        assert log.virtual_size.height <= log.size.height
        assert not log.show_vertical_scrollbar and log.scroll_y == 0
        assert rows_of(log)[-2][0] == str(n - 1)
