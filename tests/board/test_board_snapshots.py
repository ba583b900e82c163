"""Snapshots of the board on a wide terminal (120×36) and a phone held upright (40×30)."""

from __future__ import annotations

import pytest
from mjscore.db import Ledger
from mjscore.tui.board.app import BoardApp

from tests.board.boards import SESSIONS


@pytest.mark.parametrize(
    ("variant", "lang"), [("nanjing", "zh"), ("guobiao", "en"), ("nanchang", "zh")]
)
@pytest.mark.parametrize("size", [(120, 36), (40, 30)], ids=["wide", "phone"])
def test_board(snap_compare, variant, lang, size):
    led = Ledger.memory()
    SESSIONS[variant](led)
    assert snap_compare(BoardApp(led, lang=lang), terminal_size=size)
