"""``mjscore publish DIR``: a read-only snapshot of the ledger for Datasette.

DIR gets:

- ``ledger.db`` — a consistent copy of the ledger made with SQLite's backup API (the
  ledger may be in use meanwhile), in rollback-journal mode so it needs no ``-wal`` file,
  with tables computed by mjscore added (SQLite cannot do the exact decimal money):
  ``season_standings`` (one row per player, the ``mjscore standings --json`` fields;
  ``placings`` and ``points`` are JSON text), ``night_dates`` (one row per night),
  ``night_players`` and
  ``night_transfers`` (each night's totals and its settle-up);
- ``metadata.json`` — Datasette's configuration: titles and the canned queries
  ``standings``, ``nights``, ``player_sessions`` (``:player``) and ``session_hands``
  (``:session``: every payment with its reason).

Browse it with ``datasette DIR/ledger.db -m DIR/metadata.json -i`` … see the README.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from mjscore.engine.names import name_key
from mjscore.engine.night import Night
from mjscore.engine.standings import Standing

from .club import all_nights, ledger_standings
from .errors import LedgerError
from .ledger import Ledger

DB_NAME = "ledger"

QUERIES: dict[str, dict[str, Any]] = {
    "standings": {
        "title": "Standings",
        "description": "Every player, best first (money is the exact Σ points × stake).",
        "sql": "SELECT name, sessions, hands, money, placings, average_place, points, wins,"
        " deal_ins, win_rate, deal_in_rate, standard_points, biggest_win, biggest_win_money,"
        " biggest_win_session, biggest_win_hand FROM season_standings ORDER BY position",
    },
    "nights": {
        "title": "Nights",
        "description": "Each night's players with their combined money, and its settle-up.",
        "sql": "SELECT n.date, n.sessions, p.name, p.money, p.points,"
        " (SELECT group_concat(t.payer || ' → ' || t.payee || ' ' || t.amount, '; ')"
        "   FROM night_transfers t WHERE t.date = n.date AND t.payer = p.name) AS pays"
        " FROM night_dates n JOIN night_players p ON p.date = n.date"
        " ORDER BY n.date DESC, p.position",
    },
    "player_sessions": {
        "title": "A player's sessions",
        "description": "Every session a player sat in, with the seat's points"
        " (the name as the standings show it; the same person however it was typed).",
        "sql": "SELECT s.id AS session, s.variant, s.started_at, s.ended_at, s.stake, st.seat,"
        " p.name, st.points, st.hands, st.wins, st.deal_ins FROM seats st"
        " JOIN players p ON p.id = st.player_id JOIN sessions s ON s.id = st.session_id"
        " WHERE st.player_id IN (SELECT player_id FROM player_keys WHERE key ="
        " (SELECT key FROM player_keys WHERE name = :player UNION ALL SELECT lower(:player)"
        " LIMIT 1)) ORDER BY s.started_at, s.id",
    },
    "session_hands": {
        "title": "A session's hands",
        "description": "Every hand of a session with every payment and its reason.",
        "sql": "SELECT h.number AS hand, h.status AS outcome, h.summary, pl.seq, pl.payer,"
        " pl.payee, pl.amount, pl.reason FROM hands h"
        # the session's lines only (a join on the whole view would read every payment)
        " LEFT JOIN (SELECT * FROM payment_lines WHERE session_id = :session) pl"
        " ON pl.hand = h.number WHERE h.session_id = :session ORDER BY h.number, pl.seq",
    },
}


def metadata() -> dict[str, Any]:
    return {
        "title": "mjscore club ledger",
        "description": "Sessions, standings and nights published by mjscore.",
        "databases": {DB_NAME: {"queries": QUERIES}},
    }


def publish(led: Ledger, directory: str | os.PathLike[str], *, tz: Any = None) -> Path:
    """Write the snapshot, the computed tables and ``metadata.json`` into ``directory``
    (created if missing; an earlier snapshot there is replaced). Returns the database path.

    The standings and nights are computed from the snapshot itself, so they agree with the
    sessions it holds even if another program writes to the ledger meanwhile."""
    out = Path(directory)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise LedgerError(f"cannot create {out}: {e.strerror or e}") from None
    target = out / f"{DB_NAME}.db"
    tmp = out / f".{DB_NAME}.db.tmp"
    try:
        tmp.unlink(missing_ok=True)
        dest = sqlite3.connect(tmp)
        try:
            with led._lock:  # one backup step: a consistent copy of the file
                led.db.conn.backup(dest)
        finally:
            dest.close()
        snap = Ledger.open_to_read(tmp)
        try:
            rows = ledger_standings(snap, tz=tz)
            nights = list(all_nights(snap, tz=tz))
        finally:
            snap.close()
        dest = sqlite3.connect(tmp)
        try:
            _computed_tables(dest, rows, nights)
            dest.commit()
            dest.execute("PRAGMA journal_mode=DELETE")  # one file: no -wal beside it
        finally:
            dest.close()
        if target.exists():
            target.chmod(0o644)
        os.replace(tmp, target)
        target.chmod(0o444)  # a snapshot: to be read, not played on
        (out / "metadata.json").write_text(
            json.dumps(metadata(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
    except (OSError, sqlite3.Error) as e:
        tmp.unlink(missing_ok=True)
        raise LedgerError(f"cannot publish into {out}: {e}") from None
    return target


def _computed_tables(
    db: sqlite3.Connection, rows: Sequence[Standing], nights: Iterable[Night]
) -> None:
    for t in ("season_standings", "night_dates", "night_players", "night_transfers", "player_keys"):
        db.execute(f"DROP TABLE IF EXISTS {t}")
    # each player's matching key (engine.names): one person however the name was typed
    db.execute("CREATE TABLE player_keys (player_id INTEGER PRIMARY KEY, name TEXT, key TEXT)")
    db.executemany(
        "INSERT INTO player_keys VALUES (?, ?, ?)",
        [(pid, name, name_key(name)) for pid, name in db.execute("SELECT id, name FROM players")],
    )
    db.execute(
        "CREATE TABLE season_standings (position INTEGER PRIMARY KEY, name TEXT, sessions INTEGER,"
        " hands INTEGER, money TEXT, placings TEXT, average_place REAL, points TEXT,"
        " wins INTEGER, deal_ins INTEGER, win_rate REAL, deal_in_rate REAL,"
        " standard_points TEXT, biggest_win TEXT, biggest_win_money TEXT,"
        " biggest_win_session TEXT, biggest_win_hand INTEGER)"
    )
    for i, s in enumerate(rows, 1):
        j = s.to_json()
        j["placings"] = json.dumps(j["placings"])
        j["points"] = json.dumps(j["points"], ensure_ascii=False)
        cols = ["position", *j]
        db.execute(
            f"INSERT INTO season_standings ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
            [i, *j.values()],
        )
    db.execute(
        "CREATE TABLE night_dates (date TEXT PRIMARY KEY, sessions INTEGER, players INTEGER,"
        " transfers INTEGER)"
    )
    db.execute(
        "CREATE TABLE night_players (date TEXT, position INTEGER, name TEXT, sessions INTEGER,"
        " hands INTEGER, money TEXT, exact_money TEXT, points TEXT, PRIMARY KEY (date, position))"
    )
    db.execute(
        "CREATE TABLE night_transfers (date TEXT, seq INTEGER, payer TEXT, payee TEXT,"
        " amount TEXT, PRIMARY KEY (date, seq))"
    )
    for n in nights:
        db.execute(
            "INSERT INTO night_dates VALUES (?, ?, ?, ?)",
            [n.date, len(n.sessions), len(n.players), len(n.transfers)],
        )
        for i, p in enumerate(n.players, 1):
            j = p.to_json()
            db.execute(
                "INSERT INTO night_players VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    n.date,
                    i,
                    j["name"],
                    j["sessions"],
                    j["hands"],
                    j["money"],
                    j["exact_money"],
                    json.dumps(j["points"], ensure_ascii=False),
                ],
            )
        for i, t in enumerate(n.transfers, 1):
            j = t.to_json()
            db.execute(
                "INSERT INTO night_transfers VALUES (?, ?, ?, ?, ?)",
                [n.date, i, j["from"], j["to"], j["amount"]],
            )
