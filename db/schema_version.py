"""What opening a ledger needs to know of the schema without building it: the migrations
by name, in order (so the schema version), and where sqlite-utils records them.

:mod:`db.schema` defines the migrations themselves with ``sqlite_utils.Migrations``, and
checks on import that they are exactly these names in this order. A ledger that has them
all is opened with the plain ``sqlite3`` connection alone; sqlite-utils is imported when a
migration is due, or for the first write (see :mod:`db.ledger.store`).
"""

from __future__ import annotations

MIGRATION_SET = "mjscore"
MIGRATIONS_TABLE = "_sqlite_migrations"  # sqlite_utils.Migrations.migrations_table
MIGRATION_NAMES = (
    "m001_initial",
    "m002_seat_figures",
    "m003_hands_dealer_index",
    "m004_player_key",
    "m005_compact_hands",
    "m006_identity",
    "m007_payment_runs",
    "m008_deleted_sessions",
)
SCHEMA_VERSION = len(MIGRATION_NAMES)
KNOWN_MIGRATIONS = frozenset(MIGRATION_NAMES)

# the figures kept with each seat, found through the session's hands (seat_results has no
# index by session since m007): what the ledger writes after every change to a session
_SEAT_FIGURES_OF_HANDS = (
    "(points, hands, wins, self_draws, deal_ins, false_wins, best) = ("
    "SELECT COALESCE(SUM(r.delta), 0), COUNT(*), COALESCE(SUM(r.won), 0), COALESCE(SUM(r.self_draw), 0),"
    " COALESCE(SUM(r.dealt_in), 0), COALESCE(SUM(r.false_win), 0), MAX(r.delta)"
    " FROM hands h JOIN seat_results r ON r.hand_id = h.id"
    " WHERE h.session_id = seats.session_id AND r.seat = seats.seat)"
)
REFRESH_SEATS_SQL = f"UPDATE seats SET {_SEAT_FIGURES_OF_HANDS} WHERE session_id = ?"
# the same figures when one hand is added to what the seats hold: that hand's own results
# (parameters: the hand's id twice, the session's id); REFRESH_SEATS_SQL's result exactly,
# without reading the session's other hands
ADD_HAND_TO_SEATS_SQL = (
    "UPDATE seats SET (points, hands, wins, self_draws, deal_ins, false_wins, best) = ("
    "SELECT seats.points + r.delta, seats.hands + 1, seats.wins + r.won,"
    " seats.self_draws + r.self_draw, seats.deal_ins + r.dealt_in,"
    " seats.false_wins + r.false_win,"
    " CASE WHEN seats.best IS NULL OR r.delta > seats.best THEN r.delta ELSE seats.best END"
    " FROM seat_results r WHERE r.hand_id = ? AND r.seat = seats.seat)"
    " WHERE session_id = ? AND seat IN (SELECT seat FROM seat_results WHERE hand_id = ?)"
)
