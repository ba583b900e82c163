"""A plain winning hand (no honour chows) read in one pass: where the winning tile sits in
each reading, and the numbers a rule set needs to tell whether it waited on that tile alone.

The same facts as :func:`engine.win_places.win_places` (in the same order) and the waits of
engine.hand_lookup, worked out with less work per hand:

- every tile has one packed number (each suit's engine.hand_lookup number in a field of its
  own, each honour's count in four bits), so a hand's tiles are added up in one call;
- a suit's splits into sets are read rank by rank, lowest first, a pung before a chow (the
  order of engine.hands), and what a split says — whether it has a chow, where the winning
  tile sits — is kept for each remainder of counts: the remainders of different hands are
  often the same, so most of a new suit is read from what was kept;
- the waits need only the group holding the winning tile and the group holding the pair,
  as every other group of a winning hand is already complete.

tests/engine/test_plain_win.py holds these against win_places and hand_lookup.waits_of_codes.
"""

from __future__ import annotations

from functools import reduce
from itertools import product
from operator import itemgetter, xor

from . import hand_lookup, suit_table
from .tiles import ALL_TILES
from .win_places import _BITS_PLACES, _CHOW_BITS, _PAIR_BIT, _PUNG_BIT

POW5 = hand_lookup.POW5
_LOW = hand_lookup.LOW
UNIT = hand_lookup.TILE_UNIT
FIELD = 25  # bits per suit field (a suit of 14 tiles stays below 2^25)
MASK = (1 << FIELD) - 1
HONOURS = 3 * FIELD  # the honours' counts start here, four bits each

# tile → its packed number; the sum over a hand's tiles holds every group's number
PACK: dict[str, int] = {
    **{t: (POW5[i % 9] + UNIT) << (FIELD * (i // 9)) for i, t in enumerate(ALL_TILES[:27])},
    **{t: 1 << (HONOURS + 4 * k) for k, t in enumerate(ALL_TILES[27:])},
}
# tile → one bit per kind: the xor over a hand's tiles has the kinds held an odd number of times
ODD: dict[str, int] = {t: 1 << i for i, t in enumerate(ALL_TILES)}
KIND: dict[str, int] = {t: i for i, t in enumerate(ALL_TILES)}  # tile → its kind 0–33
# tile → (its suit 0–2 or 3 for an honour, its rank in the suit or its honour number)
WHERE: dict[str, tuple[int, int]] = {
    **{t: (i // 9, i % 9) for i, t in enumerate(ALL_TILES[:27])},
    **{t: (3, k) for k, t in enumerate(ALL_TILES[27:])},
}

MEMO_MAX = 1 << 16  # a memo starts afresh past this many entries
# remainder·10 + rank → its split facts (under the rank asked for and the rank that counts:
# 9 when every tile at or below it is in a set already)
_SETS: dict[int, tuple[tuple[bool, int], ...]] = {}
# A suit's facts — (tiles mod 3, the facts of its splits) as _suit reads them — are few
# (a few dozen in a long record), so each distinct one is kept once and numbered from 1;
# 0 is a suit without tiles.
_SUIT: dict[int, int] = {}  # suit number·10 + rank → the number of its facts, -1: fifth copy
_FACTS: list[tuple[int, tuple]] = [(0, ())]  # the number → the facts
_FACTS_NO: dict[tuple[int, tuple], int] = {}  # the facts → their number
_FACTS_MAX = 1 << 16  # facts numbers stay below this (a number has 20 bits of a key)
_HON: dict[int, int] = {}  # honour counts·8 + honour → the facts as a number, -1: fifth copy
# the honours' facts and the three suits' numbers as one number → (places, pair group, suits)
_READS: dict[int, tuple[tuple[tuple[bool, str], ...], int, int]] = {}
_PLACES: dict[tuple, tuple] = {}  # places → the same places, kept once (see read_win)
_NO_SETS = ((False, 0),)  # nothing left: one split, no chow, the winning tile nowhere
# Without the winning tile a suit's splits tell only whether a set is a chow: the search
# (a pung first) finds the split of pungs alone first, when there is one — every rank held
# 0 or 3 times —, and a split with a chow when three ranks in a row are held three times
# (their pungs are three chows too) or any rank is held another number of times.
_CHOWS = ((True, 0),)  # the facts of a suit that splits only with a chow
_PUNG_CODES = [0]  # the suit of pungs alone at the ranks of each 9-bit number (rank 1 bit 0)
for _r in range(9):
    _PUNG_CODES += [c + 3 * POW5[_r] for c in _PUNG_CODES]
_PUNGS: dict[int, tuple[tuple[bool, int], ...]] = {  # a suit of pungs alone → its facts
    c: ((False, 0), (True, 0)) if ranks & ranks >> 1 & ranks >> 2 else _NO_SETS
    for ranks, c in enumerate(_PUNG_CODES)
}

# The tables of engine.suit_table and engine.hand_lookup, held here once they are first
# needed (each is made on first use, and a read of a global costs less than a call)
_SETS_ONLY: frozenset[int] = frozenset()  # suit_table.sets_only()
_PAIRS: frozenset[int] = frozenset()  # suit_table.pair_and_sets()
_SUMS: tuple = ()  # hand_lookup.half_sums()
_LOWEST: tuple = ()  # hand_lookup.half_lowest()
_RANKS: tuple = ()  # hand_lookup.half_ranks()


def _tables() -> tuple[frozenset[int], frozenset[int], tuple, tuple, tuple]:
    """The tables a new suit's reading needs (all but pair_and_sets), now held here."""
    global _SETS_ONLY, _SUMS, _LOWEST, _RANKS
    _SETS_ONLY = suit_table.sets_only()
    _SUMS = hand_lookup.half_sums()
    _LOWEST = hand_lookup.half_lowest()
    _RANKS = hand_lookup.half_ranks()
    return _SETS_ONLY, _PAIRS, _SUMS, _LOWEST, _RANKS


def _pairs_table() -> frozenset[int]:
    """suit_table.pair_and_sets(), now held here (the waits alone need it)."""
    global _PAIRS
    _PAIRS = suit_table.pair_and_sets()
    return _PAIRS


def _sets_facts(code: int, x: int) -> tuple[tuple[bool, int], ...]:
    """(has a chow, places of the winning tile as bits) of each split of the suit counts
    ``code`` (base 5, rank 1 the lowest digit) into sets, each once, in the order of the
    search; ``x`` the winning tile's rank (9: not in this suit). ``code`` is one of
    engine.suit_table.sets_only() (it splits into sets): the search follows only the pungs
    and chows whose remainder splits too, so it never walks a dead end."""
    if x == 9:
        return _PUNGS.get(code, _CHOWS)
    asked = code * 10 + x
    found = _SETS.get(asked)
    if found is not None:
        return found
    low, high = _LOWEST or _tables()[3]  # (hand_lookup.lowest_rank, its tables read here)
    part = code % _LOW
    i = low[part] if part else high[code // _LOW]
    if x < i:  # every tile at or below the winning tile's rank is in a set already
        found = _SETS[asked] = _PUNGS.get(code, _CHOWS)
        return found
    q = code // POW5[i]
    out: dict[tuple[bool, int], None] | None = None
    sets = _SETS_ONLY or _tables()[0]
    rest = code - 3 * POW5[i]
    if q % 5 >= 3 and rest in sets:
        facts = _SETS.get(rest * 10 + x) or _sets_facts(rest, x)
        if i == x:
            out = {}
            for chow, at in facts:
                out[chow, at | _PUNG_BIT] = None
        else:  # (the pung leaves each fact of the rest as it is)
            found = facts
    rest = code - 31 * POW5[i]
    if i <= 6 and q // 5 % 5 and q // 25 % 5 and rest in sets:
        if out is None:
            out = dict.fromkeys(found) if found is not None else {}
        bit = _CHOW_BITS[i][x]
        for _, at in _SETS.get(rest * 10 + x) or _sets_facts(rest, x):
            out[True, at | bit] = None
    if out is not None:
        found = tuple(out)
    if len(_SETS) > MEMO_MAX:
        _SETS.clear()
    _SETS[asked] = found
    return found


def _suit(code: int, x: int) -> int:
    """A suit by its engine.hand_lookup number, the winning tile at rank ``x`` (9: in another
    group): the number of its facts (tiles mod 3, facts) as engine.win_places reads a
    group, with places as bits: at 0 the facts of each split into sets, at 2 for each pair
    in rank order the facts of each split of the rest (pairs that leave no split left out).
    -1 for a number holding a fifth copy; -2 when the facts' numbers were full and every
    memo keyed by them started afresh (the caller reads the hand again)."""
    found: tuple[int, tuple] | None = None
    digits = code % UNIT
    low, high = _SUMS or _tables()[2]  # (hand_lookup.fifth_copy, its tables read here)
    if low[digits % _LOW] + high[digits // _LOW] == code // UNIT:  # no fifth copy
        mod = code // UNIT % 3
        # (a hand's standing tiles are at most 14, so what is left for sets is at most the
        # twelve tiles of four, all of them in the table)
        sets = _SETS_ONLY or _tables()[0]
        if mod == 0:
            facts = ()
            if digits in sets:
                facts = (
                    _PUNGS.get(digits, _CHOWS)
                    if x == 9
                    else _SETS.get(digits * 10 + x) or _sets_facts(digits, x)
                )
            found = mod, facts
        elif mod == 1:
            found = mod, ()
        else:
            pairs = []
            low_ranks, high_ranks = _RANKS or _tables()[4]  # (hand_lookup.pair_ranks)
            for r in low_ranks[digits % _LOW] + high_ranks[digits // _LOW]:
                rest = digits - 2 * POW5[r]
                if rest in sets:
                    if x == 9:  # (the winning tile elsewhere: the rest's facts from the table)
                        pairs.append(_PUNGS.get(rest, _CHOWS))
                        continue
                    facts = _SETS.get(rest * 10 + x) or _sets_facts(rest, x)
                    if r == x:
                        paired: dict[tuple[bool, int], None] = {}
                        for chow, at in facts:
                            paired[chow, at | _PAIR_BIT] = None
                        facts = tuple(paired)
                    pairs.append(facts)
            found = mod, tuple(pairs)
    if found is None:
        n = -1
    else:
        n = _FACTS_NO.get(found, 0)
        if not n:
            if len(_FACTS) >= _FACTS_MAX:
                _SUIT.clear()
                _READS.clear()
                _FACTS_NO.clear()
                del _FACTS[1:]
                return -2
            n = _FACTS_NO[found] = len(_FACTS)
            _FACTS.append(found)
    if len(_SUIT) > MEMO_MAX:
        _SUIT.clear()
    _SUIT[code * 10 + x] = n
    return n


def _honours(counts: int, k: int) -> int:
    """The honours by their packed counts, the winning tile honour ``k`` (7: a suited
    tile): whether they can be in a hand (1 or 0), the honour holding the pair plus one
    (0: none) and the places of the winning tile as bits, as ok | pair << 1 | places << 4.
    -1 for a fifth copy."""
    found = -1
    ok, pair, at = 1, -1, 0
    for h in range(7):
        n = counts >> 4 * h & 15
        if n > 4:
            break
        if n in (1, 4) or (n == 2 and pair >= 0):
            ok = 0
        elif n == 2:
            pair = h
        if h == k:
            at = _PUNG_BIT if n == 3 else _PAIR_BIT if n == 2 else 0
    else:
        found = ok | (pair + 1) << 1 | at << 4
    if len(_HON) > MEMO_MAX:
        _HON.clear()
    _HON[counts * 8 + k] = found
    return found


# What one pass gives: (places, packed number of the standing tiles with the winning tile,
# the suit holding the pair: 0–2, 3 + honour, -1 none, the suits holding tiles as bits in
# the order of engine.tiles.SUITS)
Read = tuple[tuple[tuple[bool, str], ...], int, int, int]
_HON_BITS = 12  # a read's key: the honours' facts in its low 12 bits, then each suit's number
_SUIT_BITS = 20  # in 20 bits (0: the suit holds no tile)
_SUIT_MASK = (1 << _SUIT_BITS) - 1
# winning tile → the winning tile's rank in each suit (9: not in that suit) and its honour (7:
# a suited tile)
_STEPS: dict[str, tuple[int, int, int, int]] = {
    t: (*(x if g == wg else 9 for g in range(3)), x if wg == 3 else 7)
    for t, (wg, x) in WHERE.items()
}
_SUIT1 = _HON_BITS  # where each suit's number starts in a read's key
_SUIT2 = _HON_BITS + _SUIT_BITS
_SUIT3 = _HON_BITS + 2 * _SUIT_BITS
_FIELD3 = 2 * FIELD  # where the third suit's field starts in the packed number


def read_win(concealed: tuple[str, ...], win: str) -> Read | None:
    """The :func:`engine.win_places.win_places` of the standing tiles ``concealed`` and the
    winning tile ``win`` (a plain hand), with the packed number of all of them and the
    group holding the pair; None for a fifth copy (the caller reads it the long way).

    The places depend only on each group's facts, which are few, so the hand's facts as one
    number (:func:`_read`) are read once; equal places are one tuple (a caller may key a memo
    by the tuple itself while it holds it)."""
    # (the tiles' numbers fetched at once by an itemgetter: fewer steps than one at a time)
    if len(concealed) > 1:
        total = sum(itemgetter(*concealed)(PACK), PACK[win])
    else:
        total = sum(map(PACK.__getitem__, concealed), PACK[win])
    x1, x2, x3, k = _STEPS[win]
    honours = total >> HONOURS
    key = _HON.get(honours * 8 + k)
    if key is None:
        key = _honours(honours, k)
    if key < 0:
        return None
    # (each suit written out: a loop over the three costs more than its body)
    code = total & MASK
    if code:
        n = _SUIT.get(code * 10 + x1)
        if n is None:
            n = _suit(code, x1)
        if n < 0:
            return None if n == -1 else read_win(concealed, win)
        key |= n << _SUIT1
    code = total >> FIELD & MASK
    if code:
        n = _SUIT.get(code * 10 + x2)
        if n is None:
            n = _suit(code, x2)
        if n < 0:
            return None if n == -1 else read_win(concealed, win)
        key |= n << _SUIT2
    code = total >> _FIELD3 & MASK
    if code:
        n = _SUIT.get(code * 10 + x3)
        if n is None:
            n = _suit(code, x3)
        if n < 0:
            return None if n == -1 else read_win(concealed, win)
        key |= n << _SUIT3
    got = _READS.get(key)
    if got is None:
        got = _read(key)
    return got[0], total, got[1], got[2]


def _read(key: int) -> tuple[tuple[tuple[bool, str], ...], int, int]:
    """(places, group holding the pair, suits as bits) of a hand's facts as read_win numbers
    them."""
    ok = key & 1
    hpair = (key >> 1 & 7) - 1
    at = key >> 4 & (1 << _HON_BITS - 4) - 1
    parts: list[tuple] = []
    held = -1
    pair_group = 3 + hpair if hpair >= 0 else -1
    suits = 0
    for g in range(3):
        n = key >> _HON_BITS + _SUIT_BITS * g & _SUIT_MASK
        if not n:
            continue
        suits |= 1 << g
        mod, facts = _FACTS[n]
        if mod == 1 or not facts or (mod == 2 and (held >= 0 or hpair >= 0)):
            ok = 0
        elif mod == 2:
            held = len(parts)
            pair_group = g
        parts.append(facts)
    places: tuple[tuple[bool, str], ...] = ()
    if ok and pair_group >= 0:
        found: dict[tuple[bool, str], None] = {}
        for own in parts[held] if held >= 0 else (None,):
            if held >= 0:
                parts[held] = own
            for combo in product(*parts):
                pungs = True
                bits = at
                for chow, b in combo:
                    if chow:
                        pungs = False
                    if b:
                        bits = b
                for place in _BITS_PLACES[bits]:
                    found[pungs, place] = None
        places = tuple(found)
        if len(_PLACES) > MEMO_MAX:
            _PLACES.clear()
        places = _PLACES.setdefault(places, places)
    if len(_READS) > MEMO_MAX:
        _READS.clear()
    got = _READS[key] = places, pair_group, suits
    return got


_WAITS: dict[int, tuple[int, bool, tuple[int, ...]]] = {}  # suit number·3 + suit → waits


def _suit_waits(key: int) -> tuple[int, bool, tuple[int, ...]]:
    """Suit ``key % 3`` by its engine.hand_lookup number ``key // 3`` (no fifth copy, at
    most 13 tiles): (tiles mod 3, complete — at 0 its tiles split into sets, at 2 into a
    pair and sets —, the kinds 0–33 whose tile completes it: at 1 with the pair, at 2 into
    sets), as engine.hand_lookup.group_facts gives them."""
    code, g = divmod(key, 3)
    digits = code % UNIT
    mod = code // UNIT % 3
    sets = _SETS_ONLY or _tables()[0]
    pairs = _PAIRS or _pairs_table()
    complete = digits in pairs if mod == 2 else digits in sets if mod == 0 else False
    found: tuple[int, ...] = ()
    if mod:
        table = pairs if mod == 1 else sets
        start = 9 * g
        # (a rank held four times takes no fifth: its number would carry into the next rank)
        # (a loop, not a comprehension: a comprehension is a call of its own)
        kinds = []
        for r, p in enumerate(POW5):
            if digits + p in table and digits // p % 5 < 4:
                kinds.append(start + r)
        found = tuple(kinds)
    if len(_WAITS) > MEMO_MAX:
        _WAITS.clear()
    got = _WAITS[key] = mod, complete, found
    return got


def _group_waits(total: int, g: int) -> tuple[int, bool, tuple[int, ...]]:
    """:func:`_suit_waits` of group ``g`` (a suit 0–2, an honour 3–9) of the packed number
    ``total``: an honour held once or twice waits on itself, three or four times is done."""
    if g < 3:
        key = (total >> FIELD * g & MASK) * 3 + g
        return _WAITS.get(key) or _suit_waits(key)
    n = total >> HONOURS + 4 * (g - 3) & 15
    return n % 3, n % 3 != 1, (24 + g,) if n in (1, 2) else ()


def seven_pairs_wait(concealed: tuple[str, ...]) -> int:
    """The kind (0–33) thirteen standing tiles, sorted (equal tiles side by side), wait on
    as seven pairs — the one kind they hold an odd number of times —, -1 for none."""
    # (then the tiles pair off from the first up to the odd kind's last tile, at an even
    # place, and from the one after it: the first two tiles or the next two are equal, and
    # the last two or the two before them — a quick test that most tiles fail)
    c = concealed
    if (c[0] != c[1] and c[1] != c[2]) or (c[11] != c[12] and c[10] != c[11]):
        return -1
    if len(set(concealed)) > 7:  # (13 tiles of 8 kinds or more hold 3 kinds or more oddly)
        return -1
    odd = reduce(xor, map(ODD.__getitem__, concealed))
    return odd.bit_length() - 1 if odd and not odd & (odd - 1) else -1


def single_wait(
    concealed: tuple[str, ...], win: str, visible: list[str], read: Read, seven: int | None = None
) -> bool:
    """Did the hand of :func:`read_win` (with at least one place: it is complete in sets
    and a pair) wait on its winning tile alone — the standing tiles without it completed by
    no other tile, a fifth copy (``visible``: the melds' tiles) never a wait? ``seven``: the
    :func:`seven_pairs_wait` of thirteen standing tiles, if the caller has it (else they
    are sorted, as a hand holds them)."""
    _, total, pair_group, _ = read
    wg, x = WHERE[win]
    if wg < 3:  # (a suit's waits looked up here: most winning tiles are suited)
        key = (total - PACK[win] >> FIELD * wg & MASK) * 3 + wg
        mod, complete, found = _WAITS.get(key) or _suit_waits(key)
        g = wg
    else:
        g = 3 + x
        mod, complete, found = _group_waits(total - PACK[win], g)
    if mod == 2 and complete and pair_group != g:
        # the group holding the pair may take the tile instead (then this one holds the pair)
        found += _group_waits(total, pair_group)[2]
    if len(concealed) == 13:  # seven pairs: the one kind held an odd number of times
        if seven is None:
            seven = seven_pairs_wait(concealed)
        if seven >= 0:
            found += (seven,)
    # (no kind found is held four times among the standing tiles — the suits' waits leave
    # out a rank held four times, an honour waits only when held once or twice, the
    # seven-pairs kind is held oddly —, so only a kind among the melds can be a fifth copy)
    if not visible:
        return bool(found) and found.count(found[0]) == len(found)
    n = 0
    for k in set(found) if len(found) > 1 else found:
        t = ALL_TILES[k]
        if t not in visible or concealed.count(t) + visible.count(t) < 4:
            n += 1
    return n == 1
