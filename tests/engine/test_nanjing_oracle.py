"""南京 Nanjing tile-mode valuation checked against an independent oracle written straight from
RULES.md §2 (its own decompositions, waits and soft-flower count; nothing from engine.hands or
nanjing_score), over random winning hands built from sets."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.tiles import parse_hand
from mjscore.engine.variants.nanjing_read import value_tiles
from mjscore.engine.variants.nanjing_score import Bonuses

SUITS = "mps"
WINDS = "ESWN"
ORDER = [f"{n}{s}" for s in SUITS for n in range(1, 10)] + list(WINDS)
PATTERN_VALUE = {
    "concealed": 20, "all_pungs": 40, "half_flush": 40, "no_flowers": 40, "last_closed": 40,
    "full_flush": 60, "all_melded": 60, "seven_pairs": 80, "luxury_seven_pairs": 160, "all_winds": 160,
}  # fmt: skip


# ---------------------------------------------------------------- oracle
def _splits(counts):
    """All ways to split a Counter into sets: lists of ('pung'|'chow', first tile)."""
    live = [t for t in ORDER if counts[t]]
    if not live:
        return [[]]
    t = live[0]
    out = []
    if counts[t] >= 3:
        counts[t] -= 3
        out += [[("pung", t), *r] for r in _splits(counts)]
        counts[t] += 3
    if t[-1] in SUITS and int(t[0]) <= 7:
        a, b = f"{int(t[0]) + 1}{t[1]}", f"{int(t[0]) + 2}{t[1]}"
        if counts[a] and counts[b]:
            for x in (t, a, b):
                counts[x] -= 1
            out += [[("chow", t), *r] for r in _splits(counts)]
            for x in (t, a, b):
                counts[x] += 1
    return out


def _readings_of(closed):
    """(pair, sets) for every sets reading of the standing tiles."""
    c = Counter(closed)
    out = []
    for p in [t for t in ORDER if c[t] >= 2]:
        c[p] -= 2
        out += [(p, s) for s in _splits(c)]
        c[p] += 2
    return out


def _is_seven_pairs(closed):
    return len(closed) == 14 and all(n % 2 == 0 for n in Counter(closed).values())


def oracle(hand, *, hard, hard_known, exposed, heavenly=False):
    t = parse_hand(hand, variant="nanjing")
    win = t.win_tile
    melds = t.melds
    closed = [*t.concealed, win]
    meld_tiles = [x for m in melds for x in m.tiles]
    all_tiles = closed + meld_tiles
    # waits of the 13-tile hand
    held = Counter(t.concealed) + Counter(meld_tiles)
    waits = [
        x
        for x in ORDER
        if held[x] < 4
        and (_readings_of([*t.concealed, x]) or (not melds and _is_seven_pairs([*t.concealed, x])))
    ]
    single = len(waits) == 1
    concealed_fact = all(m.kind == "kong" and (m.claim is None or m.claim <= 3) for m in melds)
    suits = {x[-1] for x in all_tiles if x[-1] in SUITS}
    winds = any(x in WINDS for x in all_tiles)
    exposed_win = win in exposed or any(m.kind == "pung" and m.tiles[0] == win for m in melds)
    cands = []
    readings = []
    if not melds and _is_seven_pairs(closed):
        readings.append(("seven", None, None, sum(1 for n in Counter(closed).values() if n == 4)))
    for pair, sets in _readings_of(closed):
        shapes = set()
        if pair == win:
            shapes.add("single")
        for kind, first in sets:
            if kind == "pung" and first == win:
                shapes.add("pung")
            if kind == "chow" and win[-1] == first[-1] and 0 <= int(win[0]) - int(first[0]) <= 2:
                pos = int(win[0]) - int(first[0])
                lo = int(first[0])
                if pos == 1:
                    shapes.add("closed")
                elif (pos == 2 and lo == 1) or (pos == 0 and lo == 7):
                    shapes.add("edge")
                else:
                    shapes.add("open")
        for sh in shapes:
            readings.append(("sets", sets, sh, None))
    for kind, sets, shape, quads in readings:
        seven = kind == "seven"
        ps = set()
        if concealed_fact and not (heavenly or seven):
            ps.add("concealed")
        if not seven and all(k == "pung" for k, _ in sets):
            ps.add("all_pungs")
        if len(suits) == 1 and winds:
            ps.add("half_flush")
        if len(suits) == 1 and not winds:
            ps.add("full_flush")
        if not suits:
            ps.add("all_winds")
        if hard_known and hard == 0:
            ps.add("no_flowers")
        wait = shape if (not seven and single and shape in ("closed", "edge", "single")) else None
        if wait in ("closed", "edge") and exposed_win:
            ps.add("last_closed")
        if len(melds) == 4 and all(m.claim is not None for m in melds):
            ps.add("all_melded")
        if seven:
            ps.add("luxury_seven_pairs" if quads else "seven_pairs")
        soft = 0
        for m in melds:
            w = m.tiles[0] in WINDS
            if m.kind == "pung":
                soft += 1 if w else 0
            else:
                soft += (3 if w else 2) if m.claim is None else (2 if w else 1)
        if not seven:
            soft += sum(1 for k, f in sets if k == "pung" and f in WINDS)
        if wait and not (wait in ("closed", "edge") and "last_closed" in ps):
            soft += 1
        if len(suits) == 2:
            soft += 1
        h = 20 + 2 * (hard + soft) + sum(PATTERN_VALUE[p] for p in ps) + (60 if heavenly else 0)
        legal = bool(ps - {"concealed", "no_flowers"}) or heavenly or concealed_fact or hard >= 4
        cands.append((legal, h))
    legal = [h for ok, h in cands if ok]
    return (True, max(legal)) if legal else (False, max(h for _, h in cands))


# ---------------------------------------------------------------- random winning hands
TILE = st.sampled_from(ORDER)


def meld_str(tile, n, digit):
    body = tile[:-1] * n + tile[-1] if tile[-1] in SUITS else tile * n
    return f"[{body}{digit}]"


@st.composite
def hands(draw):
    for _ in range(50):
        used = Counter()
        groups = []
        for _ in range(4):
            if draw(st.booleans()):
                s = draw(st.sampled_from(SUITS))
                lo = draw(st.integers(1, 7))
                g = [f"{lo + i}{s}" for i in range(3)]
                kind = "chow"
            else:
                g = [draw(TILE)] * 3
                kind = "pung"
            groups.append((kind, g))
            used.update(g)
        pair = draw(TILE)
        used.update([pair, pair])
        if max(used.values()) > 4:
            continue
        n_melds = draw(st.integers(0, 4))
        melds, loose = [], [pair, pair]
        for i, (kind, g) in enumerate(groups):
            if kind == "pung" and i < n_melds:
                form = draw(st.sampled_from(["pung", "exposed", "added", "concealed"]))
                if form != "pung" and used[g[0]] == 3:
                    used[g[0]] += 1
                    melds.append(
                        meld_str(g[0], 4, {"exposed": ",2", "added": ",6", "concealed": ""}[form])
                    )
                else:
                    melds.append(meld_str(g[0], 3, ",1"))
            else:
                loose += g
        win = draw(st.sampled_from(loose))
        loose.remove(win)
        body = "".join(melds) + "".join(loose) + win
        return body
    return "123m456m789p23s55s4s"


@settings(max_examples=200, deadline=None)
@given(
    hands(),
    st.integers(0, 8),
    st.booleans(),
    st.lists(TILE, max_size=2),
    st.booleans(),
)
def test_value_matches_the_rules_oracle(body, hard, known, exposed, heavenly):
    hand = f"{body}|EE0000|{hard}" if known else body
    t = parse_hand(hand, variant="nanjing")
    if heavenly and t.melds:
        heavenly = False
    v = value_tiles(
        t,
        hard=hard if known else 0,
        hard_known=known,
        bonus=Bonuses(heavenly=heavenly),
        exposed_pung_tiles=frozenset(exposed),
    )
    legal, h = oracle(
        hand, hard=hard if known else 0, hard_known=known, exposed=set(exposed), heavenly=heavenly
    )
    assert (v.legal, v.value) == (legal, h), (
        hand,
        v.patterns,
        [(i.id, i.count) for i in v.soft_items],
    )
