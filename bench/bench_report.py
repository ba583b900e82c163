"""How long the report of a 200-hand session takes (issue 8: under a second).

Run: ``.venv/bin/python bench/bench_report.py [--hands 200] [--repeat 5]``

Two 200-hand sessions are built: Guobiao (a mix of wins typed as tiles, so PyMahjongGB
values each one, declared-fan wins, kongs, draws and false wins) and Nanjing (the 13-hand
streak of ``tests/engine/data/nanjing_streak.json`` repeated). For each it times, best of
``--repeat``:

- ``load+replay`` — parse the record and settle every hand with the real variant;
- ``report text`` / ``report json`` — review, statistics and settle-up from the replay
  (what ``mjscore report`` adds on top of ``replay``);
- ``cli report`` — the whole ``mjscore report FILE`` in-process (load, replay, text);
- ``review screen`` / ``stats screen`` — pushing the Textual screens headless (Pilot) until
  idle, all 200 rows in the table and both charts drawn (best of 3 after a warm-up push;
  animations off, so the tab underline's slide is not counted).

``--hands 1`` gives the fixed cost of Textual itself for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mjscore.engine.core import replay  # noqa: E402
from mjscore.engine.record import load_session  # noqa: E402
from mjscore.tui.report_text import report_json, report_text  # noqa: E402

PLAYERS = ["阿明", "小芳", "老王", "Lee"]
GB_HANDS = [
    "19m19p19sESWNCFPP",
    "11223344556677m",
    "123456789m123p55p",
    "123m456p789s234s55m",
    "[555p,2]123456789m11s",
]


def guobiao_record(n: int) -> dict:
    hands = []
    for i in range(n):
        k = i % 10
        winner = i % 4
        other = (winner + 1 + i % 3) % 4
        if k in (0, 3, 6):
            hand = GB_HANDS[(i // 10 + k) % len(GB_HANDS)]
            evs = []
            if hand.startswith("[555p,2]"):  # a pung claimed from 对家
                frm = (winner + 2) % 4
                other = frm if other == winner else other
                evs.append({"type": "pung", "player": winner, "from": frm, "tile": "5p"})
            evs.append({"type": "win", "player": winner, "from": other, "hand": hand})
        elif k in (1, 4, 7):
            evs = [
                {
                    "type": "win",
                    "player": winner,
                    "from": None if k == 4 else other,
                    "fan": 8 + (i % 17),
                }
            ]
        elif k == 2:
            evs = [
                {"type": "kong", "player": other, "kind": "concealed", "tile": "9s"},
                {"type": "win", "player": winner, "from": None, "fan": 12},
            ]
        elif k == 5:
            evs = [{"type": "draw"}]
        elif k == 8:
            evs = [{"type": "false_win", "player": other}]
        else:
            evs = [{"type": "win", "player": winner, "from": other, "fan": 24}]
        hands.append({"events": evs})
    return {"format": 1, "variant": "guobiao", "stake": 0.5, "players": PLAYERS, "hands": hands}


def nanjing_record(n: int) -> dict:
    base = json.loads((ROOT / "tests/engine/data/nanjing_streak.json").read_text(encoding="utf-8"))
    hands = (base["hands"] * (n // len(base["hands"]) + 1))[:n]
    return dict(base, hands=hands)


def best(fn, repeat: int) -> tuple[float, object]:
    out = None
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


async def mount_screens(session, rep, repeat: int) -> tuple[float, float]:
    """Best-of-``repeat`` seconds to push each screen until idle (a first, untimed push
    loads Textual's widget classes and CSS)."""
    from mjscore.tui.screens.review import ReviewScreen
    from mjscore.tui.screens.stats import StatsScreen
    from textual.app import App
    from textual.widgets import DataTable

    app = App()
    app.animation_level = "none"  # time the work, not the tab underline's slide
    t_review = t_stats = float("inf")
    async with app.run_test(size=(120, 36)) as pilot:
        for i in range(repeat + 1):
            t = time.perf_counter()
            scr = ReviewScreen(session, rep)
            await app.push_screen(scr)
            await pilot.pause()
            assert scr.query_one("#review-hands", DataTable).row_count == len(rep.hands)
            if i:
                t_review = min(t_review, time.perf_counter() - t)
            t = time.perf_counter()
            st = StatsScreen(session, rep)
            await app.push_screen(st)
            await pilot.pause()
            await pilot.press("2")  # the charts tab: both charts drawn
            await pilot.pause()
            assert st.query_one("#chart-running").size.width > 0
            if i:
                t_stats = min(t_stats, time.perf_counter() - t)
            await app.pop_screen()
            await app.pop_screen()
            await pilot.pause()
    return t_review, t_stats


def run(name: str, record: dict, repeat: int) -> dict[str, float]:
    text = json.dumps(record, ensure_ascii=False)
    t_load, (session, rep) = best(lambda: (lambda s: (s, replay(s)))(load_session(text)), repeat)
    assert len(rep.hands) == len(record["hands"]), "every hand settles"
    t_text, out = best(lambda: report_text(session, rep), repeat)
    t_json, _ = best(lambda: json.dumps(report_json(session, rep), ensure_ascii=False), repeat)

    from mjscore.tui.cli import main

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"{name}.json"
        path.write_text(text, encoding="utf-8")

        def cli() -> int:
            with contextlib.redirect_stdout(io.StringIO()):
                return main(["report", str(path)])

        t_cli, rc = best(cli, repeat)
        assert rc == 0
    t_review, t_stats = asyncio.run(mount_screens(session, rep, min(repeat, 3)))
    figures = {
        "load+replay": t_load,
        "report text": t_text,
        "report json": t_json,
        "cli report": t_cli,
        "review screen": t_review,
        "stats screen": t_stats,
    }
    print(f"{name}: {len(rep.hands)} hands, report {len(str(out).splitlines())} lines")
    for k, v in figures.items():
        print(f"  {k:<14} {v * 1000:8.1f} ms")
    return figures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    worst = 0.0
    for name, rec in (
        ("guobiao", guobiao_record(args.hands)),
        ("nanjing", nanjing_record(args.hands)),
    ):
        figs = run(name, rec, args.repeat)
        worst = max(worst, figs["cli report"], figs["review screen"], figs["stats screen"])
    print(
        f"slowest of cli report / screens: {worst * 1000:.1f} ms ({'OK' if worst < 1 else 'OVER'} the 1 s budget)"
    )
    return 0 if worst < 1 else 1


if __name__ == "__main__":
    sys.exit(main())
