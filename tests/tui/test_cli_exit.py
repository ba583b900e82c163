"""``mjscore calc`` and ``mjscore replay`` end without the interpreter's teardown once their
output is flushed (tui/cli.py ``run``): what they write, and the status they exit with, are
as the command's own ``main`` gives them, however large the output, wherever it goes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.builders import ENGINE_DATA, ROOT, mjscore, mjscore_process

RECORDS = sorted(ENGINE_DATA.glob("*.json"))


def _long_record(tmp_path):
    """A played record repeated to a few hundred hands: an output of many pipe buffers."""
    rec = json.loads(RECORDS[0].read_text(encoding="utf-8"))
    rec["hands"] = [h for h in rec["hands"] if h.get("events")] * 100
    path = tmp_path / "long.json"
    path.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("json_out", [True, False])
def test_a_replay_process_writes_all_its_output_and_status(tmp_path, json_out):
    path = _long_record(tmp_path)
    argv = ["replay", str(path), *(["--json"] if json_out else [])]
    want = mjscore(*argv)
    got = mjscore_process(*argv)
    assert want.returncode == 0 and len(want.stdout.encode()) > 200_000
    assert (got.returncode, got.stdout, got.stderr) == (0, want.stdout, want.stderr)


def test_calc_and_replay_refusals_keep_their_line_and_status(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    for argv in (["calc", "guobiao", "19m19p19sESWNCFPx"], ["replay", str(bad)]):
        want = mjscore(*argv)
        got = mjscore_process(*argv)
        assert want.returncode == 2 and want.stderr.startswith("mjscore: ")
        assert (got.returncode, got.stdout, got.stderr) == (2, want.stdout, want.stderr)


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path):
    path = _long_record(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "mjscore", "replay", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(100)  # `mjscore replay … | head -c 100`
    proc.stdout.close()
    err = proc.stderr.read().decode("utf-8")
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in err
