"""engine.hand_lookup: each group of a plain hand as one number, and what the number means.

The numbers' facts are checked against the searches of engine.hands they stand in for, on
every single-suit shape of up to 8 tiles and on every honour count; whole hands' waits and
decompositions are checked against the former brute force in test_waits.py and
test_decompositions.py."""

from __future__ import annotations

import itertools

from mjscore.engine import hand_lookup, hands
from mjscore.engine.tiles import ALL_TILES


def test_group_codes_add_each_tile_to_its_group():
    codes = hand_lookup.group_codes(["1m", "1m", "9m", "5p", "E", "E", "P"])
    unit = hand_lookup.TILE_UNIT
    assert codes[0] == 2 * (1 + unit) + (5**8 + unit)
    assert codes[1] == 5**4 + unit
    assert codes[2] == 0
    assert codes[3] == 2  # E
    assert codes[9] == 1  # P
    assert codes[4:9] == [0] * 5


def test_suit_pattern_reads_the_counts_back_and_sees_a_fifth_copy():
    for counts in ((3, 1, 1, 1, 1, 1, 1, 1, 3), (0, 0, 4, 0, 0, 0, 0, 0, 1), (1,) + (0,) * 8):
        tiles = [f"{r + 1}s" for r, n in enumerate(counts) for _ in range(n)]
        assert hand_lookup.suit_pattern(hand_lookup.group_codes(tiles)[2]) == counts
    five = hand_lookup.group_codes(["1p"] * 5)[1]
    assert hand_lookup.suit_pattern(five) is None
    assert hand_lookup.group_facts(1, five) is None
    # five of the top rank carry into the tile count itself
    assert hand_lookup.suit_pattern(hand_lookup.group_codes(["9m"] * 5)[0]) is None


def test_group_facts_match_the_group_search():
    for g, start in ((0, 0), (1, 9), (2, 18)):
        names = ALL_TILES[start : start + 9]
        for counts in itertools.product(range(5), repeat=9):
            if not 0 < sum(counts) <= 8:
                continue
            tiles = tuple(t for n, t in zip(counts, names, strict=True) for _ in range(n))
            code = hand_lookup.group_codes(tiles)[g]
            assert hand_lookup.group_facts(g, code) == hands._group_wait_facts(tiles, False)
    for k, t in enumerate(ALL_TILES[27:]):
        for n in range(1, 5):
            assert hand_lookup.group_facts(3 + k, n) == hands._group_wait_facts((t,) * n, False)
        assert hand_lookup.group_facts(3 + k, 5) is None


def test_plain_waits_of_a_hand():
    # 1112345678999m waits on its whole suit; with honours beside as complete pungs
    nine = ["1m"] * 3 + [f"{r}m" for r in range(2, 9)] + ["9m"] * 3
    assert hand_lookup.plain_waits(nine, True) == tuple(range(9))
    assert hand_lookup.plain_waits(["E"] * 3 + ["1p"], True) == (9,)
    # seven pairs only when asked and at 13 tiles
    pairs = ["1m", "1m", "3m", "3m", "5m", "5m", "7p", "7p", "9s", "9s", "E", "E", "N"]
    assert hand_lookup.plain_waits(pairs, True) == (30,)
    assert hand_lookup.plain_waits(pairs, False) == ()
    assert hand_lookup.plain_waits(["1m", "2m"], True) == ()  # not 1 mod 3
    assert hand_lookup.plain_waits(["1m"] * 5 + ["2m", "3m"], True) is None
