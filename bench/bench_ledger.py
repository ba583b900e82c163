"""Ledger benchmark (a script, not a test).

Builds a ledger of N sessions × H hands on a real file (default 1,000 × 100, players drawn
from a pool of 40 people, rule sets rotating over those built), plus one 200-hand session,
then times the operations the app does all the time:

* open the ledger, and open it with the ``PRAGMA quick_check`` every writer runs first,
* list the sessions, totals of one session,
* lifetime stats of one player (a typical one, and a "regular" who sat in every session):
  ``Ledger.lifetime_stats`` and ``Ledger.lifetime_figures`` (what ``mjscore stats`` reads),
* amend hand 1 of the 200-hand session (re-settles all 200 hands, one transaction, fsync).

Targets (issue 6): each read under 50 ms (the regular's lifetime figures: 500 ms), the amend
under 500 ms; the whole ``mjscore stats`` command under a second.

    .venv/bin/python bench/bench_ledger.py [--sessions 1000] [--hands 100] [--path FILE] [--keep]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mjscore.db import Ledger  # noqa: E402
from mjscore.engine.record import load_session  # noqa: E402

FLUSH = "11224455668899p"
POOL = [f"玩家{i:02d}" for i in range(39)]
REGULAR = "老张 🀄"  # sits in every session


JING = {
    "type": "jing",
    "indicator": "5m",
    "lower": "2p",
    "lower_counts": [[0, 0], [1, 0], [0, 0], [0, 0]],
}


def hands(variant: str, n: int, rng: random.Random) -> list[dict]:
    out = []
    for _ in range(n):
        r = rng.random()
        evs: list[dict] = [JING] if variant == "nanchang" else []
        konger = None
        if r < 0.2:
            konger = rng.randrange(4)
            evs.append({"type": "kong", "player": konger, "kind": "concealed", "tile": "3s"})
        if r < 0.12:
            evs.append({"type": "draw", "last_drawer": rng.randrange(4)})
        elif r < 0.15:
            evs.append({"type": "false_win", "player": rng.randrange(4)})
        else:
            p = rng.choice([x for x in range(4) if x != konger])
            f = rng.choice([None, *(x for x in range(4) if x != p)])
            w = {"type": "win", "player": p, "from": f}
            if variant != "nanchang":  # Nanchang: declared 平胡 (tiles would need the jing)
                w["hand"] = FLUSH
            evs.append(w)
        out.append({"events": evs})
    return out


def record(variant: str, players: list[str], n: int, rng: random.Random) -> dict:
    return {
        "variant": variant,
        "players": players,
        "stake": "0.5",
        "first_dealer": rng.randrange(4),
        "hands": hands(variant, n, rng),
    }


def timed(fn, repeat: int) -> tuple[float, float, float]:
    """Median and max wall-clock ms, and median CPU ms (steadier on a busy machine)."""
    wall, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return statistics.median(wall), max(wall), statistics.median(cpu)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=1000)
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--path", help="ledger file to build (default: a temporary file)")
    ap.add_argument("--keep", action="store_true", help="keep the generated ledger")
    ap.add_argument(
        "--reuse", action="store_true", help="time an existing --path ledger made by this script"
    )
    args = ap.parse_args()

    variants = [
        v
        for v in ("guobiao", "nanjing", "nanning", "nanchang")
        if importlib.util.find_spec(f"engine.variants.{v}")
    ]
    tmp = None
    if args.path:
        path = Path(args.path)
    else:
        tmp = tempfile.TemporaryDirectory()
        path = Path(tmp.name) / "bench.sqlite3"
    rng = random.Random(6)

    if args.reuse and path.exists():
        with Ledger.open(path) as led:
            big = led.list_sessions()[0].id
            args.sessions = big - 1
        print(f"reusing {path} ({args.sessions} sessions + one of 200)")
    else:
        t0 = time.perf_counter()
        led = Ledger.open(path)
        led.db.conn.execute(
            "PRAGMA synchronous = OFF"
        )  # generation only; the timings below use FULL
        for i in range(args.sessions):
            players = rng.sample(POOL, 3) + [REGULAR]
            rng.shuffle(players)
            led.import_session(
                load_session(record(variants[i % len(variants)], players, args.hands, rng))
            )
        big = led.import_session(
            load_session(record("guobiao", rng.sample(POOL, 3) + [REGULAR], 200, rng))
        )
        led.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        led.close()
        gen = time.perf_counter() - t0
        size = path.stat().st_size / 2**20
        print(
            f"generated {args.sessions} sessions × {args.hands} hands + one of 200 ({', '.join(variants)}) "
            f"in {gen:.1f} s; file {size:.1f} MiB"
        )

    rows = []

    def open_close():
        Ledger.open(path).close()

    rows.append(("open", *timed(open_close, 10), 50))

    def open_verify_close():  # what every command-line writer does before its first write
        with Ledger.open(path) as led:
            led.verify()

    rows.append(("open + quick_check (a writer's start)", *timed(open_verify_close, 5), 2000))
    led = Ledger.open(path)
    mid = args.sessions // 2
    typical = POOL[7]
    rows.append(("list sessions", *timed(led.list_sessions, 10), 50))
    rows.append(("totals of one session", *timed(lambda: led.session_totals(mid), 20), 50))
    rows.append(
        ("lifetime stats, typical player", *timed(lambda: led.lifetime_stats(typical), 20), 50)
    )
    rows.append(
        (
            "lifetime stats, player in every session",
            *timed(lambda: led.lifetime_stats(REGULAR), 10),
            50,
        )
    )
    rows.append(
        ("lifetime figures, typical player", *timed(lambda: led.lifetime_figures(typical), 10), 50)
    )
    rows.append(
        (
            "lifetime figures, player in every session",
            *timed(lambda: led.lifetime_figures(REGULAR), 5),
            500,
        )
    )
    rows.append(("hands of one session (100)", *timed(lambda: led.hands(mid), 10), 50))

    original = [e for e in led.hand(big, 1).events]
    alt = [{"type": "draw", "last_drawer": 0}]
    flip = [0]

    def amend():
        flip[0] ^= 1
        led.amend_hand(big, 1, alt if flip[0] else original)

    rows.append(("amend hand 1 of a 200-hand session", *timed(amend, 6), 500))
    sessions = led.list_sessions()
    assert len(sessions) == args.sessions + 1
    st = led.lifetime_stats(typical)
    led.close()

    def cli_stats(name: str):
        import contextlib
        import io

        from mjscore.tui.cli import main as mjscore

        with contextlib.redirect_stdout(io.StringIO()):
            assert mjscore(["--db", str(path), "stats", name]) == 0

    # the whole `mjscore stats NAME` (lifetime figures from SQL, per-session lines, biggest
    # wins; before m003 it read every hand the player played): one run each
    rows.append(("mjscore stats, typical player", *timed(lambda: cli_stats(typical), 3), 1000))
    rows.append(
        ("mjscore stats, player in every session", *timed(lambda: cli_stats(REGULAR), 1), 1000)
    )

    print(f"{'operation':<42} {'median ms':>10} {'max ms':>8} {'cpu ms':>7} {'target':>9}")
    ok = True
    for name, med, mx, cpu, target in rows:
        flag = "ok" if med < target else "SLOW"
        ok &= med < target
        print(f"{name:<42} {med:>10.1f} {mx:>8.1f} {cpu:>7.1f} {target:>6} ms {flag}")
    print(f"({typical}: {st.sessions} sessions, {st.hands} hands)")
    if tmp and not args.keep:
        tmp.cleanup()
    elif tmp:
        print(f"kept {path}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
