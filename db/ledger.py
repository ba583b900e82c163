"""The :class:`Ledger`: a durable SQLite record of sessions, hands, events and payments.

Everything the table records is stored as RECORD.md events; everything else (the state a
hand was played in, payments, per-seat results, totals) is derived by the engine and rebuilt
inside the same transaction whenever the events change. Each public write is one
transaction: it either happens completely or not at all.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjscore.engine.core import (
    HandOutcome,
    HandResult,
    Payment,
    Replay,
    ScoreItem,
    TableState,
    WinResult,
)
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import (
    TERMINAL,
    Draw,
    Event,
    FalseWin,
    Hand,
    Session,
    Win,
    check_player_name,
    check_stake,
    event_from_json,
    validate_hand_structure,
)
from sqlite_utils import Database

if TYPE_CHECKING:
    from mjscore.engine.stats import SessionFigures, WinRecord

from .errors import LedgerDamaged, LedgerError, LedgerInUse, LedgerTooNew, NotFound
from .schema import KNOWN_MIGRATIONS, MIGRATION_SET, REFRESH_SEATS_SQL, SCHEMA_VERSION, migrations

APP_NAME = "mjscore"
LEDGER_FILENAME = "ledger.sqlite3"
DEFAULT_TIMEOUT = 5.0
_SQLITE_MAGIC = b"SQLite format 3\x00"


# ---------------------------------------------------------------- locating the file
def default_path() -> Path:
    """The ledger in the user's data directory (platformdirs), e.g.
    ``~/.local/share/mjscore/ledger.sqlite3`` on Linux."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False) / LEDGER_FILENAME


def resolve_path(path: str | os.PathLike[str] | None = None) -> Path:
    """``path`` if given, else ``$MJSCORE_DB`` if set and non-empty, else :func:`default_path`."""
    if path:
        return Path(path).expanduser()
    env = os.environ.get("MJSCORE_DB")
    if env:
        return Path(env).expanduser()
    return default_path()


# ---------------------------------------------------------------- small helpers
def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=_json_default)


def _json_default(o: Any) -> Any:
    if isinstance(o, Decimal):
        return str(o)
    if isinstance(o, set | frozenset | tuple):
        return list(o)
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return dataclasses.asdict(o)
    to_json = getattr(o, "to_json", None)
    if callable(to_json):
        return to_json()
    return str(o)


_STATE_FIELDS = tuple(f.name for f in dataclasses.fields(TableState))


def _state_json(state: TableState) -> str:
    return _dumps({k: getattr(state, k) for k in _STATE_FIELDS})


def _sqlite_int(n: object) -> bool:
    """An int SQLite can store (64-bit); anything else cannot be an id in the ledger."""
    return isinstance(n, int) and not isinstance(n, bool) and -(2**63) <= n < 2**63


def _writable(p: Path) -> bool:
    """Whether this process may write ``p`` (False on read-only media, for an immutable
    file, or without permission)."""
    return os.access(p, os.W_OK)


# ---- decoding what the file holds: a failure means the file was damaged or edited by hand
def _damaged(what: str, e: Exception) -> LedgerDamaged:
    return LedgerDamaged(f"the ledger holds damaged data ({what}: {e}); it was not changed")


def _j(text: str, what: str = "JSON") -> Any:
    try:
        return json.loads(text)
    except (ValueError, TypeError) as e:
        raise _damaged(what, e) from None


def _dec(text: str) -> Decimal:
    try:
        d = Decimal(text)
    except (ArithmeticError, ValueError, TypeError) as e:
        raise _damaged("stake", e) from None
    if not d.is_finite():
        raise _damaged("stake", ValueError(text))
    return d


def _stored_event(payload: str, where: str) -> Event:
    try:
        return event_from_json(_j(payload, where), where)
    except MjError as e:
        raise _damaged(where, e) from None


def _state_from(text: str | None) -> TableState | None:
    if text is None:
        return None
    data = _j(text, "table state")
    try:
        return TableState(**{k: v for k, v in data.items() if k in _STATE_FIELDS})
    except (AttributeError, TypeError) as e:
        raise _damaged("table state", e) from None


def _win_result(d: Mapping[str, Any]) -> WinResult:
    """A stored :meth:`engine.core.WinResult.to_json` back as the object."""
    return WinResult(
        player=d["player"],
        from_=d["from"],
        items=tuple(
            ScoreItem(id=i["id"], zh=i["name"], en=i["name_en"], value=i["value"], count=i["count"])
            for i in d["items"]
        ),
        value=d["value"],
        unit=d["unit"],
        summary=d["summary"],
    )


def _event(obj: Event | Mapping[str, Any], where: str = "event") -> Event:
    if isinstance(obj, Event):
        return obj
    return event_from_json(obj, where)


def _events_json(events: Iterable[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def _events_from_json(items: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
    try:
        return tuple(event_from_json(e, f"events[{i}]") for i, e in enumerate(items))
    except MjError as e:
        raise _damaged("audit entry", e) from None


def _get_variant(variant_id: str):
    # looked up at call time so tests can substitute a variant
    import mjscore.engine.variants

    try:
        return mjscore.engine.variants.get_variant(variant_id)
    except ImportError:  # a rule set not built into this version
        raise MjError(
            ErrorCode.UNKNOWN_VARIANT, f"the rule set {variant_id!r} is not available in this build"
        ) from None


# ---------------------------------------------------------------- public records
@dataclass(frozen=True, slots=True, kw_only=True)
class SessionInfo:
    """One session's metadata and running totals (points; money = points × stake)."""

    id: int
    variant: str
    players: tuple[str, str, str, str]
    options: Mapping[str, Any]
    stake: Decimal
    first_dealer: int
    started_at: str
    ended_at: str | None
    notes: str
    hands_played: int
    totals: tuple[int, int, int, int]

    @property
    def ended(self) -> bool:
        return self.ended_at is not None

    @property
    def money(self) -> tuple[Decimal, Decimal, Decimal, Decimal]:
        return tuple(self.stake * t for t in self.totals)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredHand:
    """A hand as the ledger holds it.

    ``status`` is ``'open'`` (being played; ``events`` may be empty for the hand about to
    start), ``'win'``, ``'draw'`` or ``'false_win'``. ``state`` is the table state the hand
    is (being) played in. For a finished hand, ``payments``/``deltas``/``next_state`` are the
    stored settlement, ``wins`` the JSON of each :class:`engine.core.WinResult` (items with
    names and values, for explanations). ``result`` is the live
    :class:`engine.core.HandResult` when this object comes straight from a write that
    settled the hand, else ``None``.
    """

    session_id: int
    number: int
    status: str
    state: TableState
    events: tuple[Event, ...]
    payments: tuple[Payment, ...] = ()
    deltas: tuple[int, int, int, int] | None = None
    next_state: TableState | None = None
    summary: str = ""
    wins: tuple[Mapping[str, Any], ...] = ()
    result: HandResult | None = None

    @property
    def finished(self) -> bool:
        return self.status != "open"


@dataclass(frozen=True, slots=True, kw_only=True)
class AuditEntry:
    """One superseded version of a hand. ``before``/``after`` are the hand's events before
    and after the change (``None``: the hand did not exist / no longer exists)."""

    id: int
    session_id: int
    hand_number: int
    action: str  # 'amend' | 'delete' | 'insert' | 'undo_event' | 'undo'
    before: tuple[Event, ...] | None
    after: tuple[Event, ...] | None
    before_deltas: tuple[int, int, int, int] | None
    at: str
    undoes: int | None
    undone_by: int | None
    note: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatTotal:
    seat: int
    player: str
    points: int
    money: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerStats:
    """Lifetime figures of one player over every session in the ledger.

    ``net_money`` adds each session's points × that session's stake. ``biggest_hand`` is
    the largest gain in one hand (``None`` before any hand), found in
    ``biggest_hand_at = (session_id, hand_number)``.
    """

    player: str
    sessions: int
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    false_wins: int
    net_points: int
    net_money: Decimal
    biggest_hand: int | None
    biggest_hand_at: tuple[int, int] | None


# ---------------------------------------------------------------- the ledger
# SQLite errors that mean a bug here, not a problem with the file: never dressed up as one
_PROGRAMMER_ERRORS = (
    sqlite3.IntegrityError,
    sqlite3.ProgrammingError,
    sqlite3.InterfaceError,
    sqlite3.NotSupportedError,
    sqlite3.DataError,
)


def _api(method):
    """Serialise calls (the TUI may call from worker threads) and turn SQLite's errors
    about the file into :class:`LedgerError` with a message for the user."""

    @functools.wraps(method)
    def wrapper(self: Ledger, *args: Any, **kw: Any) -> Any:
        with self._lock:
            if self._closed:
                raise LedgerError("the ledger is closed")
            try:
                return method(self, *args, **kw)
            except _PROGRAMMER_ERRORS:
                raise
            except sqlite3.DatabaseError as e:
                raise self._translate(e) from None
            except UnicodeDecodeError as e:  # sqlite3 decoding a damaged TEXT value
                raise _damaged("text", e) from None
            except (LookupError, ValueError, TypeError, AttributeError, ArithmeticError) as e:
                # impossible rows (a seat 7, a payment of a missing hand) come from a damaged
                # file, e.g. an index that disagrees with its table; anything else is a bug
                if self._file_damaged():
                    raise _damaged("inconsistent rows", e) from None
                raise

    return wrapper


class Ledger:
    """A mjscore ledger. Open with :meth:`open` (a file) or :meth:`memory` (tests)."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        *,
        path: Path | None,
        timeout: float = DEFAULT_TIMEOUT,
        readonly: bool = False,
    ) -> None:
        self.path = path
        self.timeout = timeout
        self.readonly = readonly
        self._lock = threading.RLock()
        self._closed = False
        try:
            self.db = Database(conn, strict=True)
            self._prepare()
        except sqlite3.DatabaseError as e:
            conn.close()
            self._closed = True
            if isinstance(e, _PROGRAMMER_ERRORS):
                raise
            raise self._translate(e) from None
        except UnicodeDecodeError as e:
            conn.close()
            self._closed = True
            raise _damaged("text", e) from None
        except BaseException:
            conn.close()
            self._closed = True
            raise

    # ---- opening
    @classmethod
    def open(
        cls, path: str | os.PathLike[str] | None = None, *, timeout: float = DEFAULT_TIMEOUT
    ) -> Ledger:
        """Open (creating if needed) the ledger at ``path`` (see :func:`resolve_path`).

        The file is put in WAL mode with ``synchronous=FULL``; a write waits up to
        ``timeout`` seconds for another program's write to finish. Raises
        :class:`LedgerDamaged` for a file that is not a SQLite database / not a ledger /
        unreadable, and :class:`LedgerTooNew` for a ledger from a newer mjscore; in both
        cases the file is not modified. A file or folder that cannot be written raises
        :class:`LedgerError` (use :meth:`open_to_read` to read such a ledger).
        """
        p = resolve_path(path)
        if p.exists():
            cls._check_file(p)
            if not _writable(p) or not _writable(p.parent):
                raise LedgerError(
                    f"the ledger {p} is read-only (no permission to write the file or its folder);"
                    " it was not changed"
                )
        else:
            try:
                p.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise LedgerError(
                    f"cannot create the folder for the ledger {p}: {e.strerror}"
                ) from None
            if not _writable(p.parent):
                raise LedgerError(
                    f"cannot create the ledger {p}: the folder {p.parent} is not writable"
                )
        try:
            conn = sqlite3.connect(str(p), timeout=timeout, check_same_thread=False)
        except sqlite3.Error as e:
            raise LedgerDamaged(f"cannot open the ledger {p}: {e}") from None
        return cls(conn, path=p, timeout=timeout)

    @classmethod
    def open_to_read(
        cls, path: str | os.PathLike[str] | None = None, *, timeout: float = DEFAULT_TIMEOUT
    ) -> Ledger:
        """Open an existing ledger for reading (reports, export): never creates a file.

        :class:`NotFound` if there is no file at ``path``. A writable ledger is opened as
        by :meth:`open` (so an older schema is upgraded); a read-only file, or one in a
        read-only folder or on read-only media, is opened read-only and is not changed in
        any way (no ``-wal``/``-shm`` files are made next to it). Writes through a
        read-only ledger raise :class:`LedgerError`.
        """
        p = resolve_path(path)
        if not p.exists():
            raise NotFound(f"there is no ledger at {p} (nothing has been recorded there yet)")
        cls._check_file(p)
        if _writable(p) and _writable(p.parent):
            return cls.open(p, timeout=timeout)
        uri = p.absolute().as_uri()
        last: sqlite3.Error | None = None
        # mode=ro reads a rollback-journal file, or a WAL file whose -shm exists; immutable
        # reads a WAL file on read-only media (nothing else can be writing to it there)
        wal = p.with_name(p.name + "-wal")
        for query in ("mode=ro", "immutable=1"):
            if query == "immutable=1" and wal.exists() and wal.stat().st_size > 0:
                # immutable ignores the -wal file: the newest changes would be missing
                raise LedgerError(
                    f"the ledger {p} is read-only and its newest changes are in {wal.name},"
                    f" which cannot be read here ({last}); copy the ledger with its -wal file"
                    " to a writable place"
                )
            conn = None
            try:
                conn = sqlite3.connect(
                    f"{uri}?{query}", uri=True, timeout=timeout, check_same_thread=False
                )
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.Error as e:
                if conn is not None:
                    conn.close()
                last = e
                continue
            return cls(conn, path=p, timeout=timeout, readonly=True)
        raise LedgerDamaged(f"cannot read the ledger {p}: {last}") from None

    @staticmethod
    def _check_file(p: Path) -> None:
        """Refuse a path that is a folder, unreadable, or not a SQLite file (untouched)."""
        if p.is_dir():
            raise LedgerDamaged(f"{p} is a directory, not a ledger file")
        try:
            with p.open("rb") as f:
                head = f.read(len(_SQLITE_MAGIC))
        except OSError as e:
            raise LedgerDamaged(f"cannot read the ledger {p}: {e.strerror}") from None
        if head and head != _SQLITE_MAGIC:
            raise LedgerDamaged(
                f"{p} is not a SQLite database, so not an mjscore ledger; it was left as it is"
            )

    @classmethod
    def memory(cls) -> Ledger:
        """A fresh in-memory ledger (tests, demos)."""
        return cls(sqlite3.connect(":memory:", check_same_thread=False), path=None)

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self.db.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Ledger {self.path or ':memory:'}>"

    def _where(self) -> str:
        return str(self.path) if self.path else "the in-memory ledger"

    def _translate(self, e: sqlite3.DatabaseError) -> LedgerError:
        msg = str(e)
        low = msg.lower()
        if isinstance(e, sqlite3.OperationalError) and ("locked" in low or "busy" in low):
            return LedgerInUse(
                f"the ledger {self._where()} is in use by another program "
                f"(waited {self.timeout:g} s for it); try again when it has finished"
            )
        if isinstance(e, sqlite3.OperationalError) and "readonly" in low:
            return LedgerError(f"the ledger {self._where()} is read-only; it was not changed")
        return LedgerDamaged(
            f"cannot use the ledger {self._where()}: {msg} (the file was not changed)"
        )

    def _prepare(self) -> None:
        conn = self.db.conn
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        self._check_version()
        if self.readonly:
            if migrations.pending(self.db):
                raise LedgerError(
                    f"the ledger {self.path} was written by an older mjscore and must be upgraded,"
                    " but it is read-only; copy it to a writable place first"
                )
            return
        if self.path is not None:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":  # pragma: no cover - e.g. a network file system
                raise LedgerError(f"cannot put the ledger {self.path} in WAL mode (got {mode})")
        conn.execute("PRAGMA synchronous = FULL")
        # 16 MB of page cache: reports re-read the same indexes
        conn.execute("PRAGMA cache_size = -16000")
        if migrations.pending(self.db):
            with self._write():
                self._check_version()  # another program may have migrated meanwhile
                if migrations.pending(self.db):
                    self._backup_before_upgrade()
                    migrations.apply(self.db)

    def _backup_before_upgrade(self) -> None:
        """Before upgrading a ledger that holds data, copy it to ``<name>.schema-<old>.bak``
        next to it: nothing is ever lost. Called inside our write lock, so the copy is exactly
        what the upgrade starts from; it reads through a second connection because SQLite's
        backup cannot read from the connection that holds the write lock."""
        if self.path is None or not migrations.applied(self.db):
            return
        old = self.db.conn.execute("PRAGMA user_version").fetchone()[0]
        dest = self.path.with_name(f"{self.path.name}.schema-{old}.bak")
        if dest.exists():
            return
        source = sqlite3.connect(str(self.path), timeout=self.timeout)
        target = sqlite3.connect(str(dest))
        try:
            source.backup(target)
        finally:
            target.close()
            source.close()

    def _check_version(self) -> None:
        conn = self.db.conn
        user_version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {
            r[0]
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        }
        applied: set[str] = set()
        if migrations.migrations_table in tables:
            applied = {
                r[0]
                for r in conn.execute(
                    f"SELECT name FROM {migrations.migrations_table} WHERE migration_set = ?",
                    [MIGRATION_SET],
                )
            }
        unknown = applied - KNOWN_MIGRATIONS
        if user_version > SCHEMA_VERSION or unknown:
            raise LedgerTooNew(
                f"the ledger {self._where()} was written by a newer mjscore (schema "
                f"{max(user_version, SCHEMA_VERSION + len(unknown))}, this program knows up to "
                f"{SCHEMA_VERSION}); upgrade mjscore to use it. The file was not changed."
            )
        others = {t for t in tables if not t.startswith("sqlite_")} - {migrations.migrations_table}
        if not applied and others:
            raise LedgerDamaged(
                f"{self._where()} is a SQLite database but not an mjscore ledger "
                f"(it has tables {', '.join(sorted(others)[:5])}); it was left as it is"
            )

    def _file_damaged(self) -> bool:
        try:
            rows = self.db.conn.execute("PRAGMA integrity_check").fetchall()
        except sqlite3.DatabaseError:
            return True
        return [r[0] for r in rows] != ["ok"]

    @property
    def schema_version(self) -> int:
        return self.db.conn.execute("PRAGMA user_version").fetchone()[0]

    # ---- transactions
    @contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction. ``BEGIN IMMEDIATE`` takes the write lock up front (waiting
        up to the busy timeout) so a transaction that reads first can never fail half-way on
        a lock; ``db.atomic()`` inside provides the rollback-on-error savepoint."""
        conn = self.db.conn
        if conn.in_transaction:  # nested call inside one of our writes
            with self.db.atomic():
                yield
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            with self.db.atomic():
                yield
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        # Copy what was just committed from the -wal file into the ledger file itself, so a
        # copy of the ledger file taken during the evening (USB stick, cloud folder) holds
        # every confirmed entry. PASSIVE never waits for readers; it is an extra, not a need.
        try:
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass

    @contextmanager
    def _read(self) -> Iterator[None]:
        """Several SELECTs that must see one snapshot of the file."""
        conn = self.db.conn
        if conn.in_transaction:
            yield
            return
        conn.execute("BEGIN")
        try:
            yield
        finally:
            if conn.in_transaction:
                conn.execute("COMMIT")

    def _one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | tuple | None:
        return self.db.conn.execute(sql, params).fetchone()

    # ================================================================ sessions
    @_api
    def create_session(
        self,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        stake: Decimal | int | str = 1,
        first_dealer: int = 0,
        notes: str = "",
    ) -> int:
        """Start a session and return its id.

        ``players`` are four distinct names in turn order (seat 0–3); a name already in the
        ledger is the same person. ``options`` override the variant's defaults (checked by the
        variant); ``stake`` is money per point (a decimal, stored exactly).
        Raises :class:`engine.errors.MjError` for a bad variant, name, option or stake.
        """
        v = _get_variant(variant)
        opts = dict(options or {})
        v.rules(opts)
        st = check_stake(stake)
        if (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or not 0 <= first_dealer <= 3
        ):
            raise MjError(
                ErrorCode.BAD_RECORD, "first dealer must be seat 0, 1, 2 or 3", where="first_dealer"
            )
        if len(players) != 4:
            raise MjError(ErrorCode.BAD_RECORD, "a session has four players", where="players")
        names = tuple(check_player_name(p, f"players[{i}]") for i, p in enumerate(players))
        if len(set(names)) != 4:
            raise MjError(
                ErrorCode.BAD_RECORD, "the four player names must be different", where="players"
            )
        with self._write():
            return self._insert_session(variant, names, opts, st, first_dealer, notes, ended=False)

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
    ) -> int:
        now = _now()
        cur = self.db.conn.execute(
            "INSERT INTO sessions (format, variant, options, stake, first_dealer, started_at, ended_at, notes)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                fmt,
                variant,
                _dumps(dict(options)),
                str(stake),
                first_dealer,
                now,
                now if ended else None,
                notes,
            ],
        )
        sid = cur.lastrowid
        for seat, name in enumerate(names):
            self.db.conn.execute(
                "INSERT INTO seats (session_id, seat, player_id) VALUES (?, ?, ?)",
                [sid, seat, self._player_id(name, now)],
            )
        return sid  # type: ignore[return-value]

    def _player_id(self, name: str, now: str) -> int:
        row = self._one("SELECT id FROM players WHERE name = ?", [name])
        if row:
            return row[0]
        return self.db.conn.execute(
            "INSERT INTO players (name, created_at) VALUES (?, ?)", [name, now]
        ).lastrowid  # type: ignore[return-value]

    def _session_row(self, session_id: int) -> dict[str, Any]:
        if not _sqlite_int(session_id):  # e.g. 10**30 typed on the command line
            raise NotFound(f"there is no session {session_id} in the ledger")
        rows = list(self.db.query("SELECT * FROM sessions WHERE id = ?", [session_id]))
        if not rows:
            raise NotFound(f"there is no session {session_id} in the ledger")
        return rows[0]

    def _seat_players(self, session_id: int) -> tuple[list[int], list[str]]:
        ids, names = [0] * 4, [""] * 4
        for seat, pid, name in self.db.conn.execute(
            "SELECT st.seat, p.id, p.name FROM seats st JOIN players p ON p.id = st.player_id WHERE st.session_id = ?",
            [session_id],
        ):
            ids[seat], names[seat] = pid, name
        return ids, names

    def _info(self, row: Mapping[str, Any]) -> SessionInfo:
        sid = row["id"]
        names = [""] * 4
        totals = [0] * 4
        for seat, name, points in self.db.conn.execute(
            "SELECT st.seat, p.name, st.points FROM seats st JOIN players p ON p.id = st.player_id WHERE st.session_id = ?",
            [sid],
        ):
            names[seat], totals[seat] = name, points
        return SessionInfo(
            id=sid,
            variant=row["variant"],
            players=tuple(names),  # type: ignore[arg-type]
            options=_j(row["options"], "options"),
            stake=_dec(row["stake"]),
            first_dealer=row["first_dealer"],
            started_at=row["started_at"],
            ended_at=row["ended_at"],
            notes=row["notes"],
            hands_played=row["hands_played"],
            totals=tuple(totals),  # type: ignore[arg-type]
        )

    @_api
    def list_sessions(self) -> list[SessionInfo]:
        """Every session, newest first, with players and running totals."""
        seats = " ".join(
            f"JOIN seats t{k} ON t{k}.session_id = s.id AND t{k}.seat = {k}"
            f" JOIN players p{k} ON p{k}.id = t{k}.player_id"
            for k in range(4)
        )
        rows = self.db.conn.execute(
            "SELECT s.id, s.variant, s.options, s.stake, s.first_dealer, s.started_at, s.ended_at,"
            " s.notes, s.hands_played, p0.name, p1.name, p2.name, p3.name,"
            f" t0.points, t1.points, t2.points, t3.points FROM sessions s {seats} ORDER BY s.id DESC"
        ).fetchall()
        options: dict[str, Mapping[str, Any]] = {}  # most sessions share a few option sets
        stakes: dict[str, Decimal] = {}
        out: list[SessionInfo] = []
        for r in rows:
            opts, stake = r[2], r[3]
            if opts not in options:
                options[opts] = _j(opts, "options")
            if stake not in stakes:
                stakes[stake] = _dec(stake)
            out.append(
                SessionInfo(
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
                )
            )
        return out

    @_api
    def session_info(self, session_id: int) -> SessionInfo:
        """Metadata and running totals of one session (:class:`NotFound` if absent)."""
        with self._read():
            return self._info(self._session_row(session_id))

    @_api
    def get_session(self, session_id: int) -> Session:
        """The session as an :class:`engine.record.Session` (what ``export`` writes), including
        an unfinished last hand."""
        with self._read():
            row = self._session_row(session_id)
            _, names = self._seat_players(session_id)
            hands = self._hands_events(session_id)
        return Session(
            variant=row["variant"],
            players=tuple(names),  # type: ignore[arg-type]
            options=_j(row["options"], "options"),
            stake=_dec(row["stake"]),
            first_dealer=row["first_dealer"],
            hands=tuple(Hand(evs) for _, _, evs in hands),
            format=row["format"],
        )

    def _hands_events(
        self, session_id: int, from_number: int = 1, to_number: int | None = None
    ) -> list[tuple[int, int, tuple[Event, ...]]]:
        """``(hand_id, number, events)`` for hands from_number … to_number, in order."""
        out: list[tuple[int, int, list[Event]]] = []
        last_id = None
        for hid, number, payload in self.db.conn.execute(
            "SELECT h.id, h.number, e.payload FROM hands h LEFT JOIN events e ON e.hand_id = h.id"
            " WHERE h.session_id = ? AND h.number BETWEEN ? AND ? ORDER BY h.number, e.seq",
            [session_id, from_number, to_number if to_number is not None else 2**62],
        ):
            if hid != last_id:
                out.append((hid, number, []))
                last_id = hid
            if payload is not None:
                out[-1][2].append(_stored_event(payload, f"hand {number}"))
        return [(h, n, tuple(evs)) for h, n, evs in out]

    @_api
    def end_session(self, session_id: int) -> None:
        """Mark the session finished (no more events can be added until reopened)."""
        with self._write():
            self._session_row(session_id)
            self.db.conn.execute(
                "UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                [_now(), session_id],
            )

    @_api
    def reopen_session(self, session_id: int) -> None:
        """Undo :meth:`end_session`."""
        with self._write():
            self._session_row(session_id)
            self.db.conn.execute("UPDATE sessions SET ended_at = NULL WHERE id = ?", [session_id])

    @_api
    def set_notes(self, session_id: int, notes: str) -> None:
        """Replace the session's free-text notes (stored as given)."""
        with self._write():
            self._session_row(session_id)
            self.db.conn.execute("UPDATE sessions SET notes = ? WHERE id = ?", [notes, session_id])

    # ================================================================ hands (reading)
    def _variant_rules(self, srow: Mapping[str, Any]) -> tuple[Any, Any]:
        v = _get_variant(srow["variant"])
        return v, v.rules(_j(srow["options"], "options"))

    def _state_at(
        self, session_id: int, number: int, srow: Mapping[str, Any], v: Any, rules: Any
    ) -> TableState:
        """The state hand ``number`` is played in: the previous hand's next state."""
        if number <= 1:
            return v.initial_state(srow["first_dealer"], rules)
        row = self._one(
            "SELECT status, next_state FROM hands WHERE session_id = ? AND number = ?",
            [session_id, number - 1],
        )
        if row is None or row[1] is None:
            raise MjError(
                ErrorCode.BAD_RECORD,
                "this hand is unfinished; only the last hand may be",
                where=f"hand {number - 1}",
            )
        return _state_from(row[1])  # type: ignore[return-value]

    def _stored_hands(
        self,
        session_id: int,
        where: str = "",
        params: Sequence[Any] = (),
        *,
        with_events: bool = True,
    ) -> list[StoredHand]:
        rows = list(
            self.db.query(
                f"SELECT * FROM hands WHERE session_id = ? {where} ORDER BY number",
                [session_id, *params],
            )
        )
        if not rows:
            return []
        ids = [r["id"] for r in rows]
        # the same hands again as a subquery (no limit on how many hands a session has)
        marks = f"SELECT id FROM hands WHERE session_id = ? {where}"
        args = [session_id, *params]
        evs: dict[int, list[Event]] = {i: [] for i in ids}
        for hid, number, payload in (
            self.db.conn.execute(
                f"SELECT e.hand_id, h.number, e.payload FROM events e JOIN hands h ON h.id = e.hand_id"
                f" WHERE e.hand_id IN ({marks}) ORDER BY e.hand_id, e.seq",
                args,
            )
            if with_events
            else ()
        ):
            evs[hid].append(_stored_event(payload, f"hand {number}"))
        pays: dict[int, list[Payment]] = {i: [] for i in ids}
        for hid, a, b, amount, reason in self.db.conn.execute(
            f"SELECT hand_id, from_seat, to_seat, amount, reason FROM payments WHERE hand_id IN ({marks})"
            " ORDER BY hand_id, seq",
            args,
        ):
            pays[hid].append(Payment(a, b, amount, reason))
        deltas: dict[int, list[int]] = {}
        for hid, seat, delta in self.db.conn.execute(
            f"SELECT hand_id, seat, delta FROM seat_results WHERE hand_id IN ({marks})", args
        ):
            deltas.setdefault(hid, [0, 0, 0, 0])[seat] = delta
        return [
            StoredHand(
                session_id=session_id,
                number=r["number"],
                status=r["status"],
                state=_state_from(r["state"]),  # type: ignore[arg-type]
                events=tuple(evs[r["id"]]),
                payments=tuple(pays[r["id"]]),
                deltas=tuple(deltas[r["id"]]) if r["id"] in deltas else None,  # type: ignore[arg-type]
                next_state=_state_from(r["next_state"]),
                summary=r["summary"],
                wins=tuple(_j(r["wins"], "wins")),
            )
            for r in rows
        ]

    @_api
    def hands(self, session_id: int) -> list[StoredHand]:
        """Every stored hand of the session in order (finished ones with their settlement)."""
        with self._read():
            self._session_row(session_id)
            return self._stored_hands(session_id)

    @_api
    def hand(self, session_id: int, number: int) -> StoredHand:
        """One stored hand (:class:`NotFound` if there is no hand ``number``)."""
        with self._read():
            self._session_row(session_id)
            got = self._stored_hands(session_id, "AND number = ?", [number])
        if not got:
            raise NotFound(f"session {session_id} has no hand {number}")
        return got[0]

    @_api
    def current_hand(self, session_id: int) -> StoredHand:
        """The hand being played: the open hand with its events so far, or, when the last
        hand is finished, an empty hand with the state it will be played in."""
        with self._read():
            srow = self._session_row(session_id)
            last = self._one(
                "SELECT number, status FROM hands WHERE session_id = ? ORDER BY number DESC LIMIT 1",
                [session_id],
            )
            if last and last[1] == "open":
                return self._stored_hands(session_id, "AND number = ?", [last[0]])[0]
            number = (last[0] if last else 0) + 1
            v, rules = self._variant_rules(srow)
            state = self._state_at(session_id, number, srow, v, rules)
        return StoredHand(
            session_id=session_id, number=number, status="open", state=state, events=()
        )

    @_api
    def replay(self, session_id: int) -> Replay:
        """Settle the whole session afresh with the engine (authoritative; includes each
        win's :class:`engine.core.WinResult` for explanations)."""
        from mjscore.engine.core import replay

        return replay(self.get_session(session_id))

    @_api
    def stored_replay(self, session_id: int) -> Replay:
        """The session's settlement as the ledger keeps it, without settling anything again:
        the same :class:`engine.core.Replay` as :meth:`replay` (states, payments, deltas,
        totals, each win's :class:`engine.core.WinResult`) read from the derived data stored
        with every finished hand, which the ledger rebuilds whenever events change (and
        :meth:`rebuild` after an engine upgrade). Fast enough for figures over every session
        of a large ledger. :class:`LedgerDamaged` if the stored rows do not add up."""
        with self._read():
            srow = self._session_row(session_id)
            stored = self._stored_hands(session_id, with_events=False)
        outcomes: list[HandOutcome] = []
        totals = (0, 0, 0, 0)
        next_state = None
        for h in stored:
            if not h.finished:
                break  # only the last hand can be unfinished; replay stops there too
            try:
                result = HandResult(
                    payments=h.payments,
                    deltas=h.deltas,  # type: ignore[arg-type]
                    next_state=h.next_state,  # type: ignore[arg-type]
                    outcome=h.status,
                    wins=tuple(_win_result(w) for w in h.wins),
                    summary=h.summary,
                )
            except (AssertionError, LookupError, TypeError, ValueError) as e:
                raise _damaged(f"settlement of hand {h.number}", e) from None
            if h.next_state is None:
                raise _damaged(f"settlement of hand {h.number}", ValueError("no next state"))
            totals = tuple(a + b for a, b in zip(totals, result.deltas, strict=True))  # type: ignore[assignment]
            outcomes.append(
                HandOutcome(index=h.number, state=h.state, result=result, totals=totals)
            )
            next_state = h.next_state
        if next_state is None:
            v, rules = self._variant_rules(srow)
            next_state = v.initial_state(srow["first_dealer"], rules)
        return Replay(hands=tuple(outcomes), totals=totals, next_state=next_state)

    @_api
    def session_totals(self, session_id: int) -> list[SeatTotal]:
        """Each seat's total points and money (points × stake), in seat order."""
        with self._read():
            row = self._session_row(session_id)
            stake = _dec(row["stake"])
            return [
                SeatTotal(seat=seat, player=name, points=points, money=stake * points)
                for seat, name, points in self.db.conn.execute(
                    "SELECT seat, player, points FROM session_totals WHERE session_id = ? ORDER BY seat",
                    [session_id],
                )
            ]

    # ================================================================ players
    @_api
    def player_names(self, prefix: str = "") -> list[str]:
        """Known player names (for autocomplete), most recently seated first."""
        rows = self.db.conn.execute(
            "SELECT p.name FROM players p LEFT JOIN seats st ON st.player_id = p.id"
            " WHERE substr(p.name, 1, length(?)) = ?"
            " GROUP BY p.id ORDER BY MAX(COALESCE(st.session_id, 0)) DESC, p.name",
            [prefix, prefix],
        )
        return [r[0] for r in rows]

    @_api
    def lifetime_stats(self, player: str) -> PlayerStats:
        """Lifetime figures of ``player`` (exact name) across every session."""
        with self._read():
            row = self._one("SELECT id FROM players WHERE name = ?", [player])
            if row is None:
                raise NotFound(f"no player called {player!r} in the ledger")
            pid = row[0]
            sessions = hands = wins = selfd = dealt = falsew = net = 0
            money = Decimal(0)
            big: int | None = None
            big_sid = None
            for row in self.db.conn.execute(
                "SELECT st.session_id, s.stake, st.points, st.hands, st.wins, st.self_draws, st.deal_ins,"
                " st.false_wins, st.best FROM seats st JOIN sessions s ON s.id = st.session_id"
                " WHERE st.player_id = ? ORDER BY st.session_id",
                [pid],
            ):
                sid, stake, points, n, w, sd, di, fw, best = row
                sessions += 1
                hands += n
                wins += w
                selfd += sd
                dealt += di
                falsew += fw
                net += points
                money += _dec(stake) * points
                if best is not None and (big is None or best > big):
                    big, big_sid = best, sid
            at = None
            if big is not None:
                r = self._one(
                    "SELECT h.number FROM seat_results r JOIN hands h ON h.id = r.hand_id"
                    " WHERE r.session_id = ? AND r.player_id = ? AND r.delta = ? ORDER BY h.number LIMIT 1",
                    [big_sid, pid, big],
                )
                at = (big_sid, r[0]) if r else None
        return PlayerStats(
            player=player,
            sessions=sessions,
            hands=hands,
            wins=wins,
            self_draws=selfd,
            deal_ins=dealt,
            false_wins=falsew,
            net_points=net,
            net_money=money,
            biggest_hand=big,
            biggest_hand_at=at,
        )

    @_api
    def lifetime_figures(self, player: str) -> list[SessionFigures]:
        """``player``'s figures in every session he sat in (exact name; ``[]`` if none), in
        session order, labelled ``#id``, read with a few SQL queries from the figures kept
        with each seat, the hands' dealers and the per-hand seat results — the stored win
        valuation (``hands.wins``) only of each session's biggest win. Feed them to
        :func:`engine.stats.lifetime_from_figures`: the result equals
        :func:`engine.stats.lifetime_stats` over every session's :meth:`stored_replay`, figure
        for figure, without reading every hand. A session whose stored figures are
        incomplete or do not add up (its payments against its seats' points) is read the
        old way, through :meth:`stored_replay` (:class:`LedgerDamaged` if it is damaged)."""
        with self._read():
            row = self._one("SELECT id FROM players WHERE name = ?", [player])
            if row is None:
                return []
            return self._lifetime_figures(row[0])

    def _lifetime_figures(self, pid: int) -> list[SessionFigures]:
        from mjscore.engine.stats import SessionFigures, session_stats

        conn = self.db.conn
        mine = conn.execute(
            "SELECT st.session_id, s.variant, s.stake, st.seat, st.hands, s.hands_played, st.wins,"
            " st.self_draws, st.deal_ins, st.false_wins FROM seats st JOIN sessions s ON s.id = st.session_id"
            " WHERE st.player_id = ? ORDER BY st.session_id",
            [pid],
        ).fetchall()
        if not mine:
            return []
        totals: dict[int, list[int]] = {}
        for sid, seat, points in conn.execute(
            "SELECT t.session_id, t.seat, t.points FROM seats st JOIN seats t ON t.session_id = st.session_id"
            " WHERE st.player_id = ?",
            [pid],
        ):
            totals.setdefault(sid, [0, 0, 0, 0])[seat] = points
        # the stored payments must add up to the seats' points, as the stored replay checks
        # hand by hand; a session where they do not is read the old way (LedgerDamaged)
        net = " || ',' || ".join(
            f"SUM(CASE WHEN p.to_seat = {k} THEN p.amount WHEN p.from_seat = {k} THEN -p.amount ELSE 0 END)"
            for k in range(4)
        )
        paid = {
            sid: [int(x) for x in nets.split(",")]
            for sid, nets in conn.execute(
                f"SELECT st.session_id, (SELECT {net} FROM hands h JOIN payments p ON p.hand_id = h.id"
                "  WHERE h.session_id = st.session_id) FROM seats st WHERE st.player_id = ?",
                [pid],
            )
            if nets is not None  # a session without payments
        }
        dealer = dict(
            conn.execute(
                "SELECT h.session_id, COUNT(*) FROM seats st JOIN hands h"
                " ON h.session_id = st.session_id AND h.dealer = st.seat AND h.status <> 'open'"
                " WHERE st.player_id = ? GROUP BY h.session_id",
                [pid],
            ).fetchall()
        )
        # hands won: how many, their points, and the earliest hand of the biggest
        won: dict[int, tuple[int, int, int, int]] = {}
        for sid, n, pts, best, hid in conn.execute(
            "SELECT w.session_id, w.n, w.pts, w.best,"
            " (SELECT h.id FROM seat_results r JOIN hands h ON h.id = r.hand_id"
            "   WHERE r.player_id = ?1 AND r.session_id = w.session_id AND r.delta = w.best AND r.won = 1"
            "   ORDER BY h.number LIMIT 1)"
            " FROM (SELECT r.session_id, COUNT(*) AS n, SUM(r.delta) AS pts, MAX(r.delta) AS best"
            "       FROM seat_results r WHERE r.player_id = ?1 AND r.won = 1 GROUP BY r.session_id) w",
            [pid],
        ):
            won[sid] = (n, pts, best, hid)
        ids = _dumps([w[3] for w in won.values()])
        best_hands = {
            hid: (number, summary, wins)
            for hid, number, summary, wins in conn.execute(
                "SELECT id, number, summary, wins FROM hands WHERE id IN (SELECT value FROM json_each(?))",
                [ids],
            )
        }
        best_wins: dict[tuple[int, int], Win] = {}
        for hid, payload in conn.execute(
            "SELECT hand_id, payload FROM events WHERE hand_id IN (SELECT value FROM json_each(?))"
            " AND type = 'win' ORDER BY hand_id, seq",
            [ids],
        ):
            ev = _stored_event(payload, "win")
            if isinstance(ev, Win):
                best_wins.setdefault((hid, ev.player), ev)

        out: list[SessionFigures] = []
        stakes: dict[str, Decimal] = {}
        for sid, variant, stake_text, seat, hands, played, wins, selfd, dealt, falsew in mine:
            if stake_text not in stakes:
                stakes[stake_text] = _dec(stake_text)
            stake = stakes[stake_text]
            n_won, win_points, best, hid = won.get(sid, (0, 0, None, None))
            biggest = None
            complete = (
                hands == played
                and n_won == wins
                and sid in totals
                and paid.get(sid, [0, 0, 0, 0]) == totals[sid]
            )
            if hid is not None:
                ev = best_wins.get((hid, seat))
                if ev is None or hid not in best_hands:
                    complete = False
                else:
                    number, summary, wins_json = best_hands[hid]
                    biggest = _win_record(ev, f"#{sid}", number, stake, best, wins_json, summary)
            if not complete:  # stored figures missing: what the stored settlement says
                session = self.get_session(sid)  # re-entrant: same lock, same snapshot
                rep = self.stored_replay(sid)
                st = session_stats(session, rep, label=f"#{sid}").player(seat)
                out.append(
                    SessionFigures(
                        label=f"#{sid}",
                        variant=variant,
                        stake=stake,
                        seat=seat,
                        totals=rep.totals,
                        hands=st.hands,
                        dealer_hands=st.dealer_hands,
                        wins=st.wins,
                        self_draws=st.self_draws,
                        deal_ins=st.deal_ins,
                        false_wins=st.false_wins,
                        win_points=st.win_points,
                        biggest=st.biggest,
                    )
                )
                continue
            out.append(
                SessionFigures(
                    label=f"#{sid}",
                    variant=variant,
                    stake=stake,
                    seat=seat,
                    totals=tuple(totals[sid]),  # type: ignore[arg-type]
                    hands=hands,
                    dealer_hands=dealer.get(sid, 0),
                    wins=wins,
                    self_draws=selfd,
                    deal_ins=dealt,
                    false_wins=falsew,
                    win_points=win_points,
                    biggest=biggest,
                )
            )
        return out

    @_api
    def rename_player(self, old: str, new: str) -> None:
        """Rename a person everywhere (their past sessions show the new name)."""
        check_player_name(new, "name")
        with self._write():
            row = self._one("SELECT id FROM players WHERE name = ?", [old])
            if row is None:
                raise NotFound(f"no player called {old!r} in the ledger")
            if self._one("SELECT 1 FROM players WHERE name = ?", [new]):
                raise LedgerError(f"there is already a player called {new!r}")
            self.db.conn.execute("UPDATE players SET name = ? WHERE id = ?", [new, row[0]])

    # ================================================================ recording
    def _check_open(self, srow: Mapping[str, Any]) -> None:
        if srow["ended_at"] is not None:
            raise LedgerError(f"session {srow['id']} has ended; reopen it to record more hands")

    @_api
    def add_event(self, session_id: int, event: Event | Mapping[str, Any]) -> StoredHand:
        """Append one event to the hand being played (starting a new hand if the last one is
        finished). A terminal event (win, false_win, draw) closes and settles the hand.

        The whole session must stay valid: the event is checked (fields, the variant's
        flags, and — for a terminal event — a full settlement of the hand); an event the
        engine refuses raises :class:`engine.errors.MjError` and nothing is written.
        Returns the hand as stored, with ``result`` set when it was settled.
        """
        return self._add_events(session_id, [event])

    @_api
    def add_events(
        self, session_id: int, events: Sequence[Event | Mapping[str, Any]]
    ) -> StoredHand:
        """Like :meth:`add_event` for several events in one transaction — e.g. the several
        ``win`` events of a 一炮多响 (a hand ends with its terminal events, so all wins on
        one discard must arrive together)."""
        return self._add_events(session_id, events)

    @_api
    def close_hand(
        self, session_id: int, events: Sequence[Event | Mapping[str, Any]]
    ) -> StoredHand:
        """Append the events that end the hand being played (a draw, a false win, or the win
        or wins) and settle it; refused (MjError, nothing written) if they do not end it."""
        evs = [_event(e, f"events[{i}]") for i, e in enumerate(events)]
        if not any(isinstance(e, TERMINAL) for e in evs):
            raise MjError(
                ErrorCode.BAD_RECORD,
                "closing a hand needs a win, false_win or draw event",
                where="events",
            )
        return self._add_events(session_id, evs)

    @_api
    def record_hand(
        self, session_id: int, events: Sequence[Event | Mapping[str, Any]]
    ) -> StoredHand:
        """Record a whole hand at once (its events must end it); refused while a hand is open."""
        evs = [_event(e, f"events[{i}]") for i, e in enumerate(events)]
        if not Hand(tuple(evs)).finished:
            raise MjError(
                ErrorCode.BAD_RECORD,
                "a recorded hand must end with a win, false_win or draw",
                where="events",
            )
        with self._write():
            last = self._one(
                "SELECT status FROM hands WHERE session_id = ? ORDER BY number DESC LIMIT 1",
                [session_id],
            )
            if last and last[0] == "open":
                raise LedgerError("a hand is being played; finish or delete it first")
            return self._add_events(session_id, evs)

    def _add_events(
        self, session_id: int, events: Sequence[Event | Mapping[str, Any]]
    ) -> StoredHand:
        new = [_event(e, f"events[{i}]") for i, e in enumerate(events)]
        if not new:
            raise MjError(ErrorCode.BAD_RECORD, "no events given", where="events")
        with self._write():
            srow = self._session_row(session_id)
            self._check_open(srow)
            v, rules = self._variant_rules(srow)
            last = self._one(
                "SELECT id, number, status, state FROM hands WHERE session_id = ? ORDER BY number DESC LIMIT 1",
                [session_id],
            )
            if last and last[2] == "open":
                hand_id, number, state = last[0], last[1], _state_from(last[3])
                old = self._hands_events(session_id, number, number)[0][2]
            else:
                hand_id, number = None, (last[1] if last else 0) + 1
                state = self._state_at(session_id, number, srow, v, rules)
                old = ()
            hand = Hand(old + tuple(new))
            where = f"hand {number}"
            validate_hand_structure(hand, v, where, last=True)
            result = self._settle(v, rules, hand, state, where) if hand.finished else None  # type: ignore[arg-type]
            now = _now()
            if hand_id is None:
                hand_id = self._insert_hand_row(session_id, number, state, now)  # type: ignore[arg-type]
            self._insert_events(hand_id, new, start=len(old), now=now)
            seat_ids, _ = self._seat_players(session_id)
            self._store_result(hand_id, session_id, hand, state, result, seat_ids, now)  # type: ignore[arg-type]
            if result is not None:
                self._refresh_totals(session_id)
            return self._stored_with(session_id, number, result)

    def _stored_with(self, session_id: int, number: int, result: HandResult | None) -> StoredHand:
        got = self._stored_hands(session_id, "AND number = ?", [number])[0]
        return dataclasses.replace(got, result=result)

    def _settle(self, v: Any, rules: Any, hand: Hand, state: TableState, where: str) -> HandResult:
        try:
            return v.settle_hand(hand, state, rules)
        except MjError as e:
            raise e.at(where) from None

    def _insert_hand_row(self, session_id: int, number: int, state: TableState, now: str) -> int:
        return self.db.conn.execute(
            "INSERT INTO hands (session_id, number, status, dealer, prevailing_wind, bixiahu, flags, state, created_at)"
            " VALUES (?, ?, 'open', ?, ?, ?, ?, ?, ?)",
            [
                session_id,
                number,
                state.dealer,
                state.prevailing_wind,
                int(state.bixiahu),
                state.flags,
                _state_json(state),
                now,
            ],
        ).lastrowid  # type: ignore[return-value]

    def _insert_events(
        self, hand_id: int, events: Sequence[Event], *, start: int = 0, now: str
    ) -> None:
        self.db.conn.executemany(
            "INSERT INTO events (hand_id, seq, type, payload, recorded_at) VALUES (?, ?, ?, ?, ?)",
            [(hand_id, start + i, e.type, _dumps(e.to_json()), now) for i, e in enumerate(events)],
        )

    def _store_result(
        self,
        hand_id: int,
        session_id: int,
        hand: Hand,
        state: TableState,
        result: HandResult | None,
        seat_ids: Sequence[int],
        now: str,
    ) -> None:
        """Write the derived data of one hand: state columns, status, payments, seat results."""
        conn = self.db.conn
        conn.execute("DELETE FROM payments WHERE hand_id = ?", [hand_id])
        conn.execute("DELETE FROM seat_results WHERE hand_id = ?", [hand_id])
        if result is None:
            conn.execute(
                "UPDATE hands SET status = 'open', dealer = ?, prevailing_wind = ?, bixiahu = ?, flags = ?, state = ?,"
                " next_state = NULL, summary = '', wins = '[]', details = '{}', settled_at = NULL WHERE id = ?",
                [
                    state.dealer,
                    state.prevailing_wind,
                    int(state.bixiahu),
                    state.flags,
                    _state_json(state),
                    hand_id,
                ],
            )
            return
        conn.execute(
            "UPDATE hands SET status = ?, dealer = ?, prevailing_wind = ?, bixiahu = ?, flags = ?, state = ?,"
            " next_state = ?, summary = ?, wins = ?, details = ?, settled_at = ? WHERE id = ?",
            [
                hand.outcome,
                state.dealer,
                state.prevailing_wind,
                int(state.bixiahu),
                state.flags,
                _state_json(state),
                _state_json(result.next_state),
                result.summary,
                _dumps([w.to_json() for w in result.wins]),
                _dumps(dict(result.details)),
                now,
                hand_id,
            ],
        )
        conn.executemany(
            "INSERT INTO payments (hand_id, seq, from_seat, to_seat, from_player, to_player, amount, reason)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    hand_id,
                    i,
                    p.payer,
                    p.payee,
                    seat_ids[p.payer],
                    seat_ids[p.payee],
                    p.amount,
                    p.reason,
                )
                for i, p in enumerate(result.payments)
            ],
        )
        conn.executemany(
            "INSERT INTO seat_results (hand_id, session_id, seat, player_id, delta, won, self_draw, dealt_in, false_win)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            _seat_rows(hand_id, session_id, hand, result, seat_ids),
        )

    def _refresh_totals(self, session_id: int) -> None:
        conn = self.db.conn
        conn.execute(REFRESH_SEATS_SQL, [session_id])
        conn.execute(
            "UPDATE sessions SET hands_played = (SELECT COUNT(*) FROM hands h WHERE h.session_id = sessions.id"
            " AND h.status <> 'open') WHERE id = ?",
            [session_id],
        )

    # ---- re-settlement
    def _resettle(self, session_id: int, start: int, srow: Mapping[str, Any]) -> None:
        """Re-settle hands ``start``… of the session from their events (after an amend,
        delete, insert or undo) and rewrite their derived data. Raises MjError if any hand
        no longer settles; the caller's transaction then rolls everything back."""
        v, rules = self._variant_rules(srow)
        hands = self._hands_events(session_id, start)
        state = self._state_at(session_id, start, srow, v, rules) if hands else None
        seat_ids, _ = self._seat_players(session_id)
        now = _now()
        for i, (hid, number, evs) in enumerate(hands):
            hand = Hand(evs)
            where = f"hand {number}"
            validate_hand_structure(hand, v, where, last=i == len(hands) - 1)
            result = self._settle(v, rules, hand, state, where) if hand.finished else None  # type: ignore[arg-type]
            self._store_result(hid, session_id, hand, state, result, seat_ids, now)  # type: ignore[arg-type]
            if result is not None:
                state = result.next_state
        self._refresh_totals(session_id)

    # ================================================================ corrections
    def _max_number(self, session_id: int) -> int:
        return self._one(
            "SELECT COALESCE(MAX(number), 0) FROM hands WHERE session_id = ?", [session_id]
        )[0]  # type: ignore[index]

    def _hand_id_events(
        self, session_id: int, number: int
    ) -> tuple[int, tuple[Event, ...], list[int] | None] | None:
        got = self._hands_events(session_id, number, number)
        if not got:
            return None
        hid = got[0][0]
        deltas = [0, 0, 0, 0]
        found = False
        for seat, d in self.db.conn.execute(
            "SELECT seat, delta FROM seat_results WHERE hand_id = ?", [hid]
        ):
            deltas[seat] = d
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
        return self.db.conn.execute(
            "INSERT INTO audit (session_id, hand_number, action, before, after, before_deltas, at, undoes, note)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                session_id,
                number,
                action,
                None if before is None else _dumps(_events_json(before)),
                None if after is None else _dumps(_events_json(after)),
                None if before_deltas is None else _dumps(list(before_deltas)),
                _now(),
                undoes,
                note,
            ],
        ).lastrowid  # type: ignore[return-value]

    def _set_events(self, hand_id: int, events: Sequence[Event]) -> None:
        self.db.conn.execute("DELETE FROM events WHERE hand_id = ?", [hand_id])
        self._insert_events(hand_id, events, now=_now())

    def _remove_hand(self, session_id: int, hand_id: int, number: int) -> None:
        conn = self.db.conn
        conn.execute("DELETE FROM hands WHERE id = ?", [hand_id])
        # shift later hands down by one (via negatives: UNIQUE is checked row by row)
        conn.execute(
            "UPDATE hands SET number = -number WHERE session_id = ? AND number > ?",
            [session_id, number],
        )
        conn.execute(
            "UPDATE hands SET number = -number - 1 WHERE session_id = ? AND number < 0",
            [session_id],
        )

    def _put_hand(self, session_id: int, number: int, events: Sequence[Event]) -> None:
        conn = self.db.conn
        conn.execute(
            "UPDATE hands SET number = -number WHERE session_id = ? AND number >= ?",
            [session_id, number],
        )
        conn.execute(
            "UPDATE hands SET number = -number + 1 WHERE session_id = ? AND number < 0",
            [session_id],
        )
        now = _now()
        # placeholder state; _resettle writes the real one
        hid = self._insert_hand_row(session_id, number, TableState(hand_number=number), now)
        self._insert_events(hid, events, now=now)

    def _norm_events(self, events: Sequence[Event | Mapping[str, Any]]) -> tuple[Event, ...]:
        evs = tuple(_event(e, f"events[{i}]") for i, e in enumerate(events))
        if not evs:
            raise MjError(
                ErrorCode.BAD_RECORD,
                "a hand needs at least one event (use delete_hand to remove it)",
                where="events",
            )
        return evs

    @_api
    def amend_hand(
        self,
        session_id: int,
        number: int,
        events: Sequence[Event | Mapping[str, Any]],
        note: str = "",
    ) -> int:
        """Replace the events of hand ``number`` and re-settle it and every later hand of the
        session (dealer, winds, 比下胡 depend on earlier hands), in one transaction.

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

    @_api
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

    @_api
    def insert_hand(
        self,
        session_id: int,
        number: int,
        events: Sequence[Event | Mapping[str, Any]],
        note: str = "",
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

    @_api
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
                self._refresh_totals(session_id)
            self._audit(session_id, number, "undo_event", before, after or None, deltas)
        return self.current_hand(session_id)

    @_api
    def history(self, session_id: int | None = None) -> list[AuditEntry]:
        """Audit entries (every superseded version of a hand), newest first."""
        sql = (
            "SELECT * FROM audit"
            + (" WHERE session_id = ?" if session_id is not None else "")
            + " ORDER BY id DESC"
        )
        return [
            self._audit_entry(r)
            for r in self.db.query(sql, [session_id] if session_id is not None else [])
        ]

    def _audit_entry(self, r: Mapping[str, Any]) -> AuditEntry:
        def evs(text: str | None) -> tuple[Event, ...] | None:
            return None if text is None else _events_from_json(_j(text, "audit entry"))

        return AuditEntry(
            id=r["id"],
            session_id=r["session_id"],
            hand_number=r["hand_number"],
            action=r["action"],
            before=evs(r["before"]),
            after=evs(r["after"]),
            before_deltas=tuple(_j(r["before_deltas"], "audit entry"))
            if r["before_deltas"]
            else None,
            at=r["at"],
            undoes=r["undoes"],
            undone_by=r["undone_by"],
            note=r["note"],
        )

    @_api
    def undo_change(self, audit_id: int) -> int:
        """Revert the change recorded as audit entry ``audit_id`` (an amend, delete, insert,
        undone event, or an earlier undo — undoing an undo redoes). The hand must still be
        as that change left it. Later hands are re-settled; returns the new audit id."""
        with self._write():
            rows = (
                list(self.db.query("SELECT * FROM audit WHERE id = ?", [audit_id]))
                if _sqlite_int(audit_id)
                else []
            )
            if not rows:
                raise NotFound(f"there is no change {audit_id} in the ledger's history")
            entry = self._audit_entry(rows[0])
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
                if current is None or _events_json(current) != _events_json(entry.after):
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
                deltas = None
                self._put_hand(sid, number, entry.before)
            self._resettle(sid, number, srow)
            new_id = self._audit(
                sid, number, "undo", current, entry.before, deltas, undoes=audit_id
            )
            self.db.conn.execute("UPDATE audit SET undone_by = ? WHERE id = ?", [new_id, audit_id])
            return new_id

    @_api
    def rebuild(self, session_id: int) -> tuple[int, int, int, int]:
        """Re-settle every hand of the session from its events with the current engine and
        rewrite the derived data (after an upgrade that corrects a rule). One transaction;
        MjError if the session no longer settles (then nothing changes). Returns the totals."""
        with self._write():
            srow = self._session_row(session_id)
            self._resettle(session_id, 1, srow)
            return self._info(srow).totals

    # ================================================================ import / export
    @_api
    def import_session(
        self, session: Session, notes: str = "", *, ended: bool | None = None
    ) -> int:
        """Store a whole :class:`engine.record.Session` (already loaded with
        ``engine.record.load_session``). It is settled completely first; if any hand fails,
        MjError is raised and nothing is written. Returns the new session id.

        ``ended`` defaults to whether every hand is finished: a record whose last hand is
        still being played (RECORD.md allows it) is imported with that hand open and the
        session open, so play can go on where the export left off."""
        from mjscore.engine.core import replay

        if ended is None:
            ended = not session.hands or session.hands[-1].finished

        rep = replay(session)  # raises MjError before anything is written
        v = _get_variant(session.variant)
        with self._write():
            sid = self._insert_session(
                session.variant,
                session.players,
                session.options,
                session.stake,
                session.first_dealer,
                notes,
                ended=ended,
                fmt=session.format,
            )
            seat_ids, _ = self._seat_players(sid)
            now = _now()
            state = v.initial_state(session.first_dealer, v.rules(session.options))
            for i, hand in enumerate(session.hands):
                number = i + 1
                if i < len(rep.hands):
                    outcome = rep.hands[i]
                    state, result = outcome.state, outcome.result
                else:
                    state, result = rep.next_state, None
                hid = self._insert_hand_row(sid, number, state, now)
                self._insert_events(hid, hand.events, now=now)
                self._store_result(hid, sid, hand, state, result, seat_ids, now)
            self._refresh_totals(sid)
            return sid

    @_api
    def check(self) -> str:
        """``PRAGMA integrity_check`` (``'ok'`` when the file is sound)."""
        return "\n".join(r[0] for r in self.db.conn.execute("PRAGMA integrity_check"))


def _win_record(
    ev: Win, label: str, number: int, stake: Decimal, points: int, wins_json: str, summary: str
) -> WinRecord:
    from mjscore.engine.stats import win_record

    try:
        wins = tuple(_win_result(w) for w in _j(wins_json, "wins"))
    except (LookupError, TypeError) as e:
        raise _damaged(f"win valuation of hand {number}", e) from None
    return win_record(
        ev, label=label, hand=number, stake=stake, points=points, wins=wins, summary=summary
    )


def _seat_rows(
    hand_id: int, session_id: int, hand: Hand, result: HandResult, seat_ids: Sequence[int]
) -> list[tuple[int, ...]]:
    won, selfd, dealt, falsew = [0] * 4, [0] * 4, [0] * 4, [0] * 4
    for e in hand.events:
        if isinstance(e, Win):
            won[e.player] = 1
            if e.from_ is None:
                selfd[e.player] = 1
            else:
                dealt[e.from_] = 1
        elif isinstance(e, FalseWin):
            falsew[e.player] = 1
        elif isinstance(e, Draw):
            pass
    return [
        (
            hand_id,
            session_id,
            s,
            seat_ids[s],
            result.deltas[s],
            won[s],
            selfd[s],
            dealt[s],
            falsew[s],
        )
        for s in range(4)
    ]
