"""The ledger commands against awkward ledger files: missing, read-only, in a read-only folder.

Reading (``sessions``, ``export``, ``report ID``, ``stats``) never creates or changes a file;
writing (``import``) to a file that cannot be written is one clear line, exit 2.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from mjscore.db import Ledger
from mjscore.db.transfer import import_record

from tests.builders import RECORDS
from tests.builders import run_main as run


def one_line_error(code: int, out: str, err: str) -> bool:
    return code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


READS = [
    ("sessions",),
    ("sessions", "--json"),
    ("export", "1"),
    ("export", "1", "--format", "csv"),
    ("report", "1"),
    ("report", "1", "--json"),
    ("stats", "阿明"),
]


@pytest.mark.parametrize("argv", READS, ids=" ".join)
def test_reading_a_missing_ledger_creates_nothing(tmp_path, capsys, argv):
    db = tmp_path / "no" / "such" / "ledger.sqlite3"
    code, out, err = run(capsys, "--db", str(db), *argv)
    assert not db.parent.exists() and list(tmp_path.iterdir()) == []
    if argv[0] == "sessions":
        assert code == 0 and err == ""
        assert (json.loads(out) == []) if "--json" in argv else ("no sessions" in out)
    else:
        assert one_line_error(code, out, err)
        assert str(db) in err or "no session" in err


def test_failed_export_of_unknown_session_creates_no_ledger(tmp_path, capsys, monkeypatch):
    db = tmp_path / "typo.sqlite3"
    monkeypatch.setenv("MJSCORE_DB", str(db))
    code, out, err = run(capsys, "export", "3")
    assert one_line_error(code, out, err) and not db.exists()


# ---------------------------------------------------------------- read-only files
def _make_read_only(paths: list[Path]) -> bool:
    """chmod the paths read-only; as root (where permissions do not bind) use the immutable
    attribute instead. False if neither makes them unwritable here."""
    for p in paths:
        p.chmod(0o555 if p.is_dir() else 0o444)
    if all(not os.access(p, os.W_OK) for p in paths):
        return True
    chattr = shutil.which("chattr")
    if chattr is None:
        return False
    for p in paths:
        if subprocess.run([chattr, "+i", str(p)], capture_output=True).returncode != 0:
            return False
    return all(not os.access(p, os.W_OK) for p in paths)


def _undo_read_only(paths: list[Path]) -> None:
    chattr = shutil.which("chattr")
    for p in paths:
        if chattr:
            subprocess.run([chattr, "-i", str(p)], capture_output=True)
        p.chmod(0o755 if p.is_dir() else 0o644)


def _ledger_with_a_session(path: Path, wal: bool) -> None:
    with Ledger.open(path) as led:
        import_record(led, RECORDS["guobiao"])
    if not wal:  # as a copied or backed-up ledger often is: one file, no -wal/-shm
        import sqlite3

        conn = sqlite3.connect(path)
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.close()


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(params=["file", "folder"])
def read_only_ledger(request, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "ledger.sqlite3"
    _ledger_with_a_session(path, wal=False)
    targets = [path] if request.param == "file" else [folder]
    if not _make_read_only(targets):
        _undo_read_only(targets)
        pytest.skip("cannot make a file read-only here")
    yield path
    _undo_read_only(targets)


@pytest.mark.parametrize("argv", READS, ids=" ".join)
def test_reading_a_read_only_ledger_works(read_only_ledger, capsys, argv):
    before = _files(read_only_ledger.parent)
    code, out, err = run(capsys, "--db", str(read_only_ledger), *argv)
    assert code == 0 and err == "" and out
    if argv[0] == "sessions" and "--json" in argv:
        assert [s["players"] for s in json.loads(out)] == [RECORDS["guobiao"]["players"]]
    assert _files(read_only_ledger.parent) == before


def test_import_into_a_read_only_ledger_is_one_clear_line(read_only_ledger, capsys, tmp_path):
    src = tmp_path / "s.json"
    src.write_text(json.dumps(RECORDS["nanjing"], ensure_ascii=False), encoding="utf-8")
    before = _files(read_only_ledger.parent)
    code, out, err = run(capsys, "--db", str(read_only_ledger), "import", str(src))
    assert one_line_error(code, out, err) and "read-only" in err
    assert _files(read_only_ledger.parent) == before


def test_new_ledger_in_a_read_only_folder_is_one_clear_line(tmp_path, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    if not _make_read_only([folder]):
        _undo_read_only([folder])
        pytest.skip("cannot make a folder read-only here")
    try:
        src = tmp_path / "s.json"
        src.write_text(json.dumps(RECORDS["guobiao"], ensure_ascii=False), encoding="utf-8")
        code, out, err = run(capsys, "--db", str(folder / "l.sqlite3"), "import", str(src))
        assert one_line_error(code, out, err) and "not writable" in err
        assert list(folder.iterdir()) == []
    finally:
        _undo_read_only([folder])


@pytest.mark.parametrize("sid", ["99999999999999999999999", "-99999999999999999999999"])
@pytest.mark.parametrize("command", ["export", "report"])
def test_session_id_beyond_sqlite_integers_is_not_found(tmp_path, capsys, command, sid):
    db = tmp_path / "l.sqlite3"
    with Ledger.open(db) as led:
        import_record(led, RECORDS["guobiao"])
    code, out, err = run(capsys, "--db", str(db), command, sid)
    assert one_line_error(code, out, err)
    # report takes a non-digit argument ("-9…") as a record file name
    assert f"no session {sid}" in err or (command == "report" and f"cannot read {sid}" in err)


def test_export_to_a_missing_folder_is_one_clear_line(tmp_path, capsys):
    db = tmp_path / "l.sqlite3"
    with Ledger.open(db) as led:
        import_record(led, RECORDS["guobiao"])
    target = tmp_path / "missing" / "out.json"
    code, out, err = run(capsys, "--db", str(db), "export", "1", "-o", str(target))
    assert one_line_error(code, out, err) and "cannot write" in err and not target.parent.exists()


HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
conn.execute("UPDATE sessions SET notes = 'half-written' WHERE id = 1")
print("locked", flush=True)
sys.stdin.readline()  # hold the write transaction until told to stop
conn.execute("ROLLBACK")
"""


def test_ledger_locked_by_another_process(tmp_path, capsys, monkeypatch):
    import sys

    db = tmp_path / "l.sqlite3"
    with Ledger.open(db) as led:
        import_record(led, RECORDS["guobiao"])
    src = tmp_path / "s.json"
    src.write_text(json.dumps(RECORDS["nanjing"], ensure_ascii=False), encoding="utf-8")
    # wait 0.3 s for the lock instead of the usual 5 s
    for name in ("open", "open_to_read"):
        monkeypatch.setattr(getattr(Ledger, name).__func__, "__kwdefaults__", {"timeout": 0.3})
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        code, out, err = run(capsys, "--db", str(db), "import", str(src))
        assert one_line_error(code, out, err) and "in use by another program" in err
        for argv in READS:  # reading goes on while another program writes (WAL)
            code, out, err = run(capsys, "--db", str(db), *argv)
            assert code == 0 and err == "", (argv, err)
    finally:
        holder.communicate("\n", timeout=10)
    with Ledger.open(db) as led:
        assert [s.id for s in led.list_sessions()] == [1]  # the failed import left nothing
    code, out, err = run(capsys, "--db", str(db), "import", str(src))
    assert code == 0 and out.startswith("imported session 2")


def _real_ledger_bytes(tmp_path: Path) -> bytes:
    path = tmp_path / "real.sqlite3"
    _ledger_with_a_session(path, wal=False)
    return path.read_bytes()


DAMAGE = {
    "random bytes": lambda real: os.urandom(20000),
    "truncated to 100 bytes": lambda real: real[:100],
    "truncated to half": lambda real: real[: len(real) // 2],
    "last page missing": lambda real: real[:-4096],
}
COMMANDS = [*READS, ("import", "RECORD")]


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_damaged_ledger_every_command_one_line_and_untouched(tmp_path, capsys, damage):
    db = tmp_path / "bad.sqlite3"
    db.write_bytes(damage(_real_ledger_bytes(tmp_path)))
    src = tmp_path / "s.json"
    src.write_text(json.dumps(RECORDS["nanjing"], ensure_ascii=False), encoding="utf-8")
    before = db.read_bytes()
    for argv in COMMANDS:
        argv = tuple(str(src) if a == "RECORD" else a for a in argv)
        code, out, err = run(capsys, "--db", str(db), *argv)
        assert one_line_error(code, out, err), (argv, err)
        assert db.read_bytes() == before


def test_ledger_from_a_newer_mjscore_every_command_refused_untouched(tmp_path, capsys):
    import sqlite3

    from mjscore.db import SCHEMA_VERSION

    db = tmp_path / "new.sqlite3"
    _ledger_with_a_session(db, wal=False)
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    src = tmp_path / "s.json"
    src.write_text(json.dumps(RECORDS["nanjing"], ensure_ascii=False), encoding="utf-8")
    before = _files(tmp_path)
    for argv in COMMANDS:
        argv = tuple(str(src) if a == "RECORD" else a for a in argv)
        code, out, err = run(capsys, "--db", str(db), *argv)
        assert one_line_error(code, out, err) and "newer mjscore" in err, (argv, err)
    assert _files(tmp_path) == before


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="XDG layout")
def test_fresh_machine_uses_the_user_data_directory(tmp_path, capsys, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("MJSCORE_DB", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    code, out, err = run(capsys, "sessions")
    assert code == 0 and "no sessions yet" in out and list(home.iterdir()) == []
    src = tmp_path / "s.json"
    src.write_text(json.dumps(RECORDS["guobiao"], ensure_ascii=False), encoding="utf-8")
    assert run(capsys, "import", str(src))[0] == 0
    assert (home / ".local" / "share" / "mjscore" / "ledger.sqlite3").is_file()
    code, out, err = run(capsys, "sessions", "--json")
    assert [s["id"] for s in json.loads(out)] == [1]


@pytest.mark.skipif(not hasattr(__import__("time"), "tzset"), reason="needs time.tzset")
def test_sessions_text_shows_local_time(tmp_path, capsys, monkeypatch):
    import time
    from datetime import datetime

    db = tmp_path / "l.sqlite3"
    with Ledger.open(db) as led:
        import_record(led, RECORDS["guobiao"])
        started = led.session_info(1).started_at  # stored in UTC
    monkeypatch.setenv("TZ", "Asia/Shanghai")
    time.tzset()
    try:
        code, out, _ = run(capsys, "--db", str(db), "sessions")
    finally:
        monkeypatch.undo()
        time.tzset()
    shanghai = datetime.fromisoformat(started).timestamp() + 8 * 3600
    want = time.strftime("%Y-%m-%d %H:%M", time.gmtime(shanghai))
    assert code == 0 and want in out, (want, out)


def test_read_only_copy_with_unmerged_wal_is_never_shown_stale(tmp_path, capsys):
    """A ledger copied while open (its newest changes still in ``-wal``) to a read-only
    place: with the ``-shm`` file it is read in full; without it, the changes cannot be read,
    so the command refuses rather than show an older ledger."""
    src = tmp_path / "src"
    src.mkdir()
    led = Ledger.open(src / "l.sqlite3")
    led.db.conn.execute("PRAGMA wal_autocheckpoint = 0")  # keep every change in -wal
    import_record(led, RECORDS["guobiao"])
    copies = {}
    for name, parts in (("with-shm", ("", "-wal", "-shm")), ("without-shm", ("", "-wal"))):
        folder = tmp_path / name
        folder.mkdir()
        for part in parts:
            shutil.copy(src / f"l.sqlite3{part}", folder / f"l.sqlite3{part}")
        copies[name] = folder
    led.close()
    targets = list(copies.values())
    if not _make_read_only(targets):
        _undo_read_only(targets)
        pytest.skip("cannot make a folder read-only here")
    try:
        code, out, err = run(
            capsys, "--db", str(copies["with-shm"] / "l.sqlite3"), "sessions", "--json"
        )
        assert code == 0 and [s["id"] for s in json.loads(out)] == [1]
        code, out, err = run(
            capsys, "--db", str(copies["without-shm"] / "l.sqlite3"), "sessions", "--json"
        )
        assert one_line_error(code, out, err) and "-wal" in err and "writable" in err
    finally:
        _undo_read_only(targets)


@pytest.mark.parametrize("suffix", ["", "-wal"])
def test_export_never_overwrites_the_ledger_itself(tmp_path, capsys, suffix):
    db = tmp_path / "l.sqlite3"
    with Ledger.open(db) as led:
        import_record(led, RECORDS["guobiao"])
        target = Path(f"{db}{suffix}")
        target.touch()
        before = _files(tmp_path)
        code, out, err = run(capsys, "--db", str(db), "export", "1", "-o", str(target))
    assert one_line_error(code, out, err) and "ledger" in err
    with Ledger.open(db) as led:
        assert [s.id for s in led.list_sessions()] == [1]
    assert not before[target.name].startswith(b"{")
    assert not (target.exists() and target.read_bytes().startswith(b"{"))


def test_a_record_that_fails_to_settle_creates_no_ledger(tmp_path, capsys):
    """Ten hands settle, then hand 11 is not a winning hand: nothing is written, not even
    an empty ledger file (or its folder)."""
    rec = json.loads(json.dumps(RECORDS["guobiao"]))
    good = rec["hands"][:-1]
    rec["hands"] = (
        good
        + good
        + [{"events": [{"type": "win", "player": 1, "from": 2, "hand": "1122445566889p9s"}]}]
    )
    assert len(rec["hands"]) == 11
    src = tmp_path / "s.json"
    src.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    db = tmp_path / "new" / "l.sqlite3"
    code, out, err = run(capsys, "--db", str(db), "import", str(src))
    assert one_line_error(code, out, err) and "hands[10]" in err
    assert not db.parent.exists()
