"""The command line's and the app's own refusals in English and Chinese, by code (see :mod:`mjscore.engine.errors`).

The English is the command line's text as it has always read; the Chinese is shown in the
app and by ``--lang zh``. Values come in as parameters; a seat is a :class:`Seat`."""

from __future__ import annotations

from mjscore.engine.errors import Seat, messages

TEXTS: dict[str, tuple[str, ...]] = {
    "did_play_session_players": (
        "{text!r} did not play in this session (players: {p2}; or 1–4)",
        "{text!r} 没有打这场牌局（玩家：{p2}；或 1–4）",
    ),
    "larger_than_mb_too_large": (
        "{label} is larger than {p2} MB, too large for a session record",
        "{label} 超过 {p2} MB，作为牌局记录太大",
    ),
    "holds_sessions_choose_one_session": (
        "{label} holds {p2} sessions; choose one with --session ID ({p3})",
        "{label} 里有 {p2} 场牌局；请用 --session ID 选一场（{p3}）",
        "{label} holds {p2} sessions; choose one ({p3})",
    ),
    "session_sessions": (
        "{label} has no session {session_id} (sessions: {ids})",
        "{label} 里没有牌局 {session_id}（有：{ids}）",
    ),
    "option_takes_name_value_got": (
        "--option takes NAME=VALUE, got {item!r}",
        "--option 的写法是 名字=值，不是 {item!r}",
        "an option is written name=value, not {item!r}",
    ),
    "unknown_flag_flags": (
        "unknown flag {name!r} (flags: {p2})",
        "未知的情形 {name!r}（可用：{p2}）",
    ),
    "cannot_read": (
        "cannot read {path}: {strerror}",
        "读不了 {path}：{strerror}",
    ),
    "file_not_utf8": (
        "{label} is not UTF-8 text",
        "{label} 不是 UTF-8 文字",
    ),
    "currency_unit_positive_amount_such": (
        "the currency unit must be a positive amount such as 0.01, not {text!r}",
        "货币单位须为正数，例 0.01，不是 {text!r}",
    ),
    "did_play_session_players_2": (
        "{name!r} did not play in this session (players: {p2})",
        "{name!r} 没有打这场牌局（玩家：{p2}）",
    ),
    "session_player_named": (
        "no session with a player named {player!r}{p2}",
        "没有玩家名叫 {player!r} 的牌局",
    ),
    "ledger_available_build_give_record": (
        "the ledger is not available in this build; give a record file instead",
        "这个版本没有账本；请给出记录文件",
    ),
    "hand_over_yet": (
        "the hand is not over yet",
        "这一盘还没有结束",
    ),
}

txt = messages(TEXTS)

__all__ = ["Seat", "TEXTS", "txt"]
