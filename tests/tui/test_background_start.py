"""The ledger's page check and the screens' background import start only once the home
screen's first frame is out, and an app closed before then neither makes nor waits for them."""

from __future__ import annotations

from mjscore.db import Ledger
from mjscore.tui.screens.home import SessionList

from tests.builders import SIZE, app_on, run, session


@run
async def test_the_check_waits_for_the_home_screens_first_frame(tmp_path):
    led = Ledger.open(tmp_path / "l.sqlite3")
    session(led, "nanjing")
    app = app_on(led)
    seen: list[tuple[bool, int]] = []
    real = led.verify

    def verify() -> None:
        listed = app.screen.query_one(SessionList).row_count
        seen.append((app._home_painted, listed))
        real()

    led.verify = verify  # type: ignore[method-assign]
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert seen == [(True, 1)]  # once, after the list was on the screen
            assert led.verified
    finally:
        led.close()


@run
async def test_an_app_closed_at_once_leaves_without_waiting_for_the_check(tmp_path):
    led = Ledger.open(tmp_path / "l.sqlite3")
    calls: list[int] = []
    led.verify = lambda: calls.append(1)  # type: ignore[method-assign]
    app = app_on(led)
    try:
        async with app.run_test(size=SIZE):
            pass
        await app.workers.wait_for_complete()  # returns: nothing is left waiting
        assert calls == []
    finally:
        led.close()
