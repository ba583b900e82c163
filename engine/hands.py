"""Shared hand analysis without wildcards: decompositions, seven pairs, waits, wait shapes.

``closed`` always means the standing tiles of a hand (winning tile included), i.e. the part
that is not in bracketed melds: 14, 11, 8, 5 or 2 tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .tiles import ALL_TILES, DRAGONS, WINDS, sort_tiles

_INDEX = {t: i for i, t in enumerate(ALL_TILES)}


@dataclass(frozen=True, slots=True)
class Set:
    kind: str  # "pung" | "chow"
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Decomposition:
    pair: str
    sets: tuple[Set, ...]


def _counts(tiles: Iterable[str]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[_INDEX[t]] += 1
    return c


def _sets(c: list[int], honour_chows: bool) -> list[tuple[Set, ...]]:
    """All ways to split counts ``c`` entirely into sets (mutates and restores ``c``)."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return [()]
    out: list[tuple[Set, ...]] = []
    t = ALL_TILES[i]
    if c[i] >= 3:
        c[i] -= 3
        for rest in _sets(c, honour_chows):
            out.append((Set("pung", (t, t, t)), *rest))
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        for rest in _sets(c, honour_chows):
            out.append((Set("chow", (t, ALL_TILES[i + 1], ALL_TILES[i + 2])), *rest))
        for k in (i, i + 1, i + 2):
            c[k] += 1
    if honour_chows and i >= 27:
        group = range(27, 31) if i < 31 else range(31, 34)
        others = [k for k in group if k > i and c[k]]
        for a in range(len(others)):
            for b in range(a + 1, len(others)):
                j, k = others[a], others[b]
                for x in (i, j, k):
                    c[x] -= 1
                for rest in _sets(c, honour_chows):
                    out.append((Set("chow", (t, ALL_TILES[j], ALL_TILES[k])), *rest))
                for x in (i, j, k):
                    c[x] += 1
    return out


@lru_cache(maxsize=65536)
def _decompositions_cached(key: tuple[str, ...], honour_chows: bool) -> tuple[Decomposition, ...]:
    if len(key) % 3 != 2:
        return ()
    c = _counts(key)
    found: list[Decomposition] = []
    seen: set = set()
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            for sets in _sets(c, honour_chows):
                d = Decomposition(ALL_TILES[p], sets)
                sig = (d.pair, tuple(sorted((s.kind, s.tiles) for s in sets)))
                if sig not in seen:
                    seen.add(sig)
                    found.append(d)
            c[p] += 2
    return tuple(found)


def decompositions(
    closed: Sequence[str], *, honour_chows: bool = False
) -> tuple[Decomposition, ...]:
    """Every way the standing tiles split into one pair and sets (pungs and chows;
    ``honour_chows`` adds Nanchang's three-different-winds and 中发白 sequences)."""
    return _decompositions_cached(sort_tiles(closed), honour_chows)


def seven_pairs(closed: Sequence[str]) -> int | None:
    """None unless the 14 standing tiles are seven pairs; else the number of quads
    (four identical tiles counted as two pairs)."""
    if len(closed) != 14:
        return None
    c = Counter(closed)
    if any(n % 2 for n in c.values()):
        return None
    return sum(1 for n in c.values() if n == 4)


def is_complete(
    closed: Sequence[str], *, honour_chows: bool = False, allow_seven_pairs: bool = True
) -> bool:
    if allow_seven_pairs and seven_pairs(closed) is not None:
        return True
    return bool(decompositions(closed, honour_chows=honour_chows))


def waits(
    concealed: Sequence[str],
    visible: Iterable[str] = (),
    *,
    honour_chows: bool = False,
    allow_seven_pairs: bool = True,
) -> tuple[str, ...]:
    """Tiles that complete a waiting hand of standing tiles ``concealed`` (13 − 3 per meld).
    ``visible`` are the hand's other tiles (melds) so that a fifth copy is never a wait."""
    held = Counter(concealed)
    held.update(visible)
    out = []
    for t in ALL_TILES:
        if held[t] >= 4:
            continue
        if is_complete(
            (*concealed, t),
            honour_chows=honour_chows,
            allow_seven_pairs=allow_seven_pairs and len(concealed) == 13,
        ):
            out.append(t)
    return tuple(out)


def win_shapes(d: Decomposition, win_tile: str) -> set[str]:
    """Where the winning tile can sit in decomposition ``d``: 'single' (单钓, on the pair),
    'pung' (双碰), 'closed' (坎张/压档, middle of a chow), 'edge' (边张: 3 of 123, 7 of 789),
    'open' (两面), 'honour' (an honour chow)."""
    shapes = set()
    if d.pair == win_tile:
        shapes.add("single")
    for s in d.sets:
        if win_tile not in s.tiles:
            continue
        if s.kind == "pung":
            shapes.add("pung")
        elif len(s.tiles[0]) == 1:
            shapes.add("honour")
        else:
            pos = s.tiles.index(win_tile)
            lo = int(s.tiles[0][0])
            if pos == 1:
                shapes.add("closed")
            elif (pos == 2 and lo == 1) or (pos == 0 and lo == 7):
                shapes.add("edge")
            else:
                shapes.add("open")
    return shapes


def is_honour_chow(tiles: Sequence[str]) -> bool:
    return len(set(tiles)) == 3 and (all(t in WINDS for t in tiles) or set(tiles) == set(DRAGONS))
