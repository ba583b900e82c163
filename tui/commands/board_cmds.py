"""``mjscore board`` (the live board in this terminal) and ``mjscore serve`` (the board, and
with ``--edit`` the scorekeeper's app, to browsers through textual-serve)."""

from __future__ import annotations


def _session_arg(p) -> None:
    p.add_argument(
        "session",
        nargs="?",
        type=int,
        help="session id (default: the open session written to last, else the newest; "
        "the board moves to a new session when one starts)",
    )
    p.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")


def register(sub) -> None:
    b = sub.add_parser(
        "board",
        help="a read-only live board of a session (second terminal, projector)",
        description="Show the players at the compass with their totals, the table status, this "
        "hand's events, the last hand's payments and a running-totals chart. It follows the "
        "ledger: whatever the scorekeeper's window or any mjscore command writes shows within "
        "a second. No key changes anything.",
    )
    _session_arg(b)
    b.set_defaults(func=cmd_board)

    s = sub.add_parser(
        "serve",
        help="serve the live board to the players' phones and browsers",
        description="Serve the board to browsers (each browser runs its own read-only board). "
        "It binds to 127.0.0.1 unless --host is given; --host 0.0.0.0 makes it reachable "
        "on the local network and prints that address with a QR code to scan.",
    )
    _session_arg(s)
    s.add_argument(
        "--host",
        default=None,
        help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every "
        "network of this computer)",
    )
    s.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    s.add_argument(
        "--edit",
        action="store_true",
        help="also serve the scorekeeper's app, at an address with a random token printed once",
    )
    s.set_defaults(func=cmd_serve)


def _db(args) -> str | None:
    return getattr(args, "sub_db", None) or getattr(args, "db", None)


def cmd_board(args) -> int:
    from mjscore.tui.board.app import run_board

    return run_board(_db(args), args.session, getattr(args, "lang", None))


def cmd_serve(args) -> int:
    from mjscore.tui.board.serve import run_serve

    return run_serve(
        _db(args),
        args.session,
        host=args.host,
        port=args.port,
        edit=args.edit,
        lang=getattr(args, "lang", None),
    )
