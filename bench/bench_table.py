"""The table's speed as ratios against anchors timed in the same run (a script, not a test).

Every figure is a median of several samples on a headless app driven by Textual's Pilot (the
same keys a person types); each is reported as a ratio against its anchor, so a busy machine
moves both sides:

* confirm a hand (Enter in the win dialog until the table shows the next hand), undo the last
  event, open the win dialog (``w``): a 1,000-hand session against a 10-hand one (goal ≤ 1.2×);
* confirm against the floor: a bare Textual modal dismissed with Enter whose result appends
  one DataTable row (goal ≤ 2×);
* a key in the win dialog's tiles field until the frame that shows its preview is drawn,
  against a bare Input → Static echo timed the same way (goal ≤ 2×; the time until Pilot is
  done waiting is printed beside it);
* the home screen with 1,000 sessions against an empty ledger, and start-up to the home
  screen against an empty Textual app, each a fresh process as a user pays it (goals ≤ 1.2×,
  ≤ 1.5×);
* the lifetime screen of a player who sat in 1,000 sessions, in seconds (goal ≤ 0.3 s).

    .venv/bin/python bench/bench_table.py [--samples 7] [--rounds 3] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FLUSH = "11224455668899p"  # seven pairs in one suit: a win in every rule set
NAMES = ["阿明", "小芳", "老王", "Lee"]
SIZE = (120, 36)


def med(xs: list[float]) -> float:
    return statistics.median(xs)


# CPU seconds, not wall-clock: on a shared machine another process's work must not count.
# (``--wall`` times wall-clock instead.)
clock = time.process_time
WALL = False


# ---------------------------------------------------------------- ledgers


def hands_record(variant: str, n: int, names=NAMES) -> dict:
    hands = []
    for i in range(n):
        if i % 7 == 3:
            evs = [{"type": "draw", "last_drawer": i % 4}]
        else:
            evs = [{"type": "win", "player": i % 4, "from": (i + 1) % 4, "hand": FLUSH}]
        hands.append({"events": evs})
    return {
        "format": 1,
        "variant": variant,
        "options": {},
        "stake": "0.5",
        "players": list(names),
        "first_dealer": 0,
        "hands": hands,
    }


def ledger_with(n_hands: int, variant: str = "nanjing"):
    from mjscore.db.ledger import Ledger
    from mjscore.engine.record import load_session

    led = Ledger.memory()
    led.import_session(load_session(hands_record(variant, n_hands)), ended=False)
    return led


def fill_sessions(path: str, n: int, hands: int = 4) -> None:
    """``n`` small sessions, the player 老张 in every one."""
    from mjscore.db.ledger import Ledger
    from mjscore.engine.record import load_session

    with Ledger.open(path) as led:
        led.db.conn.execute("PRAGMA synchronous = OFF")
        for s in range(n):
            names = [f"P{s % 40}", f"Q{s % 37}", f"R{s % 23}", "老张"]
            variant = ("nanjing", "nanning", "guobiao")[s % 3]
            led.import_session(load_session(hands_record(variant, hands, names)))


# ---------------------------------------------------------------- the app under Pilot


async def settle(pilot) -> None:
    await pilot.pause()


async def after_start_up(pilot) -> None:
    """Wait until the app's start-up work is over: a moment after the first frame it imports
    the other screens and checks the ledger in a thread, whose CPU time would otherwise be
    counted in whichever samples it overlaps (a scorekeeper at hand 1,000 has long passed it)."""
    from mjscore.tui.app import BACKGROUND_LATEST

    await pilot.pause(BACKGROUND_LATEST)
    await pilot.app.workers.wait_for_complete()
    await settle(pilot)


class Frames:
    """When the app last finished drawing a frame (the compositor's update is handed to the
    driver): a key's time runs until the frame that shows its result, not until Pilot has
    done waiting, a wait that visits every widget of the screen and so costs a dialog of 34
    widgets ten times what it costs a bare app of three."""

    def __init__(self, app) -> None:
        self.last: float | None = None
        display = app._display

        def drawn(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is not None:
                self.last = clock()

        app._display = drawn

    def since(self, t: float) -> float:
        assert self.last is not None and self.last >= t, "no frame was drawn"
        return self.last - t


async def table_timings(n_hands: int, samples: int) -> dict[str, list[float]]:
    """Seconds of each confirm / undo / open-win-dialog / key on a session of ``n_hands``."""
    from mjscore.tui.app import make_app
    from mjscore.tui.screens.dialogs import WinDialog
    from mjscore.tui.screens.table import TableScreen

    led = ledger_with(n_hands)
    sid = led.list_sessions()[0].id
    app = make_app(ledger=led, lang="en")
    out: dict[str, list[float]] = {"confirm": [], "undo": [], "open": [], "key": [], "idle": []}
    frames = Frames(app)
    async with app.run_test(headless=True, size=SIZE) as pilot:
        await after_start_up(pilot)
        app.open_session(sid)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        for _ in range(samples):
            t = clock()
            await pilot.press("w")
            await settle(pilot)
            out["open"].append(clock() - t)
            assert isinstance(app.screen, WinDialog)
            await pilot.press("2", "3")
            app.screen.action_tiles()
            await pilot.press(*FLUSH)
            await settle(pilot)
            for _k in range(3):  # a key in the tiles field until the preview shows it
                await pilot.press("backspace")
                await settle(pilot)
                t, frames.last = clock(), None
                await pilot.press(FLUSH[-1])
                await settle(pilot)
                out["idle"].append(clock() - t)
                out["key"].append(frames.since(t))
            before = len(led.get_session(sid).hands)
            t = clock()
            await pilot.press("enter")
            await settle(pilot)
            out["confirm"].append(clock() - t)
            assert isinstance(app.screen, TableScreen)
            assert len(led.get_session(sid).hands) == before + 1
            # undo an event of the open hand (a kong), so no question is asked; the table
            # redraws it as after its own entry (a whole reload would read the session again,
            # as only opening the table does)
            led.add_event(sid, {"type": "kong", "player": 1, "kind": "concealed", "tile": "3s"})
            app.screen.reload(from_hand=len(led.get_session(sid).hands))
            await settle(pilot)
            t = clock()
            await pilot.press("u")
            await settle(pilot)
            out["undo"].append(clock() - t)
    return out


async def floor_timings(samples: int) -> dict[str, list[float]]:
    """A bare modal dismissed with Enter that appends one DataTable row; a bare Input→Static echo."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.screen import ModalScreen
    from textual.widgets import DataTable, Input, Label, Static

    class Modal(ModalScreen[int]):
        BINDINGS = [Binding("enter", "ok", "ok")]

        def compose(self) -> ComposeResult:
            yield Label("confirm?")

        def action_ok(self) -> None:
            self.dismiss(1)

    class Floor(App):
        def compose(self) -> ComposeResult:
            yield DataTable(id="t")
            yield Input(id="i")
            yield Static("", id="s")

        def on_mount(self) -> None:
            t = self.query_one(DataTable)
            t.add_columns("#", "a", "b", "c", "d", "summary")
            for i in range(10):
                t.add_row(str(i), "+1", "-1", "0", "0", "a hand")
            t.focus()

        def on_input_changed(self, event: Input.Changed) -> None:
            self.query_one("#s", Static).update(event.value)

        def ask(self) -> None:
            def done(_r: int | None) -> None:
                t = self.query_one(DataTable)
                t.add_row(str(t.row_count), "+1", "-1", "0", "0", "a hand")
                t.move_cursor(row=t.row_count - 1)

            self.push_screen(Modal(), done)

    app = Floor()
    frames = Frames(app)
    out: dict[str, list[float]] = {"confirm": [], "key": [], "idle": []}
    async with app.run_test(headless=True, size=SIZE) as pilot:
        for _ in range(samples):
            app.ask()
            await settle(pilot)
            t = clock()
            await pilot.press("enter")
            await settle(pilot)
            out["confirm"].append(clock() - t)
        app.query_one(Input).focus()
        await settle(pilot)
        for _ in range(samples * 3):
            t, frames.last = clock(), None
            await pilot.press("x")
            await settle(pilot)
            out["idle"].append(clock() - t)
            out["key"].append(frames.since(t))
    return out


async def lifetime_seconds(path: str, samples: int) -> float:
    from mjscore.db.ledger import Ledger
    from mjscore.tui.app import make_app
    from mjscore.tui.screens.stats import LifetimeScreen
    from textual.pilot import WaitForScreenTimeout

    led = Ledger.open(path)
    app = make_app(ledger=led, lang="en")
    xs = []
    async with app.run_test(headless=True, size=SIZE) as pilot:
        await after_start_up(pilot)
        for _ in range(samples):
            t = clock()
            app.push_screen(LifetimeScreen.from_ledger(led, "老张", lang="en"))
            while True:  # a slow screen outlasts one Pilot wait
                try:
                    await settle(pilot)
                    break
                except WaitForScreenTimeout:
                    continue
            xs.append(clock() - t)
            app.pop_screen()
            await settle(pilot)
    led.close()
    return med(xs)


# ---------------------------------------------------------------- fresh processes

EMPTY = """
from textual.app import App
import time
async def auto(pilot):
    await pilot.pause()
    print(time.process_time())
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
async def auto(pilot):
    while type(pilot.app.screen).__name__ != "HomeScreen":
        await pilot.pause()
    await pilot.pause()
    import time
    print(time.process_time())  # CPU seconds until the home screen is up
    pilot.app.exit()
app = make_app(db_path=args.db, lang="en")
app.run(headless=True, size=(120, 36), auto_pilot=auto)
app.ledger.close()
"""


def process_seconds(code: str, *args: str) -> float:
    env = dict(os.environ)
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    # an installed app has its bytecode compiled (as Textual's is here): without this, a
    # shell with PYTHONDONTWRITEBYTECODE set would time compiling every mjscore module
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t = time.perf_counter()
    ran = subprocess.run(
        [sys.executable, "-c", code, *args],
        check=True,
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    # wall: the whole process; CPU: what the process had used when its first screen was up
    return time.perf_counter() - t if WALL else float(ran.stdout.split()[-1])


# ---------------------------------------------------------------- report


def line(name: str, value: float, anchor: float, goal: float, unit: str = "×") -> None:
    ratio = value / anchor
    ok = "ok" if ratio <= goal else "OVER"
    print(
        f"  {name:52} {value * 1000:8.1f} ms / {anchor * 1000:8.1f} ms = {ratio:5.2f}{unit}"
        f"  (goal ≤ {goal}{unit}) {ok}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=7)
    ap.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds of the samples, the sides of each ratio in turn",
    )
    ap.add_argument("--quick", action="store_true", help="fewer samples and sessions")
    ap.add_argument("--only-table", action="store_true", help="skip start-up and lifetime")
    ap.add_argument("--only-home", action="store_true", help="skip the table's timings")
    ap.add_argument("--wall", action="store_true", help="wall-clock instead of CPU time")
    args = ap.parse_args()
    global clock, WALL
    if args.wall:
        clock, WALL = time.perf_counter, True
    n = 3 if args.quick else args.samples
    rounds = 1 if args.quick else args.rounds
    big = 1000

    if (
        not args.only_home
    ):  # the table's timings take most of the run: skip them, not only their lines
        # in rounds, each of the three in turn, so that a slow spell of the machine falls on
        # all of them rather than on one side of a ratio
        got: dict[str, dict[str, list[float]]] = {"floor": {}, "small": {}, "large": {}}
        for _round in range(rounds):
            for side, run in (
                ("floor", lambda: floor_timings(n)),
                ("small", lambda: table_timings(10, n)),
                ("large", lambda: table_timings(big, n)),
            ):
                for key, values in asyncio.run(run()).items():
                    got[side].setdefault(key, []).extend(values)
        floor, small, large = (
            {key: med(values) for key, values in got[side].items()}
            for side in ("floor", "small", "large")
        )
        print(
            f"the table (Pilot, {SIZE[0]}×{SIZE[1]}, {'wall' if WALL else 'CPU'} time,"
            f" medians of {n} × {rounds} rounds):"
        )
        for key, what in (
            ("confirm", "confirm"),
            ("undo", "undo"),
            ("open", "open the win dialog"),
        ):
            line(f"{what}, {big} hands vs 10", large[key], small[key], 1.2)
        line("confirm (1,000 hands) vs modal + one row", large["confirm"], floor["confirm"], 2.0)
        line("key → preview (1,000 hands) vs Input→Static", large["key"], floor["key"], 2.0)
        print(
            f"  (the same keys until Pilot is done waiting: {large['idle'] * 1000:.1f} ms /"
            f" {floor['idle'] * 1000:.1f} ms = {large['idle'] / floor['idle']:.2f}×)"
        )

    if args.only_table:
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        empty_db = str(Path(tmp) / "empty.sqlite3")
        full_db = str(Path(tmp) / "full.sqlite3")
        t = clock()
        fill_sessions(full_db, 300 if args.quick else 1000)
        print(f"(ledger of sessions built in {clock() - t:.1f} s)")
        process_seconds(EMPTY)  # warm the file cache
        process_seconds(HOME, empty_db)
        # the three processes in turn, sample after sample (not each n times in a block)
        runs: list[tuple[float, float, float]] = [
            (
                process_seconds(EMPTY),
                process_seconds(HOME, empty_db),
                process_seconds(HOME, full_db),
            )
            for _ in range(n * rounds)
        ]
        empty, home0, home1k = (med([r[i] for r in runs]) for i in range(3))
        print("start-up and the home screen (fresh processes):")
        line("home screen, 1,000 sessions vs an empty ledger", home1k, home0, 1.2)
        line("start-up to the home screen vs an empty Textual app", home0, empty, 1.5)
        life = asyncio.run(lifetime_seconds(full_db, n))
    print("the lifetime screen:")
    ok = "ok" if life <= 0.3 else "OVER"
    print(f"  {'a player in 1,000 sessions':52} {life * 1000:8.1f} ms  (goal ≤ 300 ms) {ok}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
