"""The table's substitute key (替打): t, the seat, the name, Enter."""

from __future__ import annotations

from mjscore.tui.screens.dialogs.substitute import SubstituteDialog
from mjscore.tui.screens.table import TableScreen

from tests.builders import SIZE, app_on, open_table, run, session, text_of


@run
async def test_t_then_a_seat_and_a_name_seats_a_substitute(ledger):
    sid = session(ledger, "nanning")
    ledger.add_event(sid, {"type": "false_win", "player": 0})
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, SubstituteDialog)
        await pilot.press("4", "K", "i", "m", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "Kim" in text_of(app.screen.query_one("#seat-3"))
    assert ledger.hand_players(sid, 2) == ("阿明", "小芳", "老王", "Kim")
    assert ledger.hand_players(sid, 1)[3] == "Lee"


@run
async def test_escape_leaves_the_seats_as_they_were(ledger):
    sid = session(ledger, "guobiao")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("t", "2", "X", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert ledger.hand_players(sid, 1) == ("阿明", "小芳", "老王", "Lee")
