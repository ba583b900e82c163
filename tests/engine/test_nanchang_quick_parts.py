"""Pieces of the plain 南昌 settlement held against the functions they stand for, on seeded
random inputs: the 下精分 put together player by player (``lower_by_player``) against
``_lower``, and the quick test of the 下精 counts (the plain settlement's limits of the turned
tiles against the totals of the counts) against ``_check_lower``."""

from __future__ import annotations

import random

from mjscore.engine.errors import MjError
from mjscore.engine.events import Jing
from mjscore.engine.tiles import ALL_TILES
from mjscore.engine.variants import nanchang_plain, nanchang_score
from mjscore.engine.variants.nanchang_hand import _check_lower
from mjscore.engine.variants.nanchang_score import _lower, lower_by_player


def _counts(rng: random.Random, top: int) -> tuple[tuple[int, int], ...]:
    return tuple((rng.randint(0, top), rng.randint(0, top)) for _ in range(4))


def test_lower_by_player_is_lower():
    rng = random.Random(20261205)
    paid = sole = 0
    for i in range(3000):
        if i % 500 == 0:  # cold tables now and then
            nanchang_score._LOWER_PART.clear()
        counts = _counts(rng, rng.choice((1, 2, 4)))
        if rng.random() < 0.3:  # one holder alone (霸王)
            keep = rng.randrange(4)
            counts = tuple(c if p == keep else (0, 0) for p, c in enumerate(counts))
        base = rng.choice((1, 1, 2, 5))
        cap = rng.choice((None, None, 1, 2, 4))
        want = _lower.__wrapped__(counts, base, cap)
        got = lower_by_player(counts, base, cap)
        assert got == want, (counts, base, cap)
        assert lower_by_player(counts, base, cap) == want  # and again, from the parts' table
        paid += bool(want[0])
        sole += sum(1 for z, f in counts if z or f) == 1
    assert paid > 2000 and sole > 500


def test_the_plain_limits_of_the_lower_counts_are_check_lower():
    rng = random.Random(20261206)
    passed = refused = 0
    for _ in range(4000):
        zheng = rng.choice(ALL_TILES)
        lower = rng.choice((zheng, rng.choice(ALL_TILES)))
        counts = _counts(rng, rng.choice((1, 2)))
        jev = Jing(indicator=zheng, lower=lower, lower_counts=counts)
        try:
            _check_lower(jev, 0)
            want = True
        except MjError:
            want = False
        if rng.random() < 0.1:  # cold tables now and then
            nanchang_plain._TURNED.clear()
            nanchang_plain._LOWER.clear()
        _, _, most_lower, most_after = nanchang_plain._turned(zheng, lower)
        *_, held, after = nanchang_plain._lower(counts, 1, None)
        assert (held <= most_lower and after <= most_after) == want, (zheng, lower, counts)
        passed += want
        refused += not want
    assert passed > 1000 and refused > 1000


def test_the_search_on_one_number_near_the_top_ranks():
    """suit_min tries each different chow once (see nanchang_wild._suit_min); at the top of
    the suit a chow cannot start from rank 8 or 9, so the suits here crowd ranks 5 to 9 (and
    a few lower ranks now and then), each against the search on the counts, cold."""
    from itertools import product

    from mjscore.engine.variants import nanchang_wild
    from mjscore.engine.variants.nanchang_wild import _group_min, suit_min

    rng = random.Random(15)
    vectors = [(0, 0, 0, 0, *top) for top in product(range(5), repeat=5) if sum(top) <= 12]
    for _ in range(2000):
        counts = [0] * 9
        for _ in range(rng.randint(1, 14)):
            r = rng.choice((0, 1, 4, 5, 6, 7, 7, 8, 8))
            counts[r] = min(4, counts[r] + 1)
        vectors.append(tuple(counts))
    nanchang_wild._SUIT_MEMO.clear()
    for counts in vectors:
        k = sum(c << (4 * r) for r, c in enumerate(counts))
        for pair in (False, True):
            assert suit_min(k, pair) == _group_min("suit", counts, pair), (counts, pair)


def test_nothing_set_is_no_flag_and_no_pattern():
    """The written-out test of a plain win reads every flag and the declared patterns: any
    one set (even to False, which the plain settlement then hands to claims.no_flags)
    makes it answer False."""
    from mjscore.engine.events import WIN_FLAGS, Win
    from mjscore.engine.variants.claims import no_flags

    plain = Win(player=0, from_=1, hand="123m456m789m123p55p")
    assert nanchang_plain._nothing_set(plain) and no_flags(plain)
    for name in (*WIN_FLAGS, "patterns"):
        for value in (False, 1, ("x",)):
            win = Win.__new__(Win)
            for f in Win.__dataclass_fields__:
                object.__setattr__(win, f, getattr(plain, f))
            object.__setattr__(win, name, value)
            assert not nanchang_plain._nothing_set(win), (name, value)
