"""Writing a command's output to a file without ever losing what was there.

``write_output`` refuses to replace an existing file unless asked to (``--force``), never
replaces an SQLite file (a ledger, its backup, its -wal or journal file) even then, and
writes through a temporary file in the same folder renamed into place: a full disk or a file
size limit leaves the old file as it was.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from mjscore.db import LedgerError

# the first bytes of an SQLite database, of its -wal file (two byte orders) and of a journal
_SQLITE_HEADS = (b"SQLite format 3\x00", b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
_JOURNAL_HEAD = b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7"


def write_output(out: Path, text: str, *, force: bool, ledger: Path | None) -> None:
    """Write ``text`` (UTF-8) to ``out`` as described above; :class:`LedgerError` in one line
    when it may not or cannot be written."""
    if ledger is not None and _is_ledger_file(out, ledger):
        raise LedgerError(
            f"{out} is the ledger itself (or one of its files); choose another output file"
        )
    try:
        st = out.stat()
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise LedgerError(f"cannot write {out}: {e.strerror}") from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise LedgerError(f"{out} is a folder; give a file name")
        if not stat.S_ISREG(st.st_mode):  # a terminal, a pipe, /dev/null: nothing to lose
            _write_in_place(out, text)
            return
        if _is_sqlite(out):
            raise LedgerError(
                f"{out} is an SQLite database (a ledger or its backup?); it is never"
                " overwritten, not even with --force"
            )
        if not force:
            raise LedgerError(f"{out} already exists; use --force to replace it")
    data = text.encode("utf-8")
    try:
        fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.", suffix=".tmp")
    except OSError as e:
        raise LedgerError(f"cannot write {out}: {_reason(e)}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if st is not None:
            os.chmod(tmp, stat.S_IMODE(st.st_mode))
        os.replace(tmp, out)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        kept = " (the file that was there is unchanged)" if st is not None else ""
        raise LedgerError(f"cannot write {out}: {_reason(e)}{kept}") from None


def _write_in_place(out: Path, text: str) -> None:
    try:
        with out.open("w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise LedgerError(f"cannot write {out}: {_reason(e)}") from None


def _reason(e: OSError) -> str:
    if e.errno == errno.EFBIG:
        return "the file size limit was hit (see ulimit -f)"
    if e.errno == errno.ENOSPC:
        return "the disk is full"
    return e.strerror or str(e)


def _is_sqlite(p: Path) -> bool:
    try:
        with p.open("rb") as f:
            head = f.read(16)
    except OSError:
        return False
    return head.startswith(_SQLITE_HEADS) or head.startswith(_JOURNAL_HEAD)


def _is_ledger_file(out: Path, ledger: Path) -> bool:
    """Whether writing ``out`` would overwrite the ledger or its -wal/-shm/-journal file."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        part = ledger.with_name(ledger.name + suffix)
        try:
            if out.resolve() == part.resolve() or (
                out.exists() and part.exists() and os.path.samefile(out, part)
            ):
                return True
        except OSError:
            continue
    return False
