"""``Ledger.lifetime_figures`` + ``engine.stats.lifetime_from_figures`` (what ``mjscore
stats PLAYER`` uses: a few SQL queries over the figures kept per seat and per hand) give
exactly what the old path gives — ``lifetime_stats`` over every session's stored replay
(and over a fresh replay) — figure for figure, for every player and currency unit."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mjscore.db import Ledger
from mjscore.db.transfer import import_record
from mjscore.engine.core import replay
from mjscore.engine.record import load_session
from mjscore.engine.stats import Game, lifetime_from_figures, lifetime_stats
from mjscore.tui.cli import main

from tests.builders import ENGINE_DATA, FLUSH, RECORDS, available

DEMO = Path(__file__).parents[2] / "tui" / "data" / "demo.json"
VARIANTS = [v for v in ("guobiao", "nanjing", "nanning", "nanchang") if available(v)]


def _texts() -> list[str]:
    out = [json.dumps(RECORDS[v], ensure_ascii=False) for v in VARIANTS]
    if ENGINE_DATA.is_dir():
        out += [p.read_text(encoding="utf-8") for p in sorted(ENGINE_DATA.glob("*.json"))]
    if DEMO.exists():
        out.append(DEMO.read_text(encoding="utf-8"))
    return out


def _old(led: Ledger, name: str, unit, *, fresh: bool = False):
    """The old path: every session the player sat in, its stored (or fresh) replay."""
    games = []
    for sid in sorted(i.id for i in led.list_sessions() if name in i.players):
        session = led.get_session(sid)
        rep = replay(session) if fresh else led.stored_replay(sid)
        games.append(Game(label=f"#{sid}", session=session, replay=rep))
    return lifetime_stats(name, games, unit=unit)


def _all_names(led: Ledger) -> list[str]:
    return sorted({n for i in led.list_sessions() for n in i.players})


def _assert_same(led: Ledger, units=("0.01",)) -> int:
    checked = 0
    for name in _all_names(led):
        for unit in units:
            new = lifetime_from_figures(name, led.lifetime_figures(name), unit=Decimal(unit))
            old = _old(led, name, Decimal(unit))
            assert new == old, name  # every field, every session line, the WinRecords
            assert new.to_json() == old.to_json()
            checked += 1
    return checked


def test_sample_records_of_every_variant_and_the_demo_equal_the_old_path():
    texts = _texts()
    assert len(texts) >= 5  # the four rule sets' samples, engine data, the demo
    with Ledger.memory() as led:
        for text in texts:
            import_record(led, text)
        # a second copy: lifetimes across several sessions with equal wins (ties)
        for text in texts:
            import_record(led, text)
        assert _assert_same(led, units=("0.01", "0.1", "1", "0.05")) >= 4
        for name in _all_names(led):  # and the stored replay equals a fresh one
            assert _old(led, name, Decimal("0.01"), fresh=True) == _old(led, name, Decimal("0.01"))
            lt = lifetime_from_figures(name, led.lifetime_figures(name))
            assert lt.total.sessions == len(lt.sessions) > 0


def test_unknown_player_has_no_figures():
    with Ledger.memory() as led:
        import_record(led, json.dumps(RECORDS[VARIANTS[0]], ensure_ascii=False))
        assert led.lifetime_figures("nobody") == []
        assert lifetime_from_figures("nobody", []).sessions == ()


def test_after_corrections_and_with_a_hand_being_played():
    """Amend, insert (hand ids no longer follow hand numbers), delete, an open last hand."""
    v = VARIANTS[0]
    with Ledger.memory() as led:
        sid = import_record(led, json.dumps(RECORDS[v], ensure_ascii=False))
        win = (
            {"type": "win", "player": 1, "from": 0, "hand": FLUSH}
            if v != "nanchang"
            else {"type": "win", "player": 1, "from": 0}
        )
        led.insert_hand(sid, 1, [win])
        led.amend_hand(sid, 3, [{"type": "draw", "last_drawer": 0}])
        led.delete_hand(sid, 2)
        import_record(led, json.dumps(RECORDS[v], ensure_ascii=False))
        assert _assert_same(led, units=("0.01", "1")) == 8


def test_a_session_with_stale_seat_figures_is_read_from_its_stored_replay():
    with Ledger.memory() as led:
        for text in _texts()[:2]:
            import_record(led, text)
        name = _all_names(led)[0]
        before = lifetime_from_figures(name, led.lifetime_figures(name))
        # figures kept with the seats lost (e.g. a ledger written before they were kept)
        led.db.conn.execute("UPDATE seats SET hands = 0, wins = 0, self_draws = 0")
        led.db.conn.commit()
        after = lifetime_from_figures(name, led.lifetime_figures(name))
        assert after == before == _old(led, name, Decimal("0.01"))


def test_cli_stats_from_the_ledger_equals_the_record_files(tmp_path, capsys):
    db = tmp_path / "l.sqlite3"
    files = []
    for i, text in enumerate(_texts()):
        f = tmp_path / f"{i}.json"
        f.write_text(text, encoding="utf-8")
        files.append(f)
        assert main(["--db", str(db), "import", str(f)]) == 0
    capsys.readouterr()
    with Ledger.open(db) as led:
        names = _all_names(led)
    for name in names:
        for extra in ([], ["--json"]):
            assert main(["--lang", "en", "--db", str(db), "stats", name, *extra]) == 0
            from_ledger = capsys.readouterr().out
            with Ledger.open(db) as led:
                old = _old(led, name, Decimal("0.01"))
            if extra:
                assert json.loads(from_ledger) == json.loads(
                    json.dumps(old.to_json(), ensure_ascii=False)
                )
            else:
                from mjscore.engine.money import places
                from mjscore.tui.report_text import lifetime_text

                shown = min(max(places(s.stake) for s in old.sessions), 2)
                assert from_ledger == lifetime_text(old, places=shown, lang="en")


# ---------------------------------------------------------------- property
POOL = ["甲", "乙", "丙", "丁", "戊", "己"]
JING = {
    "type": "jing",
    "indicator": "5m",
    "lower": "2p",
    "lower_counts": [[0, 0], [1, 0], [0, 0], [0, 0]],
}


@st.composite
def sessions(draw):
    variant = draw(st.sampled_from(VARIANTS))
    players = draw(st.permutations(POOL))[:4]
    hands = []
    for _ in range(draw(st.integers(1, 7))):
        evs: list[dict] = [dict(JING)] if variant == "nanchang" else []
        kinds = ["win", "win", "win", "kong_win", "draw", "false_win"]
        if variant == "nanning":  # 一炮多响: one deal-in, a win for each winner
            kinds.append("double")
        kind = draw(st.sampled_from(kinds))
        if kind == "double":
            f = draw(st.integers(0, 3))
            winners = draw(
                st.lists(
                    st.sampled_from([x for x in range(4) if x != f]),
                    min_size=2,
                    max_size=2,
                    unique=True,
                )
            )
            # both win on the same discarded E (four copies in all)
            evs += [
                {"type": "win", "player": p, "from": f, "hand": f"112244556688{suit}EE"}
                for p, suit in zip(winners, "ps", strict=True)
            ]
        elif kind == "draw":
            evs.append({"type": "draw", "last_drawer": draw(st.integers(0, 3))})
        elif kind == "false_win":
            evs.append({"type": "false_win", "player": draw(st.integers(0, 3))})
        else:
            p = draw(st.integers(0, 3))
            if kind == "kong_win":
                k = draw(st.sampled_from([x for x in range(4) if x != p]))
                evs.append({"type": "kong", "player": k, "kind": "concealed", "tile": "3s"})
            f = draw(st.sampled_from([None, *(x for x in range(4) if x != p)]))
            w = {"type": "win", "player": p, "from": f}
            if variant != "nanchang":
                w["hand"] = FLUSH
            evs.append(w)
        hands.append({"events": evs})
    stake = draw(st.sampled_from(["0.5", "1", "0.3", "2", "0.25"]))
    first = draw(st.integers(0, 3))
    return {
        "variant": variant,
        "players": players,
        "stake": stake,
        "first_dealer": first,
        "hands": hands,
    }


@pytest.mark.skipif(not VARIANTS, reason="no rule set built")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(sessions(), min_size=1, max_size=5), st.sampled_from(["0.01", "0.1", "1"]))
def test_property_lifetime_figures_equal_the_replayed_ones(records, unit):
    with Ledger.memory() as led:
        for rec in records:
            led.import_session(load_session(rec))
        assert _assert_same(led, units=(unit,)) >= 4


def test_upgrade_from_schema_2_adds_the_dealer_index_and_keeps_the_figures(tmp_path):
    """m003: a ledger written at schema 2 (same tables, no ``hands_dealer`` index) is
    upgraded in place, copied aside first, and its lifetime figures are unchanged."""
    from mjscore.db.schema import migrations

    path = tmp_path / "v2.sqlite3"
    with Ledger.open(path) as led:
        for text in _texts()[:3]:
            import_record(led, text)
        c = led.db.conn
        c.execute("DROP INDEX hands_dealer")
        c.execute(
            f"DELETE FROM {migrations.migrations_table} WHERE name = 'm003_hands_dealer_index'"
        )
        c.execute("PRAGMA user_version = 2")
        c.commit()
        names = _all_names(led)
        before = {n: _old(led, n, Decimal("0.01")) for n in names}
    with Ledger.open(path) as led:
        assert led.schema_version == 3
        idx = {
            r[0] for r in led.db.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
        }
        assert "hands_dealer" in idx
        for n in names:
            assert lifetime_from_figures(n, led.lifetime_figures(n)) == before[n]
    assert (tmp_path / "v2.sqlite3.schema-2.bak").exists()


def test_payments_that_do_not_add_up_are_ledger_damaged_as_before(tmp_path):
    from mjscore.db import LedgerDamaged

    with Ledger.open(tmp_path / "l.sqlite3") as led:
        import_record(led, json.dumps(RECORDS[VARIANTS[0]], ensure_ascii=False))
        name = _all_names(led)[0]
        led.db.conn.execute("UPDATE payments SET amount = amount + 1 WHERE id = 1")
        led.db.conn.commit()
        with pytest.raises(LedgerDamaged):
            _old(led, name, Decimal("0.01"))
        with pytest.raises(LedgerDamaged):
            led.lifetime_figures(name)
