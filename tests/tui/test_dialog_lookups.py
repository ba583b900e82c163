"""A key in the win dialog does not search the dialog's widgets again: they are looked up
once (a query walks the whole dialog), and the dialog still answers every key right."""

from __future__ import annotations

from mjscore.db.ledger import Ledger
from textual.dom import DOMNode
from textual.widgets import Static

from tests.builders import FLUSH, app_on, open_table, run, session, text_of, win_dialog_with_tiles


@run
async def test_a_key_in_the_tiles_field_queries_no_widgets(monkeypatch):
    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        dialog = await win_dialog_with_tiles(pilot, sid)
        await pilot.press("backspace", FLUSH[-1])  # every lookup of a key made once
        await pilot.pause()
        queried: list[object] = []
        real = DOMNode.query

        def query(self, selector=None):
            if self.screen is dialog:
                queried.append(selector)
            return real(self, selector)

        monkeypatch.setattr(DOMNode, "query", query)
        await pilot.press("backspace")
        await pilot.pause()
        assert dialog.result_event is None
        assert "suit" in text_of(dialog.query_one("#err-tiles", Static))
        queried.clear()  # (the check above queried)
        await pilot.press(FLUSH[-1])
        await pilot.pause()
        assert dialog.result_event is not None
        assert text_of(dialog.query_one("#err-tiles", Static)).strip() == ""
        assert "+200" in text_of(dialog.query_one("#preview", Static))
        assert queried == []  # (the two checks above use query_one, not counted here)


@run
async def test_a_dialog_line_follows_a_change_of_style_alone_and_a_fixed_one_is_not_measured(
    monkeypatch,
):
    from mjscore.tui.screens.dialogs.fit import shown
    from rich.text import Text

    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w")
        await pilot.pause()
        err = app.screen.query_one("#dialog-error", Static)
        shown(err, Text("the same words"))
        shown(err, Text("the same words", style="bold"))  # (Text's == says they are equal)
        assert err.content.style == "bold"
        beside = app.screen.query_one("#err-tiles", Static)  # one line, fixed by the CSS
        measured: list[object] = []
        real = Static.get_content_height

        def get_content_height(self, *a, **kw):
            measured.append(self)
            return real(self, *a, **kw)

        monkeypatch.setattr(Static, "get_content_height", get_content_height)
        shown(beside, Text("a message too long to fit beside the field " * 3))
        assert beside not in measured
        await pilot.pause()
        assert beside.size.height == 1 and "a message" in text_of(beside)
