"""Corrections and audit: amend, delete or insert a past hand, undo the last event, undo any
change, the history of superseded versions, and a full rebuild after a rule correction.

Each correction keeps the superseded version of the hand in ``audit`` and re-settles from
the changed hand on (:meth:`Recording._resettle`), in one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mjscore.db.texts import txt

from ..errors import LedgerError, NotFound
from . import rows
from .recording import Recording
from .rows import AuditEntry, StoredHand
from .store import api, now

if TYPE_CHECKING:
    from mjscore.engine.record import Event

    from .recording import EventLike


class Corrections(Recording):
    """Changing recorded hands, with every superseded version kept."""

    def _max_number(self, session_id: int) -> int:
        return self._one(
            "SELECT COALESCE(MAX(number), 0) FROM hands WHERE session_id = ?", [session_id]
        )[0]

    def _hand_id_events(
        self, session_id: int, number: int
    ) -> tuple[int, tuple[Event, ...], list[int] | None] | None:
        got = self._hands_events(session_id, number, number)
        if not got:
            return None
        hid = got[0][0]
        deltas = [0, 0, 0, 0]
        found = False
        for r in self._table("seat_results").rows_where("hand_id = ?", [hid], select="seat, delta"):
            deltas[r["seat"]] = r["delta"]
            found = True
        return hid, got[0][2], deltas if found else None

    def _audit(
        self,
        session_id: int,
        number: int,
        action: str,
        before: Sequence[Event] | None,
        after: Sequence[Event] | None,
        before_deltas: Sequence[int] | None,
        *,
        undoes: int | None = None,
        note: str = "",
    ) -> int:
        return (
            self._table("audit")
            .insert(
                {
                    "session_id": session_id,
                    "hand_number": number,
                    "action": action,
                    "before": None if before is None else rows.dumps(rows.events_json(before)),
                    "after": None if after is None else rows.dumps(rows.events_json(after)),
                    "before_deltas": None
                    if before_deltas is None
                    else rows.dumps(list(before_deltas)),
                    "at": now(),
                    "undoes": undoes,
                    "note": note,
                }
            )
            .last_pk
        )

    def _set_events(self, hand_id: int, events: Sequence[Event]) -> None:
        self._table("events").delete_where("hand_id = ?", [hand_id])
        self._insert_events(hand_id, events, at=now())

    def _remove_hand(self, session_id: int, hand_id: int, number: int) -> None:
        self._table("hands").delete(hand_id)
        # shift later hands down by one (via negatives: UNIQUE is checked row by row)
        self.db.execute(
            "UPDATE hands SET number = -number WHERE session_id = ? AND number > ?",
            [session_id, number],
        )
        self.db.execute(
            "UPDATE hands SET number = -number - 1 WHERE session_id = ? AND number < 0",
            [session_id],
        )

    def _put_hand(self, session_id: int, number: int, events: Sequence[Event]) -> None:
        from mjscore.engine.core import TableState

        self.db.execute(
            "UPDATE hands SET number = -number WHERE session_id = ? AND number >= ?",
            [session_id, number],
        )
        self.db.execute(
            "UPDATE hands SET number = -number + 1 WHERE session_id = ? AND number < 0",
            [session_id],
        )
        at = now()
        # placeholder state; _resettle writes the real one
        hid = self._new_hand(session_id, number, TableState(hand_number=number), at)
        self._insert_events(hid, events, at=at, hand_at=at)

    def _norm_events(self, events: Sequence[EventLike]) -> tuple[Event, ...]:
        from mjscore.engine.errors import ErrorCode, MjError

        evs = tuple(rows.to_event(e, f"events[{i}]") for i, e in enumerate(events))
        if not evs:
            raise MjError(
                ErrorCode.BAD_RECORD,
                txt("hand_least_one_event_use"),
                where="events",
            )
        return evs

    @api
    def amend_hand(
        self, session_id: int, number: int, events: Sequence[EventLike], note: str = ""
    ) -> int:
        """Replace the events of hand ``number`` and re-settle it and the later hands of the
        session whose table state it changes (dealer, winds, 比下胡 depend on earlier hands),
        in one transaction.

        The superseded version is kept in the audit table; returns the audit id (give it to
        :meth:`undo_change` to revert). Raises MjError (nothing written) if the session would
        no longer settle, :class:`NotFound` if there is no such hand.
        """
        evs = self._norm_events(events)
        with self._write():
            srow = self._session_row(session_id)
            cur = self._hand_id_events(session_id, number)
            if cur is None:
                raise NotFound(f"session {session_id} has no hand {number}")
            hid, before, deltas = cur
            self._set_events(hid, evs)
            self._resettle(session_id, number, srow)
            return self._audit(session_id, number, "amend", before, evs, deltas, note=note)

    @api
    def delete_hand(self, session_id: int, number: int, note: str = "") -> int:
        """Delete hand ``number`` (later hands move up one number and are re-settled). The
        deleted hand is kept in the audit table; returns the audit id for :meth:`undo_change`."""
        with self._write():
            srow = self._session_row(session_id)
            cur = self._hand_id_events(session_id, number)
            if cur is None:
                raise NotFound(f"session {session_id} has no hand {number}")
            hid, before, deltas = cur
            self._remove_hand(session_id, hid, number)
            self._resettle(session_id, number, srow)
            return self._audit(session_id, number, "delete", before, None, deltas, note=note)

    @api
    def insert_hand(
        self, session_id: int, number: int, events: Sequence[EventLike], note: str = ""
    ) -> int:
        """Insert a forgotten hand so that it becomes hand ``number`` (1 … last+1); later
        hands move down one number and are re-settled. Returns the audit id."""
        evs = self._norm_events(events)
        with self._write():
            srow = self._session_row(session_id)
            top = self._max_number(session_id)
            if not 1 <= number <= top + 1:
                raise NotFound(f"a hand can be inserted at 1 … {top + 1}, not at {number}")
            self._put_hand(session_id, number, evs)
            self._resettle(session_id, number, srow)
            return self._audit(session_id, number, "insert", None, evs, None, note=note)

    @api
    def undo_last_event(self, session_id: int) -> StoredHand:
        """Remove the last recorded event of the session (reopening its hand if that event
        had finished it). The removed event is kept in the audit table. Returns the hand as
        it now stands (possibly empty, i.e. :meth:`current_hand`)."""
        with self._write():
            srow = self._session_row(session_id)
            self._check_open(srow)
            number = self._max_number(session_id)
            if number == 0:
                raise LedgerError(f"session {session_id} has no events to undo")
            hid, before, deltas = self._hand_id_events(session_id, number)  # type: ignore[misc]
            after = before[:-1]
            if after:
                self._set_events(hid, after)
                self._resettle(session_id, number, srow)
            else:
                self._remove_hand(session_id, hid, number)
                if deltas is None:  # an open hand has no results: the seats' figures lack it
                    self._count_hands(session_id)
                else:
                    self._refresh_totals(session_id)
            self._audit(session_id, number, "undo_event", before, after or None, deltas)
        return self.current_hand(session_id)

    @api
    def history(self, session_id: int | None = None) -> list[AuditEntry]:
        """Audit entries (every superseded version of a hand), newest first."""
        where, args = ("session_id = ?", [session_id]) if session_id is not None else (None, None)
        return [
            rows.audit_entry(r)
            for r in self._table("audit").rows_where(where, args, order_by="id DESC")
        ]

    @api
    def last_change(self, session_id: int) -> int | None:
        """The audit id of the session's newest change (e.g. the event
        :meth:`undo_last_event` just removed, to give :meth:`undo_change` for a redo), or
        ``None`` when nothing in it was ever changed."""
        row = self._one("SELECT MAX(id) FROM audit WHERE session_id = ?", [session_id])
        return None if row is None else row[0]

    @api
    def undo_change(self, audit_id: int) -> int:
        """Revert the change recorded as audit entry ``audit_id`` (an amend, delete, insert,
        undone event, or an earlier undo — undoing an undo redoes). The hand must still be
        as that change left it. Later hands are re-settled; returns the new audit id."""
        with self._write():
            found = (
                list(self._table("audit").rows_where("id = ?", [audit_id]))
                if rows.sqlite_int(audit_id)
                else []
            )
            if not found:
                raise NotFound(f"there is no change {audit_id} in the ledger's history")
            entry = rows.audit_entry(found[0])
            if entry.undone_by is not None:
                raise LedgerError(
                    f"change {audit_id} was already undone (by change {entry.undone_by})"
                )
            sid, number = entry.session_id, entry.hand_number
            srow = self._session_row(sid)
            cur = self._hand_id_events(sid, number)
            current = None if cur is None else cur[1]
            moved = LedgerError(
                f"hand {number} of session {sid} has changed since change {audit_id}; undo the later changes first"
            )
            if entry.after is not None:
                if current is None or rows.events_json(current) != rows.events_json(entry.after):
                    raise moved
                hid, _, deltas = cur  # type: ignore[misc]
                if entry.before is None:
                    self._remove_hand(sid, hid, number)
                else:
                    self._set_events(hid, entry.before)
            else:
                if entry.before is None:  # pragma: no cover - an entry always has one side
                    raise moved
                if number > self._max_number(sid) + 1:
                    raise moved
                # the hand did not exist before it is put back (the hand now at its number
                # only moves down): undoing this undo removes it again
                current, deltas = None, None
                self._put_hand(sid, number, entry.before)
            self._resettle(sid, number, srow)
            new_id = self._audit(
                sid, number, "undo", current, entry.before, deltas, undoes=audit_id
            )
            self._table("audit").update(audit_id, {"undone_by": new_id})
            return new_id

    @api
    def rebuild(self, session_id: int) -> tuple[int, int, int, int]:
        """Re-settle every hand of the session from its events with the current engine and
        rewrite the derived data (after an upgrade that corrects a rule). One transaction;
        MjError if the session no longer settles (then nothing changes). Returns the totals."""
        with self._write():
            srow = self._session_row(session_id)
            self._resettle(session_id, 1, srow, every=True)
            return self._info(srow).totals
