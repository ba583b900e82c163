"""The mjscore ledger: a durable SQLite record of every session, hand, event and payment.

Quick reference (all in the package :mod:`db.ledger`, one module per role: store, rows,
sessions, settle, recording, corrections, lifetime; every method is one transaction; player
names, notes etc. are stored exactly as given)::

    from mjscore.db import Ledger, LedgerError

    led = Ledger.open(path=None)          # None → --db / $MJSCORE_DB / user data dir
    led = Ledger.open_to_read(path=None)  # reports/export: never creates a file; a
                                          # read-only file is opened read-only
    led = Ledger.memory()                 # tests
    sid = led.create_session("guobiao", ["阿明", "小芳", "老王", "Lee"],
                             options={}, stake="0.5", first_dealer=0, notes="")

    # playing ------------------------------------------------------------------
    led.current_hand(sid)      -> StoredHand  (number, state: TableState, events so far)
    led.add_event(sid, event)  -> StoredHand  (event: engine.record.Event or RECORD.md dict;
                                              a terminal event settles: .result is the
                                              engine.core.HandResult, .payments, .deltas)
    led.add_events(sid, [win1, win2])          (一炮多响: several wins in one call)
    led.add_event(sid, event, settled=S)       (S: the engine.entry.Settled the preview
                                              showed; stored as it is if it is this hand)
    led.close_hand(sid, [terminal events])     (like add_events, but must end the hand)
    led.record_hand(sid, events)               (a whole finished hand at once)
    led.undo_last_event(sid)   -> StoredHand  (the hand as it now stands)
    led.end_session(sid) / led.reopen_session(sid) / led.set_notes(sid, text)

    # corrections (re-settle from the changed hand on, while the table state it hands on
    # differs from the stored one; old versions kept in `audit`) ----------------
    led.amend_hand(sid, number, events) -> audit_id
    led.delete_hand(sid, number)        -> audit_id   (later hands move up)
    led.insert_hand(sid, number, events)-> audit_id   (a forgotten hand)
    led.undo_change(audit_id)           -> audit_id   (undo an amend/delete/insert/undo)
    led.history(sid)                    -> [AuditEntry]   newest first
    led.rebuild(sid)                    -> totals  (re-settle all from events, e.g. after
                                                    an upgrade that corrects a rule)

    # reading ------------------------------------------------------------------
    led.list_sessions()        -> [SessionInfo]  newest first (players, totals, hands_played)
    led.session_info(sid)      -> SessionInfo
    led.get_session(sid)       -> engine.record.Session   (what export writes)
    led.hands(sid) / led.hand(sid, n) -> StoredHand(s) with stored payments and deltas
    led.replay(sid)            -> engine.core.Replay      (fresh, with WinResults: for
                                                          rebuild, `replay` and tests)
    led.stored_replay(sid)     -> engine.core.Replay      (the stored settlement, nothing
                                                          settled again: what screens show)
    led.session_totals(sid)    -> [SeatTotal(seat, player, points, money)]
    led.player_names(prefix="")-> [str]  for autocomplete, recently seated first
    led.lifetime_stats(name)   -> PlayerStats(sessions, hands, wins, self_draws, deal_ins,
                                              false_wins, net_points, net_money, biggest_hand)
    led.lifetime_figures(name) -> [engine.stats.SessionFigures]  one per session the player
                                  sat in (SQL over the per-seat/per-hand figures, no replay);
                                  engine.stats.lifetime_from_figures(name, figs, unit=...) ==
                                  lifetime_stats over every stored replay (`mjscore stats`)

    # club: identity, many sessions, merge, substitutes (db.ledger.club) ---------
    led.import_sessions([SettledRecord], replace=False) -> [ImportOutcome]  (a session
                                  already here by UUID: same content skipped, metadata kept,
                                  other content LedgerError unless replace; one transaction)
    Ledger.read_copy(path)     -> Ledger  (in-memory copy of another ledger, file untouched)
    led.records(ids) / led.session_ids(since, until) / led.find_session(uuid)
    led.set_substitute(sid, seat, name, from_hand=None) / led.hand_players(sid, n)
    led.seat_player(sid, seat, n) -> str  (who played seat s in hand n)

    # import / export (db.transfer) ---------------------------------------------
    import_record(led, text)   -> session id   (load_session + each hand settled once, then
                                               written, a copy if its id is here already; settle_record(session) settles
                                               without a ledger, import_session stores it)
    export_json(led, sid)      -> str          (engine.record.dump_session; round-trips)
    export_csv(led, sid)       -> str          (one row per hand: deltas and running totals)

Errors: rule problems raise :class:`engine.errors.MjError` (nothing is written);
problems with the file or the request raise :class:`LedgerError` — subclasses
:class:`LedgerInUse` (another program holds the lock past the busy timeout),
:class:`LedgerDamaged` (not a ledger / corrupt / unreadable; never overwritten),
:class:`LedgerTooNew` (written by a newer mjscore; never touched), :class:`NotFound`.
``str(err)`` is one line meant for the user.

Threads: one Ledger may be shared by threads (calls are serialised); the connection is
made with ``check_same_thread=False``.

SQL users: the file is plain SQLite (WAL). Views ``session_totals``, ``hand_deltas``
(per hand and seat, with running totals), ``payment_lines`` (every payment with names and
reasons), ``player_lifetime`` and ``session_players`` are there for ``sqlite-utils`` and
Datasette, e.g. ``sqlite-utils query LEDGER "select * from player_lifetime"``. Tables
(db/schema.py): players, sessions, seats, hands, events (payload = the RECORD.md event),
payments (runs of equal payment lines, db/schema_m007.py), payment_reasons, seat_results,
substitutes, audit. Events are the record; everything else is derived from
them by the engine — change the ledger through mjscore, not by editing tables.
"""

from __future__ import annotations

from .errors import LedgerDamaged, LedgerError, LedgerInUse, LedgerTooNew, NotFound
from .ledger import (
    AuditEntry,
    Ledger,
    PlayerStats,
    SeatTotal,
    SessionInfo,
    StoredHand,
    default_path,
    resolve_path,
)
from .schema_version import SCHEMA_VERSION

__all__ = [
    "SCHEMA_VERSION",
    "AuditEntry",
    "Ledger",
    "LedgerDamaged",
    "LedgerError",
    "LedgerInUse",
    "LedgerTooNew",
    "NotFound",
    "PlayerStats",
    "SeatTotal",
    "SessionInfo",
    "StoredHand",
    "default_path",
    "resolve_path",
]
