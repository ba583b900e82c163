"""Pilot tests of the table's chase key (追分): the panel against the leader, the target
cycle, the key on the help screen, and the panel following each entry: winning with
exactly the suggested hand puts that player in front."""

from __future__ import annotations

from mjscore.tui.screens.help import HelpScreen
from mjscore.tui.screens.table import TableScreen

from tests.builders import SIZE, app_on, hotkey, open_table, run, session, text_of, totals


def panel(app) -> str:
    return text_of(app.screen.query_one("#chase-text"))


@run
async def test_chase_key_follows_each_entry(ledger):
    sid = session(ledger, "nanning")
    # RULES §1: 碰碰胡 off 小芳, k = 1 open: N(1) = 3·3 = 9 → 阿明 +9, 小芳 −9
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 1, "patterns": ["all_pungs"]})
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert not screen.query_one("#chase-panel").display
        await pilot.press("g")
        text = panel(app)
        assert screen.query_one("#chase-panel").display
        # 老王 (0) chases 阿明 (9): a self-draw k = 0 open pays 3 each → 9 > 6
        assert "[3] 老王  9 behind" in text
        assert "self-draw: 0 doubling(s)  鸡胡 (chicken hand)" in text
        assert "Assumptions:" in text and "摸码/钓鱼 taken as no hits" in text
        # 小芳 (−9) self-draws 清一色 (k = 1, open): S = 6 each → 小芳 9 > 阿明 3
        assert "[2] 小芳  18 behind" in text
        assert "self-draw: 1 doubling(s)  清一色" in text
        # win with exactly that hand, through the dialog: winner 2, self-drawn, 清一色
        await pilot.press("w", "2", "0")
        await pilot.press(hotkey(app.screen, "full_flush"), "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        t = totals(ledger, sid)
        assert t == (3, 9, -6, -6) and t[1] > t[0]
        # the panel, still open, now chases 小芳 as the new leader
        text = panel(app)
        assert "Chase: catching 小芳" in text and "[2] 小芳  the target" in text


@run
async def test_chase_key_cycles_targets_and_is_on_the_help_screen(ledger):
    sid = session(ledger, "guobiao")
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 1, "fan": 24})
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        screen = app.screen
        await pilot.press("g")
        assert "追分：追 阿明（单位 番）" in panel(app)
        # RULES §3 seed payment: 老王 (0) off 阿明 (24) needs f > 24 − f → 13番
        assert "阿明放炮: 13番" in panel(app)  # one word for a discard win: 放炮
        await pilot.press("g")  # the next target: 小芳, the first seat after the leader
        assert "追分：追 小芳" in panel(app)
        for _ in range(3):  # 老王, Lee, then first place
            await pilot.press("g")
        assert "追分：追 第一名" in panel(app)
        await pilot.press("g")  # past the last target: the panel closes
        assert not screen.query_one("#chase-panel").display
        assert screen.query_one("#hand-log").display
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        keys = str(app.screen.keys_table())
        assert "g" in keys and "追分" in keys
