"""``mjscore rebuild``: stored sessions keep the settlement they were stored with until a
rebuild settles them again with the current rules (after an upgrade that corrects a rule
reading); ``--dry-run`` lists what would change and writes nothing; a session whose hand the
current rules refuse is kept as stored and named.

The rules "correction" is the toy variant's win worth 10 instead of 8 (tests/db/toy.py)."""

from __future__ import annotations

import json

from mjscore.db import Ledger
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import Draw

from tests.builders import MARKUP_NAMES as PLAYERS
from tests.builders import run_main as run
from tests.db.toy import win


def stored_ledger(path) -> tuple[int, int]:
    """Two sessions: one whose wins a corrected rule changes, one with a draw only."""
    with Ledger.open(path) as led:
        a = led.create_session("guobiao", PLAYERS, {}, "1", 0, "")
        led.add_event(a, win(1, 2))  # 8 from seat 2; the deal passes to 1
        led.add_event(a, Draw())
        led.add_event(a, win(3, 1))  # 8 from seat 1
        b = led.create_session("guobiao", PLAYERS, {}, "1", 0, "")
        led.add_event(b, Draw())
    return a, b


def totals(path, sid: int) -> tuple[int, ...]:
    with Ledger.open_to_read(path) as led:
        return led.session_info(sid).totals


def correct_the_rule(monkeypatch, toy_variant) -> None:
    monkeypatch.setattr(
        type(toy_variant),
        "rules",
        lambda self, options=None, where="options": toy_variant.Rules(win_points=10),
    )


def test_stored_sessions_keep_their_settlement_until_rebuilt(
    tmp_path, capsys, monkeypatch, toy_variant
):
    path = tmp_path / "l.sqlite3"
    a, b = stored_ledger(path)
    assert totals(path, a) == (0, 8 - 8, -8, 8)
    correct_the_rule(monkeypatch, toy_variant)
    db = ["--db", str(path)]
    # the upgrade alone changes nothing stored
    assert totals(path, a) == (0, 0, -8, 8)
    # --dry-run lists the session and its changed hands, and writes nothing
    code, out, err = run(capsys, *db, "rebuild", "--all", "--dry-run")
    assert code == 0 and err == ""
    assert f"session {a} (guobiao): would change, hands 1, 3" in out
    assert f"session {b}" not in out
    assert "2 session(s) checked, 4 hands: 1 would be re-settled (2 hands changed)" in out
    assert totals(path, a) == (0, 0, -8, 8)
    # the rebuild stores the new settlement, and a second run finds nothing to do
    code, out, _ = run(capsys, *db, "rebuild", str(a))
    assert code == 0 and f"session {a} (guobiao): re-settled, hands 1, 3" in out
    assert "+0 +0 -8 +8 → +0 +0 -10 +10" in out
    assert totals(path, a) == (0, 0, -10, 10)
    code, out, _ = run(capsys, *db, "rebuild", "--all", "--json")
    got = json.loads(out)
    assert code == 0 and got["changed_sessions"] == 0 and got["changed_hands"] == 0


def test_a_session_the_rules_now_refuse_is_kept_and_named(
    tmp_path, capsys, monkeypatch, toy_variant
):
    path = tmp_path / "l.sqlite3"
    a, b = stored_ledger(path)
    settle = type(toy_variant).settle_hand

    def stricter(self, hand, state, rules):
        if state.hand_number == 3:
            raise MjError(ErrorCode.NOT_A_WIN, "refused by the corrected rules", where="events[0]")
        return settle(self, hand, state, rules)

    monkeypatch.setattr(type(toy_variant), "settle_hand", stricter)
    correct_the_rule(monkeypatch, toy_variant)
    code, out, err = run(capsys, "--db", str(path), "rebuild", "--all")
    assert code == 1 and err == ""
    line = next(x for x in out.splitlines() if x.startswith(f"session {a} "))
    assert "kept as stored, hand 3 no longer settles" in line and "refused by the corrected" in line
    assert totals(path, a) == (0, 0, -8, 8)  # nothing of it rewritten
    assert "1 kept as stored because a hand no longer settles" in out


def test_usage_errors_are_one_line(tmp_path, capsys, toy_variant):
    path = tmp_path / "l.sqlite3"
    stored_ledger(path)
    for argv in (["rebuild"], ["rebuild", "1", "--all"], ["rebuild", "99"]):
        code, out, err = run(capsys, "--db", str(path), *argv)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, argv
