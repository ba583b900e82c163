"""The quick reading of a 南昌 event's four count pairs (engine.event_fields.plain_four_pairs,
which finds each pair by its values and keeps it only if it holds those very ints) agrees
with the field loop (``_four(_pair_counts)``): on seeded random JSON-like values, every list
it reads is the one the field loop reads, and it reads every list of four plainly valid
pairs; anything else (a bool, a float, a count out of range, a pair that is not a list…) it
leaves to the field loop."""

from __future__ import annotations

import itertools
import random

from mjscore.engine.errors import MjError
from mjscore.engine.event_fields import _four, _pair_counts, plain_four_pairs

FIELD_LOOP = _four(_pair_counts)
ODD = [True, False, 1.0, 0.0, -1, -5, 5, 6, 2**70, "1", None, [], [1], {}]


def _field_loop(v):
    try:
        return FIELD_LOOP(v, "counts")
    except MjError:
        return None


def _value(rng: random.Random):
    """A count, now and then something else a JSON value may be."""
    return rng.randint(0, 4) if rng.random() < 0.9 else rng.choice(ODD)


def _pair(rng: random.Random):
    roll = rng.random()
    if roll < 0.9:
        return [_value(rng), _value(rng)]
    if roll < 0.93:
        return (rng.randint(0, 4), rng.randint(0, 4))  # a tuple: not JSON
    if roll < 0.96:
        return {rng.randint(0, 4): 0, 5: 1}  # two keys: unpacks as two ints
    return rng.choice([[1], [1, 1, 1], "12", 3, None])


def test_every_plain_list_of_four_pairs_is_read_as_the_field_loop_reads_it():
    for combo in itertools.product(range(5), repeat=4):
        v = [[a, 4 - a] for a in combo]
        got = plain_four_pairs(v)
        assert got == _field_loop(v) and got is not None
        assert all(type(x) is tuple for x in got)


def test_the_quick_reading_agrees_with_the_field_loop_or_leaves_it_to_it():
    rng = random.Random(20261207)
    read = left = 0
    for _ in range(20_000):
        roll = rng.random()
        if roll < 0.95:
            v = [_pair(rng) for _ in range(4)]
        else:
            v = [_pair(rng) for _ in range(rng.choice((0, 3, 5)))]
        got = plain_four_pairs(v)
        want = _field_loop(v)
        if got is None:
            left += 1
            assert want is None, v  # nothing here is an int the field loop alone reads
        else:
            read += 1
            assert got == want, v
            assert [[type(c) for c in x] for x in got] == [[int, int]] * 4
    assert read > 5_000 and left > 5_000


def test_bools_floats_and_counts_out_of_range_are_left_to_the_field_loop():
    for odd in (True, False, 1.0, -1, -4, 5, 2**70, "1", None):
        for i in range(8):
            flat = [1, 0, 0, 1, 2, 3, 4, 0]
            flat[i] = odd
            v = [flat[0:2], flat[2:4], flat[4:6], flat[6:8]]
            assert plain_four_pairs(v) is None, v
    assert plain_four_pairs([{0: 0, 1: 0}] + [[0, 0]] * 3) is None
    assert plain_four_pairs([(0, 0)] + [[0, 0]] * 3) is None
    assert plain_four_pairs(((0, 0),) * 4) is None
