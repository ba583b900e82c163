"""engine.placings: places with ties and 国标's 标准分 (issue text: "placings (count of 1st–4th
per session, average place; ties share the better place); for 国标 also 标准分 (placings
4/2/1/0; tied players split the points of the places they share, e.g. 3 each for two tied at
1st)")."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from mjscore.engine.placings import fraction_text, places, standard_points


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ((30, -2, -10, -18), (1, 2, 3, 4)),  # no tie
        ((24, -24, 24, -24), (1, 3, 1, 3)),  # two tied at 1st, two at 3rd: the better place
        ((0, 0, 0, 0), (1, 1, 1, 1)),  # everyone level
        ((10, 0, 0, -10), (1, 2, 2, 4)),  # two tied at 2nd: the next is 4th
        ((-5, 5, 5, -5), (3, 1, 1, 3)),
    ],
)
def test_places_ties_share_the_better_place(totals, expected):
    assert places(totals) == expected


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ((30, -2, -10, -18), (4, 2, 1, 0)),  # places 1..4 score 4/2/1/0
        ((8, -8, 8, -8), (3, F(1, 2), 3, F(1, 2))),  # (4+2)/2 = 3 each; (1+0)/2 each
        ((10, 0, 0, -10), (4, F(3, 2), F(3, 2), 0)),  # tied at 2nd share 2+1
        ((5, 5, 5, -15), (F(7, 3), F(7, 3), F(7, 3), 0)),  # (4+2+1)/3
        ((0, 0, 0, 0), (F(7, 4),) * 4),  # (4+2+1+0)/4
    ],
)
def test_standard_points_split_among_the_tied(totals, expected):
    got = standard_points(totals)
    assert got == tuple(F(x) for x in expected)
    assert sum(got) == 7  # the four places' 4+2+1+0, however they are shared


def test_fraction_text_is_exact():
    assert [fraction_text(F(x)) for x in (3, F(1, 2), F(3, 2), F(7, 3), F(-1, 4))] == [
        "3",
        "0.5",
        "1.5",
        "7/3",
        "-0.25",
    ]
