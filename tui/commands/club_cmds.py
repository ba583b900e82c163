"""The club commands: ``mjscore night``, ``mjscore standings`` and ``mjscore publish``.

- ``mjscore night [DATE] [--session ID …] [--json]`` — every session that started on the local
  date DATE (default: the latest night), or the sessions given: each player's combined
  money across tables and rule sets, points per rule set, and one settle-up for the night
  with the fewest transfers.
- ``mjscore standings [--since DATE] [--until DATE] [--variant V] [--json]`` — per player
  sessions, hands, points per rule set, money (exact Σ points × stake), placings, average
  place, win and deal-in rates, biggest hand, and for 国标 the 标准分.
- ``mjscore publish DIR`` — a read-only snapshot of the ledger with the standings and nights
  tables and Datasette's ``metadata.json`` (canned queries), to browse with Datasette.
"""

from __future__ import annotations

import json

from .report_cmds import ledger_path, open_ledger, parse_unit


def register(sub) -> None:
    from mjscore.engine.variant_ids import VARIANTS

    n = sub.add_parser(
        "night",
        help="a club night: combined totals and one settle-up",
        description="All sessions that started on one local date (default: the latest), or "
        "the sessions given with --session: each player's money across tables, points per "
        "rule set, and one settle-up with the fewest transfers.",
    )
    n.add_argument("date", nargs="?", metavar="DATE", help="local date, YYYY-MM-DD")
    n.add_argument(
        "--session",
        action="append",
        type=int,
        metavar="ID",
        help="take this ledger session instead of a date (repeatable)",
    )
    n.add_argument("--json", action="store_true", help="print JSON")
    n.add_argument(
        "--unit",
        metavar="AMOUNT",
        help="currency unit money is rounded to (default: the config file's, else 0.01)",
    )
    n.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    n.set_defaults(func=cmd_night)

    s = sub.add_parser(
        "standings",
        help="standings of the players over a season",
        description="Per player: sessions, hands, points per rule set, money, placings, "
        "average place, win and deal-in rates, biggest hand; for 国标 also 标准分.",
    )
    s.add_argument("--since", metavar="DATE", help="first local date (inclusive)")
    s.add_argument("--until", metavar="DATE", help="last local date (inclusive)")
    s.add_argument("--variant", choices=VARIANTS, help="only sessions of this rule set")
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    s.set_defaults(func=cmd_standings)

    p = sub.add_parser(
        "publish",
        help="a snapshot of the ledger to browse with Datasette",
        description="Write a read-only snapshot of the ledger, the standings and nights "
        "tables and Datasette's metadata.json (canned queries) into DIR.",
    )
    p.add_argument("dir", metavar="DIR", help="folder to write (created if missing)")
    p.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    p.set_defaults(func=cmd_publish)


def _settings():
    """The config file's settings; a bad file is said in one line on stderr (then defaults)."""
    import sys

    from mjscore.tui import settings

    got, problem = settings.load()
    if problem is not None:
        print(f"mjscore: {problem}", file=sys.stderr)
    return got


def _lang(args) -> str:
    if getattr(args, "lang", None):
        return args.lang
    from mjscore.tui.i18n import detect_lang

    return _settings().language or detect_lang()


def cmd_night(args) -> int:
    from mjscore.db.club import ledger_night, parse_date
    from mjscore.tui.club_text import night_text

    day = parse_date(args.date, "DATE") if args.date else None
    unit = parse_unit(args.unit or _settings().unit or "0.01")
    led = open_ledger(args)
    try:
        n = ledger_night(led, day, ids=args.session, unit=unit)
    finally:
        led.close()
    if args.json:
        print(json.dumps(n.to_json(), ensure_ascii=False))
    else:
        print(night_text(n, _lang(args)), end="")
    return 0


def cmd_standings(args) -> int:
    from mjscore.db.club import ledger_standings, parse_date
    from mjscore.engine.standings import standings_json
    from mjscore.tui.club_text import standings_text

    since = parse_date(args.since, "--since") if args.since else None
    until = parse_date(args.until, "--until") if args.until else None
    led = open_ledger(args)
    try:
        rows = ledger_standings(led, since=since, until=until, variant=args.variant)
    finally:
        led.close()
    if args.json:
        print(json.dumps(standings_json(rows), ensure_ascii=False))
    else:
        print(standings_text(rows, _lang(args), args.variant), end="")
    return 0


def cmd_publish(args) -> int:
    from mjscore.db.publish import publish

    led = open_ledger(args)
    try:
        target = publish(led, args.dir)
    finally:
        led.close()
    meta = target.with_name("metadata.json")
    print(f"published {ledger_path(args) or 'the ledger'} to {target}")
    print(f"browse it: datasette -i {target} -m {meta}")
    return 0
