"""Sessions with an identity moving between ledgers: export --all and import, merge, old
format-1 files and old ledgers, conflicts, and a demo that stays out of the ledger."""

from __future__ import annotations

import copy
import hashlib
import json
import sqlite3

import pytest
from mjscore.db import Ledger
from mjscore.db.transfer import import_record
from mjscore.engine.identity import content_id, session_content
from mjscore.engine.record import load_records, load_session

from tests.builders import RECORDS, downgrade_before_identity, mjscore
from tests.db.test_corrections import snapshot


def _file(tmp_path, name: str, rec) -> str:
    p = tmp_path / name
    p.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    return str(p)


def _ledger_with(tmp_path, name: str, *variants: str) -> str:
    """A ledger file holding one session of each rule set given (imported by the CLI)."""
    db = str(tmp_path / name)
    for v in variants:
        r = mjscore("--db", db, "import", _file(tmp_path, f"{name}-{v}.json", RECORDS[v]))
        assert r.returncode == 0, r.stderr
    return db


def _uuids(db: str) -> list[str]:
    with Ledger.open_to_read(db) as led:
        return sorted(i.uuid for i in led.list_sessions())


def _digest(path: str) -> str:
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def test_export_all_then_import_twice_gives_each_session_once(tmp_path):
    db = _ledger_with(tmp_path, "a.sqlite3", "nanning", "guobiao", "nanjing")
    out = tmp_path / "all.json"
    r = mjscore("--db", db, "export", "--all", "-o", str(out))
    assert r.returncode == 0, r.stderr
    sessions = load_records(out.read_text(encoding="utf-8"))
    assert [s.variant for s in sessions] == ["nanning", "guobiao", "nanjing"]
    fresh = str(tmp_path / "fresh.sqlite3")
    first = mjscore("--db", fresh, "import", str(out))
    assert first.returncode == 0, first.stderr
    assert first.stdout.count("imported session") == 3
    again = mjscore("--db", fresh, "import", str(out))
    assert again.returncode == 0, again.stderr
    assert again.stdout.count("skipped") == 3 and "imported" not in again.stdout
    assert _uuids(fresh) == _uuids(db)
    # the lifetime figures count the session once
    stats = json.loads(mjscore("--db", fresh, "stats", "阿明", "--json").stdout)
    assert stats["total"]["sessions"] == 3


def test_export_all_since_and_until_are_inclusive_local_dates(tmp_path):
    db = _ledger_with(tmp_path, "a.sqlite3", "nanning")
    today = mjscore("--db", db, "sessions", "--json")
    day = json.loads(today.stdout)[0]["started_at"]
    from datetime import datetime

    local = datetime.fromisoformat(day).astimezone().date().isoformat()
    got = mjscore("--db", db, "export", "--all", "--since", local, "--until", local)
    assert [r["id"] for r in json.loads(got.stdout)["sessions"]] == [
        json.loads(today.stdout)[0]["uuid"]
    ]
    none = mjscore("--db", db, "export", "--all", "--until", "2000-01-01")
    assert json.loads(none.stdout)["sessions"] == []
    bad = mjscore("--db", db, "export", "--all", "--since", "yesterday")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--since" in bad.stderr


def test_merge_twice_is_idempotent_and_leaves_the_other_unchanged(tmp_path):
    a = _ledger_with(tmp_path, "a.sqlite3", "nanning")
    b = _ledger_with(tmp_path, "b.sqlite3", "guobiao")
    before = _digest(b)
    club = str(tmp_path / "club" / "club.sqlite3")  # created, with its folder
    for other in (a, b):
        r = mjscore("merge", other, "--db", club)
        assert r.returncode == 0, r.stderr
        assert "1 added, 0 already here" in r.stdout
    for other in (a, b):
        r = mjscore("merge", other, "--db", club)
        assert r.returncode == 0 and "0 added, 1 already here" in r.stdout, r.stdout
    assert _uuids(club) == sorted(_uuids(a) + _uuids(b))
    assert _digest(b) == before
    assert not list(tmp_path.glob("b.sqlite3-*wal")) and not list(tmp_path.glob("b.sqlite3-shm"))
    with Ledger.open_to_read(club) as led:
        assert sorted(i.variant for i in led.list_sessions()) == ["guobiao", "nanning"]
    refused = mjscore("merge", club, "--db", club)
    assert refused.returncode == 2 and "itself" in refused.stderr


def test_merge_reads_a_read_only_ledger(tmp_path):
    import os

    a = _ledger_with(tmp_path, "a.sqlite3", "nanning")
    os.chmod(a, 0o444)
    try:
        r = mjscore("merge", a, "--db", str(tmp_path / "c.sqlite3"))
        assert r.returncode == 0, r.stderr
    finally:
        os.chmod(a, 0o644)


def test_a_conflicting_id_is_refused_and_nothing_changes(tmp_path):
    db = _ledger_with(tmp_path, "a.sqlite3", "nanning", "guobiao")
    exported = json.loads(mjscore("--db", db, "export", "--all").stdout)
    changed = copy.deepcopy(exported)
    changed["sessions"][1]["hands"][1] = {"events": [{"type": "false_win", "player": 2}]}
    path = _file(tmp_path, "changed.json", changed)
    with Ledger.open(db) as led:
        before = snapshot(led)
    r = mjscore("--db", db, "import", path)
    assert r.returncode == 2 and r.stdout == ""
    uid = exported["sessions"][1]["id"]
    assert r.stderr.count("\n") == 1 and uid in r.stderr and "hand 2 differs" in r.stderr
    assert "--replace" in r.stderr
    with Ledger.open(db) as led:
        assert snapshot(led) == before
    # --replace changes the hand through the audit, like any amendment
    r = mjscore("--db", db, "import", path, "--replace")
    assert r.returncode == 0 and "replaced session 2" in r.stdout, r.stderr
    with Ledger.open(db) as led:
        (entry,) = led.history(2)
        assert entry.action == "amend" and entry.hand_number == 2
        assert (
            led.get_session(2).hands[1].events
            == load_session(changed["sessions"][1]).hands[1].events
        )


def test_metadata_differences_are_reported_and_the_stored_kept(tmp_path):
    db = _ledger_with(tmp_path, "a.sqlite3", "nanning")
    rec = json.loads(mjscore("--db", db, "export", "1").stdout)
    rec["notes"], rec["table"] = "a better note", "table 2"
    path = _file(tmp_path, "meta.json", rec)
    r = mjscore("--db", db, "import", path)
    assert r.returncode == 0 and "table, notes differ" in r.stdout and "kept" in r.stdout
    with Ledger.open(db) as led:
        assert led.session_info(1).table == "" and led.session_info(1).notes != "a better note"
    r = mjscore("--db", db, "import", path, "--replace")
    assert r.returncode == 0 and "updated" in r.stdout
    with Ledger.open(db) as led:
        info = led.session_info(1)
        assert (info.table, info.notes) == ("table 2", "a better note")
        assert len(led.list_sessions()) == 1


def test_an_old_format_file_is_read_and_deduplicated(tmp_path):
    path = _file(tmp_path, "old.json", RECORDS["guobiao"])
    db = str(tmp_path / "l.sqlite3")
    assert "imported session 1" in mjscore("--db", db, "import", path).stdout
    r = mjscore("--db", db, "import", path)
    assert r.returncode == 0 and "skipped" in r.stdout and "session 1" in r.stdout
    with Ledger.open(db) as led:
        assert len(led.list_sessions()) == 1
        # the id is the one its content gives it, whatever the players' spelling
        assert led.session_info(1).uuid == content_id(
            session_content(load_session(path_text(path)))
        )
    # the same record with the names typed differently (case, spaces, NFC) is the same session
    rec = copy.deepcopy(RECORDS["guobiao"])
    rec["players"][3] = "LEE  🀄"
    assert "skipped" in mjscore("--db", db, "import", _file(tmp_path, "case.json", rec)).stdout


def path_text(path: str) -> str:
    return open(path, encoding="utf-8").read()


def test_an_old_ledger_gets_the_ids_of_its_files_and_the_demo_is_marked(tmp_path):
    path = _file(tmp_path, "old.json", RECORDS["nanning"])
    db = str(tmp_path / "old.sqlite3")
    with Ledger.open(db) as led:
        import_record(led, path_text(path))
        import_record(led, path_text(path))  # the double import of an older mjscore
        demo = import_record(led, RECORDS["guobiao"], notes="mjscore demo")
    downgrade_before_identity(db)
    with Ledger.open(db) as led:
        ids = [i.uuid for i in sorted(led.list_sessions(), key=lambda i: i.id)]
        assert ids[0] == content_id(session_content(load_session(path_text(path))))
        assert len(set(ids)) == 3
        assert led.session_info(demo).demo
        assert led.lifetime_stats("阿明").sessions == 2  # the demo is not counted
    r = mjscore("--db", db, "import", path)
    assert "skipped" in r.stdout and "session 1" in r.stdout


def test_replay_and_report_of_a_many_session_file_need_session(tmp_path):
    db = _ledger_with(tmp_path, "a.sqlite3", "nanning", "guobiao")
    out = tmp_path / "all.json"
    mjscore("--db", db, "export", "--all", "-o", str(out))
    ids = [s.id for s in load_records(out.read_text(encoding="utf-8"))]
    for cmd in ("replay", "report"):
        r = mjscore(cmd, str(out))
        assert r.returncode == 2 and r.stderr.count("\n") == 1
        assert all(i in r.stderr for i in ids) and "--session" in r.stderr
        r = mjscore(cmd, str(out), "--session", ids[1], "--json")
        assert r.returncode == 0, r.stderr
    one = json.loads(mjscore("replay", str(out), "--session", ids[1], "--json").stdout)
    assert one == json.loads(
        mjscore("replay", _file(tmp_path, "g.json", RECORDS["guobiao"]), "--json").stdout
    )


# ---------------------------------------------------------------- the demo
def test_the_demo_writes_nothing_to_the_ledger(tmp_path):
    import asyncio

    from mjscore.tui.app import make_app

    db = tmp_path / "mine.sqlite3"
    app = make_app(str(db), demo=True, lang="en")

    async def go():
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            assert app.ledger.path is None  # the demo's own ledger, in memory
            assert app.ledger.list_sessions()[0].demo

    asyncio.run(go())
    app.ledger.close()
    assert not db.exists()


def test_demo_sessions_are_left_out_of_lifetime_figures():
    with Ledger.memory() as led:
        import_record(led, RECORDS["nanning"])
        led.import_session(load_session(RECORDS["guobiao"]), demo=True)
        st = led.lifetime_stats("阿明")
        assert st.sessions == 1
        figs = led.lifetime_figures("阿明")
        assert [f.variant for f in figs] == ["nanning"]
        row = led.db.execute("SELECT sessions FROM player_lifetime WHERE player = '阿明'")
        assert row.fetchone()[0] == 1


@pytest.mark.parametrize("bad", ["not-a-uuid", 7])
def test_a_format_2_record_with_a_bad_id_is_refused(tmp_path, bad):
    db = _ledger_with(tmp_path, "a.sqlite3", "nanning")
    rec = json.loads(mjscore("--db", db, "export", "1").stdout)
    rec["id"] = bad
    r = mjscore("--db", str(tmp_path / "b.sqlite3"), "import", _file(tmp_path, "x.json", rec))
    assert r.returncode == 2 and r.stderr.startswith("mjscore: id:")
    assert not (tmp_path / "b.sqlite3").exists()


def test_the_many_session_file_and_substitutes_are_valid_against_the_schema(tmp_path):
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    from tests.test_record_schema import SCHEMA, schema_errors

    db = _ledger_with(tmp_path, "a.sqlite3", "nanning", "nanchang")
    with Ledger.open(db) as led:
        led.set_substitute(1, 2, "Kim", from_hand=3)
    text = mjscore("--db", db, "export", "--all").stdout
    registry = Registry().with_resource(SCHEMA["$id"], Resource.from_contents(SCHEMA))
    many = Draft202012Validator(
        {"$ref": f"{SCHEMA['$id']}#/$defs/sessions_file"}, registry=registry
    )
    obj = json.loads(text)
    assert obj["sessions"][0]["hands"][2]["substitutes"] == [{"seat": 2, "player": "Kim"}]
    assert list(many.iter_errors(obj)) == []
    assert all(schema_errors(rec) == [] for rec in obj["sessions"])
    # a format-1 record cannot carry format-2 fields, for the schema as for the engine
    old = copy.deepcopy(RECORDS["nanning"])
    old["hands"][0]["substitutes"] = [{"seat": 2, "player": "Kim"}]
    assert schema_errors(old)
    with pytest.raises(Exception, match="unknown field"):
        load_session(old)
    obj["sessions"][0]["format"] = 1
    assert list(many.iter_errors(obj))


def test_merge_of_an_older_ledger_upgrades_only_the_copy(tmp_path):
    b = _ledger_with(tmp_path, "b.sqlite3", "guobiao")
    downgrade_before_identity(b)
    before = _digest(b)
    r = mjscore("merge", b, "--db", str(tmp_path / "c.sqlite3"))
    assert r.returncode == 0 and "1 added" in r.stdout, r.stderr
    assert _digest(b) == before
    conn = sqlite3.connect(b)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 5  # still before m006_identity
    conn.close()
    assert _uuids(str(tmp_path / "c.sqlite3")) == [
        content_id(session_content(load_session(RECORDS["guobiao"])))
    ]


def test_replace_cannot_change_the_players_or_rules(tmp_path):
    db = _ledger_with(tmp_path, "a.sqlite3", "nanning")
    rec = json.loads(mjscore("--db", db, "export", "1").stdout)
    rec["stake"] = 2
    r = mjscore("--db", db, "import", _file(tmp_path, "x.json", rec), "--replace")
    assert r.returncode == 2 and "cannot be replaced" in r.stderr and "stake" in r.stderr
