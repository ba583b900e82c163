"""The quick path of ``validate_hand_structure`` (a hand ending in its one plain win) gives
exactly what the event-by-event checks give: nothing for a hand they pass, the same refusal
(code, message and place) for one they refuse, on seeded random hands of every rule set."""

from __future__ import annotations

import random

import pytest
from mjscore.engine import checks
from mjscore.engine.errors import MjError
from mjscore.engine.events import (
    Draw,
    FalseWin,
    Flowers,
    Hand,
    Jing,
    JingCount,
    Kong,
    Penalty,
    Pung,
    Win,
)
from mjscore.engine.variants import get_variant

HANDS = [
    "[555m,2][444m,2]2348899m8m",
    "[777s,3][234s,3]1133399s1s",
    "34555588999pPPP",
    "[3333m][EEE,1]35678p88s4p",
    "34556m888p55sNNN7m",
    "[456p,1][999p,1]88p8889sCC",
    "11223344556677m|EE1000|ab",
    "11223344556677m|EE1000|abCC",
    "[EEE,2]1122334688m5m",
    "[555m,2]55m12345678p9p",  # a fifth copy
    "1122334455667m ",  # waiting
    "112233445566m",  # too few
    "[CFP,1]11223344556m6m",  # a 南昌 honour chow
    "112233x4455667m",
]
TILES = ["1m", "5m", "9s", "E", "C"]
PAIRS = ((0, 1), (1, 0), (0, 0), (2, 1))


def _event(rng: random.Random, p: int):
    r = rng.random()
    q = (p + rng.randint(1, 3)) % 4
    if r < 0.3:
        return Pung(player=p, from_=q, tile=rng.choice([*TILES, None]))
    if r < 0.45:
        kind = rng.choice(["exposed", "added", "concealed"])
        f = None if kind == "concealed" else q
        return Kong(player=p, kind=kind, from_=f, tile=rng.choice([*TILES, None]))
    if r < 0.6:
        return Flowers(player=p, tiles=rng.choice(["a", "bc", "C", "CC", "aa"]))
    if r < 0.7:
        return Jing(indicator="5m", lower="2p", lower_counts=PAIRS)
    if r < 0.8:
        return JingCount(counts=PAIRS)
    if r < 0.85:
        return Penalty(player=p, kind="same_round")
    if r < 0.9:
        return Draw()
    if r < 0.93:
        return FalseWin(player=p)
    return _win(rng, p)


def _win(rng: random.Random, p: int) -> Win:
    r = rng.random()
    from_ = None if rng.random() < 0.4 else (p + rng.randint(1, 3)) % 4
    if r < 0.75:
        return Win(player=p, from_=from_, hand=rng.choice(HANDS))
    if r < 0.85:
        return Win(player=p, from_=from_, hand=rng.choice(HANDS), last_tile=True)
    if r < 0.92:
        return Win(player=p, from_=from_, patterns=("seven_pairs",))
    return Win(player=p, from_=from_)


def _events(rng: random.Random) -> tuple:
    p = rng.randrange(4)
    out = [_event(rng, p) for _ in range(rng.randint(0, 5))]
    if rng.random() < 0.85:
        out.append(_win(rng, p))
    if rng.random() < 0.1:
        out.append(_win(rng, (p + 1) % 4))
    return tuple(out)


def _outcome(evs, variant, *, quick: bool, last: bool):
    saved = checks._one_plain_win_last
    if not quick:
        checks._one_plain_win_last = lambda evs, types: False
    try:
        checks.validate_hand_structure(Hand(evs), variant, "hands[3]", last=last)
    except MjError as e:
        return ("err", e.code, e.message, e.where)
    finally:
        checks._one_plain_win_last = saved
    return ("ok",)


@pytest.mark.parametrize("name", ["guobiao", "nanjing", "nanning", "nanchang"])
def test_the_quick_structure_check_agrees_with_the_full_one(name):
    variant = get_variant(name)
    rng = random.Random(name)
    quick = 0
    for _ in range(3000):
        evs = _events(rng)
        last = rng.random() < 0.5
        want = _outcome(evs, variant, quick=False, last=last)
        assert _outcome(evs, variant, quick=True, last=last) == want, evs
        quick += bool(evs) and checks._one_plain_win_last(evs, variant.event_types)
    assert quick > 300  # the quick path is taken, and not by every hand
