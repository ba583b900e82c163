"""Which counts of one suit split into sets, as a table built once.

A suit's counts (nine ranks, each 0–4) are one base-5 number, rank 1 the lowest digit.
``sets_only()`` holds every such number whose counts split entirely into sets (pungs and
chows of that suit) of at most four sets; ``pair_and_sets()`` every number whose counts
split into one pair and at most four sets. A hand's standing tiles are at most 14, so
every suit of a hand is looked up here in one step instead of being searched; counts
outside the table (more than 14 tiles, or a rank beyond four) are for the caller to search.

Both tables are made on first use from the sixteen sets of a suit (nine pungs, seven
chows), a few milliseconds.
"""

from __future__ import annotations

from functools import cache

POW5 = tuple(5**i for i in range(9))
MAX_SETS_TILES = 12  # four sets
MAX_PAIR_TILES = 14  # four sets and the pair


def index(pattern: tuple[int, ...]) -> int:
    """The base-5 number of a suit's counts (rank 1 the lowest digit)."""
    n = 0
    for c in reversed(pattern):
        n = n * 5 + c
    return n


def _suit_sets() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The sixteen sets of a suit: (base-5 number, ranks they use)."""
    pungs = [(3 * POW5[r], (r, r, r)) for r in range(9)]
    chows = [(POW5[r] + POW5[r + 1] + POW5[r + 2], (r, r + 1, r + 2)) for r in range(7)]
    return (*pungs, *chows)


@cache
def sets_only() -> frozenset[int]:
    """Every suit pattern (base-5) made of at most four sets, none beyond four copies."""
    sets = _suit_sets()
    found = {0}
    # each multiset of sets once: sets added in non-decreasing order of their place above
    level: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, (0,) * 9)]
    for _ in range(4):
        nxt = []
        for start, number, counts in level:
            for j in range(start, len(sets)):
                delta, ranks = sets[j]
                c = list(counts)
                for r in ranks:
                    c[r] += 1
                if max(c) > 4:
                    continue
                found.add(number + delta)
                nxt.append((j, number + delta, tuple(c)))
        level = nxt
    return frozenset(found)


@cache
def pair_and_sets() -> frozenset[int]:
    """Every suit pattern (base-5) made of one pair and at most four sets."""
    out = set()
    for number in sets_only():
        for r in range(9):
            if number // POW5[r] % 5 <= 2:
                out.add(number + 2 * POW5[r])
    return frozenset(out)
