"""Corrections at the table (redo after undo, undo a deleted hand, insert a forgotten hand,
delete and restore a whole session), 国标's games in the hand log and on the scoreboard, and
what a hand has already paid on the spot shown as it happens. Each test checks the ledger."""

from __future__ import annotations

from mjscore.engine.terms import ROUND_WINDS
from mjscore.tui.screens.home import HomeScreen
from mjscore.tui.screens.table import TableScreen
from mjscore.tui.widgets.table import HandLog

from tests.builders import SIZE, app_on, events, open_table, run, session, text_of, totals


def toasts(app) -> list[str]:
    """Every message the app has shown as a toast so far (kept here: a toast on screen
    expires after a few seconds, sooner than a slow machine runs the test)."""
    seen = app.__dict__.get("seen_toasts")
    if seen is None:
        seen = app.seen_toasts = []
        shown = app.notify

        def notify(message, *a, **kw):
            seen.append(message)
            return shown(message, *a, **kw)

        app.notify = notify
    return seen


def status(app) -> str:
    """What the table says on its history's heading line (what was saved, undone, redone)."""
    return text_of(app.screen.query_one("#hand-log-label"))


def row(log: HandLog, i: int) -> list[str]:
    return [str(c) for c in log.get_row_at(i)]


KONG = {"type": "kong", "player": 2, "kind": "concealed"}
WIN = {"type": "win", "player": 1, "from": 2, "patterns": []}


@run
async def test_redo_brings_back_what_undo_removed(ledger):
    sid = session(ledger, "nanning")
    app = app_on(ledger)
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k", "3", "c", "enter", "w", "2", "3", "enter")
        await pilot.pause()
        assert events(ledger, sid) == [[KONG, WIN]]
        await pilot.press("u", "y")  # the result of hand 1 (asked first), then the kong
        await pilot.press("u")
        await pilot.pause()
        assert events(ledger, sid) == []
        await pilot.press("U")  # redo: the kong first
        await pilot.pause()
        assert events(ledger, sid) == [[KONG]]
        assert "Redone" in status(app)
        await pilot.press("ctrl+r")  # the other redo key: the win, hand 1 settled again
        await pilot.pause()
        assert events(ledger, sid) == [[KONG, WIN]]
        assert app.screen.query_one(HandLog).row_count == 2  # the hand and the totals
        await pilot.press("U")  # nothing left to redo: said, nothing changes
        await pilot.pause()
        assert status(app).endswith("Nothing to redo")
        await pilot.press("u")  # undoes the redo
        await pilot.pause()
        assert events(ledger, sid) == [[KONG]]
        await pilot.press("question_mark")  # the help lists the new keys
        await pilot.pause()
        keys = str(app.screen.keys_table())
        assert "Redo" in keys and "Insert hand" in keys
        await pilot.press("escape")
        await pilot.pause()
        # a new entry ends what can be redone
        await pilot.press("d", "2", "enter", "U")
        await pilot.pause()
        assert events(ledger, sid) == [[KONG, {"type": "draw", "last_drawer": 1}]]
    # nothing is lost: every undone step is in the ledger's audit
    assert {e.action for e in ledger.history(sid)} == {"undo_event", "undo"}


@run
async def test_a_deleted_hand_comes_back_with_u_and_goes_again_with_redo(ledger):
    sid = session(ledger, "nanning")
    ledger.add_event(sid, {"type": "false_win", "player": 3})
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 2, "patterns": []})
    before = totals(ledger, sid)
    app = app_on(ledger)
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        log = app.screen.query_one(HandLog)
        log.move_cursor(row=0)
        await pilot.press("delete", "y")
        await pilot.pause()
        assert len(events(ledger, sid)) == 1
        assert "u undoes it" in status(app)
        await pilot.press("u")  # the delete is undone: hand 1 is back, hand 2 re-settled
        await pilot.pause()
        assert events(ledger, sid)[0] == [{"type": "false_win", "player": 3}]
        assert totals(ledger, sid) == before
        assert log.row_count == 3
        await pilot.press("U")
        await pilot.pause()
        assert len(events(ledger, sid)) == 1
        await pilot.press("u")
        await pilot.pause()
    assert len(events(ledger, sid)) == 2 and totals(ledger, sid) == before


@run
async def test_insert_a_forgotten_hand_and_the_deal_follows(ledger):
    sid = session(ledger, "nanning")
    # RULES.md §1 (南宁): the winner deals next. Hand 1: 小芳 wins off 老王
    ledger.add_event(sid, WIN)
    ledger.add_event(sid, {"type": "win", "player": 0, "from": 2, "patterns": []})
    assert [h.state.dealer for h in ledger.replay(sid).hands] == [0, 1]
    app = app_on(ledger)
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        log = app.screen.query_one(HandLog)
        log.move_cursor(row=1)  # before hand 2
        await pilot.press("i")
        await pilot.pause()
        assert "Insert a forgotten hand before hand 2" in text_of(
            app.screen.query_one("#dialog-title")
        )
        assert "no events yet" in text_of(app.screen.query_one("#preview"))  # no refusal
        await pilot.press("w", "3", "1", "enter")  # 老王 wins off 阿明
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert log.row_count == 4
        assert row(log, 1)[0] == "2" and row(log, 2)[1] == "老王"  # hand 3 dealt by 老王
        await pilot.pause()
        assert log.cursor_row == 1  # the inserted hand stays under the cursor
    hands = ledger.replay(sid).hands
    assert [h.state.dealer for h in hands] == [0, 1, 2]
    assert events(ledger, sid)[1] == [{"type": "win", "player": 2, "from": 0, "patterns": []}]
    assert ledger.history(sid)[0].action == "insert"


@run
async def test_undo_of_an_insert_removes_it(ledger):
    sid = session(ledger, "nanning")
    ledger.add_event(sid, WIN)
    app = app_on(ledger)
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("i", "d", "1", "enter", "ctrl+s")
        await pilot.pause()
        assert len(events(ledger, sid)) == 2 and events(ledger, sid)[1] == [WIN]
        await pilot.press("u")
        await pilot.pause()
    assert events(ledger, sid) == [[WIN]]


@run
async def test_delete_a_session_from_home_asks_and_u_restores_it(ledger):
    keep = session(ledger, "nanning")
    sid = session(ledger, "guobiao", names=["A", "B", "C", "D"])
    ledger.add_event(sid, {"type": "win", "player": 2, "from": None, "fan": 12})
    app = app_on(ledger)
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen) and home.selected_id() == sid
        await pilot.press("delete")
        await pilot.pause()
        assert "Delete session" in text_of(app.screen.query_one("#dialog Static"))
        await pilot.press("enter")  # Enter is no
        await pilot.press("delete", "n")
        await pilot.pause()
        assert len(ledger.list_sessions()) == 2
        await pilot.press("delete", "y")
        await pilot.pause()
        assert [s.id for s in ledger.list_sessions()] == [keep]
        assert "u restores it" in toasts(app)[-1]
        assert home.query_one("#sessions").row_count == 1
        await pilot.press("u")
        await pilot.pause()
        (back,) = [s for s in ledger.list_sessions() if s.id != keep]
        assert home.selected_id() == back.id and home.query_one("#sessions").row_count == 2
    assert back.players == ("A", "B", "C", "D") and back.totals == (-12, -12, 36, -12)
    assert ledger.deleted_sessions() == [] and len(ledger.deleted_sessions(restored=True)) == 1


@run
async def test_delete_a_session_from_its_review(ledger):
    sid = session(ledger, "nanning")
    ledger.add_event(sid, WIN)
    app = app_on(ledger, lang="zh")
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("delete")
        await pilot.pause()
        assert "删除第" in text_of(app.screen.query_one("#dialog Static"))
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert ledger.list_sessions() == [] and len(ledger.deleted_sessions()) == 1


def guobiao_hands(ledger, sid: int, n: int) -> None:
    """``n`` hands of 国标: a 12-fan self-draw by seat 2 every fourth hand, else draws."""
    for i in range(n):
        ev = (
            {"type": "win", "player": 2, "from": None, "fan": 12}
            if i % 4 == 0
            else {"type": "draw"}
        )
        ledger.add_event(sid, ev)


@run
async def test_guobiao_game_ends_after_the_north_round_with_its_subtotal(ledger):
    sid = session(ledger, "guobiao")
    guobiao_hands(ledger, sid, 15)
    app = app_on(ledger)
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        info = text_of(app.screen.query_one("#table-info"))
        # RULES.md §3: "a game (一局) is 16 hands: 东风圈, 南风圈, 西风圈, 北风圈 of four hands
        # each; the deal passes to the dealer's 下家 after every hand, win or draw"
        assert "Hand 16" in info and "Game 1" in info and ROUND_WINDS["N"].en in info
        await pilot.press("d", "enter")  # hand 16, the last of 北风圈
        await pilot.pause()
        info = text_of(app.screen.query_one("#table-info"))
        assert "Game 2" in info and ROUND_WINDS["E"].en in info
        # seed payment, RULES.md §3: self-draw → each other player pays the fan total;
        # four self-draws of 12 by seat 2
        game = (-48, -48, 144, -48)
        assert totals(ledger, sid) == game
        assert "Game 1 over" in status(app) and "+144" in status(app)
        log = app.screen.query_one(HandLog)
        assert log.row_count == 18  # 16 hands, the game's subtotal, the totals
        assert row(log, 16)[1:6] == ["Game 1", "-48", "-48", "+144", "-48"]
        assert log.game_totals(1) == game
        # hand 17 starts game 2: its row comes after the subtotal
        await pilot.press("w", "3", "0", "1", "2", "enter")
        await pilot.pause()
        assert log.row_count == 19 and row(log, 17)[0] == "17"
        assert row(log, 18)[2:6] == ["-60", "-60", "+180", "-60"]
        assert log.hand_at(16) is None and log.hand_at(17) == 16
        log.move_cursor(row=16)  # the subtotal row: Delete takes the game's last hand
        assert app.screen.selected_hand() == 15
        # undoing hand 17 and the end of hand 16 brings game 1 back, without its subtotal
        await pilot.press("u", "y", "u", "y")
        await pilot.pause()
        assert log.row_count == 16
        info = text_of(app.screen.query_one("#table-info"))
        assert "Game 1" in info and "Hand 16" in info


@run
async def test_guobiao_hand_log_groups_every_game_when_opened(ledger):
    sid = session(ledger, "guobiao")
    guobiao_hands(ledger, sid, 33)  # two whole games and the first hand of game 3
    app = app_on(ledger, lang="zh")
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        log = app.screen.query_one(HandLog)
        rows = [row(log, i) for i in range(log.row_count)]
        info = text_of(app.screen.query_one("#table-info"))
    assert len(rows) == 33 + 2 + 1
    assert [i for i, r in enumerate(rows) if r[0] == ""] == [16, 33, 35]
    assert rows[16][1:6] == ["第1局", "-48", "-48", "+144", "-48"]
    assert rows[33][1:6] == ["第2局", "-48", "-48", "+144", "-48"]
    assert rows[35][2:6] == ["-108", "-108", "+324", "-108"]  # 9 self-draws of 12
    assert "第34盘" in info and "第3局" in info


@run
async def test_with_dealer_repeats_a_game_lasts_longer_than_16_hands(ledger):
    sid = session(ledger, "guobiao", options={"dealer_repeats": True})
    # with dealer_repeats a dealer win keeps the deal: the game lasts longer than 16 hands
    for _ in range(16):
        ledger.add_event(sid, {"type": "draw"})
    ledger.add_event(sid, {"type": "win", "player": 0, "from": None, "fan": 8})
    app = app_on(ledger, lang="zh")
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        log = app.screen.query_one(HandLog)
        labels = [row(log, i)[1] for i in range(log.row_count)]
        info = text_of(app.screen.query_one("#table-info"))
    # RULES.md §3 dealer_repeats: "keeps the dealer after a dealer win or a draw … the
    # prevailing wind then advances when the deal has passed round all four seats"
    assert "第1局" in info and "第1局" not in labels  # no game has ended yet
    assert ledger.replay(sid).hands[-1].state.passes == 0


@run
async def test_the_prevailing_wind_is_shown_for_guobiao_only(ledger):
    winds = [t.name(lang) for t in ROUND_WINDS.values() for lang in ("zh", "en")]
    for variant in ("nanjing", "nanchang", "nanning"):
        sid = session(ledger, variant)
        ledger.add_event(
            sid, {"type": "draw", "last_drawer": 1} if variant == "nanning" else {"type": "draw"}
        )
        app = app_on(ledger, lang="zh")
        async with app.run_test(size=SIZE) as pilot:
            await open_table(pilot, sid)
            info = text_of(app.screen.query_one("#table-info"))
            assert not [w for w in winds if w in info], variant
            assert "局" not in info.replace("第1盘", "")  # no game number either
            await pilot.press("r")  # the review names no prevailing wind either
            await pilot.pause()
            detail = text_of(app.screen.query_one("#review-text"))
            assert "庄" in detail and not [w for w in winds if w in detail], variant


@run
async def test_nanjing_kong_paid_on_the_spot_shows_in_the_running_totals(ledger):
    sid = session(ledger, "nanjing")
    app = app_on(ledger)
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k", "3", "c", "enter")  # 老王's concealed kong
        await pilot.pause()
        # RULES.md §2 现场汇: "暗杠 concealed kong | each other player pays 10", on the spot
        card = text_of(app.screen.query_one("#seat-2"))
        assert "+30" in card and "now +30" in card
        assert "-10" in text_of(app.screen.query_one("#seat-0"))
        here = text_of(app.screen.query_one("#current-hand"))
        assert "Paid on the spot this hand" in here and "老王 +30" in here
        assert totals(ledger, sid) == (0, 0, 0, 0)  # the hand is not over yet
        await pilot.press("d", "enter")  # a draw: the kong stays paid
        await pilot.pause()
        card = text_of(app.screen.query_one("#seat-2"))
        assert "+30" in card and "now" not in card  # now part of the settled total
    assert totals(ledger, sid) == (-10, -10, 30, -10)


@run
async def test_nanchang_lower_jing_paid_at_the_reveal_shows_at_once(ledger):
    from tests.builders import jing_event

    sid = session(ledger, "nanchang")
    ledger.add_event(sid, jing_event(lower_counts=[[1, 0], [0, 0], [0, 0], [0, 0]]))
    # RULES.md §4 下精分: "counted from the players' starting hands when the 下精 pair is
    # revealed (counts entered at the reveal)": the variant's table status says what it paid
    from mjscore.engine.variants import get_variant

    v = get_variant("nanchang")
    s = ledger.get_session(sid)
    paid = v.data.status(ledger.current_hand(sid).state, v.rules(s.options), s.hands[0].events).paid
    assert paid is not None and paid[0] > 0
    app = app_on(ledger, lang="zh")
    toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        for seat in range(4):
            card = text_of(app.screen.query_one(f"#seat-{seat}"))
            assert f"{paid[seat]:+d} (现付 {paid[seat]:+d})" in card
        assert "本盘现场已付" in text_of(app.screen.query_one("#current-hand"))
