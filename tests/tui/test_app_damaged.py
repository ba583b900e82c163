"""The app paints first, then checks the ledger's pages in a worker: a damaged file is
reported in one line and nothing is written to it; a sound file is checked once."""

from __future__ import annotations

import hashlib

from mjscore.db import Ledger, LedgerDamaged
from mjscore.tui.screens.home import HomeScreen

from tests.builders import SIZE, app_on, run
from tests.db.test_hostile_files import damage


def _digest(p) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


@run
async def test_a_damaged_ledger_is_reported_after_the_first_paint_and_never_written(tmp_path):
    db = tmp_path / "l.sqlite3"
    damage(db)
    before = _digest(db)
    led = Ledger.open(db)
    app = app_on(led)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert isinstance(app.screen, HomeScreen)  # painted before the check
            await app.workers.wait_for_complete()
            await pilot.pause()
            notes = [n.message for n in app._notifications]
            assert any("damaged" in n and "\n" not in n for n in notes), notes
            try:
                led.create_session("guobiao", ["A", "B", "C", "D"])
            except LedgerDamaged:
                pass
            else:  # pragma: no cover - the point of the test
                raise AssertionError("a write went into a damaged ledger")
    finally:
        led.close()
    assert _digest(db) == before


@run
async def test_a_sound_ledger_passes_the_check_once(tmp_path):
    led = Ledger.open(tmp_path / "l.sqlite3")
    app = app_on(led)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert led.verified
            assert not [n for n in app._notifications if n.severity == "error"]
    finally:
        led.close()
