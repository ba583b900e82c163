"""The :class:`Ledger`: a durable SQLite record of sessions, hands, events and payments.

Everything the table records is stored as RECORD.md events; everything else (the state a
hand was played in, payments, per-seat results, totals) is derived by the engine and rebuilt
inside the same transaction whenever the events change. Each public write is one
transaction: it either happens completely or not at all.

The ledger is one class built from its roles, one module each:

* :mod:`.store` — the file's life: locating, opening (WAL, busy timeout, read-only files),
  schema upgrades, SQLite errors as :class:`LedgerError`, transactions;
* :mod:`.rows` — rows <-> engine types, and the records handed out (:class:`StoredHand`…);
* :mod:`.sessions` — sessions, players and every read of hands;
* :mod:`.settle` — the one place the ledger asks the engine to validate and settle;
* :mod:`.recording` — events and hands as the table plays them, import, derived rows;
* :mod:`.corrections` — amend, delete, insert, undo, history, rebuild;
* :mod:`.lifetime` — a player's figures over the whole ledger;
* :mod:`.trash` — deleting a whole session and restoring it;
* :mod:`.club` — identity-aware import, merge, and substitutes.

The roles are mixins over :class:`.store.Store` rather than separate objects the façade
delegates to: they share one connection, one lock and one transaction (a correction writes
through recording's row writer inside its own write), and each role's module says by its
base class which other role it builds on (Store ← Sessions ← Recording ← Corrections ← Club;
Corrections ← Trash; Sessions ← Lifetime).
"""

from __future__ import annotations

from .club import Club, ImportOutcome
from .lifetime import Lifetime
from .rows import AuditEntry, PlayerStats, SeatTotal, SessionInfo, StoredHand
from .sessions import stored_outcomes
from .settle import SettledRecord, settle_record
from .store import DEFAULT_TIMEOUT, default_path, resolve_path
from .trash import DeletedSession, Trash


class Ledger(Club, Trash, Lifetime):
    """A mjscore ledger. Open with :meth:`open` (a file) or :meth:`memory` (tests)."""


__all__ = [
    "DEFAULT_TIMEOUT",
    "AuditEntry",
    "DeletedSession",
    "ImportOutcome",
    "Ledger",
    "PlayerStats",
    "SeatTotal",
    "SessionInfo",
    "SettledRecord",
    "StoredHand",
    "default_path",
    "resolve_path",
    "settle_record",
    "stored_outcomes",
]
