"""The ledger schema, built only through ``sqlite_utils.Migrations``.

Rules for this file: a released migration function is never edited; a change to the schema
is a new ``m00N_…`` function appended at the end, and ``SCHEMA_VERSION`` follows the number
of migrations (it is also stored as ``PRAGMA user_version`` so that any tool can read it).

Tables are STRICT with foreign keys. The DDL is written as SQL rather than with
``Table.create`` because the schema needs ``ON DELETE CASCADE``, ``CHECK`` constraints and
views, which ``Table.create`` cannot express.

Source of truth and derived data:

* ``sessions``, ``seats``, ``players``, ``hands`` (number, status) and ``events`` (payload =
  the RECORD.md event object, verbatim) are what the table recorded.
* ``hands``' state columns, ``payments``, ``seat_results`` and the figures kept with each
  seat (``seats.points``, ``hands``, ``wins``… and ``sessions.hands_played``) are *derived*:
  the engine rebuilds them from the events, in the same transaction, whenever a hand is
  recorded, amended, deleted or restored. Edit events through mjscore, not by hand.
* ``audit`` keeps every superseded version of a hand (its events, as JSON) so that nothing
  is ever lost and an amend or delete can be undone; ``deleted_sessions`` keeps a deleted
  session whole (its record and its audit rows) until it is restored.
"""

from __future__ import annotations

import json
from decimal import Decimal

from mjscore.engine.names import name_key
from sqlite_utils import Database, Migrations

from .schema_version import (
    MIGRATION_NAMES,
    MIGRATION_SET,
    MIGRATIONS_TABLE,
    REFRESH_SEATS_SQL,  # noqa: F401 - also known here, as before
)

migrations = Migrations(MIGRATION_SET)
_NAMES: list[str] = []


def migration(fn):
    """Register ``fn`` as the next migration (its name is its function name)."""
    _NAMES.append(fn.__name__)
    return migrations()(fn)


@migration
def m001_initial(db: Database) -> None:
    db.execute(
        """
        CREATE TABLE players (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE CHECK (length(name) > 0),
            created_at TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            format INTEGER NOT NULL DEFAULT 1,
            variant TEXT NOT NULL CHECK (variant IN ('nanning', 'nanjing', 'guobiao', 'nanchang')),
            options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
            stake TEXT NOT NULL DEFAULT '1',
            first_dealer INTEGER NOT NULL DEFAULT 0 CHECK (first_dealer BETWEEN 0 AND 3),
            started_at TEXT NOT NULL,
            ended_at TEXT,
            notes TEXT NOT NULL DEFAULT '',
            hands_played INTEGER NOT NULL DEFAULT 0
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE seats (
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            player_id INTEGER NOT NULL REFERENCES players(id),
            points INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (session_id, seat),
            UNIQUE (session_id, player_id)
        ) STRICT
        """
    )
    db.execute("CREATE INDEX seats_player ON seats(player_id)")
    # One row per hand that has at least one event. `status` is 'open' until a terminal
    # event arrives. The state columns describe the table the hand is played in; `next_state`
    # (JSON of engine.core.TableState) is the state after it, null while open.
    db.execute(
        """
        CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('open', 'win', 'draw', 'false_win')),
            dealer INTEGER NOT NULL CHECK (dealer BETWEEN 0 AND 3),
            prevailing_wind TEXT NOT NULL,
            bixiahu INTEGER NOT NULL DEFAULT 0,
            flags INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL CHECK (json_valid(state)),
            next_state TEXT CHECK (next_state IS NULL OR json_valid(next_state)),
            summary TEXT NOT NULL DEFAULT '',
            wins TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(wins)),
            details TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details)),
            created_at TEXT NOT NULL,
            settled_at TEXT,
            UNIQUE (session_id, number)
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            type TEXT NOT NULL,
            payload TEXT NOT NULL CHECK (json_valid(payload)),
            recorded_at TEXT NOT NULL,
            UNIQUE (hand_id, seq)
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE payments (
            id INTEGER PRIMARY KEY,
            hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            from_seat INTEGER NOT NULL CHECK (from_seat BETWEEN 0 AND 3),
            to_seat INTEGER NOT NULL CHECK (to_seat BETWEEN 0 AND 3),
            from_player INTEGER NOT NULL REFERENCES players(id),
            to_player INTEGER NOT NULL REFERENCES players(id),
            amount INTEGER NOT NULL CHECK (amount > 0),
            reason TEXT NOT NULL,
            UNIQUE (hand_id, seq)
        ) STRICT
        """
    )
    # Four rows per settled hand: each seat's delta and role. Derived, like payments; it
    # makes the report views cheap (per-player figures read one index).
    db.execute(
        """
        CREATE TABLE seat_results (
            hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            player_id INTEGER NOT NULL REFERENCES players(id),
            delta INTEGER NOT NULL,
            won INTEGER NOT NULL DEFAULT 0,
            self_draw INTEGER NOT NULL DEFAULT 0,
            dealt_in INTEGER NOT NULL DEFAULT 0,
            false_win INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (hand_id, seat)
        ) STRICT
        """
    )
    db.execute("CREATE INDEX seat_results_session ON seat_results(session_id, seat, delta)")
    db.execute(
        "CREATE INDEX seat_results_player ON seat_results"
        "(player_id, session_id, delta, won, self_draw, dealt_in, false_win)"
    )
    # Every superseded version of a hand. `before`/`after` are JSON lists of RECORD.md event
    # objects, NULL when the hand did not exist (an insert) or no longer exists (a delete).
    db.execute(
        """
        CREATE TABLE audit (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            hand_number INTEGER NOT NULL CHECK (hand_number >= 1),
            action TEXT NOT NULL CHECK (action IN ('amend', 'delete', 'insert', 'undo_event', 'undo')),
            before TEXT CHECK (before IS NULL OR json_valid(before)),
            after TEXT CHECK (after IS NULL OR json_valid(after)),
            before_deltas TEXT CHECK (before_deltas IS NULL OR json_valid(before_deltas)),
            at TEXT NOT NULL,
            undoes INTEGER REFERENCES audit(id),
            undone_by INTEGER REFERENCES audit(id),
            note TEXT NOT NULL DEFAULT ''
        ) STRICT
        """
    )
    db.execute("CREATE INDEX audit_session ON audit(session_id, id)")

    # ---- report views (plain SQL, usable from sqlite-utils and Datasette)
    db.execute(
        """
        CREATE VIEW session_players AS
        SELECT st.session_id, st.seat, p.id AS player_id, p.name AS player
        FROM seats st JOIN players p ON p.id = st.player_id
        """
    )
    db.execute(
        """
        CREATE VIEW session_totals AS
        SELECT s.id AS session_id, s.variant, st.seat, p.name AS player, p.id AS player_id,
               (SELECT COALESCE(SUM(r.delta), 0) FROM seat_results r
                 WHERE r.session_id = s.id AND r.seat = st.seat) AS points,
               s.stake,
               (SELECT COUNT(*) FROM hands h
                 WHERE h.session_id = s.id AND h.status <> 'open') AS hands
        FROM sessions s
        JOIN seats st ON st.session_id = s.id
        JOIN players p ON p.id = st.player_id
        """
    )
    db.execute(
        """
        CREATE VIEW hand_deltas AS
        SELECT h.session_id, h.number AS hand, h.status AS outcome, h.dealer,
               h.prevailing_wind, h.summary, r.seat, p.name AS player, r.delta,
               SUM(r.delta) OVER (PARTITION BY h.session_id, r.seat ORDER BY h.number)
                 AS running_total
        FROM hands h
        JOIN seat_results r ON r.hand_id = h.id
        JOIN players p ON p.id = r.player_id
        """
    )
    db.execute(
        """
        CREATE VIEW payment_lines AS
        SELECT h.session_id, h.number AS hand, pm.seq, pf.name AS payer, pt.name AS payee,
               pm.amount, pm.reason, pm.from_seat, pm.to_seat
        FROM payments pm
        JOIN hands h ON h.id = pm.hand_id
        JOIN players pf ON pf.id = pm.from_player
        JOIN players pt ON pt.id = pm.to_player
        """
    )
    db.execute(
        """
        CREATE VIEW player_lifetime AS
        SELECT p.id AS player_id, p.name AS player,
               (SELECT COUNT(*) FROM seats st WHERE st.player_id = p.id) AS sessions,
               COUNT(r.hand_id) AS hands,
               COALESCE(SUM(r.won), 0) AS wins,
               COALESCE(SUM(r.self_draw), 0) AS self_draws,
               COALESCE(SUM(r.dealt_in), 0) AS deal_ins,
               COALESCE(SUM(r.false_win), 0) AS false_wins,
               COALESCE(SUM(r.delta), 0) AS net_points,
               MAX(r.delta) AS biggest_hand
        FROM players p LEFT JOIN seat_results r ON r.player_id = p.id
        GROUP BY p.id
        """
    )
    db.execute("PRAGMA user_version = 1")


_SEAT_FIGURES = (
    "(points, hands, wins, self_draws, deal_ins, false_wins, best) = ("
    "SELECT COALESCE(SUM(r.delta), 0), COUNT(*), COALESCE(SUM(r.won), 0), COALESCE(SUM(r.self_draw), 0),"
    " COALESCE(SUM(r.dealt_in), 0), COALESCE(SUM(r.false_win), 0), MAX(r.delta)"
    " FROM seat_results r WHERE r.session_id = seats.session_id AND r.seat = seats.seat)"
)
# the same figures found through the session's hands: REFRESH_SEATS_SQL, which lives with
# the migrations' names in db/schema_version.py (the ledger writes it without this module)


@migration
def m002_seat_figures(db: Database) -> None:
    """Each seat's figures for its session, kept with the seat (derived, like ``points``), so
    lifetime figures read one row per session instead of one per hand."""
    for col in ("hands", "wins", "self_draws", "deal_ins", "false_wins"):
        db.execute(f"ALTER TABLE seats ADD COLUMN {col} INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE seats ADD COLUMN best INTEGER")
    db.execute(f"UPDATE seats SET {_SEAT_FIGURES}")
    db.execute("DROP VIEW player_lifetime")
    db.execute(
        """
        CREATE VIEW player_lifetime AS
        SELECT p.id AS player_id, p.name AS player,
               COUNT(st.session_id) AS sessions,
               COALESCE(SUM(st.hands), 0) AS hands,
               COALESCE(SUM(st.wins), 0) AS wins,
               COALESCE(SUM(st.self_draws), 0) AS self_draws,
               COALESCE(SUM(st.deal_ins), 0) AS deal_ins,
               COALESCE(SUM(st.false_wins), 0) AS false_wins,
               COALESCE(SUM(st.points), 0) AS net_points,
               MAX(st.best) AS biggest_hand
        FROM players p LEFT JOIN seats st ON st.player_id = p.id
        GROUP BY p.id
        """
    )
    db.execute("PRAGMA user_version = 2")


@migration
def m003_hands_dealer_index(db: Database) -> None:
    """Index each hand's dealer by session, so a player's lifetime counts the hands he dealt
    (``mjscore stats``) from the index alone, not from every hand row."""
    db.execute("CREATE INDEX hands_dealer ON hands(session_id, dealer, status)")
    db.execute("PRAGMA user_version = 3")


@migration
def m004_player_key(db: Database) -> None:
    """Each player's matching key (``engine.names.name_key``: NFC, no invisible characters,
    whitespace collapsed, case folded), indexed, so a returning player is found by key. Two
    players already in the ledger with the same key both stay (nothing is merged); new
    sessions match the earlier one, and the upgrade names them (:func:`upgrade_notices`)."""
    db.execute("ALTER TABLE players ADD COLUMN key TEXT")
    for pid, name in db.execute("SELECT id, name FROM players").fetchall():
        db.execute("UPDATE players SET key = ? WHERE id = ?", [name_key(name), pid])
    db.execute("CREATE INDEX players_key ON players(key, id)")
    db.execute("PRAGMA user_version = 4")


_STATE_ARRAY = ", ".join(
    f"COALESCE(json_extract({{col}}, '$.{k}'), {d})"
    for k, d in (
        ("hand_number", 1),
        ("dealer", 0),
        ("prevailing_wind", "'E'"),
        ("bixiahu", 0),
        ("flags", 0),
        ("passes", 0),
    )
)


@migration
def m005_compact_hands(db: Database) -> None:
    """About half the bytes per stored hand, nothing lost that is read back:

    * ``hands.state``/``next_state``: the state's values as a JSON array in a fixed order
      (``[hand_number, dealer, prevailing_wind, bixiahu, flags, passes]``), not an object
      naming every field on every row;
    * ``hands.details`` is dropped: the variant's working figures, written but never read
      (rebuild settles the events again, the audit keeps events);
    * ``hands.wins`` is packed (``db.packing``: a version byte and raw deflate against a
      frozen dictionary of valuation text), a BLOB instead of JSON text."""
    from . import packing

    for col in ("state", "next_state"):
        db.execute(
            f"UPDATE hands SET {col} = json_array({_STATE_ARRAY.format(col=col)})"
            f" WHERE {col} LIKE '{{%'"
        )
    # a file whose hands are in these forms already (a migration record lost) is left so
    columns = {r[1]: r[2] for r in db.execute("PRAGMA table_info(hands)").fetchall()}
    if "details" in columns:
        db.execute("ALTER TABLE hands DROP COLUMN details")
    if columns["wins"] != "BLOB":
        db.execute("ALTER TABLE hands RENAME COLUMN wins TO wins_m004")
        db.execute("ALTER TABLE hands ADD COLUMN wins BLOB NOT NULL DEFAULT x''")
        rows = db.execute("SELECT id, wins_m004 FROM hands").fetchall()
        db.conn.executemany(
            "UPDATE hands SET wins = ? WHERE id = ?",
            ((packing.pack(json.loads(w)), i) for i, w in rows),
        )
        db.execute("ALTER TABLE hands DROP COLUMN wins_m004")
    db.execute("PRAGMA user_version = 5")


def upgrade_notices(db: Database, applied: list) -> list[str]:
    """What the user should hear about an upgrade that just applied ``applied``."""
    out: list[str] = []
    if any(m.name == "m004_player_key" for m in applied):
        groups = db.execute(
            "SELECT group_concat(name, char(31)) FROM"
            " (SELECT key, name FROM players ORDER BY id) GROUP BY key HAVING count(*) > 1"
        ).fetchall()
        for (names,) in groups:
            first, *rest = names.split("\x1f")
            others = ", ".join(repr(n) for n in rest)
            out.append(
                f"players {first!r} and {others} differ only by case or invisible characters;"
                f" both are kept with their sessions, and new sessions seat {first!r}"
            )
    return out


DEMO_NOTE = "mjscore demo"  # the notes the demo session was imported with before it had a flag


@migration
def m006_identity(db: Database) -> None:
    """Sessions get their identity (a UUID, a table label), a demo flag and substitutes.

    A session already in the ledger gets the id its content gives it (engine.identity:
    the same id a format-1 export of it gets on import, so importing that file again is
    recognised); a second copy of the same content (an old double import) gets that id
    derived once more with its copy number, so every id stays unique. The demo session
    (imported with the notes ``mjscore demo``) is marked as a demo and left out of every
    lifetime figure. ``substitutes``: from hand ``from_hand`` on, ``seat`` is played by
    ``player_id`` (替打); payments and seat_results name the person who played."""
    from mjscore.engine.identity import canonical_content, content_id

    db.execute("ALTER TABLE sessions ADD COLUMN uuid TEXT")
    db.execute("ALTER TABLE sessions ADD COLUMN table_label TEXT NOT NULL DEFAULT ''")
    db.execute(
        "ALTER TABLE sessions ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))"
    )
    names: dict[int, list[str]] = {}
    for sid, seat, name in db.execute(
        "SELECT st.session_id, st.seat, p.name FROM seats st JOIN players p ON p.id = st.player_id"
    ):
        names.setdefault(sid, [""] * 4)[seat] = name
    events: dict[int, list[list[object]]] = {}
    last: tuple[int, int] | None = None
    for sid, hid, payload in db.execute(
        "SELECT h.session_id, h.id, e.payload FROM hands h LEFT JOIN events e ON e.hand_id = h.id"
        " ORDER BY h.session_id, h.number, e.seq"
    ):
        hands = events.setdefault(sid, [])
        if last != (sid, hid):
            hands.append([])
            last = (sid, hid)
        if payload is not None:
            hands[-1].append(json.loads(payload))
    used: set[str] = set()
    for sid, variant, options, stake, first_dealer in db.execute(
        "SELECT id, variant, options, stake, first_dealer FROM sessions ORDER BY id"
    ).fetchall():
        content = canonical_content(
            variant=variant,
            options=json.loads(options),
            stake=Decimal(stake),
            first_dealer=first_dealer,
            players=names.get(sid, [""] * 4),
            hands=[h for h in events.get(sid, []) if h],
        )
        uid, copy = content_id(content), 1
        while uid in used:
            copy += 1
            uid = content_id(f"{content}#{copy}")
        used.add(uid)
        db.execute("UPDATE sessions SET uuid = ? WHERE id = ?", [uid, sid])
    db.execute("CREATE UNIQUE INDEX sessions_uuid ON sessions(uuid)")
    db.execute("UPDATE sessions SET demo = 1 WHERE notes = ?", [DEMO_NOTE])
    db.execute(
        """
        CREATE TABLE substitutes (
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            from_hand INTEGER NOT NULL CHECK (from_hand >= 1),
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            player_id INTEGER NOT NULL REFERENCES players(id),
            PRIMARY KEY (session_id, from_hand, seat)
        ) STRICT
        """
    )
    # one row per person and session they played in, demo sessions left out: the seat's
    # figures as kept, or, in a session with substitutes, the person's own hands summed
    db.execute(
        """
        CREATE VIEW person_sessions AS
        SELECT st.player_id, st.session_id, st.seat, st.points, st.hands, st.wins,
               st.self_draws, st.deal_ins, st.false_wins, st.best
        FROM seats st JOIN sessions s ON s.id = st.session_id
        WHERE s.demo = 0
          AND NOT EXISTS (SELECT 1 FROM substitutes sb WHERE sb.session_id = s.id)
        UNION ALL
        SELECT r.player_id, r.session_id, MIN(r.seat), SUM(r.delta), COUNT(*), SUM(r.won),
               SUM(r.self_draw), SUM(r.dealt_in), SUM(r.false_win), MAX(r.delta)
        FROM seat_results r JOIN sessions s ON s.id = r.session_id
        WHERE s.demo = 0
          AND EXISTS (SELECT 1 FROM substitutes sb WHERE sb.session_id = s.id)
        GROUP BY r.player_id, r.session_id
        """
    )
    db.execute("DROP VIEW player_lifetime")
    db.execute(
        """
        CREATE VIEW player_lifetime AS
        SELECT p.id AS player_id, p.name AS player,
               COUNT(f.session_id) AS sessions,
               COALESCE(SUM(f.hands), 0) AS hands,
               COALESCE(SUM(f.wins), 0) AS wins,
               COALESCE(SUM(f.self_draws), 0) AS self_draws,
               COALESCE(SUM(f.deal_ins), 0) AS deal_ins,
               COALESCE(SUM(f.false_wins), 0) AS false_wins,
               COALESCE(SUM(f.points), 0) AS net_points,
               MAX(f.best) AS biggest_hand
        FROM players p LEFT JOIN person_sessions f ON f.player_id = p.id
        GROUP BY p.id
        """
    )
    db.execute("PRAGMA user_version = 6")


@migration
def m007_payment_runs(db: Database) -> None:
    """Fewer bytes per stored hand (``db.schema_m007``): a hand's payment lines stored as
    runs (same payee, amount and reason), each reason text once, and an event's or a
    settlement's time left out when it is the time its hand was entered."""
    from . import schema_m007

    schema_m007.upgrade(db)


@migration
def m008_deleted_sessions(db: Database) -> None:
    """A deleted session is kept whole, so that it can be restored: its record as ``export``
    writes it (events, players, options, times, substitutes), the corrections made to it
    (its ``audit`` rows, as JSON) and whether it was a demo. ``restored_as`` is the session
    it became again (``NULL`` while it stays deleted)."""
    db.execute(
        """
        CREATE TABLE deleted_sessions (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL,
            uuid TEXT NOT NULL,
            record TEXT NOT NULL CHECK (json_valid(record)),
            audit TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(audit)),
            demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
            deleted_at TEXT NOT NULL,
            restored_at TEXT,
            restored_as INTEGER,
            note TEXT NOT NULL DEFAULT ''
        ) STRICT
        """
    )
    db.execute("PRAGMA user_version = 8")


SCHEMA_VERSION = len(_NAMES)
KNOWN_MIGRATIONS = frozenset(_NAMES)
# opening a ledger reads these from db/schema_version.py, without importing this module
if tuple(_NAMES) != MIGRATION_NAMES or migrations.migrations_table != MIGRATIONS_TABLE:
    raise RuntimeError("db/schema_version.py must name the migrations of db/schema.py, in order")
