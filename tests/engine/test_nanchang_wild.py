"""南昌 精 wildcard analysis against a brute force: substitute every jing by every tile and
check the plain (no wildcard) shape with an independent, deliberately naive checker.

RULES.md §4: "正精 and 副精 are wild in winning hands (a jing used as itself is not 'used as
wild')"; "德国: the hand is complete without using any jing as wild (or holds none)";
"七星十三烂: one containing all seven honours (jing may not stand in for the honours)".
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mjscore.engine.tiles import ALL_TILES, HONOURS, parse_tiles, successor
from mjscore.engine.variants.nanchang_wild import (
    _CHOWS,
    INF,
    _group_min,
    analyse,
    jing_pair,
    jing_single,
    shapes,
)

SUITED = [t for t in ALL_TILES if len(t) == 2]


# ---------------------------------------------------------------- naive plain checkers
IDX = {t: i for i, t in enumerate(ALL_TILES)}
# every plain sequence as a tuple of kind indices: suited runs, any three winds, 中发白
SEQS = tuple(
    [tuple(IDX[f"{r + k}{s}"] for k in range(3)) for s in "mps" for r in range(1, 8)]
    + [tuple(IDX[w] for w in trio) for trio in ("ESW", "ESN", "EWN", "SWN")]
    + [tuple(IDX[d] for d in "CFP")]
)


@cache
def plain_sets(counts: tuple[int, ...]) -> bool:
    """Kind counts split into pungs and sequences (no wildcards), lowest kind first."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return True
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if plain_sets(tuple(c)):
            return True
        c[i] += 3
    for seq in SEQS:
        if seq[0] == i and all(c[k] for k in seq):
            for k in seq:
                c[k] -= 1
            if plain_sets(tuple(c)):
                return True
            for k in seq:
                c[k] += 1
    return False


def kind_counts(tiles) -> tuple[int, ...]:
    c = [0] * 34
    for t in tiles:
        c[IDX[t]] += 1
    return tuple(c)


def plain_standard(tiles: list[str]) -> bool:
    c = list(kind_counts(tiles))
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            if plain_sets(tuple(c)):
                return True
            c[p] += 2
    return False


def plain_pairs(tiles: list[str]) -> bool:
    return len(tiles) == 14 and all(v % 2 == 0 for v in Counter(tiles).values())


def plain_lan(tiles: list[str]) -> bool:
    if len(tiles) != 14 or len(set(tiles)) != 14:
        return False
    for s in "mps":
        ranks = sorted(int(t[0]) for t in tiles if len(t) == 2 and t[1] == s)
        if any(b - a <= 2 for a, b in zip(ranks, ranks[1:], strict=False)):
            return False
    return True


def brute(
    closed: list[str], n_melds: int, zheng: str, fixed: tuple[str, ...] = ()
) -> tuple[set[str], set[str]]:
    """(shapes with wild, shapes clean) by substituting every jing copy by every tile kind,
    except the ``fixed`` copies (a jing taken from another player), which stay themselves."""
    js = set(jing_pair(zheng))
    real = [t for t in closed if t not in js]
    held = [t for t in closed if t in js]
    for t in fixed:
        if t in held:
            held.remove(t)
            real.append(t)
    clean = set()
    if plain_standard(closed):
        clean.add("standard")
    if n_melds == 0:
        if plain_pairs(closed):
            clean.add("seven_pairs")
        if plain_lan(closed):
            clean.add("thirteen_lan")
            if set(HONOURS) <= set(closed):
                clean.add("seven_star_lan")
    wild = set()
    by_kind = sorted(Counter(held).items())
    options = [list(combinations_with_replacement(ALL_TILES, n)) for _, n in by_kind]
    for choice in product(*options):
        sub = [t for group in choice for t in group]
        hand = real + sub
        if plain_standard(hand):
            wild.add("standard")
        if n_melds == 0:
            if plain_pairs(hand):
                wild.add("seven_pairs")
            if plain_lan(hand):
                wild.add("thirteen_lan")
                # honours must be real: from a non-jing tile or a jing kept as its own kind
                kept = {k for (k, _), group in zip(by_kind, choice, strict=True) if k in group}
                if all(h in real or h in kept for h in HONOURS):
                    wild.add("seven_star_lan")
    return wild, clean


# ---------------------------------------------------------------- hand generation
def complete_hand(draw, n_melds: int) -> list[str]:
    """A random complete closed hand of 14 − 3·n_melds tiles (before jing are planted)."""
    shape = draw(
        st.sampled_from(["standard", "standard", "pairs", "lan"] if n_melds == 0 else ["standard"])
    )
    if shape == "pairs":
        return [
            t
            for t in draw(st.lists(st.sampled_from(ALL_TILES), min_size=7, max_size=7))
            for _ in range(2)
        ]
    if shape == "lan":  # 9 suited (three per suit, 3 apart) + 7 honours, keep 14 of the 16
        out = list(HONOURS)
        for s in "mps":
            start = draw(st.integers(1, 3))
            out += [f"{r}{s}" for r in range(start, 10, 3)]
        return list(draw(st.permutations(out)))[:14]
    tiles = [draw(st.sampled_from(ALL_TILES))] * 2
    for _ in range(4 - n_melds):
        kind = draw(st.sampled_from(["pung", "chow", "wchow", "dchow"]))
        if kind == "pung":
            tiles += [draw(st.sampled_from(ALL_TILES))] * 3
        elif kind == "chow":
            s = draw(st.sampled_from("mps"))
            r = draw(st.integers(1, 7))
            tiles += [f"{r + k}{s}" for k in range(3)]
        elif kind == "wchow":
            tiles += list(draw(st.permutations(list("ESWN"))))[:3]
        else:
            tiles += list("CFP")
    return tiles


@st.composite
def jing_hands(draw, max_jing: int = 2):
    n_melds = draw(st.sampled_from([0, 0, 0, 1, 2]))
    tiles = complete_hand(draw, n_melds)
    zheng = draw(st.sampled_from(ALL_TILES))
    js = jing_pair(zheng)
    # plant up to max_jing jing over random positions; sometimes disturb a tile too
    k = draw(st.integers(0, max_jing))
    for _ in range(k):
        i = draw(st.integers(0, len(tiles) - 1))
        tiles[i] = draw(st.sampled_from(js))
    if draw(st.booleans()):
        i = draw(st.integers(0, len(tiles) - 1))
        tiles[i] = draw(st.sampled_from(ALL_TILES))
    # keep it a physical hand: at most four copies of a kind, at most max_jing jing
    c = Counter(tiles)
    if any(v > 4 for v in c.values()) or c[js[0]] + c[js[1]] > max_jing:
        from hypothesis import assume

        assume(False)
    return tiles, n_melds, zheng


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(jing_hands(max_jing=2))
def test_wild_analysis_matches_brute_force(h):
    tiles, n_melds, zheng = h
    a = analyse(tiles, n_melds, jing_pair(zheng))
    wild, clean = brute(tiles, n_melds, zheng)
    assert set(a.wild) == wild, (tiles, zheng)
    assert set(a.clean) == clean, (tiles, zheng)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(jing_hands(max_jing=3))
def test_wild_analysis_matches_brute_force_three_jing(h):
    tiles, n_melds, zheng = h
    a = analyse(tiles, n_melds, jing_pair(zheng))
    wild, clean = brute(tiles, n_melds, zheng)
    assert set(a.wild) == wild, (tiles, zheng)
    assert set(a.clean) == clean, (tiles, zheng)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(jing_hands(max_jing=3))
def test_taken_jing_counts_only_as_itself(h):
    """RULES §4: "only the jing a player drew: a jing taken from another player — the discard
    won on, the tile of a robbed kong … — counts only as itself". The last tile is the one
    taken: the analysis keeps it real, and agrees with substituting only the other jing."""
    tiles, n_melds, zheng = h
    taken = (tiles[-1],)
    a = analyse(tiles, n_melds, jing_pair(zheng), taken)
    wild, clean = brute(tiles, n_melds, zheng, taken)
    assert set(a.wild) == wild, (tiles, zheng)
    assert set(a.clean) == clean, (tiles, zheng)
    assert set(a.clean) <= set(a.wild) <= set(analyse(tiles, n_melds, jing_pair(zheng)).wild)


def brute_jing_single(closed: list[str], n_melds: int, zheng: str, drawn: str) -> bool:
    """精吊 by definition: without the drawn tile, remove one jing; substituting the other jing
    every way, the rest forms 4−melds sets, or (no melds) six pairs."""
    js = set(jing_pair(zheng))
    rest13 = list(closed)
    rest13.remove(drawn)
    for j in set(rest13) & js:
        rest = list(rest13)
        rest.remove(j)
        real = [t for t in rest if t not in js]
        n = len(rest) - len(real)
        for sub in combinations_with_replacement(ALL_TILES, n):
            hand = real + list(sub)
            if plain_sets(kind_counts(hand)) or (
                n_melds == 0 and len(hand) == 12 and all(v % 2 == 0 for v in Counter(hand).values())
            ):
                return True
    return False


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(jing_hands(max_jing=3), st.data())
def test_jing_single_matches_brute_force(h, data):
    tiles, n_melds, zheng = h
    drawn = data.draw(st.sampled_from(tiles))
    found = jing_single(tiles, n_melds, jing_pair(zheng), [drawn])
    assert bool(found) == brute_jing_single(tiles, n_melds, zheng, drawn), (tiles, zheng, drawn)


# ---------------------------------------------------------------- quoted cases
CASES = [
    # (closed, melds, 正精, wild shapes, clean shapes, source)
    (
        "123m456p789sEEE5m5m",
        0,
        "5m",
        {"standard"},
        {"standard"},
        "jing used as itself is not used as wild (§4)",
    ),
    (
        "123m456p789sEEE5m6m",
        0,
        "5m",
        {"standard"},
        set(),
        "正精 5m + 副精 6m as a wild pair: not 德国",
    ),
    (
        "123m456p789sESW5m5m",
        0,
        "3m",
        {"standard"},
        {"standard"},
        "three different winds form a sequence (§4)",
    ),
    ("123m456p789sCFP5m5m", 0, "3m", {"standard"}, {"standard"}, "中发白 form a sequence (§4)"),
    (
        "147m258p369sESWNC",
        0,
        "3m",
        {"thirteen_lan"},
        {"thirteen_lan"},
        "十三烂: suited 3 apart, honours all different",
    ),
    (
        "14m258p36sESWNCFP",
        0,
        "7s",
        {"thirteen_lan", "seven_star_lan"},
        {"thirteen_lan", "seven_star_lan"},
        "七星十三烂: all seven honours",
    ),
    (
        "14m258p36sESWNCF5m",
        0,
        "5m",
        {"thirteen_lan"},
        set(),
        "七星: jing may not stand in for the honours (白 missing)",
    ),
    (
        "14m258p3sESWNCFP5m",
        0,
        "5m",
        {"thirteen_lan", "seven_star_lan"},
        set(),
        "七星 with a jing filling a suited gap",
    ),
    (
        "14m258p36sESWNFPC",
        0,
        "P",
        {"thirteen_lan", "seven_star_lan"},
        {"thirteen_lan", "seven_star_lan"},
        "jing 白 (正) and 中 (副) kept as themselves are real honours",
    ),
    (
        "14m258p36sESWNFPP",
        0,
        "P",
        {"thirteen_lan"},
        set(),
        "七星: a second 正精 白 may not become 中",
    ),
    ("1155m2288p33sEECC", 0, "5p", {"seven_pairs"}, {"seven_pairs"}, "七对: all pairs"),
    (
        "11555m2288p33sEEC",
        0,
        "C",
        {"seven_pairs"},
        set(),
        "七对 with a wild 中 pairing the third 5m",
    ),
    ("123m456p789sEEE5m9p", 0, "3s", set(), set(), "no pair and no jing: not a win"),
    (
        "123m456p789sEEE5m3s",
        0,
        "3s",
        {"standard"},
        set(),
        "the 正精 3s stands for the 5m of the pair",
    ),
]


@pytest.mark.parametrize(
    ("closed", "melds", "zheng", "wild", "clean", "source"), CASES, ids=[c[5] for c in CASES]
)
def test_quoted_shapes(closed, melds, zheng, wild, clean, source):
    tiles = list(parse_tiles(closed))
    a = analyse(tiles, melds, jing_pair(zheng))
    assert set(a.wild) == wild
    assert set(a.clean) == clean
    assert (set(a.wild), set(a.clean)) == brute(tiles, melds, zheng)


def test_jing_pair_wraps():
    """§4: "suits wrap 9→1; 东→南→西→北→东; 中→发→白→中"."""
    assert jing_pair("9s") == ("9s", "1s")
    assert jing_pair("N") == ("N", "E")
    assert jing_pair("P") == ("P", "C")
    assert successor("W") == "N"


def test_eight_jing_any_hand():
    """Four 正精 + four 副精 and six scattered singles 1p 9p 1s 东 北 中: 十三烂, seven pairs,
    and sets + pair only thanks to the wind sequence (东北+wild, 中 1p 1s +2 wilds each, 9p+wild
    pair = 8 wilds)."""
    a = analyse(list(parse_tiles("55556666m19p1sENC")), 0, jing_pair("5m"))
    assert a.jing_held == 8
    assert set(a.wild) == {"standard", "seven_pairs", "thirteen_lan"} and not a.clean


# ---------------------------------------------------------------- the chosen reading (就高不就低)
def brute_jing_single_shapes(
    closed: list[str], n_melds: int, zheng: str, drawn: str
) -> dict[str, bool]:
    """精吊 readings by substitution: {final shape: clean?}. Clean means the single jing is
    completed by a tile of its own kind and the rest are real sets / pairs (no wild at all)."""
    js = set(jing_pair(zheng))
    out: dict[str, bool] = {}
    rest13 = list(closed)
    rest13.remove(drawn)
    for j in set(rest13) & js:
        rest = list(rest13)
        rest.remove(j)
        real = [t for t in rest if t not in js]
        n = len(rest) - len(real)
        natural = drawn == j
        for sub in combinations_with_replacement(ALL_TILES, n):
            hand = real + list(sub)
            kept = Counter(sub) == Counter(t for t in rest if t in js)  # every other jing as itself
            if plain_sets(kind_counts(hand)):
                out["standard"] = out.get("standard", False) or (natural and kept)
            if n_melds == 0 and len(hand) == 12 and all(v % 2 == 0 for v in Counter(hand).values()):
                out["seven_pairs"] = out.get("seven_pairs", False) or (natural and kept)
    return out


SHAPE_FACTOR = {"standard": 1, "seven_pairs": 2, "thirteen_lan": 2, "seven_star_lan": 4}


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(jing_hands(max_jing=2), st.sampled_from(["discard", "self", "heavenly"]))
def test_best_reading_matches_brute_force(h, how):
    """RULES §0 "the reading that scores highest for the winner is used": the product M and the
    德国 +5 of the engine's chosen reading equal the best over brute-forced readings
    (shape × 德国 × 精吊; 精吊 only on a self-draw, any tile of the dealt hand for 天胡).
    On a discard the winning tile, if a jing, stays itself (RULES §4: "a jing taken from
    another player — the discard won on … — counts only as itself")."""
    from types import SimpleNamespace

    from mjscore.engine.variants.nanchang_score import best, readings, value_reading

    tiles, n_melds, zheng = h
    wild, clean = brute(tiles, n_melds, zheng, (tiles[-1],) if how == "discard" else ())
    cands = [(SHAPE_FACTOR[s], False) for s in wild] + [(2 * SHAPE_FACTOR[s], True) for s in clean]
    drawn = {"discard": [], "self": [tiles[-1]], "heavenly": sorted(set(tiles))}[how]
    for t in drawn:
        for s, c in brute_jing_single_shapes(tiles, n_melds, zheng, t).items():
            cands.append((2 * SHAPE_FACTOR[s], False))
            if c:
                cands.append((4 * SHAPE_FACTOR[s], True))
    ht = SimpleNamespace(closed=tuple(tiles), melds=(None,) * n_melds, win_tile=tiles[-1])
    rs = readings(ht, zheng, self_drawn=how != "discard", heavenly=how == "heavenly")  # type: ignore[arg-type]
    got = best(value_reading(r, sweep=False, heavenly=False, earthly=False) for r in rs)
    if not cands:
        assert got is None
        return
    top = max(m for m, _ in cands)
    assert got is not None and got.m == top, (tiles, zheng, how)
    assert got.clean == any(c for m, c in cands if m == top), (tiles, zheng, how)


# ---------------------------------------------------------------- the group search's early stop
def _unpruned_group_min(kind, counts, pair, memo):
    """The group search without its early stop: every way tried, the fewest kept."""
    key = (counts, pair)
    if key in memo:
        return memo[key]
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return 2 if pair else 0
    c = counts[i]
    best = INF
    for use in range(1, min(c, 3) + 1):
        rest = counts[:i] + (c - use,) + counts[i + 1 :]
        best = min(best, 3 - use + _unpruned_group_min(kind, rest, pair, memo))
    if pair:
        for use in range(1, min(c, 2) + 1):
            rest = counts[:i] + (c - use,) + counts[i + 1 :]
            best = min(best, 2 - use + _unpruned_group_min(kind, rest, False, memo))
    for chow in _CHOWS[kind]:
        if i not in chow:
            continue
        rest = list(counts)
        wild = 0
        for k in chow:
            if rest[k]:
                rest[k] -= 1
            else:
                wild += 1
        best = min(best, wild + _unpruned_group_min(kind, tuple(rest), pair, memo))
    memo[key] = best
    return best


def test_group_search_stopping_early_finds_the_same_fewest():
    memo: dict = {}
    checked = 0
    for counts in product(range(5), repeat=9):
        if not 0 < sum(counts) <= 7:
            continue
        for pair in (False, True):
            assert _group_min("suit", counts, pair) == _unpruned_group_min(
                "suit", counts, pair, memo
            ), (counts, pair)
            checked += 1
    for kind, n in (("winds", 4), ("dragons", 3)):
        memo = {}
        for counts in product(range(5), repeat=n):
            for pair in (False, True):
                assert _group_min(kind, counts, pair) == _unpruned_group_min(
                    kind, counts, pair, memo
                ), (kind, counts, pair)
    rng = random.Random(4)
    for _ in range(3000):  # longer shapes, up to a whole hand in one suit
        counts = [0] * 9
        for _ in range(rng.randint(8, 14)):
            r = rng.randrange(9)
            counts[r] = min(4, counts[r] + 1)
        for pair in (False, True):
            key = tuple(counts)
            assert _group_min("suit", key, pair) == _unpruned_group_min("suit", key, pair, memo)
    assert checked > 20_000


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(jing_hands(max_jing=4))
def test_clean_shapes_looked_for_among_the_wild_ones_are_all_of_them(h):
    # analyse looks for the clean shapes only among those found with wildcards
    tiles, n_melds, zheng = h
    a = analyse(tiles, n_melds, jing_pair(zheng))
    assert a.clean == shapes(tiles, n_melds, ())  # every shape looked for
    assert a.clean <= a.wild


def test_shapes_looks_only_for_the_shapes_asked():
    pairs7 = parse_tiles("112233m445566pEE")
    assert shapes(pairs7, 0) == {"seven_pairs", "standard"}
    assert shapes(pairs7, 0, only={"standard"}) == {"standard"}
    assert shapes(pairs7, 0, only=()) == frozenset()
