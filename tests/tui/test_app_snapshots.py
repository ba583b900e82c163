"""Snapshots of the main screens at 120×36 (Textual is pinned exactly in pyproject.toml).

Update deliberately with ``pytest tests/tui/test_app_snapshots.py --snapshot-update`` and
look at the SVGs before committing them."""

from __future__ import annotations

import pytest

from tests.builders import SIZE, app_on, new_ledger, session

# a blinking cursor would make every snapshot with a focused text field depend on timing
pytestmark = pytest.mark.usefixtures("steady_cursor")


def test_home_empty(snap_compare):
    assert snap_compare(app_on(new_ledger()), terminal_size=SIZE)


def test_new_session(snap_compare):
    assert snap_compare(app_on(new_ledger(), lang="zh"), press=["n", "_"], terminal_size=SIZE)


def test_table_demo(snap_compare):
    assert snap_compare(app_on(new_ledger(), lang="zh", demo=True), press=["_"], terminal_size=SIZE)


def test_win_dialog_preview(snap_compare):
    led = new_ledger()
    sid = session(led, "nanning")
    led.add_event(sid, {"type": "kong", "player": 2, "kind": "concealed"})

    async def enter_win(pilot):
        pilot.app.open_session(sid)
        await pilot.pause()
        await pilot.press("w", "2", "4", "p")
        await pilot.pause()

    assert snap_compare(app_on(led), run_before=enter_win, terminal_size=SIZE)
