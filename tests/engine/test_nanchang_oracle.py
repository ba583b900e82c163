"""南昌 settlement against an independent oracle written straight from RULES.md §4.

The oracle below shares no code with the engine: it re-derives every payment part
(下精分, 奖励分 上精 with 冲关/霸王/fed_by, kong awards and 精杠, 胡分 M·f·d, the 德国 +5,
the false-win penalty) and the cap, for random declared-mode hands, and compares the hand's
deltas and next dealer. Each oracle line quotes the RULES sentence it implements.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor, prod

from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.core import TableState
from mjscore.engine.errors import MjError
from mjscore.engine.record import hand_from_json
from mjscore.engine.variants import get_variant

V = get_variant("nanchang")

FACTOR = {
    "seven_pairs": 2,
    "thirteen_lan": 2,
    "seven_star_lan": 4,
    "clean": 2,
    "clean_sweep": 4,
    "jing_single": 2,
    "heavenly": 20,
    "earthly": 20,
}


def jing_score(counts: list[list[int]], p: int, chong_cap: int | None) -> int:
    # "raw = 2z + f; 冲关: if raw ≥ 5, ×min(raw − 3, chongguan_cap) … 霸王精: if this player is
    # the only one with raw > 0, ×2"
    raws = [2 * z + f for z, f in counts]
    raw = raws[p]
    m = 1
    if raw >= 5:
        m = raw - 3 if chong_cap is None else min(raw - 3, chong_cap)
    sole = raw > 0 and all(r == 0 for q, r in enumerate(raws) if q != p)
    return raw * m * (2 if sole else 1)


def cap_nets(nets: list[int], cap: int | None) -> list[int]:
    # "When some |net| is strictly greater than cap, every net is multiplied by cap ÷ (largest
    # |net|), floored, and the units still missing for a zero sum go one each to the largest
    # fractional parts (ties to the lower seat)."
    top = max(abs(n) for n in nets)
    if cap is None or not top > cap:
        return nets
    exact = [Fraction(n) * cap / top for n in nets]
    out = [floor(x) for x in exact]
    frac = [x - o for x, o in zip(exact, out, strict=True)]
    for _ in range(-sum(out)):
        i = max(range(4), key=lambda k: (frac[k], -k))
        out[i] += 1
        frac[i] = Fraction(-1)
    return out


def oracle(h: dict) -> tuple[list[int], int]:
    o = h["options"]
    base, chong = o["base"], o["chongguan_cap"]
    net = [0, 0, 0, 0]

    def pay(a: int, b: int, x: int) -> None:
        net[a] -= x
        net[b] += x

    # 下精分: "Each player collects his score from each of the other three"
    for p in range(4):
        for q in range(4):
            if q != p:
                pay(q, p, base * jing_score(h["lower"], p, chong))
    counts = h["counts"]
    if counts is not None:
        for p in range(4):
            s = base * jing_score(counts, p, chong)
            x = h["fed_by"][p]
            if x is not None:  # "X alone pays that player's jing score three times"
                pay(x, p, 3 * s)
            else:
                for q in range(4):
                    if q != p:
                        pay(q, p, s)
    # "plus 2 per exposed or concealed kong, and 10 instead of 2 for a 精杠"
    for p in range(4):
        pts = 2 * (h["kongs"][p] - h["jing_kongs"][p]) + 10 * h["jing_kongs"][p]
        for q in range(4):
            if q != p:
                pay(q, p, base * pts)
    dealer = h["dealer"]
    nxt = dealer
    if h["kind"] == "false_win":
        # "the offender pays false_win_penalty (… × base in Nanchang) to each other player"
        for q in range(4):
            if q != h["player"]:
                pay(h["player"], q, base * o["false_win_penalty"])
    elif h["kind"] == "win":
        w, frm, pats = h["player"], h["from"], set(h["patterns"])
        if counts is not None and sum(counts[w]) == 0:
            pats.add("clean")  # "德国: … (or holds none)"
        if "clean_sweep" in pats:
            pats.add("clean")
        if (
            "clean" in pats
            and counts is not None
            and all(sum(counts[q]) == 0 for q in range(4) if q != w)
        ):
            pats.add("clean_sweep")  # "德中德: 德国 and none of the other three holds any jing"
        if "clean_sweep" in pats:
            pats.discard("clean")  # "replaces 德国"
        if "seven_star_lan" in pats:
            pats.discard("thirteen_lan")  # "replaces 十三烂"
        for flag in ("heavenly", "earthly"):
            if h.get(flag):
                pats.add(flag)
        m = prod(FACTOR[p] for p in pats)
        for j in range(4):
            if j == w:
                continue
            if h.get("heavenly") or h.get("earthly"):
                f = 1  # "天胡 … f = 1 for all", "地胡 … f = 1 for all"
            elif frm is None:
                f = 4 if h.get("kong_bloom") else 2
            elif h.get("robbed_kong"):
                f = 4 if j == frm else 1
            else:
                f = 2 if j == frm else 1
            d = 2 if dealer in (j, w) else 1
            pay(j, w, base * m * f * d)
        if "clean" in pats or "clean_sweep" in pats:
            # "paid by each other player after a self-draw, 杠上开花 or 天胡, and by the
            # discarder or robbed player alone after a discard, 抢杠 or 地胡"
            for j in [q for q in range(4) if q != w] if frm is None else [frm]:
                pay(j, w, base * 5)
        if w != dealer:
            nxt = (dealer + 1) % 4  # "otherwise the dealer's 下家"
    return cap_nets(net, o["cap"]), nxt


def four(draw, hi: int) -> list[int]:
    out = [0, 0, 0, 0]
    for _ in range(draw(st.integers(0, hi))):
        out[draw(st.integers(0, 3))] += 1
    return out


@st.composite
def hands(draw):
    dealer = draw(st.integers(0, 3))
    lz, lf = four(draw, 3), four(draw, 4)
    lower = [[lz[p], lf[p]] for p in range(4)]
    kongs = [draw(st.integers(0, 2)) for _ in range(4)]
    counts = None
    jing_kongs = [0, 0, 0, 0]
    fed = [None] * 4
    if draw(st.integers(0, 3)):
        z, f = four(draw, 4), four(draw, 4)
        counts = [[z[p], f[p]] for p in range(4)]
        for p in range(4):
            if kongs[p] and (z[p] == 4 or f[p] == 4) and draw(st.booleans()):
                jing_kongs[p] = 1
            if 2 * z[p] + f[p] >= 5 and draw(st.booleans()):
                fed[p] = draw(st.sampled_from([q for q in range(4) if q != p]))
    kind = draw(st.sampled_from(["draw", "false_win", "win", "win", "win"]))
    h: dict = {
        "dealer": dealer,
        "lower": lower,
        "kongs": kongs,
        "counts": counts,
        "jing_kongs": jing_kongs,
        "fed_by": fed,
        "kind": kind,
        "options": {
            "base": draw(st.integers(1, 4)),
            "cap": draw(st.one_of(st.none(), st.integers(1, 600))),
            "chongguan_cap": draw(st.one_of(st.none(), st.integers(1, 9))),
            "false_win_penalty": draw(st.integers(0, 12)),
        },
    }
    if kind == "false_win":
        h["player"] = draw(st.integers(0, 3))
    if kind != "win":
        return h
    w = draw(st.integers(0, 3))
    way = draw(st.sampled_from(["self", "discard", "kong_bloom", "robbed", "heavenly", "earthly"]))
    if way == "heavenly":
        w = dealer
    if way == "earthly" and w == dealer:
        w = (dealer + 1) % 4
    frm = None
    if way in ("discard", "robbed"):
        frm = draw(st.sampled_from([q for q in range(4) if q != w]))
    elif way == "earthly":
        frm = dealer
    shape = draw(st.sampled_from([[], ["seven_pairs"], ["thirteen_lan"], ["seven_star_lan"]]))
    if shape:  # 七对 / 十三烂 are fourteen concealed tiles: the winner has no kong (§0 refusal)
        kongs[w] = jing_kongs[w] = 0
        if way == "kong_bloom":
            way = "self"
    pats = list(shape)
    holders_none = counts is not None and all(sum(counts[q]) == 0 for q in range(4) if q != w)
    extra = draw(st.sampled_from([[], ["clean"], ["clean_sweep"]]))
    if extra == ["clean_sweep"] and counts is not None and not holders_none:
        extra = ["clean"]
    pats += extra
    if (
        frm is None
        and not set(shape) & {"thirteen_lan", "seven_star_lan"}
        and (counts is None or sum(counts[w]))
        and draw(st.booleans())
    ):
        pats.append("jing_single")
    if way in ("heavenly", "earthly"):
        kongs[:] = [0, 0, 0, 0]
        jing_kongs[:] = [0, 0, 0, 0]
    if way == "kong_bloom" and not kongs[w]:
        kongs[w] = 1
    h.update(
        player=w,
        **{"from": frm},
        patterns=pats,
        heavenly=way == "heavenly",
        earthly=way == "earthly",
        kong_bloom=way == "kong_bloom",
        robbed_kong=way == "robbed",
    )
    return h


def events_of(h: dict) -> list[dict]:
    ev: list[dict] = [
        {"type": "jing", "indicator": "5m", "lower": "2p", "lower_counts": h["lower"]}
    ]
    for p in range(4):
        for k in range(h["kongs"][p]):
            tile = (
                "5m"
                if k < h["jing_kongs"][p] and h["counts"][p][0] == 4
                else ("6m" if k < h["jing_kongs"][p] else None)
            )
            e = {"type": "kong", "player": p, "kind": "concealed"}
            if tile:
                e["tile"] = tile
            ev.append(e)
    if h["counts"] is not None:
        ev.append(
            {
                "type": "jing_count",
                "counts": h["counts"],
                "jing_kongs": h["jing_kongs"],
                "fed_by": h["fed_by"],
            }
        )
    if h["kind"] == "draw":
        ev.append({"type": "draw"})
    elif h["kind"] == "false_win":
        ev.append({"type": "false_win", "player": h["player"]})
    else:
        w = {"type": "win", "player": h["player"], "from": h["from"], "patterns": h["patterns"]}
        for flag in ("heavenly", "earthly"):
            if h[flag]:
                w[flag] = True
        if h["kong_bloom"]:
            w["kong_bloom"] = 1
        if h["robbed_kong"]:
            w["robbed_kong"] = 1
        ev.append(w)
    return ev


@settings(max_examples=300, deadline=None)
@given(hands())
def test_settlement_matches_oracle(h):
    events = events_of(h)
    try:
        res = V.settle_hand(
            hand_from_json({"events": events}, V),
            TableState(dealer=h["dealer"]),
            V.rules(h["options"]),
        )
    except MjError as e:  # the generator only builds consistent records
        raise AssertionError(f"refused a consistent record: {e}\n{events}") from None
    want, nxt = oracle(h)
    assert list(res.deltas) == want, events
    assert res.next_state.dealer == nxt
