"""The table and home screen read only what changed: the home list follows the ledger file
when another connection writes to it; the hand log keeps its rows in step with the ledger
when only the latest hands change."""

from __future__ import annotations

import asyncio

from mjscore.db.ledger import Ledger
from mjscore.tui.screens.home import SessionList
from mjscore.tui.widgets.table import HandLog

from tests.builders import FLUSH, NAMES, app_on, events, open_table, run, session


@run
async def test_home_list_follows_another_window(tmp_path):
    path = tmp_path / "x.sqlite3"
    led = Ledger.open(path)
    session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(SessionList).row_count == 1
        with Ledger.open(path) as other:  # another window, or `mjscore import`
            other.create_session("guobiao", NAMES)
        for _ in range(30):
            await asyncio.sleep(0.1)
            await pilot.pause()
            if app.screen.query_one(SessionList).row_count == 2:
                break
        assert app.screen.query_one(SessionList).row_count == 2
    led.close()


def log_rows(log: HandLog) -> list[list[str]]:
    return [[str(c) for c in log.get_row_at(i)] for i in range(log.row_count)]


@run
async def test_log_after_confirm_undo_and_amend_matches_a_fresh_table():
    led = Ledger.memory()
    sid = session(led, "nanjing")
    for p in range(3):
        led.add_event(sid, {"type": "win", "player": p, "from": (p + 1) % 4, "hand": FLUSH})
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, sid)
        screen = app.screen
        await pilot.press("w", "4", "1")
        screen = app.screen
        screen.action_tiles()
        await pilot.press(*FLUSH, "enter")
        await pilot.pause()
        table = app.screen
        assert len(events(led, sid)) == 4
        log = table.query_one(HandLog)
        after_confirm = log_rows(log)
        assert len(after_confirm) == 5  # four hands and the totals
        table.write(lambda: led.amend_hand(sid, 1, [{"type": "draw"}]), "amend", 1)
        await pilot.pause()
        after_amend = log_rows(log)
        table.reload()  # everything read again: the same rows
        await pilot.pause()
        assert log_rows(log) == after_amend != after_confirm
        await pilot.press("u", "y")
        await pilot.pause()
        assert len(log_rows(log)) == 4
        table.reload()
        await pilot.pause()
        assert len(log_rows(log)) == 4


@run
async def test_ending_and_reopening_ask_and_only_y_says_yes():
    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, sid)
        for no in ("enter", "n", "escape"):
            await pilot.press("ctrl+e", no)
            await pilot.pause()
            assert not led.session_info(sid).ended
        await pilot.press("ctrl+e", "y")
        await pilot.pause()
        assert led.session_info(sid).ended
        await pilot.press("o", "enter")
        await pilot.pause()
        assert led.session_info(sid).ended
        await pilot.press("o", "y")
        await pilot.pause()
        assert not led.session_info(sid).ended
