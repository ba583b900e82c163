"""Snapshots at 80×24 (a laptop terminal's default): the table shows the current hand, the
last hands and the totals; every win dialog shows its payment preview and the confirm line
below its scrolling fields; the review screen.

Update deliberately with ``pytest tests/tui/test_snapshots_80x24.py --snapshot-update`` and
look at the SVGs before committing them."""

from __future__ import annotations

import pytest
from mjscore.engine.record import load_session

from tests.builders import FLUSH, app_on, new_ledger, record, session, win

# a blinking cursor would make every snapshot with a focused text field depend on timing
pytestmark = pytest.mark.usefixtures("steady_cursor")

SMALL = (80, 24)


def test_table_with_many_hands(snap_compare):
    led = new_ledger()
    sid = led.import_session(
        load_session(record("nanjing", [[win(h % 4, (h + 1) % 4)] for h in range(20)])),
        ended=False,
    )

    async def open_it(pilot):
        pilot.app.open_session(sid)
        await pilot.pause()

    assert snap_compare(app_on(led), run_before=open_it, terminal_size=SMALL)


@pytest.mark.parametrize("variant", ["nanning", "nanjing", "guobiao", "nanchang"])
def test_win_dialog(snap_compare, variant):
    led = new_ledger()
    sid = session(led, variant)
    if variant == "nanchang":
        led.add_event(
            sid,
            {
                "type": "jing",
                "indicator": "5m",
                "lower": "2p",
                "lower_counts": [[0, 0], [0, 0], [0, 0], [0, 0]],
            },
        )

    async def enter_win(pilot):
        pilot.app.open_session(sid)
        await pilot.pause()
        await pilot.press("w", "2", "3")
        if variant != "nanchang":
            pilot.app.screen.action_tiles()
            await pilot.press(*FLUSH)
        for _ in range(3):  # the fields are fitted, then scrolled, after the preview is drawn
            await pilot.pause()

    assert snap_compare(app_on(led), run_before=enter_win, terminal_size=SMALL)


def test_review(snap_compare):
    led = new_ledger()
    sid = led.import_session(
        load_session(record("nanjing", [[win(h % 4, (h + 1) % 4)] for h in range(6)]))
    )

    async def review(pilot):
        pilot.app.current_session_id = sid
        pilot.app.action_reports()
        await pilot.pause()

    assert snap_compare(app_on(led), run_before=review, terminal_size=SMALL)
