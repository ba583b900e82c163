"""parse_hand's reading of the common shape agrees with the full, checked parser.

``_parse_plain`` may decline any string (None: the checked parser reads it); when it answers,
its HandTiles must equal the checked parser's, and it must decline every string the checked
parser refuses. Checked on seeded random hands (melds, context, flowers) of every rule set and
on single-character mutations of them (most of which are malformed).
"""

from __future__ import annotations

import random

from mjscore.engine.tiles import ALL_TILES, _parse_plain, format_tiles

from tests.engine.hand_strings import VARIANTS, mutate, plain_agrees, with_sections


def _hand(rng: random.Random) -> str:
    melds = []
    for _ in range(rng.choice((0, 0, 1, 2, 3, 4))):
        kind = rng.random()
        t = rng.choice(ALL_TILES)
        if kind < 0.4:
            melds.append(f"[{format_tiles([t] * 3)}{rng.choice(['', ',1', ',2', ',3', ',5'])}]")
        elif kind < 0.6:
            melds.append(f"[{format_tiles([t] * 4)}{rng.choice(['', ',1', ',3', ',6', ',7'])}]")
        elif kind < 0.9:
            s, r = rng.choice("mps"), rng.randint(1, 8)
            run = [f"{r + i}{s}" for i in range(3)]
            rng.shuffle(run)
            melds.append(f"[{format_tiles(run)}{rng.choice(['', ',1', ',2', ',3', ',6'])}]")
        else:
            melds.append(f"[{''.join(rng.sample(rng.choice(['ESWN', 'CFP']), 3))},1]")
    n = 14 - 3 * len(melds) + rng.choice((0, 0, 0, 0, 1, -1))
    loose = [rng.choice(ALL_TILES) for _ in range(max(n, 1))]
    body = "".join(melds) + format_tiles(sorted(loose[:-1])) + loose[-1]
    return with_sections(rng, body, 0.3, 0.6)


def test_plain_reading_agrees_with_the_checked_parser():
    rng = random.Random(1414)
    answered = 0
    for _ in range(6000):
        s = _hand(rng)
        v = rng.choice(VARIANTS)
        answered += plain_agrees(s, v)
        for _ in range(3):
            plain_agrees(mutate(rng, s), v)
    assert answered > 1000  # the common shape is really read by the plain path


def test_plain_reading_of_known_hands():
    for s, v in (
        ("123m456m789p234s55s", None),
        ("[555p,2][6666p,5]123m234s77s|EE1001", "nanning"),
        ("[ESW,1]123m456p34577s", "nanchang"),
        ("123m456m789p234s55s|EE1000|CCa", "nanjing"),
        ("19m19p19sESWNCFPP|EE1000", "guobiao"),
        ("[345m,3]123p456p789s5s5s|SW0000|8", "guobiao"),
    ):
        assert plain_agrees(s, v), s


def test_a_fifth_copy_is_left_to_the_checked_parser_wherever_it_sits():
    # RULES.md §0: four copies of each tile. The plain reading finds a fifth copy among the
    # standing tiles, as the winning tile, or between a meld and the standing tiles.
    for s in (
        "11111m23p456s789s9s",  # five alike standing
        "1111m123p456s789s1m",  # the winning tile is the fifth
        "[111m,1]11m456p789s23s4s",  # a pung and two standing
        "[1111m]1m23456p789sEE",  # a kong and one standing
        "[111m,1][123m,1]1m456p789s9s",  # a pung, a chow and one standing
    ):
        for v in VARIANTS:
            assert _parse_plain(s, v) is None, (s, v)
            assert not plain_agrees(s, v), (s, v)
