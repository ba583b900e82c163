"""The table shows what the ledger stored: opening it, recording a hand and editing one
settle nothing again beyond the hand written (no replay of the session)."""

from __future__ import annotations

import asyncio

import mjscore.engine.core
import pytest
from mjscore.db import Ledger
from mjscore.tui.app import make_app
from mjscore.tui.screens.table import TableScreen
from mjscore.tui.widgets.table import HandLog

NAMES = ["阿明", "小芳", "老王", "Lee"]
FLUSH = "11224455668899p"


@pytest.fixture
def no_replay(monkeypatch):
    """Any replay of a whole session fails the test; settle_hand calls are counted."""

    def refuse(*a, **kw):
        raise AssertionError("the table replayed the session")

    monkeypatch.setattr(mjscore.engine.core, "replay", refuse)
    monkeypatch.setattr(Ledger, "replay", refuse)
    from mjscore.engine.variants import get_variant

    cls = type(get_variant("guobiao"))
    calls: list[int] = []
    real = cls.settle_hand

    def counting(self, hand, state, rules):
        calls.append(state.hand_number)
        return real(self, hand, state, rules)

    monkeypatch.setattr(cls, "settle_hand", counting)
    return calls


def test_table_reload_reads_the_stored_settlement(no_replay):
    led = Ledger.memory()
    sid = led.create_session("guobiao", NAMES)
    for p, f in ((1, 2), (2, None), (3, 0)):
        led.record_hand(sid, [{"type": "win", "player": p, "from": f, "hand": FLUSH}])
    stored = led.stored_replay(sid)
    no_replay.clear()
    app = make_app(ledger=led, lang="en", demo=False)

    async def go() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            app.open_session(sid)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            view = screen.view
            assert view is not None and view.error is None
            assert view.replay.to_json() == stored.to_json()
            rows = screen.query_one(HandLog).row_count
            assert rows >= 3
            screen.reload()
            # a hand recorded while the table is open: settled once, by the ledger
            led.record_hand(sid, [{"type": "draw"}])
            screen.reload()
            await pilot.pause()
            assert screen.view.replay.to_json() == led.stored_replay(sid).to_json()
            assert len(screen.view.replay.hands) == 4
            assert screen.query_one(HandLog).row_count == rows + 1

    asyncio.run(go())
    led.close()
    assert no_replay == [4]


def test_a_win_entered_at_the_table_is_stored_as_its_preview_settled_it(monkeypatch):
    """The win dialog's preview settles the hand; the ledger stores that settlement and
    does not settle the hand again (its entry-point calls are counted)."""
    from mjscore.db.ledger import settle as ledger_settle
    from mjscore.tui.screens.dialogs import WinDialog

    from tests.builders import hotkey, text_of

    calls: list[object] = []
    real = ledger_settle.settle_events

    def counting(*a, **kw):
        calls.append(a)
        return real(*a, **kw)

    monkeypatch.setattr(ledger_settle, "settle_events", counting)
    led = Ledger.memory()
    sid = led.create_session("nanning", NAMES)
    app = make_app(ledger=led, lang="en", demo=False)

    async def go() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            app.open_session(sid)
            await pilot.pause()
            await pilot.press("w")
            dialog = app.screen
            assert isinstance(dialog, WinDialog)
            await pilot.press("2", "3", hotkey(dialog, "all_pungs"))
            assert "9" in text_of(dialog.query_one("#preview"))
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert dialog.settled is not None

    asyncio.run(go())
    assert calls == []  # the ledger used the preview's settlement
    assert led.session_info(sid).totals == (0, 9, -9, 0)
    assert led.stored_replay(sid).to_json() == led.replay(sid).to_json()
    led.close()
