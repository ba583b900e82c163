"""``mjscore report`` and ``mjscore stats``: after the game, from the command line.

- ``mjscore report SESSION`` — SESSION is a session record file (RECORD.md JSON, ``-`` for
  standard input) or a ledger session id. Prints the review of every hand (events, win
  valuations, the engine's payments with their reasons), the statistics per player and
  the settle-up (money at the session's stake, the fewest transfers, the rounding rule).
  ``--json`` prints the same as one JSON object; ``--player NAME`` keeps only that player's
  hands in the review; ``--unit`` sets the currency unit money is rounded to (default 0.01);
  ``--only review|stats|settle`` (repeatable) prints only some sections.
- ``mjscore stats PLAYER`` — the player's lifetime figures over the ledger's sessions (or
  over the record files given with ``--file``), with one line per session. From a ledger
  the figures are read with SQL from what it keeps per seat and per hand
  (``Ledger.lifetime_figures``), so a player of thousands of sessions takes a fraction of
  a second; record files are replayed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from mjscore.engine.errors import ErrorCode, MjError
from mjscore.tui.texts import txt

from .engine_cmds import add_session_option

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (calc stays light)
if TYPE_CHECKING:
    from decimal import Decimal
    from typing import Any


def register(sub) -> None:
    r = sub.add_parser(
        "report",
        help="review, statistics and settle-up of a session",
        description="Print a session's review (every hand, its events and payments), the "
        "statistics per player and the settle-up (money and the fewest transfers).",
    )
    r.add_argument(
        "session",
        help="a session record file (JSON; '-' reads standard input) or a ledger session id",
    )
    r.add_argument("--json", action="store_true", help="print JSON")
    r.add_argument(
        "--player", metavar="NAME", help="review only the hands this player took part in"
    )
    r.add_argument(
        "--unit",
        default="0.01",
        metavar="AMOUNT",
        help="currency unit money is rounded to (default 0.01)",
    )
    r.add_argument(
        "--only",
        action="append",
        choices=("review", "stats", "settle"),
        help="print only this section (repeatable)",
    )
    r.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    add_session_option(r)
    r.set_defaults(func=cmd_report)

    s = sub.add_parser(
        "stats",
        help="a player's lifetime statistics",
        description="A player's figures over all sessions of the ledger (or of the record files given).",
    )
    s.add_argument("player", help="player name as entered at the table")
    s.add_argument(
        "--file",
        action="append",
        default=[],
        metavar="FILE",
        help="read this session record instead of the ledger (repeatable)",
    )
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument(
        "--unit",
        default="0.01",
        metavar="AMOUNT",
        help="currency unit money is rounded to (default 0.01)",
    )
    s.add_argument("--db", dest="sub_db", metavar="PATH", help="ledger file (same as mjscore --db)")
    s.set_defaults(func=cmd_stats)


# ---------------------------------------------------------------- loading
def parse_unit(text: str) -> Decimal:
    from decimal import Decimal, InvalidOperation

    try:
        d = Decimal(text)
    except InvalidOperation:
        d = Decimal(0)
    if not d.is_finite() or d <= 0:
        raise MjError(
            ErrorCode.BAD_OPTION,
            txt("currency_unit_positive_amount_such", text=text),
            where="--unit",
        )
    return d


def is_record_path(arg: str) -> bool:
    return arg == "-" or not (arg.isascii() and arg.isdigit()) or Path(arg).exists()


def load_file(path: str, session_id: str | None = None):
    """(label, Session, Replay) of a record file (``session_id``: which session of a
    many-session file)."""
    from mjscore.engine.core import replay

    from .engine_cmds import load_record

    session = load_record(path, session_id)
    return ("stdin" if path == "-" else Path(path).name), session, replay(session)


def ledger_path(args) -> str | None:
    return (
        getattr(args, "sub_db", None) or getattr(args, "db", None) or os.environ.get("MJSCORE_DB")
    )


def open_ledger(args) -> Any:
    """The ledger of ``--db`` / ``$MJSCORE_DB`` / the default location, to read: never
    created, and a read-only ledger file is fine."""
    try:
        from mjscore.db import Ledger  # type: ignore[attr-defined]
    except ImportError:
        raise MjError(
            ErrorCode.BAD_RECORD,
            txt("ledger_available_build_give_record"),
        ) from None
    from mjscore.tui.commands.ledger_cmds import tell

    led = Ledger.open_to_read(ledger_path(args))
    tell(led)
    return led


def ledger_session(ledger: Any, session_id: int):
    """A ledger session as a :class:`engine.record.Session` (unfinished last hand included;
    replay skips it)."""
    return ledger.get_session(session_id)


def load_target(args):
    if is_record_path(args.session):
        return load_file(args.session, getattr(args, "session_uuid", None))
    ledger = open_ledger(args)
    try:
        session = ledger_session(ledger, int(args.session))
    finally:
        close = getattr(ledger, "close", None)
        if close:
            close()
    return f"#{args.session}", session, replay_stored(session, int(args.session))


def replay_stored(session, session_id: int):
    """Replay a ledger session; an error names the session (a stored session that no longer
    settles, e.g. edited outside mjscore)."""
    from mjscore.engine.core import replay

    try:
        return replay(session)
    except MjError as e:
        raise MjError(
            e.code, e.msg, where=f"session {session_id} {e.where or ''}".rstrip()
        ) from None


def seat_of(session, name: str | None, where: str = "--player") -> int | None:
    if name is None:
        return None
    if name not in session.players:
        raise MjError(
            ErrorCode.BAD_OPTION,
            txt("did_play_session_players_2", name=name, p2=", ".join(session.players)),
            where=where,
        )
    return session.players.index(name)


def pattern_namer(variant_id: str):
    """Declared pattern id → its Chinese name (the app's names; the id if unknown)."""
    from mjscore.engine.variants import get_variant
    from mjscore.tui.i18n import pattern_name

    try:
        variant = get_variant(variant_id)
    except Exception:  # noqa: BLE001 - a rule set that cannot load: show the ids
        variant = None
    return lambda pid: pattern_name(variant, pid, "zh")


def run_language(args) -> str:
    """The run's language: ``--lang``, then the config file, then the locale."""
    from mjscore.tui.errors import run_language as language

    return language(args)


# ---------------------------------------------------------------- commands
def cmd_report(args) -> int:
    from mjscore.tui.report_text import report_json, report_text

    unit = parse_unit(args.unit)
    label, session, rep = load_target(args)
    seat = seat_of(session, args.player)
    names = pattern_namer(session.variant)
    if args.json:
        out = report_json(session, rep, unit=unit, player=seat, pattern_name=names)
        out["session"] = label
        import json

        print(json.dumps(out, ensure_ascii=False))
        return 0
    sections = tuple(args.only) if args.only else ("review", "stats", "settle")
    print(
        report_text(
            session,
            rep,
            unit=unit,
            player=seat,
            title=label,
            sections=sections,
            pattern_name=names,
            lang=run_language(args),
        ),
        end="",
    )
    return 0


def lifetime_games(args) -> Iterable[Any]:
    from mjscore.engine.stats import Game

    if args.file:
        for path in args.file:
            label, session, rep = load_file(path)
            yield Game(label=label, session=session, replay=rep)
        return
    ledger = open_ledger(args)
    try:
        # only the sessions the player sat in are read and replayed
        for sid in sorted(i.id for i in ledger.list_sessions() if args.player in i.players):
            session = ledger_session(ledger, sid)
            # the settlement the ledger keeps (as `mjscore sessions` shows), not settled again:
            # a regular's figures over hundreds of sessions come in well under a second
            stored = getattr(ledger, "stored_replay", None)
            rep = stored(sid) if stored else replay_stored(session, sid)
            yield Game(label=f"#{sid}", session=session, replay=rep)
    finally:
        close = getattr(ledger, "close", None)
        if close:
            close()


def ledger_lifetime(args, unit: Decimal) -> Any:
    """The player's lifetime from the figures the ledger keeps per seat and per hand (a few
    SQL queries, whatever the number of hands: :meth:`db.Ledger.lifetime_figures`); the same
    figures as replaying every session's stored settlement. ``None`` when the ledger cannot
    (then :func:`lifetime_games` reads every session)."""
    from mjscore.engine.stats import lifetime_from_figures

    ledger = open_ledger(args)
    try:
        figures = getattr(ledger, "lifetime_figures", None)
        if figures is None:
            return None
        return lifetime_from_figures(args.player, figures(args.player), unit=unit)
    finally:
        close = getattr(ledger, "close", None)
        if close:
            close()


def _known_players(args) -> list[str]:
    if args.file:
        names: list[str] = []
        for path in args.file:
            names += [n for n in load_file(path)[1].players if n not in names]
        return names
    try:
        ledger = open_ledger(args)
    except Exception:  # noqa: BLE001 - only a hint; the error itself is about the name
        return []
    try:
        return ledger.player_names()
    finally:
        ledger.close()


def _hint(args) -> str:
    """ " (did you mean …?)" for an unknown player name, else the names when there are few."""
    import difflib

    names = _known_players(args)
    if not names:
        return ""
    folded = {n.casefold(): n for n in names}
    near = [
        folded[n]
        for n in difflib.get_close_matches(args.player.casefold(), list(folded), n=3, cutoff=0.6)
    ]
    if near:
        return f" (did you mean {', '.join(near)}?)"
    return f" (players: {', '.join(names)})" if len(names) <= 12 else ""


def cmd_stats(args) -> int:
    from mjscore.engine.stats import lifetime_stats
    from mjscore.tui.report_text import lifetime_text

    unit = parse_unit(args.unit)
    lt = ledger_lifetime(args, unit) if not args.file else None
    if lt is None:
        lt = lifetime_stats(args.player, list(lifetime_games(args)), unit=unit)
    if not lt.sessions:
        raise MjError(
            ErrorCode.BAD_OPTION,
            txt("session_player_named", player=args.player, p2=_hint(args)),
            where="PLAYER",
        )
    if args.json:
        import json

        print(json.dumps(lt.to_json(), ensure_ascii=False))
    else:
        from mjscore.engine.money import places

        shown = min(max(places(ln.stake) for ln in lt.sessions), places(unit))
        print(lifetime_text(lt, places=shown, lang=run_language(args)), end="")
    return 0
