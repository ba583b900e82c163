"""A key typed in a dialog's text field is drawn in one frame: the field, the message beside
it, the error line and the payment preview together (they were drawn in two: the field
first, then the rest), and what that frame shows is the key's preview."""

from __future__ import annotations

from mjscore.db.ledger import Ledger
from textual.screen import Screen
from textual.widgets import Static

from tests.builders import FLUSH, app_on, open_table, run, session, win_dialog_with_tiles


def watch_frames(monkeypatch, app) -> list[set[str]]:
    """The widgets each compositor pass of the dialog draws, one set of ids a pass."""
    frames: list[set[str]] = []
    real = Screen._compositor_refresh

    def compositor_refresh(self):
        if self is app.screen:
            frames.append({str(w.id) for w in self._dirty_widgets})
        return real(self)

    monkeypatch.setattr(Screen, "_compositor_refresh", compositor_refresh)
    return frames


@run
async def test_a_key_in_the_tiles_field_is_drawn_in_one_frame(monkeypatch):
    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36)) as pilot:
        dialog = await win_dialog_with_tiles(pilot, sid)
        tiles = dialog.query_one("#tiles")
        tiles.cursor_blink = False  # a blink is a frame of its own
        err = dialog.query_one("#dialog-error", Static)
        beside = dialog.query_one("#err-tiles", Static)
        prev = dialog.query_one("#preview", Static)
        full = str(prev.render())
        await pilot.press("backspace", FLUSH[-1])
        await pilot.pause()
        frames = watch_frames(monkeypatch, app)

        await pilot.press("backspace")  # 13 tiles: no hand; said beside the field
        await pilot.pause()
        assert len(frames) == 1, frames
        assert {"tiles", "err-tiles", "dialog-error", "preview"} <= frames[0]
        assert dialog.result_event is None
        assert "suit" in str(beside.render()) and "suit" in str(err.render())
        assert str(prev.render()).strip() == ""

        frames.clear()
        await pilot.press(FLUSH[-1])  # the hand again: its preview, the message gone
        await pilot.pause()
        assert len(frames) == 1, frames
        assert {"tiles", "err-tiles", "dialog-error", "preview"} <= frames[0]
        assert dialog.result_event is not None
        assert str(prev.render()) == full and str(beside.render()) == ""
        assert str(err.render()).startswith("✓")

        frames.clear()
        await pilot.press("q")  # not a tile: the hand cannot be read
        await pilot.pause()
        assert len(frames) == 1, frames
        assert {"tiles", "err-tiles", "dialog-error", "preview"} <= frames[0]
        assert dialog.result_event is None
        assert str(beside.render()) and not str(err.render()).startswith("✓")
        assert str(prev.render()).strip() == ""


@run
async def test_a_key_typed_is_previewed_without_the_fields_changed_message():
    """The key's preview is shown as the key is handled; the field's Changed message, which
    would only travel up the dialog's containers to ask for it again, is not sent. A text
    put in a field otherwise (a draft filled in) is still previewed through that message."""
    from textual.widgets import Input

    changed: list[str] = []  # each Changed message of a field, as it is handled

    def hook(message):
        if isinstance(message, Input.Changed) and message.value not in changed:
            changed.append(message.value)

    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(120, 36), message_hook=hook) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "3")
        await pilot.pause()
        dialog = app.screen
        dialog.action_tiles()
        for key in FLUSH:
            await pilot.press(key)
        await pilot.pause()
        prev = dialog.query_one("#preview", Static)
        full = str(prev.render())
        assert dialog.result_event is not None and "+200" in full
        assert changed == []
        tiles = dialog.query_one("#tiles", Input)
        tiles.value = FLUSH[:-1]  # not typed: previewed once its message is handled
        await pilot.pause()
        await pilot.pause()
        assert changed == [FLUSH[:-1]]
        assert dialog.result_event is None and str(prev.render()).strip() == ""
        tiles.value = FLUSH
        await pilot.pause()
        await pilot.pause()
        assert str(prev.render()) == full
