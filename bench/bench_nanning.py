"""How fast is 南宁 Nanning settlement, replay and ``mjscore calc``?

Run: ``.venv/bin/python bench/bench_nanning.py [HANDS]`` (default 2000 hands)

A long session is generated from 16 hand templates covering every way of winning of RULES.md
§1 (放炮, 杠上花 of both kinds, 一炮多响, 诈胡, 天胡/地胡/人胡, 杠上炮 chains, 封胡 双飞, 抢杠,
海底捞月, 全求人, draws with kong points, declared hands) with 死双, 摸码 and 钓鱼 on. Seats
are placed relative to the dealer each hand is played in, so the record stays legal however
the deal moves. Timed: loading the JSON record, replaying it, settling each hand alone
(median), and ``calc`` of each template's hand string (median per hand). Medians of rounds.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from mjscore.engine.core import replay
from mjscore.engine.record import load_session
from mjscore.engine.variants import get_variant

V = get_variant("nanning")
FISH = ["9p", None, "1s", "S"]


def _templates():
    """(events(s), next dealer offset, calc hand or None); s(i) = the seat i places after the dealer."""

    def kong(p, kind, frm=None, tile=None):
        ev = {"type": "kong", "player": p, "kind": kind}
        if frm is not None:
            ev["from"] = frm
        if tile:
            ev["tile"] = tile
        return ev

    def win(p, frm, **kw):
        return {"type": "win", "player": p, "from": frm, "fish": FISH, **kw}

    return [
        (lambda s: [win(s(1), s(2), hand="123m456m789p234s55s")], 1, "123m456m789p234s55s|SS0000"),
        (
            lambda s: [
                kong(s(2), "concealed", tile="5p"),
                win(s(2), None, hand="[5555p]123m456m789s77s", kong_bloom=1, horse_hits=1),
            ],
            2,
            "[5555p]123m456m789s77s|WW1001",
        ),
        (
            lambda s: [
                {"type": "pung", "player": s(0), "from": s(3), "tile": "6p"},
                kong(s(0), "concealed", tile="5p"),
                kong(s(0), "added", s(3), "6p"),
                win(s(0), None, hand="[5555p][6666p,5]123m234s77s", kong_bloom=2),
            ],
            0,
            "[5555p][6666p,5]123m234s77s|EE1001",
        ),
        (
            lambda s: [
                win(s(0), s(2), hand="[555p,2]123m456m234s77s"),
                win(s(1), s(2), hand="1122m3366p99sCC77s"),
            ],
            2,
            "1122m3366p99sCC77s|SS0000",
        ),
        (
            lambda s: [kong(s(1), "exposed", s(0), "3m"), {"type": "false_win", "player": s(3)}],
            3,
            None,
        ),
        (
            lambda s: [win(s(0), None, hand="123m456m789p234s55s", heavenly=True, horses="19m")],
            0,
            "123m456m789p234s55s|EE1000",
        ),
        (
            lambda s: [win(s(1), s(0), hand="123m456m789m234m55m", human=True)],
            1,
            "123m456m789m234m55m|SS0000",
        ),
        (
            lambda s: [
                kong(s(1), "concealed", tile="E"),
                kong(s(1), "concealed", tile="8p"),
                win(s(3), s(1), hand="[555m,2]111m999m333m77m", kong_cannon=2),
            ],
            3,
            "[555m,2]111m999m333m77m|NN0000",
        ),
        (
            lambda s: [win(s(0), s(2), hand="[111m,3][555p,3][999s,3]EEE77s")],
            0,
            "[111m,3][555p,3][999s,3]EEE77s|EE0000",
        ),
        (
            lambda s: [win(s(1), s(2), hand="123m456m789p77s23s4s", robbed_kong=1)],
            1,
            "123m456m789p77s23s4s|SS0001",
        ),
        (
            lambda s: [win(s(2), None, hand="[555p,2]123m456m234s77s", last_tile=True)],
            2,
            "[555p,2]123m456m234s77s|WW1010",
        ),
        (
            lambda s: [
                kong(s(0), "exposed", s(2), "5p"),
                kong(s(3), "concealed", tile="E"),
                {"type": "draw", "last_drawer": s(1)},
            ],
            1,
            None,
        ),
        (lambda s: [win(s(1), None, patterns=[], earthly=True, horse_hits=0)], 1, None),
        (
            lambda s: [win(s(3), s(0), hand="[555p,1][111m,2][999s,3][EEE,1]77s")],
            3,
            "[555p,1][111m,2][999s,3][EEE,1]77s|NN0000",
        ),
        (
            lambda s: [
                win(
                    s(2), None, patterns=["luxury_seven_pairs", "full_flush"], quads=2, horse_hits=2
                )
            ],
            2,
            "11112222335577m|WW1000",
        ),
        (
            lambda s: [
                kong(s(3), "exposed", s(1), "9s"),
                win(s(3), s(0), hand="[9999s,2]123m456m789p55s"),
            ],
            3,
            "[9999s,2]123m456m789p55s|NN0000",
        ),
    ]


def session(n: int) -> dict:
    tpls = _templates()
    hands, dealer = [], 0
    for i in range(n):
        make, nxt, _ = tpls[i % len(tpls)]
        hands.append({"events": make(lambda k, d=dealer: (d + k) % 4)})
        dealer = (dealer + nxt) % 4
    return {
        "format": 1,
        "variant": "nanning",
        "options": {"dead_double": True, "horses": 2, "fishing": True},
        "players": ["阿明", "小芳", "老王", "Lee"],
        "hands": hands,
    }


def timed(fn, rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    text = json.dumps(session(n), ensure_ascii=False)
    sess = load_session(text)
    res = replay(sess)  # also checks that the generated record is legal
    assert len(res.hands) == n and sum(res.totals) == 0
    t_load = timed(lambda: load_session(text), 5)
    t_replay = timed(lambda: replay(sess), 5)
    print(f"session: {n} hands, {len(text) / 1e3:.0f} kB JSON, totals {list(res.totals)}")
    print(f"{'load_session':<28} {t_load * 1e3:8.1f} ms")
    print(f"{'replay':<28} {t_replay * 1e3:8.1f} ms   ({t_replay / n * 1e6:.0f} µs per hand)")
    rules = V.rules(sess.options)
    from mjscore.engine.core import TableState

    per = []
    for k, h in enumerate(sess.hands[:16]):
        state = res.hands[k].state
        per.append(
            timed(lambda h=h, st=state: V.settle_hand(h, TableState(dealer=st.dealer), rules), 200)
        )
    print(
        f"{'settle one hand (median)':<28} {statistics.median(per) * 1e6:8.0f} µs   (max over templates {max(per) * 1e6:.0f} µs)"
    )
    plain = V.rules()
    calcs = []
    for _, _, hand in _templates():
        if hand is not None:
            calcs.append((hand, timed(lambda hand=hand: V.calc(hand, plain), 50)))
    print(
        f"{'calc per hand (median)':<28} {statistics.median(t for _, t in calcs) * 1e6:8.0f} µs   "
        f"(slowest {max(t for _, t in calcs) * 1e6:.0f} µs: {max(calcs, key=lambda c: c[1])[0]})"
    )


if __name__ == "__main__":
    main()
