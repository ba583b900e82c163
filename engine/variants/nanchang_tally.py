"""南昌 hand analysis in one pass over the tiles, by table: the shapes of
:mod:`engine.variants.nanchang_wild` (the same rules, written there for any tile counts) read for
a winning hand without building a count list per question.

The closed tiles are tallied once, per tile group (each suit, the winds, the dragons), into one
whole number per group: the group's counts, four bits a kind. Everything a shape asks of a
group is one entry of a table keyed by that number, worked out by nanchang_wild's own search the
first time the key is met and kept for the rest of the process (a session meets the same few
hundred suit patterns again and again):

- the fewest wildcards turning the group into sets (``need``), and how many more (or fewer)
  it takes with the pair in this group (``pair_extra``);
- how many kinds the group holds an odd number of (seven pairs);
- for 十三烂, how many kinds it holds and how many more it could take (-1: it breaks 十三烂).

Setting a tile aside (精吊: the drawn tile and one jing) is a subtraction from its group's key.
The tally keeps the jing apart: with them wild (``keys``) and with every tile as itself
(``plain``, 德国).

A settlement reads the same entries faster, packed into one number each and the whole hand
into one number (:mod:`engine.variants.nanchang_packed`, held against the Tally by the tests).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..tiles import ALL_TILES, HONOURS
from .nanchang_wild import _LAN_ROOM, Analysis, _group_needs, suit_needs

_BITS = 4  # a closed hand has at most 14 tiles: a kind's count fits in four bits
_WINDS_AT = 1 << (9 * _BITS)  # the winds' and dragons' keys are set apart from any suit's
_DRAGONS_AT = _WINDS_AT + (1 << (4 * _BITS))
_NO_TILES = (0, 0, 0, _WINDS_AT, _DRAGONS_AT)  # the five groups' keys with nothing in them

# each tile: (its group, its weight in the group's key)
_PLACE: dict[str, tuple[int, int]] = {}
for _i, _t in enumerate(ALL_TILES):
    _g, _r = (_i // 9, _i % 9) if _i < 27 else (3, _i - 27) if _i < 31 else (4, _i - 31)
    _PLACE[_t] = (_g, 1 << (_BITS * _r))

# a group's key → (need, pair_extra, odd kinds, 十三烂 kinds or -1, 十三烂 room)
_TABLE: dict[int, tuple[int, int, int, int, int]] = {}
_lookup = _TABLE.get


def _entry(key: int) -> tuple[int, int, int, int, int]:
    """The table entry of a group key, worked out and kept."""
    if len(_TABLE) >= _LIMIT:
        _TABLE.clear()
    e = _TABLE[key] = work_out(key)
    return e


def work_out(key: int) -> tuple[int, int, int, int, int]:
    """The table entry of a group key (suit, winds or dragons), worked out."""
    if key < _WINDS_AT:
        return _suit_entry(key)
    if key < _DRAGONS_AT:
        kind, size, k = "winds", 4, key - _WINDS_AT
    else:
        kind, size, k = "dragons", 3, key - _DRAGONS_AT
    mask = (1 << _BITS) - 1
    counts = tuple(k >> (_BITS * r) & mask for r in range(size))
    need, with_pair = _group_needs(kind, counts)
    odd = sum(c & 1 for c in counts)
    n = sum(1 for c in counts if c)
    if max(counts) > 1:
        lan, room = -1, 0
    else:  # honours: all different, any missing one may be filled
        lan, room = n, size - n
    return need, with_pair - need, odd, lan, room


_LIMIT = 200_000  # bounds the tables (a 10,000-hand record meets some 10,000 suit patterns)
_ONES = sum(1 << (_BITS * r) for r in range(9))  # the lowest bit of each rank's count
# a suit key of single tiles (each count 0 or 1) → its 十三烂 kinds and room (any other key
# breaks 十三烂)
_LAN_KEYS = {
    sum(1 << (_BITS * r) for r in range(9) if m >> r & 1): (m.bit_count(), room - m.bit_count())
    for m, room in _LAN_ROOM.items()
}


class _Parts(dict[str, int]):
    """A piece of a suit key's hex digits (see suit_value) → its part's figures as one number:
    the fewest wildcards into sets, plus 256 when the pair in this part takes one wildcard
    fewer than sets alone (else two more: see nanchang_packed), plus 65536 for each kind held
    an odd number of times. Each is worked out the first time it is asked for, by
    nanchang_wild's search on the part read from whichever end gives the smaller counts from
    rank 1 up — as hex digits (the highest rank first) the larger of the two strings. The part
    read backwards needs as many, so it is kept too."""

    def __missing__(self, piece: str) -> int:
        if len(self) >= _LIMIT:
            self.clear()
        part = piece.strip("0x")  # the digits without hex's "0x" or a zero at either end
        value = self.get(part)
        if value is None:
            back = part[::-1]
            key = int(max(part, back), 16) if part else 0
            total = sum(map(_DIGITS.__getitem__, part))
            n0 = suit_needs(key, total, False)
            saves = suit_needs(key, total, True) < n0
            value = n0 | saves << 8 | (key & _ONES).bit_count() << 16
            self[part] = self[back] = value
        self[piece] = value
        return value


_PARTS = _Parts()
_part = _PARTS.__getitem__


def suit_value(key: int) -> int:
    """A suit's figures as one number, its parts' added up (:class:`_Parts`): the fewest
    wildcards turning it into sets (bits 0-7: fewer than 256), the parts where the pair takes
    one wildcard fewer (bits 8-15) and the kinds held an odd number of times (bits 16 up). Its
    parts (:func:`suit_parts`) are read off the key's hex digits, one a rank (the highest
    first), cut where two ranks or more in a row are empty: the pieces of ``hex(key)`` split
    at "00" (the first begins "0x", and a piece may keep a zero at an end: three empty ranks
    in a row, or rank 1 empty)."""
    return sum(map(_part, hex(key).split("00")))


def _suit_entry(key: int) -> tuple[int, int, int, int, int]:
    """The entry of a suit key, from :func:`suit_value`."""
    value = suit_value(key)
    lan, room = _LAN_KEYS.get(key, _NO_LAN)
    return value & 255, -1 if value >> 8 & 255 else 2, value >> 16, lan, room


_NO_LAN = (-1, 0)


_DIGITS = {f"{d:x}": d for d in range(16)}


def _entry_by_counts(key: int) -> tuple[int, int, int, int, int]:
    """The entry of a suit key worked out from its nine counts (what :func:`_suit_entry`
    reads off the key's digits; the tests compare the two)."""
    mask = (1 << _BITS) - 1
    counts = tuple(key >> (_BITS * r) & mask for r in range(9))
    need, with_pair = _suit_needs(counts)
    odd = sum(c & 1 for c in counts)
    n = sum(1 for c in counts if c)
    if max(counts) > 1:
        lan, room = -1, 0
    else:
        ranks = sum(1 << r for r, c in enumerate(counts) if c)
        lan, room = (n, _LAN_ROOM[ranks] - n) if ranks in _LAN_ROOM else (-1, 0)
    return need, with_pair - need, odd, lan, room


def _suit_needs(counts: tuple[int, ...]) -> tuple[int, int]:
    """The fewest wildcards turning a suit into sets, and into sets and the pair, from its
    parts (:func:`suit_parts`): the sets of one part never take a tile of another, so the
    fewest add up, and the pair lies in one part (or is two wildcards)."""
    need = 0
    extra = 2
    for part in suit_parts(counts):
        n0, n1 = _group_needs("suit", part)
        need += n0
        extra = min(extra, n1 - n0)
    return need, need + extra


def suit_parts(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """A suit's tiles cut where two ranks or more in a row are empty (no set reaches across
    such a gap), each part moved to start at rank 1 and read from whichever end gives the
    smaller tuple, as nine counts. Where a part lies does not change the fewest wildcards it
    needs: a chow reaching below the part's lowest rank can be swapped for one reaching above
    it with the same real tiles and as many wildcards (a wildcard may be any tile, even a fifth
    copy), and ranks read backwards make the same sets. So a session's many suit patterns
    come down to a few hundred parts, each searched once."""
    out = []
    run: list[int] = []
    gap = 0
    for c in (*counts, 0, 0):
        if c:
            if gap and run:
                run.extend([0] * gap)
            run.append(c)
            gap = 0
        elif run:
            gap += 1
            if gap == 2:
                part = min(tuple(run), tuple(reversed(run)))
                out.append(part + (0,) * (9 - len(part)))
                run = []
                gap = 0
    return out


def _entries(keys: Sequence[int]) -> list[tuple[int, int, int, int, int]]:
    es = [*map(_lookup, keys)]
    if None in es:
        es = [_entry(k) if e is None else e for e, k in zip(es, keys, strict=True)]
    return es  # type: ignore[return-value]


def _sets_and_pair(es: Sequence[tuple[int, ...]], wild: int) -> bool:
    """Sets and one pair: every group into sets, one of them with the pair (or the pair two
    wildcards), for no more than ``wild`` wildcards."""
    a, b, c, d, e = es
    need = a[0] + b[0] + c[0] + d[0] + e[0]
    return need + min(2, a[1], b[1], c[1], d[1], e[1]) <= wild


def _sets(es: Sequence[tuple[int, ...]], wild: int) -> bool:
    a, b, c, d, e = es
    return a[0] + b[0] + c[0] + d[0] + e[0] <= wild


def _odd(es: Sequence[tuple[int, ...]]) -> int:
    a, b, c, d, e = es
    return a[2] + b[2] + c[2] + d[2] + e[2]


class Tally:
    """A hand's closed tiles counted once, for every shape question about them.

    ``keys``/``entries``: the real tiles, the jing left out (they are the ``wild`` ones);
    ``plain``/``plain_entries``: every tile as itself. ``fixed``: the jing copies taken from
    another player, counted as real tiles in ``keys`` (one copy each)."""

    __slots__ = (
        "closed",
        "n_melds",
        "jing",
        "keys",
        "wild",
        "entries",
        "plain",
        "own_honours",
        "_fixed",
        "_held",
        "_plain_entries",
    )

    def __init__(
        self, closed: Sequence[str], n_melds: int, jing: Sequence[str], fixed: Iterable[str] = ()
    ) -> None:
        z, f = jing
        keys, nz, nf = _group_keys(closed, z, f)
        place = _PLACE
        plain = list(keys)
        if nz:
            g, w = place[z]
            plain[g] += nz * w
        if nf:
            g, w = place[f]
            plain[g] += nf * w
        wild = nz + nf
        real_z = real_f = False  # a taken jing counts as itself
        for t in fixed:
            if t == z and nz and not real_z:
                real_z = True
            elif t == f and nf and not real_f:
                real_f = True
            else:
                continue
            g, w = place[t]
            keys[g] += w
            wild -= 1
        self._fixed = wild != nz + nf
        self._held = (nz, nf)
        self.closed = closed
        self.n_melds = n_melds
        self.jing = (z, f)
        self.keys = keys
        self.wild = wild
        self.entries = _entries(keys)
        self.plain = plain
        self._plain_entries: list[tuple[int, int, int, int, int]] | None = None
        # 七星十三烂: a jing whose kind is an honour stands as itself, once, if no real copy does
        self.own_honours = (z in HONOURS and nz > 0 and not real_z) + (
            f in HONOURS and nf > 0 and not real_f
        )

    @property
    def plain_entries(self) -> list[tuple[int, int, int, int, int]]:
        if self._plain_entries is None:
            self._plain_entries = _entries(self.plain)
        return self._plain_entries

    @property
    def jing_held(self) -> int:
        return self._held[0] + self._held[1]

    def shapes(self, *, clean: bool, only: frozenset[str] | None = None) -> frozenset[str]:
        """The shapes made with the jing wild (``clean``: every tile as itself), looked for
        only among ``only`` when given; in the order nanchang_wild.shapes finds them."""
        es, wild, own = (self.plain_entries, 0, 0) if clean else (self.entries, self.wild, 0)
        if not clean:
            own = self.own_honours
        out = []
        if (only is None or "standard" in only) and len(self.closed) % 3 == 2:
            if _sets_and_pair(es, wild):
                out.append("standard")
        if self.n_melds == 0 and len(self.closed) == 14:
            if (only is None or "seven_pairs" in only) and _odd(es) <= wild:
                out.append("seven_pairs")
            lan_wanted = only is None or "thirteen_lan" in only or "seven_star_lan" in only
            if lan_wanted and min(e[3] for e in es) >= 0:
                room = sum(e[4] for e in es)
                if (only is None or "thirteen_lan" in only) and wild <= room:
                    out.append("thirteen_lan")
                if only is None or "seven_star_lan" in only:
                    a, b, c, d, e = es
                    suited, suit_room = a[3] + b[3] + c[3], a[4] + b[4] + c[4]
                    free = wild - own  # the wild jing left after the honours standing as themselves
                    if d[3] + e[3] + own == 7 and free >= 0 and suited + free == 7:
                        if free <= suit_room:
                            out.append("seven_star_lan")
        return frozenset(out)

    def analysis(self) -> Analysis:
        """nanchang_wild.analyse of the tallied hand."""
        wild = self.shapes(clean=False)
        return Analysis(
            wild=wild, clean=self.shapes(clean=True, only=wild), jing_held=self.jing_held
        )

    def jing_single(self, drawn: Iterable[str]) -> dict[str, bool]:
        """nanchang_wild.jing_single of the tallied hand (tallied without ``fixed``: 精吊 is a
        self-draw, so no jing in hand was taken from another player)."""
        assert not self._fixed, "精吊 is read on a hand tallied without taken jing"
        z, f = self.jing
        closed = self.closed
        # the rest after the drawn tile and one jing: 12 − 3·melds tiles
        sets_ok = (len(closed) - 2) % 3 == 0
        pairs_ok = self.n_melds == 0 and len(closed) == 14
        out: dict[str, bool] = {}
        for t in dict.fromkeys(drawn):
            if t not in closed:
                continue
            # the 13 without t: a jing drawn is one wild fewer, another tile leaves its group
            if t == z or t == f:
                wild13, es = self.wild - 1, self.entries
            else:
                wild13, es = self.wild, self.entries
                g, w = _PLACE[t]
                k = self.keys[g] - w
                es = list(es)
                es[g] = _lookup(k) or _entry(k)
            if wild13 < 1:
                continue  # no jing among the 13 to wait on
            # whichever jing is set aside, one wildcard fewer; 德国 only when t is that jing's
            # own kind (a second copy of it among the 13) and the rest are real sets / pairs
            wild12 = wild13 - 1
            natural = (t == z and self._held[0] >= 2) or (t == f and self._held[1] >= 2)
            pes = None
            if natural:
                g, w = _PLACE[t]
                pk = list(self.plain)
                pk[g] -= 2 * w
                pes = _entries(pk)
            if sets_ok and _sets(es, wild12):
                out["standard"] = out.get("standard", False) or (pes is not None and _sets(pes, 0))
            if pairs_ok and _odd(es) <= wild12:
                out["seven_pairs"] = out.get("seven_pairs", False) or (
                    pes is not None and _odd(pes) == 0
                )
        return out


# the shapes as bits, in the order nanchang_wild.shapes finds them
SHAPE_BITS = (
    (1, "standard"),
    (2, "seven_pairs"),
    (4, "thirteen_lan"),
    (8, "seven_star_lan"),
)


def _group_keys(closed: Sequence[str], z: str, f: str) -> tuple[list[int], int, int]:
    """The five groups' keys of the closed tiles other than the jing ``z`` (正精) and ``f``
    (副精), and how many of each jing they hold."""
    keys = list(_NO_TILES)
    nz = nf = 0
    place = _PLACE
    for t in closed:
        if t == z:
            nz += 1
        elif t == f:
            nf += 1
        else:
            g, w = place[t]
            keys[g] += w
    return keys, nz, nf


__all__ = ["SHAPE_BITS", "Tally"]
