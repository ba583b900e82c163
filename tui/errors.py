"""The errors a user can cause (a refused record, a ledger that cannot be written): the
command line prints them in one line, the app shows them in a notice. Anything else is a bug."""

from __future__ import annotations

from mjscore.db.errors import LedgerError
from mjscore.engine.errors import MjError


def user_errors() -> tuple[type[BaseException], ...]:
    return (MjError, LedgerError)
