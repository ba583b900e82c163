"""engine.plain_win against the paths it stands in for: read_win's places against
engine.win_places.win_places (itself held against every decomposition), and single_wait
against engine.hands.waits of the standing tiles without the winning tile, on seeded whole
hands (several suits, honours, melds; many with several decompositions) with every tile of
the hand and a random tile as the winning tile, and on every single-suit winning shape of
up to 11 tiles; seven_pairs_wait against counting each kind."""

from __future__ import annotations

import itertools
import random

from mjscore.engine import plain_win
from mjscore.engine.hands import waits
from mjscore.engine.tile_kinds import sort_tiles
from mjscore.engine.tiles import ALL_TILES
from mjscore.engine.win_places import _CHOW_BITS, _PUNG_BIT, win_places

from .test_waits import _tiles, _whole_hand

_FLOWER_PLACES = ("closed", "edge", "single")


def _check(concealed: tuple[str, ...], win: str, visible: list[str]) -> tuple[bool, bool]:
    """Compare both; (complete, waited on one tile) of the hand."""
    closed = (*concealed, win)
    read = plain_win.read_win(concealed, win)
    want = win_places(closed, win)
    if read is None:  # a fifth copy: the caller takes the long way
        assert max(closed.count(t) for t in closed) > 4, closed
        return bool(want), False
    assert read[0] == want, (closed, win)
    if not any(place in _FLOWER_PLACES for _, place in want):
        return bool(want), False
    single = len(waits(concealed, visible)) == 1
    assert plain_win.single_wait(concealed, win, visible, read) == single, (concealed, win)
    if len(concealed) == 13:  # the seven-pairs wait given, as the 南京 valuation gives it
        seven = plain_win.seven_pairs_wait(concealed)
        assert plain_win.single_wait(concealed, win, visible, read, seven) == single
    return True, single


def test_seeded_whole_hands():
    rng = random.Random(4242)
    complete = singles = 0
    for _ in range(6000):
        standing, visible = _whole_hand(rng)
        for extra in (rng.choice(ALL_TILES), rng.choice(standing)):
            closed = [*standing, extra]
            for win in set(closed):
                rest = list(closed)
                rest.remove(win)
                done, single = _check(tuple(sorted(rest)), win, visible)
                complete += done
                singles += single
    assert complete > 1000 and singles > 100


def test_single_suit_shapes_up_to_11_tiles():
    names = [f"{r}s" for r in range(1, 10)]
    complete = 0
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) % 3 != 2 or sum(counts) > 11:
            continue
        tiles = _tiles(counts, names)
        for win in set(tiles):
            rest = list(tiles)
            rest.remove(win)
            done, _ = _check(tuple(rest), win, [])
            complete += done
    assert complete > 5000


def test_honours_and_seven_pairs():
    rng = random.Random(5)
    honours = ALL_TILES[27:]
    for _ in range(3000):
        kinds = rng.sample(ALL_TILES, 7)
        closed = [t for k in kinds for t in (k, k)]
        if rng.random() < 0.5:  # a pung or a quad of honours in place of a pair
            h = rng.choice(honours)
            closed[:3] = [h] * 3
        for win in set(closed):
            rest = list(closed)
            rest.remove(win)
            _check(sort_tiles(rest), win, [])


def test_a_fifth_copy_is_left_to_the_long_way():
    assert plain_win.read_win(("1m",) * 4 + ("2m", "3m", "4m", "4m", "5m", "6m"), "1m") is None
    assert plain_win.read_win(("E",) * 4 + ("2m", "3m", "4m", "4m", "5m", "6m"), "E") is None


def test_numbers_of_suit_facts_start_afresh_when_full(monkeypatch):
    """Past _FACTS_MAX distinct suit facts every memo keyed by their numbers starts afresh
    (a hand read across the moment is read again): the places stay right throughout."""
    monkeypatch.setattr(plain_win, "_FACTS_MAX", 4)
    # fresh memos for this test (the earlier tests' are put back after it)
    monkeypatch.setattr(plain_win, "_SUIT", {})
    monkeypatch.setattr(plain_win, "_READS", {})
    monkeypatch.setattr(plain_win, "_FACTS", [(0, ())])
    monkeypatch.setattr(plain_win, "_FACTS_NO", {})
    rng = random.Random(77)
    resets = 0
    for _ in range(400):
        standing, visible = _whole_hand(rng)
        closed = [*standing, rng.choice(standing)]
        win = rng.choice(closed)
        rest = list(closed)
        rest.remove(win)
        before = len(plain_win._FACTS)
        _check(tuple(sorted(rest)), win, visible)
        if len(plain_win._FACTS) < before:
            resets += 1
        if resets:
            assert len(plain_win._FACTS) <= 4
    assert resets > 10


def test_seven_pairs_wait_is_the_one_kind_held_oddly():
    """seven_pairs_wait against counting each kind, on seeded thirteen tiles (sorted, as a
    hand holds them) of few kinds (six pairs and a tile, quads, a pung) and of many."""
    rng = random.Random(77)
    kinds = ALL_TILES[:34]
    seen = set()
    for _ in range(3000):
        n = rng.randint(4, 10)
        pool = rng.sample(kinds, n)
        tiles: list[str] = []
        while len(tiles) < 13:
            t = rng.choice(pool)
            if tiles.count(t) < 4:
                tiles.append(t)
        odd = [t for t in set(tiles) if tiles.count(t) % 2]
        want = kinds.index(odd[0]) if len(odd) == 1 else -1
        assert plain_win.seven_pairs_wait(sort_tiles(tiles)) == want, tiles
        seen.add(want >= 0)
    assert seen == {True, False}


def _searched_facts(code: int, x: int) -> tuple[tuple[bool, int], ...]:
    """_sets_facts by a plain search of every split (the lowest rank first, a pung before a
    chow), no memo or table: (has a chow, the winning tile's places as bits) of each, once."""
    counts = [code // plain_win.POW5[r] % 5 for r in range(9)]
    found: dict[tuple[bool, int], None] = {}

    def search(chow: bool, at: int) -> None:
        i = next((r for r in range(9) if counts[r]), 9)
        if i == 9:
            found[chow, at] = None
            return
        if counts[i] >= 3:
            counts[i] -= 3
            search(chow, at | (_PUNG_BIT if i == x else 0))
            counts[i] += 3
        if i <= 6 and counts[i + 1] and counts[i + 2]:
            for r in (i, i + 1, i + 2):
                counts[r] -= 1
            search(True, at | _CHOW_BITS[i][x])
            for r in (i, i + 1, i + 2):
                counts[r] += 1

    search(False, 0)
    return tuple(found)


def test_sets_facts_of_every_suit_of_sets():
    """Every suit that splits into sets, the winning tile's rank each of 0–8 or 9 (in another
    group): the facts read with the memo and the table of suits of pungs alone, as a plain
    search finds them, in the same order."""
    plain_win._tables()
    for code in sorted(plain_win._SETS_ONLY):
        for x in range(10):
            assert plain_win._sets_facts(code, x) == _searched_facts(code, x), (code, x)
