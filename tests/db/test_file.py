"""The ledger as a file: migrations, schema version, WAL, damaged files, two programs."""

from __future__ import annotations

import hashlib
import sqlite3
import threading

import pytest
from mjscore.db import (
    SCHEMA_VERSION,
    Ledger,
    LedgerDamaged,
    LedgerInUse,
    LedgerTooNew,
    resolve_path,
)
from mjscore.db.schema import KNOWN_MIGRATIONS
from mjscore.engine.record import Draw

from tests.builders import MARKUP_NAMES as PLAYERS
from tests.db.toy import win

TABLES = {"players", "sessions", "seats", "hands", "events", "payments", "seat_results", "audit"}
VIEWS = {"session_totals", "hand_deltas", "payment_lines", "player_lifetime", "session_players"}


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def raw(path) -> sqlite3.Connection:
    return sqlite3.connect(str(path), isolation_level=None)


def test_migrations_from_empty(tmp_path, toy_variant):
    path = tmp_path / "new" / "dir" / "l.sqlite3"
    with Ledger.open(path) as led:
        assert led.schema_version == SCHEMA_VERSION
    assert not list(path.parent.glob("*.bak"))  # nothing to keep from an empty file
    c = raw(path)
    objs = dict(
        c.execute("SELECT name, type FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall()
    )
    assert TABLES <= {n for n, t in objs.items() if t == "table"}
    assert VIEWS <= {n for n, t in objs.items() if t == "view"}
    for t in TABLES:
        sql = c.execute("SELECT sql FROM sqlite_master WHERE name = ?", [t]).fetchone()[0]
        assert sql.rstrip().endswith("STRICT"), t
    assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    names = {
        r[0]
        for r in c.execute("SELECT name FROM _sqlite_migrations WHERE migration_set = 'mjscore'")
    }
    assert names == KNOWN_MIGRATIONS
    assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert c.execute("PRAGMA foreign_key_check").fetchall() == []
    c.close()


def test_migrations_idempotent_and_data_kept(tmp_path, toy_variant):
    path = tmp_path / "l.sqlite3"
    with Ledger.open(path) as led:
        sid = led.create_session("guobiao", PLAYERS)
        led.add_event(sid, win(1, 0))
    for _ in range(2):
        with Ledger.open(path) as led:
            assert led.session_info(sid).totals == (-8, 8, 0, 0)
    c = raw(path)
    assert c.execute("SELECT COUNT(*) FROM _sqlite_migrations").fetchone()[0] == len(
        KNOWN_MIGRATIONS
    )
    c.close()


def test_memory_ledger_has_the_same_schema(ledger):
    names = {r[0] for r in ledger.db.execute("SELECT name FROM sqlite_master")}
    assert TABLES | VIEWS <= names
    assert ledger.schema_version == SCHEMA_VERSION


def test_connection_settings(file_ledger):
    c = file_ledger.db.conn
    assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert c.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert c.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert c.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000


def test_foreign_keys_enforced(ledger):
    with pytest.raises(sqlite3.IntegrityError):
        ledger.db.execute(
            "INSERT INTO hands (session_id, number, status, dealer, prevailing_wind, state, created_at)"
            " VALUES (42, 1, 'open', 0, 'E', '{}', 'x')"
        )


def _make(tmp_path, toy_variant) -> object:
    path = tmp_path / "l.sqlite3"
    with Ledger.open(path) as led:
        sid = led.create_session("guobiao", PLAYERS)
        led.add_event(sid, Draw())
    return path


@pytest.mark.parametrize("how", ["user_version", "migration"])
def test_newer_schema_refused_and_untouched(tmp_path, toy_variant, how):
    path = _make(tmp_path, toy_variant)
    c = raw(path)
    if how == "user_version":
        c.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    else:
        c.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('mjscore', 'm999_future', 'x')"
        )
    c.execute("PRAGMA journal_mode = DELETE")  # leave a single file to compare byte for byte
    c.close()
    before = digest(path)
    with pytest.raises(LedgerTooNew, match="newer mjscore") as ei:
        Ledger.open(path)
    assert "not changed" in str(ei.value)
    assert digest(path) == before
    assert not (tmp_path / "l.sqlite3-wal").exists()


@pytest.mark.parametrize(
    "content",
    [
        b"hello, this is not a database\n" * 10,
        b"\x00" * 4096,
        b"SQLite format 3\x00" + b"\xff" * 2000,
    ],
    ids=["text", "zeros", "bad-header"],
)
def test_not_a_database_refused_and_untouched(tmp_path, toy_variant, content):
    path = tmp_path / "l.sqlite3"
    path.write_bytes(content)
    with pytest.raises(LedgerDamaged):
        Ledger.open(path)
    assert path.read_bytes() == content


def test_other_sqlite_database_refused(tmp_path, toy_variant):
    path = tmp_path / "other.db"
    c = raw(path)
    c.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
    c.close()
    before = digest(path)
    with pytest.raises(LedgerDamaged, match="not an mjscore ledger"):
        Ledger.open(path)
    assert digest(path) == before


def test_corrupt_pages_reported_not_overwritten(tmp_path, toy_variant):
    path = tmp_path / "l.sqlite3"
    with Ledger.open(path) as led:
        sid = led.create_session("guobiao", PLAYERS)
        for i in range(60):
            led.add_event(sid, win(i % 4, (i + 1) % 4))
    c = raw(path)
    c.execute("PRAGMA journal_mode = DELETE")
    page = c.execute("PRAGMA page_size").fetchone()[0]
    c.close()
    data = bytearray(path.read_bytes())
    for p in range(1, len(data) // page):  # scribble over every page but the header page
        data[p * page + 8 : p * page + 200] = b"\xa5" * 192
    path.write_bytes(bytes(data))
    damaged = path.read_bytes()
    with pytest.raises(LedgerDamaged):
        led = Ledger.open(path)
        led.list_sessions()
        led.hands(sid)
    assert path.read_bytes() == damaged


def test_directory_refused(tmp_path, toy_variant):
    with pytest.raises(LedgerDamaged, match="directory"):
        Ledger.open(tmp_path)


def test_two_programs_share_a_ledger(tmp_path, toy_variant):
    path = tmp_path / "l.sqlite3"
    a, b = Ledger.open(path), Ledger.open(path)
    sa = a.create_session("guobiao", PLAYERS)
    sb = b.create_session("guobiao", ["w", "x", "y", "z"])
    for _ in range(5):
        a.add_event(sa, win(1, 0))
        b.add_event(sb, Draw())
    assert {s.id for s in a.list_sessions()} == {s.id for s in b.list_sessions()} == {sa, sb}
    assert b.session_info(sa).hands_played == 5
    a.close()
    b.close()


def test_locked_ledger_gives_in_use(tmp_path, toy_variant):
    path = _make(tmp_path, toy_variant)
    holder = raw(path)
    holder.execute("BEGIN IMMEDIATE")  # another program in the middle of a long write
    try:
        led = Ledger.open(path, timeout=0.2)
        assert led.list_sessions()  # reading still works (WAL)
        with pytest.raises(LedgerInUse, match="in use by another program"):
            led.add_event(1, Draw())
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    led.add_event(1, Draw())  # and works once the other program is done
    assert led.session_info(1).hands_played == 2
    led.close()


def test_calls_from_another_thread(file_ledger):
    sid = file_ledger.create_session("guobiao", PLAYERS)
    errors = []

    def work():
        try:
            for _ in range(10):
                file_ledger.add_event(sid, Draw())
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [h.number for h in file_ledger.hands(sid)] == list(range(1, 31))


def test_path_resolution(tmp_path, monkeypatch):
    monkeypatch.delenv("MJSCORE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert resolve_path() == tmp_path / "xdg" / "mjscore" / "ledger.sqlite3"
    monkeypatch.setenv("MJSCORE_DB", str(tmp_path / "env.db"))
    assert resolve_path() == tmp_path / "env.db"
    assert resolve_path(tmp_path / "arg.db") == tmp_path / "arg.db"


def test_closed_ledger(tmp_path, toy_variant):
    led = Ledger.open(tmp_path / "l.sqlite3")
    led.close()
    with pytest.raises(Exception, match="closed"):
        led.list_sessions()


def test_upgrade_from_schema_1_keeps_and_backfills(tmp_path, toy_variant):
    """A ledger written at schema 1 is upgraded in place: data kept, derived seat figures
    filled in from the stored per-hand results."""
    from mjscore.db.schema import migrations
    from sqlite_utils import Database

    path = tmp_path / "v1.sqlite3"
    old = Database(path, strict=True)
    migrations.apply(old, stop_before="m002_seat_figures")
    assert old.execute("PRAGMA user_version").fetchone()[0] == 1
    c = old.conn
    for i, name in enumerate(PLAYERS):
        c.execute("INSERT INTO players (id, name, created_at) VALUES (?, ?, 'x')", [i + 1, name])
    c.execute(
        "INSERT INTO sessions (id, variant, started_at, hands_played) VALUES (1, 'guobiao', 'x', 1)"
    )
    for seat in range(4):
        c.execute(
            "INSERT INTO seats (session_id, seat, player_id, points) VALUES (1, ?, ?, ?)",
            [seat, seat + 1, [-8, 8, 0, 0][seat]],
        )
    c.execute(
        "INSERT INTO hands (id, session_id, number, status, dealer, prevailing_wind, state, next_state, created_at)"
        " VALUES (1, 1, 1, 'win', 0, 'E', '{\"dealer\": 0}', '{\"dealer\": 1, \"hand_number\": 2, \"passes\": 1}', 'x')"
    )
    c.execute(
        "INSERT INTO events (hand_id, seq, type, payload, recorded_at) VALUES (1, 0, 'win', ?, 'x')",
        ['{"type":"win","player":1,"from":0,"fan":8}'],
    )
    for seat, (d, w, di) in enumerate([(-8, 0, 1), (8, 1, 0), (0, 0, 0), (0, 0, 0)]):
        c.execute(
            "INSERT INTO seat_results (hand_id, session_id, seat, player_id, delta, won, dealt_in) VALUES (1, 1, ?, ?, ?, ?, ?)",
            [seat, seat + 1, d, w, di],
        )
    c.commit()
    old.close()
    with Ledger.open(path) as led:
        assert led.schema_version == SCHEMA_VERSION
        # the schema-1 file was copied aside before the upgrade
        b = raw(tmp_path / "v1.sqlite3.schema-1.bak")
        assert b.execute("PRAGMA user_version").fetchone()[0] == 1
        assert b.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert b.execute("SELECT COUNT(*) FROM seat_results").fetchone()[0] == 4
        assert "wins" not in {r[1] for r in b.execute("PRAGMA table_info(seats)")}
        b.close()
        st = led.lifetime_stats(PLAYERS[1])
        assert (st.sessions, st.hands, st.wins, st.net_points, st.biggest_hand) == (1, 1, 1, 8, 8)
        assert led.lifetime_stats(PLAYERS[0]).deal_ins == 1
        view = next(led.db.query("SELECT * FROM player_lifetime WHERE player = ?", [PLAYERS[1]]))
        assert (view["hands"], view["wins"], view["net_points"]) == (1, 1, 8)
        # and the upgraded ledger keeps working: the next hand is played in the stored state
        assert led.current_hand(1).state.dealer == 1
        led.add_event(1, win(2))
        assert led.lifetime_stats(PLAYERS[2]).self_draws == 1


def test_random_damage_is_reported_never_a_traceback(tmp_path, toy_variant):
    """Flip random bytes of a real ledger: every read either works or raises LedgerError
    (SQLite has no page checksums, so some damage is only seen in the stored JSON), and
    reading never changes the file."""
    import random
    import shutil

    from mjscore.db import LedgerError

    good = tmp_path / "good.sqlite3"
    with Ledger.open(good) as led:
        for s in range(3):
            sid = led.create_session("guobiao", [f"{n}{s}" for n in PLAYERS], stake="0.5")
            for i in range(25):
                led.add_event(sid, win(i % 4, None if i % 3 else (i + 1) % 4))
            led.amend_hand(sid, 2, [Draw()])
    size = good.stat().st_size
    rng = random.Random(6)
    outcomes = {"ok": 0, "reported": 0}
    for trial in range(30):
        bad = tmp_path / f"bad{trial}.sqlite3"
        shutil.copy(good, bad)
        data = bytearray(bad.read_bytes())
        for _ in range(rng.randint(1, 40)):
            data[rng.randrange(100, size)] = rng.randrange(256)
        bad.write_bytes(bytes(data))
        before = digest(bad)
        try:
            with Ledger.open(bad) as led:
                for info in led.list_sessions():
                    led.get_session(info.id)
                    led.hands(info.id)
                    led.current_hand(info.id)
                    led.session_totals(info.id)
                    led.history(info.id)
                for name in led.player_names():
                    led.lifetime_stats(name)
                led.check()
            outcomes["ok"] += 1
        except LedgerError:
            outcomes["reported"] += 1
        assert digest(bad) == before, f"trial {trial} changed the file"
    assert outcomes["reported"] > 0


def test_two_programs_creating_the_same_ledger(tmp_path, toy_variant):
    """Both open a new file at the same moment: one migrates, the other waits and finds it done."""
    path = tmp_path / "race.sqlite3"
    barrier = threading.Barrier(4)
    results: list[object] = []

    def opener():
        barrier.wait()
        try:
            with Ledger.open(path) as led:
                results.append(led.schema_version)
        except Exception as e:  # pragma: no cover - reported below
            results.append(e)

    threads = [threading.Thread(target=opener) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [SCHEMA_VERSION] * 4
    c = raw(path)
    assert c.execute("SELECT COUNT(*) FROM _sqlite_migrations").fetchone()[0] == len(
        KNOWN_MIGRATIONS
    )
    c.close()


def test_the_ledger_file_alone_holds_every_confirmed_entry(tmp_path, toy_variant):
    # while the app ran, the .sqlite3 file was a 4 KB stub and everything sat in -wal;
    # a copy of the file taken mid-session showed "no sessions yet"
    path = tmp_path / "l.sqlite3"
    with Ledger.open(path) as led:
        sid = led.create_session("guobiao", PLAYERS)
        led.add_event(sid, win(1, 0))
        led.add_event(sid, Draw())
        copy = tmp_path / "copy.sqlite3"
        copy.write_bytes(path.read_bytes())  # the -wal file is not copied
        c = raw(copy)
        assert c.execute("SELECT count(*) FROM sessions").fetchone()[0] == 1
        assert c.execute("SELECT count(*) FROM events").fetchone()[0] == 2
        c.close()
