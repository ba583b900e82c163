"""Schema m005: the compact per-hand columns, and the upgrade of a schema-4 ledger in place.

A real session (国标, wins typed as tiles, kongs, draws, false wins) is stored by the ledger;
the same rows are then written into a file at schema 4 in the old forms (table states as JSON
objects, valuations as JSON text, ``details``), and that
file is opened: it must upgrade in place (with its ``.bak``) to exactly what the ledger holds.
"""

from __future__ import annotations

import json
import sqlite3

from mjscore.db import SCHEMA_VERSION, Ledger, packing
from mjscore.db.ledger import rows
from mjscore.db.schema import migrations
from mjscore.engine.record import load_session
from sqlite_utils import Database

PLAYERS = ["阿明", "小芳", "老王", "Lee"]


def _record() -> dict:
    hands = [
        {"events": [{"type": "win", "player": 0, "from": 1, "hand": "19m19p19sESWNCFPP"}]},
        {"events": [{"type": "draw"}]},
        {
            "events": [
                {"type": "kong", "player": 2, "kind": "concealed", "tile": "9s"},
                {"type": "win", "player": 1, "from": None, "fan": 12},
            ]
        },
        {"events": [{"type": "false_win", "player": 3}]},
        {"events": [{"type": "win", "player": 2, "from": 0, "hand": "11223344556677m"}]},
        {"events": [{"type": "win", "player": 3, "from": 2, "fan": 9}]},
    ]
    return {"variant": "guobiao", "players": PLAYERS, "stake": "0.5", "hands": hands}


def _write_schema_4(new: Ledger, path) -> None:
    """The rows of ``new`` written at schema 4, in the forms that schema stored."""
    old = Database(path, strict=True)
    migrations.apply(old, stop_before="m005_compact_hands")
    assert old.execute("PRAGMA user_version").fetchone()[0] == 4
    src = new.db.conn
    c = old.conn
    for table in ("players", "sessions", "seats", "events", "audit"):
        # the columns schema 4 had (later migrations add more, e.g. the session identity)
        had = {r[1] for r in c.execute(f"PRAGMA table_info({table})")}
        cols = [r[1] for r in src.execute(f"PRAGMA table_info({table})") if r[1] in had]
        for r in src.execute(f"SELECT {', '.join(cols)} FROM {table}"):
            c.execute(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", r
            )
    for r in src.execute(
        "SELECT id, session_id, number, status, dealer, prevailing_wind, bixiahu, flags, state,"
        " next_state, summary, wins, created_at, settled_at FROM hands"
    ):
        r = list(r)
        state, nxt = rows.state_from(r[8]), rows.state_from(r[9])
        r[8] = json.dumps({k: getattr(state, k) for k in rows.STATE_FIELDS})
        r[9] = None if nxt is None else json.dumps({k: getattr(nxt, k) for k in rows.STATE_FIELDS})
        r[11] = json.dumps(packing.unpack(r[11]), ensure_ascii=False)
        c.execute(
            "INSERT INTO hands (id, session_id, number, status, dealer, prevailing_wind, bixiahu,"
            " flags, state, next_state, summary, wins, created_at, settled_at, details)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{\"game\": 1}')",
            r,
        )
    for table in ("seat_results",):
        # the columns schema 4 had (later migrations add more, e.g. the session identity)
        had = {r[1] for r in c.execute(f"PRAGMA table_info({table})")}
        cols = [r[1] for r in src.execute(f"PRAGMA table_info({table})") if r[1] in had]
        for r in src.execute(f"SELECT {', '.join(cols)} FROM {table}"):
            c.execute(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", r
            )
    # schema 4 kept one payments row per line (m007 stores runs of lines)
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


def _view(led: Ledger, sid: int):
    rep = led.stored_replay(sid)
    return (
        [
            (h.index, h.state, h.result.payments, h.result.deltas, h.result.next_state)
            for h in rep.hands
        ],
        [(h.index, h.result.wins, h.result.summary) for h in rep.hands],
        rep.totals,
        rep.next_state,
        [
            (h.number, h.status, h.state, h.events, h.payments, h.deltas, h.wins)
            for h in led.hands(sid)
        ],
        list(led.db.query("SELECT * FROM payment_lines ORDER BY session_id, hand, seq")),
        list(led.db.query("SELECT * FROM hand_deltas ORDER BY session_id, hand, seat")),
        list(led.db.query("SELECT * FROM session_totals ORDER BY session_id, seat")),
    )


def test_compact_columns_round_trip(tmp_path):
    with Ledger.open(tmp_path / "l.sqlite3") as led:
        sid = led.import_session(load_session(json.dumps(_record())))
        c = led.db.conn
        assert "details" not in {r[1] for r in c.execute("PRAGMA table_info(hands)")}
        state, wins = c.execute("SELECT state, wins FROM hands WHERE number = 1").fetchone()
        assert json.loads(state) == [1, 0, "E", 0, 0, 0]
        assert isinstance(wins, bytes) and wins[0] == 1
        assert packing.unpack(wins)[0]["items"][0]["name"] == "十三幺"
        # the stored settlement is the engine's, read back without settling again
        rep = led.replay(sid)
        stored = led.stored_replay(sid)
        assert [h.result.wins for h in stored.hands] == [h.result.wins for h in rep.hands]
        assert [h.state for h in stored.hands] == [h.state for h in rep.hands]
        assert stored.next_state == rep.next_state and stored.totals == rep.totals


def test_schema_4_ledger_upgrades_in_place(tmp_path):
    new_path, old_path = tmp_path / "new.sqlite3", tmp_path / "old.sqlite3"
    with Ledger.open(new_path) as new:
        sid = new.import_session(load_session(json.dumps(_record())))
        new.amend_hand(sid, 2, [{"type": "draw", "last_drawer": 1}])  # an audit entry too
        want = _view(new, sid)
        _write_schema_4(new, old_path)
    with Ledger.open(old_path) as led:
        assert led.schema_version == SCHEMA_VERSION  # every migration applied, m005 included
        assert _view(led, sid) == want
        assert led.history(sid) and led.history(sid)[0].before is not None
        c = led.db.conn
        assert c.execute("PRAGMA foreign_key_check").fetchall() == []
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert {r[0] for r in c.execute("SELECT typeof(wins) FROM hands")} == {"blob"}
        # it keeps working: rebuild settles the events again to the same stored figures
        led.rebuild(sid)
        assert _view(led, sid) == want
    bak = sqlite3.connect(old_path.with_name("old.sqlite3.schema-4.bak"))
    assert bak.execute("PRAGMA user_version").fetchone()[0] == 4
    assert bak.execute("SELECT details FROM hands LIMIT 1").fetchone()[0] == '{"game": 1}'
    bak.close()
