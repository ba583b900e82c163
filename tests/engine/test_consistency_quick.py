"""The quick pass of the cross-event checks never lets through what the checks refuse.

RULES.md §0: "A pung later turned into an added kong is one meld: the added kong's `from`
equals the pung's", four copies of each tile, each flower once (中发白 four each in 南京).
``_plainly_consistent`` answers True only where the full checks find nothing; on seeded
random hands of pungs, kongs and flowers, every True is held against the full checks, and
a False must still be common enough to matter and rare enough that the quick pass is used.
"""

from __future__ import annotations

import random

import pytest
from mjscore.engine.checks import _check_added_kongs, _check_copies, _plainly_consistent
from mjscore.engine.errors import MjError
from mjscore.engine.events import Flowers, Kong, Pung, Win
from mjscore.engine.variants import get_variant

TILES = ["1m", "5p", "9s", "E", "C"]  # few tiles, so a fifth copy happens
LETTERS = "abcdefghCFP"


def _events(rng: random.Random) -> tuple:
    out = []
    for _ in range(rng.randint(0, 6)):
        r = rng.random()
        p = rng.randrange(4)
        if r < 0.35:
            out.append(Pung(player=p, from_=(p + 1) % 4, tile=rng.choice([*TILES, None])))
        elif r < 0.6:
            kind = rng.choice(["exposed", "added", "concealed"])
            f = None if kind == "concealed" else rng.choice([q for q in range(4) if q != p])
            out.append(Kong(player=p, kind=kind, from_=f, tile=rng.choice([*TILES, None])))
        else:
            tiles = "".join(rng.sample(LETTERS, rng.randint(1, 3))) if rng.random() < 0.8 else None
            count = rng.randint(1, 12) if tiles is None or rng.random() < 0.2 else None
            out.append(Flowers(player=p, tiles=tiles, count=count))
    out.append(Win(player=0, from_=None, hand=None))
    return tuple(out)


def _refused(evs, variant) -> bool:
    try:
        _check_added_kongs(evs, "")
        _check_copies(evs, variant, "")
    except MjError:
        return True
    return False


@pytest.mark.parametrize("name", ["nanjing", "nanning", "guobiao", "nanchang"])
def test_the_quick_pass_lets_through_only_what_the_checks_pass(name):
    variant = get_variant(name)
    rng = random.Random(f"quick-{name}")
    quick = refused = 0
    for _ in range(4000):
        evs = _events(rng)
        if _plainly_consistent(evs, variant.data.flower_tiles):
            quick += 1
            assert not _refused(evs, variant), evs
        else:
            refused += _refused(evs, variant)
    assert quick > 1000 and refused > 200  # both sides of the question are really asked


@pytest.mark.parametrize(
    "evs",
    [
        # an added kong whose supplier is not the pung's
        (Pung(player=0, from_=1, tile="1m"), Kong(player=0, kind="added", from_=2, tile="1m")),
        # a fifth copy between a pung and a kong
        (Pung(player=0, from_=1, tile="1m"), Kong(player=1, kind="exposed", from_=0, tile="1m")),
        # one flower shown twice
        (Flowers(player=0, tiles="a"), Flowers(player=1, tiles="a")),
        # more flowers than the set has
        (Flowers(player=0, count=5), Flowers(player=1, count=5)),
    ],
)
def test_the_quick_pass_leaves_each_refusal_to_the_checks(evs):
    variant = get_variant("guobiao")  # 8 flower tiles
    assert not _plainly_consistent(evs, variant.data.flower_tiles)
    assert _refused(evs, variant)
