"""The plain 南昌 settlement (variants/nanchang_plain.py) agrees with the full one: on seeded
random hands — 0 to 4 jing in the winner's hand (honour jing too), honour chows, seven pairs
and 十三烂, the winner's melds with events that mostly agree, other players' kongs (精杠
among them), jing counts that mostly agree with the hand, 冲关 feeders, discard and
self-drawn wins, a jing won on a discard, a low cap now and then, a flag, a declared pattern or
a typing mistake — it gives the same result as ``Nanchang.settle_full``, or no answer (then the
full path speaks, refusals included)."""

from __future__ import annotations

import random

import pytest
from mjscore.engine.checks import hand_from_json
from mjscore.engine.errors import MjError
from mjscore.engine.results import TableState
from mjscore.engine.tiles import ALL_TILES, DRAGONS, HONOURS, WINDS, format_tiles, successor
from mjscore.engine.variants import get_variant
from mjscore.engine.variants.nanchang_plain import settle_plain

from tests.builders import meld_notation, outcome

V = get_variant("nanchang")
SUITED = [t for t in ALL_TILES if t not in HONOURS]


def _set(rng: random.Random) -> list[str]:
    """A pung, a chow, or an honour chow (three different winds, or 中发白)."""
    roll = rng.random()
    if roll < 0.4:
        return [rng.choice(ALL_TILES)] * 3
    if roll < 0.8:
        t = rng.choice([t for t in SUITED if int(t[0]) <= 7])
        return [f"{int(t[0]) + i}{t[1]}" for i in range(3)]
    if roll < 0.9:
        return rng.sample(WINDS, 3)
    return list(DRAGONS)


def _closed(rng: random.Random, n_melds: int) -> list[str]:
    """The standing tiles of a winning hand, or of a near one."""
    size = 14 - 3 * n_melds
    roll = rng.random()
    if n_melds == 0 and roll < 0.15:
        tiles = [t for t in rng.sample(ALL_TILES, 7) for _ in (0, 1)]
    elif n_melds == 0 and roll < 0.25:  # near 十三烂 / 七星十三烂
        tiles = rng.sample(HONOURS, rng.choice((5, 6, 7, 7)))
        for suit in "mps":
            ranks = rng.choice(((1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (1, 4), (2, 6)))
            tiles += [f"{r}{suit}" for r in ranks]
        tiles = tiles[:size]
        tiles += rng.sample(ALL_TILES, size - len(tiles))
    else:
        tiles = []
        for _ in range(4 - n_melds):
            tiles += _set(rng)
        tiles += [rng.choice(ALL_TILES)] * 2
    if rng.random() < 0.15:
        tiles[rng.randrange(size)] = rng.choice(ALL_TILES)
    return tiles


def _case(rng: random.Random) -> tuple[list[dict], dict]:
    """A Nanchang win (its events and the session options), usually well-formed."""
    w = rng.randrange(4)
    others = [p for p in range(4) if p != w]
    frm = None if rng.random() < 0.4 else rng.choice(others)
    zheng = rng.choice(ALL_TILES if rng.random() < 0.7 else HONOURS)
    pair = (zheng, successor(zheng))
    melds = []
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3])):
        t = rng.choice(ALL_TILES)
        kind = rng.choice(["pung", "pung", "kong"])
        kk = rng.choice(["concealed", "exposed", "exposed", "added"]) if kind == "kong" else None
        melds.append((kind, t, kk, None if kk == "concealed" else rng.choice(others)))
    closed = _closed(rng, len(melds))
    for _ in range(rng.choice([0, 1, 2, 2, 3, 4, 4])):  # jing in the standing tiles
        closed[rng.randrange(len(closed))] = rng.choice(pair)
    rng.shuffle(closed)
    win_tile = closed.pop()
    if frm is not None and rng.random() < 0.2:  # won on a discarded jing: only itself
        win_tile = rng.choice(pair)
    strs = [meld_notation(k, t, kk, None if f is None else (w - f) % 4) for k, t, kk, f in melds]
    hand = "".join(strs) + format_tiles(sorted(closed, key=ALL_TILES.index)) + win_tile
    roll = rng.random()
    if roll < 0.05:  # a typing mistake
        i = rng.randrange(len(hand))
        hand = hand[:i] + rng.choice("123456789mpsESWNCFP[],") + hand[i + 1 :]
    elif roll < 0.08:
        hand += "|" + rng.choice(WINDS) + "E" + ("0000" if frm is not None else "1000")
    held = [*closed, win_tile]
    for k, t, _, _ in melds:
        held += [t] * (4 if k == "kong" else 3)
    mine = [held.count(pair[0]), held.count(pair[1])]
    if rng.random() < 0.05:
        mine[rng.randrange(2)] += rng.choice((-1, 1))
    counts = [[0, 0] for _ in range(4)]
    counts[w] = mine
    events: list[dict] = []
    for p in others:
        if rng.random() < 0.5:
            counts[p] = [rng.randint(0, 2), rng.randint(0, 2)]
        if rng.random() < 0.15:  # another player's kong, of a jing now and then
            t = rng.choice(pair) if rng.random() < 0.5 else rng.choice(ALL_TILES)
            kind = rng.choice(["concealed", "exposed"])
            ev = {"type": "kong", "player": p, "kind": kind, "tile": t}
            if kind == "exposed":
                ev["from"] = rng.choice([q for q in range(4) if q != p])
            events.append(ev)
            if t in pair and rng.random() < 0.9:
                counts[p][pair.index(t)] = 4
    for kind, t, kk, f in melds:
        if rng.random() < 0.05:
            continue  # no event for this meld
        if kind == "pung":
            events.append({"type": "pung", "player": w, "from": f, "tile": t})
            continue
        if kk == "added":
            events.append({"type": "pung", "player": w, "from": f, "tile": t})
        ev = {"type": "kong", "player": w, "kind": kk, "tile": t}
        if f is not None:
            ev["from"] = f
        events.append(ev)
    rng.shuffle(events)
    lower_counts = [[rng.randint(0, 1), rng.randint(0, 1)] for _ in range(4)]
    jing = {"type": "jing", "indicator": zheng, "lower": rng.choice(ALL_TILES)}
    jing["lower_counts"] = lower_counts
    jc: dict = {"type": "jing_count", "counts": counts}
    if rng.random() < 0.1:
        raws = [2 * z + f for z, f in counts]
        fed = [None] * 4
        for p in range(4):
            if raws[p] >= 5 and rng.random() < 0.7:
                fed[p] = rng.choice([q for q in range(4) if q != p])
        jc["fed_by"] = fed
    if rng.random() < 0.05:
        jc["jing_kongs"] = [0, 0, 0, 0]
    win: dict = {"type": "win", "player": w, "from": frm, "hand": hand}
    roll = rng.random()
    if roll < 0.03:
        win["kong_bloom" if frm is None else "robbed_kong"] = 1
    elif roll < 0.06:
        win["patterns"] = rng.choice([[], ["seven_pairs"], ["clean"]])
    elif roll < 0.08:
        win["heavenly" if frm is None else "earthly"] = True
    out = [jing, *events, jc, win]
    roll = rng.random()
    if roll < 0.03:
        out.remove(jc)
    elif roll < 0.05:
        out.insert(1, dict(jing))
    elif roll < 0.08:
        out.insert(rng.randrange(len(out)), out.pop(0))  # the jing reveal logged later
    options: dict = {}
    if rng.random() < 0.3:
        options["base"] = rng.randint(1, 3)
    if rng.random() < 0.3:
        options["cap"] = rng.choice([None, 8, 20, 60])
    if rng.random() < 0.2:
        options["chongguan_cap"] = rng.choice([None, 2, 4])
    return out, options


def test_plain_settlement_is_the_full_one_where_it_answers():
    rng = random.Random(20261204)
    answered = declined = capped = 0
    jing_held: set[int] = set()
    shapes: set[str] = set()
    for _ in range(8000):
        events, options = _case(rng)
        try:
            hand = hand_from_json({"events": events}, V)
        except MjError:
            continue  # refused when read: never settled
        rules = V.rules(options)
        state = TableState(hand_number=rng.randint(1, 9), dealer=rng.randrange(4))
        full = outcome(V.settle_full, hand, state, rules)
        plain = outcome(settle_plain, hand, state, rules)
        if plain == ("ok", None):
            declined += 1
            continue
        assert plain == full, events
        answered += 1
        plain = plain[1]
        capped += "cap" in plain.details
        w = events[-1]["player"]
        jing_held.add(sum(next(e for e in events if e["type"] == "jing_count")["counts"][w]))
        shapes.add(plain.details["win"]["shape"])
    assert answered > 1500 and declined > 1000 and capped > 100
    assert {0, 1, 2, 3, 4} <= jing_held
    assert shapes == {"standard", "seven_pairs", "thirteen_lan", "seven_star_lan"}


def test_settle_hand_takes_the_plain_path_and_falls_back():
    events = [
        {"type": "jing", "indicator": "5s", "lower": "1p", "lower_counts": [[0, 0]] * 4},
        {"type": "jing_count", "counts": [[0, 0], [1, 1], [0, 0], [0, 0]]},
        {"type": "win", "player": 1, "from": 2, "hand": "123m456m789p234s56s"},
    ]
    hand = hand_from_json({"events": events}, V)
    state, rules = TableState(dealer=0), V.rules({})
    plain = settle_plain(hand, state, rules)
    assert plain is not None and plain == V.settle_hand(hand, state, rules)
    assert plain == V.settle_full(hand, state, rules)
    # the parts of the details are shared by the hands that come to them, so none can change
    again = settle_plain(hand_from_json({"events": events}, V), state, rules)
    for key in ("jing", "lower_scores", "award_scores", "kong_points", "win"):
        assert again.details[key] is plain.details[key]
        with pytest.raises(TypeError):
            plain.details[key].clear()
    with pytest.raises(TypeError):
        plain.details["win"]["patterns"].append("clean")
    events[-1]["patterns"] = ["clean"]
    assert settle_plain(hand_from_json({"events": events}, V), state, rules) is None
