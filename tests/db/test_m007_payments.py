"""Schema m007: payment lines stored as runs, reasons once, times not repeated; and the
upgrade of a schema-6 ledger in place.

Sessions of every rule set (imported, played event by event, amended, with a substitute)
are stored by the ledger; the same rows are then written into a file at schema 6 in the
forms schema 6 stored (one ``payments`` row per line with the players' ids and the reason
text, every event's and settlement's time written out), and that file is opened: it must
upgrade in place (with its ``.bak``) to exactly what the ledger holds — every hand's
payments, state, deltas, valuations and events, the views, and the exported record.
"""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from mjscore.db import SCHEMA_VERSION, Ledger, LedgerDamaged, packing
from mjscore.db.schema import migrations
from mjscore.db.transfer import export_json, import_record
from sqlite_utils import Database

from tests.builders import RECORDS

TABLES = ("players", "sessions", "seats", "hands", "events", "seat_results", "audit", "substitutes")


# ---------------------------------------------------------------- the runs themselves
def test_runs_give_back_the_lines_in_their_order():
    rng = random.Random(7)
    for _ in range(2000):
        lines = [
            (p, t, rng.choice((1, 2, 8)), rng.choice("ab"))
            for _ in range(rng.randrange(0, 16))
            for p, t in [rng.sample(range(4), 2)]
        ]
        runs = packing.payment_runs(lines)
        assert list(packing.payment_lines(runs)) == lines
        assert len(runs) <= len(lines)


def test_three_payers_of_the_same_line_are_one_run():
    lines = [(1, 0, 2, "x"), (2, 0, 2, "x"), (3, 0, 2, "x"), (0, 1, 2, "x"), (3, 1, 5, "x")]
    assert packing.payment_runs(lines) == [
        (0, 0b1110, 0, 2, "x"),
        (3, 0b0001, 1, 2, "x"),
        (4, 0b1000, 1, 5, "x"),
    ]
    # a payer out of seat order starts a new run (the mask keeps seats in order)
    assert len(packing.payment_runs([(2, 0, 1, "x"), (1, 0, 1, "x")])) == 2


def test_runs_that_do_not_follow_on_are_refused():
    with pytest.raises(ValueError):
        list(packing.payment_lines([(0, 0b0010, 0, 1, "x"), (2, 0b0100, 0, 1, "x")]))
    with pytest.raises(ValueError):
        list(packing.payment_lines([(0, 0, 0, 1, "x")]))


# ---------------------------------------------------------------- a ledger holding them
def _fill(led: Ledger) -> list[int]:
    """Sessions of every rule set, and one played by hand with an amend and a substitute."""
    sids = [import_record(led, json.dumps(RECORDS[v], ensure_ascii=False)) for v in RECORDS]
    sid = led.create_session("guobiao", ["阿明", "小芳", "老王", "Lee"])
    led.add_event(sid, {"type": "win", "player": 0, "from": None, "fan": 10})
    led.set_substitute(sid, 2, "Kim", from_hand=2)
    led.add_event(sid, {"type": "kong", "player": 2, "kind": "concealed", "tile": "9s"})
    led.add_event(sid, {"type": "win", "player": 2, "from": 1, "fan": 12})
    led.add_event(sid, {"type": "win", "player": 1, "from": 3, "fan": 8})
    led.amend_hand(sid, 1, [{"type": "win", "player": 3, "from": None, "fan": 9}])
    return [*sids, sid]


def _view(led: Ledger, sids: list[int]):
    out = []
    for sid in sids:
        rep = led.stored_replay(sid)
        out.append(
            (
                [(h.index, h.state, h.result, h.totals) for h in rep.hands],
                rep.totals,
                rep.next_state,
                [
                    (h.number, h.status, h.state, h.events, h.payments, h.deltas, h.next_state)
                    + (h.summary, h.wins)
                    for h in led.hands(sid)
                ],
                led.hands_from(sid, 2),
                export_json(led, sid),
                led.history(sid),
            )
        )
    for view in ("payment_lines", "hand_deltas", "session_totals", "player_lifetime"):
        out.append(list(led.db.query(f"SELECT * FROM {view} ORDER BY 1, 2, 3")))
    out.append(led.active_session())
    return out


def _write_schema_6(new: Ledger, path) -> None:
    """The rows of ``new`` written at schema 6, in the forms that schema stored."""
    old = Database(path, strict=True)
    migrations.apply(old, stop_before="m007_payment_runs")
    assert old.execute("PRAGMA user_version").fetchone()[0] == 6
    src, c = new.db.conn, old.conn
    for table in TABLES:
        cols = [r[1] for r in src.execute(f"PRAGMA table_info({table})")]
        for r in src.execute(f"SELECT {', '.join(cols)} FROM {table}"):
            r = dict(zip(cols, r, strict=True))
            if table == "hands" and r["settled_at"] == "":
                r["settled_at"] = r["created_at"]
            c.execute(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                list(r.values()),
            )
    c.execute(
        "UPDATE events SET recorded_at = (SELECT created_at FROM hands h WHERE h.id = hand_id)"
        " WHERE recorded_at = ''"
    )
    for r in src.execute(
        "SELECT h.id, pl.seq, pl.from_seat, pl.to_seat, rf.player_id, rt.player_id, pl.amount,"
        " pl.reason FROM payment_lines pl"
        " JOIN hands h ON h.session_id = pl.session_id AND h.number = pl.hand"
        " JOIN seat_results rf ON rf.hand_id = h.id AND rf.seat = pl.from_seat"
        " JOIN seat_results rt ON rt.hand_id = h.id AND rt.seat = pl.to_seat"
        " ORDER BY h.id, pl.seq"
    ):
        c.execute(
            "INSERT INTO payments (hand_id, seq, from_seat, to_seat, from_player, to_player,"
            " amount, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            r,
        )
    c.commit()
    old.close()


def test_the_stored_forms(tmp_path):
    with Ledger.open(tmp_path / "l.sqlite3") as led:
        _fill(led)
        c = led.db.conn
        lines = c.execute("SELECT count(*) FROM payment_lines").fetchone()[0]
        runs = c.execute("SELECT count(*) FROM payments").fetchone()[0]
        assert runs < lines
        # each reason text once
        assert c.execute(
            "SELECT count(*) - count(DISTINCT text) FROM payment_reasons"
        ).fetchone() == (0,)
        # an imported session's events and settlements carry their hand's time only
        assert c.execute(
            "SELECT count(*) FROM events e JOIN hands h ON h.id = e.hand_id"
            " WHERE h.session_id = 1 AND e.recorded_at <> ''"
        ).fetchone() == (0,)
        assert {
            r[0]
            for r in c.execute(
                "SELECT settled_at FROM hands WHERE session_id = 1 AND status <> 'open'"
            )
        } == {""}


def test_schema_6_ledger_upgrades_in_place(tmp_path):
    new_path, old_path = tmp_path / "new.sqlite3", tmp_path / "old.sqlite3"
    with Ledger.open(new_path) as new:
        sids = _fill(new)
        want = _view(new, sids)
        _write_schema_6(new, old_path)
    raw = sqlite3.connect(old_path)
    lines = raw.execute("SELECT count(*) FROM payments").fetchone()[0]
    raw.close()
    with Ledger.open(old_path) as led:
        assert led.schema_version == SCHEMA_VERSION  # m007 and every later migration applied
        assert _view(led, sids) == want
        c = led.db.conn
        assert c.execute("PRAGMA foreign_key_check").fetchall() == []
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert c.execute("SELECT count(*) FROM payment_lines").fetchone()[0] == lines
        assert c.execute("SELECT count(*) FROM payments").fetchone()[0] < lines
        # it keeps working: rebuild settles the events again to the same stored figures,
        # and the next hand is recorded in the new forms
        for sid in sids:
            led.rebuild(sid)
        assert _view(led, sids) == want
        led.add_event(sids[-1], {"type": "win", "player": 0, "from": 1, "fan": 8})
    bak = sqlite3.connect(old_path.with_name("old.sqlite3.schema-6.bak"))
    assert bak.execute("PRAGMA user_version").fetchone()[0] == 6
    assert bak.execute("SELECT count(*) FROM payments").fetchone()[0] == lines
    bak.close()


def test_a_run_that_does_not_follow_on_is_ledger_damaged(tmp_path):
    with Ledger.open(tmp_path / "l.sqlite3") as led:
        sid = import_record(led, json.dumps(RECORDS["nanchang"], ensure_ascii=False))
        # the first run of a hand with several goes missing: the next no longer follows on
        led.db.conn.execute(
            "DELETE FROM payments WHERE id = (SELECT min(id) FROM payments WHERE hand_id ="
            " (SELECT hand_id FROM payments GROUP BY hand_id HAVING count(*) > 1 LIMIT 1))"
        )
        led.db.conn.commit()
        with pytest.raises(LedgerDamaged):
            led.stored_replay(sid)
