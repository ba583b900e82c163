"""Sessions moving between ledgers (idempotent import, merge) and substitutes (替打).

Every session has a UUID (engine.identity). Importing a session whose id is already here
compares the two records' canonical content: the same content is skipped (and reported);
the same content with other metadata (times, table label, notes) keeps the stored one;
different content is refused, unless ``replace``, which changes the stored hands through
the audit like any amendment. A many-session import is one transaction: one refusal and
nothing is written.

Substitutes: from hand ``from_hand`` on, a seat is played by another person. The seat's
settlement does not change; each hand's seat results and payments name the person who
played it (:meth:`Club.seat_player`), and the lifetime figures credit them.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Self

from ..errors import LedgerDamaged, LedgerError, NotFound
from .corrections import Corrections
from .settle import SettledRecord
from .store import DEFAULT_TIMEOUT, api, now, resolve_path

if TYPE_CHECKING:
    from mjscore.engine.record import Session


@dataclass(frozen=True, slots=True)
class ImportOutcome:
    """What importing one session did. ``action``: ``added``; ``same`` (already here, skipped);
    ``kept`` (same content, other metadata: the stored kept); ``updated`` (the metadata
    replaced); ``replaced`` (the content replaced through the audit)."""

    uuid: str
    session_id: int
    action: str
    differences: tuple[str, ...] = ()

    def line(self) -> str:
        diff = ", ".join(self.differences)
        return {
            "added": f"added session {self.session_id} ({self.uuid})",
            "same": f"skipped {self.uuid}: already in the ledger as session {self.session_id}",
            "kept": f"skipped {self.uuid}: already in the ledger as session {self.session_id};"
            f" its {diff} differ(s), the stored one is kept (--replace to take the file's)",
            "updated": f"updated the {diff} of session {self.session_id} ({self.uuid})",
            "replaced": f"replaced session {self.session_id} ({self.uuid}): {diff}",
        }[self.action]


def _header(s: Session) -> tuple:
    from mjscore.engine.identity import canonical_stake
    from mjscore.engine.names import name_key

    return (
        s.variant,
        sorted(dict(s.options).items()),
        canonical_stake(s.stake),
        s.first_dealer,
        tuple(name_key(p) for p in s.players),
    )


def _what_differs(stored: Session, given: Session) -> str:
    if _header(stored) != _header(given):
        return "its rule set, options, stake, first dealer or players differ"
    for i, (a, b) in enumerate(zip(stored.hands, given.hands, strict=False)):
        if a.events != b.events:
            return f"hand {i + 1} differs"
    if len(stored.hands) != len(given.hands):
        return f"{len(stored.hands)} hands here, {len(given.hands)} in the file"
    return "its substitutes differ"


def local_date(stamp: str) -> date | None:
    """The local date a stored UTC time falls on (``None`` for an unreadable stamp)."""
    try:
        return datetime.fromisoformat(stamp).astimezone().date()
    except (ValueError, OverflowError, OSError):
        return None


class Club(Corrections):
    """Identity-aware import, export of many sessions, merge, and substitutes."""

    # ---- identity
    @api
    def find_session(self, uuid: str) -> int | None:
        """The ledger id of the session with this UUID, or ``None``."""
        row = self._one("SELECT id FROM sessions WHERE uuid = ?", [uuid])
        return row[0] if row else None

    @api
    def session_ids(
        self, since: date | None = None, until: date | None = None, *, demo: bool = False
    ) -> list[int]:
        """The ids of the sessions that started on local dates ``since`` … ``until``
        (inclusive, either open), oldest first; demo sessions only if ``demo``."""
        out = []
        for sid, started, is_demo in self.db.execute(
            "SELECT id, started_at, demo FROM sessions ORDER BY started_at, id"
        ):
            if is_demo and not demo:
                continue
            day = local_date(started)
            if (since and (day is None or day < since)) or (until and (day is None or day > until)):
                continue
            out.append(sid)
        return out

    # ---- import
    @api
    def import_sessions(
        self,
        records: Sequence[SettledRecord],
        *,
        replace: bool = False,
        notes: str | None = None,
    ) -> list[ImportOutcome]:
        """Import each settled record unless it is already here (module docstring). One
        transaction: a conflict without ``replace`` raises :class:`LedgerError` naming the
        session, and nothing is written. ``notes`` replaces the records' own notes of the
        sessions added."""
        out: list[ImportOutcome] = []
        with self._write():
            for rec in records:
                out.append(self._import_one(rec, replace=replace, notes=notes))
        return out

    def _import_one(self, rec: SettledRecord, *, replace: bool, notes: str | None) -> ImportOutcome:
        from mjscore.engine.identity import metadata_differences, session_content, session_id_of

        s = rec.session
        uid = session_id_of(s)
        sid = self.find_session(uid)
        if sid is None:
            return ImportOutcome(uid, self.import_session(rec, notes=notes), "added")
        stored = self.get_session(sid)
        if session_content(stored) == session_content(s):
            diffs = tuple(metadata_differences(stored, s))
            if not diffs:
                return ImportOutcome(uid, sid, "same")
            if not replace:
                return ImportOutcome(uid, sid, "kept", diffs)
            self._set_metadata(sid, s)
            return ImportOutcome(uid, sid, "updated", diffs)
        what = _what_differs(stored, s)
        if not replace:
            raise LedgerError(
                f"session {uid} is already in the ledger (session {sid}) with different content:"
                f" {what}; nothing was imported (--replace replaces it, the old hands kept in"
                " its history)"
            )
        if _header(stored) != _header(s):
            raise LedgerError(
                f"session {uid} cannot be replaced: {what}; only its hands, substitutes and"
                " metadata can be; nothing was imported"
            )
        self._replace_hands(sid, stored, s)
        return ImportOutcome(uid, sid, "replaced", (what,))

    def _set_metadata(self, sid: int, s: Session) -> None:
        if s.format < 2:
            return
        self._table("sessions").update(
            sid,
            {
                "started_at": s.started_at,
                "ended_at": s.ended_at,
                "table_label": s.table,
                "notes": s.notes,
            },
        )

    def _replace_hands(self, sid: int, stored: Session, s: Session) -> None:
        """The file's hands and substitutes in place of the stored ones, each changed hand
        an audited amend, insert or delete."""
        note = "replaced by an import"
        self._table("sessions").update(sid, {"ended_at": None})  # corrections need it open
        self._table("substitutes").delete_where("session_id = ?", [sid])
        self._insert_substitutes(sid, s.substitutes)
        for i, hand in enumerate(s.hands):
            if i < len(stored.hands):
                if stored.hands[i].events != hand.events:
                    self.amend_hand(sid, i + 1, hand.events, note=note)
            else:
                self.insert_hand(sid, i + 1, hand.events, note=note)
        for n in range(len(stored.hands), len(s.hands), -1):
            self.delete_hand(sid, n, note=note)
        self._refresh_totals(sid)
        self._set_metadata(sid, s)
        if s.format < 2 and stored.ended_at is not None:
            self._table("sessions").update(sid, {"ended_at": stored.ended_at})

    # ---- merge
    @classmethod
    def read_copy(cls, path: str | os.PathLike[str], *, timeout: float = DEFAULT_TIMEOUT) -> Self:
        """An in-memory copy of the ledger at ``path``, read through a read-only connection
        (SQLite's backup): the file is never changed and nothing is written next to it; a
        ledger of an older mjscore is upgraded in the copy only."""
        p = resolve_path(path)
        if not p.exists():
            raise NotFound(f"there is no ledger at {p}")
        cls._check_file(p)
        mem = sqlite3.connect(":memory:", check_same_thread=False)
        # a ledger nobody has open has no -wal file: read it as immutable, which leaves no
        # -wal/-shm files behind; one in use (or left by a crash) is read through its WAL
        wal = p.with_name(p.name + "-wal")
        query = "mode=ro" if wal.exists() else "immutable=1"
        try:
            src = sqlite3.connect(f"{p.absolute().as_uri()}?{query}", uri=True, timeout=timeout)
            try:
                src.backup(mem)
            finally:
                src.close()
        except sqlite3.Error as e:
            mem.close()
            raise LedgerDamaged(f"cannot read the ledger {p}: {e} (it was not changed)") from None
        return cls(mem, path=None, timeout=timeout)

    def records(self, ids: Sequence[int]) -> list[SettledRecord]:
        """The sessions ``ids`` as settled records, their stored settlement read as it is
        (nothing settled again), ready for another ledger's :meth:`import_sessions`."""
        return [SettledRecord(self.get_session(sid), self.stored_replay(sid)) for sid in ids]

    @staticmethod
    def same_file(a: Path | None, b: Path) -> bool:
        try:
            return a is not None and a.exists() and b.exists() and os.path.samefile(a, b)
        except OSError:
            return False

    # ---- substitutes
    @api
    def set_substitute(
        self, session_id: int, seat: int, player: str, from_hand: int | None = None
    ) -> int:
        """From hand ``from_hand`` (default: the hand being played) on, ``seat`` is played by
        ``player`` (the seat's own player hands it back). Returns the hand number. Refused
        (:class:`LedgerError`) for a person already at another seat of that hand."""
        from mjscore.engine.names import name_key
        from mjscore.engine.record import check_player_name

        player = check_player_name(player, "player")
        if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
            raise LedgerError(f"a seat is 0, 1, 2 or 3, not {seat!r}")
        with self._write():
            srow = self._session_row(session_id)
            self._check_open(srow)
            number = from_hand if from_hand is not None else self.current_hand(session_id).number
            if number < 1:
                raise LedgerError("a substitute starts at hand 1 or later")
            playing = self.hand_players(session_id, number)
            key = name_key(player)
            for s, name in enumerate(playing):
                if s != seat and name_key(name) == key:
                    raise LedgerError(f"{name} is already playing seat {s + 1} in hand {number}")
            existing = self._one("SELECT id, name FROM players WHERE name = ?", [player])
            if existing is None:  # a returning player is matched by key
                for (name,) in self.db.execute("SELECT name FROM players"):
                    if name_key(name) == key:
                        player = name
                        break
            self._table("substitutes").upsert(
                {
                    "session_id": session_id,
                    "from_hand": number,
                    "seat": seat,
                    "player_id": self._player_id(player, now()),
                },
                pk=("session_id", "from_hand", "seat"),
            )
            self._refresh_totals(session_id)
            return number

    @api
    def seat_player(self, session_id: int, seat: int, number: int) -> str:
        """Who played seat ``seat`` in hand ``number`` of the session: the latest substitute
        for the seat from that hand or before, else the seat's own player."""
        return self.hand_players(session_id, number)[seat]

    @api
    def hand_players(self, session_id: int, number: int) -> tuple[str, str, str, str]:
        """The four people who played hand ``number``, in seat order."""
        with self._read():
            self._session_row(session_id)
            _, names = self._seat_players(session_id)
            for seat, name in self.db.execute(
                "SELECT sb.seat, p.name FROM substitutes sb JOIN players p ON p.id = sb.player_id"
                " WHERE sb.session_id = ? AND sb.from_hand <= ? ORDER BY sb.from_hand",
                [session_id, number],
            ):
                names[seat] = name
        return tuple(names)  # type: ignore[return-value]
