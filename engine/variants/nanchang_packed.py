"""南昌: a winning hand's shapes read from a few whole numbers, for the settlement of a hand.

:mod:`engine.variants.nanchang_tally` keeps, for each tile group's key (the group's counts,
four bits a kind), a table entry of five figures; :class:`~.nanchang_tally.Tally` adds the
figures of the five groups up one by one to answer each shape question. Here the same
figures are read faster, in two steps:

- the hand is one number: the tile of index i in ``ALL_TILES`` weighs ``1 << 4·i``, so the
  sum of the closed tiles' weights (one pass in C) holds the five groups' keys side by side —
  the suits at bits 0, 36 and 72, the winds at 108, the dragons at 124 — read apart once;
  leaving the jing out, or a tile, is a subtraction from its own group's key, whose entry
  alone is looked up again;
- each key's entry is packed into one number, its figures in fields of eight bits, so that the
  five groups' figures are added up by one addition of five numbers (no field of a sum of
  five ever reaches 256: a hand has at most 14 tiles).

The shapes come out as :func:`win_code`, one number the readings are looked up by
(``nanchang_score.code_readings``); the shapes of a sum of entries are kept by the sum and
the wildcards (a session's hands come to a few hundred). The tests hold it against the Tally and against
nanchang_wild's general analysis.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..tiles import ALL_TILES, HONOURS
from . import nanchang_tally as _tally

_WEIGHT = {t: 1 << (4 * i) for i, t in enumerate(ALL_TILES)}
weigh = _WEIGHT.__getitem__  # a tile's weight in a hand's number: sum(map(weigh, tiles))
_PLACE = _tally._PLACE  # a tile's group (0-4) and its weight in the group's key
# where a tile's count lies in a hand's number (four bits: no hand holds a fifth copy)
SHIFT = {t: 4 * i for i, t in enumerate(ALL_TILES)}
_WINDS_AT = _tally._WINDS_AT  # what tells a winds key from a suit key
_DRAGONS_AT = _tally._DRAGONS_AT
_SUIT_MASK = (1 << 36) - 1  # nine kinds of four bits
_WINDS_MASK = (1 << 16) - 1  # four kinds

# The fields of a packed entry, eight bits each, at these shifts:
_NEED = 0  # (at bit 0) the fewest wildcards turning the group into sets
_SAVES = 8  # how many parts of the group (a suit's, see nanchang_tally.suit_value) hold a
# pair taking one wildcard fewer than sets alone; with none, the pair takes two more (a pair
# adds two tiles to a count of tiles that sets alone take as 3k, so it changes the fewest by
# 2 mod 3, and by no more than two wildcards or one fewer)
_ODD = 16  # kinds held an odd number of times (seven pairs)
_BREAKS = 24  # 1 when the group breaks 十三烂
_SUIT_LAN = 32  # 十三烂 kinds held, and how many more the group could take: a suit's …
_SUIT_ROOM = 40
_HONOUR_LAN = 48  # … and the winds' or the dragons'
_HONOUR_ROOM = 56


class _Table(dict[int, int]):
    """A group's key → its packed entry, each worked out the first time it is asked for."""

    def __missing__(self, key: int) -> int:
        """The packed entry of a group key, worked out as its Tally table entry is, kept."""
        if key < _WINDS_AT:  # a suit: its figures are a packed entry's first three fields
            p = sum(map(_part, hex(key).split("00"))) | _SUIT_LAN_BITS.get(key, _BREAK)
        else:
            need, extra, odd, lan, room = _work_out(key)
            assert extra in (-1, 2), (key, extra)  # see _SAVES
            p = need | (extra < 0) << _SAVES | odd << _ODD
            if lan < 0:
                p |= _BREAK
            else:
                p |= lan << _HONOUR_LAN | room << _HONOUR_ROOM
        if len(self) >= _tally._LIMIT:
            self.clear()
        self[key] = p
        return p


_PACKED = _Table()
_packed = _PACKED.__getitem__
_part, _work_out = _tally._part, _tally.work_out  # (_part: as nanchang_tally.suit_value)
_BREAK = 1 << _BREAKS
# a suit key that does not break 十三烂 → its 十三烂 fields
_SUIT_LAN_BITS = {
    key: lan << _SUIT_LAN | room << _SUIT_ROOM for key, (lan, room) in _tally._LAN_KEYS.items()
}


def _sets_and_pair(total: int, wild: int) -> bool:
    """Whether the groups whose packed entries add up to ``total`` (3k + 2 tiles) turn into
    sets and one pair with ``wild`` wildcards: the pair in a group where it saves a wildcard,
    or two wild."""
    return (total & 255) + (-1 if total >> _SAVES & 255 else 2) <= wild


def _shape_bits(total: int, wild: int, own: int, size: int, n_melds: int) -> int:
    """``Tally.shapes`` of the groups whose packed entries add up to ``total``, as
    :data:`~.nanchang_tally.SHAPE_BITS` (``wild``: the wild jing; ``own``: the honour jing
    standing as themselves; ``size``: the closed tiles)."""
    bits = 1 if size % 3 == 2 and _sets_and_pair(total, wild) else 0
    if n_melds == 0 and size == 14:
        if total >> _ODD & 255 <= wild:
            bits |= 2
        if not total >> _BREAKS & 255:
            suit_room = total >> _SUIT_ROOM & 255
            if wild <= suit_room + (total >> _HONOUR_ROOM & 255):
                bits |= 4
            free = wild - own  # the wild jing left after the honours standing as themselves
            if (total >> _HONOUR_LAN & 255) + own == 7 and free >= 0:
                if (total >> _SUIT_LAN & 255) + free == 7 and free <= suit_room:
                    bits |= 8
    return bits


# (the packed total, wild jing, honour jing standing as themselves, closed tiles, melds) →
# _shape_bits of them: a session's hands come to the same few hundred
_SHAPES: dict[tuple[int, int, int, int, int], int] = {}


def _shapes(key: tuple[int, int, int, int, int]) -> int:
    """_shape_bits of ``key`` (the arguments), kept in _SHAPES."""
    bits = _shape_bits(*key)
    if len(_SHAPES) >= _tally._LIMIT:
        _SHAPES.clear()
    _SHAPES[key] = bits
    return bits


def win_code(
    closed: Sequence[str], n_melds: int, jing: Sequence[str], taken: str | None, drawn: str | None
) -> int:
    """A win's shapes as one number: ``Tally(closed, n_melds, jing, fixed).shapes`` with the
    jing wild (bits 0-3, :data:`~.nanchang_tally.SHAPE_BITS`) and clean (德国, looked for among
    the first; bits 4-7), and ``Tally(closed, n_melds, jing).jing_single((drawn,))`` (bits
    8-11, :data:`SINGLE_BITS`) when the jing are held. ``taken``: the one jing copy taken from
    another player (``fixed``), or None; ``drawn``: the self-drawn winning tile, or None.

    The groups' keys and entries are read once, every tile as itself; leaving the jing out,
    or a tile, changes only its own group's key, whose entry alone is looked up again."""
    return code_of(sum(map(weigh, closed)), len(closed), n_melds, jing, taken, drawn)


def code_of(
    whole: int, size: int, n_melds: int, jing: Sequence[str], taken: str | None, drawn: str | None
) -> int:
    """:func:`win_code` of the ``size`` closed tiles whose number (the sum of their weights,
    :data:`weigh`) is ``whole``: a settlement that has read the hand's number already. The
    jing are 正精 and the next tile, so of one group (another pair: ValueError)."""
    z, f = jing
    m = _SUIT_MASK  # the five groups' keys, read apart (suits, winds, dragons)
    keys = [
        whole & m,
        whole >> 36 & m,
        whole >> 72 & m,
        (whole >> 108 & _WINDS_MASK) | _WINDS_AT,
        whole >> 124 | _DRAGONS_AT,
    ]
    entries = [*map(_packed, keys)]
    total = sum(entries)
    nz = whole >> SHIFT[z] & 15  # a kind's count, read off the whole
    nf = whole >> SHIFT[f] & 15
    if not nz + nf:  # every tile is itself: clean is wild, and no 精吊
        key = (total, 0, 0, size, n_melds)
        bits = _SHAPES.get(key)
        if bits is None:
            bits = _shapes(key)
        return bits | bits << 4
    g, wz = _PLACE[z]  # the jing's group (正精 and the next tile are of one)
    gf, wf = _PLACE[f]
    if gf != g:
        raise ValueError(f"jing of two groups: {z}, {f}")
    free = keys[g] - nz * wz - nf * wf  # the group's key, the jing left out: they are wild
    free_entry = _packed(free)
    wild_total = free_total = total - entries[g] + free_entry
    wild = nz + nf
    real_z = real_f = False
    if taken is not None and (taken == z and nz or taken == f and nf):
        real_z, real_f = taken == z, taken == f
        w = _PLACE[taken][1]  # a taken jing counts as itself
        wild_total += _packed(free + w) - free_entry
        wild -= 1
    if n_melds:  # no seven pairs or 十三烂: sets and the pair alone (_shape_bits' first
        # test), with the jing wild and, when it passes, with every tile as itself
        code = 0
        if size % 3 == 2 and _sets_and_pair(wild_total, wild):
            code = 1 | _sets_and_pair(total, 0) << 4
    else:
        own = (z in HONOURS and nz > 0 and not real_z) + (f in HONOURS and nf > 0 and not real_f)
        key = (wild_total, wild, own, size, 0)
        code = _SHAPES.get(key)
        if code is None:
            code = _shapes(key)
        if code:
            key = (total, 0, 0, size, 0)
            clean = _SHAPES.get(key)
            if clean is None:
                clean = _shapes(key)
            code |= (code & clean) << 4
    if drawn is None or not whole >> SHIFT[drawn] & 15:  # not held
        return code
    # 精吊 reads every jing in hand as wild: the 13 without the drawn tile t (a jing drawn is
    # one wild fewer, another tile leaves its group) and, when t is a jing held twice or
    # more, every tile as itself without two copies of t (德国)
    t = drawn
    clean_total = None
    if t == z or t == f:
        wild13 = nz + nf - 1
        if (nz if t == z else nf) >= 2:
            w = wz if t == z else wf
            clean_total = total - entries[g] + _packed(keys[g] - 2 * w)
    else:
        wild13 = nz + nf
        gt, w = _PLACE[t]
        if gt == g:
            free_total += _packed(free - w) - free_entry
        else:
            free_total += _packed(keys[gt] - w) - entries[gt]
    return code | _single(free_total, clean_total, wild13, size, n_melds) << 8


# 精吊 as bits: the shape, and whether it is also 德国
SINGLE_BITS = (
    (1, "standard", False),
    (2, "standard", True),
    (4, "seven_pairs", False),
    (8, "seven_pairs", True),
)


def _single(total: int, clean: int | None, wild13: int, size: int, n_melds: int) -> int:
    """:meth:`Tally.jing_single` of the one drawn tile as :data:`SINGLE_BITS`, from the
    packed total of the 13 other tiles without the jing (``wild13`` of them), and that of
    every tile as itself but two copies of the drawn jing (None: no 德国 to look for)."""
    if wild13 < 1:
        return 0  # no jing among the 13 to wait on
    # whichever jing is set aside, one wildcard fewer; 德国 only when t is that jing's own
    # kind (a second copy of it among the 13) and the rest are real sets / pairs
    wild12 = wild13 - 1
    out = 0
    if (size - 2) % 3 == 0 and total & 255 <= wild12:  # the 12 in sets
        out = 3 if clean is not None and not clean & 255 else 1
    if n_melds == 0 and size == 14 and total >> _ODD & 255 <= wild12:  # in pairs
        out |= 12 if clean is not None and not clean >> _ODD & 255 else 4
    return out


__all__ = ["SHIFT", "SINGLE_BITS", "code_of", "weigh", "win_code"]
