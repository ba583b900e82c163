"""Pilot tests of the live board: what it shows for each rule set, following another
connection's writes, moving to a new session, and no key changing anything."""

from __future__ import annotations

import asyncio

import pytest
from mjscore.db import Ledger
from mjscore.tui.board.app import BoardApp
from mjscore.tui.board.widgets import SeatCard
from mjscore.tui.widgets.describe import describe_event
from textual.widgets import Digits, Static

from tests.board.boards import FLUSH, NAMES, SESSIONS
from tests.builders import run

WIDE, PHONE = (120, 36), (40, 30)


def board_text(app: BoardApp) -> str:
    """Everything the board's text widgets hold (the large digits by their value)."""
    parts = [str(w.render()) for w in app.query(Static)]
    parts += [d.value for d in app.query(Digits)]
    return "\n".join(parts)


def status_text(app: BoardApp) -> str:
    return str(app.query_one("#board-status", Static).render())


async def wait_until(pilot, check, timeout: float = 10.0) -> None:
    """Let the app run until ``check()`` holds (at most ``timeout`` seconds)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        if loop.time() > end:
            raise AssertionError("the board did not show the change within 10 s")
        await pilot.pause(0.1)


@pytest.mark.parametrize("variant", sorted(SESSIONS))
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["wide", "phone"])
@run
async def test_board_shows_players_totals_and_the_table_status(variant, lang, size):
    led = Ledger.memory()
    sid = SESSIONS[variant](led)
    info = led.session_info(sid)
    hands = led.hands(sid)
    current = led.current_hand(sid)
    app = BoardApp(led, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        v = app.view
        assert app.session_id == sid and v is not None
        text = board_text(app)
        for name, total in zip(info.players, info.totals, strict=True):
            assert name in text
            assert (f"{total:+d}" if total else "0") in text
        # the table status is the rule set's own, every line of it shown in the middle
        for mark in v.status.marks:
            assert mark.text(lang) in status_text(app)
        for card in app.query(SeatCard):
            assert card.has_class("dealer") == (card.seat == v.status.dealer)
            assert card.has_class("sealed") == (card.seat in v.status.sealed)
        # the last hand's payments, each with its reason
        last = next(h for h in reversed(hands) if h.finished)
        last_text = str(app.query_one("#last-hand", Static).render())
        for p in last.payments:
            assert p.reason in last_text
        # this hand's events so far
        this_text = str(app.query_one("#this-hand", Static).render())
        for i, ev in enumerate(current.events, 1):
            assert f"{i}. {describe_event(ev, info.players, v.variant, lang)}" in this_text


@run
async def test_nanjing_double_hand_and_paid_on_the_spot():
    led = Ledger.memory()
    sid = SESSIONS["nanjing"](led)
    async with BoardApp(led, sid, lang="zh").run_test(size=WIDE) as pilot:
        await pilot.pause()
        status = pilot.app.view.status
        assert status.bixiahu and status.multiplier >= 2  # RULES §2: a draw → 比下胡
        assert status.paid and any(status.paid)  # the concealed kong is paid at once
        assert "比下胡" in status_text(pilot.app)
        this_text = str(pilot.app.query_one("#this-hand", Static).render())
        for name, paid in zip(NAMES, status.paid, strict=True):
            if paid:
                assert f"{name} {paid:+d}" in this_text


@run
async def test_nanning_sealed_player_is_marked():
    led = Ledger.memory()
    sid = SESSIONS["nanning"](led)
    async with BoardApp(led, sid, lang="en").run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert pilot.app.view.status.sealed == (1,)  # RULES §1: three melds from seat 1
        assert pilot.app.query_one("#card-1", SeatCard).has_class("sealed")
        this_text = str(pilot.app.query_one("#this-hand", Static).render())
        assert "✕ 小芳: may not win this hand" in this_text


@run
async def test_guobiao_prevailing_wind_and_game():
    led = Ledger.memory()
    sid = SESSIONS["guobiao"](led)
    async with BoardApp(led, sid, lang="zh").run_test(size=WIDE) as pilot:
        await pilot.pause()
        status = pilot.app.view.status
        assert status.prevailing_wind == "S" and status.game == 1  # RULES §3: hand 5
        assert "南风圈" in status_text(pilot.app) and "第1局" in status_text(pilot.app)


@run
async def test_nanchang_jing_of_the_hand():
    led = Ledger.memory()
    sid = SESSIONS["nanchang"](led)
    async with BoardApp(led, sid, lang="zh").run_test(size=WIDE) as pilot:
        await pilot.pause()
        status = pilot.app.view.status
        assert (status.jing, status.sub_jing) == ("5m", "6m")  # RULES §4: 副精 follows
        assert "5m" in status_text(pilot.app) and "6m" in status_text(pilot.app)


@run
async def test_a_change_by_another_connection_shows(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as writer:
        sid = SESSIONS["nanjing"](writer)
        board_ledger = Ledger.open_to_read(path)
        app = BoardApp(board_ledger, lang="en")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            assert app.session_id == sid
            writer.add_event(sid, {"type": "win", "player": 3, "from": None, "hand": FLUSH})
            after = writer.session_info(sid).totals
            await wait_until(pilot, lambda: f"{after[3]:+d}" in board_text(app))
            await wait_until(pilot, lambda: app.view.last.number == 3)
            writer.end_session(sid)
            await wait_until(pilot, lambda: "session ended" in status_text(app))
            assert "hand 4" not in status_text(app)  # no hand is being played
            # a new session started elsewhere: the board moves to it
            new = writer.create_session("guobiao", ["W", "X", "Y", "Z"])
            await wait_until(pilot, lambda: app.session_id == new)
            assert "W" in board_text(app)
        board_ledger.close()


@run
async def test_no_key_changes_anything(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as writer:
        sid = SESSIONS["nanjing"](writer)
        seen = writer.data_version()
        before = writer.get_session(sid)
        with Ledger.open_to_read(path) as board_ledger:
            app = BoardApp(board_ledger, lang="en")
            async with app.run_test(size=WIDE) as pilot:
                await pilot.pause()
                keys = list("wkpfjdxuenro0123456789+-") + ["enter", "delete", "ctrl+e", "escape"]
                keys += ["tab", "space", "backspace", "ctrl+z", "ctrl+p", "up", "down"]
                await pilot.press(*keys)
                await pilot.pause()
        assert writer.data_version() == seen  # nobody committed anything
        assert writer.get_session(sid) == before
