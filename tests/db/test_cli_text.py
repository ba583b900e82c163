"""The scripting commands as a user meets them: text layout, options in either place,
errors that name the file."""

from __future__ import annotations

import json
import re

import pytest
from mjscore.engine.money import text_width

from tests.builders import RECORDS, mjscore_process
from tests.builders import run_main as run

ODD_NAMES = ["阿明", "e\u0301e\u0301 Zoë", "[b]x[/b]", "Lee 🀄"]


@pytest.fixture
def record_file(tmp_path):
    src = tmp_path / "s.json"
    src.write_text(
        json.dumps({**RECORDS["guobiao"], "players": ODD_NAMES}, ensure_ascii=False),
        encoding="utf-8",
    )
    return src


def test_replay_text_payment_columns_line_up(record_file, capsys):
    code, out, err = run(capsys, "replay", str(record_file))
    assert code == 0 and err == ""
    lines = [ln for ln in out.splitlines() if " → " in ln]
    assert len(lines) >= 4
    # the arrow, and the end of the amount, stand in the same terminal column on every line
    assert len({text_width(ln[: ln.index("→")]) for ln in lines}) == 1
    ends = {text_width(ln[: re.search(r"→ .*? (\d+)  ", ln).end(1)]) for ln in lines}
    assert len(ends) == 1


@pytest.mark.parametrize("where", ["before", "after"])
def test_report_and_stats_take_db_after_the_command(tmp_path, record_file, capsys, where):
    db = str(tmp_path / "l.sqlite3")
    assert run(capsys, "--db", db, "import", str(record_file))[0] == 0
    for argv in (["report", "1", "--only", "settle"], ["stats", "阿明", "--json"]):
        full = ["--db", db, *argv] if where == "before" else [*argv, "--db", db]
        code, out, err = run(capsys, *full)
        assert code == 0 and err == "" and out, (full, err)


@pytest.mark.parametrize("command", ["replay", "import", "report"])
def test_invalid_json_error_names_the_file(tmp_path, capsys, command):
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": 1,\n', encoding="utf-8")
    code, out, err = run(capsys, "--db", str(tmp_path / "l.sqlite3"), command, str(bad))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "broken.json" in err and "line 2" in err


def test_a_ledger_session_that_no_longer_settles_is_named(tmp_path, record_file, capsys):
    import sqlite3

    from mjscore.db import Ledger
    from mjscore.db.transfer import import_record

    db = tmp_path / "l.sqlite3"
    assert run(capsys, "--db", str(db), "import", str(record_file))[0] == 0
    with Ledger.open(db) as led:  # a second copy (the command line would skip it)
        import_record(led, record_file.read_text(encoding="utf-8"))
    # session 2's first win, as if edited outside mjscore (or settled by an older rule)
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE events SET payload = json_set(payload, '$.hand', '1122445566889p9s') WHERE id ="
        " (SELECT e.id FROM events e JOIN hands h ON h.id = e.hand_id"
        "  WHERE h.session_id = 2 AND e.type = 'win' LIMIT 1)"
    )
    conn.commit()
    conn.close()
    # report settles the session again from its events, and names it
    code, out, err = run(capsys, "--db", str(db), "report", "2")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "session 2" in err and "hands[0]" in err, err
    assert run(capsys, "--db", str(db), "report", "1", "--only", "settle")[0] == 0


def test_report_review_names_declared_patterns_in_chinese(capsys):
    from tests.builders import ENGINE_DATA

    src = ENGINE_DATA / "nanjing_streak.json"
    if not src.exists():
        pytest.skip("no Nanjing session data")
    rec = json.loads(src.read_text(encoding="utf-8"))
    declared = {p for h in rec["hands"] for e in h["events"] for p in e.get("patterns", ())}
    assert {"concealed", "all_pungs"} <= declared
    code, out, err = run(capsys, "--lang", "zh", "report", str(src), "--only", "review")
    assert code == 0 and err == ""
    said = [ln for ln in out.splitlines() if " 报 " in ln]
    assert said and not any(pid in ln for ln in said for pid in declared), said[:3]
    assert any("报 门清" in ln for ln in said) and any("对对胡" in ln for ln in said)


def test_stats_reads_only_the_players_sessions(tmp_path, record_file, capsys):
    """A session the player did not sit in is not read: it cannot slow their figures down,
    nor stop them (here its stored settlement is damaged)."""
    import sqlite3

    db = tmp_path / "l.sqlite3"
    other = tmp_path / "other.json"
    other.write_text(
        json.dumps({**RECORDS["guobiao"], "players": ["甲", "乙", "丙", "丁"]}, ensure_ascii=False),
        encoding="utf-8",
    )
    assert run(capsys, "--db", str(db), "import", str(record_file))[0] == 0
    assert run(capsys, "--db", str(db), "import", str(other))[0] == 0
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE payments SET amount = amount + 1 WHERE hand_id ="
        " (SELECT id FROM hands WHERE session_id = 2 AND status = 'win' LIMIT 1)"
    )
    conn.commit()
    conn.close()
    code, out, err = run(capsys, "--db", str(db), "stats", "阿明", "--json")
    assert code == 0 and err == ""
    assert [s["session"] for s in json.loads(out)["sessions"]] == ["#1"]
    code, out, err = run(capsys, "--db", str(db), "stats", "甲")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "damaged" in err


def _mjscore(*argv: str, stdin: bytes = b"", **env: str):
    """A real process: these tests are about the bytes a terminal and a pipe carry."""
    return mjscore_process(*argv, stdin=stdin, text=False, **env)


@pytest.mark.parametrize("command", ["replay", "report", "import"])
def test_non_utf8_standard_input_is_named_as_such(tmp_path, command):
    r = _mjscore(
        "--db", str(tmp_path / "l.sqlite3"), command, "-", stdin=b'{"players": ["\xff\xfe"]}'
    )
    err = r.stderr.decode("utf-8")
    assert r.returncode == 2 and r.stdout == b"" and len(err.strip().splitlines()) == 1
    assert "standard input is not UTF-8 text" in err
    assert not (tmp_path / "l.sqlite3").exists()


@pytest.mark.parametrize("command", ["replay", "report", "import"])
def test_a_record_saved_with_a_utf8_bom_is_read(tmp_path, record_file, capsys, command):
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + record_file.read_bytes())
    code, out, err = run(capsys, "--db", str(tmp_path / "l.sqlite3"), command, str(bom))
    assert code == 0 and err == "" and out


def test_a_terminal_that_cannot_show_the_names_is_one_line(tmp_path, record_file):
    r = _mjscore("replay", str(record_file), PYTHONIOENCODING="ascii")
    err = r.stderr.decode("ascii", "replace")
    assert r.returncode == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "UTF-8" in err


@pytest.mark.parametrize(
    "bad",
    [
        "\u202eLee",  # right-to-left override: would reverse the rest of every report line
        "a\u202ab",  # left-to-right embedding
        "a\u2067b",  # right-to-left isolate (unbalanced)
        "a\u009bb",  # C1 control (CSI in 8-bit terminals)
    ],
)
def test_names_that_would_garble_a_terminal_line_are_refused(tmp_path, capsys, bad):
    src = tmp_path / "s.json"
    src.write_text(
        json.dumps({**RECORDS["guobiao"], "players": [bad, "b", "c", "d"]}, ensure_ascii=False),
        encoding="utf-8",
    )
    db = tmp_path / "l.sqlite3"
    code, out, err = run(capsys, "--db", str(db), "import", str(src))
    assert code == 2 and out == "" and "players[0]" in err and not db.exists()


def test_right_to_left_names_are_welcome(tmp_path, capsys):
    src = tmp_path / "s.json"
    names = ["שלום", "مرحبا", "a\u200fb", "Zoë"]  # Hebrew, Arabic, a right-to-left mark
    src.write_text(
        json.dumps({**RECORDS["guobiao"], "players": names}, ensure_ascii=False), encoding="utf-8"
    )
    code, out, err = run(capsys, "report", str(src), "--only", "settle")
    assert code == 0 and all(n in out for n in names)


@pytest.mark.parametrize("source", ["ledger", "file"])
def test_stats_of_an_unknown_name_suggests_the_near_ones(tmp_path, record_file, capsys, source):
    db = tmp_path / "l.sqlite3"
    if source == "ledger":
        assert run(capsys, "--db", str(db), "import", str(record_file))[0] == 0
        where = ["--db", str(db)]
    else:
        where = ["--file", str(record_file)]
    code, out, err = run(capsys, "stats", "lee 🀄", *where)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "'lee 🀄'" in err and "Lee 🀄" in err
