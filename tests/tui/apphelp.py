"""Helpers for the app's Pilot tests: a ledger in memory, sessions, key lookups."""

from __future__ import annotations

from typing import Any

from mjscore.db.ledger import Ledger
from mjscore.tui.app import make_app

SIZE = (120, 36)
NAMES = ["阿明", "小芳", "老王", "Lee"]


def new_ledger() -> Ledger:
    return Ledger.memory()


def app_on(ledger: Ledger, lang: str = "en", demo: bool = False):
    return make_app(ledger=ledger, lang=lang, demo=demo)


def session(ledger: Ledger, variant: str = "nanning", names=None, **kw: Any) -> int:
    return ledger.create_session(variant, names or NAMES, **kw)


def events(ledger: Ledger, sid: int) -> list[list[dict]]:
    """Every hand's events as RECORD.md JSON."""
    return [h.to_json()["events"] for h in ledger.get_session(sid).hands]


def totals(ledger: Ledger, sid: int) -> tuple[int, int, int, int]:
    return ledger.replay(sid).totals


def hotkey(screen, item_id: str) -> str:
    """The hotkey the win dialog gave a pattern or flag."""
    from mjscore.tui.widgets.toggles import Toggles

    for tog in screen.query(Toggles):
        for it in tog.items:
            if it.id == item_id:
                return it.key
    raise KeyError(item_id)


def text_of(widget) -> str:
    """The plain text a Static/Label currently shows."""
    return str(widget.render())


async def open_table(pilot, sid: int) -> None:
    pilot.app.open_session(sid)
    await pilot.pause()


def run(fn):
    """Run an async Pilot test with asyncio (no pytest async plugin needed)."""
    import asyncio
    import functools

    @functools.wraps(fn)
    def wrapper(*a, **kw):
        return asyncio.run(fn(*a, **kw))

    return wrapper


async def type_fast(pilot, *keys: str) -> None:
    """Send ``keys`` the way a terminal delivers a burst of typing: all queued at once,
    without waiting for the app to handle one before the next arrives (``pilot.press``
    waits for the app to go idle after every key, which hides type-ahead races)."""
    from textual import events

    app = pilot.app
    for key in keys:
        char = key if len(key) == 1 else {"space": " "}.get(key)
        app.post_message(events.Key(key, char))
    await pilot.pause()
    await pilot.pause()


def lines_of(widget) -> list[str]:
    """The text rows a widget draws (border included), as the terminal shows them."""
    from textual.geometry import Region

    w, h = widget.outer_size
    return ["".join(seg.text for seg in strip) for strip in widget.render_lines(Region(0, 0, w, h))]
