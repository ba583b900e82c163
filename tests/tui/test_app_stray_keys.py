"""Stray keys in the win dialog never crash the app (QA round 2, N0): a key that the pattern or
situation row does not use is ignored, and the dialog and the ledger stay as they were."""

import pytest

from tests.builders import SIZE, app_on, events, new_ledger, open_table, run, session


@pytest.mark.parametrize("keys", [("x",), ("up",), ("5",), ("tab", "tab", "x")])
def test_unused_keys_on_a_checkbox_row_are_harmless(keys):
    led = new_ledger()
    sid = session(led, "nanning")
    app = app_on(led)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await open_table(pilot, sid)
            await pilot.press("w", "2", "0", *keys)
            await pilot.pause()
            assert app.is_running and app.return_code is None
            assert type(app.screen).__name__ != "TableScreen"  # the win dialog is still open
            await pilot.press("escape")
            await pilot.pause()
            assert app.is_running

    run(go)()
    assert events(led, sid) == []  # nothing was saved by the stray keys
