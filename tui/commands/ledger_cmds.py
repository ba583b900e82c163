"""``mjscore import``, ``mjscore export`` and ``mjscore sessions``: the ledger from the shell.

Every command opens the ledger named by the top-level ``--db`` (``args.db``), else
``$MJSCORE_DB``, else the file in the user's data directory.
"""

from __future__ import annotations

import sys
from pathlib import Path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (calc stays light)
if TYPE_CHECKING:
    from typing import Any


def register(sub) -> None:
    i = sub.add_parser(
        "import",
        help="store a session record in the ledger",
        description="Validate and settle a session record (RECORD.md JSON), then store it in the "
        "ledger. Nothing is written if any hand fails.",
    )
    i.add_argument("file", help="session record (JSON); '-' reads standard input")
    i.add_argument(
        "--notes", default=None, help="notes for the session (default: 'imported from FILE')"
    )
    i.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    i.set_defaults(func=cmd_import)

    e = sub.add_parser(
        "export",
        help="write one session as JSON or CSV",
        description="Write a session of the ledger as a RECORD.md JSON record (which `mjscore import` "
        "reads back identically) or as CSV (one row per hand).",
    )
    e.add_argument("session", type=int, help="session id (see `mjscore sessions`)")
    e.add_argument(
        "--format", choices=("json", "csv"), default="json", help="output format (default json)"
    )
    e.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE instead of standard output"
    )
    e.add_argument(
        "--force",
        action="store_true",
        help="replace FILE if it exists (an SQLite file, such as a ledger, is never replaced)",
    )
    e.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    e.set_defaults(func=cmd_export)

    s = sub.add_parser(
        "sessions",
        help="list the sessions in the ledger",
        description="List the ledger's sessions, newest first.",
    )
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    s.set_defaults(func=cmd_sessions)


def ledger_arg(args) -> str | None:
    return getattr(args, "sub_db", None) or getattr(args, "db", None)


def open_ledger(args):
    """The ledger to write to (created if it does not exist yet), its pages checked
    (``PRAGMA quick_check``) before anything else is done with it."""
    from mjscore.db import Ledger

    led = Ledger.open(ledger_arg(args))
    try:
        led.verify()
    except BaseException:
        led.close()
        raise
    tell(led)
    return led


def open_ledger_to_read(args):
    """The ledger to read from: never created, and a read-only file is fine. NotFound if
    there is no ledger file."""
    from mjscore.db import Ledger

    led = Ledger.open_to_read(ledger_arg(args))
    tell(led)
    return led


def tell(led) -> None:
    """What opening the ledger had to say (a kept older backup, names that collided)."""
    for n in getattr(led, "notices", ()):
        print(f"mjscore: note: {n}", file=sys.stderr)


def cmd_import(args) -> int:
    from mjscore.db.transfer import settle_record
    from mjscore.tui.commands.engine_cmds import load_record

    session = load_record(args.file)
    # every hand settled once, before the ledger is even opened (or created); the ledger
    # stores this settlement as it is
    settled = settle_record(session)
    notes = (
        args.notes
        if args.notes is not None
        else ("" if args.file == "-" else f"imported from {Path(args.file).name}")
    )
    with open_ledger(args) as led:
        sid = led.import_session(settled, notes=notes)
        info = led.session_info(sid)
    still_open = bool(session.hands) and not session.hands[-1].finished
    print(
        f"imported session {sid}: {info.variant}, {', '.join(info.players)}, {info.hands_played} hands"
        + (
            f"; hand {len(session.hands)} is still being played (the session stays open)"
            if still_open
            else ""
        )
    )
    return 0


def cmd_export(args) -> int:
    from mjscore.db.transfer import export_csv, export_json

    with open_ledger_to_read(args) as led:
        text = (
            export_json(led, args.session)
            if args.format == "json"
            else export_csv(led, args.session)
        )
        ledger_path = led.path
    if args.output:
        from mjscore.tui.commands.output import write_output

        write_output(Path(args.output), text, force=args.force, ledger=ledger_path)
    else:
        sys.stdout.write(text)
    return 0


def cmd_sessions(args) -> int:
    from mjscore.db import Ledger, NotFound, resolve_path

    try:
        led = Ledger.open_to_read(ledger_arg(args))
        tell(led)
    except NotFound:  # no ledger yet: nothing recorded, and nothing to create
        infos = []
        where = f" (no ledger at {resolve_path(ledger_arg(args))})"
    else:
        with led:
            infos = led.list_sessions()
        where = ""
    if args.json:
        import json

        print(json.dumps([_info_json(i) for i in infos], ensure_ascii=False))
        return 0
    if not infos:
        print(f"no sessions yet{where}")
        return 0
    for i in infos:
        state = "ended" if i.ended else "open"
        players = "  ".join(f"{n} {t:+d}" for n, t in zip(i.players, i.totals, strict=True))
        print(
            f"{i.id:>5}  {_local_time(i.started_at)}  {i.variant:<8}  {i.hands_played:>3} hands  {state:<5}  {players}"
        )
    return 0


def _local_time(stamp: str) -> str:
    """A stored UTC time stamp as the user's local date and time, to the minute."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):  # an odd stamp: show it as stored
        return stamp[:16].replace("T", " ")


def _info_json(i) -> dict[str, Any]:
    return {
        "id": i.id,
        "variant": i.variant,
        "players": list(i.players),
        "stake": str(i.stake),
        "options": dict(i.options),
        "first_dealer": i.first_dealer,
        "started_at": i.started_at,
        "ended_at": i.ended_at,
        "notes": i.notes,
        "hands": i.hands_played,
        "totals": list(i.totals),
        "money": [str(m) for m in i.money],
    }
