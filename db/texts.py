"""The ledger's own refusals in English and Chinese, by code (see :mod:`mjscore.engine.errors`).

The English is the command line's text as it has always read; the Chinese is shown in the
app and by ``--lang zh``. Values come in as parameters; a seat is a :class:`Seat`."""

from __future__ import annotations

from mjscore.engine.errors import Seat, messages

TEXTS: dict[str, tuple[str, ...]] = {
    "date_yyyy_mm_dd": (
        "not a date (YYYY-MM-DD): {text!r}",
        "不是日期（YYYY-MM-DD）：{text!r}",
    ),
    "there_session_ledger": (
        "there is no session {p1} in the ledger",
        "账本里没有牌局 {p1}",
    ),
    "hand_least_one_event_use": (
        "a hand needs at least one event (use delete_hand to remove it)",
        "一盘至少要有一个事件（要删去这一盘请用删除）",
        "a hand needs at least one event (delete the hand to remove it)",
    ),
    "closing_hand_win_false_win": (
        "closing a hand needs a win, false_win or draw event",
        "结束一盘须有胡、诈胡或流局",
        "closing a hand needs a win, a false win or a draw",
    ),
    "recorded_hand_end_win_false": (
        "a recorded hand must end with a win, false_win or draw",
        "记下的一盘须以胡、诈胡或流局结束",
        "a recorded hand must end with a win, a false win or a draw",
    ),
    "events_given": (
        "no events given",
        "没有给出事件",
    ),
    "first_dealer_seat": (
        "first dealer must be seat 0, 1, 2 or 3",
        "首庄须是座位 0、1、2 或 3",
    ),
    "session_four_players": (
        "a session has four players",
        "一场牌局有四个玩家",
    ),
    "hand_unfinished_last_hand_may": (
        "this hand is unfinished; only the last hand may be",
        "这一盘没有结束；只有最后一盘可以未完",
    ),
    "rule_set_available_build": (
        "the rule set {variant_id!r} is not available in this build",
        "这个版本没有规则 {variant_id!r}",
    ),
    "last_hand_may_unfinished": (
        "only the last hand may be unfinished",
        "只有最后一盘可以未完",
    ),
}

txt = messages(TEXTS)

__all__ = ["Seat", "TEXTS", "txt"]
