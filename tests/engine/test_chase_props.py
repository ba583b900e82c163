"""追分 properties over random session states of every rule set: entering exactly the hand
the chase returns puts the chasing player strictly ahead of the target, while no hand of
the next smaller value in the rule set's hand space does (every one of them is settled);
and "impossible" means not even the largest hand of the space overtakes."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mjscore.engine.chase import _ahead, _Search, chase
from mjscore.engine.core import replay
from mjscore.engine.record import load_session
from mjscore.engine.variants import get_variant

NAMES = ["A", "B", "C", "D"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WINS = {
    "guobiao": [{"fan": 8}, {"fan": 16}, {"fan": 40}],
    "nanning": [{"patterns": []}, {"patterns": ["all_pungs"]}, {"patterns": ["seven_pairs"]}],
    "nanjing": [
        {"patterns": ["concealed"], "hard_flowers": 1, "soft_flowers": 0},
        {"patterns": ["all_pungs"], "hard_flowers": 2, "soft_flowers": 2},
        {"patterns": ["half_flush"], "hard_flowers": 0, "soft_flowers": 1},
    ],
    "nanchang": [{"patterns": []}, {"patterns": ["seven_pairs"]}, {"patterns": ["clean"]}],
}
OPTIONS = {
    "guobiao": [{}, {"payment": "competition"}],
    "nanning": [{}, {"dead_double": True}, {"horses": 2}],
    "nanjing": [{}, {"bixiahu_stack": True}],
    "nanchang": [{}, {"cap": 30}, {"base": 2}],
}


@st.composite
def states(draw):
    variant = draw(st.sampled_from(sorted(WINS)))
    hands = []
    for _ in range(draw(st.integers(1, 4))):
        w = draw(st.integers(0, 3))
        frm = draw(st.sampled_from([None] + [p for p in range(4) if p != w]))
        extra = draw(st.sampled_from(WINS[variant]))
        hands.append([{"type": "win", "player": w, "from": frm, **extra}])
    opts = draw(st.sampled_from(OPTIONS[variant]))
    if opts.get("horses"):  # a self-draw with 摸码 on says its hits
        for h in hands:
            if h[0]["from"] is None:
                h[0]["horse_hits"] = 0
    open_events = []
    if draw(st.booleans()) and variant != "guobiao":
        p, q = draw(st.permutations(range(4)))[:2]
        open_events.append({"type": "pung", "player": p, "from": q, "tile": "5p"})
    if variant in ("nanjing", "guobiao") and draw(st.booleans()):
        open_events.append({"type": "flowers", "player": draw(st.integers(0, 3)), "count": 1})
    hands.append(open_events)
    s = load_session(
        {
            "format": 1,
            "variant": variant,
            "options": opts,
            "players": NAMES,
            "first_dealer": draw(st.integers(0, 3)),
            "hands": [{"events": e} for e in hands],
        }
    )
    target = draw(st.sampled_from([None, "first", 0, 1, 2, 3]))
    return s, target


def _with_win(s, win_json):
    hands = [h.to_json()["events"] for h in s.hands]
    hands[-1] = hands[-1] + [win_json]
    return load_session({**s.to_json(), "hands": [{"events": e} for e in hands]})


@SETTINGS
@given(states())
def test_answer_overtakes_and_the_next_smaller_value_does_not(case):
    s, target = case
    ch = chase(s, target=target)
    rp = replay(s)
    v = get_variant(s.variant)
    search = _Search(s.variant, v.rules(s.options), rp.next_state, s.hands[-1].events, rp.totals)
    for c in ch.chases:
        if c.ways is None:
            continue
        rivals = [p for p in range(4) if p != c.seat] if ch.target is None else [ch.target]
        good = _ahead(c.seat, rivals)
        target = (
            ch.target if ch.target is not None else max(rivals, key=lambda p: (rp.totals[p], -p))
        )
        froms = {"self_draw": [None], "discard_by_target": [target]}
        for key, w in c.ways.items():
            if hasattr(w, "by_discarder"):
                pairs = list(w.by_discarder)
            else:
                pairs = [(froms[key][0], w)]
            for frm, a in pairs:
                if a is None:
                    # impossible: not even the largest hand of any family overtakes
                    for fam in search.space(c.seat, frm is None).families:
                        b = search.settle(c.seat, frm, fam.rungs[-1])
                        assert b is None or good(b.after) < 1, fam.rungs[-1]
                    continue
                # entering exactly that hand puts X strictly ahead (a fresh replay)
                after = replay(_with_win(s, a.win.to_json())).totals
                assert all(after[c.seat] > after[r] for r in rivals if r != c.seat)
                # no hand of the next smaller value does
                space = search.space(c.seat, a.from_ is None)
                smaller = space.below(a.value)
                if smaller is not None:
                    for rung in space.at(smaller):
                        b = search.settle(c.seat, a.from_, rung)
                        assert b is None or good(b.after) < 1, rung
