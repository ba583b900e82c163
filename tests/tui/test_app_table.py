"""Pilot tests of the table screen: entering every kind of event by keyboard, the win
dialog with its live preview, seat choice by number and by name, undo, edit, delete,
end/reopen. Each test asserts what the ledger holds afterwards."""

from __future__ import annotations

import pytest
from mjscore.tui.screens.dialogs import KongDialog, WinDialog
from mjscore.tui.screens.table import TableScreen
from mjscore.tui.widgets.table import HandLog

from tests.builders import (
    SIZE,
    app_on,
    events,
    hotkey,
    lines_of,
    open_table,
    run,
    session,
    text_of,
    totals,
)


@run
async def test_win_with_pattern_hotkey_in_four_keys(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w")
        dialog = app.screen
        assert isinstance(dialog, WinDialog)
        # winner 2 (小芳), discarder 3 (老王), 碰碰胡 by its hotkey: three keys, then Enter
        await pilot.press("2", "3", hotkey(dialog, "all_pungs"))
        preview = text_of(dialog.query_one("#preview"))
        # RULES.md §1: N(k) = 3·b·2^(k−1), b = 3 when not 门清: 碰碰胡 k=1 → 9 from the discarder
        assert "老王" in preview and "小芳" in preview and "9" in preview and "碰碰胡" in preview
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert events(ledger, sid) == [
        [{"type": "win", "player": 1, "from": 2, "patterns": ["all_pungs"]}]
    ]
    assert totals(ledger, sid) == (0, 9, -9, 0)


@run
async def test_self_draw_concealed_and_flags(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "1", "0")
        d = app.screen
        await pilot.press(hotkey(d, "concealed"), hotkey(d, "last_tile"), "enter")
        await pilot.pause()
    ev = events(ledger, sid)[0][0]
    assert ev["from"] is None and ev["concealed"] is True and ev["last_tile"] is True
    # RULES.md §1: 海底捞月 each pays 2·S(k); S(0) = b·2^0 = 4 with 门清 → 8 from each
    assert totals(ledger, sid) == (24, -8, -8, -8)


@run
async def test_seat_chosen_by_name(ledger):
    sid = session(ledger, "nanning", names=["Alice", "Bob", "Carol", "Dave"])
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "c", "d")  # Carol wins on Dave's discard, by first letters
        await pilot.press("enter")
        await pilot.pause()
    ev = events(ledger, sid)[0][0]
    assert (ev["player"], ev["from"]) == (2, 3)


@run
async def test_tile_string_validated_as_you_type(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "1", "3")
        d = app.screen
        tiles = d.query_one("#tiles")
        tiles.focus()
        await pilot.press(*"11122233m99s9x")
        await pilot.pause()
        assert text_of(d.query_one("#err-tiles")) != ""  # explained beside the field
        await pilot.press("enter")  # refused: nothing stored, dialog stays
        await pilot.pause()
        assert app.screen is d
        tiles.value = "[555p,2]11122233m99s9s"
        await pilot.pause()
        assert text_of(d.query_one("#err-tiles")) == ""
        assert "碰碰胡" in text_of(d.query_one("#preview"))
        await pilot.press("enter")
        await pilot.pause()
    assert events(ledger, sid) == [
        [{"type": "win", "player": 0, "from": 2, "hand": "[555p,2]11122233m99s9s"}]
    ]
    assert totals(ledger, sid) == (9, 0, -9, 0)


@run
async def test_engine_refusal_shown_inline_not_stored(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "3")
        d = app.screen
        # 人胡 needs the dealer (seat 1) as discarder; 老王 is not the dealer → refused
        await pilot.press(hotkey(d, "human"))
        await pilot.pause()
        assert (
            "✗" in text_of(d.query_one("#preview")) or "bad" in d.query_one("#dialog-error").classes
        )
        await pilot.press("enter", "escape")
        await pilot.pause()
    assert events(ledger, sid) == []


@run
async def test_kong_pung_draw_and_false_win(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k")
        assert isinstance(app.screen, KongDialog)
        await pilot.press("3", "c", "enter")  # 老王 concealed kong
        await pilot.press("p", "1", "4", "enter")  # 阿明 pungs from Lee
        await pilot.press(
            "k", "1", "a", "enter"
        )  # ...and adds the kong on it (supplier: the pung's)
        await pilot.pause()
        cur = text_of(app.screen.query_one("#current-hand"))
        assert "老王" in cur and "Lee" in cur
        await pilot.press("d", "2", "enter")  # draw, 小芳 drew the last tile
        await pilot.press("z", "4", "enter")  # next hand: Lee false win
        await pilot.pause()
    assert events(ledger, sid) == [
        [
            {"type": "kong", "player": 2, "kind": "concealed"},
            {"type": "pung", "player": 0, "from": 3},
            {"type": "kong", "player": 0, "kind": "added", "from": 3},
            {"type": "draw", "last_drawer": 1},
        ],
        [{"type": "false_win", "player": 3}],
    ]
    # kong points (RULES.md §1): concealed 1 from each other, added 1 from the pung's supplier;
    # 诈胡 false_win_penalty 10 to each other player
    assert totals(ledger, sid) == (1 + 10 - 1, -1 + 10, 3 + 10, -1 - 1 - 30)


@run
async def test_nanjing_flowers_penalty_and_bixiahu_shown(ledger):
    sid = session(ledger, "nanjing")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("f", "2")
        app.screen.query_one("#flowers").value = "aCC"
        await pilot.press("enter")
        await pilot.press("x", "3", "f", "enter")  # 老王 discarded all four copies
        await pilot.press("d", "enter")
        await pilot.pause()
        info = text_of(app.screen.query_one("#table-info"))
        assert "比下胡" in info  # RULES.md §2: a 罚 and a draw are 比下胡 triggers
    assert events(ledger, sid)[0][:2] == [
        {"type": "flowers", "player": 1, "tiles": "aCC"},
        {"type": "penalty", "player": 2, "kind": "four_copies"},
    ]
    # 罚 one player discards all four copies: that player pays 10 to each other player
    assert totals(ledger, sid) == (10, 10, -30, 10)
    assert ledger.replay(sid).next_state.bixiahu is True


@run
async def test_guobiao_declared_fan_and_prevailing_wind(ledger):
    sid = session(ledger, "guobiao")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        info = text_of(app.screen.query_one("#table-info"))
        assert "东风圈" in info and "East round" in info
        await pilot.press(
            "w", "3", "0", "1", "2", "enter"
        )  # 老王 self-draws 12 fans: 6 keys after w
        await pilot.pause()
    # RULES.md §3 seed payment: self-draw → each other player pays the fan total
    assert totals(ledger, sid) == (-12, -12, 36, -12)


@run
async def test_undo_last_event(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k", "3", "c", "enter", "w", "2", "3", "enter")
        await pilot.pause()
        assert len(events(ledger, sid)[0]) == 2
        # the win ended hand 1, so undoing it reopens a finished hand: asked first
        await pilot.press("u")
        await pilot.pause()
        assert "Undo the result of hand 1" in text_of(app.screen.query_one("#dialog Static"))
        await pilot.press("n")
        await pilot.pause()
        assert len(events(ledger, sid)[0]) == 2
        await pilot.press("u", "enter")  # a stray Enter is "no" for a destructive question
        await pilot.pause()
        assert len(events(ledger, sid)[0]) == 2
        await pilot.press("u", "y")
        await pilot.pause()
        assert events(ledger, sid) == [[{"type": "kong", "player": 2, "kind": "concealed"}]]
        await pilot.press("u")
        await pilot.pause()
        assert "no events yet" in text_of(app.screen.query_one("#current-hand"))
    assert events(ledger, sid) == []


@run
async def test_edit_past_hand_resettles_later_hands(ledger):
    sid = session(ledger, "nanning")
    ledger.add_event(sid, {"type": "win", "player": 1, "from": 2, "patterns": []})
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 2, "patterns": []})
    assert ledger.replay(sid).hands[1].state.dealer == 1  # the winner of hand 1 deals hand 2
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        log = app.screen.query_one(HandLog)
        log.move_cursor(row=0)
        await pilot.press("e")
        await pilot.pause()
        # replace hand 1's win: now 老王 wins on 小芳's discard
        await pilot.press("w", "3", "2", "enter")
        await pilot.pause()
        assert "老王" in text_of(app.screen.query_one("#preview"))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        row = [str(c) for c in log.get_row_at(0)]
        assert row[2:6] == ["+0", "-2", "+2", "+0"]  # the change is visible in the log
    assert events(ledger, sid)[0] == [{"type": "win", "player": 2, "from": 1, "patterns": []}]
    rep = ledger.replay(sid)
    assert rep.hands[1].state.dealer == 2  # hand 2 re-settled with the new dealer
    assert rep.totals == (2, -2, 0, 0)


@run
async def test_delete_hand_with_confirmation(ledger):
    sid = session(ledger, "nanning")
    ledger.add_event(sid, {"type": "false_win", "player": 3})
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 2, "patterns": []})
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        app.screen.query_one(HandLog).move_cursor(row=0)
        await pilot.press("delete", "n")  # declined: nothing happens
        await pilot.pause()
        assert len(events(ledger, sid)) == 2
        await pilot.press("delete", "y")
        await pilot.pause()
        assert app.screen.query_one(HandLog).row_count == 2  # one hand + totals row
    assert events(ledger, sid) == [[{"type": "win", "player": 0, "from": 2, "patterns": []}]]


@run
async def test_end_and_reopen_session(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("ctrl+e", "y")  # it asks first: only y says yes
        await pilot.pause()
        assert ledger.session_info(sid).ended
        await pilot.press("k", "1", "c", "enter")  # refused while ended: no dialog, nothing stored
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert events(ledger, sid) == []
        # and it says why
        await pilot.press("w")
        await pilot.pause()
        assert [n.message for n in app._notifications][-1] == "Session ended (press o to reopen)"
        await pilot.press("o", "y")
        await pilot.pause()
        assert not ledger.session_info(sid).ended
        await pilot.press("k", "1", "c", "enter")
        await pilot.pause()
    assert events(ledger, sid) == [[{"type": "kong", "player": 0, "kind": "concealed"}]]


@run
async def test_variant_decides_available_actions(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("f", "x")  # Nanning has no flowers and no penalties
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        screen = app.screen
        assert screen.check_action("add", ("flowers",)) is False
        assert screen.check_action("add", ("penalty",)) is False
        assert screen.check_action("add", ("kong",)) is True
    assert events(ledger, sid) == []


@run
async def test_nanchang_jing_reveal_counts_and_win(ledger):
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j")
        d = app.screen
        await pilot.press(*"5m", "tab", *"2p", "tab", *"1,0", "tab", "tab", *"0,1")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("c")
        await pilot.pause()
        d = app.screen
        await pilot.press(*"2,1")  # 阿明 holds 2 正精 and 1 副精 at the end
        await pilot.press("enter")
        await pilot.press("w", "2", "0", "enter")  # 小芳 self-draws
        await pilot.pause()
        assert d is not app.screen
    evs = events(ledger, sid)[0]
    assert evs[0] == {
        "type": "jing",
        "indicator": "5m",
        "lower": "2p",
        "lower_counts": [[1, 0], [0, 0], [0, 1], [0, 0]],
    }
    assert evs[1] == {"type": "jing_count", "counts": [[2, 1], [0, 0], [0, 0], [0, 0]]}
    assert evs[2]["type"] == "win" and evs[2]["player"] == 1 and evs[2]["from"] is None
    rep = ledger.replay(sid)
    pays = rep.hands[0].result.payments
    # RULES.md §4 奖励分: raw = 2z + f = 5 → 冲关 ×(5−3) = 10; only player with jing → 霸王精 ×2 = 20
    assert [(p.payer, p.payee, p.amount) for p in pays if p.reason.startswith("奖励分")] == [
        (1, 0, 20),
        (2, 0, 20),
        (3, 0, 20),
    ]
    assert sum(rep.totals) == 0


@run
async def test_nanning_two_winners_on_one_discard(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "4", "plus")  # 小芳 wins on Lee's discard, and...
        await pilot.pause()
        d = app.screen
        assert "1 winner(s) so far" in text_of(d.query_one("#dialog-title"))
        await pilot.press("3")  # ...老王 too; the discarder stays Lee
        await pilot.pause()
        assert d.query_one("#from").value == 3
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert [(e["player"], e["from"]) for e in events(ledger, sid)[0]] == [(1, 3), (2, 3)]
    # RULES.md §1 一炮多响: each winner is paid by the discarder (N(0) = 2 each, not 门清),
    # and the discarder deals next
    assert totals(ledger, sid) == (0, 2, 2, -4)
    assert ledger.replay(sid).next_state.dealer == 3


@run
async def test_one_winner_per_discard_elsewhere(ledger):
    sid = session(ledger, "guobiao")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "4", *"8", "plus")  # no 一炮多响 in Guobiao: '+' does nothing
        await pilot.pause()
        assert "so far" not in text_of(app.screen.query_one("#dialog-title"))
        await pilot.press("enter")
        await pilot.pause()
    assert len(events(ledger, sid)[0]) == 1


@run
async def test_mouse_clicks_choose_seats_and_toggle_patterns(ledger):
    sid = session(ledger, "nanning", names=["A", "B", "C", "D"])
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w")
        d = app.screen
        # "[1] A  [2] B  [3] C  [4] D": B is drawn at x = 7..11 of the winner picker
        await pilot.click("#winner", offset=(9, 0))
        # "[0] self-draw  [1] A  [2] B  [3] C  [4] D": D starts at x = 35
        await pilot.click("#from", offset=(37, 0))
        await pilot.click("#patterns", offset=(1, 0))  # the first pattern's hotkey box
        await pilot.pause()
        assert d.query_one("#winner").value == 1 and d.query_one("#from").value == 3
        assert d.query_one("#patterns").values() == {"all_melded": 1}
        await pilot.click("#patterns", offset=(1, 0))  # click again: off
        await pilot.press("enter")
        await pilot.pause()
    assert events(ledger, sid)[0] == [{"type": "win", "player": 1, "from": 3, "patterns": []}]


@run
async def test_guobiao_tiles_after_logging_the_kong(ledger):
    sid = session(ledger, "guobiao")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "1", "2", "ctrl+t")
        d = app.screen
        d.query_one("#tiles").value = "[345s,2]3p55p5567p[7777s]4p"
        await pilot.pause()
        assert "kong event" in text_of(
            d.query_one("#dialog-error")
        )  # RULES.md §0: a kong needs its event
        await pilot.press("enter", "escape")
        await pilot.press("k", "1", "c", *"7s", "enter")
        await pilot.press("w", "1", "2", "ctrl+t")
        assert app.screen.focused is app.screen.query_one("#tiles")
        app.screen.query_one("#tiles").value = "[345s,2]3p55p5567p[7777s]4p"
        await pilot.pause()
        preview = text_of(app.screen.query_one("#preview"))
        assert "四归一" in preview and "喜相逢" in preview
        await pilot.press("enter")
        await pilot.pause()
    # PyMahjongGB: 四归一 2 暗杠 2 断幺 2 喜相逢 1 缺一门 1 = 8; RULES.md §3 the discarder pays the total
    assert totals(ledger, sid) == (8, -8, 0, 0)


@run
async def test_nanjing_flags_planted_by_a_streak(ledger):
    sid = session(ledger, "nanjing")
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("d", "enter", "d", "enter")  # two draws in a row
        await pilot.pause()
        info = text_of(app.screen.query_one("#table-info"))
    # RULES.md §2: a draw is a 比下胡 trigger; a streak of n triggers plants n−1 flags (插旗)
    state = ledger.replay(sid).next_state
    assert state.bixiahu and state.flags == 1
    assert "比下胡" in info and "插旗 ⚑ 1" in info


@run
async def test_edit_removes_a_mistaken_kong_from_a_past_hand(ledger):
    sid = session(ledger, "nanning")
    ledger.add_event(sid, {"type": "kong", "player": 2, "kind": "concealed"})
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 1, "patterns": []})
    assert totals(ledger, sid) == (2 - 1, -2 - 1, 3, -1)
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("enter")  # Enter on the (latest) hand opens it for editing
        await pilot.pause()
        editor = app.screen
        assert type(editor).__name__ == "HandEditScreen"
        editor.query_one("#events").highlighted = 0
        await pilot.press("delete")
        await pilot.pause()
        assert "杠分" not in text_of(editor.query_one("#preview"))
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert events(ledger, sid) == [[{"type": "win", "player": 0, "from": 1, "patterns": []}]]
    assert totals(ledger, sid) == (2, -2, 0, 0)


@run
async def test_each_confirmed_event_is_on_disk_at_once(tmp_path):
    from mjscore.db.ledger import Ledger

    path = tmp_path / "ledger.sqlite3"
    led = Ledger.open(path)
    sid = session(led, "nanning")
    app = app_on(led)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k", "3", "c", "enter")
        await pilot.pause()
        with Ledger.open(path) as other:  # another connection, while the app still runs
            assert events(other, sid) == [[{"type": "kong", "player": 2, "kind": "concealed"}]]
    led.close()


@run
async def test_long_name_keeps_the_score_visible(ledger):
    from mjscore.engine.names import shown_name

    # a 41-character name wrapped over the wind and score lines of its box
    long = "Wang Xiaoming the Fortieth of His Nameeee"
    sid = session(ledger, "nanning", names=["Alice", "Bob", "Mei", long])
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 3, "patterns": ["all_pungs"]})
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        rows = [r.strip("▊▎ ") for r in lines_of(app.screen.query_one("#seat-3"))]
    # inside the border: name (cut, one line), seat wind, score (RULES.md §1: 碰碰胡 N(1) = 9)
    assert rows[1] == "4 " + shown_name(long)  # the one bound of engine.names (12 columns)
    assert rows[2] == "北 North"
    assert rows[3] == "-9"


@run
async def test_added_kong_takes_its_pungs_supplier(ledger):
    # RULES.md §0: "A pung later turned into an added kong is one meld: the added
    # kong's `from` equals the pung's". The dialog fills the supplier in and locks it.
    sid = session(ledger, "nanning", names=["Alice", "Bob", "Mei", "Wang"])
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("p", "2", "1", *"5s", "enter")  # Bob pungs 5s from Alice
        await pilot.press("p", "2", "3", *"7p", "enter")  # ...and 7p from Mei
        await pilot.press("k", "2", "a")
        d = app.screen
        assert isinstance(d, KongDialog)
        # two pungs with different suppliers: the tile decides; the supplier is not guessed
        assert not d.query_one("#from").chosen
        assert "several pungs" in text_of(d.query_one("#kong-note"))
        assert d.focused is d.query_one("#tile")  # the locked row is skipped
        await pilot.press(*"5s")
        await pilot.pause()
        assert d.query_one("#from").value == 0 and d.query_one("#from").disabled
        assert "Alice pays" in text_of(d.query_one("#kong-note"))
        await pilot.press("3")  # a seat key out of habit goes to the tile field, not the supplier
        await pilot.pause()
        assert d.query_one("#from").disabled and d.query_one("#from").value != 2
        await pilot.press("backspace", "enter")
        await pilot.press("d", "1", "enter")  # a draw, Alice drew the last tile
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert events(ledger, sid)[0][2] == {
        "type": "kong",
        "player": 1,
        "kind": "added",
        "from": 0,
        "tile": "5s",
    }
    # RULES.md §1 kong points: an added kong takes 1 from the pung's supplier
    pays = ledger.replay(sid).hands[0].result.payments
    assert [(p.payer, p.payee, p.amount) for p in pays if "补杠" in p.reason] == [(0, 1, 1)]


@run
async def test_engine_refusal_has_a_localized_lead_and_no_record_paths(ledger):
    # in the Chinese UI a refusal read "✗ events[0]: 6 fan is below the minimum…"
    sid = session(ledger, "guobiao")
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "3", "1", "6")
        await pilot.pause()
        shown = text_of(app.screen.query_one("#dialog-error")) + text_of(
            app.screen.query_one("#preview")
        )
        await pilot.press("enter", "escape")
        await pilot.pause()
    # RULES.md §3: min_fan 8; the engine's refusal itself is in Chinese too
    assert "不能记录: " in shown and "6 番不到起和 8 番" in shown
    assert "events[" not in shown and "below the minimum" not in shown
    assert events(ledger, sid) == []


def test_engine_seats_shown_as_names_and_ui_numbers():
    # engine messages count seats from 0 ("seat 2"); the UI numbers players 1–4
    from mjscore.engine.errors import MjError
    from mjscore.engine.record import Hand, event_from_json, validate_hand_structure
    from mjscore.engine.variants import get_variant
    from mjscore.tui.widgets.describe import explain_error

    evs = (
        event_from_json({"type": "pung", "player": 0, "from": 1, "tile": "7p"}, "pung"),
        event_from_json(
            {"type": "kong", "player": 0, "kind": "added", "from": 2, "tile": "7p"}, "kong"
        ),
    )
    with pytest.raises(MjError) as info:
        validate_hand_structure(Hand(evs), get_variant("nanjing"), "hand 8", last=True)
    shown = explain_error(info.value, "en", ["Zhang", "Li", "Zhao Zhao", "Qian"])
    assert shown.startswith("Refused (Hand 8): ")
    assert "Zhao Zhao [3]" in shown and "Li [2]" in shown
    assert "seat" not in shown and "events[" not in shown


@run
async def test_another_window_on_the_same_ledger(tmp_path):
    # a second window added a kong; this window's preview and confirmation must use
    # the hand as the ledger holds it, and a confirmation on a changed hand is not saved.
    from mjscore.db.ledger import Ledger

    path = tmp_path / "ledger.sqlite3"
    led = Ledger.open(path)
    sid = session(led, "nanning")
    app = app_on(led)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await open_table(pilot, sid)
            with Ledger.open(path) as other:
                other.add_event(sid, {"type": "kong", "player": 0, "kind": "concealed"})
            await pilot.press("z", "2")  # 小芳 false win: the dialog opens on the refreshed hand
            await pilot.pause()
            preview = text_of(app.screen.query_one("#preview"))
            assert "杠分" in preview  # RULES.md §1: the concealed kong's points are in the hand
            await pilot.press("enter")
            await pilot.pause()
            assert events(led, sid) == [
                [
                    {"type": "kong", "player": 0, "kind": "concealed"},
                    {"type": "false_win", "player": 1},
                ]
            ]
            # now the other window changes the open hand while this one's dialog is open
            await pilot.press("k", "3", "c")
            with Ledger.open(path) as other:
                other.add_event(sid, {"type": "kong", "player": 3, "kind": "concealed"})
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert "no events" not in text_of(
                app.screen.query_one("#current-hand")
            )  # shows the other's kong
        assert events(led, sid)[1] == [
            {"type": "kong", "player": 3, "kind": "concealed"}
        ]  # ours not saved
    finally:
        led.close()


@run
async def test_second_winner_keeps_the_discards_flags(ledger):
    # Lead L1: '+' (一炮多响) cleared the first winner's situation flags; the discard's
    # flags (here 海底炮, the last tile discarded) are the same for every winner on it.
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "4")
        d = app.screen
        await pilot.press(hotkey(d, "last_tile"), "plus", "3")
        await pilot.pause()
        assert d.query_one("#flags").values() == {"last_tile": 1}
        await pilot.press("enter")
        await pilot.pause()
    wins = events(ledger, sid)[0]
    assert [(e["player"], e["from"], e.get("last_tile")) for e in wins] == [
        (1, 3, True),
        (2, 3, True),
    ]


@run
async def test_heavenly_hand_needs_no_concealed_tick(ledger):
    # 天胡 without ticking 门清 was refused ("always 门清"); unticked now means "not
    # said" and the engine derives 门清
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "1", "0")
        await pilot.press(hotkey(app.screen, "heavenly"), "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert events(ledger, sid) == [
        [{"type": "win", "player": 0, "from": None, "patterns": [], "heavenly": True}]
    ]
    # RULES.md §1: 天胡 each pays 2·S(k) with b = 4; k = 0 → 2·4 = 8
    assert totals(ledger, sid) == (24, -8, -8, -8)


@run
async def test_kong_chain_length_defaults_to_the_logged_kongs(ledger):
    # after two kongs in a row, 杠上花 cycled up to ×4; it stops at the logged kongs
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k", "2", "c", *"3s", "enter", "k", "2", "c", *"4s", "enter")
        await pilot.press("w", "2", "0")
        d = app.screen
        key = hotkey(d, "kong_bloom")
        await pilot.press(key, key)  # counts up 1 → 2 → off: never beyond the two logged kongs
        assert d.query_one("#flags").values() == {"kong_bloom": 2}
        await pilot.press(key)
        assert d.query_one("#flags").values() == {}
        await pilot.press(key, key)
        assert d.query_one("#flags").values() == {"kong_bloom": 2}
        await pilot.press("enter")
        await pilot.pause()
    assert events(ledger, sid)[0][2] == {
        "type": "win",
        "player": 1,
        "from": None,
        "patterns": [],
        "kong_bloom": 2,
    }
    # RULES.md §1 杠上花 of a concealed chain: each other pays V = 2·S(k)·2^(n−1), b = 3 (not
    # declared 门清), k = 0, n = 2 → 12; plus 1 per concealed kong from each other player
    assert totals(ledger, sid) == (-14, 42, -14, -14)


@run
async def test_nanchang_jing_on_the_table_and_missing_counts_hint(ledger):
    # the table centre never showed the 正精/副精 after a reveal; a win with no
    # jing counts entered silently settled 奖励分 as 0
    sid = session(ledger, "nanchang")
    ledger.add_event(
        sid,
        {
            "type": "jing",
            "indicator": "9s",
            "lower": "E",  # 下精 counts given
            "lower_counts": [[2, 1], [0, 1], [0, 0], [0, 0]],
        },
    )
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        info = text_of(app.screen.query_one("#table-info"))
        # RULES.md §4: 副精 = the next tile, suits wrap 9→1
        assert "正精 jing 9s · 副精 sub 1s" in info
        await pilot.press("w", "2", "0")
        await pilot.pause()
        # first line of the preview: a long 下精分 list cannot scroll it out of view
        assert text_of(app.screen.query_one("#preview")).startswith("No jing counts entered")
        await pilot.press("escape", "c", "enter", "w", "2", "0")
        await pilot.pause()
        assert "No jing counts entered" not in text_of(app.screen.query_one("#preview"))


@run
async def test_escape_in_edit_hand_asks_before_dropping_changes(ledger):
    # Esc in Edit hand threw pending changes away without asking
    sid = session(ledger, "nanning")
    ledger.add_event(sid, {"type": "kong", "player": 2, "kind": "concealed"})
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 1, "patterns": []})
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("e")
        await pilot.pause()
        editor = app.screen
        editor.query_one("#events").highlighted = 0
        await pilot.press("delete", "escape")
        await pilot.pause()
        assert "Discard your changes to hand 1?" in text_of(app.screen.query_one("#dialog Static"))
        await pilot.press("n")  # keep editing
        await pilot.pause()
        assert app.screen is editor
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert events(ledger, sid) == [[{"type": "win", "player": 0, "from": 1, "patterns": []}]]


@run
async def test_bixiahu_shows_the_hands_actual_multiplier(ledger):
    # with bixiahu_stack the centre said "比下胡 (double hand)" for a ×8 hand.
    # RULES.md §2: "With bixiahu_stack the multiplier of a 比下胡 hand is 2^(1+flags)"
    sid = session(ledger, "nanjing", options={"bixiahu_stack": True})
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("d", "enter", "d", "enter", "d", "enter")  # three draws: two flags
        await pilot.pause()
        info = text_of(app.screen.query_one("#table-info"))
    assert ledger.replay(sid).next_state.flags == 2
    assert "比下胡 ×8" in info


@run
async def test_draw_without_payments_says_so(ledger):
    # a draw with nothing to settle showed a stray "(0)"; RULES.md §2 a draw only
    # settles what was paid on the spot, and nothing was
    sid = session(ledger, "nanjing")
    app = app_on(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("d")
        await pilot.pause()
        preview = text_of(app.screen.query_one("#preview"))
    assert "(nobody pays anything)" in preview and "(0)" not in preview
