"""How fast is the 南昌 精 wildcard analysis with many jing in hand?

Run: ``.venv/bin/python bench/bench_nanchang_wild.py``

Cases: the worst case (eight jing = all four 正精 and all four 副精, plus six scattered tiles),
several jing hands, a heavenly hand (精吊 tried with every tile as the "drawn" one), and a whole
settlement through ``settle_hand``. Each is timed cold (memo cleared before every call) and warm
(the per-group memo kept, as in a real session), median of several rounds.
"""

from __future__ import annotations

import statistics
import time

from mjscore.engine.core import TableState
from mjscore.engine.record import hand_from_json
from mjscore.engine.tiles import parse_hand, parse_tiles
from mjscore.engine.variants import get_variant
from mjscore.engine.variants.nanchang_score import readings
from mjscore.engine.variants.nanchang_wild import _group_min, analyse, jing_pair, jing_single

CASES = [
    ("8 jing + 6 singles (worst case)", "55556666m19p1sENC", "5m"),
    ("8 jing + 6 other tiles", "55556666m1p5p9p2sEC", "5m"),
    ("6 jing in a standard hand", "555666m123p789sEE", "5m"),
    ("4 jing, seven pairs", "5566m1188p33sEEWN", "5m"),
    ("3 jing, 十三烂", "147m25p369sESW5m5m6m", "5m"),
    ("no jing", "123m456p789sEEE9p9p", "5m"),
]


def timeit(fn, *, cold: bool, n: int) -> float:
    samples = []
    for _ in range(n):
        if cold:
            _group_min.cache_clear()
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1e6


def main() -> None:
    print(f"{'case':40} {'cold µs':>10} {'warm µs':>10}")
    for name, tiles, zheng in CASES:
        ts = list(parse_tiles(tiles))[:14]
        js = jing_pair(zheng)

        def one(ts=ts, js=js):
            analyse(ts, 0, js)
            jing_single(ts, 0, js, ts)  # 精吊 over every possible drawn tile (天胡)

        print(
            f"{name:40} {timeit(one, cold=True, n=50):10.0f} {timeit(one, cold=False, n=500):10.0f}"
        )
    hand = parse_hand("55556666m19p1sENC")
    one = lambda: readings(hand, "5m", self_drawn=True, heavenly=True)  # noqa: E731
    print(
        f"{'readings() 天胡, 8 jing':40} {timeit(one, cold=True, n=50):10.0f} {timeit(one, cold=False, n=500):10.0f}"
    )
    v = get_variant("nanchang")
    h = hand_from_json(
        {
            "events": [
                {
                    "type": "jing",
                    "indicator": "5m",
                    "lower": "2p",
                    "lower_counts": [[1, 0], [0, 1], [0, 0], [0, 0]],
                },
                {"type": "jing_count", "counts": [[4, 4], [0, 0], [0, 0], [0, 0]]},
                {
                    "type": "win",
                    "player": 0,
                    "from": None,
                    "heavenly": True,
                    "hand": "55556666m19p1sENC",
                },
            ]
        },
        v,
    )
    rules = v.rules({})
    one = lambda: v.settle_hand(h, TableState(dealer=0), rules)  # noqa: E731
    print(
        f"{'settle_hand 天胡 8 jing':40} {timeit(one, cold=True, n=50):10.0f} {timeit(one, cold=False, n=500):10.0f}"
    )
    print(f"memo entries after the run: {_group_min.cache_info().currsize}")


if __name__ == "__main__":
    main()
