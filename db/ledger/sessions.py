"""Sessions and reads: creating and ending sessions, their players, and reading hands back
(:meth:`Sessions.hands`, :meth:`Sessions.current_hand`, the stored settlement as a
:class:`engine.core.Replay`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from mjscore.db.texts import txt

from .. import packing
from ..errors import LedgerError, NotFound
from . import rows
from .rows import SeatTotal, SessionInfo, StoredHand
from .settle import get_variant
from .store import Store, api, now

make_info = rows.make_session_info  # (the home list makes one per session)

if TYPE_CHECKING:
    from mjscore.engine.core import HandOutcome, Payment, Replay, TableState
    from mjscore.engine.record import (
        Event,
        Session,
        Substitute,
    )
    from mjscore.engine.rules import Rules
    from mjscore.engine.variant import Variant


class Sessions(Store):
    """Sessions, players and every read of hands."""

    # ---- sessions
    @api
    def create_session(
        self,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        stake: Decimal | int | str = 1,
        first_dealer: int = 0,
        notes: str = "",
        *,
        table: str = "",
        demo: bool = False,
    ) -> int:
        """Start a session and return its id (the session gets a new UUID).

        ``players`` are four distinct names in turn order (seat 0–3); a name already in the
        ledger is the same person. ``options`` override the variant's defaults (checked by the
        variant); ``stake`` is money per point (a decimal, stored exactly).
        Raises :class:`engine.errors.MjError` for a bad variant, name, option or stake.
        """
        from mjscore.engine.errors import ErrorCode, MjError
        from mjscore.engine.events import check_four_names
        from mjscore.engine.record import check_stake

        v = get_variant(variant)
        opts = dict(options or {})
        v.rules(opts)
        st = check_stake(stake)
        if (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or not 0 <= first_dealer <= 3
        ):
            raise MjError(ErrorCode.BAD_RECORD, txt("first_dealer_seat"), where="first_dealer")
        if len(players) != 4:
            raise MjError(ErrorCode.BAD_RECORD, txt("session_four_players"), where="players")
        names = check_four_names(list(players))
        with self._write():
            return self._insert_session(
                variant, names, opts, st, first_dealer, notes, ended=False, table=table, demo=demo
            )

    def _insert_session(
        self,
        variant: str,
        names: Sequence[str],
        options: Mapping[str, Any],
        stake: Decimal,
        first_dealer: int,
        notes: str,
        *,
        ended: bool,
        fmt: int = 1,
        uuid: str | None = None,
        started_at: str | None = None,
        ended_at: str | None = None,
        table: str = "",
        demo: bool = False,
    ) -> int:
        from mjscore.engine.identity import new_id

        at = now()
        sid = (
            self._table("sessions")
            .insert(
                {
                    "format": fmt,
                    "variant": variant,
                    "options": rows.dumps(dict(options)),
                    "stake": str(stake),
                    "first_dealer": first_dealer,
                    "started_at": started_at or at,
                    "ended_at": (ended_at or at) if ended else None,
                    "notes": notes,
                    "uuid": uuid or new_id(),
                    "table_label": table,
                    "demo": int(demo),
                }
            )
            .last_pk
        )
        self._table("seats").insert_all(
            [
                {"session_id": sid, "seat": seat, "player_id": self._player_id(name, at)}
                for seat, name in enumerate(names)
            ]
        )
        return sid  # type: ignore[return-value]

    def _player_id(self, name: str, at: str) -> int:
        """The person called ``name``: the earliest player with its key
        (:func:`engine.names.name_key`), so a returning player keeps the spelling entered
        first; added to ``players`` the first time."""
        from mjscore.engine.names import name_key

        found = self._find_player(name)
        if found is not None:
            return found
        return (
            self._table("players")
            .insert({"name": name, "key": name_key(name), "created_at": at})
            .last_pk
        )  # type: ignore[return-value]

    def _find_player(self, name: str) -> int | None:
        """The player called exactly ``name``, else the earliest one with its key."""
        from mjscore.engine.names import name_key

        row = self._one("SELECT id FROM players WHERE name = ?", [name]) or self._one(
            "SELECT id FROM players WHERE key = ? ORDER BY id LIMIT 1", [name_key(name)]
        )
        return None if row is None else row[0]

    def _session_row(self, session_id: int) -> dict[str, Any]:
        if not rows.sqlite_int(session_id):  # e.g. 10**30 typed on the command line
            raise NotFound(f"there is no session {session_id} in the ledger")
        got = list(self.db.query("SELECT * FROM sessions WHERE id = ?", [session_id]))
        if not got:
            raise NotFound(f"there is no session {session_id} in the ledger")
        return got[0]

    def _seat_players(self, session_id: int) -> tuple[list[int], list[str]]:
        ids, names = [0] * 4, [""] * 4
        for seat, pid, name in self.db.execute(
            "SELECT seat, player_id, player FROM session_players WHERE session_id = ?",
            [session_id],
        ):
            ids[seat], names[seat] = pid, name
        return ids, names

    def _info(self, row: Mapping[str, Any]) -> SessionInfo:
        names = [""] * 4
        totals = [0] * 4
        for seat, name, points in self.db.execute(
            "SELECT st.seat, p.name, st.points FROM seats st JOIN players p ON p.id = st.player_id WHERE st.session_id = ?",
            [row["id"]],
        ):
            names[seat], totals[seat] = name, points
        return rows.session_info(row, names, totals)

    @api
    def list_sessions(self) -> list[SessionInfo]:
        """Every session, newest first, with players and running totals."""
        seats = " ".join(
            f"JOIN seats t{k} ON t{k}.session_id = s.id AND t{k}.seat = {k}"
            f" JOIN players p{k} ON p{k}.id = t{k}.player_id"
            for k in range(4)
        )
        found = self.conn.execute(  # (the plain connection: the home screen's one read)
            "SELECT s.id, s.variant, s.options, s.stake, s.first_dealer, s.started_at, s.ended_at,"
            " s.notes, s.hands_played, p0.name, p1.name, p2.name, p3.name,"
            f" t0.points, t1.points, t2.points, t3.points, s.uuid, s.table_label, s.demo"
            f" FROM sessions s {seats} ORDER BY s.id DESC"
        ).fetchall()
        options: dict[str, Mapping[str, Any]] = {}  # most sessions share a few option sets
        stakes: dict[str, Decimal] = {}
        out: list[SessionInfo] = []
        for r in found:
            opts, stake = r[2], r[3]
            if opts not in options:
                options[opts] = rows.loads(opts, "options")
            if stake not in stakes:
                stakes[stake] = rows.decimal(stake)
            out.append(
                make_info(
                    id=r[0],
                    variant=r[1],
                    players=r[9:13],
                    options=dict(options[opts]),
                    stake=stakes[stake],
                    first_dealer=r[4],
                    started_at=r[5],
                    ended_at=r[6],
                    notes=r[7],
                    hands_played=r[8],
                    totals=r[13:17],
                    uuid=r[17] or "",
                    table=r[18],
                    demo=bool(r[19]),
                )
            )
        return out

    @api
    def session_info(self, session_id: int) -> SessionInfo:
        """Metadata and running totals of one session (:class:`NotFound` if absent)."""
        with self._read():
            return self._info(self._session_row(session_id))

    @api
    def get_session(self, session_id: int) -> Session:
        """The session as an :class:`engine.record.Session` (what ``export`` writes), including
        an unfinished last hand."""
        from mjscore.engine.record import Hand, Session

        with self._read():
            row = self._session_row(session_id)
            _, names = self._seat_players(session_id)
            hands = self._hands_events(session_id)
            subs = self._substitutes(session_id)
        return Session(
            variant=row["variant"],
            players=tuple(names),  # type: ignore[arg-type]
            options=rows.loads(row["options"], "options"),
            stake=rows.decimal(row["stake"]),
            first_dealer=row["first_dealer"],
            hands=tuple(Hand(evs) for _, _, evs in hands),
            format=2,
            id=row["uuid"],
            started_at=row["started_at"],
            ended_at=row["ended_at"],
            table=row["table_label"],
            notes=row["notes"],
            substitutes=subs,
        )

    def _substitutes(self, session_id: int) -> tuple[Substitute, ...]:
        from mjscore.engine.record import Substitute

        return tuple(
            Substitute(hand=n, seat=seat, player=name)
            for n, seat, name in self.db.execute(
                "SELECT sb.from_hand, sb.seat, p.name FROM substitutes sb"
                " JOIN players p ON p.id = sb.player_id WHERE sb.session_id = ?"
                " ORDER BY sb.from_hand, sb.seat",
                [session_id],
            )
        )

    def _hands_events(
        self, session_id: int, from_number: int = 1, to_number: int | None = None
    ) -> list[tuple[int, int, tuple[Event, ...]]]:
        """``(hand_id, number, events)`` for hands from_number … to_number, in order."""
        out: list[tuple[int, int, list[Event]]] = []
        last_id = None
        for hid, number, payload in self.db.execute(
            "SELECT h.id, h.number, e.payload FROM hands h LEFT JOIN events e ON e.hand_id = h.id"
            " WHERE h.session_id = ? AND h.number BETWEEN ? AND ? ORDER BY h.number, e.seq",
            [session_id, from_number, to_number if to_number is not None else 2**62],
        ):
            if hid != last_id:
                out.append((hid, number, []))
                last_id = hid
            if payload is not None:
                out[-1][2].append(rows.stored_event(payload, f"hand {number}"))
        return [(h, n, tuple(evs)) for h, n, evs in out]

    @api
    def end_session(self, session_id: int) -> None:
        """Mark the session finished (no more events can be added until reopened)."""
        with self._write():
            if self._session_row(session_id)["ended_at"] is None:
                self._table("sessions").update(session_id, {"ended_at": now()})

    @api
    def reopen_session(self, session_id: int) -> None:
        """Undo :meth:`end_session`."""
        with self._write():
            self._session_row(session_id)
            self._table("sessions").update(session_id, {"ended_at": None})

    @api
    def set_notes(self, session_id: int, notes: str) -> None:
        """Replace the session's free-text notes (stored as given)."""
        with self._write():
            self._session_row(session_id)
            self._table("sessions").update(session_id, {"notes": notes})

    @api
    def active_session(self) -> int | None:
        """The session a board should follow: the open session with the latest activity
        (its newest event, else its start), else the newest session; ``None`` when there is
        none."""
        row = self._one(
            "SELECT s.id FROM sessions s WHERE s.ended_at IS NULL ORDER BY"
            " max(s.started_at, coalesce((SELECT max(CASE e.recorded_at WHEN '' THEN h.created_at"
            " ELSE e.recorded_at END) FROM hands h JOIN events e"
            " ON e.hand_id = h.id WHERE h.session_id = s.id), '')) DESC, s.id DESC LIMIT 1"
        )
        if row is None:
            row = self._one("SELECT id FROM sessions ORDER BY id DESC LIMIT 1")
        return None if row is None else row[0]

    def _check_open(self, srow: Mapping[str, Any]) -> None:
        if srow["ended_at"] is not None:
            raise LedgerError(f"session {srow['id']} has ended; reopen it to record more hands")

    # ---- players
    @api
    def player_names(self, prefix: str = "") -> list[str]:
        """Known player names (for autocomplete), most recently seated first."""
        found = self.db.execute(
            "SELECT p.name FROM players p LEFT JOIN seats st ON st.player_id = p.id"
            " WHERE substr(p.name, 1, length(?)) = ?"
            " GROUP BY p.id ORDER BY MAX(COALESCE(st.session_id, 0)) DESC, p.name",
            [prefix, prefix],
        )
        return [r[0] for r in found]

    @api
    def rename_player(self, old: str, new: str) -> None:
        """Rename a person everywhere (their past sessions show the new name)."""
        from mjscore.engine.names import name_key
        from mjscore.engine.record import check_player_name

        new = check_player_name(new, "name")
        with self._write():
            pid = self._find_player(old)
            if pid is None:
                raise NotFound(f"no player called {old!r} in the ledger")
            other = self._find_player(new)
            if other is not None and other != pid:
                raise LedgerError(f"there is already a player called {new!r}")
            self._table("players").update(pid, {"name": new, "key": name_key(new)})

    # ---- hands
    def _variant_rules(self, srow: Mapping[str, Any]) -> tuple[Variant[Rules], Rules]:
        v = get_variant(srow["variant"])
        return v, v.rules(rows.loads(srow["options"], "options"))

    def _state_at(
        self,
        session_id: int,
        number: int,
        srow: Mapping[str, Any],
        v: Variant[Rules],
        rules: Rules,
    ) -> TableState:
        """The state hand ``number`` is played in: the previous hand's next state."""
        from mjscore.engine.errors import ErrorCode, MjError

        if number <= 1:
            return v.initial_state(srow["first_dealer"], rules)
        row = self._one(
            "SELECT status, next_state FROM hands WHERE session_id = ? AND number = ?",
            [session_id, number - 1],
        )
        if row is None or row[1] is None:
            raise MjError(
                ErrorCode.BAD_RECORD,
                txt("hand_unfinished_last_hand_may"),
                where=f"hand {number - 1}",
            )
        return rows.state_from(row[1])  # type: ignore[return-value]

    def _last_hand(self, session_id: int) -> Any:
        """``(id, number, status, state)`` of the session's last hand, or ``None``."""
        return self._one(
            "SELECT id, number, status, state FROM hands WHERE session_id = ? ORDER BY number DESC LIMIT 1",
            [session_id],
        )

    def _stored_hands(
        self,
        session_id: int,
        where: str = "",
        params: Sequence[Any] = (),
        *,
        with_events: bool = True,
    ) -> list[StoredHand]:
        found = list(
            self.db.query(
                f"SELECT * FROM hands WHERE session_id = ? {where} ORDER BY number",
                [session_id, *params],
            )
        )
        if not found:
            return []
        ids = [r["id"] for r in found]
        # the same hands again as a subquery (no limit on how many hands a session has)
        marks = f"SELECT id FROM hands WHERE session_id = ? {where}"
        args = [session_id, *params]
        evs: dict[int, list[Event]] = {i: [] for i in ids}
        for hid, number, payload in (
            self.db.execute(
                f"SELECT e.hand_id, h.number, e.payload FROM events e JOIN hands h ON h.id = e.hand_id"
                f" WHERE e.hand_id IN ({marks}) ORDER BY e.hand_id, e.seq",
                args,
            )
            if with_events
            else ()
        ):
            evs[hid].append(rows.stored_event(payload, f"hand {number}"))
        runs: dict[int, list[packing.Run]] = {i: [] for i in ids}
        for hid, seq, mask, b, amount, reason in self.db.execute(
            "SELECT p.hand_id, p.seq, p.from_seats, p.to_seat, p.amount, r.text FROM payments p"
            f" LEFT JOIN payment_reasons r ON r.id = p.reason_id WHERE p.hand_id IN ({marks})"
            " ORDER BY p.hand_id, p.seq",
            args,
        ):
            runs[hid].append((seq, mask, b, amount, reason))
        pays = {hid: self._payment_lines(hid, r) for hid, r in runs.items()}
        deltas: dict[int, list[int]] = {}
        for hid, seat, delta in self.db.execute(
            f"SELECT hand_id, seat, delta FROM seat_results WHERE hand_id IN ({marks})", args
        ):
            deltas.setdefault(hid, [0, 0, 0, 0])[seat] = delta
        return [
            rows.stored_hand(session_id, r, evs[r["id"]], pays[r["id"]], deltas.get(r["id"]))
            for r in found
        ]

    @staticmethod
    def _payment_lines(hand_id: int, runs: Sequence[packing.Run]) -> list[Payment]:
        """The stored runs of a hand's payments as its payment lines, in order."""
        from mjscore.engine.core import Payment

        try:
            if any(r[4] is None for r in runs):
                raise ValueError("a payment names no reason")
            return [Payment(*line) for line in packing.payment_lines(runs)]
        except ValueError as e:
            raise rows.damaged(f"payments of hand id {hand_id}", e) from None

    @api
    def hands(self, session_id: int) -> list[StoredHand]:
        """Every stored hand of the session in order (finished ones with their settlement)."""
        with self._read():
            self._session_row(session_id)
            return self._stored_hands(session_id)

    @api
    def hand(self, session_id: int, number: int) -> StoredHand:
        """One stored hand (:class:`NotFound` if there is no hand ``number``)."""
        with self._read():
            self._session_row(session_id)
            got = self._stored_hands(session_id, "AND number = ?", [number])
        if not got:
            raise NotFound(f"session {session_id} has no hand {number}")
        return got[0]

    @api
    def current_hand(self, session_id: int) -> StoredHand:
        """The hand being played: the open hand with its events so far, or, when the last
        hand is finished, an empty hand with the state it will be played in."""
        with self._read():
            srow = self._session_row(session_id)
            last = self._last_hand(session_id)
            if last and last[2] == "open":
                return self._stored_hands(session_id, "AND number = ?", [last[1]])[0]
            number = (last[1] if last else 0) + 1
            v, rules = self._variant_rules(srow)
            state = self._state_at(session_id, number, srow, v, rules)
        return StoredHand(
            session_id=session_id, number=number, status="open", state=state, events=()
        )

    @api
    def replay(self, session_id: int) -> Replay:
        """Settle the whole session afresh with the engine (authoritative; includes each
        win's :class:`engine.core.WinResult` for explanations). For ``rebuild``, the
        ``replay`` command and tests; screens show :meth:`stored_replay`."""
        from mjscore.engine.core import replay

        return replay(self.get_session(session_id))

    @api
    def stored_replay(self, session_id: int) -> Replay:
        """The session's settlement as the ledger keeps it, without settling anything again:
        the same :class:`engine.core.Replay` as :meth:`replay` (states, payments, deltas,
        totals, each win's :class:`engine.core.WinResult`) read from the derived data stored
        with every finished hand, which the ledger rebuilds whenever events change (and
        :meth:`rebuild` after an engine upgrade). Fast enough for figures over every session
        of a large ledger. :class:`LedgerDamaged` if the stored rows do not add up."""
        from mjscore.engine.core import Replay

        with self._read():
            srow = self._session_row(session_id)
            stored = self._stored_hands(session_id, with_events=False)
        outcomes = stored_outcomes(stored, (0, 0, 0, 0))
        next_state = outcomes[-1].result.next_state if outcomes else None
        totals = outcomes[-1].totals if outcomes else (0, 0, 0, 0)
        if next_state is None:
            v, rules = self._variant_rules(srow)
            next_state = v.initial_state(srow["first_dealer"], rules)
        return Replay(hands=tuple(outcomes), totals=totals, next_state=next_state)

    @api
    def hands_from(self, session_id: int, number: int) -> list[StoredHand]:
        """The stored hands ``number``… of the session, in order, with their events and
        stored settlement: what a screen reads after a change that can only have touched
        those hands (a new event, an undo, an amend of hand ``number``), instead of the
        whole session. Turn them into outcomes with :func:`stored_outcomes`."""
        with self._read():
            self._session_row(session_id)
            return self._stored_hands(session_id, "AND number >= ?", [number])

    @api
    def session_totals(self, session_id: int) -> list[SeatTotal]:
        """Each seat's total points and money (points × stake), in seat order."""
        with self._read():
            row = self._session_row(session_id)
            stake = rows.decimal(row["stake"])
            return [
                SeatTotal(
                    seat=r["seat"],
                    player=r["player"],
                    points=r["points"],
                    money=stake * r["points"],
                )
                for r in self._view("session_totals").rows_where(
                    "session_id = ?", [session_id], order_by="seat", select="seat, player, points"
                )
            ]


def stored_outcomes(
    stored: Sequence[StoredHand], totals: tuple[int, int, int, int]
) -> list[HandOutcome]:
    """The finished hands of ``stored`` (in order) as :class:`engine.core.HandOutcome`, their
    running totals continuing from ``totals``; stops at an unfinished hand (only the last
    can be). :class:`LedgerDamaged` if a stored settlement does not add up."""
    from mjscore.engine.core import HandOutcome, HandResult

    outcomes: list[HandOutcome] = []
    for h in stored:
        if not h.finished:
            break  # only the last hand can be unfinished; replay stops there too
        try:
            result = HandResult(
                payments=h.payments,
                deltas=h.deltas,  # type: ignore[arg-type]
                next_state=h.next_state,  # type: ignore[arg-type]
                outcome=h.status,
                wins=tuple(rows.win_result(w) for w in h.wins),
                summary=h.summary,
            )
        except (AssertionError, LookupError, TypeError, ValueError) as e:
            raise rows.damaged(f"settlement of hand {h.number}", e) from None
        if h.next_state is None:
            raise rows.damaged(f"settlement of hand {h.number}", ValueError("no next state"))
        totals = tuple(a + b for a, b in zip(totals, result.deltas, strict=True))  # type: ignore[assignment]
        outcomes.append(HandOutcome(index=h.number, state=h.state, result=result, totals=totals))
    return outcomes
