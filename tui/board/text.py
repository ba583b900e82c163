"""The board's own words, in Chinese and English (rule words come from the engine)."""

from __future__ import annotations

TEXT: dict[str, tuple[str, str]] = {
    "title": ("mjscore 记分牌", "mjscore board"),
    "session": ("第{n}场", "session {n}"),
    "hand": ("第{n}盘", "hand {n}"),
    "game": ("第{n}局", "game {n}"),
    "sealed": ("✕ {names} 本盘不能胡", "✕ {names}: may not win this hand"),
    "ended": ("本场已结束", "session ended"),
    "this_hand": ("本盘", "This hand"),
    "no_events": ("还没有事件", "nothing yet"),
    "paid_now": ("现场已付", "paid on the spot"),
    "last_hand": ("上一盘", "Last hand"),
    "no_hand_yet": ("还没有打完的一盘", "no hand finished yet"),
    "waiting": (
        "账本里还没有对局：开始一场后这里就会显示",
        "no session in the ledger yet: start one and it shows here",
    ),
    "chart": ("累计得分", "Running totals"),
    "read_only": ("只读 · q 退出", "read-only · q quits"),
    "quit": ("退出", "quit"),
}


def bt(key: str, lang: str, **fmt: object) -> str:
    zh, en = TEXT[key]
    text = zh if lang == "zh" else en
    return text.format(**fmt) if fmt else text
