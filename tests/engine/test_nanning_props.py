"""Hypothesis properties of Nanning settlement: zero-sum for random legal hands and options,
and declared mode (patterns + concealed + quads) agreeing with tile mode on the same hand."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mjscore.engine.core import TableState
from mjscore.engine.errors import MjError
from mjscore.engine.record import hand_from_json
from mjscore.engine.tiles import ALL_TILES, format_tiles, is_honour, parse_tiles, suit
from mjscore.engine.variants import get_variant

from tests.builders import meld_notation

V = get_variant("nanning")
SUITED = [t for t in ALL_TILES if len(t) == 2]
CHOW_STARTS = [t for t in SUITED if int(t[0]) <= 7]
SETTINGS = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def chow(t: str) -> list[str]:
    r, s = int(t[0]), t[1]
    return [f"{r + i}{s}" for i in range(3)]


@st.composite
def scenarios(draw):
    """A legal winning hand with its events, flags and options, and what it is (for declaring)."""
    w = draw(st.integers(0, 3))
    dealer = draw(st.integers(0, 3))
    others = [p for p in range(4) if p != w]
    self_drawn = draw(st.booleans())
    frm = None if self_drawn else draw(st.sampled_from(others))
    counts: Counter[str] = Counter()
    melds: list[tuple[str, str, str | None, int | None]] = []  # (kind, tile, kong kind, from)
    closed: list[str] = []
    pairs_hand = draw(st.integers(0, 5)) == 0
    quads = 0
    chows = 0
    if pairs_hand:
        kinds = draw(st.lists(st.sampled_from(ALL_TILES), min_size=4, max_size=7, unique=True))
        doubles = 7 - len(kinds)
        assume(doubles <= len(kinds) and doubles <= 3)
        for i, t in enumerate(kinds):
            n = 4 if i < doubles else 2
            closed += [t] * n
        quads = doubles
    else:
        n_melds = draw(st.integers(0, 4))
        for _ in range(n_melds):
            t = draw(st.sampled_from(ALL_TILES))
            if draw(st.booleans()):
                melds.append(("pung", t, None, draw(st.sampled_from(others))))
                counts[t] += 3
            else:
                kk = draw(st.sampled_from(["concealed", "exposed", "added"]))
                melds.append(
                    ("kong", t, kk, None if kk == "concealed" else draw(st.sampled_from(others)))
                )
                counts[t] += 4
        used_chows: set[str] = set()
        for _ in range(4 - n_melds):
            if draw(st.booleans()):
                t = draw(st.sampled_from(CHOW_STARTS))
                assume(t not in used_chows)
                used_chows.add(t)
                closed += chow(t)
                chows += 1
            else:
                closed += [draw(st.sampled_from(ALL_TILES))] * 3
        closed += [draw(st.sampled_from(ALL_TILES))] * 2
    counts.update(closed)
    assume(all(c <= 4 for c in counts.values()))
    if not pairs_hand and not melds:
        # a sets hand that is also seven pairs would be read as seven pairs (就高不就低)
        assume(any(c % 2 for c in Counter(closed).values()))
    win_tile = draw(st.sampled_from(closed))
    rest = list(closed)
    rest.remove(win_tile)
    # kongs: exposed ones first so any tail of them is a legal chain
    melds.sort(key=lambda m: (m[0] != "kong", m[2] != "exposed"))
    meld_strs = []
    for kind, t, kk, f in melds:
        meld_strs.append(meld_notation(kind, t, kk, None if f is None else (w - f) % 4))
    hand = (
        "".join(meld_strs)
        + format_tiles(sorted(rest, key=ALL_TILES.index))
        + format_tiles([win_tile])
    )
    events: list[dict] = []
    for kind, t, kk, f in melds:
        if kind == "pung":
            events.append({"type": "pung", "player": w, "from": f, "tile": t})
        else:
            ev = {"type": "kong", "player": w, "kind": kk, "tile": t}
            if f is not None:
                ev["from"] = f
            events.append(ev)
    kongs = [m for m in melds if m[0] == "kong"]
    exposed = [m for m in melds if not (m[0] == "kong" and m[2] == "concealed")]
    concealed = not exposed
    flags: dict = {}
    horses_ok = False
    if self_drawn:
        way = draw(st.sampled_from(["plain", "bloom", "last", "heaven"]))
        if way == "bloom" and kongs:
            # the chain is the last n kongs; after its first, none may be a direct exposed kong
            later = sum(1 for m in kongs if m[2] != "exposed")
            n = draw(st.integers(1, later + (1 if later < len(kongs) else 0)))
            flags["kong_bloom"] = n
            horses_ok = all(m[2] == "concealed" for m in kongs[len(kongs) - n :])
        elif way == "last":
            flags["last_tile"] = True
        elif way == "heaven" and not melds:
            flags["heavenly" if w == dealer else "earthly"] = True
            horses_ok = True
        else:
            horses_ok = True
    else:
        way = draw(st.sampled_from(["plain", "cannon", "last", "all_melded", "human", "robbed"]))
        if way == "cannon":
            n = draw(st.integers(1, 4))
            events = [
                {"type": "kong", "player": frm, "kind": "concealed"} for _ in range(n)
            ] + events
            flags["kong_cannon"] = n
        elif way == "last":
            flags["last_tile"] = True
        elif way == "all_melded":
            flags["discarder_all_melded"] = True
        elif way == "human" and frm == dealer and w != dealer and not melds:
            flags["human"] = True
        elif way == "robbed":
            flags["robbed_kong"] = 1
    options: dict = {}
    if draw(st.booleans()):
        options["dead_double"] = True
    if draw(st.booleans()):
        options["horses"] = 2
        if horses_ok:
            if draw(st.booleans()):
                flags["horses"] = format_tiles(
                    draw(st.lists(st.sampled_from(ALL_TILES), min_size=2, max_size=2))
                )
            else:
                flags["horse_hits"] = draw(st.integers(0, 2))
    if draw(st.booleans()):
        options["fishing"] = True
        flags["fish"] = draw(
            st.lists(st.one_of(st.none(), st.sampled_from(ALL_TILES)), min_size=4, max_size=4)
        )
    # RULES.md §0 "a robbed kong … the n-th kong" is an added kong: the robbed player holds a
    # pung of the winning tile, so the winner holds no other copy; horse and fish tiles are real
    # tiles too — no tile more than four times
    extra = Counter()
    if flags.get("robbed_kong"):
        extra[win_tile] += 3
    if "horses" in flags:
        extra.update(parse_tiles(flags["horses"]))
    for f in flags.get("fish", ()):
        if f is not None:
            extra[f] += 1
    assume(all(c <= 4 for c in (counts + extra).values()))
    all_tiles = [*closed, *(t for m in melds for t in [m[1]] * (4 if m[0] == "kong" else 3))]
    flush = all(is_honour(t) for t in all_tiles) or len({suit(t) for t in all_tiles}) == 1
    patterns = []
    if flush:
        patterns.append("full_flush")
    if pairs_hand:
        patterns.append("luxury_seven_pairs" if quads else "seven_pairs")
    elif chows == 0:
        patterns.append("all_pungs")
        if frm is not None and len(exposed) == 4:
            patterns.append("all_melded")
    declared = {"patterns": patterns}
    if quads:
        declared["quads"] = quads
    if not pairs_hand and "all_melded" not in patterns:
        declared["concealed"] = concealed
    return {
        "player": w,
        "dealer": dealer,
        "from": frm,
        "hand": hand,
        "events": events,
        "flags": flags,
        "options": options,
        "declared": declared,
    }


def settle(sc: dict, *, declared: bool):
    win = {"type": "win", "player": sc["player"], "from": sc["from"], **sc["flags"]}
    win |= sc["declared"] if declared else {"hand": sc["hand"]}
    hand = hand_from_json({"events": [*sc["events"], win]}, V)
    return V.settle_hand(hand, TableState(dealer=sc["dealer"]), V.rules(sc["options"]))


@SETTINGS
@given(scenarios())
def test_random_hands_settle_zero_sum_with_reasons(sc):
    res = settle(sc, declared=False)
    assert sum(res.deltas) == 0
    assert all(p.amount > 0 and p.reason for p in res.payments)
    assert res.deltas[sc["player"]] > 0 or sc["events"]  # a winner gains unless he pays kong points
    assert res.next_state.dealer == sc["player"]


@SETTINGS
@given(scenarios())
def test_declared_mode_agrees_with_tile_mode(sc):
    a = settle(sc, declared=False)
    b = settle(sc, declared=True)
    assert a.deltas == b.deltas

    def key(res):  # declared mode cannot tell 字一色 from 清一色 (one pattern id, full_flush)
        return sorted(
            (p.payer, p.payee, p.amount, p.reason.replace("字一色", "清一色")) for p in res.payments
        )

    assert key(a) == key(b)
    assert a.wins[0].value == b.wins[0].value


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 3), st.sampled_from(["concealed", "exposed", "added"]), st.integers(1, 3)
        ),
        max_size=6,
    ),
    st.one_of(st.none(), st.integers(0, 3)),
    st.integers(0, 3),
)
def test_draws_and_false_wins_settle_only_kong_points(kongs, offender, last):
    events = []
    for p, kind, rel in kongs:
        ev = {"type": "kong", "player": p, "kind": kind}
        if kind != "concealed":
            ev["from"] = (p + rel) % 4
        events.append(ev)
    end = (
        {"type": "draw", "last_drawer": last}
        if offender is None
        else {"type": "false_win", "player": offender}
    )
    res = V.settle_hand(hand_from_json({"events": [*events, end]}, V), TableState(), V.rules())
    kong_total = sum(3 if k == "concealed" else 1 for _, k, _ in kongs)
    assert sum(p.amount for p in res.payments if p.reason.startswith("杠分")) == kong_total
    assert sum(res.deltas) == 0
    assert res.next_state.dealer == (last if offender is None else offender)


HANDS = [
    "123m456m789p234s55s",
    "[555p,2]123m456m234s77s",
    "[111m,3][555p,3][999s,3]EEE77s",
    "[5555p]123m456m789s77s",
    "[5555p,2][6666p]123m234s77s",
    "1122m5566p99sEECC",
    "[555p,2][111m,1][999s,3][EEE,2]77s",
    "19m19p19sESWNCFPP",
    "[123m,1]456m789p234s55s",
]
FLAG_VALUES = {
    "kong_bloom": st.integers(1, 4),
    "kong_cannon": st.integers(1, 4),
    "robbed_kong": st.integers(1, 4),
    "last_tile": st.just(True),
    "heavenly": st.just(True),
    "earthly": st.just(True),
    "human": st.just(True),
    "discarder_all_melded": st.just(True),
    "horses": st.sampled_from(["1m5p", "2m", "NEC"]),
    "horse_hits": st.integers(0, 3),
    "fish": st.just(["5m", None, "E", "2p"]),
}


@st.composite
def any_record(draw):
    events = []
    for _ in range(draw(st.integers(0, 5))):
        p = draw(st.integers(0, 3))
        f = draw(st.sampled_from([q for q in range(4) if q != p]))
        kind = draw(st.sampled_from(["pung", "concealed", "exposed", "added"]))
        tile = draw(st.sampled_from([None, "5p", "6p", "1m", "E"]))
        ev = (
            {"type": "pung", "player": p, "from": f}
            if kind == "pung"
            else {"type": "kong", "player": p, "kind": kind}
        )
        if kind in ("exposed", "added"):
            ev["from"] = f
        if tile:
            ev["tile"] = tile
        events.append(ev)
    end = draw(st.sampled_from(["win", "win", "win", "multi", "draw", "false_win"]))
    if end == "draw":
        events.append({"type": "draw", "last_drawer": draw(st.integers(0, 3))})
    elif end == "false_win":
        events.append({"type": "false_win", "player": draw(st.integers(0, 3))})
    else:
        for _ in range(2 if end == "multi" else 1):
            p = draw(st.integers(0, 3))
            w = {
                "type": "win",
                "player": p,
                "from": draw(st.sampled_from([None] + [q for q in range(4) if q != p])),
            }
            if draw(st.booleans()):
                w["hand"] = draw(st.sampled_from(HANDS))
            else:
                w["patterns"] = draw(
                    st.lists(st.sampled_from(sorted(V.pattern_ids)), max_size=3, unique=True)
                )
                if draw(st.booleans()):
                    w["concealed"] = draw(st.booleans())
                if "luxury_seven_pairs" in w["patterns"]:
                    w["quads"] = draw(st.integers(1, 3))
            for name in draw(
                st.lists(st.sampled_from(sorted(FLAG_VALUES)), max_size=3, unique=True)
            ):
                if name == "horse_hits" and "horses" in w:
                    continue
                w[name] = draw(FLAG_VALUES[name])
            events.append(w)
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "dead_double": st.booleans(),
                "horses": st.sampled_from([0, 2]),
                "fishing": st.booleans(),
                "draw_dealer": st.sampled_from(["last_drawer", "same"]),
            },
        )
    )
    return events, options, draw(st.integers(0, 3))


@settings(max_examples=300, deadline=None)
@given(any_record())
def test_fuzz_any_record_settles_zero_sum_or_is_refused(rec):
    events, options, dealer = rec
    try:
        hand = hand_from_json({"events": events}, V)
        res = V.settle_hand(hand, TableState(dealer=dealer), V.rules(options))
    except MjError as e:
        assert e.message
        return
    assert sum(res.deltas) == 0
    assert all(p.amount > 0 and p.reason for p in res.payments)
