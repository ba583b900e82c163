"""``Ledger.data_version`` (another connection's commit is noticed without reading a table) and
``Ledger.active_session`` (which session a board follows)."""

from __future__ import annotations

import time

from mjscore.db import Ledger

PLAYERS = ["阿明", "小芳", "老王", "Lee"]


def test_data_version_moves_only_for_another_connections_commit(tmp_path):
    path = tmp_path / "l.sqlite3"
    with Ledger.open(path) as writer, Ledger.open_to_read(path) as board:
        seen = board.data_version()
        assert board.data_version() == seen  # nothing happened: the same number
        writer.create_session("nanjing", PLAYERS)
        after = board.data_version()
        assert after != seen
        assert board.data_version() == after
        own = writer.data_version()
        writer.create_session("nanjing", PLAYERS)
        assert writer.data_version() == own  # its own commit does not count


def test_active_session_is_the_open_one_written_last(tmp_path):
    with Ledger.open(tmp_path / "l.sqlite3") as led:
        assert led.active_session() is None
        first = led.create_session("nanjing", PLAYERS)
        second = led.create_session("nanjing", PLAYERS)
        assert led.active_session() == second  # the newest start
        time.sleep(0.005)  # stamps are to the millisecond: the event must come later
        led.add_event(first, {"type": "kong", "player": 0, "kind": "concealed"})
        assert led.active_session() == first  # the newest event
        led.end_session(first)
        assert led.active_session() == second
        led.end_session(second)
        assert led.active_session() == second  # none open: the newest session
