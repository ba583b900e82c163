"""End to end: the real ``mjscore`` in a tmux terminal against a temporary ledger.

Creates a Nanning session by keystrokes, enters a kong, two wins and a draw, quits, and
checks the totals with ``mjscore export``. Expected figures come from spec/RULES.md §1.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
MJSCORE = Path(sys.executable).with_name("mjscore")


def _mjscore_cmd() -> list[str]:
    if MJSCORE.exists():
        return [str(MJSCORE)]
    return [sys.executable, "-m", "mjscore"]


class Tmux:
    def __init__(self, command: str, env: dict[str, str], cwd: Path, tmp: Path) -> None:
        # A private tmux server (own socket and config) with a fixed 120×36 window; COLUMNS
        # and LINES from the test runner's environment would override the pane's size.
        self.name = "mjscore-e2e"
        self.socket = str(tmp / "tmux.sock")
        conf = tmp / "tmux.conf"
        conf.write_text("set -g default-size 120x36\nset -g escape-time 10\n")
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        self.tmux(
            "-f",
            str(conf),
            "new-session",
            "-d",
            "-s",
            self.name,
            "-x",
            "120",
            "-y",
            "36",
            f"cd {shlex.quote(str(cwd))} && env -u COLUMNS -u LINES {exports} {command}",
        )

    def tmux(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True, text=True)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name).stdout

    def alive(self) -> bool:
        return self.tmux("has-session", "-t", self.name).returncode == 0

    def wait_for(self, text: str, timeout: float = 15.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; screen:\n{self.screen()}")

    def keys(self, *keys: str, literal: bool = False) -> None:
        for k in keys:
            self.tmux("send-keys", "-t", self.name, *(["-l"] if literal else []), k)
            time.sleep(0.15)  # one key at a time, as a person types (no paste bursts)

    def type(self, text: str) -> None:
        self.keys(text, literal=True)

    def kill(self) -> None:
        self.tmux("kill-server")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_session_by_keystrokes(tmp_path):
    db = tmp_path / "ledger.sqlite3"
    cmd = " ".join(_mjscore_cmd()) + f" --db {db} --lang en"
    env = {"TERM": "xterm-256color", "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
    t = Tmux(cmd, env, ROOT, tmp_path)
    try:
        t.wait_for("No sessions yet")
        t.keys("n")
        t.wait_for("Players (in turn order)")
        t.keys("1")  # 南宁; focus moves to the first player
        for i, name in enumerate(["阿明", "小芳", "老王", "Lee"]):
            t.type(name)
            if i < 3:
                t.keys("Tab")
        t.keys("C-s")
        t.wait_for("Hand 1")
        # hand 1: 老王 concealed kong; 小芳 wins 碰碰胡 on 老王's discard
        t.keys("k")
        t.wait_for("Kong — Hand 1")
        t.keys("3", "c", "Enter")
        t.wait_for("This hand so far")
        t.keys("w")
        t.wait_for("Win — Hand 1")
        t.keys("2", "3", "p")
        t.wait_for("碰碰胡 放炮")  # the preview, before confirming
        t.keys("Enter")
        t.wait_for("Hand 2")
        # hand 2: 阿明 self-draws a plain hand
        t.keys("w")
        t.wait_for("Win — Hand 2")
        t.keys("1", "0", "Enter")
        t.wait_for("Hand 3")
        # hand 3: exhaustive draw, Lee drew the last tile
        t.keys("d")
        t.wait_for("Draw — Hand 3")
        t.keys("4", "Enter")
        t.wait_for("Hand 4")
        t.keys("Escape")
        t.wait_for("del/undo")  # the home screen's footer ("esc Sessions" is the table's)
        t.keys("q")
        end = time.monotonic() + 10
        while t.alive() and time.monotonic() < end:
            time.sleep(0.1)
        assert not t.alive(), "mjscore did not quit"
    finally:
        t.kill()

    run_env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        _mjscore_cmd() + ["--db", str(db), "export", "1", "--format", "csv"],
        capture_output=True,
        text=True,
        env=run_env,
        check=True,
    ).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["hand"] for r in rows] == ["1", "2", "3", "total"]
    got = [int(rows[-1][f"{n} total"]) for n in ("阿明", "小芳", "老王", "Lee")]
    # RULES.md §1: concealed kong 1 from each other player (老王 +3, others −1);
    # 碰碰胡 放炮 not 门清: N(1) = 3·3·2^0 = 9 from 老王; 阿明 自摸 plain: S(0) = 3 from each;
    # 流局: only kong points settle (none in hand 3).
    assert got == [-1 + 9, -1 + 9 - 3, 3 - 9 - 3, -1 - 3]
    record = json.loads(
        subprocess.run(
            _mjscore_cmd() + ["--db", str(db), "export", "1"],
            capture_output=True,
            text=True,
            env=run_env,
            check=True,
        ).stdout
    )
    assert [h["events"][-1]["type"] for h in record["hands"]] == ["win", "win", "draw"]
    assert record["hands"][0]["events"][0] == {"type": "kong", "player": 2, "kind": "concealed"}
