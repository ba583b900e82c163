"""How fast is 南京 Nanjing valuation and replay?

Run: ``.venv/bin/python bench/bench_nanjing.py``

Cases: hand valuation (all readings + real waits) on hands with one, two and nine waits,
cold (decomposition cache cleared) and warm; a whole 13-hand session replay; and a
520-hand session (the 13 hands × 40) as a long evening's ledger. Medians of several rounds.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from mjscore.engine.core import replay
from mjscore.engine.hands import _decompositions_cached
from mjscore.engine.record import load_session
from mjscore.engine.tiles import parse_hand
from mjscore.engine.variants.nanjing_read import value_tiles
from mjscore.engine.variants.nanjing_score import Bonuses

CASES = [
    ("seed 88 (two waits)", "123456789m23mEE1m|EE1000|abcd"),
    ("九莲 (nine waits)", "1112345678999m5m|EE0000|1"),
    ("seven pairs or sets", "112233m445566p7s7s|EE0000|1"),
    ("全球独钓 (one wait)", "[111m,1][999p,2][555s,3][777s,1]8s8s|EE0000|1"),
    ("暗杠 大杠开", "[5555p]123m456m23s55s4s|EE1001|1"),
]
DATA = Path(__file__).parents[1] / "tests" / "engine" / "data" / "nanjing_streak.json"


def median_us(fn, *, cold: bool, n: int = 200) -> float:
    samples = []
    for _ in range(n):
        if cold:
            _decompositions_cached.cache_clear()
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1e6


def main() -> None:
    for name, s in CASES:
        t = parse_hand(s, variant="nanjing")

        def one(t=t):
            return value_tiles(t, hard=t.flower_count, hard_known=True, bonus=Bonuses())

        print(
            f"{name:<24} cold {median_us(one, cold=True):8.0f} µs   warm {median_us(one, cold=False):8.0f} µs"
        )
    session = load_session(DATA.read_text(encoding="utf-8"))
    print(
        f"{'replay 13 hands':<24} {median_us(lambda: replay(session), cold=False, n=50) / 1e3:8.2f} ms"
    )
    long = session.with_hands(session.hands * 40)
    print(
        f"{'replay 520 hands':<24} {median_us(lambda: replay(long), cold=False, n=5) / 1e3:8.1f} ms"
    )


if __name__ == "__main__":
    main()
