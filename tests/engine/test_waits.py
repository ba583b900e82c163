"""The group-by-group waits of engine.hands against the brute force they replaced.

The oracle below is the former ``hands.waits``, kept verbatim in spirit: for each of the 34
tiles, add it and search every decomposition of the 14 (or 11, 8, 5, 2) tiles. It is checked
on every single-suit shape of up to 8 tiles, on every single-suit waiting shape (any size), on
a seeded sample of 20,000 longer single-suit shapes (9 to 13 tiles), on every shape of the winds and of the dragons (with and without honour
chows), and on a seeded sample of whole hands (all suits and honours, with melds beside).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from mjscore.engine import suit_table
from mjscore.engine.hands import waits
from mjscore.engine.tiles import ALL_TILES

_INDEX = {t: i for i, t in enumerate(ALL_TILES)}


# ---------------------------------------------------------------- the old brute force
def _old_sets_exist(c: list[int], honour_chows: bool) -> bool:
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _old_sets_exist(c, honour_chows)
        c[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        ok = _old_sets_exist(c, honour_chows)
        for k in (i, i + 1, i + 2):
            c[k] += 1
        if ok:
            return True
    if honour_chows and i >= 27:
        group = range(27, 31) if i < 31 else range(31, 34)
        others = [k for k in group if k > i and c[k]]
        for a in range(len(others)):
            for b in range(a + 1, len(others)):
                j, k = others[a], others[b]
                for x in (i, j, k):
                    c[x] -= 1
                ok = _old_sets_exist(c, honour_chows)
                for x in (i, j, k):
                    c[x] += 1
                if ok:
                    return True
    return False


def _old_is_complete(closed, honour_chows: bool, allow_seven_pairs: bool) -> bool:
    if allow_seven_pairs and len(closed) == 14:
        if all(n % 2 == 0 for n in Counter(closed).values()):
            return True
    if len(closed) % 3 != 2:
        return False
    c = [0] * 34
    for t in closed:
        c[_INDEX[t]] += 1
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            ok = _old_sets_exist(c, honour_chows)
            c[p] += 2
            if ok:
                return True
    return False


def old_waits(concealed, visible=(), *, honour_chows=False, allow_seven_pairs=True):
    held = Counter(concealed)
    held.update(visible)
    return tuple(
        t
        for t in ALL_TILES
        if held[t] < 4
        and _old_is_complete(
            (*concealed, t), honour_chows, allow_seven_pairs and len(concealed) == 13
        )
    )


# ---------------------------------------------------------------- shapes
def _suit_shapes(max_tiles: int):
    """Every count vector over the nine ranks (each 0–4) with 1..max_tiles tiles."""
    for counts in itertools.product(range(5), repeat=9):
        if 0 < sum(counts) <= max_tiles:
            yield counts


def _tiles(counts, names):
    return [t for n, t in zip(counts, names, strict=True) for _ in range(n)]


SUIT = [f"{r}m" for r in range(1, 10)]


def test_every_single_suit_shape_up_to_8_tiles():
    shapes = 0
    for counts in _suit_shapes(8):
        if sum(counts) % 3 != 1:
            # no standard hand can be completed: both sides must say so (cheaply)
            assert waits(_tiles(counts, SUIT)) == ()
            continue
        tiles = _tiles(counts, SUIT)
        assert waits(tiles) == old_waits(tiles), tiles
        shapes += 1
    assert shapes > 5000  # 1, 4 and 7 tiles: every waiting size up to 8


def _waiting_suit_shapes():
    """Every one-suit shape that some tile completes: each complete shape of a pair and up to
    four sets (engine.suit_table, itself checked in tests/engine/test_hands.py) less one tile."""
    pow5 = suit_table.POW5
    found = set()
    for n in suit_table.pair_and_sets():
        for r in range(9):
            if n // pow5[r] % 5:
                found.add(n - pow5[r])
    return sorted(found)


def test_every_single_suit_waiting_shape():
    """Every waiting shape of one suit (55,267 of them, 1 to 13 tiles) against the brute
    force. The brute force adds only that suit's nine tiles: any other tile would stand alone,
    and the new waits must then give no tile outside the suit either."""
    pow5 = suit_table.POW5
    shapes = 0
    for n in _waiting_suit_shapes():
        counts = [n // pow5[r] % 5 for r in range(9)]
        tiles = _tiles(counts, SUIT)
        seven = len(tiles) == 13
        held = Counter(tiles)
        old = tuple(t for t in SUIT if held[t] < 4 and _old_is_complete((*tiles, t), False, seven))
        assert waits(tiles) == old, tiles
        shapes += bool(old)
    assert shapes == 55_267  # each shape does wait on something


def test_seeded_sample_of_longer_single_suit_shapes():
    rng = random.Random(20260)
    seen = 0
    while seen < 20_000:
        n = rng.choice((10, 10, 13, 13, 13, 9, 11, 12))
        counts = [0] * 9
        while sum(counts) < n:
            r = rng.randrange(9)
            if counts[r] < 4:
                counts[r] += 1
        tiles = _tiles(counts, rng.choice([SUIT, [f"{r}p" for r in range(1, 10)]]))
        assert waits(tiles) == old_waits(tiles), tiles
        if n == 13:
            assert waits(tiles, allow_seven_pairs=False) == old_waits(
                tiles, allow_seven_pairs=False
            ), tiles
        seen += 1


def test_every_winds_and_dragons_shape_with_and_without_honour_chows():
    for names in (["E", "S", "W", "N"], ["C", "F", "P"]):
        for counts in itertools.product(range(5), repeat=len(names)):
            tiles = _tiles(counts, names)
            if not tiles:
                continue
            for hc in (False, True):
                assert waits(tiles, honour_chows=hc) == old_waits(tiles, honour_chows=hc), (
                    tiles,
                    hc,
                )


def _whole_hand(rng: random.Random):
    """A random legal-looking hand: k melds beside 13 − 3k standing tiles, at most four of a
    tile; half of them built from sets (so that they often wait), half scattered."""
    count: Counter = Counter()
    melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
    visible: list[str] = []
    for _ in range(melds):
        while True:
            t = rng.choice(ALL_TILES)
            if count[t] == 0:
                break
        k = rng.choice((3, 4))
        visible += [t] * k
        count[t] += k
    standing: list[str] = []
    want = 13 - 3 * melds
    if rng.random() < 0.5:  # sets and a pair, minus one tile
        while len(standing) < want + 1:
            if rng.random() < 0.5:
                s, r = rng.choice("mps"), rng.randint(1, 7)
                group = [f"{r + i}{s}" for i in range(3)]
            else:
                group = [rng.choice(ALL_TILES)] * rng.choice((2, 3))
            if all(count[t] + group.count(t) <= 4 for t in group):
                standing += group
                count.update(group)
        rng.shuffle(standing)
        standing = standing[:want]
    else:
        while len(standing) < want:
            t = rng.choice(ALL_TILES)
            if count[t] < 4:
                standing.append(t)
                count[t] += 1
    return standing, visible


def test_seeded_sample_of_whole_hands():
    rng = random.Random(14)
    some_wait = 0
    for _ in range(3000):
        standing, visible = _whole_hand(rng)
        for hc, sp in ((False, True), (True, True), (True, False)):
            new = waits(standing, visible, honour_chows=hc, allow_seven_pairs=sp)
            assert new == old_waits(standing, visible, honour_chows=hc, allow_seven_pairs=sp), (
                standing,
                visible,
                hc,
                sp,
            )
            some_wait += bool(new)
    assert some_wait > 1000  # the sample is not all hopeless hands


def test_known_waits():
    # 1112345678999m (九莲宝灯) waits on all nine tiles of its suit
    assert waits(_tiles((3, 1, 1, 1, 1, 1, 1, 1, 3), SUIT)) == tuple(SUIT)
    # a fifth copy is never a wait: 1m held three times and once in a meld
    assert "1m" not in waits(["1m", "1m", "1m", "2m"], ["1m", "9p", "9p", "9p"])


def test_a_fifth_copy_is_searched_the_long_way():
    # five 1m cannot be one group number (the count would carry into 2m): such a hand is
    # searched as before and gives what the brute force gives
    for tiles in (
        ["1m"] * 5 + ["2m", "3m"],
        ["1m"] * 5 + ["2m", "2m", "5p", "6p"],
        ["E"] * 5 + ["S", "S"],
    ):
        assert waits(tiles) == old_waits(tiles), tiles
