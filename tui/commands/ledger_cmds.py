"""``mjscore import``, ``export``, ``merge`` and ``sessions``: the ledger from the shell.

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
        help="store session records in the ledger",
        description="Validate and settle a session record (RECORD.md JSON), or every session of "
        "a file written by `mjscore export --all`, then store them in the ledger. A session "
        "already there with the same content is skipped and reported; one with the same id and "
        "other content is refused (unless --replace). Nothing is written if any session fails.",
    )
    i.add_argument("file", help="session record (JSON); '-' reads standard input")
    i.add_argument(
        "--notes", default=None, help="notes for the session (default: 'imported from FILE')"
    )
    i.add_argument("--replace", action="store_true", help=REPLACE_HELP)
    i.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    i.set_defaults(func=cmd_import)

    e = sub.add_parser(
        "export",
        help="write one session (or all) as JSON or CSV",
        description="Write a session of the ledger as a RECORD.md JSON record (which `mjscore import` "
        "reads back identically) or as CSV (one row per hand); --all writes every session (or "
        "those started between --since and --until, local dates, inclusive) in one file.",
    )
    e.add_argument("session", type=int, nargs="?", help="session id (see `mjscore sessions`)")
    e.add_argument("--all", action="store_true", help="every session, in one file")
    e.add_argument("--since", metavar="DATE", help="with --all: sessions started on DATE or later")
    e.add_argument("--until", metavar="DATE", help="with --all: sessions started on DATE or before")
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

    m = sub.add_parser(
        "merge",
        help="bring every session of another ledger into this one",
        description="Copy every session of the ledger OTHER into the --db ledger (created if "
        "missing), as `mjscore import` does: sessions already there are skipped. OTHER is read "
        "and never changed.",
    )
    m.add_argument("other", metavar="OTHER", help="the other ledger file (.sqlite3)")
    m.add_argument("--replace", action="store_true", help=REPLACE_HELP)
    m.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    m.set_defaults(func=cmd_merge)

    s = sub.add_parser(
        "sessions",
        help="list the sessions in the ledger",
        description="List the ledger's sessions, newest first.",
    )
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    s.set_defaults(func=cmd_sessions)


REPLACE_HELP = (
    "replace a stored session that has the same id but other content or metadata"
    " (its old hands stay in its history)"
)


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
    import dataclasses

    from mjscore.db.transfer import settle_record
    from mjscore.engine.errors import MjError
    from mjscore.tui.commands.engine_cmds import load_records

    sessions = load_records(args.file)
    default_notes = "" if args.file == "-" else f"imported from {Path(args.file).name}"
    settled = []
    for k, s in enumerate(sessions):
        if args.notes is not None:
            s = dataclasses.replace(s, notes=args.notes)
        elif s.format < 2:  # a format-1 record has no notes of its own
            s = dataclasses.replace(s, notes=default_notes)
        try:
            # every hand settled once, before the ledger is even opened (or created); the
            # ledger stores this settlement as it is
            settled.append(settle_record(s))
        except MjError as e:
            raise (e.at(f"sessions[{k}]") if len(sessions) > 1 else e) from None
    with open_ledger(args) as led:
        outcomes = led.import_sessions(settled, replace=args.replace)
        lines = [
            _outcome_line(led, o, rec.session) for o, rec in zip(outcomes, settled, strict=True)
        ]
    print("\n".join(lines))
    return 0


def _outcome_line(led, outcome, session) -> str:
    if outcome.action != "added":
        return outcome.line()
    info = led.session_info(outcome.session_id)
    still_open = bool(session.hands) and not session.hands[-1].finished
    return (
        f"imported session {outcome.session_id}: {info.variant}, {', '.join(info.players)},"
        f" {info.hands_played} hands"
        + (
            f"; hand {len(session.hands)} is still being played (the session stays open)"
            if still_open
            else ""
        )
    )


def cmd_merge(args) -> int:
    from mjscore.db import Ledger, LedgerError, resolve_path

    target = resolve_path(ledger_arg(args))
    other = resolve_path(args.other)
    if Ledger.same_file(target, other):
        raise LedgerError(f"{args.other} is the ledger itself; give another ledger to merge")
    with Ledger.read_copy(other) as src:
        records = src.records(src.session_ids())
    with open_ledger(args) as led:
        outcomes = led.import_sessions(records, replace=args.replace)
        lines = [
            _outcome_line(led, o, rec.session) for o, rec in zip(outcomes, records, strict=True)
        ]
    added = sum(o.action == "added" for o in outcomes)
    lines.append(f"merged {args.other}: {added} added, {len(outcomes) - added} already here")
    print("\n".join(lines))
    return 0


def _date(text: str | None, option: str):
    from datetime import date

    from mjscore.db import LedgerError

    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise LedgerError(f"{option}: {text!r} is not a date (YYYY-MM-DD)") from None


def cmd_export(args) -> int:
    from mjscore.db import LedgerError
    from mjscore.db.transfer import export_csv, export_json

    if args.all == (args.session is not None):
        raise LedgerError("give a session id or --all (not both)")
    if not args.all and (args.since or args.until):
        raise LedgerError("--since and --until go with --all")
    if args.all and args.format == "csv":
        raise LedgerError("--all writes JSON only; export one session at a time as CSV")
    since, until = _date(args.since, "--since"), _date(args.until, "--until")
    with open_ledger_to_read(args) as led:
        if args.all:
            from mjscore.engine.record import dump_records

            text = dump_records([led.get_session(i) for i in led.session_ids(since, until)])
        else:
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
        "uuid": i.uuid,
        "table": i.table,
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
