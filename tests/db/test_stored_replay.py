"""``Ledger.stored_replay``: the settlement as the ledger keeps it equals a fresh replay, so
lifetime statistics can read it instead of re-settling every hand of every session."""

from __future__ import annotations

import json

import pytest
from mjscore.db import Ledger, LedgerDamaged
from mjscore.db.transfer import import_record
from mjscore.engine.core import replay
from mjscore.engine.stats import Game, lifetime_stats
from mjscore.tui.cli import main

from tests.builders import ENGINE_DATA, RECORDS, available

SOURCES = [
    pytest.param(
        json.dumps(RECORDS[v], ensure_ascii=False),
        id=v,
        marks=pytest.mark.skipif(not available(v), reason=f"{v} not built"),
    )
    for v in ("guobiao", "nanjing", "nanning", "nanchang")
] + [
    pytest.param(p.read_text(encoding="utf-8"), id=p.name)
    for p in (sorted(ENGINE_DATA.glob("*.json")) if ENGINE_DATA.is_dir() else [])
]


def _wins(rep):
    return [[w.to_json() for w in h.result.wins] for h in rep.hands]


@pytest.mark.parametrize("text", SOURCES)
def test_stored_replay_equals_a_fresh_replay(text):
    with Ledger.memory() as led:
        sid = import_record(led, text)
        fresh = replay(led.get_session(sid))
        stored = led.stored_replay(sid)
        assert stored.to_json() == fresh.to_json()  # states, payments, deltas, totals, next
        assert _wins(stored) == _wins(fresh)
        assert [h.result.outcome for h in stored.hands] == [h.result.outcome for h in fresh.hands]
        assert [h.result.summary for h in stored.hands] == [h.result.summary for h in fresh.hands]
        session = led.get_session(sid)
        for name in session.players:
            a = lifetime_stats(name, [Game(label="#1", session=session, replay=fresh)])
            b = lifetime_stats(name, [Game(label="#1", session=session, replay=stored)])
            assert a.to_json() == b.to_json()


def test_stored_replay_of_an_empty_session_starts_at_the_first_dealer():
    with Ledger.memory() as led:
        sid = led.create_session("guobiao", ["a", "b", "c", "d"], first_dealer=2)
        rep = led.stored_replay(sid)
        assert rep.hands == () and rep.totals == (0, 0, 0, 0) and rep.next_state.dealer == 2


def test_stored_replay_of_damaged_rows_is_ledger_damaged(tmp_path):
    path = tmp_path / "l.sqlite3"
    with Ledger.open(path) as led:
        sid = import_record(led, RECORDS["guobiao"])
        led.db.conn.execute("UPDATE payments SET amount = amount + 1 WHERE id = 1")
        led.db.conn.commit()
        with pytest.raises(LedgerDamaged):
            led.stored_replay(sid)


def test_cli_stats_from_the_ledger_matches_the_record_files(tmp_path, capsys):
    db = tmp_path / "l.sqlite3"
    files = []
    for v in ("guobiao", "nanjing"):
        f = tmp_path / f"{v}.json"
        f.write_text(json.dumps(RECORDS[v], ensure_ascii=False), encoding="utf-8")
        files.append(f)
        assert main(["--db", str(db), "import", str(f)]) == 0
    capsys.readouterr()
    assert main(["--db", str(db), "stats", "小芳", "--json"]) == 0
    from_ledger = json.loads(capsys.readouterr().out)
    assert main(["stats", "小芳", "--json", *[a for f in files for a in ("--file", str(f))]]) == 0
    from_files = json.loads(capsys.readouterr().out)
    assert _unlabelled(from_ledger) == _unlabelled(from_files)
    assert [s["session"] for s in from_ledger["sessions"]] == ["#1", "#2"]


def _unlabelled(obj):
    """The figures without the session labels (ledger ids vs file names)."""
    if isinstance(obj, dict):
        return {k: _unlabelled(v) for k, v in obj.items() if k != "session"}
    if isinstance(obj, list):
        return [_unlabelled(v) for v in obj]
    return obj
