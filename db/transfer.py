"""Import and export of sessions in the RECORD.md format (and CSV for spreadsheets)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from typing import Any

from mjscore.engine.record import dump_session, load_session

from .ledger import Ledger, SettledRecord, settle_record

__all__ = [
    "SettledRecord",
    "csv_cell",
    "export_csv",
    "export_json",
    "import_record",
    "settle_record",
]


def import_record(ledger: Ledger, src: str | bytes | Mapping[str, Any], notes: str = "") -> int:
    """Validate a RECORD.md session (``engine.record.load_session``), settle every hand once
    (:func:`settle_record`) and only then store it in one transaction. Returns the new
    session id; any problem raises MjError and leaves the ledger untouched.

    To settle a record before a ledger is even opened (``mjscore import`` creates no file for
    a record that does not settle), call :func:`settle_record` first and give its result to
    :meth:`Ledger.import_session`: the hands are not settled again."""
    return ledger.import_session(settle_record(load_session(src)), notes=notes)


def export_json(ledger: Ledger, session_id: int) -> str:
    """The session as RECORD.md JSON (``engine.record.dump_session``); importing it gives an
    identical session."""
    return dump_session(ledger.get_session(session_id))


_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def csv_cell(v: Any) -> Any:
    """A cell a spreadsheet shows as text: one starting with ``= + - @``, a tab or a carriage
    return would be read as a formula, so it gets a leading apostrophe (a plain negative
    number such as ``-12`` or ``-0.5`` stays a number)."""
    if isinstance(v, str) and v[:1] in ("=", "+", "-", "@", "\t", "\r"):
        if not _PLAIN_NUMBER.fullmatch(v):
            return "'" + v
    return v


class _SafeWriter:
    def __init__(self, out: io.StringIO) -> None:
        self._w = csv.writer(out, lineterminator="\n")

    def writerow(self, row: list[Any]) -> None:
        self._w.writerow([csv_cell(c) for c in row])


def export_csv(ledger: Ledger, session_id: int) -> str:
    """One row per hand: number, dealer, prevailing wind, outcome, summary, each player's
    delta and running total (points), then a totals row with points and money. No cell can
    be taken for a formula (:func:`csv_cell`)."""
    info = ledger.session_info(session_id)
    names = list(info.players)
    out = io.StringIO()
    w = _SafeWriter(out)
    w.writerow(
        ["hand", "dealer", "prevailing_wind", "outcome", "summary"]
        + [f"{n} Δ" for n in names]
        + [f"{n} total" for n in names]
    )
    totals = [0, 0, 0, 0]
    for h in ledger.hands(session_id):
        if not h.finished:
            continue
        deltas = list(h.deltas or (0, 0, 0, 0))
        totals = [a + b for a, b in zip(totals, deltas, strict=True)]
        w.writerow(
            [h.number, names[h.state.dealer], h.state.prevailing_wind, h.status, h.summary]
            + deltas
            + totals
        )
    w.writerow(
        ["total", "", "", "", f"stake {info.stake}"]
        + totals
        + [str(info.stake * t) for t in totals]
    )
    return out.getvalue()
