"""The help screen and the win dialog are drawn from the variant's declared data: a pattern
or flag added to a variant's data (here, in the test) shows up in both, with no TUI change;
every house-rule option is listed with its meaning."""

from __future__ import annotations

import dataclasses

import pytest
from mjscore.engine.declare import Flag, Pattern
from mjscore.engine.record import VARIANTS
from mjscore.engine.variants import get_variant
from mjscore.tui.screens.dialogs import WinDialog
from mjscore.tui.screens.help import HelpScreen
from mjscore.tui.widgets.toggles import Toggles

from tests.builders import SIZE, app_on, open_table, session, text_of

NEW_PATTERN = Pattern(id="test_windfall", zh="测试大胡", en="test windfall", value=7, multiplier=3)
NEW_FLAG = Flag(id="test_moonlight", zh="测试月光", en="test moonlight")


@pytest.fixture
def extended(monkeypatch):
    """Add NEW_PATTERN and NEW_FLAG to one variant's declared data for the test."""

    def extend(variant_id: str):
        v = get_variant(variant_id)
        data = v.data
        monkeypatch.setattr(
            type(v),
            "data",
            dataclasses.replace(
                data, patterns=(*data.patterns, NEW_PATTERN), flags=(*data.flags, NEW_FLAG)
            ),
        )
        return v

    return extend


async def _help_text(pilot, sid: int) -> str:
    await open_table(pilot, sid)
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HelpScreen)
    return "\n".join(text_of(w) for w in pilot.app.screen.query("Static"))


async def _win_dialog(pilot, sid: int) -> WinDialog:
    await open_table(pilot, sid)
    await pilot.press("w")
    await pilot.pause()
    assert isinstance(pilot.app.screen, WinDialog)
    return pilot.app.screen


def _items(dialog: WinDialog) -> dict[str, tuple[str, str]]:
    """id → (label, hotkey) of every toggle in the dialog."""
    return {it.id: (it.label, it.key) for tog in dialog.query(Toggles) for it in tog.items}


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_pattern_added_to_the_data_shows_in_the_help_screen(ledger, extended, variant_id):
    v = extended(variant_id)
    sid = session(ledger, variant_id)

    async def go():
        async with app_on(ledger, lang="en").run_test(size=SIZE) as pilot:
            text = await _help_text(pilot, sid)
        assert v.data.scoring.formula in text
        # its row: the name (with the English gloss) and its worth in the variant's terms
        row = next(r for r in v.data.scoring_rows if r.zh == NEW_PATTERN.zh)
        assert "测试大胡 test windfall" in text and row.value in text
        for r in v.data.scoring_rows:  # every declared row is drawn, none from elsewhere
            assert r.name("en") in text and r.value in text

    import asyncio

    asyncio.run(go())


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_option_is_listed_with_its_meaning(ledger, variant_id):
    v = get_variant(variant_id)
    sid = session(ledger, variant_id)

    async def go():
        async with app_on(ledger, lang="en").run_test(size=SIZE) as pilot:
            text = await _help_text(pilot, sid)
        for spec in v.option_specs():
            assert spec.name in text and spec.en[:30] in text.replace("\n", " ")

    import asyncio

    asyncio.run(go())


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_pattern_and_a_flag_added_to_the_data_show_in_the_win_dialog(
    ledger, extended, variant_id
):
    v = extended(variant_id)
    sid = session(ledger, variant_id)

    async def go():
        async with app_on(ledger, lang="zh").run_test(size=SIZE) as pilot:
            dialog = await _win_dialog(pilot, sid)
            items = _items(dialog)
            # the declared patterns and flags, each under its declared name with a hotkey
            assert items["test_windfall"][0] == "测试大胡"
            assert items["test_moonlight"][0] == "测试月光"
            for p in v.data.declarable:
                assert items[p.id][0] == p.zh and (not p.hotkey or items[p.id][1] == p.hotkey)
            for f in v.data.flags:
                if f.in_use(dialog.ctx.rules) and not f.typed:
                    assert items[f.id][0] == f.zh and items[f.id][1] == (f.hotkey or items[f.id][1])
            keys = [k for _, k in items.values()]
            assert len(keys) == len(set(keys)) and all(keys)
            # its hotkey ticks it, and the event the dialog builds carries it
            await pilot.press("1", "2")
            await pilot.pause()
            await pilot.press(items["test_windfall"][1], items["test_moonlight"][1])
            await pilot.pause()
            built = dialog.build()
            assert "test_windfall" in built["patterns"] and built["test_moonlight"] is True

    import asyncio

    asyncio.run(go())
