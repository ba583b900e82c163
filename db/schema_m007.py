"""Schema m007: payment runs, their reasons once, times not repeated.

A released migration is never edited (see :mod:`db.schema`); this module holds the body of
``m007_payment_runs`` and the table and view definitions it introduces, so that
``db/schema.py`` stays one file of migrations within the size every module keeps.

What changes, and why (bytes per stored hand; nothing read back is lost):

* ``payments``: one row per *run* of a hand's payment lines (consecutive lines with the same
  payee, amount and reason, payers in increasing seat order, see :mod:`db.packing`) instead
  of one per line: ``from_seats`` is the payers' bit mask, ``seq`` the position of the run's
  first line. 南昌's itemised payments (each player pays each jing holder) are about 15
  lines but 6 runs a hand. The payer's and payee's person are no longer copied into every
  row: ``seat_results`` names who played each seat in each hand.
* ``payment_reasons``: each reason text once; a run names it by id.
* the ``seat_results_session`` index is dropped: a session's results are found through its
  hands (``hands(session_id, number)``, then each hand's results by primary key), as the
  seats' figures and the ``session_totals`` view now read them.
* ``events.recorded_at`` and ``hands.settled_at`` are ``''`` when they are the time the
  hand's row was made (``hands.created_at``), as for every hand of an imported session and
  a hand entered at once: the time is that one. ``settled_at`` stays NULL while open.

The ``payment_lines`` view gives one row per line with the columns it always had (``seq``
the line's position in the hand), ``session_totals`` the same rows as before; every other
view is kept as it is.
"""

from __future__ import annotations

from collections.abc import Iterator

from sqlite_utils import Database

from . import packing

PAYMENT_REASONS = """
CREATE TABLE payment_reasons (
    id INTEGER PRIMARY KEY,
    text TEXT NOT NULL UNIQUE
) STRICT
"""

PAYMENTS = """
CREATE TABLE {name} (
    id INTEGER PRIMARY KEY,
    hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 0),
    from_seats INTEGER NOT NULL CHECK (from_seats BETWEEN 1 AND 15),
    to_seat INTEGER NOT NULL CHECK (to_seat BETWEEN 0 AND 3),
    amount INTEGER NOT NULL CHECK (amount > 0),
    reason_id INTEGER NOT NULL REFERENCES payment_reasons(id),
    UNIQUE (hand_id, seq)
) STRICT
"""

# the number of payers of a run below seat b.seat: the line's place inside its run
_BELOW = "(pm.from_seats & ((1 << b.seat) - 1))"
PAYMENT_LINES = f"""
CREATE VIEW payment_lines AS
SELECT h.session_id, h.number AS hand,
       pm.seq + ({_BELOW} & 1) + (({_BELOW} >> 1) & 1) + (({_BELOW} >> 2) & 1) AS seq,
       pf.name AS payer, pt.name AS payee, pm.amount, pr.text AS reason,
       b.seat AS from_seat, pm.to_seat
FROM payments pm
JOIN (SELECT 0 AS seat UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) b
  ON (pm.from_seats >> b.seat) & 1
JOIN hands h ON h.id = pm.hand_id
JOIN payment_reasons pr ON pr.id = pm.reason_id
JOIN seat_results rf ON rf.hand_id = pm.hand_id AND rf.seat = b.seat
JOIN players pf ON pf.id = rf.player_id
JOIN seat_results rt ON rt.hand_id = pm.hand_id AND rt.seat = pm.to_seat
JOIN players pt ON pt.id = rt.player_id
"""


SESSION_TOTALS = """
CREATE VIEW session_totals AS
SELECT s.id AS session_id, s.variant, st.seat, p.name AS player, p.id AS player_id,
       (SELECT COALESCE(SUM(r.delta), 0) FROM hands h JOIN seat_results r ON r.hand_id = h.id
         WHERE h.session_id = s.id AND r.seat = st.seat) AS points,
       s.stake,
       (SELECT COUNT(*) FROM hands h
         WHERE h.session_id = s.id AND h.status <> 'open') AS hands
FROM sessions s
JOIN seats st ON st.session_id = s.id
JOIN players p ON p.id = st.player_id
"""
NEW_VIEWS = {"payment_lines": PAYMENT_LINES, "session_totals": SESSION_TOTALS}


def _old_runs(db: Database, reason_id) -> Iterator[tuple[int, int, int, int, int, int]]:
    """``(hand_id, seq, from_seats, to_seat, amount, reason_id)`` of every run of the
    one-row-per-line payments, hand by hand."""
    hand: int | None = None
    lines: list[packing.Line] = []

    def flush() -> Iterator[tuple[int, int, int, int, int, int]]:
        for seq, mask, to, amount, reason in packing.payment_runs(lines):
            yield hand, seq, mask, to, amount, reason_id(reason)  # type: ignore[misc]

    for hid, payer, payee, amount, reason in db.execute(
        "SELECT hand_id, from_seat, to_seat, amount, reason FROM payments ORDER BY hand_id, seq"
    ):
        if hid != hand:
            yield from flush()
            hand, lines = hid, []
        lines.append((payer, payee, amount, reason))
    yield from flush()


def upgrade(db: Database) -> None:
    """The body of ``m007_payment_runs`` (a file already in these forms is left so)."""
    views = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'view' ORDER BY rowid")
    views = views.fetchall()
    for name, _ in reversed(views):
        db.execute(f"DROP VIEW {name}")
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "payment_reasons" not in tables:
        db.execute(PAYMENT_REASONS)
    if "reason_id" not in {r[1] for r in db.execute("PRAGMA table_info(payments)")}:
        reasons: dict[str, int] = {}

        def reason_id(text: str) -> int:
            if text not in reasons:
                cur = db.execute("INSERT INTO payment_reasons (text) VALUES (?)", [text])
                reasons[text] = cur.lastrowid  # type: ignore[assignment]
            return reasons[text]

        db.execute(PAYMENTS.format(name="payments_m007"))
        db.conn.executemany(
            "INSERT INTO payments_m007 (hand_id, seq, from_seats, to_seat, amount, reason_id)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            _old_runs(db, reason_id),
        )
        db.execute("DROP TABLE payments")
        db.execute("ALTER TABLE payments_m007 RENAME TO payments")
    db.execute(
        "UPDATE events SET recorded_at = '' WHERE recorded_at <> '' AND recorded_at ="
        " (SELECT h.created_at FROM hands h WHERE h.id = events.hand_id)"
    )
    db.execute("UPDATE hands SET settled_at = '' WHERE settled_at = created_at")
    db.execute("DROP INDEX IF EXISTS seat_results_session")
    for name, sql in views:
        db.execute(NEW_VIEWS.get(name, sql))
    db.execute("PRAGMA user_version = 7")
