"""At 80×24 (and 100×30) nothing important is hidden: the compact compass keeps 南京's
比下胡 and 插旗 lines, the compact footer keeps every key (Del and ? too) in both languages,
the log shows the last hands and the totals after a resize, what was saved is said on the
log's heading line (no toast over the newest rows or the next dialog's preview), and the win
preview grows with the terminal and scrolls with PageUp/PageDown, the confirm line in view."""

from __future__ import annotations

import pytest
from mjscore.db.ledger import Ledger
from mjscore.engine.record import load_session
from mjscore.tui.screens.dialogs import WinDialog
from mjscore.tui.widgets.table import HandLog
from rich.cells import cell_len
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Footer, Label, Static
from textual.widgets._footer import FooterKey

from tests.builders import (
    FLUSH,
    NAMES,
    app_on,
    jing_count_event,
    jing_event,
    open_table,
    record,
    run,
    session,
    win,
)

DRAW = {"type": "draw", "last_drawer": 0}


def nanjing_with_flags(led: Ledger, hands: int = 3) -> int:
    """Draws in a row: a 比下胡 hand with flags planted."""
    return led.import_session(load_session(record("nanjing", [[DRAW]] * hands)), ended=False)


def shown_lines(widget: Static) -> list[str]:
    """The lines a widget shows in its region (what is cut off is not there)."""
    text = widget.render()
    plain = text.plain if isinstance(text, Text) else str(text)
    return plain.split("\n")[: widget.content_region.height]


@run
async def test_compact_compass_keeps_the_bixiahu_and_flag_lines():
    led = Ledger.memory()
    sid = nanjing_with_flags(led)
    app = app_on(led, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, sid)
        lines = shown_lines(app.screen.query_one("#table-info", Static))
        assert any("比下胡" in line for line in lines)
        assert any("插旗" in line and "2" in line for line in lines)
        assert any("第4盘" in line for line in lines)
        await pilot.resize_terminal(120, 40)  # the full compass names the rule set again
        await pilot.pause()
        lines = shown_lines(app.screen.query_one("#table-info", Static))
        assert lines[0] == "南京" and any("插旗" in line for line in lines)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 36), (160, 40)])
def test_compact_footer_shows_every_key(lang, size):
    @run
    async def check():
        led = Ledger.memory()
        sid = nanjing_with_flags(led, 1)
        app = app_on(led, lang=lang)
        async with app.run_test(size=size) as pilot:
            await open_table(pilot, sid)
            await pilot.pause()
            footer = app.screen.query_one(Footer)
            keys = {k.key_display: k for k in footer.query(FooterKey)}
            for key in ("w", "k", "d", "u", "e", "Del", "?", "esc"):
                assert key in keys, key
                assert keys[key].region.right <= size[0], key
            labels = [str(lab.render()) for lab in footer.query(Label)]
            assert labels and all(lab.region.right <= size[0] for lab in footer.query(Label))

    check()


@run
async def test_log_shows_the_last_hand_and_totals_at_80x24_and_after_a_resize():
    led = Ledger.memory()
    sid = led.import_session(
        load_session(record("nanjing", [[win(h % 4, (h + 1) % 4)] for h in range(30)])),
        ended=False,
    )
    app = app_on(led)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, sid)
        await pilot.pause()
        log = app.screen.query_one(HandLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        assert log.cursor_row == 29
        for size in ((120, 36), (100, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y, size  # the totals row is the last line


@run
async def test_saved_is_said_on_the_heading_line_not_in_a_toast():
    led = Ledger.memory()
    sid = session(led, "nanjing")
    app = app_on(led)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "3")
        app.screen.action_tiles()
        await pilot.press(*FLUSH, "enter")
        await pilot.pause()
        heading = str(app.screen.query_one("#hand-log-label", Label).render())
        assert heading.startswith("Hands played · ✓ Saved: ")
        assert not [n for n in app._notifications if "Saved" in n.message]
        await pilot.press("d", "enter")  # the next hand, at once: still no toast
        await pilot.pause()
        assert len(led.get_session(sid).hands) == 2
        assert not list(app._notifications)


def capped_nanchang(led: Ledger) -> int:
    """RULES (Nanchang cap): 天胡 七星 德中德 庄家 at base 5 nets 9675 > 3000: three 封顶 lines."""
    sid = led.create_session("nanchang", NAMES, options={"base": 5})
    led.add_event(sid, jing_event("5m"))
    led.add_event(sid, jing_count_event([[0, 0]] * 4))
    return sid


async def capped_dialog(pilot, sid: int) -> WinDialog:
    await open_table(pilot, sid)
    await pilot.press("w", "1", "0")
    dialog = pilot.app.screen
    assert isinstance(dialog, WinDialog)
    dialog.action_tiles()
    await pilot.press(*"14m258p3sESWNCFP7s", "shift+tab", "h")
    await pilot.pause()
    assert str(dialog.query_one("#preview", Static).render()).count("封顶 3000") == 3
    return dialog


def in_view(dialog: WinDialog, selector: str) -> bool:
    region = dialog.query_one(selector).region
    return region.height > 0 and dialog.region.contains_region(region)


@run
async def test_the_preview_grows_with_a_big_terminal():
    led = Ledger.memory()
    sid = capped_nanchang(led)
    app = app_on(led, lang="zh")
    async with app.run_test(size=(120, 50)) as pilot:
        dialog = await capped_dialog(pilot, sid)
        box = dialog.query_one("#preview-box", VerticalScroll)
        assert box.max_scroll_y == 0  # every line of the preview, the three 封顶 lines too
        assert in_view(dialog, "#dialog-keys")


@run
async def test_the_preview_scrolls_with_page_keys_at_80x24_and_keeps_the_confirm_line():
    led = Ledger.memory()
    sid = capped_nanchang(led)
    app = app_on(led, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await capped_dialog(pilot, sid)
        box = dialog.query_one("#preview-box", VerticalScroll)
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        assert in_view(dialog, "#dialog-keys") and in_view(dialog, "#preview-box")
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0
        assert in_view(dialog, "#dialog-keys")
        await pilot.press("pageup")
        await pilot.pause()
        assert box.scroll_y == 0
        assert dialog.query_one("#tiles").value == "14m258p3sESWNCFP7s"  # nothing typed


def nanjing_with_spot_payments(led: Ledger) -> int:
    """A 南京 hand with a 明杠 and a 花杠 paid on the spot: the win's preview has nine lines,
    and the 南京 win dialog has the most fields (软花, 硬花, seven situations)."""
    sid = led.create_session("nanjing", NAMES)
    led.add_event(sid, {"type": "kong", "player": 2, "kind": "exposed", "from": 3})
    led.add_event(sid, {"type": "flowers", "player": 1, "tiles": "CCCC"})
    return sid


def in_fields(dialog: WinDialog, selector: str) -> bool:
    """Whether the field is drawn inside the visible part of the dialog's scrolling fields."""
    fields = dialog.query_one("#dialog-fields", VerticalScroll)
    region = dialog.query_one(selector).region
    return region.height > 0 and fields.region.contains_region(region)


@run
async def test_a_long_preview_at_80x24_keeps_the_confirm_line_and_the_fields_scroll():
    led = Ledger.memory()
    sid = nanjing_with_spot_payments(led)
    app = app_on(led, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "3")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, WinDialog)
        assert str(dialog.query_one("#preview", Static).render()).count("花杠") == 3
        # the confirm line and the whole preview on screen, under the fields
        assert in_view(dialog, "#dialog-keys") and in_view(dialog, "#preview-box")
        assert dialog.query_one("#preview-box", VerticalScroll).max_scroll_y == 0
        assert not in_fields(dialog, "#tiles")  # the fields do not all fit: they scroll
        dialog.action_tiles()  # the tiles field is brought into view when it has the focus
        await pilot.pause()
        await pilot.pause()
        assert in_fields(dialog, "#tiles")
        assert in_view(dialog, "#dialog-keys")


@pytest.mark.parametrize(
    ("lang", "size", "want"),
    [
        ("en", (80, 24), "East 庄 dealer"),  # no room for 东 as well: the whole mark stays
        ("en", (120, 36), "东 East  庄 dealer"),
        ("zh", (80, 24), "东  庄"),
    ],
)
def test_the_dealers_seat_shows_its_whole_dealer_mark(lang, size, want):
    @run
    async def check():
        led = Ledger.memory()
        sid = nanjing_with_flags(led, 1)
        app = app_on(led, lang=lang)
        async with app.run_test(size=size) as pilot:
            await open_table(pilot, sid)
            await pilot.pause()
            card = app.screen.query_one("PlayerCard.dealer", Static)
            line = shown_lines(card)[1]
            assert line == want and cell_len(line) <= card.content_size.width
            await pilot.resize_terminal(*((120, 36) if size[0] < 100 else (80, 24)))
            await pilot.pause()  # the other width: the card picks its form again
            assert shown_lines(card)[1] != want or lang == "zh"

    check()
