"""A larger fuzz campaign than the test suite runs: ``python -m tests.fuzz_campaign [CALC] [RECORDS]``.

Each case runs the ``mjscore`` command in-process (``calc`` with a mutated hand string, or
``replay`` and ``import`` of a mutated session record) and holds it to the command line's
contract: exit 0, or exit 2 with exactly one line on stderr. An exception escaping ``main``
(a traceback for the user), another exit status, several stderr lines or a case running
longer than a few seconds counts as a failure. Seeded, so a run can be repeated.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import signal
import sys
import tempfile
from pathlib import Path

from mjscore.tui.cli import main

DATA = Path(__file__).parent / "engine" / "data"
SEED_HANDS = {
    "nanning": ["123m456p789s123m55p", "[345s,2]3p55p5567p[7777s]4p|EE0100", "11223344556677m"],
    "nanjing": ["123m456p789s123m55p|EE0000|aCC", "[555p,2]11m22m33m44m5m|EE1000|3"],
    "guobiao": ["19m19p19sESWNCFPP|EE1000", "[345s,2]3p55p5567p[7777s]4p|EE0100|cbaghdfe"],
    "nanchang": ["[ESW,1]123m456p789s5m5m", "123m456p789s123m55p|EE1000"],
}
ALPHABET = list("0123456789mpsESWNCFPabcdefgh[],|- 567") + [
    "１",
    "５",
    "ｍ",
    "　",
    "²",
    "①",
    "٣",
    "\u200b",
    "é",
    "\x00",
]


def run(argv: list[str], timeout: float = 5.0) -> str | None:
    """None when the contract holds, else what went wrong."""
    err = io.StringIO()

    def alarm(*_):
        raise TimeoutError

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            rc = main(argv)
    except TimeoutError:
        return "hang"
    except SystemExit as e:
        rc = e.code
    except BaseException as e:  # a traceback the user would see
        return f"{type(e).__name__}: {str(e)[:80]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    lines = err.getvalue().splitlines()
    if rc == 0:
        return None
    if rc == 2 and len(lines) == 1:
        return None
    return f"exit {rc} with {len(lines)} stderr lines: {err.getvalue()[:80]!r}"


def mutate_hand(rng: random.Random, s: str) -> str:
    chars = list(s)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        pos = rng.randint(0, len(chars))
        if op < 0.4:
            chars.insert(pos, rng.choice(ALPHABET))
        elif op < 0.7 and chars:
            chars[min(pos, len(chars) - 1)] = rng.choice(ALPHABET)
        elif chars:
            del chars[min(pos, len(chars) - 1)]
    out = "".join(chars)
    if rng.random() < 0.03:
        out = "-" + out
    return out


HOSTILE = [
    [],
    {},
    1.0,
    8.0,
    -1,
    0,
    True,
    False,
    None,
    "",
    "５p",
    "x" * 2000,
    10**20,
    10**19,
    "1e999",
    "NaN",
    [[[[]]]],
]
HOSTILE_TEXT = ["1e999999999", "1e5000", "1e-999999999", "1" * 5000, "-0.0", "1E+30"]


def paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths(v, (*prefix, i))


def set_at(obj, path, value):
    if not path:
        return value
    cur = obj
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value
    return obj


MARK = "\ue000MARK\ue000"


def mutate_record(rng: random.Random, base: dict) -> str:
    rec = json.loads(json.dumps(base))
    all_paths = list(paths(rec))
    path = rng.choice(all_paths)
    kind = rng.random()
    if kind < 0.55:
        return json.dumps(set_at(rec, path, rng.choice(HOSTILE)), ensure_ascii=False)
    if kind < 0.75:
        text = json.dumps(set_at(rec, path, MARK), ensure_ascii=False)
        return text.replace(json.dumps(MARK), rng.choice(HOSTILE_TEXT))
    if kind < 0.85:  # deep nesting
        depth = rng.choice([50, 2000, 100_000])
        text = json.dumps(set_at(rec, path, MARK), ensure_ascii=False)
        return text.replace(json.dumps(MARK), "[" * depth + "]" * depth)
    if kind < 0.95:  # a repeated key
        text = json.dumps(rec, ensure_ascii=False)
        return text.replace('"hands": [', '"hands": [], "hands": [', 1)
    return json.dumps(set_at(rec, path, "１２３m" * rng.randint(1, 50_000)), ensure_ascii=False)


def main_campaign(n_calc: int, n_records: int, seed: int = 13) -> int:
    rng = random.Random(seed)
    calc_fail: dict[str, int] = {}
    for _ in range(n_calc):
        v = rng.choice(list(SEED_HANDS))
        hand = mutate_hand(rng, rng.choice(SEED_HANDS[v]))
        argv = ["calc", v, hand] + (["--json"] if rng.random() < 0.3 else [])
        if rng.random() < 0.1:
            argv += [
                "--flag",
                rng.choice(["kong_bloom", "horse_hits", "last_tile", "fish"])
                + rng.choice(["", "=1", "=1.0", "=²", "=99999999999999999999", "=[]"]),
            ]
        bad = run(argv)
        if bad:
            key = bad.split(":")[0]
            calc_fail[key] = calc_fail.get(key, 0) + 1
    bases = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(DATA.glob("*.json"))]
    rec_fail: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "fuzz.sqlite3")
        f = Path(tmp) / "rec.json"
        for i in range(n_records):
            f.write_text(mutate_record(rng, rng.choice(bases)), encoding="utf-8")
            cmd = ["replay", str(f)] if i % 2 else ["import", str(f), "--db", db]
            bad = run(cmd)
            if bad:
                key = bad.split(":")[0]
                rec_fail[key] = rec_fail.get(key, 0) + 1
    print(f"calc: {n_calc} cases, {sum(calc_fail.values())} failures {calc_fail}")
    print(f"records: {n_records} cases, {sum(rec_fail.values())} failures {rec_fail}")
    return 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    sys.exit(main_campaign(*(args or [10_000, 3_000])))
