"""mjscore publish: the snapshot, the computed tables and Datasette's canned queries, read back
through real Datasette on 127.0.0.1."""

from __future__ import annotations

import json
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.club.test_night_standings import gb_win, nn_win


@pytest.fixture
def club_ledger(file_ledger):
    led = file_ledger
    t1 = led.create_session("guobiao", ["Ann", "Bob", "Cy", "Dee"], stake="0.5")
    led.record_hand(t1, gb_win(0, 1, 8))
    led.record_hand(t1, gb_win(2, None, 10))
    t2 = led.create_session("nanning", ["Eve", "bob", "Fay", "Gus"], stake="1")
    led.record_hand(t2, nn_win(1, 0))
    led.record_hand(t2, nn_win(3, 2))
    return led


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> object:
    with urllib.request.urlopen(url, timeout=10) as r:  # noqa: S310 - loopback only
        return json.loads(r.read().decode("utf-8"))


def test_publish_writes_a_read_only_snapshot(club_ledger, cli, tmp_path):
    out = tmp_path / "site"
    r = cli("publish", str(out), "--db", str(club_ledger.path))
    assert r.returncode == 0, r.stderr
    db = out / "ledger.db"
    assert not (out / "ledger.db-wal").exists()
    assert not db.stat().st_mode & 0o222  # read-only
    meta = json.loads((out / "metadata.json").read_text(encoding="utf-8"))
    queries = meta["databases"]["ledger"]["queries"]
    assert set(queries) == {"standings", "nights", "player_sessions", "session_hands"}
    con = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    try:
        assert con.execute("SELECT COUNT(*) FROM sessions").fetchone() == (2,)
        assert con.execute("SELECT money FROM season_standings WHERE name = 'Bob'").fetchone() == (
            "15",
        )
        assert con.execute("SELECT COUNT(*) FROM night_transfers").fetchone() == (5,)
    finally:
        con.close()
    # publishing again replaces the snapshot
    club_ledger.create_session("guobiao", ["Ann", "Bob", "Cy", "Dee"])
    assert cli("publish", str(out), "--db", str(club_ledger.path)).returncode == 0
    con = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    try:
        assert con.execute("SELECT COUNT(*) FROM sessions").fetchone() == (3,)
    finally:
        con.close()


@pytest.mark.skipif(
    shutil.which("datasette", path=str(Path(sys.executable).parent)) is None,
    reason="Datasette is the optional 'club' extra",
)
def test_datasette_serves_the_standings_mjscore_computes(club_ledger, cli, tmp_path):
    out = tmp_path / "site"
    path = str(club_ledger.path)
    assert cli("publish", str(out), "--db", path).returncode == 0
    expected = json.loads(cli("standings", "--json", "--db", path).stdout)
    port = _free_port()
    exe = str(Path(sys.executable).parent / "datasette")
    proc = subprocess.Popen(
        [exe, "-i", str(out / "ledger.db"), "-m", str(out / "metadata.json")]
        + ["-h", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                _get(f"{base}/-/versions.json")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(proc.stderr.read().decode()) from None
                time.sleep(0.2)
        got = _get(f"{base}/ledger/standings.json?_shape=array&_json=placings&_json=points")
        assert got == expected
        hands = _get(f"{base}/ledger/session_hands.json?session=1&_shape=array")
        assert [(h["hand"], h["payer"], h["payee"], h["amount"]) for h in hands] == [
            (1, "Bob", "Ann", 8),
            (2, "Ann", "Cy", 10),
            (2, "Bob", "Cy", 10),
            (2, "Dee", "Cy", 10),
        ]
        assert all(h["reason"] for h in hands)
        mine = _get(f"{base}/ledger/player_sessions.json?player=Bob&_shape=array")
        assert [(s["session"], s["points"]) for s in mine] == [(1, -18), (2, 24)]
        nights = _get(f"{base}/ledger/nights.json?_shape=array")
        assert {n["name"]: n["money"] for n in nights}["Bob"] == "15"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()
