"""The club side of a ledger: the sessions of a night or a season as
:class:`engine.standings.Played`, for standings and nights.

Sessions are read through the ledger's own reads (each session's stored settlement, nothing
settled again). A session belongs to the local date it started on; ``since``/``until`` are
inclusive local dates (``YYYY-MM-DD``). Demo sessions are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

from mjscore.db.texts import txt
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.night import Night, night
from mjscore.engine.standings import Played, Standing, local_date, standings

from .ledger import Ledger, SessionInfo


def parse_date(text: str, where: str) -> str:
    """``text`` as an ISO date, or one clear :class:`MjError`."""
    try:
        return date.fromisoformat(text).isoformat()
    except (TypeError, ValueError):
        raise MjError(
            ErrorCode.BAD_OPTION, txt("date_yyyy_mm_dd", text=text), where=where
        ) from None


def is_demo(info: SessionInfo) -> bool:
    """Whether a session is the demo (never counted in standings or nights)."""
    return bool(getattr(info, "demo", False))


def _played(led: Ledger, info: SessionInfo) -> Played:
    return Played(
        label=f"#{info.id}",
        session=led.get_session(info.id),
        replay=led.stored_replay(info.id),
        started_at=info.started_at,
        table=getattr(info, "table", None) or "",
    )


def club_sessions(
    led: Ledger,
    *,
    since: str | None = None,
    until: str | None = None,
    ids: Sequence[int] | None = None,
    variant: str | None = None,
    tz: Any = None,
) -> list[Played]:
    """The ledger's sessions (oldest first) started between the local dates ``since`` and
    ``until`` (inclusive), or exactly those of ``ids``; demo sessions and sessions with no
    finished hand left out."""
    infos = sorted(led.list_sessions(), key=lambda i: (i.started_at, i.id))
    if ids is not None:
        by_id = {i.id: i for i in infos}
        missing = [n for n in ids if n not in by_id]
        if missing:
            raise MjError(
                ErrorCode.BAD_OPTION,
                txt("there_session_ledger", p1=missing[0]),
                where="--session",
            )
        infos = [by_id[n] for n in dict.fromkeys(ids)]
    out = []
    for info in infos:
        if is_demo(info) or not info.hands_played:
            continue
        if variant is not None and info.variant != variant:
            continue
        day = local_date(info.started_at, tz)
        if (since is not None and day < since) or (until is not None and day > until):
            continue
        out.append(_played(led, info))
    return out


def night_dates(led: Ledger, tz: Any = None) -> list[str]:
    """The local dates sessions started on, newest first (demo sessions left out)."""
    days = {
        local_date(i.started_at, tz)
        for i in led.list_sessions()
        if not is_demo(i) and i.hands_played
    }
    return sorted(days, reverse=True)


def ledger_night(
    led: Ledger,
    day: str | None = None,
    *,
    ids: Sequence[int] | None = None,
    unit: Any = "0.01",
    tz: Any = None,
) -> Night:
    """The night of local date ``day`` (the latest night if None), or of the sessions
    ``ids``."""
    if ids is None and day is None:
        dates = night_dates(led, tz)
        if not dates:
            return night([], unit=unit, tz=tz)
        day = dates[0]
    if ids is not None:
        games = club_sessions(led, ids=ids, tz=tz)
    else:
        games = club_sessions(led, since=day, until=day, tz=tz)
    n = night(games, unit=unit, tz=tz)
    if ids is None and n.date is None:
        from dataclasses import replace

        n = replace(n, date=day)
    return n


def ledger_standings(
    led: Ledger,
    *,
    since: str | None = None,
    until: str | None = None,
    variant: str | None = None,
    tz: Any = None,
) -> list[Standing]:
    return standings(
        club_sessions(led, since=since, until=until, variant=variant, tz=tz), variant=variant
    )


def all_nights(led: Ledger, tz: Any = None) -> Iterable[Night]:
    """Every night of the ledger, newest first."""
    for day in night_dates(led, tz):
        yield ledger_night(led, day, tz=tz)


def session_night(led: Ledger, session_id: int, *, unit: Any = "0.01", tz: Any = None) -> Night:
    """The night session ``session_id`` belongs to (the local date it started on)."""
    info = led.session_info(session_id)
    return ledger_night(led, local_date(info.started_at, tz), unit=unit, tz=tz)


def rematch(led: Ledger, session_id: int, *, rotate: bool = False) -> int:
    """Start a new session with the players, rule set, options, stake and first dealer of
    ``session_id``; with ``rotate`` every player moves one seat on (seat 0's player sits
    at seat 1, …, seat 3's at seat 0). Returns the new session's id."""
    info = led.session_info(session_id)
    players = list(info.players)
    if rotate:
        players = players[-1:] + players[:-1]
    return led.create_session(
        info.variant,
        players,
        options=dict(info.options),
        stake=info.stake,
        first_dealer=info.first_dealer,
    )
