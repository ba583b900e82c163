"""Placings at the end of a session: 1st to 4th by points, and 国标's 标准分.

- A player's place is 1 + the number of players with strictly more points, so tied players
  share the better place (two tied on top are both 1st, the next is 3rd).
- 标准分 (the standard score of 国标 competitions) gives the places 4, 2, 1 and 0; tied
  players split the standard score of the places they share equally (two tied at 1st share
  4 + 2: 3 each; three tied at 2nd share 2 + 1 + 0: 1 each). The split is kept exact as a
  :class:`~fractions.Fraction` (three tied at 1st get 7/3 each).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

STANDARD_POINTS = (4, 2, 1, 0)


def places(totals: Sequence[int]) -> tuple[int, ...]:
    """The place (1–4) of each seat by its points; ties share the better place."""
    return tuple(1 + sum(1 for o in totals if o > t) for t in totals)


def standard_points(totals: Sequence[int]) -> tuple[Fraction, ...]:
    """Each seat's 标准分: the standard score of its place, tied seats splitting those of
    the places they share."""
    out = []
    for t in totals:
        first = sum(1 for o in totals if o > t)  # places taken by players ahead
        tied = sum(1 for o in totals if o == t)
        share = sum(STANDARD_POINTS[first : first + tied])
        out.append(Fraction(share, tied))
    return tuple(out)


def fraction_text(f: Fraction) -> str:
    """``3``, ``1.5`` or ``7/3``: exact, as short as it can be written."""
    if f.denominator == 1:
        return str(f.numerator)
    d = f.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:  # a finite decimal
        from decimal import Decimal

        return str(Decimal(f.numerator) / Decimal(f.denominator))
    return f"{f.numerator}/{f.denominator}"
