"""Names stay one person on the new-session form: the offered past player is taken with
Enter, Tab or →, a name never seen before is marked as a new player before the session is
created, and names the app could not show or pick are refused in one line."""

from __future__ import annotations

from mjscore.tui.screens.new_session import NewSessionScreen
from mjscore.tui.screens.table import TableScreen
from rich.cells import cell_len

from tests.builders import SIZE, app_on, run, session, text_of, type_fast


async def _form(pilot, app):
    await pilot.press("n")
    await pilot.pause()
    s = app.screen
    assert isinstance(s, NewSessionScreen)
    await pilot.press("1")  # the rule set; the focus moves to the first player
    await pilot.pause()
    return s


@run
async def test_enter_tab_and_right_take_the_offered_past_player(ledger):
    session(ledger, "nanning", names=["阿明", "小芳", "老王", "Lee"])
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        s = await _form(pilot, app)
        # typed in one burst, before any suggestion could arrive: Enter takes 阿明
        await type_fast(pilot, "阿", "enter")
        assert s.query_one("#player0").value == "阿明"
        assert s.focused is s.query_one("#player1")
        # → shows 老王 in the field, Tab keeps it
        await type_fast(pilot, "老", "right")
        assert s.query_one("#player1").value == "老王"
        await type_fast(pilot, "tab")
        assert s.query_one("#player1").value == "老王"
        # Tab alone after a prefix takes the offer too (case aside)
        await type_fast(pilot, "l", "tab")
        assert s.query_one("#player2").value == "Lee"
        # a new player: marked before the session is created
        await type_fast(pilot, *"Zed")
        await pilot.pause()
        assert text_of(s.query_one("#new-player3")) == "新玩家"
        assert text_of(s.query_one("#new-player0")) == ""
        await type_fast(pilot, "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    players = [info.players for info in ledger.list_sessions()]
    assert ("阿明", "老王", "Lee", "Zed") in players


@run
async def test_delete_turns_the_offer_down_and_marks_a_new_player(ledger):
    session(ledger, "nanning", names=["阿明", "小芳", "老王", "Lee"])
    app = app_on(ledger, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        s = await _form(pilot, app)
        await type_fast(pilot, "阿")
        await pilot.pause()
        assert text_of(s.query_one("#new-player0")) == ""  # 阿明 is offered
        await type_fast(pilot, "delete", "enter")
        await pilot.pause()
        assert s.query_one("#player0").value == "阿"
        assert text_of(s.query_one("#new-player0")) == "new player"


LONG = "Dr. 王小明·Jr 😀 the third of Guangxi Nanning"


@run
async def test_a_name_too_wide_or_of_digits_only_is_refused_in_one_line(ledger):
    for lang, wide, digits in (
        ("zh", "最多 12 列宽（汉字算 2）", "不能全是数字（数字选座位）"),
        (
            "en",
            "at most 12 columns (CJK 2 each)",
            "digits only: digits pick seats",
        ),
    ):
        app = app_on(ledger, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            s = await _form(pilot, app)
            s.query_one("#player0").value = LONG
            s.query_one("#player1").value = "1"
            s.query_one("#player2").value = "王小明王小明"  # 12 columns: accepted
            s.query_one("#player3").value = "Lee 😀"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, NewSessionScreen)  # refused, nothing created
            assert text_of(s.query_one("#err-player0")) == wide
            assert text_of(s.query_one("#err-player1")) == digits
            assert text_of(s.query_one("#err-player2")) == ""
            for i in (0, 1):  # the whole line in view beside its field at 80 columns
                label = s.query_one(f"#err-player{i}")
                assert label.region.right <= 80
                assert label.region.width >= cell_len(text_of(label))
            assert text_of(s.query_one("#new-player0")) == ""  # an error, not "new"
    assert ledger.list_sessions() == []


def test_name_width_counts_wide_characters_and_emoji_as_two():
    from mjscore.engine.errors import MjError
    from mjscore.engine.names import NAME_WIDTH, shown_name, text_width
    from mjscore.engine.people import check_new_name, new_name_problem

    assert NAME_WIDTH == 12
    assert text_width("王小明") == 6 and text_width("Lee 😀") == 6
    assert text_width("👨\u200d👩\u200d👧") == 2  # one glyph
    assert new_name_problem("王小明王小明") is None
    assert new_name_problem("王小明王小明王") == "too_wide"
    assert new_name_problem("１２") == "digits" and new_name_problem("1a") is None
    try:
        check_new_name("007", "players[0]")
    except MjError as e:
        assert str(e) == "players[0]: a player name cannot be digits only: digits pick seats"
    else:
        raise AssertionError("digits-only name accepted")
    cut = shown_name(LONG)
    assert text_width(cut) <= NAME_WIDTH and cut.endswith("…") and cut.startswith("Dr. 王小明")
    assert shown_name(cut) == cut and shown_name("阿明") == "阿明"


@run
async def test_a_returning_player_with_a_long_name_from_an_older_ledger_is_taken(ledger):
    session(ledger, "nanning", names=[LONG, "小芳", "老王", "12"])  # names a record allows
    app = app_on(ledger, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        s = await _form(pilot, app)
        await type_fast(pilot, *"Dr", "tab", *"小", "tab", *"老", "tab", "1", "tab")
        await pilot.pause()
        assert [s.query_one(f"#player{i}").value for i in range(4)] == [LONG, "小芳", "老王", "12"]
        assert all(text_of(s.query_one(f"#err-player{i}")) == "" for i in range(4))
        await type_fast(pilot, "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@run
async def test_the_seat_boxes_and_the_board_cut_a_long_name_at_the_one_bound(ledger):
    """A name that came in longer than 12 columns is shown as engine.names.shown_name cuts
    it, on the table's seat boxes and on the live board alike (not at widths of their own)."""
    from mjscore.engine.names import shown_name
    from mjscore.tui.board.app import BoardApp
    from textual.widgets import Static

    from tests.builders import open_table

    sid = session(ledger, "nanning", names=[LONG, "小芳", "老王", "Lee"])
    cut = shown_name(LONG)
    longer = shown_name(LONG, 16)
    app = app_on(ledger, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        card = text_of(app.screen.query_one("#seat-0"))
        assert cut in card and longer not in card
    board = BoardApp(ledger, lang="en")
    async with board.run_test(size=SIZE) as pilot:
        await pilot.pause()
        who = "\n".join(str(w.render()) for w in board.query(".who").results(Static))
        assert cut in who and longer not in who
