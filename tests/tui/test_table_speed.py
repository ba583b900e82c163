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


@run
async def test_a_key_in_the_tiles_field_settles_once_and_redraws_only_what_changed(monkeypatch):
    """Each key shows its preview at once (not one queued step later); a hand settled
    already is not settled again; a line that shows the same text is not drawn again."""
    import mjscore.tui.screens.dialogs.base as base
    from textual.widgets import Static

    settled: list[object] = []
    real = base.settle_preview
    monkeypatch.setattr(base, "settle_preview", lambda *a: settled.append(a) or real(*a))
    updates: list[str | None] = []
    real_update = Static.update

    def update(self, *a, **kw):
        updates.append(self.id)
        return real_update(self, *a, **kw)

    monkeypatch.setattr(Static, "update", update)
    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "3")
        await pilot.pause()
        settled.clear()  # the declared win (no tiles yet) was settled for its preview
        app.screen.action_tiles()
        await pilot.press(*FLUSH)
        await pilot.pause()
        assert len(settled) == 1  # the burst: one settle, after its last key
        preview = app.screen.query_one("#preview", Static)
        full = str(preview.render())
        await pilot.press("backspace")  # 13 tiles: no hand to settle
        # cleared as the key is handled, before any pause (blank lines keep its height, so
        # the next key's preview lays nothing out)
        assert str(preview.render()).strip() == ""
        await pilot.pause()
        updates.clear()
        await pilot.press(FLUSH[-1])
        assert str(preview.render()) == full
        await pilot.pause()
        assert len(settled) == 1  # the same hand as before the backspace
        assert updates.count("preview") == 1 and updates.count("dialog-error") == 1
        updates.clear()
        await pilot.press("ctrl+t")  # a key that changes nothing shown
        await pilot.pause()
        app.screen.update_preview()
        assert "preview" not in updates and "dialog-error" not in updates


@run
async def test_screens_are_imported_in_the_background_only_after_the_first_frames():
    """The home screen's first frames do not share the interpreter with the import of every
    other screen; the import follows a moment later, in a worker thread."""
    led = Ledger.memory()
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert not [w for w in app.workers if w.group == "warm-up"]
        for _ in range(40):
            await asyncio.sleep(0.05)
            if [w for w in app.workers if w.group == "warm-up"]:
                break
        await app.workers.wait_for_complete()
        assert "mjscore.tui.screens.table" in __import__("sys").modules


@run
async def test_the_home_list_is_built_once_when_the_app_starts():
    led = Ledger.memory()
    for _ in range(3):
        session(led, "nanjing")
    calls = []
    real = led.list_sessions
    led.list_sessions = lambda *a, **kw: calls.append(1) or real(*a, **kw)  # type: ignore[method-assign]
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one(SessionList).row_count == 3
        assert len(calls) == 1
        await open_table(pilot, 1)
        await pilot.press("escape")  # back home: the list is read again (it may have changed)
        await pilot.pause()
        assert len(calls) == 2
