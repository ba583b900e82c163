"""Recording: events as the table plays them (:meth:`Recording.add_event`, ``add_events``,
``close_hand``, ``record_hand``), whole sessions from a record (``import_session``), and
writing a settled hand's derived rows — the one writer of ``payments`` and ``seat_results``.

Every hand is validated and settled once, by :mod:`db.ledger.settle`, before anything is
written; re-settling after a correction (:meth:`Recording._resettle`) settles only the hands
whose table state or events changed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mjscore.db.texts import txt

from ..errors import LedgerError
from ..schema_version import ADD_HAND_TO_SEATS_SQL, REFRESH_SEATS_SQL
from . import rows
from .rows import StoredHand
from .sessions import Sessions
from .settle import SettledRecord, settle_hand, settle_record
from .store import api, now

if TYPE_CHECKING:
    from mjscore.engine.core import HandResult, TableState
    from mjscore.engine.entry import Settled
    from mjscore.engine.record import Event, Hand, Session, Substitute

    EventLike = Event | Mapping[str, Any]
    # (hand id, the hand, the state it is played in, its settlement or None while open)
    Derived = tuple[int, Hand, TableState, HandResult | None]


class Recording(Sessions):
    """Adding events and hands, and storing what the engine settled."""

    @api
    def add_event(
        self, session_id: int, event: EventLike, *, settled: Settled | None = None
    ) -> StoredHand:
        """Append one event to the hand being played (starting a new hand if the last one is
        finished). A terminal event (win, false_win, draw) closes and settles the hand.

        The whole session must stay valid: the event is checked (fields, the variant's
        flags, and — for a terminal event — a full settlement of the hand); an event the
        engine refuses raises :class:`engine.errors.MjError` and nothing is written.
        Returns the hand as stored, with ``result`` set when it was settled.

        ``settled``: the :class:`engine.entry.Settled` the caller already has for the hand
        with this event (e.g. the preview the player confirmed); stored as it is, without
        settling again, when it is exactly that hand in the state the ledger holds.
        """
        return self._add_events(session_id, [event], settled)

    @api
    def add_events(
        self,
        session_id: int,
        events: Sequence[EventLike],
        *,
        settled: Settled | None = None,
    ) -> StoredHand:
        """Like :meth:`add_event` for several events in one transaction — e.g. the several
        ``win`` events of a 一炮多响 (a hand ends with its terminal events, so all wins on
        one discard must arrive together)."""
        return self._add_events(session_id, events, settled)

    @api
    def close_hand(self, session_id: int, events: Sequence[EventLike]) -> StoredHand:
        """Append the events that end the hand being played (a draw, a false win, or the win
        or wins) and settle it; refused (MjError, nothing written) if they do not end it."""
        from mjscore.engine.errors import ErrorCode, MjError
        from mjscore.engine.record import TERMINAL

        evs = [rows.to_event(e, f"events[{i}]") for i, e in enumerate(events)]
        if not any(isinstance(e, TERMINAL) for e in evs):
            raise MjError(
                ErrorCode.BAD_RECORD,
                txt("closing_hand_win_false_win"),
                where="events",
            )
        return self._add_events(session_id, evs)

    @api
    def record_hand(self, session_id: int, events: Sequence[EventLike]) -> StoredHand:
        """Record a whole hand at once (its events must end it); refused while a hand is open."""
        from mjscore.engine.errors import ErrorCode, MjError
        from mjscore.engine.record import Hand

        evs = [rows.to_event(e, f"events[{i}]") for i, e in enumerate(events)]
        if not Hand(tuple(evs)).finished:
            raise MjError(
                ErrorCode.BAD_RECORD,
                txt("recorded_hand_end_win_false"),
                where="events",
            )
        with self._write():
            last = self._last_hand(session_id)
            if last and last[2] == "open":
                raise LedgerError("a hand is being played; finish or delete it first")
            return self._add_events(session_id, evs)

    def _add_events(
        self, session_id: int, events: Sequence[EventLike], settled: Settled | None = None
    ) -> StoredHand:
        from mjscore.engine.errors import ErrorCode, MjError
        from mjscore.engine.record import Hand

        new = [rows.to_event(e, f"events[{i}]") for i, e in enumerate(events)]
        if not new:
            raise MjError(ErrorCode.BAD_RECORD, txt("events_given"), where="events")
        with self._write():
            srow = self._session_row(session_id)
            self._check_open(srow)
            v, rules = self._variant_rules(srow)
            last = self._last_hand(session_id)
            if last and last[2] == "open":
                hand_id, number, state = last[0], last[1], rows.state_from(last[3])
                old = self._hands_events(session_id, number, number)[0][2]
            else:
                hand_id, number = None, (last[1] if last else 0) + 1
                state = self._state_at(session_id, number, srow, v, rules)
                old = ()
            hand = Hand(old + tuple(new))
            result = settle_hand(v, rules, hand, state, f"hand {number}", given=settled)  # type: ignore[arg-type]
            at = now()
            hand_at = None
            if hand_id is None:
                hand_id = self._new_hand(session_id, number, state, at)  # type: ignore[arg-type]
                hand_at = at
            self._insert_events(hand_id, new, start=len(old), at=at, hand_at=hand_at)
            if result is not None:
                seat_ids, _ = self._seat_players(session_id)
                self._store_results(
                    session_id,
                    [(hand_id, hand, state, result)],  # type: ignore[list-item]
                    seat_ids,
                    at,
                    hand_at=hand_at,
                )
                # the hand was open (no results yet): add its results to the seats' figures
                self._refresh_totals(session_id, added=hand_id)
            return self._stored_with(session_id, number, result)

    def _stored_with(self, session_id: int, number: int, result: HandResult | None) -> StoredHand:
        got = self._stored_hands(session_id, "AND number = ?", [number])[0]
        return dataclasses.replace(got, result=result)

    # ---- rows
    def _new_hand(self, session_id: int, number: int, state: TableState, at: str) -> int:
        """A new open hand row, played in ``state``."""
        return (
            self._table("hands")
            .insert(
                {
                    "session_id": session_id,
                    "number": number,
                    **rows.open_columns(state),
                    "created_at": at,
                }
            )
            .last_pk
        )

    def _insert_events(
        self,
        hand_id: int,
        events: Sequence[Event],
        *,
        start: int = 0,
        at: str,
        hand_at: str | None = None,
    ) -> None:
        """``hand_at``: the hand row's ``created_at`` when it was made with these events."""
        self._table("events").insert_all(
            rows.event_rows(hand_id, events, start=start, at=at, hand_at=hand_at)
        )

    def _insert_payments(self, runs: Sequence[tuple[int, Any]]) -> None:
        """The ``payments`` rows of ``runs`` (:func:`rows.payment_runs`), each reason text
        stored once in ``payment_reasons``."""
        if not runs:
            return
        texts = sorted({run[4] for _, run in runs})
        self.db.conn.executemany(
            "INSERT OR IGNORE INTO payment_reasons (text) VALUES (?)", [(t,) for t in texts]
        )
        ids = dict(
            self.db.execute(
                "SELECT text, id FROM payment_reasons WHERE text IN (SELECT value FROM json_each(?))",
                [rows.dumps(texts)],
            ).fetchall()
        )
        self._table("payments").insert_all(rows.payment_rows(runs, ids))

    def _store_results(
        self,
        session_id: int,
        settled: Sequence[Derived],
        seat_ids: Sequence[int],
        at: str,
        *,
        hand_at: str | None = None,
    ) -> None:
        """Write the derived rows of each hand in ``settled``: its state columns and status,
        and (once settled) its payments and seat results, replacing what was there.
        ``hand_at``: the rows' ``created_at`` when they were made in this same write."""
        if not settled:
            return
        ids = rows.dumps([hid for hid, _, _, _ in settled])
        (variant,) = self._one("SELECT variant FROM sessions WHERE id = ?", [session_id])
        in_ids = "hand_id IN (SELECT value FROM json_each(?))"
        self._table("payments").delete_where(in_ids, [ids])
        self._table("seat_results").delete_where(in_ids, [ids])
        hands = self._table("hands")
        pays: list[tuple[int, Any]] = []
        seats: list[dict[str, Any]] = []
        for hid, hand, state, result in settled:
            if result is None:
                hands.update(hid, rows.open_columns(state))
                continue
            hands.update(hid, rows.settled_columns(hand, state, result, at, hand_at))
            pays += rows.payment_runs(hid, result)
            seats += rows.seat_result_rows(hid, session_id, hand, result, seat_ids, variant)
        self._insert_payments(pays)
        self._table("seat_results").insert_all(seats)

    def _refresh_totals(self, session_id: int, *, added: int | None = None) -> None:
        """Each seat's figures and the session's hand count, from the stored seat results;
        in a session with substitutes, each hand's results name the person who played the
        seat in that hand (and so do its payment lines, which take the names from them).
        ``added``: the only change is this hand's results, new (the hand was open): they are
        added to the figures instead of the whole session being added up again."""
        if self._one("SELECT 1 FROM substitutes WHERE session_id = ? LIMIT 1", [session_id]):
            self._credit_players(session_id)
        if added is not None:
            self.db.execute(ADD_HAND_TO_SEATS_SQL, [added, session_id, added])
        else:
            self.db.execute(REFRESH_SEATS_SQL, [session_id])
        self._count_hands(session_id)

    def _count_hands(self, session_id: int) -> None:
        """The session's count of finished hands."""
        self.db.execute(
            "UPDATE sessions SET hands_played = (SELECT COUNT(*) FROM hands h WHERE h.session_id = sessions.id"
            " AND h.status <> 'open') WHERE id = ?",
            [session_id],
        )

    def _credit_players(self, session_id: int) -> None:
        """Name in each hand's seat results who played the seat in that hand: the latest
        substitute for the seat from that hand or before, else the seat's player."""

        def who(seat: str, table: str) -> str:
            return (
                "COALESCE((SELECT sb.player_id FROM substitutes sb JOIN hands h ON h.id = "
                f"{table}.hand_id WHERE sb.session_id = h.session_id AND sb.seat = {seat}"
                " AND sb.from_hand <= h.number ORDER BY sb.from_hand DESC LIMIT 1),"
                " (SELECT st.player_id FROM seats st JOIN hands h ON h.id = "
                f"{table}.hand_id WHERE st.session_id = h.session_id AND st.seat = {seat}))"
            )

        mine = "hand_id IN (SELECT id FROM hands WHERE session_id = ?)"
        self.db.execute(
            f"UPDATE seat_results SET player_id = {who('seat_results.seat', 'seat_results')}"
            f" WHERE {mine}",
            [session_id],
        )

    def _insert_substitutes(self, session_id: int, subs: Sequence[Substitute]) -> None:
        at = now()
        self._table("substitutes").insert_all(
            [
                {
                    "session_id": session_id,
                    "from_hand": sb.hand,
                    "seat": sb.seat,
                    "player_id": self._player_id(sb.player, at),
                }
                for sb in subs
            ]
        )

    # ---- re-settlement
    def _resettle(
        self, session_id: int, start: int, srow: Mapping[str, Any], *, every: bool = False
    ) -> None:
        """Re-settle hands ``start``… of the session from their events (after an amend,
        delete, insert or undo) and rewrite their derived data. Hand ``start`` is always
        settled; a later hand only while the state handed on differs from the one it was
        settled in (settling is a function of events, state and rules, so from there on
        nothing can change) — unless ``every`` (:meth:`rebuild`, after a rule change).
        Raises MjError if a hand no longer settles; the caller's transaction then rolls
        everything back."""
        from mjscore.engine.record import Hand

        v, rules = self._variant_rules(srow)
        hands = self._hands_events(session_id, start)
        settled: list[Derived] = []
        if hands:
            state = self._state_at(session_id, start, srow, v, rules)
            was = {
                r["id"]: r["state"]
                for r in self._table("hands").rows_where(
                    "session_id = ? AND number > ?", [session_id, start], select="id, state"
                )
            }
            for i, (hid, number, evs) in enumerate(hands):
                if i and not every and was.get(hid) == rows.state_json(state):
                    break  # this hand and every later one stay as they were settled
                hand = Hand(evs)
                last = i == len(hands) - 1
                result = settle_hand(v, rules, hand, state, f"hand {number}", last=last)
                settled.append((hid, hand, state, result))
                if result is not None:
                    state = result.next_state
        self._store_results(session_id, settled, self._seat_players(session_id)[0], now())
        self._refresh_totals(session_id)

    # ---- import
    @api
    def import_session(
        self,
        session: Session | SettledRecord,
        notes: str | None = None,
        *,
        ended: bool | None = None,
        demo: bool = False,
    ) -> int:
        """Store a whole :class:`engine.record.Session` (already loaded with
        ``engine.record.load_session``), or the :class:`SettledRecord` that
        :func:`db.ledger.settle.settle_record` made of one (then nothing is settled again).
        Every hand is settled before anything is written; if any hand fails, MjError is
        raised and nothing is written. Returns the new session id.

        ``ended`` defaults to whether every hand is finished: a record whose last hand is
        still being played (RECORD.md allows it) is imported with that hand open and the
        session open, so play can go on where the export left off; a format-2 record says
        itself whether it has ended (``ended_at``).

        The session keeps the record's identity: its id (or, for a format-1 record, the id
        derived from its content), times, table label, notes (``notes`` given replaces
        them) and substitutes. Whether a session with that id is already here is
        :meth:`Club.import_sessions`' business (``mjscore import`` and ``merge`` go
        through it); here a second copy is stored as a new session with a new id."""
        from mjscore.engine.identity import new_id, session_id_of

        settled = session if isinstance(session, SettledRecord) else settle_record(session)
        s = settled.session
        if ended is None:
            ended = (
                s.ended_at is not None if s.format >= 2 else (not s.hands or s.hands[-1].finished)
            )
        uid = session_id_of(s)
        if self._one("SELECT 1 FROM sessions WHERE uuid = ?", [uid]):
            uid = new_id()
        with self._write():
            sid = self._insert_session(
                s.variant,
                s.players,
                s.options,
                s.stake,
                s.first_dealer,
                s.notes if notes is None else notes,
                ended=ended,
                fmt=s.format,
                uuid=uid,
                started_at=s.started_at,
                ended_at=s.ended_at,
                table=s.table,
                demo=demo,
            )
            self._insert_substitutes(sid, s.substitutes)
            seat_ids, _ = self._seat_players(sid)
            at = now()
            evs: list[dict[str, Any]] = []
            pays: list[tuple[int, Any]] = []
            seats: list[dict[str, Any]] = []
            for i, (hand, (state, result)) in enumerate(
                zip(s.hands, settled.hand_states(), strict=True)
            ):
                cols = (
                    rows.open_columns(state)
                    if result is None
                    else rows.settled_columns(hand, state, result, at, at)
                )
                hid = (
                    self._table("hands")
                    .insert({"session_id": sid, "number": i + 1, **cols, "created_at": at})
                    .last_pk
                )
                evs += rows.event_rows(hid, hand.events, at=at, hand_at=at)
                if result is not None:
                    pays += rows.payment_runs(hid, result)
                    seats += rows.seat_result_rows(hid, sid, hand, result, seat_ids, s.variant)
            self._table("events").insert_all(evs)
            self._insert_payments(pays)
            self._table("seat_results").insert_all(seats)
            self._refresh_totals(sid)
            return sid
