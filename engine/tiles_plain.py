"""The reading of a hand string of the common shape, for :func:`engine.tiles.parse_hand`.

The common shape — melds first, then the standing tiles, then an optional non-empty
``|context`` and ``|flowers`` — is read by regular expressions and a few checks, most of it
looked up in memos of the parts already read. :func:`_parse_plain` answers None for anything
else, and for anything those checks do not vouch for: the checked parser of
:mod:`engine.tiles` then reads it and words every error. tests/engine/test_tiles_fast.py and
tests/engine/test_tiles_canonical.py check that the two agree.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from itertools import islice
from operator import eq, itemgetter

from .frozen import positional_maker
from .hand_types import Context, HandTiles, Meld
from .tile_kinds import ALL_TILES, DRAGONS, HONOURS, SUITS, WINDS, sort_tiles


def _is_honour_chow(tiles: tuple[str, ...]) -> bool:
    """Three different winds, or the three dragons (a 南昌 chow of honours, RULES.md §4)."""
    return len(set(tiles)) == 3 and (all(t in WINDS for t in tiles) or set(tiles) == set(DRAGONS))


# The shape format_hand writes (the standing tiles by suit, m p s and then the honours, the
# winning tile written apart) is read by _CANON, which gives each suit's part of the standing
# tiles, each in the order of sort_tiles with at most four of each kind (the ranks, or the
# honours, each repeated up to four times, in that order; the honours' repeats give
# back a tile, as the winning tile may be the last of them): each part is looked up in a memo
# of its tiles, so such a hand is read without a tile-by-tile pass. The standing tiles in any
# other order are read token by token (_PLAIN) and sorted.
# The melds are only bracketed there: what is between the brackets is read (_MELD) when the
# memo of melds first meets it, not each time a hand holds it.
_RUN = r"(?:[1-9]++[mps]|[ESWNCFP])++"
_MELDS_RE = r"((?:\[[^\]]++\])*+)"
_MELD = re.compile(rf"{_RUN}(?:,[1235-7])?")
_TAIL_RE = r"(?:\|([ESWN]{2}[01]{4})(?:\|([a-hCFP]++|[0-9]{1,2}))?)?"
_PLAIN = rf"{_MELDS_RE}({_RUN}){_TAIL_RE}"  # compiled when first needed: see _parse_runs
_RANKS_ORDERED = r"(?=[1-9])" + "".join(f"{d}{{0,4}}+" for d in "123456789")
_HONOURS_ORDERED = r"(?=[ESWNCFP])" + "".join(f"{h}{{0,4}}" for h in HONOURS)
_CANON = re.compile(
    rf"{_MELDS_RE}(?:({_RANKS_ORDERED})m)?(?:({_RANKS_ORDERED})p)?(?:({_RANKS_ORDERED})s)?"
    rf"({_HONOURS_ORDERED})?([1-9][mps]|[ESWNCFP]){_TAIL_RE}"
)
_TOKEN = re.compile(r"[1-9]+[mps]|[ESWNCFP]")
_TILE = {t: t for t in ALL_TILES}  # each tile's one string, so that lookups find it at once
_RUNS: dict[str, tuple[str, ...]] = {}  # "123m" → ("1m", "2m", "3m"); bounded below
# A meld as written between its brackets ("345s,2") → the meld and its tiles as a tally (see
# _WEIGHT), or None for one the plain reading leaves to the checked parser; a memo for each
# way of reading honour chows (南昌's, then the other rule sets').
_MeldEntry = tuple[Meld, int]
_MELDS: tuple[dict[str, _MeldEntry | None], dict[str, _MeldEntry | None]] = ({}, {})
_CONTEXTS: dict[str, Context] = {}
_DRAGON_SET = frozenset(DRAGONS)
_UNREAD = object()

# Tiles tallied as one number, six bits for each kind: adding 27 to every kind's count carries
# into the top bit of each kind held five times or more (a hand holds at most 21 of a kind
# as the plain reading reaches the tally: four standing, the winning tile, four melds of four).
_WEIGHT = {t: 1 << 6 * i for i, t in enumerate(ALL_TILES)}
_ADD = 27 * sum(_WEIGHT.values())
_FIFTH = 32 * sum(_WEIGHT.values())
_DRAGON_BITS = 63 * sum(_WEIGHT[t] for t in DRAGONS)  # any dragon in a tally

# A part of the standing tiles, by suit (its digits: "34556" of "34556m") and the honours
# ("NNN"), as _CANON vouched for it → its tiles. None, a part not written, and "" are none.
_PARTS: tuple[dict[str | None, tuple[str, ...]], ...] = ({}, {}, {}, {})  # m p s, honours
_PART_TILES = tuple({d: _TILE[d + x] for d in "123456789"} for x in SUITS) + (_TILE,)
_MEMO_BOUND = 20_000  # each memo above is cleared when it holds more parts than this


def _plain_tiles(s: str) -> list[str]:
    out: list[str] = []
    for token in _TOKEN.findall(s):
        run = _RUNS.get(token)
        if run is None:
            if len(_RUNS) > _MEMO_BOUND:
                _RUNS.clear()
            suit_letter = token[-1]
            run = _RUNS[token] = (
                tuple([_TILE[d + suit_letter] for d in token[:-1]])
                if suit_letter in SUITS
                else (token,)
            )
        out += run
    return out


def _plain_meld(inner: str, honour_chows: bool) -> Meld | None:
    entry = _MELDS[not honour_chows].get(inner, _UNREAD)
    if entry is _UNREAD:
        entry = _meld_entry(inner, honour_chows)
    return None if entry is None else entry[0]  # type: ignore[index]


def _meld_entry(inner: str, honour_chows: bool) -> _MeldEntry | None:
    """The entry of _MELDS for ``inner`` (see there)."""
    melds = _MELDS[not honour_chows]
    if len(melds) > _MEMO_BOUND:
        melds.clear()
    meld = _read_plain_meld(inner, honour_chows)
    entry = melds[inner] = None if meld is None else (meld, sum(map(_WEIGHT.get, meld.tiles)))
    return entry


def _read_plain_meld(inner: str, honour_chows: bool) -> Meld | None:
    if _MELD.fullmatch(inner) is None:
        return None
    body, _, digit = inner.partition(",")
    tiles = tuple(_plain_tiles(body))
    claim = int(digit) if digit else None
    if len(tiles) == 4 and len(set(tiles)) == 1:
        return Meld("kong", tiles, claim)
    if len(tiles) != 3 or (claim is not None and claim >= 5):
        return None
    if len(set(tiles)) == 1:
        return Meld("pung", tiles, claim or 1)
    st = sort_tiles(tiles)
    if (
        len(st[0]) == 2
        and len(st[2]) == 2
        and st[0][1] == st[1][1] == st[2][1]
        and int(st[0][0]) + 1 == int(st[1][0]) == int(st[2][0]) - 1
    ):
        return Meld("chow", st, claim or 1)
    if honour_chows and _is_honour_chow(tiles):
        return Meld("chow", tiles, claim or 1)
    return None


def _part(text: str | None, kind: int) -> tuple[str, ...]:
    """The entry of ``_PARTS[kind]`` for ``text``, a part of the standing tiles (see there)."""
    parts = _PARTS[kind]
    if len(parts) > _MEMO_BOUND:
        parts.clear()
    if not text:  # not written, or the honours' repeats gave their one tile to the win
        entry: tuple[str, ...] = ()
    elif len(text) > 1:  # the tiles fetched at once (one itemgetter of them all)
        entry = itemgetter(*text)(_PART_TILES[kind])
    else:
        entry = (_PART_TILES[kind][text],)
    parts[text] = entry
    return entry


def _parse_plain(s: str, variant: str | None) -> HandTiles | None:
    """The hand of a string of the common shape, or None (then _parse_checked reads it)."""
    m = _CANON.fullmatch(s)
    if m is None:
        return _parse_runs(s, variant)
    melds_s, man, pin, sou, honours, win, ctx, fl = m.groups()
    man_parts, pin_parts, sou_parts, honour_parts = _PARTS
    a = man_parts.get(man, _UNREAD)
    if a is _UNREAD:
        a = _part(man, 0)
    b = pin_parts.get(pin, _UNREAD)
    if b is _UNREAD:
        b = _part(pin, 1)
    c = sou_parts.get(sou, _UNREAD)
    if c is _UNREAD:
        c = _part(sou, 2)
    d = honour_parts.get(honours, _UNREAD)
    if d is _UNREAD:
        d = _part(honours, 3)
    concealed = a + b + c + d
    win = _TILE[win]
    nanjing = variant == "nanjing"
    if concealed.count(win) == 4:
        return None  # the winning tile a fifth copy
    melds: tuple[Meld, ...] = ()
    if melds_s:
        chows = variant == "nanchang"
        memo = _MELDS[not chows]
        read = []
        melded = 0  # the melds' tiles tallied
        for inner in melds_s[1:-1].split("]["):
            entry = memo.get(inner, _UNREAD)
            if entry is _UNREAD:
                entry = _meld_entry(inner, chows)
            if entry is None:
                return None
            read.append(entry[0])
            melded += entry[1]
        weights = (  # (fetched at once by an itemgetter, which gives a tuple of two or more)
            itemgetter(*concealed)(_WEIGHT)
            if len(concealed) > 1
            else map(_WEIGHT.__getitem__, concealed)
        )
        if sum(weights, melded + _WEIGHT[win] + _ADD) & _FIFTH:
            return None  # a fifth copy between the melds and the standing tiles
        if nanjing and melded & _DRAGON_BITS:
            return None  # a dragon melded: in 南京 a flower
        melds = tuple(read)
    if len(concealed) + 3 * len(melds) != 13:
        return None  # a tile too many or too few
    if nanjing and (win in _DRAGON_SET or (honours and not _DRAGON_SET.isdisjoint(honours))):
        return None  # a dragon among the tiles: in 南京 a flower
    if ctx is None:
        context = flowers = None
    else:
        tail = _plain_tail(ctx, fl, nanjing)
        if tail is None:
            return None
        context, flowers = tail
    return _hand_tiles(concealed, melds, win, context, flowers)


@cache  # a record as the app writes it never needs it: a process need not compile it
def _plain_shape() -> re.Pattern[str]:
    return re.compile(_PLAIN)


def _parse_runs(s: str, variant: str | None) -> HandTiles | None:
    """_parse_plain of a string whose standing tiles are not in the order _CANON reads."""
    m = _plain_shape().fullmatch(s)
    if m is None:
        return None
    melds_s, body, ctx, fl = m.groups()
    nanjing = variant == "nanjing"
    loose = _plain_tiles(body)
    melds: list[Meld] = []
    if melds_s:
        chows = variant == "nanchang"
        melds = [_plain_meld(inner, chows) for inner in melds_s[1:-1].split("][")]
        if not all(melds):  # a Meld is always true: a None is a meld the plain path leaves
            return None
    if len(loose) + 3 * len(melds) != 14:
        return None
    concealed = sort_tiles(loose[:-1])
    win = loose[-1]
    if melds:
        tiles = loose + [t for meld in melds for t in meld.tiles]
        if _five_of_one(sorted(tiles)) or (nanjing and not _DRAGON_SET.isdisjoint(tiles)):
            return None
    # without melds: a fifth copy is five alike among the sorted standing tiles, or a
    # winning tile that they already hold four times
    elif (
        _five_of_one(concealed)
        or concealed.count(win) == 4
        or (nanjing and not _DRAGON_SET.isdisjoint(loose))
    ):
        return None
    context = flowers = None
    if ctx is not None:
        tail = _plain_tail(ctx, fl, nanjing)
        if tail is None:
            return None
        context, flowers = tail
    return _hand_tiles(concealed, tuple(melds), win, context, flowers)


def _plain_tail(
    ctx: str, fl: str | None, nanjing: bool
) -> tuple[Context, tuple[str, ...] | int | None] | None:
    """The context and flowers of a plain hand's ``|ctx|fl``, or None where the checked
    parser must read them (and word the error)."""
    context = _CONTEXTS.get(ctx)
    if context is None:
        context = Context(
            ctx[0], ctx[1], ctx[2] == "1", ctx[3] == "1", ctx[4] == "1", ctx[5] == "1"
        )
        if context.kong and context.last_tile and not context.self_drawn:
            return None
        _CONTEXTS[ctx] = context
    flowers: tuple[str, ...] | int | None = None
    if fl is not None:
        if fl.isdigit():
            flowers = int(fl)
            if flowers > (20 if nanjing else 8):
                return None
        elif len(set(fl)) == len(fl):  # each letter once: only a dragon outside 南京 is wrong
            if not nanjing and not _DRAGON_SET.isdisjoint(fl):
                return None
            flowers = sort_tiles(fl)
        else:
            seen = Counter(fl)
            if any(
                n > (4 if f in DRAGONS else 1) or (f in DRAGONS and not nanjing)
                for f, n in seen.items()
            ):
                return None
            flowers = sort_tiles(fl)
    return context, flowers


# a HandTiles the plain reading vouched for, made without the setters of __init__
_hand_tiles = positional_maker(HandTiles, "concealed", "melds", "win_tile", "context", "flowers")


def _five_of_one(ordered: list[str] | tuple[str, ...]) -> bool:
    """Whether a sorted run of tiles holds one tile five times or more."""
    return True in map(eq, ordered, islice(ordered, 4, None))
