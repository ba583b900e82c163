"""Per-hand cost of our Guobiao valuation against the bare PyMahjongGB call.

Builds 10,000 random legal winning hands (random melds + pair + context + flowers, kept if the
calculator accepts them), then times in one run:
  bare  — MahjongFanCalculator on pre-converted arguments;
  eval  — engine.variants.guobiao.evaluate on pre-parsed HandTiles (name mapping, checks);
  calc  — VARIANT.calc(hand_string, rules): parse + evaluate + JSON + text (what `mjscore calc` does);
  checked — the same through the checked path calc takes with --flag, a kong/绝张 context bit or
          an error (parse, CalcInput/Situation, every flag check, fan naming): the old pipeline.
Target (issue 2): calc ≤ 3× bare.   Run: .venv/bin/python bench/bench_gb_calc.py [N] [SEED]
The bare call is timed in its fastest form (positional arguments) and as its docstring writes
it (verbose=True by keyword, about 1 µs dearer); both are printed.
"""

from __future__ import annotations

import gc
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from MahjongGB import MahjongFanCalculator  # noqa: E402
from mjscore.engine.errors import MjError  # noqa: E402
from mjscore.engine.tiles import ALL_TILES, format_tiles, parse_hand, sort_tiles  # noqa: E402
from mjscore.engine.variants import get_variant  # noqa: E402
from mjscore.engine.variants.gb_eval import TILE_CODE, WIND_INDEX, Situation, _pack, evaluate  # noqa: E402


def random_hand(rng: random.Random) -> str:
    while True:
        sets = []
        for _ in range(4):
            if rng.random() < 0.5:
                s, r = rng.choice("mps"), rng.randint(1, 7)
                sets.append(("chow", [f"{r + i}{s}" for i in range(3)]))
            else:
                sets.append(("pung", [rng.choice(ALL_TILES)] * 3))
        pair = rng.choice(ALL_TILES)
        count = Counter([pair, pair])
        for _, ts in sets:
            count.update(ts)
        if max(count.values()) > 4:
            continue
        melds, closed = [], [pair, pair]
        for kind, ts in sets:
            how = rng.choice(("closed", "meld", "meld", "kong"))
            if how == "closed" or (how == "kong" and (kind == "chow" or count[ts[0]] == 4)):
                closed += ts
            elif how == "meld":
                melds.append(f"[{format_tiles(ts)},{rng.randint(1, 3)}]")
            else:
                count[ts[0]] += 1
                claim = rng.choice(("", ",1", ",2", ",3", ",5", ",6", ",7"))
                melds.append(f"[{format_tiles([ts[0]] * 4)}{claim}]")
        win = rng.choice(closed)
        closed.remove(win)
        ctx = f"{rng.choice('ESWN')}{rng.choice('ESWN')}{rng.randint(0, 1)}000"
        flowers = rng.randint(0, 8)
        return (
            "".join(melds)
            + format_tiles(sort_tiles(closed))
            + format_tiles([win])
            + f"|{ctx}|{flowers}"
        )


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    rounds = 7
    gb = get_variant("guobiao")
    rules = gb.rules({})
    hands, parsed, bare_args = [], [], []
    while len(hands) < n:
        h = random_hand(rng)
        try:
            gb.calc(h, rules)
        except MjError:
            continue
        t = parse_hand(h, variant="guobiao")
        sit = Situation.from_context(t.context, t.flower_count)
        hands.append(h)
        parsed.append((t, sit))
        bare_args.append(
            (
                tuple(_pack(m) for m in t.melds),
                tuple(TILE_CODE[x] for x in t.concealed),
                TILE_CODE[t.win_tile],
                sit.flowers,
                sit.self_drawn,
                False,
                False,
                False,
                WIND_INDEX[sit.seat_wind],
                WIND_INDEX[sit.prevailing_wind],
            )
        )

    def run_bare() -> None:
        f = MahjongFanCalculator  # its fastest call: positional arguments, verbose as the 11th
        for p, h, w, fl, sd, l4, k, wl, sw, pw in bare_args:
            f(p, h, w, fl, sd, l4, k, wl, sw, pw, True)

    def run_documented() -> None:
        for a in bare_args:  # as its docstring shows it: verbose=True by keyword
            MahjongFanCalculator(*a, verbose=True)

    def run_eval() -> None:
        for t, s in parsed:
            evaluate(t, s)

    def run_calc() -> None:
        for h in hands:
            gb.calc(h, rules)

    def run_checked() -> None:
        checked = gb._calc_checked
        for h in hands:
            checked(h, rules, None)

    # interleaved rounds, best of each, CPU time of this process, garbage collection off while
    # timing (as timeit does): on a shared, loaded machine this keeps the ratios honest
    best = {k: float("inf") for k in ("bare", "doc", "eval", "calc", "checked")}
    for _ in range(rounds):
        for name, fn in (
            ("bare", run_bare),
            ("doc", run_documented),
            ("eval", run_eval),
            ("calc", run_calc),
            ("checked", run_checked),
        ):
            gc.collect()
            gc.disable()
            try:
                t0 = time.process_time()
                fn()
                best[name] = min(best[name], time.process_time() - t0)
            finally:
                gc.enable()
    bare, doc, ev, calc, checked = (
        best[k] / n * 1e6 for k in ("bare", "doc", "eval", "calc", "checked")
    )
    print(f"hands: {n} random legal winning GB hands (best of {rounds} interleaved rounds)")
    print(
        f"bare PyMahjongGB call : {bare:8.1f} µs/hand  (positional; {doc:.1f} µs with verbose=True by keyword)"
    )
    print(f"evaluate (pre-parsed) : {ev:8.1f} µs/hand  ratio {ev / bare:.2f}×")
    print(
        f"calc (string → result): {calc:8.1f} µs/hand  ratio {calc / bare:.2f}×  ({calc / doc:.2f}× the keyword call)"
    )
    print(
        f"checked path          : {checked:8.1f} µs/hand  ratio {checked / bare:.2f}×  (--flag / kong or 绝张 bit / errors)"
    )
    print("target: calc ≤ 3× the bare call")


if __name__ == "__main__":
    main()
