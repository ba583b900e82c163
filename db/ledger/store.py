"""The ledger file's life: finding it, opening it (WAL, busy timeout, read-only files),
upgrading its schema, turning SQLite's errors into :class:`LedgerError`, and transactions.

:class:`Store` is the base every role of :class:`db.ledger.Ledger` builds on: it owns the
connection (``self.conn``; ``self.db`` is a ``sqlite_utils.Database`` on it), the lock that
serialises calls, and the :meth:`Store._write` / :meth:`Store._read` transactions.

Opening a ledger whose schema is up to date, and the reads the home screen makes, use the
``sqlite3`` connection alone: sqlite-utils (a tenth of a second to import) is imported when
a migration is due or on the first use of ``self.db`` (every write goes through it).
"""

from __future__ import annotations

import functools
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self, TypeVar

from ..errors import LedgerDamaged, LedgerError, LedgerInUse, LedgerTooNew, NotFound
from ..schema_version import (
    KNOWN_MIGRATIONS,
    MIGRATION_NAMES,
    MIGRATION_SET,
    MIGRATIONS_TABLE,
    SCHEMA_VERSION,
)
from .rows import damaged

if TYPE_CHECKING:
    from sqlite_utils import Database
    from sqlite_utils.db import Table, View

APP_NAME = "mjscore"
LEDGER_FILENAME = "ledger.sqlite3"
DEFAULT_TIMEOUT = 5.0
_SQLITE_MAGIC = b"SQLite format 3\x00"
_CREATING_WAIT = 1.0  # seconds an empty ledger file may take to get its first page


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


def now() -> str:
    """The time stamp the ledger writes (UTC, milliseconds)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _writable(p: Path) -> bool:
    """Whether this process may write ``p`` (False on read-only media, for an immutable
    file, or without permission)."""
    return os.access(p, os.W_OK)


def _quick_check(conn: sqlite3.Connection) -> list[str]:
    """The first finding of ``PRAGMA quick_check`` (``["ok"]`` for a sound file)."""
    try:
        return [r[0] for r in conn.execute("PRAGMA quick_check(1)").fetchall()]
    except sqlite3.DatabaseError as e:
        return [str(e)]


def _file_size_limited() -> bool:
    """Whether this process runs under a file size limit (``ulimit -f``)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return False
    soft, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    return soft != resource.RLIM_INFINITY


# SQLite errors that mean a bug here, not a problem with the file: never dressed up as one
_PROGRAMMER_ERRORS = (
    sqlite3.IntegrityError,
    sqlite3.ProgrammingError,
    sqlite3.InterfaceError,
    sqlite3.NotSupportedError,
    sqlite3.DataError,
)

F = TypeVar("F", bound=Callable[..., Any])


def api(method: F) -> F:
    """Serialise calls (the TUI may call from worker threads) and turn SQLite's errors
    about the file into :class:`LedgerError` with a message for the user."""

    @functools.wraps(method)
    def wrapper(self: Store, *args: Any, **kw: Any) -> Any:
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
                raise damaged("text", e) from None
            except (LookupError, ValueError, TypeError, AttributeError, ArithmeticError) as e:
                # impossible rows (a seat 7, a payment of a missing hand) come from a damaged
                # file, e.g. an index that disagrees with its table; anything else is a bug
                if self._file_damaged():
                    raise damaged("inconsistent rows", e) from None
                raise

    return wrapper  # type: ignore[return-value]


class Store:
    """The connection to one ledger file (or an in-memory ledger) and its transactions."""

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
        self._tables: dict[str, Table | View] = {}
        # quick_check runs once, before the first write (an in-memory ledger has no pages
        # that could be damaged on disk)
        self._verified = path is None
        #: what opening the ledger has to tell the user (an upgrade's backup, names that
        #: collided): the command line prints these on stderr, the app shows them
        self.notices: list[str] = []
        self.conn = conn
        self._db: Database | None = None
        try:
            # what sqlite_utils.Database does to a connection it is given, done here so that
            # the connection is the same whether or not self.db has been made yet
            conn.execute("PRAGMA recursive_triggers=on;")
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
            raise damaged("text", e) from None
        except BaseException:
            conn.close()
            self._closed = True
            raise

    # ---- opening
    @classmethod
    def open(
        cls, path: str | os.PathLike[str] | None = None, *, timeout: float = DEFAULT_TIMEOUT
    ) -> Self:
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
    ) -> Self:
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
        head = b""
        # another mjscore creating this ledger right now leaves it empty for a moment:
        # wait a little for its first page before calling the file empty
        deadline = time.monotonic() + _CREATING_WAIT
        while True:
            try:
                with p.open("rb") as f:
                    head = f.read(len(_SQLITE_MAGIC))
            except OSError as e:
                raise LedgerDamaged(f"cannot read the ledger {p}: {e.strerror}") from None
            if head or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        if not head:
            # an empty file is what a failed copy or a full disk leaves: never taken for a
            # new ledger (which would hide that the ledger expected here is missing)
            raise LedgerDamaged(
                f"{p} is an empty file (0 bytes), not a ledger; it was left as it is"
                " (remove it to start a new ledger there)"
            )
        if head != _SQLITE_MAGIC:
            raise LedgerDamaged(
                f"{p} is not a SQLite database, so not an mjscore ledger; it was left as it is"
            )

    @classmethod
    def memory(cls) -> Self:
        """A fresh in-memory ledger (tests, demos)."""
        return cls(sqlite3.connect(":memory:", check_same_thread=False), path=None)

    @property
    def db(self) -> Database:
        """The connection as a ``sqlite_utils.Database`` (made on first use)."""
        db = self._db
        if db is None:
            from sqlite_utils import Database

            db = self._db = Database(self.conn, strict=True)
        return db

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self.conn.close()

    def __enter__(self) -> Self:
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
        if isinstance(e, sqlite3.OperationalError) and ("disk i/o" in low or "full" in low):
            why = (
                "the file size limit was hit (see ulimit -f)"
                if _file_size_limited()
                else "the disk is full"
                if "full" in low
                else "the disk reported an error"
            )
            return LedgerError(
                f"cannot write the ledger {self._where()}: {why}; nothing of this command was"
                " saved, and what was saved before is intact"
            )
        return LedgerDamaged(
            f"cannot use the ledger {self._where()}: {msg} (the file was not changed)"
        )

    # ---- schema
    def _prepare(self) -> None:
        conn = self.conn
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        self._check_version()
        if self.readonly:
            if self._pending():
                raise LedgerError(
                    f"the ledger {self.path} was written by an older mjscore and must be upgraded,"
                    " but it is read-only; copy it to a writable place first"
                )
            return
        if (
            self.path is not None
            and self.path.suffix == ".bak"
            and self._applied()
            and self._pending()
        ):  # checked before WAL mode, which would already change the file
            raise LedgerError(
                f"{self.path} is a backup from an older mjscore; a backup is never upgraded"
                " in place. Copy it to a new file name and open the copy"
            )
        if self.path is not None:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":  # pragma: no cover - e.g. a network file system
                raise LedgerError(f"cannot put the ledger {self.path} in WAL mode (got {mode})")
        conn.execute("PRAGMA synchronous = FULL")
        # 16 MB of page cache: reports re-read the same indexes
        conn.execute("PRAGMA cache_size = -16000")
        if self._pending():
            from ..schema import migrations, upgrade_notices

            with self._write():
                self._check_version()  # another program may have migrated meanwhile
                pending = migrations.pending(self.db)
                if pending:
                    self._backup_before_upgrade()
                    migrations.apply(self.db)
                    self.notices.extend(upgrade_notices(self.db, pending))

    def _applied(self) -> list[str]:
        """The migrations this ledger has had, in the order applied (as
        ``sqlite_utils.Migrations.applied`` reads them)."""
        if not self._one(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [MIGRATIONS_TABLE]
        ):
            return []
        return [
            r[0]
            for r in self.conn.execute(
                f"SELECT name FROM [{MIGRATIONS_TABLE}] WHERE migration_set = ? ORDER BY rowid",
                [MIGRATION_SET],
            )
        ]

    def _pending(self) -> list[str]:
        """The migrations this ledger has yet to have, in order (``Migrations.pending``)."""
        done = set(self._applied())
        return [name for name in MIGRATION_NAMES if name not in done]

    def _backup_before_upgrade(self) -> None:
        """Before upgrading a ledger that holds data, copy it to ``<name>.schema-<old>.bak``
        next to it: nothing is ever lost. Called inside our write lock, so the copy is exactly
        what the upgrade starts from; it reads through a second connection because SQLite's
        backup cannot read from the connection that holds the write lock."""
        if self.path is None or not self._applied():
            return
        old = self.schema_version
        dest = self.path.with_name(f"{self.path.name}.schema-{old}.bak")
        n = 1
        while dest.exists():  # an earlier upgrade's copy: kept, and this one made beside it
            n += 1
            dest = self.path.with_name(f"{self.path.name}.schema-{old}.{n}.bak")
        if n > 1:
            first = self.path.with_name(f"{self.path.name}.schema-{old}.bak")
            self.notices.append(
                f"an older backup {first.name} was already there and is kept as it is (it is"
                f" not a copy of this ledger as it was just now); this upgrade's copy is {dest.name}"
            )
        else:
            self.notices.append(f"the ledger was upgraded; its earlier form is kept in {dest.name}")
        source = sqlite3.connect(str(self.path), timeout=self.timeout)
        target = sqlite3.connect(str(dest))
        try:
            source.backup(target)
        finally:
            target.close()
            source.close()

    def _check_version(self) -> None:
        user_version = self.schema_version
        tables = {
            r[0]
            for r in self.conn.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"
            )
        }
        applied: set[str] = set()
        if MIGRATIONS_TABLE in tables:
            applied = {
                r[0]
                for r in self.conn.execute(
                    f"SELECT name FROM [{MIGRATIONS_TABLE}] WHERE migration_set = ?",
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
        others = {t for t in tables if not t.startswith("sqlite_")} - {MIGRATIONS_TABLE}
        if not applied and others:
            raise LedgerDamaged(
                f"{self._where()} is a SQLite database but not an mjscore ledger "
                f"(it has tables {', '.join(sorted(others)[:5])}); it was left as it is"
            )

    def verify(self) -> None:
        """``PRAGMA quick_check`` once per ledger opened (every write runs it first):
        :class:`LedgerDamaged` in one line for a file with damaged pages. It reads the whole
        file (about 1 s of CPU for the 1,000 × 100 ledger of bench/bench_ledger.py), so it
        runs on a connection of its own and other calls are not held up meanwhile."""
        if self._verified or self.readonly or self.path is None:
            return
        try:
            conn = sqlite3.connect(
                f"{self.path.absolute().as_uri()}?mode=ro", uri=True, timeout=self.timeout
            )
        except sqlite3.Error as e:
            rows = [str(e)]
        else:
            try:
                rows = _quick_check(conn)
            finally:
                conn.close()
        with self._lock:
            self._verdict(rows)

    @property
    def verified(self) -> bool:
        """Whether the file's pages have passed :meth:`verify` (writes wait for it)."""
        return self._verified

    def _verify(self) -> None:
        if not (self._verified or self.readonly):
            self._verdict(_quick_check(self.db.conn))

    def _verdict(self, rows: list[str]) -> None:
        if rows != ["ok"]:
            what = " ".join(str(rows[0] if rows else "no answer").split())  # one line
            raise LedgerDamaged(
                f"the ledger {self._where()} is damaged ({what}); nothing was written to it."
                " Keep the file and restore a backup copy"
            )
        self._verified = True

    def _file_damaged(self) -> bool:
        try:
            rows = self.db.execute("PRAGMA integrity_check").fetchall()
        except sqlite3.DatabaseError:
            return True
        return [r[0] for r in rows] != ["ok"]

    @property
    def schema_version(self) -> int:
        return self.conn.execute("PRAGMA user_version").fetchone()[0]

    @api
    def data_version(self) -> int:
        """A number that changes whenever another connection (another window, another
        ``mjscore`` command) has committed a change to the ledger file since the last call.

        One ``PRAGMA data_version``: no table is read, so a screen can poll it a few times a
        second and read the ledger again only when it moved. This connection's own writes do
        not change it."""
        return self.conn.execute("PRAGMA data_version").fetchone()[0]

    @api
    def check(self) -> str:
        """``PRAGMA integrity_check`` (``'ok'`` when the file is sound)."""
        return "\n".join(r[0] for r in self.db.execute("PRAGMA integrity_check"))

    # ---- transactions
    @contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction. ``BEGIN IMMEDIATE`` takes the write lock up front (waiting
        up to the busy timeout) so a transaction that reads first can never fail half-way on
        a lock; ``db.atomic()`` inside provides the rollback-on-error savepoint."""
        db = self.db
        conn = db.conn
        if conn.in_transaction:  # nested call inside one of our writes
            with db.atomic():
                yield
            return
        self._verify()  # never write into a file whose pages are damaged
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
        conn = self.conn
        if conn.in_transaction:
            yield
            return
        conn.execute("BEGIN")
        try:
            yield
        finally:
            if conn.in_transaction:
                conn.execute("COMMIT")

    def _table(self, name: str) -> Table:
        """The sqlite-utils table ``name`` (made once: ``db[name]`` reads the schema)."""
        t = self._tables.get(name)
        if t is None:
            t = self._tables[name] = self.db.table(name)
        return t  # type: ignore[return-value]

    def _view(self, name: str) -> View:
        """The sqlite-utils view ``name`` (made once)."""
        t = self._tables.get(name)
        if t is None:
            t = self._tables[name] = self.db.view(name)
        return t  # type: ignore[return-value]

    def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or ``None``."""
        return self.conn.execute(sql, params).fetchone()
