"""Errors of the ledger that a user can cause and should read.

:class:`LedgerError` covers everything about the *file* (in use by another program, damaged,
unreadable, written by a newer mjscore) and about requests the ledger refuses (unknown
session, an undo that no longer applies). Rule violations found while settling stay
:class:`engine.errors.MjError`. ``mjscore`` prints either as one line and exits with 2.
"""

from __future__ import annotations


class LedgerError(Exception):
    """An expected ledger problem, with a message meant for the user."""


class LedgerInUse(LedgerError):
    """Another program held the ledger's write lock for longer than the busy timeout."""


class LedgerDamaged(LedgerError):
    """The file is not a SQLite database, is corrupt, or cannot be read."""


class LedgerTooNew(LedgerError):
    """The ledger was written by a newer mjscore; it is left untouched."""


class NotFound(LedgerError):
    """No such session, hand or audit entry."""
