"""Builders the tests share: session records, ledgers and sessions, the app under Pilot, and the
``mjscore`` command run in-process (or, where the process itself is the point, for real).

Test modules import what they need from here (``from tests.builders import ...``); the fixtures
in ``tests/conftest.py`` wrap the same builders.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjscore.db.ledger import Ledger

ROOT = Path(__file__).resolve().parents[1]
ENGINE_DATA = ROOT / "tests" / "engine" / "data"  # played sessions, one file per situation

# ---------------------------------------------------------------- the command line


@dataclass(frozen=True)
class Ran:
    """What a run of ``mjscore`` left: the same three fields as ``subprocess.CompletedProcess``."""

    returncode: int
    stdout: str
    stderr: str


@contextlib.contextmanager
def _environment(env: dict[str, str]) -> Iterator[None]:
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def mjscore(*argv: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> Ran:
    """``mjscore ARGV`` in this process (``mjscore.tui.cli.main``): what a terminal would show.

    Standard streams are UTF-8 text over bytes, as a terminal's are; an argparse refusal
    (``SystemExit``) becomes its exit status."""
    from mjscore.tui.cli import main

    out, err = io.BytesIO(), io.BytesIO()
    streams = {
        "stdin": io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"),
        "stdout": io.TextIOWrapper(out, encoding="utf-8", write_through=True),
        "stderr": io.TextIOWrapper(err, encoding="utf-8", write_through=True),
    }
    saved = {name: getattr(sys, name) for name in streams}
    try:
        for name, stream in streams.items():
            setattr(sys, name, stream)
        with _environment(env or {}):
            try:
                code = main(list(argv))
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    finally:
        for name, stream in saved.items():
            setattr(sys, name, stream)
    return Ran(code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8"))


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    """``mjscore ARGV`` in-process with pytest's capture: (exit status, stdout, stderr)."""
    from mjscore.tui.cli import main

    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def mjscore_process(
    *argv: str, stdin: bytes | None = None, text: bool = True, **env: str
) -> subprocess.CompletedProcess:
    """``python -m mjscore ARGV`` as a real process: for what only a process shows (the exit
    status the shell sees, the terminal's encoding, bytes on standard input)."""
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *argv],
        input=stdin if not text or stdin is None else stdin.decode("utf-8"),
        capture_output=True,
        text=text,
        cwd=ROOT,
        env={**os.environ, **env},
        timeout=60,
    )


# ---------------------------------------------------------------- session records

FLUSH = "11224455668899p"  # seven pairs in one suit: a win in every rule set
RECORD_PLAYERS = ["阿明", "小芳", "[b]老王[/b]", "Lee 🀄"]


def available(variant: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(f"mjscore.engine.variants.{variant}") is not None


def record(variant: str, hands: list[list[dict[str, Any]]], **extra: Any) -> dict[str, Any]:
    """A session record (format 1) of ``hands`` (each a list of events)."""
    return {
        "format": 1,
        "variant": variant,
        "options": {},
        "stake": 0.5,
        "players": list(RECORD_PLAYERS),
        "first_dealer": 1,
        "hands": [{"events": evs} for evs in hands],
        **extra,
    }


def win(player: int, from_: int | None, hand: str = FLUSH, **fields: Any) -> dict[str, Any]:
    return {"type": "win", "player": player, "from": from_, "hand": hand, **fields}


COMMON = [
    [win(1, None)],
    [{"type": "draw", "last_drawer": 2}],
    [{"type": "kong", "player": 0, "kind": "concealed", "tile": "3s"}, win(2, 0)],
    [{"type": "false_win", "player": 3}],
    [win(0, 3)],
    [{"type": "pung", "player": 1, "from": 0, "tile": "5p"}],  # the hand being played
]

# small records, one per rule set, that settle under the rules (for import/export)
RECORDS: dict[str, dict[str, Any]] = {
    "guobiao": record("guobiao", COMMON),
    "nanjing": record("nanjing", COMMON),
    "nanning": record("nanning", COMMON, options={}),
    "nanchang": record(
        "nanchang",
        [
            [
                {
                    "type": "jing",
                    "indicator": "5m",
                    "lower": "2p",
                    "lower_counts": [[0, 0], [1, 0], [0, 0], [0, 0]],
                },
                {"type": "win", "player": 1, "from": 2},
            ],
            [{"type": "jing_count", "counts": [[1, 0], [0, 0], [0, 0], [0, 0]]}, {"type": "draw"}],
            [{"type": "false_win", "player": 3}],
            [
                {"type": "kong", "player": 0, "kind": "concealed", "tile": "3s"},
                {"type": "win", "player": 2, "from": None, "patterns": ["seven_pairs"]},
            ],
            [
                {
                    "type": "jing",
                    "indicator": "E",
                    "lower": "C",
                    "lower_counts": [[0, 0], [0, 0], [0, 0], [0, 0]],
                }
            ],
        ],
    ),
}


# ---------------------------------------------------------------- ledgers and the app

SIZE = (120, 36)
NAMES = ["阿明", "小芳", "老王", "Lee"]
# names that must be shown as typed: never parsed as markup, wide characters kept
MARKUP_NAMES = ["阿明", "小芳", "[bold]老王[/bold]", "Lee 🀄"]


def new_ledger() -> Ledger:
    return Ledger.memory()


def app_on(ledger: Ledger, lang: str = "en", demo: bool = False):
    from mjscore.tui.app import make_app

    return make_app(ledger=ledger, lang=lang, demo=demo)


def session(ledger: Ledger, variant: str = "nanning", names=None, **kw: Any) -> int:
    return ledger.create_session(variant, names or NAMES, **kw)


def events(ledger: Ledger, sid: int) -> list[list[dict]]:
    """Every hand's events as session-record JSON."""
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


async def win_dialog_with_tiles(pilot, sid: int):
    """Open session ``sid``'s table and its win dialog for player 2 off player 3, with the
    tiles of :data:`FLUSH` typed: the dialog (a test then types more)."""
    await open_table(pilot, sid)
    await pilot.press("w", "2", "3")
    pilot.app.screen.action_tiles()
    await pilot.press(*FLUSH)
    await pilot.pause()
    return pilot.app.screen


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


# ---------------------------------------------------------------- one hand in the engine


def win_event(player: int = 0, frm: int | None = 1, hand: str | None = None, **kw: Any) -> dict:
    """A ``win`` event; ``hand`` is left out when None (a declared win)."""
    ev: dict[str, Any] = {"type": "win", "player": player, "from": frm, **kw}
    if hand is not None:
        ev["hand"] = hand
    return ev


def pung_event(player: int, frm: int, tile: str) -> dict:
    """A ``pung`` claimed by ``player`` from ``frm``."""
    return {"type": "pung", "player": player, "from": frm, "tile": tile}


NO_JING = [[0, 0], [0, 0], [0, 0], [0, 0]]


def jing_event(ind: str = "5m", lower: str = "2p", lower_counts: list | None = None) -> dict:
    """A Nanchang ``jing`` reveal (正精 ``ind``, 下精 ``lower``)."""
    return {
        "type": "jing",
        "indicator": ind,
        "lower": lower,
        "lower_counts": lower_counts or NO_JING,
    }


def jing_count_event(counts: list, **kw: Any) -> dict:
    """A Nanchang ``jing_count`` at the end of a hand."""
    return {"type": "jing_count", "counts": counts, **kw}


def settle_events(variant, events: list[dict], state=None, options: dict | None = None):
    """Settle one hand of ``events`` under ``variant`` (an engine variant object)."""
    from mjscore.engine.core import TableState
    from mjscore.engine.record import hand_from_json

    hand = hand_from_json({"events": events}, variant)
    return variant.settle_hand(hand, state or TableState(), variant.rules(options or {}))


def paid(res, payer: int, payee: int, prefix: str = "") -> int:
    """What ``payer`` paid ``payee`` in a hand result (payments whose reason starts ``prefix``)."""
    return sum(
        p.amount
        for p in res.payments
        if p.payer == payer and p.payee == payee and p.reason.startswith(prefix)
    )


def pays(res) -> list[tuple[int, int, int]]:
    """A hand result's payments as sorted (payer, payee, amount)."""
    return sorted((p.payer, p.payee, p.amount) for p in res.payments)


def states(rep) -> list[tuple[int, str]]:
    """(dealer, prevailing wind) of every hand of a replay."""
    return [(h.state.dealer, h.state.prevailing_wind) for h in rep.hands]


# ---------------------------------------------------------------- older ledgers
def downgrade_before_identity(db: str | Path) -> None:
    """Make a current ledger look as one from before sessions had an identity (m006), and
    so also before the deleted sessions kept (m008).

    The later payment runs (m007) stay in their form; the upgrade applies m007 again after
    m006, and m007 leaves a file already in its forms as it is."""
    import sqlite3

    from mjscore.db.schema import migrations

    conn = sqlite3.connect(db)
    conn.executescript(
        f"""
        DROP VIEW player_lifetime; DROP VIEW person_sessions; DROP TABLE substitutes;
        DROP INDEX sessions_uuid;
        ALTER TABLE sessions DROP COLUMN uuid; ALTER TABLE sessions DROP COLUMN table_label;
        ALTER TABLE sessions DROP COLUMN demo;
        CREATE VIEW player_lifetime AS SELECT 1 AS x; DROP TABLE deleted_sessions;
        DELETE FROM {migrations.migrations_table}
          WHERE name IN ('m006_identity', 'm007_payment_runs', 'm008_deleted_sessions');
        PRAGMA user_version = 5;
        """
    )
    conn.commit()
    conn.close()


def meld_notation(kind: str, tile: str, kong_kind: str | None, rel: int | None) -> str:
    """A bracketed meld in the hand notation: a pung ``[555p,n]``, a concealed kong
    ``[5555p]``, an exposed kong ``[5555p,n]``, an added kong ``[5555p,n+4]`` (``rel``: the
    supplier relative to the holder, 1–3)."""
    from mjscore.engine.tiles import format_tiles

    if kind == "pung":
        return f"[{format_tiles([tile] * 3)},{rel}]"
    if kong_kind == "concealed":
        return f"[{format_tiles([tile] * 4)}]"
    return f"[{format_tiles([tile] * 4)},{rel + 4 if kong_kind == 'added' else rel}]"


def outcome(f, *args) -> tuple:
    """What ``f(*args)`` comes to: ``("ok", value)``, or ``("refused", code, message, where)``
    for the MjError it raises; a fast path and the path it replaced must come to the same."""
    from mjscore.engine.errors import MjError

    try:
        return ("ok", f(*args))
    except MjError as e:
        return ("refused", e.code, e.message, e.where)
