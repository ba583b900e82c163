"""Shared hand analysis (engine/hands.py) against brute force, and waits on known shapes."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.hands import decompositions, is_complete, seven_pairs, waits, win_shapes
from mjscore.engine.tiles import ALL_TILES, parse_hand


def brute_complete(tiles):
    """Reference: remove a pair, then greedily-by-backtracking remove pungs/chows."""
    c = Counter(tiles)

    def sets(c):
        live = sorted((t for t in c if c[t]), key=ALL_TILES.index)
        if not live:
            return True
        t = live[0]
        if c[t] >= 3:
            c[t] -= 3
            ok = sets(c)
            c[t] += 3
            if ok:
                return True
        if len(t) == 2 and int(t[0]) <= 7:
            a, b = f"{int(t[0]) + 1}{t[1]}", f"{int(t[0]) + 2}{t[1]}"
            if c[a] and c[b]:
                for x in (t, a, b):
                    c[x] -= 1
                ok = sets(c)
                for x in (t, a, b):
                    c[x] += 1
                if ok:
                    return True
        return False

    for p in list(c):
        if c[p] >= 2:
            c[p] -= 2
            if sets(c):
                return True
            c[p] += 2
    return False


@pytest.mark.parametrize(
    "hand,expected",
    [
        ("1112345678999m ", tuple(f"{r}m" for r in range(1, 10))),  # 九莲宝灯: nine waits
        ("123m456p789s11s24m ", ("3m",)),  # closed wait only
        ("123m456p789s11s12m ", ("3m",)),  # edge wait only
        ("123m456p789s11s23m ", ("1m", "4m")),  # two-sided
        ("123m456p789s1s222m ", ("1s",)),  # single on the pair
        ("1133557799mEES ", ("S",)),  # seven pairs wait
        ("123m456p789s11s55m ", ("5m", "1s")),  # 双碰
    ],
)
def test_waits(hand, expected):
    assert waits(parse_hand(hand).concealed) == expected


def test_fifth_copy_is_not_a_wait():
    # 23m waits 1m and 4m, but all four 1m are in the kong
    h = parse_hand("[1111m]23m456p789s55s ")
    assert waits(h.concealed) == ("1m", "4m")
    assert waits(h.concealed, h.melds[0].tiles) == ("4m",)


def test_seven_pairs_quads():
    assert seven_pairs(parse_hand("11223344556677m").closed) == 0
    assert seven_pairs(parse_hand("11112233445566m").closed) == 1
    assert seven_pairs(parse_hand("123m456p789s11s222s").closed) is None


def test_win_shapes():
    (d,) = decompositions(parse_hand("123m456p789s11s24m3m").closed)
    assert win_shapes(d, "3m") == {"closed", "edge"}  # 3m ends 123m or sits in 234m
    (d,) = decompositions(parse_hand("456p789s11s222m13m2m").closed) or (None,)
    assert "closed" in win_shapes(d, "2m")


def test_honour_chows_only_when_asked():
    closed = parse_hand("ESWNNN123m456p77s", variant="nanchang").closed
    assert not decompositions(closed)
    (d,) = decompositions(closed, honour_chows=True)
    assert {s.tiles for s in d.sets} >= {("E", "S", "W"), ("N", "N", "N")}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ALL_TILES[:18]), min_size=14, max_size=14))
def test_decompositions_agree_with_brute_force(tiles):
    if max(Counter(tiles).values()) > 4:
        return
    assert bool(decompositions(tiles)) == brute_complete(tiles)
    assert is_complete(tiles) == (brute_complete(tiles) or seven_pairs(tiles) is not None)
