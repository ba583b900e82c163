"""Start-up time of ``mjscore`` to its home screen, against an empty Textual app.

Each sample is a fresh Python process (imports included, as a user pays them) that runs the
app headless and exits as soon as the first screen is up:
  empty  — ``textual.app.App()`` with no widgets;
  home   — ``mjscore`` (its command line read as tui.cli reads it + ledger open + home
           screen) on an empty ledger;
  home50 — the same on a ledger holding 50 sessions of 16 hands each (the session list).
Prints the median and the spread of N samples (default 7) and the difference home − empty.
Run: .venv/bin/python bench/bench_startup.py [N]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

EMPTY = """
from textual.app import App
async def auto(pilot):
    await pilot.pause()
    pilot.app.exit()
App().run(headless=True, size=(120, 36), auto_pilot=auto)
"""

HOME = """
import sys
from mjscore.tui import heap
heap.starting()  # what `mjscore` (tui/cli.py main) does before opening the app
from mjscore.tui.cli import read_command_line
args = read_command_line(["--db", sys.argv[1]])  # and how it reads `mjscore --db FILE`
from mjscore.tui.app import make_app
from mjscore.tui.screens.home import HomeScreen
async def auto(pilot):
    while not isinstance(pilot.app.screen, HomeScreen):
        await pilot.pause()
    await pilot.pause()
    pilot.app.exit()
app = make_app(db_path=args.db, lang="en")
app.run(headless=True, size=(120, 36), auto_pilot=auto)
app.ledger.close()
"""


def sample(code: str, *args: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", code, *args],
        check=True,
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - t0


def fill(db: str, sessions: int = 50, hands: int = 16) -> None:
    sys.path.insert(0, str(ROOT))
    from mjscore.db.ledger import Ledger

    with Ledger.open(db) as led:
        for s in range(sessions):
            sid = led.create_session("nanning", [f"P{s}a", f"P{s}b", "阿明", "Lee"])
            for h in range(hands):
                led.add_event(
                    sid,
                    {
                        "type": "win",
                        "player": h % 4,
                        "from": (h + 1) % 4,
                        "patterns": ["all_pungs"],
                        "concealed": False,
                    },
                )


def report(name: str, xs: list[float]) -> float:
    med = statistics.median(xs)
    print(
        f"{name:7} median {med * 1000:7.0f} ms   min {min(xs) * 1000:6.0f}   max {max(xs) * 1000:6.0f}   (n={len(xs)})"
    )
    return med


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    with tempfile.TemporaryDirectory() as tmp:
        empty_db = str(Path(tmp) / "empty.sqlite3")
        full_db = str(Path(tmp) / "full.sqlite3")
        fill(full_db)
        sample(EMPTY)  # warm the OS file cache once
        sample(HOME, empty_db)
        empty = [sample(EMPTY) for _ in range(n)]
        home = [sample(HOME, empty_db) for _ in range(n)]
        home50 = [sample(HOME, full_db) for _ in range(n)]
    e = report("empty", empty)
    h = report("home", home)
    f = report("home50", home50)
    print(f"home − empty = {(h - e) * 1000:.0f} ms; home50 − empty = {(f - e) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
