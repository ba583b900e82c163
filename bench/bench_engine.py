"""Engine speed as a user meets it, as ratios against the bare C++ fan calculator.

Run: ``.venv/bin/python bench/bench_engine.py [--hands 2000] [--repeat 3] [--no-linearity]
[--parts replay,calc,import,linearity]`` (``--parts``: only those parts, e.g. ``import`` for the
settlements, import time and bytes per stored hand)

For each rule set a session of ``--hands`` hands is generated in which every hand is a win
typed as tiles (the worst case: every hand's tiles are analysed), each hand different:
random complete hands (chows, pungs, pairs; some with claimed pungs and concealed kongs,
with their events), each kept only if the engine settles it; 南昌 hands hold 4 jing used as
wild. Then, in one run:

* replay — the whole ``mjscore replay FILE --json`` process, median of ``--repeat`` runs;
  per hand = (N-hand − 1-hand) / (N − 1);
* anchor — one bare ``MahjongGB.MahjongFanCalculator`` call: for each hand of the 国标
  session the mean of a few calls, the median over the hands, timed in a process of its own
  before each round of a rule set's replays; each rule set's ratio divides by the median of
  the anchors timed between its own runs (a shared machine can change speed for minutes at
  a time, so a ratio of figures taken minutes apart would measure that);
* calc — the whole ``mjscore calc guobiao '19m19p19sESWNCFPP|EE1000'`` process against
  ``python -c "import MahjongGB"`` (median of 3 × ``--repeat`` each, interleaved);
* import — the whole ``mjscore --db NEW import FILE`` process, per hand as for replay, and
  how many times a hand is settled by an import (counted in-process);
* bytes per stored hand — (ledger size with the N-hand session − with the 1-hand one) /
  (N − 1), both files vacuumed; the ``hands`` table's share from ``dbstat`` when available;
* linearity — replay and import per hand at 100, 1,000 and 10,000 hands.

Each ratio is printed with wall-clock time (what the issue measures) and with the CPU time
of the child processes (steadier on a loaded machine).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

VARIANTS = ("nanjing", "nanning", "nanchang", "guobiao")
LABEL = {"nanjing": "南京", "nanning": "南宁", "nanchang": "南昌 (4 jing)", "guobiao": "国标"}
SUITS = "mps"
HONOURS = {"nanjing": "ESWN", "nanning": "ESWNCFP", "nanchang": "ESWNCFP", "guobiao": "ESWNCFP"}
PLAYERS = ["阿明", "小芳", "老王", "Lee"]
CALC_HAND = "19m19p19sESWNCFPP|EE1000"
NEXT = {**{f"{r}{s}": f"{r % 9 + 1}{s}" for s in SUITS for r in range(1, 10)}}
ORDER = {
    t: i for i, t in enumerate([*(f"{r}{s}" for s in SUITS for r in range(1, 10)), *"ESWNCFP"])
}
NEXT.update({"E": "S", "S": "W", "W": "N", "N": "E", "C": "F", "F": "P", "P": "C"})


# ------------------------------------------------------------------ hand generation
def _fmt(tiles: list[str]) -> str:
    """Tile notation, grouped by suit: ['1m', '2m', 'E'] → '12mE'."""
    out, run, suit = [], "", None
    for t in sorted(tiles, key=ORDER.__getitem__):
        if len(t) == 2:
            if suit not in (None, t[1]):
                out.append(run + suit)
                run = ""
            run, suit = run + t[0], t[1]
        else:
            if suit:
                out.append(run + suit)
                run, suit = "", None
            out.append(t)
    if suit:
        out.append(run + suit)
    return "".join(out)


def _sets(rng: random.Random, variant: str, avoid: set[str]) -> tuple[list, str] | None:
    """Four random sets and a pair of playing tiles (no fifth copy, none of ``avoid``)."""
    honours = [h for h in HONOURS[variant] if h not in avoid]
    if variant == "guobiao":  # no wind pungs: the fans then do not depend on the seat
        honours = [h for h in honours if h in "CFP"]
    flush = rng.random() < (0.5 if variant == "guobiao" else 0.15)
    suits = rng.choice(SUITS) if flush else SUITS
    sets = []
    for _ in range(4):
        if rng.random() < 0.55:
            s, r = rng.choice(suits), rng.randint(1, 7)
            sets.append(("chow", [f"{r + i}{s}" for i in range(3)]))
        elif honours and rng.random() < 0.25:
            sets.append(("pung", [rng.choice(honours)] * 3))
        else:
            sets.append(("pung", [f"{rng.randint(1, 9)}{rng.choice(suits)}"] * 3))
    pair = f"{rng.randint(1, 9)}{rng.choice(suits)}"
    count = Counter([pair, pair])
    for _, ts in sets:
        count.update(ts)
    if max(count.values()) > 4 or avoid & set(count):
        return None
    return sets, pair


def random_win(rng: random.Random, variant: str, winner: int) -> list[dict] | None:
    """The events of one hand won by ``winner`` with its tiles typed (first dealer 0)."""
    jing: tuple[str, str] | None = None
    events: list[dict] = []
    if variant == "nanchang":
        indicator = f"{rng.randint(1, 9)}{rng.choice(SUITS)}"
        jing = (indicator, NEXT[indicator])
        lower = rng.choice([t for t in NEXT if t not in jing])
        lc = [[rng.randint(0, 1), rng.randint(0, 1)] for _ in range(4)]
        events.append({"type": "jing", "indicator": indicator, "lower": lower, "lower_counts": lc})
    made = _sets(rng, variant, set(jing or ()))
    if made is None:
        return None
    sets, pair = made
    melds, closed = [], [pair, pair]
    for kind, ts in sets:
        how = rng.random()
        if how < 0.2 and kind == "pung":  # a pung claimed from another seat
            rel = rng.randint(1, 3)
            melds.append(f"[{_fmt(ts)},{rel}]")
            frm = (
                (winner - 1) % 4 if rel == 1 else (winner + 2) % 4 if rel == 2 else (winner + 1) % 4
            )
            events.append({"type": "pung", "player": winner, "from": frm, "tile": ts[0]})
        elif (
            how < 0.3 and kind == "chow" and variant in ("guobiao", "nanchang")
        ):  # 南京, 南宁: no chow claims
            melds.append(f"[{_fmt(ts)},{rng.randint(1, 3)}]")
        elif how < 0.33 and kind == "pung":
            melds.append(f"[{_fmt([ts[0]] * 4)}]")
            events.append({"type": "kong", "player": winner, "kind": "concealed", "tile": ts[0]})
        else:
            closed += ts
    if jing:  # four of the standing tiles become jing (wild), the winning tile stays plain
        if len(closed) < 6:
            return None
        zf = rng.choice([(4, 0), (3, 1), (2, 2), (1, 3), (0, 4)])
        picks = rng.sample(range(len(closed) - 1), 4)
        for k, i in enumerate(picks):
            closed[i] = jing[0] if k < zf[0] else jing[1]
        counts = [[0, 0] for _ in range(4)]
        counts[winner] = list(zf)
        events.append({"type": "jing_count", "counts": counts})
    if jing is None:
        rng.shuffle(closed)
    win = closed.pop()
    hand = "".join(melds) + _fmt(closed) + win
    if variant == "nanjing" and rng.random() < 0.7:
        n = rng.randint(1, 5)
        events.append(
            {"type": "flowers", "player": winner, "tiles": "".join(rng.sample("abcdefghCFP", n))}
        )
    frm = None if rng.random() < 0.3 else rng.choice([p for p in range(4) if p != winner])
    events.append({"type": "win", "player": winner, "from": frm, "hand": hand})
    return events


def record(variant: str, hands: list[list[dict]]) -> dict:
    return {
        "format": 1,
        "variant": variant,
        "players": PLAYERS,
        "first_dealer": 0,
        "hands": [{"events": e} for e in hands],
    }


def settles(variant: str, events: list[dict]) -> bool:
    """Does the engine settle this hand on its own (a one-hand session)?"""
    from mjscore.engine.errors import MjError

    try:
        return _replay_text(json.dumps(record(variant, [events]), ensure_ascii=False))
    except MjError:
        return False


def _replay_text(text: str) -> bool:
    from mjscore.engine.core import replay
    from mjscore.engine.record import load_session

    replay(load_session(text))
    return True


def generate(variant: str, n: int, seed: int) -> list[list[dict]]:
    """``n`` different hands, each settled on its own; winners rotate over the seats."""
    rng = random.Random(f"{variant}-{seed}")
    out, seen = [], set()
    while len(out) < n:
        winner = len(out) % 4
        events = random_win(rng, variant, winner)
        if events is None:
            continue
        key = json.dumps(events)
        if key in seen or not settles(variant, events):
            continue
        seen.add(key)
        out.append(events)
    return out


# ------------------------------------------------------------------ the bare calculator
def _code(t: str) -> str:
    if len(t) == 2:
        return {"m": "W", "p": "B", "s": "T"}[t[1]] + t[0]
    return {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}[t]


def _parse_gb(hand: str) -> tuple[list, list[str], str]:
    """(melds as PyMahjongGB packs, standing tiles, winning tile) of a generated hand."""
    packs, rest = [], hand
    while rest.startswith("["):
        body, rest = rest[1:].split("]", 1)
        tiles, _, rel = body.partition(",")
        ts = _tiles(tiles)
        if len(ts) == 4:
            packs.append(("GANG", _code(ts[0]), int(rel) if rel else 0))
        elif ts[0] == ts[1]:
            packs.append(("PENG", _code(ts[0]), int(rel)))
        else:
            packs.append(("CHI", _code(ts[1]), int(rel)))
    ts = _tiles(rest)
    return packs, ts[:-1], ts[-1]


def _tiles(s: str) -> list[str]:
    out, digits = [], ""
    for ch in s:
        if ch.isdigit():
            digits += ch
        elif ch in SUITS:
            out += [f"{d}{ch}" for d in digits]
            digits = ""
        else:
            out.append(ch)
    return out


def anchor_args(hands: list[list[dict]]) -> list[list]:
    """For each 国标 hand the arguments of its bare MahjongFanCalculator call (as JSON)."""
    out = []
    for events in hands:
        win = events[-1]
        packs, standing, tile = _parse_gb(win["hand"])
        out.append(
            [
                [list(p) for p in packs],
                [_code(t) for t in standing],
                _code(tile),
                0,
                win["from"] is None,
                False,
                False,
                False,
                (win["player"] - 0) % 4,  # seat wind: no wind pungs, so any is fine
                0,
                True,
            ]
        )
    return out


# The anchor is timed in a process of its own, run between the replays it is compared with,
# so that both see the machine in the same state (a shared machine can change speed for
# minutes at a time, and a ratio of figures taken minutes apart would measure that).
ANCHOR = """
import json, statistics, sys, time
from MahjongGB import MahjongFanCalculator as calc
per = []
for a in json.load(open(sys.argv[1])):
    args = (tuple(tuple(p) for p in a[0]), tuple(a[1]), *a[2:])
    calc(*args)
    t = time.perf_counter()
    for _ in range(20):
        calc(*args)
    per.append((time.perf_counter() - t) / 20 * 1e6)
print(statistics.median(per))
"""


def child_number(python: str, script: str, *args: str) -> float:
    """The number a Python script prints, run as a child process with ``args``."""
    out = subprocess.run(
        [python, "-c", script, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=CHILD_ENV,
    )
    return float(out.stdout.strip())


def anchor_us(args_file: Path) -> float:
    """Median over the hands of one bare MahjongFanCalculator call (mean of 20 calls each),
    timed in a child process."""
    return child_number(sys.executable, ANCHOR, str(args_file))


# ------------------------------------------------------------------ processes
def mjscore_cmd() -> list[str]:
    exe = Path(sys.executable).parent / "mjscore"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "mjscore"]


# the children may write bytecode caches, as an installed mjscore has them (a user's Python
# does not recompile the modules on every start)
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system of the child) seconds of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, env=CHILD_ENV
    )
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed: {p.stderr.decode()[:400]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def median_run(cmds, repeat: int, prepare=None, each_round=None) -> list[tuple[float, float]]:
    """For each command its median wall and CPU time, runs interleaved over the commands
    (``each_round``, when given, is called before each round of them)."""
    samples: list[list[tuple[float, float]]] = [[] for _ in cmds]
    for k, cmd in enumerate(cmds):  # warm-up: bytecode caches written, files in the OS cache
        if prepare:
            prepare(k)
        run(cmd)
    for _ in range(repeat):
        if each_round:
            each_round()
        for k, cmd in enumerate(cmds):
            if prepare:
                prepare(k)
            samples[k].append(run(cmd))
    return [
        (statistics.median(w for w, _ in s), statistics.median(c for _, c in s)) for s in samples
    ]


COUNT_SETTLEMENTS = """
import contextlib, io, json, sys
from pathlib import Path
from mjscore.engine.variants import get_variant
from mjscore.tui.cli import main as mjscore
calls = [0]
seen = set()
for name in ("nanning", "nanjing", "guobiao", "nanchang"):
    for klass in type(get_variant(name)).__mro__:
        if "settle_hand" in vars(klass) and klass not in seen:
            seen.add(klass)
            def counting(self, *a, _orig=vars(klass)["settle_hand"], **kw):
                calls[0] += 1
                return _orig(self, *a, **kw)
            klass.settle_hand = counting
path, db = sys.argv[1], sys.argv[2]
n = len(json.loads(Path(path).read_text(encoding="utf-8"))["hands"])
with contextlib.redirect_stdout(io.StringIO()):
    assert mjscore(["--db", db, "import", path]) == 0
print(calls[0] / n)
"""


def import_counts(python: str, path: Path, db: Path) -> float:
    """Settlements per hand of ``mjscore import`` (every variant's settle_hand counted, in a
    process of the tree's own Python)."""
    return child_number(python, COUNT_SETTLEMENTS, str(path), str(db))


def ledger_bytes(db: Path, out: Path) -> tuple[int, int | None]:
    """(vacuumed file size, bytes of the hands table and its indexes) of a ledger."""
    out.unlink(missing_ok=True)
    con = sqlite3.connect(db)
    con.execute(f"VACUUM INTO '{out}'")
    con.close()
    size = out.stat().st_size
    con = sqlite3.connect(out)
    try:
        hands = con.execute(
            "SELECT sum(pgsize) FROM dbstat WHERE name = 'hands' OR name IN "
            "(SELECT name FROM sqlite_master WHERE tbl_name = 'hands' AND type = 'index')"
        ).fetchone()[0]
    except sqlite3.OperationalError:  # sqlite built without dbstat
        hands = None
    con.close()
    return size, hands


# ------------------------------------------------------------------ main
def _fresh(db: Path) -> None:
    for suffix in ("", "-wal", "-shm", ".bak"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--no-linearity", action="store_true")
    ap.add_argument(
        "--parts",
        default="replay,calc,import,linearity",
        help="comma-separated parts to run: replay, calc, import (with bytes per hand), "
        "linearity (of replay and import; replay-linearity or import-linearity: one of them)",
    )
    ap.add_argument(
        "--replay-only",
        action="store_true",
        help="the same as --parts replay,calc,replay-linearity",
    )
    ap.add_argument("--keep", metavar="DIR", help="keep the generated records in DIR")
    ap.add_argument(
        "--before",
        metavar="TREE",
        help="another checkout with its own .venv (e.g. the code before a change): every "
        "figure is measured for both, runs interleaved, so both see the same machine load",
    )
    args = ap.parse_args()
    variants = args.variants.split(",")
    parts = set(args.parts.split(","))
    if args.replay_only:
        parts = {"replay", "calc", "replay-linearity"}
    if args.no_linearity:
        parts.discard("linearity")
    big = 10_000 if parts & {"linearity", "replay-linearity", "import-linearity"} else args.hands
    tmp = Path(args.keep or tempfile.mkdtemp(prefix="bench-engine-"))
    tmp.mkdir(parents=True, exist_ok=True)
    trees = [("now", mjscore_cmd(), sys.executable)]
    if args.before:
        venv = Path(args.before).resolve() / ".venv" / "bin"
        trees.insert(0, ("before", [str(venv / "mjscore")], str(venv / "python")))
    names = [t[0] for t in trees]

    t0 = time.perf_counter()
    pools = {}
    for v in variants:
        cache = tmp / f"{v}-pool-{args.seed}-{big}.json"
        if cache.exists():
            pools[v] = json.loads(cache.read_text(encoding="utf-8"))
        else:
            pools[v] = generate(v, max(big, args.hands), args.seed)
            cache.write_text(json.dumps(pools[v], ensure_ascii=False), encoding="utf-8")

    def write(v: str, n: int) -> Path:
        p = tmp / f"{v}-{n}.json"
        if not p.exists():
            p.write_text(json.dumps(record(v, pools[v][:n]), ensure_ascii=False), encoding="utf-8")
        return p

    print(f"records in {tmp} (made in {time.perf_counter() - t0:.1f} s)")
    for name, mj, _ in trees:
        print(f"  {name}: {' '.join(mj)}")
    anchor_file = tmp / f"anchor-{args.seed}-{args.hands}.json"
    anchors: list[float] = []  # every anchor timed in this run
    if parts & {"replay", "calc"}:
        gb_pool = pools.get("guobiao") or generate("guobiao", args.hands, args.seed)
        anchor_file.write_text(json.dumps(anchor_args(gb_pool[: args.hands])), encoding="utf-8")
        anchors.append(anchor_us(anchor_file))
        print(
            f"anchor: bare MahjongFanCalculator call, median over {args.hands} 国标 hands, "
            f"timed before each round of replays; first: {anchors[0]:.2f} µs"
        )

    def per_hand(v: str, n: int, kind: str, timed=None) -> list[tuple[float, float]]:
        """µs per hand (wall, cpu) for each tree, runs interleaved (``timed``: called before
        each round)."""
        one, many = write(v, 1), write(v, n)
        cmds, dbs = [], []
        for k, (_, mj, _) in enumerate(trees):
            for j, p in enumerate((one, many)):
                if kind == "replay":
                    cmds.append([*mj, "replay", str(p), "--json"])
                else:
                    dbs.append(tmp / f"imp-{k}-{j}.sqlite3")
                    cmds.append([*mj, "--db", str(dbs[-1]), "import", str(p)])
        prep = (lambda i: _fresh(dbs[i])) if dbs else None
        # 99 hands are a few milliseconds against a start-up that varies by as much: a short
        # session is run more often, a 10,000-hand one once
        runs = max(args.repeat, 11) if n <= 100 else args.repeat if n <= 2000 else 1
        got = median_run(cmds, runs, prep, timed)
        out = []
        for k in range(len(trees)):
            (w1, c1), (wn, cn) = got[2 * k], got[2 * k + 1]
            out.append(((wn - w1) / (n - 1) * 1e6, (cn - c1) / (n - 1) * 1e6))
        return out

    head = "".join(f" {n + ' wall×':>12} {n + ' cpu×':>11}" for n in names)
    if parts & {"replay", "calc"}:
        print()
        print(f"{'ratio to the bare call (µs: cpu)':<34}{head}  goal  anchor µs")
    for v in variants if "replay" in parts else ():
        mine: list[float] = []  # the anchors timed between this rule set's runs
        figs = per_hand(
            v, args.hands, "replay", lambda got=mine: got.append(anchor_us(anchor_file))
        )
        anchors.extend(mine)
        a = statistics.median(mine)
        cells = "".join(f" {w / a:>12.1f} {c / a:>11.1f}" for w, c in figs)
        us = " / ".join(f"{c:.0f}" for _, c in figs)
        print(f"{'replay ' + LABEL[v] + ' (' + us + ')':<34}{cells}  ≤ 20×  {a:8.2f}")
    if len(anchors) > 1:
        print(
            f"  (anchors timed in this run: {min(anchors):.2f}–{max(anchors):.2f} µs, "
            f"median {statistics.median(anchors):.2f}; each rule set is divided by the median "
            "of those timed between its own runs)"
        )
    if "calc" in parts:
        cmds = [[sys.executable, "-c", "import MahjongGB"]]
        cmds += [[*mj, "calc", "guobiao", CALC_HAND] for _, mj, _ in trees]
        got = median_run(cmds, 3 * args.repeat)
        cells = "".join(f" {w / got[0][0]:>12.2f} {c / got[0][1]:>11.2f}" for w, c in got[1:])
        ms = " / ".join(f"{c * 1e3:.0f}" for _, c in got[1:])
        print(f"{'calc / import MahjongGB (' + ms + ' ms)':<34}{cells}  ≤ 1.5×")
        print(
            f"  (python -c 'import MahjongGB': {got[0][0] * 1e3:.0f} ms wall, {got[0][1] * 1e3:.0f} ms cpu)"
        )

    if "import" in parts:
        print()
        print(
            f"{'rule set':<16} {'tree':<7} {'settles/hand':>12} {'import µs':>10} {'bytes/hand':>11} {'hands table':>12}"
        )
    for v in variants if "import" in parts else ():
        imports = per_hand(v, args.hands, "import")
        for k, (name, mj, python) in enumerate(trees):
            db = tmp / "count.sqlite3"
            _fresh(db)
            settle = import_counts(python, write(v, args.hands), db)
            sizes = []
            for j, n in enumerate((1, args.hands)):
                db_j = tmp / f"size-{j}.sqlite3"
                _fresh(db_j)
                run([*mj, "--db", str(db_j), "import", str(write(v, n))])
                sizes.append(ledger_bytes(db_j, tmp / f"vac-{j}.sqlite3"))
            per = (sizes[1][0] - sizes[0][0]) / (args.hands - 1)
            part = (
                f"{(sizes[1][1] - sizes[0][1]) / (args.hands - 1):.0f}"
                if sizes[0][1] is not None
                else "n/a"
            )
            print(
                f"{LABEL[v]:<16} {name:<7} {settle:>12.2f} {imports[k][1]:>10.0f} {per:>11.0f} {part:>12}"
            )

    kinds = [k for k in ("replay", "import") if parts & {"linearity", f"{k}-linearity"}]
    if kinds:
        print()
        print(
            "linearity: cpu µs per hand ((N-hand − 1-hand) / (N − 1); median of ≥ 11 runs at 100"
            " hands, of --repeat at 1,000, one run at 10,000)"
        )
        print(f"{'rule set':<16} {'':>7} {'tree':<7} {'100':>8} {'1,000':>8} {'10,000':>8}")
        for v in variants:
            for kind in kinds:
                figs = [per_hand(v, n, kind) for n in (100, 1000, 10_000)]
                for k, name in enumerate(names):
                    print(
                        f"{LABEL[v]:<16} {kind:>7} {name:<7} "
                        + " ".join(f"{f[k][1]:>8.0f}" for f in figs)
                    )
    if not args.keep:
        for p in tmp.iterdir():
            if "-pool-" not in p.name:
                p.unlink()
    print(f"\ntotal {time.perf_counter() - t0:.0f} s; generated hands kept in {tmp} (--keep {tmp})")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
