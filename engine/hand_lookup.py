"""A plain hand (no honour chows) read group by group through one number per group.

The groups are the three suits and each honour alone (no set crosses a group). A group's
counts are one number: for a suit the base-5 number of its nine counts (rank 1 the lowest
digit, as engine.suit_table) plus 5^9 for each tile, so the number also carries how many
tiles it holds; for an honour, its count. ``group_codes`` adds each tile's weight to its
group, one step per tile, with no sorting. What a group's number means (tiles mod 3,
complete or not, which tiles complete it) is worked out once per number and kept.

A fifth copy of a rank would carry into the next digit; the tile count in the number shows
it (the digits then no longer add up to it), and ``group_facts`` gives None: the caller
searches such a hand the long way.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from . import suit_table
from .tiles import ALL_TILES

POW5 = suit_table.POW5
TILE_UNIT = 5**9  # added to a suit's number for each of its tiles
GROUPS = 10  # three suits, then the seven honours
GROUP_START = (0, 9, 18, *range(27, 34))  # the first kind of each group

# tile → (group, weight)
PLACE: dict[str, tuple[int, int]] = {
    **{t: (i // 9, POW5[i % 9] + TILE_UNIT) for i, t in enumerate(ALL_TILES[:27])},
    **{t: (3 + k, 1) for k, t in enumerate(ALL_TILES[27:])},
}


def group_codes(tiles: Iterable[str]) -> list[int]:
    """Each group's number for ``tiles`` (0 for a group without tiles)."""
    codes = [0] * GROUPS
    place = PLACE
    for t in tiles:
        g, w = place[t]
        codes[g] += w
    return codes


LOW = 5**5  # ranks 1–5 are the number's low part, ranks 6–9 its high part


@cache
def _halves() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The counts of every low part (ranks 1–5) and every high part (ranks 6–9)."""
    low = tuple(tuple(n // POW5[r] % 5 for r in range(5)) for n in range(LOW))
    high = tuple(tuple(n // POW5[r] % 5 for r in range(4)) for n in range(5**4))
    return low, high


@cache
def half_sums() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How many tiles every low part and every high part holds."""
    low, high = _halves()
    return tuple(map(sum, low)), tuple(map(sum, high))


@cache
def half_ranks() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The ranks (0–8) held twice or more of every low part and every high part."""
    low, high = _halves()
    return (
        tuple(tuple(r for r, c in enumerate(pat) if c >= 2) for pat in low),
        tuple(tuple(5 + r for r, c in enumerate(pat) if c >= 2) for pat in high),
    )


def pair_ranks(digits: int) -> tuple[int, ...]:
    """The ranks (0–8, in order) a suit's base-5 counts ``digits`` hold twice or more."""
    low, high = half_ranks()
    return low[digits % LOW] + high[digits // LOW]


@cache
def half_lowest() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The lowest rank held (0–8; 9 for none) of every low part and every high part."""
    low, high = _halves()
    return (
        tuple(next((r for r, c in enumerate(pat) if c), 9) for pat in low),
        tuple(next((5 + r for r, c in enumerate(pat) if c), 9) for pat in high),
    )


def lowest_rank(digits: int) -> int:
    """The lowest rank (0–8) a suit's base-5 counts ``digits`` hold (9 for none)."""
    low, high = half_lowest()
    part = digits % LOW
    return low[part] if part else high[digits // LOW]


def fifth_copy(code: int) -> bool:
    """Whether a suit's number holds a fifth copy of a rank (it carried into the next rank:
    the ranks' counts no longer add up to the tiles the number counts)."""
    low, high = half_sums()
    digits = code % TILE_UNIT
    return low[digits % LOW] + high[digits // LOW] != code // TILE_UNIT


def suit_pattern(code: int) -> tuple[int, ...] | None:
    """The nine counts of a suit's number, or None if a rank overflowed (a fifth copy)."""
    low, high = _halves()
    digits = code % TILE_UNIT
    pat = low[digits % LOW] + high[digits // LOW]
    return pat if sum(pat) == code // TILE_UNIT else None


# Facts of a group's number: (tiles mod 3, complete, waits, odd)
#   complete — at 0 its tiles split into sets, at 2 into a pair and sets (False at 1);
#   waits — the kinds (0–33) whose tile completes it: at 1 with the pair, at 2 into sets;
#   odd — the kinds it holds an odd number of times.
Facts = tuple[int, bool, tuple[int, ...], tuple[int, ...]]
_FACTS: tuple[dict[int, Facts | None], ...] = tuple({} for _ in range(GROUPS))


def _suit_facts(start: int, code: int) -> Facts | None:
    pat = suit_pattern(code)
    if pat is None:
        return None
    n = sum(pat)
    mod = n % 3
    base = code % TILE_UNIT
    if n > suit_table.MAX_PAIR_TILES:
        return None
    sets, pairs = suit_table.sets_only(), suit_table.pair_and_sets()
    complete = (base in pairs) if mod == 2 else (base in sets) if mod == 0 else False
    found: tuple[int, ...] = ()
    if mod and n < suit_table.MAX_PAIR_TILES:
        table = pairs if mod == 1 else sets
        found = tuple(start + x for x, c in enumerate(pat) if c < 4 and base + POW5[x] in table)
    odd = tuple(start + x for x, c in enumerate(pat) if c % 2)
    return mod, complete, found, odd


def _honour_facts(kind: int, n: int) -> Facts | None:
    if n > 4:
        return None
    mod = n % 3
    # one or two copies wait on the same tile (a pair, a pung); three or four are complete
    # as a pung (four: a pung and one left over, waiting on a fifth copy, never a wait)
    found = (kind,) if n in (1, 2) else ()
    return mod, mod != 1, found, (kind,) if n % 2 else ()


def group_facts(g: int, code: int) -> Facts | None:
    """The facts of group ``g``'s number ``code`` (worked out once per number); None when
    the number holds a fifth copy or more tiles than the suit tables cover."""
    memo = _FACTS[g]
    try:
        return memo[code]
    except KeyError:
        pass
    start = GROUP_START[g]
    f = _suit_facts(start, code) if g < 3 else _honour_facts(start, code)
    memo[code] = f
    return f


def plain_waits(concealed: Iterable[str], seven: bool) -> tuple[int, ...] | None:
    """The kinds (0–33, in order) that complete the standing tiles ``concealed`` of a plain
    hand (13 − 3 per meld), seven pairs too when ``seven`` and 13 tiles; no fifth-copy check.
    None when a group falls outside the tables (the caller searches it)."""
    tiles = tuple(concealed)
    if len(tiles) % 3 != 1:
        return ()
    return waits_of_codes(group_codes(tiles), len(tiles), seven)


def waits_of_codes(codes: list[int], n: int, seven: bool) -> tuple[int, ...] | None:
    """:func:`plain_waits` of the ``n`` standing tiles (1 mod 3) whose group numbers are
    ``codes``."""
    groups: list[Facts] = []
    ones = twos = 0
    for g in range(GROUPS):
        code = codes[g]
        if code:
            f = group_facts(g, code)
            if f is None:
                return None
            groups.append(f)
            if f[0] == 1:
                ones += 1
            elif f[0] == 2:
                twos += 1
    # one group takes the tile: the only one at 1 mod 3 (it then holds the pair), or either
    # of the only two at 2 mod 3 (the other holds the pair); every other group complete
    found: set[int] = set()
    if (ones == 1 and not twos) or (not ones and twos == 2):
        taker = 1 if ones else 2
        for h, f in enumerate(groups):
            if f[0] == taker and all(o[1] for k, o in enumerate(groups) if k != h):
                found.update(f[2])
    if seven and n == 13:
        odd = [i for f in groups for i in f[3]]
        if len(odd) == 1:
            found.add(odd[0])
    return tuple(sorted(found))
