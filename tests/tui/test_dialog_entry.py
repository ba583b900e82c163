"""Entering and correcting events at the table, found by keystrokes: corrections that
replace what was entered, the fish and horse fields, seat keys, the jing dialogs and typing
from a Chinese input method. Each test types what a person at the table typed."""

from __future__ import annotations

from mjscore.tui.screens.dialogs import JingCountDialog, WinDialog
from textual.widgets import Input

from tests.builders import (
    FLUSH,
    app_on,
    events,
    open_table,
    run,
    session,
    text_of,
    type_fast,
)

SMALL = (80, 24)


@run
async def test_a_second_jing_count_opens_the_first_and_replaces_it(ledger):
    # `c` twice used to log two jing counts, and the win was then refused ("a hand has at
    # most one jing_count event (found 2)"): the second `c` now corrects the first
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j", *"5m", "tab", *"2p", "enter")
        await pilot.press("c", *"0,1", "tab", "tab", "tab", *"1,0", "enter")
        await pilot.pause()
        await pilot.press("c")
        d = app.screen
        assert isinstance(d, JingCountDialog)
        assert [d.query_one(f"#jc{i}", Input).value for i in range(4)] == [
            "0,1",
            "1,0",
            "0,0",
            "0,0",
        ]
        await pilot.press(*"0,2", "tab", "tab", "tab", *"2,0", "enter")
        await pilot.pause()
        await pilot.press("j")  # the reveal, too, is held once: it opens on the one entered
        assert app.screen.query_one("#indicator", Input).value == "5m"
        await pilot.press("escape")
        await pilot.press("w", "4", "0", "ctrl+t", *FLUSH, "enter")
        await pilot.pause()
        assert not isinstance(app.screen, WinDialog), text_of(app.screen.query_one("#dialog-error"))
    assert events(ledger, sid) == [
        [
            {"type": "jing", "indicator": "5m", "lower": "2p", "lower_counts": [[0, 0]] * 4},
            {"type": "jing_count", "counts": [[0, 2], [2, 0], [0, 0], [0, 0]]},
            {"type": "win", "player": 3, "from": None, "hand": FLUSH},
        ]
    ]


@run
async def test_enter_on_an_event_in_edit_hand_changes_it_in_place(ledger):
    # Edit hand could only delete the win and type it again; Enter now opens it, filled in
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("p", "3", "1", *"7p", "enter")
        await pilot.press("w", "1", "3", "ctrl+t", *"[555p,2]11122233m99s9s", "enter")
        await pilot.pause()
        await pilot.press("e", "down", "enter")  # the second event: the win
        await pilot.pause()
        d = app.screen
        assert isinstance(d, WinDialog)
        assert d.query_one("#tiles", Input).value == "[555p,2]11122233m99s9s"
        assert d.query_one("#from").value == 2
        await pilot.press("1", "4", "enter")  # the same winner, the discarder was Lee
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert events(ledger, sid) == [
        [
            {"type": "pung", "player": 2, "from": 0, "tile": "7p"},
            {"type": "win", "player": 0, "from": 3, "hand": "[555p,2]11122233m99s9s"},
        ]
    ]


FISH_AND_HORSES = {"horses": 2, "fishing": True}


@run
async def test_win_preview_with_horses_and_fish_untyped_is_provisional_and_enter_waits(ledger):
    # with 摸码/钓鱼 on the preview stayed empty (a refusal in English) until both were typed
    # right; now it shows the payments as no hits, marked provisional, and Enter waits
    sid = session(ledger, "nanning", options=FISH_AND_HORSES)
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "2", "0")
        d = app.screen
        preview = text_of(d.query_one("#preview"))
        assert "暂定" in preview and "摸码 [a]/中码数 [i]、钓鱼 [f]" in preview
        assert "阿明       → 小芳            3" in preview  # 鸡胡 自摸: 3 from each, no hit
        assert "还要填" in text_of(d.query_one("#dialog-error"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is d  # refused until they are typed
        await pilot.press("f", "-", "shift+tab", "1")  # nobody fished; one horse hit
        await pilot.pause()
        preview = text_of(d.query_one("#preview"))
        assert "暂定" not in preview and "阿明       → 小芳            6" in preview
        await pilot.press("enter")
        await pilot.pause()
    assert events(ledger, sid) == [
        [
            {
                "type": "win",
                "player": 1,
                "from": None,
                "patterns": [],
                "horse_hits": 1,
                "fish": [None] * 4,
            }
        ]
    ]


@run
async def test_fish_and_horse_fields_say_their_format_in_both_languages(ledger):
    # 钓鱼 was an empty field; in English its whole label leaked into the summary line
    sid = session(ledger, "nanning", options=FISH_AND_HORSES)
    for lang, words in (("zh", ("2 张连写", "只按 -")), ("en", ("2 tiles together", "lone -"))):
        app = app_on(ledger, lang=lang)
        async with app.run_test(size=SMALL) as pilot:
            await open_table(pilot, sid)
            await pilot.press("w", "2", "1", "f", *"5m,-,-,3s")
            d = app.screen
            shown = " ".join(text_of(lab) for lab in d.query(".fsub"))
            assert all(w in shown for w in words)
            assert "阿明:5m 小芳:- 老王:- Lee:3s" in shown  # one slot per player, named
            summary = text_of(d.query_one("#dialog-error"))
            assert summary.startswith("✓") and "comma" not in summary
            await pilot.press("escape")


@run
async def test_a_name_prefix_shared_by_two_players_waits_for_the_next_letter(ledger):
    # Ann and Abe: `w a n` moved on after the `a` with nobody chosen, so the `n` went on
    # to the next rows; now `a` names both and waits, `n` picks Ann
    sid = session(ledger, "nanjing", names=["Ann", "Abe", "Bob", "Cy"])
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "w", "a")
        d = app.screen
        assert d.focused is d.query_one("#winner")
        assert "[1] Ann / [2] Abe" in text_of(d.query_one("#dialog-error"))
        await type_fast(pilot, "n", "3")
        assert d.query_one("#winner").value == 0 and d.query_one("#from").value == 2
        assert d.query_one("#patterns").values() == {}
        await pilot.press("escape")
        await type_fast(pilot, "w", "2", "3", "p")  # today's sequences are unchanged
        d = app.screen
        assert (d.query_one("#winner").value, d.query_one("#from").value) == (1, 2)
        assert d.query_one("#patterns").values() == {"all_pungs": 1}


@run
async def test_choosing_the_winner_again_as_discarder_says_what_is_wrong(ledger):
    # `w 2 2` said "press a key shown in [ ]" although [2] is shown
    sid = session(ledger, "nanning")
    for lang, said in (
        ("en", "小芳 is already the Winner: choose another Discarder"),
        ("zh", "小芳 已是胡牌者，放炮者请选另一位"),
    ):
        app = app_on(ledger, lang=lang)
        async with app.run_test(size=SMALL) as pilot:
            await open_table(pilot, sid)
            await pilot.press("w", "2", "2")
            assert text_of(app.screen.query_one("#dialog-error")) == said
            await pilot.press("escape")


@run
async def test_jing_reveal_moves_on_after_each_tile(ledger):
    # the 翻精 dialog stayed in the turned tile's field after the tile was typed
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "j", *"5m", *"2p", *"1,0", "down", *"0,1", "enter")
        await pilot.pause()
    assert events(ledger, sid) == [
        [
            {
                "type": "jing",
                "indicator": "5m",
                "lower": "2p",
                "lower_counts": [[1, 0], [0, 1], [0, 0], [0, 0]],
            }
        ]
    ]


@run
async def test_jing_counts_rows_move_with_the_arrows_and_start_from_the_logged_jing_kongs(ledger):
    # player 4 took 9 Tabs, ↓ did nothing, a logged 精杠 was not filled in, and the header
    # wrapped at 80 columns
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j", *"5m", *"2p", "enter")
        await pilot.press("k", "2", "c", *"5m", "enter")  # 小芳's concealed kong of 正精
        await pilot.pause()
        await pilot.press("c")
        d = app.screen
        assert isinstance(d, JingCountDialog)
        assert d.query_one("#jc1", Input).value == "4,0"
        assert d.query_one("#jk1", Input).value == "1"
        header = d.query_one("#dialog-fields").children[0]
        assert header.outer_size.height == 1
        await pilot.press("down", "down", "down", *"0,2", "tab", "tab", "up", "up", *"1")
        await pilot.press("enter")
        await pilot.pause()
    assert events(ledger, sid)[0][-1] == {
        "type": "jing_count",
        "counts": [[0, 0], [4, 0], [0, 0], [0, 2]],
        "jing_kongs": [0, 1, 0, 0],
        "fed_by": [None, 0, None, None],
    }


@run
async def test_escape_on_the_new_session_form_asks_before_throwing_away_what_was_typed(ledger):
    from mjscore.tui.screens.dialogs import ConfirmDialog
    from mjscore.tui.screens.new_session import NewSessionScreen

    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("escape")  # nothing typed: no question
        await pilot.pause()
        assert not isinstance(app.screen, NewSessionScreen)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("1", *"Ann", "tab", *"Bob", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # no: back to the form, as it was
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewSessionScreen)
        assert [form.query_one(f"#player{i}", Input).value for i in (0, 1)] == ["Ann", "Bob"]
        await pilot.press("escape", "y")
        await pilot.pause()
        assert not isinstance(app.screen, (NewSessionScreen, ConfirmDialog))


@run
async def test_full_width_typing_is_taken_wherever_a_tile_or_count_is_typed(ledger):
    # a Chinese input method types １２３ｍ: the tile and count fields refused the keys
    sid = session(ledger, "guobiao")
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await type_fast(pilot, "k", "２", "c", *"３ｓ", "enter")  # seat key, tile
        await type_fast(pilot, "w", "１", "０", "٣", "８")  # fan total: ８ taken, ٣ not
        d = app.screen
        assert isinstance(d, WinDialog)
        assert d.query_one("#n-fan", Input).value == "８"
        await type_fast(pilot, "enter")
    assert events(ledger, sid) == [
        [
            {"type": "kong", "player": 1, "kind": "concealed", "tile": "3s"},
            {"type": "win", "player": 0, "from": None, "fan": 8},
        ]
    ]


@run
async def test_full_width_jing_counts_and_feeder_are_taken(ledger):
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j", *"5m", *"2p", "enter")
        # 小芳 holds three 正精 (冲关), fed by 阿明: typed with a full-width comma and digits
        await type_fast(pilot, "c", "down", *"３，０", "tab", "tab", "１", "enter")
        await pilot.pause()
    assert events(ledger, sid)[0][-1] == {
        "type": "jing_count",
        "counts": [[0, 0], [3, 0], [0, 0], [0, 0]],
        "fed_by": [None, 0, None, None],
    }


@run
async def test_feeding_ones_own_chongguan_is_refused_when_the_counts_are_entered(ledger):
    # `✓ … 冲关 阿明` was accepted and refused only at the win
    sid = session(ledger, "nanchang")
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j", *"5m", *"2p", "enter")
        await pilot.press("c", *"3,0", "tab", "tab", "1", "enter")
        await pilot.pause()
        d = app.screen
        assert isinstance(d, JingCountDialog)  # refused: the dialog stays
        assert "阿明 [1]" in text_of(d.query_one("#dialog-error"))
        await pilot.press("escape")
    assert events(ledger, sid) == [[events(ledger, sid)[0][0]]]


@run
async def test_jing_count_fields_take_only_counts_and_the_last_row_stays_put(ledger):
    # letters were typed into a count ("abj5m2pc"), and ↓ on the last row left the column
    sid = session(ledger, "nanchang", names=["Ann", "Bob", "Cy", "Di"])
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("c", "down", "down", "down", "down", *"a1,b2")
        d = app.screen
        assert d.focused is d.query_one("#jc3")
        assert d.query_one("#jc3", Input).value == "1,2"
        await pilot.press("escape")


@run
async def test_jing_count_key_in_edit_hand_corrects_the_one_there(ledger):
    sid = session(ledger, "nanchang")
    app = app_on(ledger)
    async with app.run_test(size=SMALL) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j", *"5m", *"2p", "enter", "c", *"0,1", "down", *"1,0", "enter")
        await pilot.press("w", "4", "0", "ctrl+t", *FLUSH, "enter")
        await pilot.pause()
        await pilot.press("e", "c")
        d = app.screen
        assert isinstance(d, JingCountDialog)
        assert d.query_one("#jc1", Input).value == "1,0"
        await pilot.press("down", *"2,0", "enter", "ctrl+s")
        await pilot.pause()
    counts = [e for e in events(ledger, sid)[0] if e["type"] == "jing_count"]
    assert counts == [{"type": "jing_count", "counts": [[0, 1], [2, 0], [0, 0], [0, 0]]}]
