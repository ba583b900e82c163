"""Property tests for Guobiao: random legal winning hands (random melds + pair, each accepted
by the calculator), valued by calc and settled in sessions: zero-sum, the payment formulas of
RULES.md §3, calc and session agree, the deal rotates."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mjscore.engine.core import replay
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import load_session
from mjscore.engine.tiles import ALL_TILES, format_tiles, relative_to_absolute, sort_tiles
from mjscore.engine.variants import get_variant
from mjscore.engine.variants.gb_fans import BY_ZH

GB = get_variant("guobiao")
SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


@st.composite
def gb_hands(draw):
    """(hand string without context, kongs as (tile, kind, claim)) of a legal 4-sets-and-a-pair win."""
    sets = []
    for _ in range(4):
        if draw(st.booleans()):
            s, r = draw(st.sampled_from("mps")), draw(st.integers(1, 7))
            sets.append(("chow", [f"{r + i}{s}" for i in range(3)]))
        else:
            sets.append(("pung", [draw(st.sampled_from(ALL_TILES))] * 3))
    pair = draw(st.sampled_from(ALL_TILES))
    count = Counter([pair, pair])
    for _, ts in sets:
        count.update(ts)
    assume(max(count.values()) <= 4)
    melds, closed, kongs = [], [pair, pair], []
    for kind, ts in sets:
        how = draw(st.sampled_from(["closed", "meld", "kong"]))
        if how == "closed":
            closed += ts
        elif kind == "chow" or how == "meld":
            melds.append(f"[{format_tiles(ts)},{draw(st.integers(1, 3))}]")
        else:
            if count[ts[0]] == 4:
                closed += ts
                continue
            count[ts[0]] += 1
            claim = draw(st.sampled_from([None, 1, 2, 3, 5, 6, 7]))
            melds.append(f"[{format_tiles([ts[0]] * 4)}{'' if claim is None else f',{claim}'}]")
            kongs.append((ts[0], claim))
    win = draw(st.sampled_from(closed))
    rest = list(closed)
    rest.remove(win)
    return "".join(melds) + format_tiles(sort_tiles(rest)) + format_tiles([win]), tuple(kongs)


def kong_events(player, kongs):
    out = []
    for tile, claim in kongs:
        if claim is None:
            out.append({"type": "kong", "player": player, "kind": "concealed", "tile": tile})
        elif claim >= 5:
            out.append(
                {
                    "type": "kong",
                    "player": player,
                    "kind": "added",
                    "from": relative_to_absolute(player, claim - 4),
                    "tile": tile,
                }
            )
        else:
            out.append(
                {
                    "type": "kong",
                    "player": player,
                    "kind": "exposed",
                    "from": relative_to_absolute(player, claim),
                    "tile": tile,
                }
            )
    return out


@SETTINGS
@given(
    gb_hands(), st.sampled_from("ESWN"), st.sampled_from("ESWN"), st.booleans(), st.integers(0, 8)
)
def test_calc_values_every_generated_win(hk, prevailing, seat, self_drawn, flowers):
    hand, _ = hk
    text = f"{hand}|{prevailing}{seat}{int(self_drawn)}000|{flowers}"
    js = GB.calc(text, GB.rules({})).json  # a constructed win: never NOT_A_WIN
    assert js["total"] == sum(f["points"] * f["count"] for f in js["fans"])
    for f in js["fans"]:
        assert BY_ZH[f["name"]].points == f["points"] and f["count"] >= 1
    fan_without_flowers = js["total"] - flowers
    assert js["below_minimum"] == (fan_without_flowers < 8)
    assert (
        "自摸" in [f["name"] for f in js["fans"]] or "不求人" in [f["name"] for f in js["fans"]]
    ) == self_drawn


@SETTINGS
@given(
    gb_hands(),
    st.integers(0, 3),  # winner
    st.one_of(st.none(), st.integers(1, 3)),  # discarder offset (None: self-draw)
    st.integers(0, 3),  # first dealer
    st.integers(0, 7),  # draws before the win (moves dealer and wind)
    st.integers(0, 8),  # flowers
    st.sampled_from(["seed", "competition"]),
)
def test_session_win_zero_sum_and_formula(
    hk, player, offset, first_dealer, draws, flowers, payment
):
    hand, kongs = hk
    from_ = None if offset is None else (player + offset) % 4
    evs = kong_events(player, kongs)
    if flowers:
        evs.append({"type": "flowers", "player": player, "count": flowers})
    evs.append({"type": "win", "player": player, "from": from_, "hand": hand})
    data = {
        "variant": "guobiao",
        "players": ["a", "b", "c", "d"],
        "first_dealer": first_dealer,
        "options": {"min_fan": 0, "payment": payment},
        "hands": [{"events": [{"type": "draw"}]} for _ in range(draws)] + [{"events": evs}],
    }
    rep = replay(load_session(data))
    last = rep.hands[-1]
    res = last.result
    assert sum(res.deltas) == 0 and sum(rep.totals) == 0
    t = res.wins[0].value
    base = 8 if payment == "competition" else 0
    if from_ is None:
        assert res.deltas[player] == 3 * (base + t)
        assert all(res.deltas[p] == -(base + t) for p in range(4) if p != player)
    else:
        assert res.deltas[player] == 3 * base + t
        assert res.deltas[from_] == -(base + t)
    # the session values the hand as calc does with the table's winds in the context
    st_ = last.state
    assert (
        st_.dealer == (first_dealer + draws) % 4 and st_.prevailing_wind == "ESWN"[(draws // 4) % 4]
    )
    ctx = f"{st_.prevailing_wind}{st_.seat_wind(player)}{int(from_ is None)}000"
    assert GB.calc(f"{hand}|{ctx}|{flowers}", GB.rules({})).json["total"] == t


@SETTINGS
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["win", "self", "draw", "false"]), st.integers(0, 3), st.integers(1, 3)
        ),
        min_size=1,
        max_size=20,
    ),
    st.booleans(),
)
def test_random_sessions_zero_sum_and_rotation(outcomes, repeats):
    hands = []
    for kind, p, off in outcomes:
        if kind == "win":
            ev = {"type": "win", "player": p, "from": (p + off) % 4, "hand": "11224455668899p"}
        elif kind == "self":
            ev = {"type": "win", "player": p, "from": None, "fan": 8 + off}
        elif kind == "draw":
            ev = {"type": "draw"}
        else:
            ev = {"type": "false_win", "player": p}
        hands.append({"events": [ev]})
    data = {
        "variant": "guobiao",
        "players": ["a", "b", "c", "d"],
        "options": {"dealer_repeats": repeats},
        "hands": hands,
    }
    rep = replay(load_session(data))
    assert sum(rep.totals) == 0
    dealer, passes = 0, 0
    for (kind, p, _), h in zip(outcomes, rep.hands, strict=True):
        assert (h.state.dealer, h.state.prevailing_wind) == (dealer, "ESWN"[(passes // 4) % 4])
        stays = repeats and (kind == "draw" or (kind in ("win", "self") and p == dealer))
        if not stays:
            dealer, passes = (dealer + 1) % 4, passes + 1


@SETTINGS
@given(gb_hands(), st.booleans(), st.booleans(), st.booleans())
def test_impossible_flags_are_refused_not_dropped(hk, last_copy, kong, self_drawn):
    # the calculator silently ignores a 抢杠和/和绝张/杠上开花 it finds impossible; we refuse instead
    hand, _ = hk
    text = f"{hand}|EE{int(self_drawn)}{int(last_copy)}0{int(kong)}"
    try:
        js = GB.calc(text, GB.rules({})).json
    except MjError as e:
        assert e.code == ErrorCode.BAD_FLAG
        return
    names = {f["name"] for f in js["fans"]}
    if kong:
        assert ("杠上开花" if self_drawn else "抢杠和") in names
    if last_copy:
        assert "和绝张" in names or "抢杠和" in names


# ---------------------------------------------------------------- the fast notation path
from mjscore.engine.tiles import DEFAULT_CONTEXT, parse_hand  # noqa: E402
from mjscore.engine.variants.gb_quick import FAST_PATTERN, fast_match  # noqa: E402
from mjscore.engine.variants.guobiao import Situation, calc_input, fast_input  # noqa: E402

NOTATION_CHARS = "123456789mpsESWNCFPabch[],|0 "


def _same_as_parse_hand(text: str) -> None:
    """calc reads common strings without parse_hand; it must read them exactly as parse_hand."""
    try:
        tiles = parse_hand(text, variant="guobiao", waiting_ok=False)
        want = (
            calc_input(tiles),
            Situation.from_context(tiles.context or DEFAULT_CONTEXT, tiles.flower_count),
        )
    except MjError:
        want = None
    got = fast_input(text)
    if got is not None:
        assert want is not None, f"fast path accepted {text!r}, which parse_hand refuses"
        (inp, sit), (winp, wsit) = got, want
        assert sit == wsit
        assert (inp.pack, inp.win, inp.has_kong, inp.win_copies) == (
            winp.pack,
            winp.win,
            winp.has_kong,
            winp.win_copies,
        )
        assert sorted(inp.hand) == sorted(winp.hand)
    elif want is not None:
        # it may decline only shapes it does not handle
        assert fast_match(text) is None, text


@settings(max_examples=150, deadline=None)
@given(
    gb_hands(),
    st.sampled_from(
        ["", "|EE0000", "|SW1101", "|NE0011", "|EE1011|3", "|WS0100|ahc", "|EE0000|aa"]
    ),
)
def test_fast_path_equals_parse_hand_on_wins(hk, tail):
    _same_as_parse_hand(hk[0] + tail)


@settings(max_examples=150, deadline=None)
@given(gb_hands(), st.data())
def test_fast_path_never_accepts_what_parse_hand_refuses(hk, data):
    text = hk[0] + data.draw(st.sampled_from(["", "|EE1000", "|EE0011|2"]))
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 3))):
        op = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        i = data.draw(st.integers(0, max(len(chars) - 1, 0)))
        c = data.draw(st.sampled_from(NOTATION_CHARS))
        if op == "replace" and chars:
            chars[i] = c
        elif op == "insert":
            chars.insert(i, c)
        elif chars:
            del chars[i]
    _same_as_parse_hand("".join(chars))


@pytest.mark.parametrize(
    "text",
    [
        "11111m2345678m9m",
        "[1111m]1m23456789m99m",
        "[123m,4]456m789p123s5s5s",
        "[135m,1]456m789p123s55s",
        "[ESW,1]456m789p123s55s",
        "[111m,5]456m789p123s55s",
        "123456789m123p4s",
        "123456789m123p4s ",
        "19m19p19sESWNCFPP|EE0011",
        "19m19p19sESWNCFPP|EE1000|9",
        "19m19p19sESWNCFPP|EE1000|aba",
        "m19p19sESWNCFPP1",
    ],
)
def test_fast_path_declines_bad_strings(text):
    assert fast_input(text) is None
    with pytest.raises(MjError):
        parse_hand(text, variant="guobiao", waiting_ok=False)


@settings(max_examples=80, deadline=None)
@given(
    gb_hands(),
    st.sampled_from("ESWN"),
    st.sampled_from("ESWN"),
    st.sampled_from(["0000", "1000", "0010", "1010"]),
    st.sampled_from(["", "|0", "|5", "|abc", "|"]),
)
def test_fast_calc_equals_checked_path(hk, prevailing, seat, bits, flowers):
    # calc's direct path (string → calculator → shared report) gives exactly what the checked
    # path (parse_hand-equivalent input, every flag check, fan naming) gives
    text = f"{hk[0]}|{prevailing}{seat}{bits}{flowers}"
    rules = GB.rules({"min_fan": 8})
    fast = GB.calc(text, rules)
    slow = GB._calc_checked(
        text[:-1] if text.endswith("|") and text.count("|") == 2 else text, rules, None
    )
    assert fast.json == slow.json and fast.lines == slow.lines


def test_shared_calc_results_are_read_only_and_serialise():
    import json

    a = GB.calc("19m19p19sESWNCFPP|EE1000", GB.rules({}))
    b = GB.calc("19m19p19sESWNCFFP|EE1000", GB.rules({}))  # another string, the same fans
    assert a.json == b.json
    with pytest.raises(TypeError):
        a.json["total"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        a.json["fans"][0]["points"] = 1  # type: ignore[index]
    assert json.loads(json.dumps(a.json, ensure_ascii=False))["fans"][0] == {
        "name": "十三幺",
        "name_en": "Thirteen Orphans",
        "points": 88,
        "count": 1,
    }
    # a copy can be changed freely
    c = dict(a.json)
    c["total"] = 0
    assert a.json["total"] == 89


def test_fast_path_counts_copies_across_runs_and_melds():
    # the fifth copy may be spread over runs and melds; the count is per tile kind
    for text in [
        "11m1m1m1m23456789m",
        "[111m,1]11m23456789m5p",
        "[1111m]1m2345678m99m",
        "11111111111111m",
        "[123m,1][123m,1]111m99m1m",
    ]:
        assert fast_input(text) is None
        with pytest.raises(MjError):
            GB.calc(text, GB.rules({}))


def test_the_scanner_reads_the_language_of_the_pattern():
    """``fast_match`` is ``re.fullmatch(FAST_PATTERN, s)``: on every short string of the
    notation's characters and on seeded random and mutated longer ones."""
    import itertools
    import random
    import re

    pattern = re.compile(FAST_PATTERN)

    def same(s: str) -> bool:
        m = pattern.fullmatch(s)
        assert fast_match(s) == (None if m is None else m.groups()), s
        return m is not None

    for n in range(4):
        for chars in itertools.product("1m5pE,[]|0a", repeat=n):
            same("".join(chars))
    rng = random.Random(31)
    shapes = ["[111m,1]", "[2222p]", "[333s,6]", "[EEE]", "[123m,3]", "123m", "45p", "E", "99s"]
    tails = ["", "|EE0000", "|SW1101|3", "|NE0011|ahc", "|EE0000|", "|WS0100|abcdefgha", "|EE01"]
    matched = 0
    for _ in range(20000):
        s = "".join(rng.choice(shapes) for _ in range(rng.randint(1, 6))) + rng.choice(tails)
        for _ in range(rng.choice([0, 0, 1, 2])):
            i = rng.randrange(len(s) + 1)
            s = s[:i] + rng.choice("123456789mpsESWNCFPabh[],|0 8") + s[i + 1 :]
        matched += same(s)
    assert matched > 1000
