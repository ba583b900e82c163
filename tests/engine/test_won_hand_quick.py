"""The one-step reading of the common hand (``read_won_hand_json``) gives what the event-by-event
reading gives (``read_hand_json``): the same Hand where that reads one, None or the same refusal
(code, message and place) where it refuses, on seeded random hands of every rule set: events of
the common shapes and of others, seats and fields gone wrong, copies and flowers beyond their
limits, win strings good and bad."""

from __future__ import annotations

import random

import pytest
from mjscore.engine.checks import hand_from_json, read_hand_json, read_won_hand_json
from mjscore.engine.errors import MjError
from mjscore.engine.variants import get_variant

TILES = ["1m", "5m", "9s", "E", "C", "5p"]
HANDS = [
    "[555m,2][444m,2]2348899m8m",
    "[777s,3][234s,3]1133399s1s",
    "34555588999pPPP",
    "[3333m][EEE,1]35678p88s4p",
    "34556m888p55sNNN7m",
    "[456p,1][999p,1]88p8889sCC",
    "11223344556677m|EE1000|ab",
    "[EEE,2]1122334688m5m",
    "[555m,2]55m12345678p9p",  # a fifth copy
    "1122334455667m ",  # waiting
    "[CFP,1]11223344556m6m",  # a 南昌 honour chow
    "112233x4455667m",
    "１１２２３３４４５５６６７７ｍ",  # full width
]
PAIRS = [[0, 1], [1, 0], [0, 0], [2, 1]]


def _seat(rng: random.Random, p: int):
    r = rng.random()
    if r < 0.9:
        return (p + rng.randint(1, 3)) % 4
    return rng.choice([p, 4, -1, "1", None, True, 1.0])


def _event(rng: random.Random, p: int) -> object:
    r = rng.random()
    if r < 0.3:
        e = {"type": "pung", "player": p, "from": _seat(rng, p), "tile": rng.choice(TILES)}
    elif r < 0.45:
        kind = rng.choice(["exposed", "added", "concealed", "open"])
        e = {"type": "kong", "player": p, "kind": kind, "tile": rng.choice(TILES)}
        if kind != "concealed" or rng.random() < 0.1:
            e["from"] = _seat(rng, p)
    elif r < 0.65:
        tiles = rng.choice(["a", "bc", "C", "CC", "aa", "abcdefghi", "1m", "", "ａ", 3])
        e = {"type": "flowers", "player": p, "tiles": tiles}
    elif r < 0.72:
        e = {"type": "jing", "indicator": "5m", "lower": "2p", "lower_counts": PAIRS}
    elif r < 0.8:
        e = {"type": "jing_count", "counts": rng.choice([PAIRS, PAIRS[:3], [[5, 0]] * 4])}
    elif r < 0.84:
        e = {"type": "penalty", "player": p, "kind": "same_round"}
    elif r < 0.87:
        e = {"type": "draw"}
    elif r < 0.9:
        e = {"type": "false_win", "player": p}
    else:
        e = _win(rng, p)
    if rng.random() < 0.05:
        e = dict(e, extra=1)
    if rng.random() < 0.02:
        return [e]
    return e


def _win(rng: random.Random, p: int) -> dict:
    e = {"type": "win", "player": p, "from": None if rng.random() < 0.4 else _seat(rng, p)}
    r = rng.random()
    if r < 0.85:
        e["hand"] = rng.choice(HANDS)
    elif r < 0.9:
        e["hand"] = rng.choice(HANDS)
        e["last_tile"] = True
    elif r < 0.95:
        e["patterns"] = ["seven_pairs"]
    return e


def _hand(rng: random.Random) -> object:
    p = rng.randrange(4)
    evs = [_event(rng, p) for _ in range(rng.choice((0, 1, 1, 2, 3, 5)))]
    if rng.random() < 0.9:
        evs.append(_win(rng, p))
    if rng.random() < 0.05:
        evs.append(_win(rng, (p + 1) % 4))
    if rng.random() < 0.03:
        return {"events": evs, "note": 1}
    return {"events": evs}


def _outcome(read, h, variant):
    try:
        return ("ok", read(h, variant, "hands[2]", last=False))
    except MjError as e:
        return ("err", e.code, e.message, e.where)


@pytest.mark.parametrize("name", ["guobiao", "nanjing", "nanning", "nanchang"])
def test_the_common_hand_reads_as_event_by_event(name):
    variant = get_variant(name)
    rng = random.Random(f"won-{name}")
    quick = 0
    for _ in range(4000):
        h = _hand(rng)
        want = _outcome(read_hand_json, h, variant)
        assert _outcome(hand_from_json, h, variant) == want, h
        got = read_won_hand_json(h, variant)
        if got is not None:
            quick += 1
            assert want == ("ok", got), h
    assert quick > 300  # the common hand is read in one step, and not every hand is


def test_a_common_hand_is_remembered_as_checked():
    v = get_variant("guobiao")
    evs = [
        {"type": "pung", "player": 0, "from": 2, "tile": "5m"},
        {"type": "win", "player": 0, "from": 3, "hand": "[555m,2][444m,2]2348899m8m"},
    ]
    hand = read_won_hand_json({"events": evs}, v)
    assert hand is not None
    assert hand._consistent_for is v
