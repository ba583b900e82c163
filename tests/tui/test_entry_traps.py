"""Entry traps found by keystrokes: each test types what a person at the table typed and
checks what the dialog did or what the ledger holds."""

from __future__ import annotations

from mjscore.tui.screens.dialogs import (
    FlowersDialog,
    JingCountDialog,
    JingDialog,
    KongDialog,
    WinDialog,
)
from textual.widgets import Input

from tests.builders import (
    SIZE,
    app_on,
    events,
    hotkey,
    open_table,
    run,
    session,
    text_of,
    type_fast,
)


@run
async def test_chain_flag_counts_up_and_shows_the_next_press(ledger):
    # `k` twice on 杠上花 after two kongs used to halve the chain (2, then 1) while the hint
    # "(k ↻ 1–2)" suggested counting up: each press now counts one up, then off
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k", "2", "c", *"3s", "enter", "k", "2", "c", *"4s", "enter")
        await pilot.press("w", "2", "0")
        d = app.screen
        key = hotkey(d, "kong_bloom")
        flags = d.query_one("#flags")
        seen = []
        for _ in range(4):
            await pilot.press(key)
            seen.append(flags.values().get("kong_bloom", 0))
        assert seen == [1, 2, 0, 1]
        assert f"({key} → ×2, 1–2)" in str(flags.render())
        await pilot.press(key)
        assert f"({key} → ☐, 1–2)" in str(flags.render())


@run
async def test_guobiao_flag_hotkey_after_the_discarder_is_not_typed_into_the_fan_total(ledger):
    # `w 1 0 k`: the focus sat in 番数 (digits only) after the discarder, so k rang the bell
    sid = session(ledger, "guobiao")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "w", "1", "0", "k", "r")
        await pilot.pause()
        d = app.screen
        assert isinstance(d, WinDialog)
        assert d.query_one("#flags").values() == {"kong_bloom": 1, "robbed_kong": 1}
        await type_fast(pilot, "8")
        await pilot.pause()
        assert d.query_one("#n-fan", Input).value == "8"  # digits still go into the field


@run
async def test_plus_is_never_typed_into_a_text_field(ledger):
    # `+` (another winner) used to be typed into whichever text field had the focus
    sid = session(ledger, "guobiao")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "w", "1", "0", "ctrl+t", *"123m", "plus")
        await pilot.pause()
        d = app.screen
        assert isinstance(d, WinDialog)
        assert d.query_one("#tiles", Input).value == "123m"


@run
async def test_added_kong_seat_key_of_the_logged_pung_is_not_typed_into_the_tile(ledger):
    # `k 4 a 3 E` with Wang's pung of E from Mei logged: the supplier row was skipped, so the
    # 3 meant for Mei went into the tile ("3E"); now it confirms the supplier shown
    sid = session(ledger, "nanning", names=["Alice", "Bob", "Mei", "Wang"])
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("p", "4", "3", "E", "enter")  # Wang pungs E from Mei
        await type_fast(pilot, "k", "4", "a", "3", "E")
        await pilot.pause()
        d = app.screen
        assert isinstance(d, KongDialog)
        assert d.query_one("#tile", Input).value == "E"
        assert d.query_one("#from").value == 2
        await type_fast(pilot, "escape", "k", "4", "a", *"5m")  # another key is the tile's
        await pilot.pause()
        assert app.screen.query_one("#tile", Input).value == "5m"
        await type_fast(pilot, "escape", "k", "4", "a", "3", "E", "enter")
        await pilot.pause()
    assert events(ledger, sid)[0][1] == {
        "type": "kong",
        "player": 3,
        "kind": "added",
        "from": 2,
        "tile": "E",
    }


@run
async def test_escape_after_a_refusal_keeps_the_draft_for_the_next_try(ledger):
    # after a refused Enter, Esc lost winner, discarder and tiles; the next `w` starts from them
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "1", "3", "ctrl+t", *"[555p,2]11122233m99s9x", "enter")
        await pilot.pause()
        assert isinstance(app.screen, WinDialog)  # refused: the last tile is no tile
        await pilot.press("escape", "w")
        await pilot.pause()
        d = app.screen
        assert isinstance(d, WinDialog)
        assert d.query_one("#winner").value == 0 and d.query_one("#from").value == 2
        assert d.query_one("#tiles", Input).value == "[555p,2]11122233m99s9x"
        await pilot.press("ctrl+t", "end", "backspace", "s", "enter")
        await pilot.pause()
        await pilot.press("escape")  # nothing refused since: no draft is kept
    assert events(ledger, sid) == [
        [{"type": "win", "player": 0, "from": 2, "hand": "[555p,2]11122233m99s9s"}]
    ]


@run
async def test_the_draft_waits_while_what_was_missing_is_entered(ledger):
    # refused because the hand shows a kong no event logged: Esc, log the kong, and `w`
    # again brings back winner, discarder and tiles (the draft used to be dropped as soon as
    # any other event was entered); once the win is stored, no draft is left for the next hand
    sid = session(ledger, "nanjing")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        hand = "[EEEE]11122233m99s9s|abcd"
        await pilot.press("w", "3", "0", "ctrl+t", *hand, "enter")
        await pilot.pause()
        assert isinstance(app.screen, WinDialog)  # refused: no kong of E was logged
        await pilot.press("escape", "k", "3", "c", "E", "enter")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        d = app.screen
        assert isinstance(d, WinDialog)
        assert d.query_one("#winner").value == 2 and d.query_one("#from").value is None
        assert d.query_one("#tiles", Input).value == hand
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, WinDialog)
        await pilot.press("w")
        await pilot.pause()
        assert app.screen.query_one("#tiles", Input).value == ""
    stored = events(ledger, sid)[0]
    assert [e["type"] for e in stored] == ["kong", "win"] and stored[1]["hand"] == hand


@run
async def test_guobiao_flowers_refuse_a_non_flower_letter_when_entered(ledger):
    # `f 1 aCC`: C is 中, not a flower; it used to be stored and refused only at the win
    sid = session(ledger, "guobiao")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("f", "1", *"aCC", "enter")
        await pilot.pause()
        d = app.screen
        assert isinstance(d, FlowersDialog)  # refused: the dialog stays
        assert "a–h" in text_of(d.query_one("#dialog-error"))
        await pilot.press("escape", "f", "1", *"ab", "enter")
        await pilot.pause()
    assert events(ledger, sid) == [[{"type": "flowers", "player": 0, "tiles": "ab"}]]


@run
async def test_nanchang_jing_reveal_refuses_five_copies_when_entered(ledger):
    # five 下精 of one tile among the players: there are four copies, two turned face up
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j")
        d = app.screen
        assert isinstance(d, JingDialog)
        d.query_one("#indicator", Input).value = "5m"
        d.query_one("#lower", Input).value = "2p"
        for i, pair in enumerate(("2,0", "2,0", "1,0", "0,0")):
            d.query_one(f"#lc{i}", Input).value = pair
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is d
        assert "only 3" in text_of(d.query_one("#dialog-error"))
        await pilot.press("escape")
    assert events(ledger, sid) == []


@run
async def test_nanchang_jing_reveal_previews_the_lower_jing_it_pays_at_once(ledger):
    # the 下精分 is paid at the reveal: the dialog shows those payments before Enter, as the
    # 南京 kong and 罚 dialogs do (it showed nothing, and the table then said they were paid)
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j", *"4m", *"8s", "1", "0")
        await pilot.pause()
        preview = text_of(app.screen.query_one("#preview"))
        assert "Paid on the spot once confirmed" in preview
        assert preview.count("下精分 下正精×1") == 3  # each other player pays the holder
        await pilot.press("enter")
        await pilot.pause()
    assert [e["type"] for e in events(ledger, sid)[0]] == ["jing"]


@run
async def test_nanchang_jing_counts_refuse_five_copies_when_entered(ledger):
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("c")
        d = app.screen
        assert isinstance(d, JingCountDialog)
        for i, pair in enumerate(("2,0", "2,0", "1,0", "0,0")):  # five 正精
            d.query_one(f"#jc{i}", Input).value = pair
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is d
        assert "more than the four copies" in text_of(d.query_one("#dialog-error"))
        await pilot.press("escape")
    assert events(ledger, sid) == []


@run
async def test_guobiao_declared_fan_says_flowers_are_added_and_drops_the_fan_only_flags(ledger):
    # RULES §3: flowers are added on top of the fan total; with a declared total 杠上开花,
    # 海底 and 和绝张 change nothing (ticking 杠上开花 was even refused without a kong)
    sid = session(ledger, "guobiao")
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "1", "0", "k")  # no total yet: k ticks 杠上开花
        d = app.screen
        assert isinstance(d, WinDialog)
        assert any("不含花牌（花牌另加）" in text_of(lab) for lab in d.query(".fsub"))
        assert d.query_one("#flags").values() == {"kong_bloom": 1}
        await pilot.press("1", "0", "k", "l", "c")  # a declared total: those keys do nothing
        await pilot.pause()
        flags = d.query_one("#flags")
        shown = str(flags.render())
        assert "杠上开花" not in shown and "和绝张" not in shown and "抢杠和" in shown
        await pilot.press("r")  # 抢杠和 stays: it decides who pays
        assert flags.values() == {"robbed_kong": 1}
