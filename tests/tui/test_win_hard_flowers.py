"""The win dialog shows the hard-flower count a 南京 win is valued with, and takes it typed.

RULES.md §2 硬花: "counted from the player's `flowers` events of the hand (none logged = 0) …; a
declared `hard_flowers` may replace them when no flower events were logged … "None logged = 0"
holds for a declared win as for a typed one …: the count, and so 无花果, never depends on other
players' events (the table shows the count it uses in the preview, where the scorekeeper can type
the right one)."
"""

from __future__ import annotations

from mjscore.tui.screens.dialogs import WinDialog

from tests.builders import SIZE, app_on, events, hotkey, open_table, run, session, text_of, totals


@run
async def test_preview_shows_no_hard_flowers_and_takes_the_count(ledger):
    sid = session(ledger, "nanjing")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        # winner 小芳 [2] on 阿明 [1]'s discard, declared 门清; nobody logged a flower
        await pilot.press("w", "2", "1")
        dialog = app.screen
        assert isinstance(dialog, WinDialog)
        await pilot.press(hotkey(dialog, "concealed"))
        await pilot.pause()
        preview = text_of(dialog.query_one("#preview"))
        # the first line: 0 hard flowers, so 无花果 (20 + 0 + 20 门清 + 40 = 80 from 阿明)
        assert preview.splitlines()[0] == "硬花 Hard flowers 0 → 无花果 No flowers 40"
        assert "80" in preview
        dialog.query_one("#n-hard_flowers").value = "2"
        await pilot.pause()
        preview = text_of(dialog.query_one("#preview"))
        assert preview.splitlines()[0] == "硬花 Hard flowers 2" and "无花果" not in preview
        await pilot.press("enter")
        await pilot.pause()
    (ev,) = events(ledger, sid)[0]
    assert (ev["player"], ev["from"], ev["hard_flowers"]) == (1, 0, 2) and "hand" not in ev
    assert totals(ledger, sid) == (-44, 44, 0, 0)  # 20 + 2·2 + 20 门清


@run
async def test_hard_flowers_typed_with_the_tiles(ledger):
    sid = session(ledger, "nanjing")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "1")
        dialog = app.screen
        # 门清, 压档 on the 3s (one soft flower), no flower section in the string
        dialog.query_one("#tiles").value = "123m456m789p24s55s3s"
        await pilot.pause()
        first = text_of(dialog.query_one("#preview")).splitlines()[0]
        assert first == "硬花 Hard flowers 0 → 无花果 No flowers 40"
        dialog.query_one("#n-hard_flowers").value = "1"
        await pilot.pause()
        assert text_of(dialog.query_one("#preview")).splitlines()[0] == "硬花 Hard flowers 1"
        await pilot.press("enter")
        await pilot.pause()
    (ev,) = events(ledger, sid)[0]
    assert ev["hand"] == "123m456m789p24s55s3s" and ev["hard_flowers"] == 1
    assert totals(ledger, sid) == (-44, 44, 0, 0)  # 20 + 2·(1 + 1) + 20 门清
