"""``mjscore chase SESSION|FILE``: what each player needs to catch up (追分).

SESSION is a ledger session id, FILE a session record (``-`` for standard input); an
unfinished last hand counts with the events already logged in it. ``--player P`` keeps one
chasing player, ``--target P`` chases another player than the leader (``first``: strictly
ahead of everybody). Text or ``--json``; every figure comes from :mod:`engine.chase`.
"""

from __future__ import annotations

import json
from typing import Any

from mjscore.engine.errors import ErrorCode, MjError
from mjscore.tui.texts import txt


def register(sub) -> None:
    c = sub.add_parser(
        "chase",
        help="what each player needs to catch up (追分)",
        description="For every player (or --player), the smallest winning hand per way of "
        "winning that puts them strictly ahead of the leader (or --target), and how much the "
        "leader can lose and stay first.",
    )
    c.add_argument("session", help="ledger session id, or a session record file ('-' = stdin)")
    c.add_argument("--player", metavar="P", help="only this chasing player (name or 1–4)")
    c.add_argument(
        "--target",
        metavar="P",
        help="chase this player (name or 1–4, or 'first'); default the leader",
    )
    c.add_argument("--json", action="store_true", help="print JSON")
    c.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    c.set_defaults(func=cmd_chase)


def _seat(session, text: str, where: str) -> int:
    """A player given by name or by the app's number 1–4."""
    if text in session.players:
        return session.players.index(text)
    if text.isdigit() and 1 <= int(text) <= 4:
        return int(text) - 1
    raise MjError(
        ErrorCode.BAD_OPTION,
        txt("did_play_session_players", text=text, p2=", ".join(session.players)),
        where=where,
    )


def cmd_chase(args) -> int:
    from mjscore.engine.chase import FIRST, chase

    from .report_cmds import load_target

    label, session, rp = load_target(args)
    target: Any = None
    if args.target is not None:
        target = FIRST if args.target == FIRST else _seat(session, args.target, "--target")
    players = None if args.player is None else [_seat(session, args.player, "--player")]
    result = chase(session, target=target, players=players, totals=rp.totals, state=rp.next_state)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
        return 0
    from mjscore.tui.i18n import detect_lang
    from mjscore.tui.widgets.chase import chase_lines

    lang = getattr(args, "lang", None) or detect_lang()
    for line in chase_lines(result, lang):
        print(line)
    return 0
