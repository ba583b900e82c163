"""How fast is 追分 (``engine.chase``) for all four players, all ways, per rule set?

Run: ``.venv/bin/python bench/bench_chase.py [ROUNDS]`` (default 30 rounds)

Each rule set gets a session of a few finished hands and an open hand with events logged
(pungs, a kong, flowers, a jing reveal in 南昌), with the options that widen the search
(国标 competition payment, 南京 比下胡 with flags and bixiahu_stack, 南宁 摸码 and 死双,
南昌 a cap). Timed, as medians of rounds: the whole chase of the four players against the
leader with the leader's margin, given the replayed totals as the table screen has them
(``chase``), the same including the replay (``+replay``), and the anchor: one settlement of
the open hand with a declared win through the engine's entry point (``settle_events``: check
the hand, then settle it), which is what the search repeats (``settle``). The ratio chase ÷ settle is how many settlements the chase costs; the goal is
a chase under 50 ms.
"""

from __future__ import annotations

import statistics
import sys
import time

from mjscore.engine.chase import _Search, chase
from mjscore.engine.core import replay
from mjscore.engine.entry import settle_events
from mjscore.engine.record import Win, load_session
from mjscore.engine.variants import get_variant

NAMES = ["A", "B", "C", "D"]


def win(p, frm, **kw):
    return {"type": "win", "player": p, "from": frm, **kw}


SESSIONS = {
    "guobiao": (
        {"payment": "competition"},
        [[win(0, 1, fan=24)], [win(2, None, fan=8)], [win(3, 0, fan=12)]],
        [{"type": "flowers", "player": 1, "count": 2}, {"type": "pung", "player": 2, "from": 3}],
        {"fan": 8},
    ),
    "nanning": (
        {"horses": 2, "dead_double": True},
        [
            [win(0, 1, patterns=["all_pungs"])],
            [win(2, None, patterns=["full_flush"], horse_hits=0)],
            [win(3, 0, patterns=["seven_pairs"])],
        ],
        [
            {"type": "pung", "player": 1, "from": 2, "tile": "5p"},
            {"type": "kong", "player": 3, "kind": "concealed", "tile": "9s"},
        ],
        {"patterns": []},
    ),
    "nanjing": (
        {"bixiahu_stack": True},
        [
            [win(0, None, patterns=["concealed"], hard_flowers=1, soft_flowers=0)],
            [win(0, 1, patterns=["concealed"], hard_flowers=1, soft_flowers=0)],
        ],
        [
            {"type": "flowers", "player": 1, "count": 2},
            {"type": "pung", "player": 2, "from": 3, "tile": "5p"},
        ],
        {"patterns": ["all_pungs"], "soft_flowers": 1},
    ),
    "nanchang": (
        {"cap": 60},
        [[win(1, 2)], [win(1, None, patterns=["seven_pairs"])], [win(3, 1, patterns=["clean"])]],
        [
            {
                "type": "jing",
                "indicator": "5m",
                "lower": "2p",
                "lower_counts": [[1, 0], [0, 0], [0, 1], [0, 0]],
            },
            {"type": "pung", "player": 0, "from": 2, "tile": "7s"},
        ],
        {"patterns": []},
    ),
}


def median_ms(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def count_settles(s, rp) -> int:
    """How many settlements one chase makes."""
    counted = _Search._settle
    n = [0]

    def counting(self, *a):
        n[0] += 1
        return counted(self, *a)

    _Search._settle = counting
    try:
        chase(s, totals=rp.totals, state=rp.next_state)
    finally:
        _Search._settle = counted
    return n[0]


def bench_one(vid: str, rounds: int) -> str:
    opts, hands, open_events, anchor_win = SESSIONS[vid]
    s = load_session(
        {
            "format": 1,
            "variant": vid,
            "options": opts,
            "players": NAMES,
            "hands": [{"events": e} for e in [*hands, open_events]],
        }
    )
    rp = replay(s)
    v = get_variant(vid)
    rules = v.rules(s.options)
    chase(s, totals=rp.totals, state=rp.next_state)  # build the hand spaces once
    fields = {k: tuple(x) if isinstance(x, list) else x for k, x in anchor_win.items()}
    events = (*s.hands[-1].events, Win(player=1, from_=0, **fields))

    def settle_100():
        for _ in range(100):
            settle_events(v, rules, rp.next_state, events, label=False)

    anchor = median_ms(settle_100, rounds) / 100
    t_chase = median_ms(lambda: chase(s, totals=rp.totals, state=rp.next_state), rounds)
    t_full = median_ms(lambda: chase(s), rounds)
    return (
        f"{vid:10} {t_chase:9.2f} {t_full:8.2f} {anchor * 1000:10.1f} "
        f"{t_chase / anchor:6.0f} {count_settles(s, rp):8d}"
    )


def main(rounds: int) -> None:
    print(
        f"{'rule set':10} {'chase ms':>9} {'+replay':>8} {'settle µs':>10} {'ratio':>6} {'settles':>8}"
    )
    for vid in SESSIONS:
        print(bench_one(vid, rounds))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
