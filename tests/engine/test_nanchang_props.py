"""Properties of Nanchang settlement over random hands (hypothesis).

- Every hand is zero-sum and its payments net to its deltas, also after 封顶.
- With a cap, no player's net exceeds it; the capped nets follow the stated rounding.
- Without a cap, jing and kong parts match an independent formula: each player collects his
  score from each of the other three (net = 4·own − table total), RULES.md §4.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.core import TableState
from mjscore.engine.record import hand_from_json
from mjscore.engine.variants import get_variant
from mjscore.engine.variants.nanchang_score import cap_nets

V = get_variant("nanchang")


def split(draw, total_max: int) -> list[int]:
    """Four counts summing to at most ``total_max``."""
    out = [0, 0, 0, 0]
    for _ in range(draw(st.integers(0, total_max))):
        out[draw(st.integers(0, 3))] += 1
    return out


def score(z: int, f: int, sole: bool, cap: int | None) -> int:
    raw = 2 * z + f
    mult = 1 if raw < 5 else (raw - 3 if cap is None else min(raw - 3, cap))
    return raw * mult * (2 if sole else 1)


def scores(counts: list[list[int]], cap: int | None) -> list[int]:
    holders = [p for p in range(4) if sum(counts[p])]
    return [score(z, f, holders == [p], cap) for p, (z, f) in enumerate(counts)]


@st.composite
def hands(draw):
    lz, lf = split(draw, 3), split(draw, 4)  # lower 2p (one turned up), 3p
    z, f = split(draw, 4), split(draw, 4)
    counts = [[z[p], f[p]] for p in range(4)]
    events: list[dict] = [
        {
            "type": "jing",
            "indicator": "5m",
            "lower": "2p",
            "lower_counts": [[lz[p], lf[p]] for p in range(4)],
        }
    ]
    kongs = [draw(st.integers(0, 2)) for _ in range(4)]
    for p in range(4):
        events += [{"type": "kong", "player": p, "kind": "concealed"}] * kongs[p]
    cnt: dict = {"type": "jing_count", "counts": counts}
    if draw(st.booleans()):
        fed = [None] * 4
        for p in range(4):
            if 2 * z[p] + f[p] >= 5 and draw(st.booleans()):
                fed[p] = draw(st.sampled_from([q for q in range(4) if q != p]))
        cnt["fed_by"] = fed
    events.append(cnt)
    dealer = draw(st.integers(0, 3))
    kind = draw(st.sampled_from(["draw", "false_win", "win"]))
    if kind == "draw":
        events.append({"type": "draw"})
    elif kind == "false_win":
        events.append({"type": "false_win", "player": draw(st.integers(0, 3))})
    else:
        player = draw(st.integers(0, 3))
        frm = draw(st.sampled_from([None] + [q for q in range(4) if q != player]))
        pats = set(
            draw(
                st.lists(
                    st.sampled_from(["seven_pairs", "thirteen_lan", "seven_star_lan", "clean"]),
                    max_size=2,
                )
            )
        )
        if "seven_pairs" in pats:
            pats -= {"thirteen_lan", "seven_star_lan"}
        if (
            frm is None
            and sum(counts[player])
            and "thirteen_lan" not in pats
            and "seven_star_lan" not in pats
            and draw(st.booleans())
        ):
            pats.add("jing_single")
        if kongs[player] and pats & {"seven_pairs", "thirteen_lan", "seven_star_lan"}:
            # 七对 / 十三烂 are fourteen concealed tiles: with a kong logged they are refused (§0)
            pats -= {"seven_pairs", "thirteen_lan", "seven_star_lan"}
        ev: dict = {"type": "win", "player": player, "from": frm, "patterns": sorted(pats)}
        if frm is None and player == dealer and kongs[player] == 0 and draw(st.booleans()):
            ev["heavenly"] = True
            events = [e for e in events if e["type"] != "kong"]
            kongs = [0, 0, 0, 0]
        elif frm is None and kongs[player] and draw(st.booleans()):
            ev["kong_bloom"] = 1
        elif frm is not None and draw(st.booleans()):
            ev["robbed_kong"] = 1
        events.append(ev)
    options = {
        "base": draw(st.integers(1, 5)),
        "cap": draw(st.one_of(st.none(), st.integers(1, 400))),
        "chongguan_cap": draw(st.one_of(st.none(), st.integers(1, 9))),
    }
    return events, options, dealer, counts, [[lz[p], lf[p]] for p in range(4)], kongs, kind


@settings(max_examples=200, deadline=None)
@given(hands())
def test_zero_sum_and_cap(h):
    events, options, dealer, *_ = h
    rules = V.rules(options)
    res = V.settle_hand(hand_from_json({"events": events}, V), TableState(dealer=dealer), rules)
    assert sum(res.deltas) == 0
    net = [0, 0, 0, 0]
    for p in res.payments:
        assert p.amount > 0 and p.reason
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    assert tuple(net) == res.deltas
    if options["cap"] is not None:
        assert max(abs(d) for d in res.deltas) <= options["cap"]
    if "cap" in res.details:
        before = res.details["cap"]["before"]
        assert max(abs(b) for b in before) > options["cap"]
        assert list(res.deltas) == list(cap_nets(before, options["cap"]))


@settings(max_examples=200, deadline=None)
@given(hands())
def test_jing_and_kong_parts_match_formula(h):
    events, options, dealer, counts, lower, kongs, kind = h
    options = {**options, "cap": None}
    cnt = next(e for e in events if e["type"] == "jing_count")
    if kind != "draw" or any(x is not None for x in cnt.get("fed_by", [])):
        return
    res = V.settle_hand(
        hand_from_json({"events": events}, V), TableState(dealer=dealer), V.rules(options)
    )
    cap = options["chongguan_cap"]
    own = [
        a + b + 2 * k
        for a, b, k in zip(scores(lower, cap), scores(counts, cap), kongs, strict=True)
    ]
    want = tuple(options["base"] * (4 * o - sum(own)) for o in own)
    assert res.deltas == want


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-5000, 5000), min_size=3, max_size=3), st.integers(1, 3000))
def test_cap_rounding(three, cap):
    nets = [*three, -sum(three)]
    out = cap_nets(nets, cap)
    assert sum(out) == 0
    top = max(abs(n) for n in nets)
    if top <= cap:
        assert out == tuple(nets)
        return
    assert max(abs(x) for x in out) <= cap
    for n, x in zip(nets, out, strict=True):
        exact = Fraction(n * cap, top)
        assert exact - 1 < x <= exact + 1  # floored, at most one unit added back
        assert (n > 0) >= (x > 0)  # nobody changes side


# ---------------------------------------------------------------- fuzz: settle or refuse
TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")


@st.composite
def messy_hands(draw):
    """Random, often contradictory records: anything may be wrong except the JSON shape."""
    pair = st.lists(st.integers(0, 4), min_size=2, max_size=2)
    four_pairs = st.lists(pair, min_size=4, max_size=4)
    events: list[dict] = []
    if draw(st.booleans()):
        events.append(
            {
                "type": "jing",
                "indicator": draw(st.sampled_from(TILES)),
                "lower": draw(st.sampled_from(TILES)),
                "lower_counts": draw(four_pairs),
            }
        )
    for _ in range(draw(st.integers(0, 3))):
        p = draw(st.integers(0, 3))
        kind = draw(st.sampled_from(["exposed", "added", "concealed"]))
        ev = {"type": "kong", "player": p, "kind": kind}
        if kind != "concealed":
            ev["from"] = (p + draw(st.integers(1, 3))) % 4
        if draw(st.booleans()):
            ev["tile"] = draw(st.sampled_from(TILES))
        events.append(ev)
    if draw(st.booleans()):
        cnt: dict = {"type": "jing_count", "counts": draw(four_pairs)}
        if draw(st.booleans()):
            cnt["jing_kongs"] = draw(st.lists(st.integers(0, 2), min_size=4, max_size=4))
        if draw(st.booleans()):
            cnt["fed_by"] = draw(
                st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=4, max_size=4)
            )
        events.append(cnt)
    kind = draw(st.sampled_from(["draw", "false_win", "win", "win"]))
    if kind == "draw":
        events.append({"type": "draw"})
    elif kind == "false_win":
        events.append({"type": "false_win", "player": draw(st.integers(0, 3))})
    else:
        player = draw(st.integers(0, 3))
        ev = {
            "type": "win",
            "player": player,
            "from": draw(st.sampled_from([None] + [q for q in range(4) if q != player])),
        }
        if draw(st.booleans()):
            tiles = draw(st.lists(st.sampled_from(TILES), min_size=14, max_size=14))
            ev["hand"] = "".join(tiles)
        else:
            ev["patterns"] = draw(
                st.lists(st.sampled_from(sorted(V.pattern_ids)), max_size=3, unique=True)
            )
        for flag in draw(
            st.lists(
                st.sampled_from(["kong_bloom", "robbed_kong", "heavenly", "earthly"]),
                max_size=2,
                unique=True,
            )
        ):
            ev[flag] = 1 if flag in ("kong_bloom", "robbed_kong") else True
        events.append(ev)
    return events, draw(st.integers(0, 3)), draw(st.one_of(st.none(), st.integers(1, 200)))


@settings(max_examples=200, deadline=None)
@given(messy_hands())
def test_any_record_settles_or_is_refused(h):
    from mjscore.engine.errors import MjError

    events, dealer, cap = h
    try:
        hand = hand_from_json({"events": events}, V)
        res = V.settle_hand(hand, TableState(dealer=dealer), V.rules({"cap": cap}))
    except MjError as e:
        assert str(e)
        return
    assert sum(res.deltas) == 0
    if cap is not None:
        assert max(abs(d) for d in res.deltas) <= cap
