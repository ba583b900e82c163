"""What the table redraws when a hand is confirmed: only what changed (its footer is not
rebuilt when its keys stay the same, nor while a dialog covers it), and a change of the
keys still shows."""

from __future__ import annotations

from mjscore.db.ledger import Ledger
from mjscore.tui.widgets.footer import KeyFooter
from textual.widgets._footer import FooterKey

from tests.builders import FLUSH, app_on, open_table, run, session, win_dialog_with_tiles


def footer_keys(screen) -> dict[str, bool]:
    """Each key the table's footer shows, and whether it is enabled."""
    return {
        k.key: not k.has_class("-disabled") for k in screen.query_one(KeyFooter).query(FooterKey)
    }


@run
async def test_the_footer_is_rebuilt_only_when_its_keys_change(monkeypatch):
    rebuilt: list[object] = []
    real = KeyFooter.recompose

    async def recompose(self):
        rebuilt.append(type(self.app.screen).__name__)
        return await real(self)

    monkeypatch.setattr(KeyFooter, "recompose", recompose)
    led = Ledger.memory()
    sid = session(led, "nanjing")
    led.add_event(sid, {"type": "win", "player": 0, "from": 1, "hand": FLUSH})
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, sid)
        await pilot.pause()
        table = app.screen
        assert footer_keys(table)["u"]
        rebuilt.clear()
        await pilot.press("w", "2", "3")
        await pilot.pause()
        assert rebuilt == []  # covered by the dialog: not rebuilt behind it
        app.screen.action_tiles()
        await pilot.press(*FLUSH, "enter")
        await pilot.pause()
        assert app.screen is table and len(led.get_session(sid).hands) == 2
        assert rebuilt == []  # the same keys as before the hand
        led.end_session(sid)
        table.reload()  # the session ended: the keys that record are shown disabled
        await pilot.pause()
        assert rebuilt == ["TableScreen"]
        assert not footer_keys(table)["u"]


@run
async def test_a_dialog_opened_before_the_first_frame_leaves_the_footer_built_behind_it():
    """``w`` typed as the table opens: the dialog covers the table before its footer was
    built once, and the footer behind the dialog must not stay empty (it did, so a snapshot
    of the win dialog sometimes lacked the footer under load)."""
    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        app.open_session(sid)
        table = app.screen
        await pilot.press("w")  # at once, no pause between opening and the key
        await pilot.pause()
        await pilot.pause()
        assert app.screen is not table  # the dialog is up
        assert footer_keys(table)  # and the table behind it has its keys


@run
async def test_a_dialog_line_is_laid_out_again_only_when_its_height_changes(monkeypatch):
    from mjscore.tui.screens.dialogs.fit import shown
    from rich.text import Text
    from textual.widgets import Static

    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w")
        await pilot.pause()
        err = app.screen.query_one("#dialog-error", Static)
        shown(err, Text("one line"))
        await pilot.pause()
        layouts: list[bool] = []
        real = Static.refresh

        def refresh(self, *a, layout=False, **kw):
            if self is err:
                layouts.append(layout)
            return real(self, *a, layout=layout, **kw)

        monkeypatch.setattr(Static, "refresh", refresh)
        shown(err, Text("another line"))
        assert layouts and not any(layouts)  # drawn again, not laid out
        await pilot.pause()
        assert str(err.render()) == "another line"
        layouts.clear()
        shown(err, Text("two\nlines"))
        assert any(layouts)
        await pilot.pause()
        assert err.size.height == 2


@run
async def test_the_open_table_is_kept_out_of_full_collections_until_it_is_left():
    import gc

    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            await open_table(pilot, sid)
            await pilot.pause()
            assert gc.get_freeze_count() > 0
            await pilot.press("escape")  # back to the sessions
            await pilot.pause()
            assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()


@run
async def test_a_key_in_the_tiles_field_lays_nothing_out_when_no_height_changes(monkeypatch):
    """Retyping the last tile of a hand: the field, its message and the preview change, but
    their sizes do not, so the dialog is drawn again without a layout pass."""
    from textual.widget import Widget
    from textual.widgets import Static

    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        dialog = await win_dialog_with_tiles(pilot, sid)
        prev = dialog.query_one("#preview", Static)
        full = prev.size.height
        await pilot.press("backspace", FLUSH[-1])  # the message beside the field, once
        await pilot.pause()
        laid_out: list[object] = []
        real = Widget.refresh

        def refresh(self, *a, layout=False, **kw):
            if layout:
                laid_out.append(self)
            return real(self, *a, layout=layout, **kw)

        monkeypatch.setattr(Widget, "refresh", refresh)
        await pilot.press("backspace")
        await pilot.pause()
        assert dialog.result_event is None
        assert "suit" in str(dialog.query_one("#err-tiles", Static).render())
        assert str(prev.render()).strip() == "" and prev.size.height == full  # its lines kept
        await pilot.press(FLUSH[-1])
        await pilot.pause()
        assert dialog.result_event is not None and "+200" in str(prev.render())
        assert laid_out == []
