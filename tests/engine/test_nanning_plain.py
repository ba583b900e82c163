"""The plain 南宁 settlement (variants/nanning_plain.py) agrees with the full one: on seeded
random hands — the winner's melds with events that mostly agree, other players' pungs and
kongs (封胡 both ways), discard and self-drawn wins, 死双, mutated hand strings, now and then a
flag or 摸码/钓鱼 — it gives the same result as ``Nanning.settle_full``, or no answer (then
the full path speaks, refusals included)."""

from __future__ import annotations

import random

from mjscore.engine.errors import MjError
from mjscore.engine.record import hand_from_json
from mjscore.engine.results import TableState
from mjscore.engine.tiles import ALL_TILES, format_tiles
from mjscore.engine.variants import get_variant
from mjscore.engine.variants.nanning_plain import settle_plain

from tests.builders import meld_notation, outcome

V = get_variant("nanning")
SUITED = [t for t in ALL_TILES if len(t) == 2]


def _case(rng: random.Random) -> tuple[list[dict], dict]:
    """A Nanning win (its events and the session options), usually well-formed."""
    w = rng.randrange(4)
    others = [p for p in range(4) if p != w]
    frm = None if rng.random() < 0.4 else rng.choice(others)
    # 封胡: now and then the winner's melds all come from one player
    seal = rng.choice(others) if rng.random() < 0.2 else None
    melds, closed = [], []
    n_melds = rng.choice([0, 0, 1, 1, 2, 3, 4])
    for _ in range(n_melds):
        t = rng.choice(ALL_TILES)
        kind = rng.choice(["pung", "pung", "kong"])
        kk = rng.choice(["concealed", "exposed", "exposed", "added"]) if kind == "kong" else None
        f = None if kk == "concealed" else (seal if seal is not None else rng.choice(others))
        melds.append((kind, t, kk, f))
    if rng.random() < 0.1:
        closed = [t for t in rng.sample(ALL_TILES, 7) for _ in (0, 1)]  # seven pairs
        melds = []
    else:
        for _ in range(4 - len(melds)):
            if rng.random() < 0.5:
                t = rng.choice([t for t in SUITED if int(t[0]) <= 7])
                closed += [f"{int(t[0]) + i}{t[1]}" for i in range(3)]
            else:
                closed += [rng.choice(ALL_TILES)] * 3
        closed += [rng.choice(ALL_TILES)] * 2
    rng.shuffle(closed)
    win_tile = closed.pop()
    strs = []
    for kind, t, kk, f in melds:
        strs.append(meld_notation(kind, t, kk, None if f is None else (w - f) % 4))
    hand = "".join(strs) + format_tiles(sorted(closed, key=ALL_TILES.index)) + win_tile
    if rng.random() < 0.1:  # a typing mistake
        i = rng.randrange(len(hand))
        hand = hand[:i] + rng.choice("123456789mpsESWNCFP[],") + hand[i + 1 :]
    events: list[dict] = []
    for kind, t, kk, f in melds:
        roll = rng.random()
        if roll < 0.05:
            continue  # no event for this meld
        if kind == "pung":
            ev = {"type": "pung", "player": w, "from": f, "tile": t}
        else:
            if kk == "added" and rng.random() < 0.7:
                events.append({"type": "pung", "player": w, "from": f, "tile": t})
            ev = {"type": "kong", "player": w, "kind": kk, "tile": t}
            if f is not None:
                ev["from"] = f
        if 0.05 <= roll < 0.1 and "from" in ev:
            ev["from"] = rng.choice(others)
        elif 0.1 <= roll < 0.15:
            del ev["tile"]
        events.append(ev)
    for _ in range(rng.choice([0, 0, 0, 1, 2, 3])):  # other players' melds
        p = rng.choice(others)
        f = w if rng.random() < 0.5 else rng.choice([q for q in range(4) if q != p])
        t = rng.choice([None, *ALL_TILES])
        if rng.random() < 0.6:
            ev = {"type": "pung", "player": p, "from": f}
        else:
            ev = {"type": "kong", "player": p, "kind": rng.choice(["concealed", "exposed"])}
            if ev["kind"] == "exposed":
                ev["from"] = f
        if t is not None:
            ev["tile"] = t
        events.append(ev)
    rng.shuffle(events)
    win: dict = {"type": "win", "player": w, "from": frm, "hand": hand}
    roll = rng.random()
    if roll < 0.04:
        win["last_tile"] = True
    elif roll < 0.06:
        win["concealed"] = not melds
    elif roll < 0.08:
        win["patterns"] = []
    options: dict = {}
    if rng.random() < 0.5:
        options["dead_double"] = True
    if rng.random() < 0.05:
        options["horses"] = 2
    if rng.random() < 0.05:
        options["fishing"] = True
    return [*events, win], options


def test_plain_settlement_is_the_full_one_where_it_answers():
    rng = random.Random(20261203)
    answered = declined = 0
    for _ in range(6000):
        events, options = _case(rng)
        try:
            hand = hand_from_json({"events": events}, V)
        except MjError:
            continue  # refused when read: never settled
        rules = V.rules(options)
        state = TableState(hand_number=rng.randint(1, 9), dealer=rng.randrange(4))
        full = outcome(V.settle_full, hand, state, rules)
        plain = outcome(settle_plain, V, hand, state, rules)
        if plain == ("ok", None):
            declined += 1
            continue
        assert plain == full, events
        answered += 1
    assert answered > 2000 and declined > 500


def test_settle_hand_takes_the_plain_path_and_falls_back():
    hand = hand_from_json(
        {"events": [{"type": "win", "player": 1, "from": 2, "hand": "123m456m789p234s55s"}]}, V
    )
    state, rules = TableState(dealer=0), V.rules({})
    assert settle_plain(V, hand, state, rules) == V.settle_hand(hand, state, rules)
    assert settle_plain(V, hand, state, V.rules({"horses": 2})) is None
