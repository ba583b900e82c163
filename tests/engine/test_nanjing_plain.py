"""The plain 南京 settlement (variants/nanjing_plain.py) agrees with the full one: on seeded
random hands — seven pairs and sets hands, the winner's pungs and kongs (added ones too) with
events that mostly agree, 对三嘴/对四嘴 runs of claims, other players' pungs and kongs (a
dragon or a fifth copy now and then), flowers of every player (dragons, repeats, a count
without tiles, 花杠), discard and self-drawn wins, 比下胡 with and without stacking, small
wins, a flag, a declared fact, a |context or flower section, a penalty or a chow now and
then — it gives the same result as ``Nanjing.settle_full``, or no answer (then the full path
speaks, refusals included)."""

from __future__ import annotations

import json
import random
from collections import Counter

from mjscore.engine.checks import hand_from_json
from mjscore.engine.errors import MjError
from mjscore.engine.events import Hand, event_from_json
from mjscore.engine.results import TableState
from mjscore.engine.tiles import ALL_TILES, format_tiles
from mjscore.engine.variants import get_variant
from mjscore.engine.variants.nanjing_plain import settle_plain

from tests.builders import meld_notation, outcome

V = get_variant("nanjing")
KINDS = [t for t in ALL_TILES if t not in "CFP"]  # suited tiles and winds
SUITED = [t for t in KINDS if len(t) == 2]


def _set(rng: random.Random, suit: str | None) -> list[str]:
    """A pung or a chow, of one suit when ``suit`` is given (flushes come often)."""
    pool = [t for t in SUITED if t[1] == suit] if suit else KINDS
    if rng.random() < 0.45:
        return [rng.choice(pool)] * 3
    t = rng.choice([t for t in (pool if suit else SUITED) if int(t[0]) <= 7])
    return [f"{int(t[0]) + i}{t[1]}" for i in range(3)]


def _flowers(rng: random.Random, letters: list[str]) -> str:
    """Some of the table's flower letters (each shown once), and dragons."""
    out = [letters.pop() for _ in range(min(len(letters), rng.randint(0, 4)))]
    out += rng.choices("CFP", k=rng.choice((0, 0, 1, 2, 3)))
    return "".join(out)


def _case(rng: random.Random) -> list[dict]:
    """A 南京 win with its events, usually well-formed."""
    w = rng.randrange(4)
    others = [p for p in range(4) if p != w]
    frm = None if rng.random() < 0.4 else rng.choice(others)
    suit = rng.choice("mps") if rng.random() < 0.3 else None
    melds = []  # (kind, tile, kong kind, supplier)
    b = rng.choice(others)  # a run of claims from one player makes 对三嘴
    used: Counter = Counter()
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3, 3, 4])):
        kind = rng.choice(["pung", "pung", "kong"])
        pool = [t for t in KINDS if not suit or t[-1] in (suit, "E", "S", "W", "N")]
        t = rng.choice([t for t in pool if not used[t]] if rng.random() < 0.95 else pool)
        used[t] += 3 if kind == "pung" else 4
        kk = rng.choice(["concealed", "exposed", "exposed", "added"]) if kind == "kong" else None
        f = b if rng.random() < 0.6 else rng.choice(others)
        melds.append((kind, t, kk, None if kk == "concealed" else f))
    n = len(melds)
    if n == 0 and rng.random() < 0.2:  # seven pairs, a quad among them now and then
        closed = [t for t in rng.sample(KINDS, 7) for _ in (0, 1)]
        if rng.random() < 0.2:
            closed[2:4] = closed[0:2]
    else:
        closed = []
        for _ in range(4 - n):
            for _ in range(5):  # a fifth copy now and then
                s = _set(rng, suit)
                if all(used[t] + s.count(t) <= 4 for t in s):
                    break
            used.update(s)
            closed += s
        pool = [t for t in (SUITED if suit else KINDS) if not suit or t[1] == suit]
        closed += [rng.choice([t for t in pool if used[t] <= 2] or pool)] * 2
    if rng.random() < 0.1:
        closed[rng.randrange(len(closed))] = rng.choice(ALL_TILES)
    rng.shuffle(closed)
    win_tile = closed.pop()
    strs = [meld_notation(k, t, kk, None if f is None else (w - f) % 4) for k, t, kk, f in melds]
    if rng.random() < 0.03:  # a claimed chow
        strs.append(f"[123{rng.choice('mps')},1]")
        closed = closed[3:]
    hand = "".join(strs) + format_tiles(sorted(closed, key=ALL_TILES.index)) + win_tile
    roll = rng.random()
    if roll < 0.04:  # a typing mistake
        i = rng.randrange(len(hand))
        hand = hand[:i] + rng.choice("123456789mpsESWNCFP[],") + hand[i + 1 :]
    elif roll < 0.07:
        hand += "|" + rng.choice("ESWN") + "E" + ("0000" if frm is not None else "1000")
    elif roll < 0.09:
        hand += "||" if rng.random() < 0.2 else "|EE" + ("0000" if frm is not None else "1000")
        hand += "|" + rng.choice(["ab", "3", "aCC"])
    events: list[dict] = []
    for kind, t, kk, f in melds:
        if rng.random() < 0.05:
            continue  # no event for this meld
        if kind == "pung":
            events.append({"type": "pung", "player": w, "from": f, "tile": t})
            continue
        if kk == "added":
            pf = f if rng.random() < 0.9 else rng.choice(others)
            events.append({"type": "pung", "player": w, "from": pf, "tile": t})
        ev = {"type": "kong", "player": w, "kind": kk, "tile": t}
        if f is not None:
            ev["from"] = f
        events.append(ev)
    for p in others:  # the others' pungs and kongs
        if rng.random() < 0.25:
            t = rng.choice(ALL_TILES if rng.random() < 0.05 else KINDS)
            if rng.random() < 0.9:  # a fifth copy at the table now and then
                t = rng.choice([t for t in KINDS if not used[t]])
            used[t] += 3
            sup = rng.choice([q for q in range(4) if q != p])
            roll = rng.random()
            if roll < 0.4:
                events.append({"type": "pung", "player": p, "from": sup, "tile": t})
            elif roll < 0.55:
                events.append({"type": "pung", "player": p, "from": sup, "tile": t})
                if rng.random() < 0.2:  # a supplier other than the pung's
                    sup = rng.choice([q for q in range(4) if q not in (p, sup)])
                added = {"type": "kong", "player": p, "kind": "added", "from": sup, "tile": t}
                events += [added, added] if rng.random() < 0.2 else [added]
            else:
                kind = rng.choice(["concealed", "exposed"])
                ev = {"type": "kong", "player": p, "kind": kind, "tile": t}
                if kind == "exposed":
                    ev["from"] = sup
                events.append(ev)
    letters = rng.sample("abcdefgh", 8)
    for p in range(4):  # flowers
        if rng.random() < (0.7 if p == w else 0.3):
            if rng.random() < 0.04:
                events.append({"type": "flowers", "player": p, "count": rng.randint(1, 4)})
            elif shows := _flowers(rng, letters):
                events.append({"type": "flowers", "player": p, "tiles": shows})
            if rng.random() < 0.1:  # a second event: more of the same dragon, a 花杠 now and then
                events.append({"type": "flowers", "player": p, "tiles": rng.choice("CFP") * 2})
    if rng.random() < 0.03:
        events.append(
            {
                "type": "penalty",
                "player": rng.randrange(4),
                "kind": rng.choice(["same_round", "four_copies"]),
            }
        )
    rng.shuffle(events)
    for k in [e for e in events if e.get("kind") == "added"]:  # the pung first, as played
        pung = [e for e in events if e["type"] == "pung" and e["tile"] == k["tile"]]
        if pung and events.index(pung[0]) > events.index(k) and rng.random() < 0.95:
            events.remove(k)
            events.insert(events.index(pung[0]) + 1, k)
    win: dict = {"type": "win", "player": w, "from": frm, "hand": hand}
    roll = rng.random()
    if roll < 0.03:
        win["last_tile"] = True
    elif roll < 0.05:
        win["kong_bloom" if frm is None else "robbed_kong"] = 1
    elif roll < 0.07:
        k, v = rng.choice([("patterns", []), ("concealed", True), ("soft_flowers", 1)])
        win[k] = v
    elif roll < 0.08:
        win["flower_bloom"] = True
    return [*events, win]


def _outcome(f, *args) -> tuple:
    """``outcome``, and any other exception by its class and words."""
    try:
        return outcome(f, *args)
    except Exception as e:  # noqa: BLE001 - a hand never read from a record may break anything
        return ("raised", type(e).__name__, str(e))


def test_plain_settlement_is_the_full_one_where_it_answers():
    rng = random.Random(20261204)
    answered = declined = read_refused = 0
    seen: dict[str, int] = {}
    for _ in range(8000):
        events = _case(rng)
        try:
            hand = hand_from_json({"events": events}, V)
        except MjError:
            # refused when read, so never settled from a record; a caller may still build
            # such a hand itself, and then the plain path must not answer where the full one
            # would not
            read_refused += 1
            try:
                hand = Hand(tuple(event_from_json(e, "e") for e in events))
            except MjError:
                continue
        rules = V.rules({"bixiahu_stack": rng.random() < 0.3})
        state = TableState(
            hand_number=rng.randint(1, 9),
            dealer=rng.randrange(4),
            bixiahu=rng.random() < 0.3,
            flags=rng.randint(0, 2),
            passes=rng.randint(0, 5),
        )
        full = _outcome(V.settle_full, hand, state, rules)
        plain = _outcome(settle_plain, hand, state, rules)
        if plain == ("ok", None):
            declined += 1
            seen[full[0]] = seen.get(full[0], 0) + 1
            continue
        assert plain == full, events
        answered += 1
        res = plain[1]
        for k in ("liability", "on_the_spot"):
            if res.details[k]:
                seen[k] = seen.get(k, 0) + 1
        if res.details["multiplier"] > 2:
            seen["stacked"] = seen.get("stacked", 0) + 1
        if res.next_state.bixiahu:
            seen["bixiahu"] = seen.get("bixiahu", 0) + 1
    assert answered > 2500 and declined > 3000, (answered, declined, read_refused)
    assert min(seen.values()) > 150 and len(seen) == 6, seen


def test_settle_hand_takes_the_plain_path_and_falls_back():
    events = [
        {"type": "flowers", "player": 1, "tiles": "abcC"},
        {"type": "pung", "player": 1, "from": 2, "tile": "E"},
        {"type": "kong", "player": 3, "kind": "concealed", "tile": "9s"},
        {"type": "win", "player": 1, "from": 0, "hand": "[EEE,3]123m456m789p5s5s"},
    ]
    state, rules = TableState(dealer=0), V.rules({})
    hand = hand_from_json({"events": events}, V)
    plain = settle_plain(hand, state, rules)
    assert plain is not None and plain == V.settle_hand(hand, state, rules)
    assert plain == V.settle_full(hand, state, rules)
    assert plain.details["on_the_spot"] == [{"event": 2, "kind": "concealed", "player": 3}]
    events[-1]["last_tile"] = True
    assert settle_plain(hand_from_json({"events": events}, V), state, rules) is None


def test_a_flowers_string_is_read_as_the_tile_reader_reads_it():
    from mjscore.engine.tiles import DRAGONS, FLOWER_LETTERS, parse_tiles
    from mjscore.engine.variants.nanjing_plain import _FLOWERS, _flower_tiles

    def careful(s: str):
        try:
            ts = parse_tiles(s, allow_flowers=True)
        except (MjError, TypeError, ValueError):
            return None
        return ts if set(ts) <= set(FLOWER_LETTERS + DRAGONS) else None

    rng = random.Random(5)
    letters = FLOWER_LETTERS + DRAGONS
    cases = ["", " ", "a b", "1m", "aE", "[a]", "a,b", "ａ", "aA", "h" * 9]
    cases += ["".join(rng.choice(letters) for _ in range(rng.randint(1, 12))) for _ in range(3000)]
    cases += [
        "".join(rng.choice(letters + "ESWN1m ,") for _ in range(rng.randint(1, 6)))
        for _ in range(3000)
    ]
    for s in cases:
        _FLOWERS.clear()
        assert _flower_tiles(s) == careful(s), s


def test_details_read_as_the_full_path_gives_them():
    """A plain hand's details are made when first read: every way of reading them (each
    key, in order; the length; a copy; the JSON of a copy; equality either way round) gives
    what the full settlement gives, with and without payments on the spot."""
    state, rules = TableState(dealer=1), V.rules({})
    for spot in (False, True):
        events = [
            {"type": "flowers", "player": 1, "tiles": "abcC"},
            {"type": "pung", "player": 1, "from": 2, "tile": "E"},
            {"type": "win", "player": 1, "from": 0, "hand": "[EEE,3]123m456m789p5s5s"},
        ]
        if spot:
            events.insert(2, {"type": "kong", "player": 3, "kind": "concealed", "tile": "9s"})
        hand = hand_from_json({"events": events}, V)
        plain = settle_plain(hand, state, rules)
        full = V.settle_full(hand, state, rules)
        assert plain is not None
        got, want = plain.details, full.details
        assert list(got) == list(want) and len(got) == len(want)
        assert all(got[k] == want[k] for k in want) and "valuation" in got
        assert json.dumps(dict(got), ensure_ascii=False) == json.dumps(want, ensure_ascii=False)
        assert got == want and want == got and repr(got) == repr(want)
        assert bool(got["on_the_spot"]) is spot
