"""A real browser opens the served board: the players and totals of a session appear on the
page, and a hand entered afterwards through the ledger shows there too."""

from __future__ import annotations

import asyncio

import pytest
from mjscore.db import Ledger

from tests.board.cdpbrowser import ARTIFACTS, Browser
from tests.board.servehelp import Served

pytestmark = pytest.mark.browser

NAMES = ["Alice", "Bruno", "Chen", "Dara"]


def test_board_in_chromium(tmp_path):
    db = tmp_path / "ledger.sqlite3"
    with Ledger.open(db) as led:
        sid = led.create_session("nanjing", NAMES, stake="1")
        led.record_hand(sid, [{"type": "win", "player": 1, "from": 2, "hand": "11224455668899p"}])
        before = led.session_info(sid).totals
    assert before[1] > 0

    async def run() -> None:
        try:
            browser = Browser(tmp_path / "profile")
        except RuntimeError as e:
            pytest.fail(f"the browser could not start: {e}")
        try:
            await browser.open()
            with Served(db) as served:
                # no waiting for the page's load or network idle: its web font never loads
                await browser.call("Page.navigate", url=served.url + "/")
                await browser.wait_for(*NAMES, f"{before[1]:+d}", timeout=60)
                with Ledger.open(db) as led:
                    led.record_hand(
                        sid, [{"type": "win", "player": 3, "from": None, "hand": "11224455668899p"}]
                    )
                    after = led.session_info(sid).totals
                assert after[3] > 0
                await browser.wait_for(f"{after[3]:+d}", f"{after[1]:+d}", timeout=10)
                await browser.screenshot(ARTIFACTS / "board-in-chromium.png")
        finally:
            await browser.aclose()

    asyncio.run(run())
