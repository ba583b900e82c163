"""Deleting a whole session, and restoring it: nothing confirmed is ever lost.

A deleted session leaves the session tables (so no list, figure or standing counts it) and
is kept whole in ``deleted_sessions``: its record as ``export`` writes it, the corrections
made to it (its ``audit`` rows) and its demo flag. :meth:`Trash.restore_session` stores it
again, with the same identity (UUID, times, notes, substitutes) and its corrections.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import LedgerError, NotFound
from . import rows
from .corrections import Corrections
from .store import api, now

if TYPE_CHECKING:
    pass


_AUDIT_COLUMNS = (
    "id",
    "hand_number",
    "action",
    "before",
    "after",
    "before_deltas",
    "at",
    "undoes",
    "undone_by",
    "note",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class DeletedSession:
    """One deletion of a session (``restored_as``: the session it became again, if it was
    restored)."""

    id: int
    session_id: int
    variant: str
    players: tuple[str, str, str, str]
    hands: int
    deleted_at: str
    restored_at: str | None
    restored_as: int | None
    note: str


class Trash(Corrections):
    """Deleting and restoring whole sessions."""

    @api
    def delete_session(self, session_id: int, note: str = "") -> int:
        """Delete session ``session_id`` with its hands, keeping it whole in the ledger's
        deleted sessions (one transaction). Returns the id to give :meth:`restore_session`."""
        from mjscore.engine.record import dump_session

        with self._write():
            srow = self._session_row(session_id)
            session = self.get_session(session_id)
            audit = [
                {k: r[k] for k in _AUDIT_COLUMNS}
                for r in self._table("audit").rows_where(
                    "session_id = ?", [session_id], order_by="id"
                )
            ]
            did = (
                self._table("deleted_sessions")
                .insert(
                    {
                        "session_id": session_id,
                        "uuid": srow["uuid"] or "",
                        "record": dump_session(session),
                        "audit": rows.dumps(audit),
                        "demo": int(bool(srow["demo"])),
                        "deleted_at": now(),
                        "note": note,
                    }
                )
                .last_pk
            )
            self._table("sessions").delete(session_id)  # seats, hands, audit… cascade
            return did  # type: ignore[return-value]

    @api
    def restore_session(self, deleted_id: int) -> int:
        """Store deleted session ``deleted_id`` again (same identity, hands and corrections;
        the hands are settled again with this engine). Returns its new session id."""
        from mjscore.engine.record import load_session

        with self._write():
            row = self._deleted_row(deleted_id)
            if row["restored_as"] is not None:
                raise LedgerError(
                    f"deleted session {deleted_id} was already restored (as session {row['restored_as']})"
                )
            if self._one("SELECT 1 FROM sessions WHERE uuid = ?", [row["uuid"]]):
                raise LedgerError(
                    f"the ledger already holds session {row['uuid']} again; it was not restored twice"
                )
            session = load_session(rows.loads(row["record"], "deleted session"))
            sid = self.import_session(session, demo=bool(row["demo"]))
            ids: dict[int, int] = {}
            entries = rows.loads(row["audit"], "deleted session")
            for e in entries:
                ids[e["id"]] = (
                    self._table("audit")
                    .insert(
                        {
                            **{k: e[k] for k in _AUDIT_COLUMNS if k not in ("id", "undone_by")},
                            "session_id": sid,
                            "undoes": ids.get(e["undoes"]) if e["undoes"] else None,
                        }
                    )
                    .last_pk
                )
            for e in entries:
                if e["undone_by"] in ids:
                    self._table("audit").update(ids[e["id"]], {"undone_by": ids[e["undone_by"]]})
            self._table("deleted_sessions").update(
                deleted_id, {"restored_at": now(), "restored_as": sid}
            )
            return sid

    @api
    def deleted_sessions(self, *, restored: bool = False) -> list[DeletedSession]:
        """The deleted sessions, the latest deletion first (with ``restored``, also those
        already restored)."""
        where = None if restored else "restored_as IS NULL"
        return [
            self._deleted(r)
            for r in self._table("deleted_sessions").rows_where(where, order_by="id DESC")
        ]

    def _deleted_row(self, deleted_id: int) -> dict[str, Any]:
        got = (
            list(self._table("deleted_sessions").rows_where("id = ?", [deleted_id]))
            if rows.sqlite_int(deleted_id)
            else []
        )
        if not got:
            raise NotFound(f"there is no deleted session {deleted_id} in the ledger")
        return got[0]

    @staticmethod
    def _deleted(r: dict[str, Any]) -> DeletedSession:
        rec = rows.loads(r["record"], "deleted session")
        return DeletedSession(
            id=r["id"],
            session_id=r["session_id"],
            variant=rec.get("variant", ""),
            players=tuple(rec.get("players", ("", "", "", ""))),  # type: ignore[arg-type]
            hands=sum(1 for h in rec.get("hands", ()) if isinstance(h, dict) and h.get("events")),
            deleted_at=r["deleted_at"],
            restored_at=r["restored_at"],
            restored_as=r["restored_as"],
            note=r["note"],
        )
