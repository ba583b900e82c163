"""Nothing lost or overwritten: export -o, CSV cells, damaged, empty and backup ledgers, the
file size limit, player names matched by key, and argument mistakes, each in one line."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from mjscore.db import Ledger, LedgerDamaged
from mjscore.db.schema import SCHEMA_VERSION, migrations
from mjscore.db.transfer import csv_cell, export_csv, import_record

from tests.builders import RECORDS, ROOT, downgrade_before_identity, mjscore


def one_line_refusal(r) -> str:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    return r.stderr


def digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


@pytest.fixture
def filled(tmp_path) -> Path:
    """A ledger file holding one 国标 session (id 1)."""
    db = tmp_path / "l.sqlite3"
    with Ledger.open(db) as led:
        import_record(led, copy.deepcopy(RECORDS["guobiao"]))
    return db


# ---------------------------------------------------------------- export -o
def test_export_refuses_an_existing_file_without_force(filled, tmp_path):
    out = tmp_path / "notes.json"
    out.write_text("precious", encoding="utf-8")
    err = one_line_refusal(mjscore("--db", str(filled), "export", "1", "-o", str(out)))
    assert "--force" in err and out.read_text(encoding="utf-8") == "precious"
    assert mjscore("--db", str(filled), "export", "1", "-o", str(out), "--force").returncode == 0
    assert json.loads(out.read_text(encoding="utf-8"))["variant"] == "guobiao"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("kind", ["another ledger", "a backup", "the default ledger"])
def test_export_never_overwrites_an_sqlite_file_even_with_force(filled, tmp_path, kind):
    other = tmp_path / {
        "another ledger": "other.sqlite3",
        "a backup": "l.sqlite3.schema-3.bak",
    }.get(kind, "default.sqlite3")
    with Ledger.open(other) as led:
        import_record(led, copy.deepcopy(RECORDS["nanning"]))
    before = digest(other)
    env = {"MJSCORE_DB": str(other)} if kind == "the default ledger" else None
    r = mjscore("--db", str(filled), "export", "1", "-o", str(other), "--force", env=env)
    assert "SQLite" in one_line_refusal(r)
    assert digest(other) == before


def test_a_full_disk_leaves_the_old_file(filled, tmp_path, monkeypatch):
    import errno

    import mjscore.tui.commands.output as output

    out = tmp_path / "old.json"
    out.write_text("the old export", encoding="utf-8")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output.os, "fsync", full)
    r = mjscore("--db", str(filled), "export", "1", "-o", str(out), "--force")
    assert "disk is full" in one_line_refusal(r)
    assert out.read_text(encoding="utf-8") == "the old export"
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def _limited(nbytes: int):
    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (nbytes, nbytes))

    return limit


def test_the_file_size_limit_is_named(tmp_path):
    src = tmp_path / "r.json"
    src.write_text(json.dumps(RECORDS["guobiao"], ensure_ascii=False), encoding="utf-8")
    r = subprocess.run(
        [sys.executable, "-m", "mjscore", "--db", str(tmp_path / "l.sqlite3"), "import", str(src)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        preexec_fn=_limited(8192),
        timeout=60,
    )
    assert "file size limit" in one_line_refusal(r)


# ---------------------------------------------------------------- CSV
@pytest.mark.parametrize(
    "cell, shown",
    [
        (
            '=HYPERLINK("http://evil.example","click")',
            '\'=HYPERLINK("http://evil.example","click")',
        ),
        ("+SUM(1)", "'+SUM(1)"),
        ("-2+3", "'-2+3"),
        ("@cmd", "'@cmd"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("-12", "-12"),
        ("-0.5", "-0.5"),
        ("Ann", "Ann"),
    ],
)
def test_csv_cells_never_start_a_formula(cell, shown):
    assert csv_cell(cell) == shown


def test_csv_export_of_formula_names(tmp_path):
    rec = copy.deepcopy(RECORDS["guobiao"])
    rec["players"] = ['=HYPERLINK("http://evil.example","click")', "+SUM(1)", "-2+3", "@cmd"]
    with Ledger.open(tmp_path / "l.sqlite3") as led:
        sid = import_record(led, rec)
        text = export_csv(led, sid)
    import csv
    import io

    rows = list(csv.reader(io.StringIO(text)))
    cells = [c for row in rows for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "@")]
    assert not [c for c in cells if c[:1] == "-" and not c[1:].replace(".", "").isdigit()]
    assert rows[0][5:9] == [f"'{n} Δ" for n in rec["players"]]
    assert any(c[:1] == "-" and c[1:].isdigit() for c in cells)  # negative deltas stay numbers


# ---------------------------------------------------------------- damaged, empty, backups
def damage(db: Path) -> None:
    """Scribble over a page in the middle of the file (a failing disk)."""
    with Ledger.open(db) as led:
        for i in range(30):  # thirty different sessions (the same one again is skipped)
            rec = copy.deepcopy(RECORDS["guobiao"])
            rec["players"][0] = f"{rec['players'][0]} {i}"
            import_record(led, rec)
        led.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = db.stat().st_size // 4096
    # scribble over one page from the middle on, the first whose damage the check sees (a page
    # on the free list is never read, so damaging it changes nothing)
    for page in range(pages // 2, pages):
        with db.open("r+b") as f:
            f.seek(page * 4096 + 8)
            f.write(b"\xff" * 2000)
        c = sqlite3.connect(db)
        try:
            if c.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                return
        except sqlite3.DatabaseError:  # "malformed": damaged as well
            return
        finally:
            c.close()
    raise AssertionError("no page of the test ledger could be damaged")


def test_import_into_a_damaged_ledger_is_refused_before_anything_is_written(filled, tmp_path):
    damage(filled)
    before = digest(filled)
    src = tmp_path / "r.json"
    src.write_text(json.dumps(RECORDS["guobiao"], ensure_ascii=False), encoding="utf-8")
    for _ in range(2):  # the same record again (a duplicate) is refused the same way
        assert "damaged" in one_line_refusal(mjscore("--db", str(filled), "import", str(src)))
    assert digest(filled) == before


def test_the_ledger_refuses_a_write_into_damaged_pages(filled):
    damage(filled)
    before = digest(filled)
    with Ledger.open(filled) as led:
        with pytest.raises(LedgerDamaged, match="damaged"):
            led.create_session("guobiao", ["A", "B", "C", "D"])
    assert digest(filled) == before


def test_an_empty_file_is_not_a_new_ledger(tmp_path):
    db = tmp_path / "empty.sqlite3"
    db.write_bytes(b"")
    src = tmp_path / "r.json"
    src.write_text(json.dumps(RECORDS["guobiao"], ensure_ascii=False), encoding="utf-8")
    assert "empty" in one_line_refusal(mjscore("--db", str(db), "import", str(src)))
    assert db.read_bytes() == b""


def older_schema(db: Path) -> None:
    """Turn a ledger of today into one of the schema before the player key (schema 3)."""
    downgrade_before_identity(db)
    c = sqlite3.connect(db, isolation_level=None)
    c.execute(
        f"DELETE FROM {migrations.migrations_table}"
        " WHERE name IN ('m004_player_key', 'm005_compact_hands')"
    )
    c.execute("DROP INDEX players_key")
    c.execute("ALTER TABLE players DROP COLUMN key")
    c.execute("PRAGMA user_version = 3")
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    c.close()


def test_a_backup_is_never_upgraded_in_place(filled, tmp_path):
    older_schema(filled)
    bak = tmp_path / "l.sqlite3.schema-3.bak"
    filled.rename(bak)
    before = digest(bak)
    assert "backup" in one_line_refusal(mjscore("--db", str(bak), "sessions"))
    assert "backup" in one_line_refusal(mjscore("--db", str(bak), "export", "1"))
    assert digest(bak) == before


def test_a_stale_backup_is_kept_and_reported(filled, tmp_path):
    older_schema(filled)
    stale = tmp_path / "l.sqlite3.schema-3.bak"
    stale.write_bytes(b"an earlier upgrade's copy")
    r = mjscore("--db", str(filled), "sessions")
    assert r.returncode == 0
    assert "l.sqlite3.schema-3.bak" in r.stderr and "l.sqlite3.schema-3.2.bak" in r.stderr
    assert stale.read_bytes() == b"an earlier upgrade's copy"
    fresh = sqlite3.connect(tmp_path / "l.sqlite3.schema-3.2.bak")
    assert fresh.execute("PRAGMA user_version").fetchone()[0] == 3
    fresh.close()


# ---------------------------------------------------------------- names
def test_a_returning_player_is_matched_by_key_and_keeps_the_first_spelling(tmp_path):
    with Ledger.open(tmp_path / "l.sqlite3") as led:
        first = led.create_session("guobiao", ["Ann", "Bo", "Cy", "Di"])
        again = led.create_session("guobiao", ["ANN\u200b", "bo", "Cy", "Di"])
        assert led.session_info(again).players == led.session_info(first).players
        assert led.session_info(again).players[:2] == ("Ann", "Bo")
        assert len(led.player_names()) == 4


def test_a_ledger_with_two_players_of_one_key_keeps_both_and_says_so(filled, tmp_path):
    with Ledger.open(filled) as led:
        led.create_session("guobiao", ["Ann", "B", "C", "D"])
    older_schema(filled)
    c = sqlite3.connect(filled, isolation_level=None)
    c.execute("INSERT INTO players (name, created_at) VALUES ('ann', 'x')")
    c.close()
    r = mjscore("--db", str(filled), "sessions")
    assert r.returncode == 0 and "'Ann' and 'ann'" in r.stderr
    with Ledger.open(filled) as led:
        assert led.schema_version == SCHEMA_VERSION
        assert {"Ann", "ann"} <= set(led.player_names())  # both rows kept
        sid = led.create_session("guobiao", ["ANN", "B", "C", "D"])
        assert led.session_info(sid).players[0] == "Ann"  # the earlier one


# ---------------------------------------------------------------- the command line
def test_a_hand_beginning_with_a_dash_is_one_line():
    err = one_line_refusal(mjscore("calc", "nanjing", "-5m"))
    assert "'-'" in err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_replay_of_an_endless_file_stops_at_the_size_bound():
    assert "larger than" in one_line_refusal(mjscore("replay", "/dev/zero"))


def test_calc_reads_full_width_and_refuses_other_digits():
    assert mjscore("calc", "nanjing", "１２３ｍ４５６ｐ７８９ｓ１２３ｍ５５ｐ").returncode == 0
    for hand in ("1０3m456p789s123m55p", "123m456p789s123m55p|²", "123m456p789s123m55p||٣"):
        one_line_refusal(mjscore("calc", "nanjing", hand))
