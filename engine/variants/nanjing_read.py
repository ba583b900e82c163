"""南京 Nanjing tile mode: a winning hand's facts read once, its readings valued by memo.

A reading's value (engine.variants.nanjing_score.value_reading) depends only on the facts a
:class:`~engine.variants.nanjing_score.Reading` holds: of the hand — how many melds of
each kind it has (pung, kong or chow; a concealed kong; a wind), the flowers, 压绝's exposed pung, the suits,
winds, all winds, 门清 and the bonuses — and of the reading — seven pairs and its quads, or
whether the decomposition's sets are all pungs and how many of them are wind pungs, and the
wait flower (where the winning tile sits, counted only when the hand waited on exactly one
tile, so the waits are worked out only for a hand with a reading whose winning tile sits in
such a place). :func:`best_valuation` reads the hand's facts once, walks its readings in the
order of :func:`~engine.variants.nanjing_score.readings` (the best is the first of the
highest, so the order keeps ties as they were; engine.win_places gives each
decomposition's facts in that order without making the decompositions) and values each by
those facts. A hand whose facts and readings are those of an earlier hand takes its best
valuation. Otherwise the best reading is chosen by what the choice can tell apart — which
suits the hand holds or how many flowers within a class cannot change it (see
:func:`_best_findings`) — so a hand like an earlier one in those respects takes its best
reading's findings and only values them with its own flowers; the first hand of a class
finds each reading's patterns and soft lines (once per reading's facts) and compares them.
tests/engine/test_nanjing_read.py checks the result against valuing every reading in full.
"""

from __future__ import annotations

from itertools import product

from ..errors import ErrorCode, MjError
from ..hand_lookup import PLACE, group_codes, waits_of_codes
from ..hands import seven_pairs, waits
from ..plain_win import HONOURS, KIND, read_win, seven_pairs_wait, single_wait
from ..results import ScoreItem
from ..tiles import ALL_TILES, SUITS, HandTiles, Meld, is_wind
from ..win_places import win_places
from .nanjing_score import (
    _WAIT_FLOWER,
    Bonuses,
    Reading,
    Valuation,
    best,
    findings,
    read_melds,
    valued,
)
from .texts_nanjing import txt

# a reading's facts (with its hand's as _best_findings keys them) → its patterns and soft lines
_FINDINGS: dict[tuple, tuple[tuple[str, ...], tuple[ScoreItem, ...]]] = {}
# a hand's facts as _best_findings keys them and its readings' → (its readings, the findings
# of its best reading): keyed by the readings tuple itself, as _BEST is
_CLASSES: dict[tuple, tuple[tuple, tuple[tuple[str, ...], tuple[ScoreItem, ...]] | None]] = {}
# a hand's facts and its readings' → (its readings, the best valuation): keyed by the
# readings tuple itself (equal readings are kept as one tuple, see _readings), which the
# entry holds, so the id it is filed under is never reused while it is kept: an entry
# found by the id of live readings is theirs (so for _CLASSES and _READINGS too)
_BEST: dict[tuple, tuple[tuple, Valuation | None]] = {}
_MEMO_MAX = 1 << 16  # a memo starts afresh past this many entries

# The hand's facts from the engine.hand_lookup numbers of its standing tiles (groups: the
# three suits in the order of SUITS, then each honour) and its melds' tiles.
_SUIT_SETS = tuple(
    frozenset(SUITS[g] for g in range(3) if bits >> g & 1) for bits in range(8)
)  # the suits of a hand by the bits of the groups it holds
_WIND = 8  # with the suits' bits: a wind among the tiles
# A hand's bits (its suits', _WIND, 16 for a dragon) as _best_findings keys them: as many
# suits as the hand holds, always the first ones in the order of SUITS (a flush or 缺一 is
# the same in any suit), the honours' bits as they were
_SUIT_CLASS = tuple(
    bits & 24 | (1 << (bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1)) - 1 for bits in range(32)
)
_CLOSED_OR_EDGE = frozenset(("closed", "edge"))  # the wait flowers 压绝 reads

# What a meld says of the hand, by the meld itself (engine.tiles makes each distinct meld
# once; each entry holds its meld, so the id it is filed under is never reused while it is
# kept: an entry found by a live meld's id is that meld's): (the meld, its facts as one
# number, its suit's bit or _WIND, the tile of a pung or None, whether it keeps 门清)
_MELDS: dict[int, tuple[Meld, int, int, str | None, bool]] = {}
# a meld's facts (kind, a concealed kong, a wind) as the number a hand's melds add up to:
# three bits each, a count of such melds (a valuation depends on how many melds of each kind
# there are, not on their order)
_MELD_KINDS = {
    (kind, concealed, wind): 1 << 3 * k
    for k, (kind, concealed, wind) in enumerate(
        product(("pung", "kong", "chow"), (False, True), (False, True))
    )
}
# the standing tiles' honours (engine.plain_win's packed counts) → (wind pungs, any wind,
# any dragon)
_HONOURS: dict[int, tuple[int, bool, bool]] = {}
# places → (the places, a place with a wait flower, the readings when the hand waited on
# one tile, when it did not): keyed by the places tuple itself (engine.plain_win keeps equal
# places as one tuple), which the entry holds
_READINGS: dict[int, tuple[tuple, bool, tuple, tuple]] = {}
_SAME: dict[tuple, tuple] = {}  # readings → the same readings, kept once


def _meld(m: Meld) -> tuple[Meld, int, int, str | None, bool]:
    wind = is_wind(m.tile)
    kind = m.kind
    # a suited tile ends in its suit (SUITS.index refuses anything else, a dragon)
    bit = _WIND if wind else 1 << SUITS.index(m.tile[-1])
    got = (
        m,
        _MELD_KINDS[kind, m.concealed, wind],
        bit,
        m.tile if kind == "pung" else None,
        # 门清: no pung made; direct exposed and concealed kongs keep it, an added kong not
        kind == "kong" and not m.added,
    )
    if len(_MELDS) > _MEMO_MAX:
        _MELDS.clear()
    _MELDS[id(m)] = got
    return got


def _honours(honours: int) -> tuple[int, bool, bool]:
    # without honour chows a wind is a pung of the standing tiles when held three times (a
    # pair when twice; once or four times it is in no decomposition): every decomposition
    # has the same wind pungs
    counts = [honours >> 4 * k & 15 for k in range(7)]
    got = sum(n == 3 for n in counts[:4]), any(counts[:4]), any(counts[4:])
    if len(_HONOURS) > _MEMO_MAX:
        _HONOURS.clear()
    _HONOURS[honours] = got
    return got


def _readings(places: tuple) -> tuple[tuple, bool, tuple, tuple]:
    if len(_READINGS) > _MEMO_MAX:
        _READINGS.clear()
        _SAME.clear()
    # each reading once, where it first comes (a later equal one is never the best: ties
    # keep the first)
    single = tuple(dict.fromkeys([(p, _WAIT_FLOWER.get(w)) for p, w in places]))
    other = tuple(dict.fromkeys([(p, None) for p, _ in places]))
    got = (
        places,
        any(place in _WAIT_FLOWER for _, place in places),
        _SAME.setdefault(single, single),
        _SAME.setdefault(other, other),
    )
    _READINGS[id(places)] = got
    return got


def best_valuation(
    tiles: HandTiles,
    *,
    hard: int,
    hard_known: bool,
    bonus: Bonuses,
    exposed_pung_tiles: frozenset[str],
    last_closed_declared: bool,
) -> Valuation | None:
    """The best valuation of the winning hand ``tiles`` (as ``best`` over every reading
    valued by ``value_reading``); None when the tiles do not win."""
    win = tiles.win_tile
    assert win is not None
    concealed_tiles = tiles.concealed
    melds = tiles.melds
    read = read_win(concealed_tiles, win)
    if read is None:  # a fifth copy: the decompositions are searched
        return _searched(
            tiles,
            hard=hard,
            hard_known=hard_known,
            bonus=bonus,
            exposed_pung_tiles=exposed_pung_tiles,
            last_closed_declared=last_closed_declared,
        )
    places, total, _, suit_bits = read
    # seven pairs: fourteen standing tiles, each kind held an even number of times, so the
    # thirteen without the winning tile wait on it as seven pairs
    seven = seven_pairs_wait(concealed_tiles) if not melds and len(concealed_tiles) == 13 else -1
    if seven != KIND[win]:
        quads = None
        if not places:
            return None
    else:
        quads = seven_pairs(tiles.closed)
    honours = total >> HONOURS
    got = _HONOURS.get(honours)
    wind_pungs, has_winds, dragons = got if got is not None else _honours(honours)
    if has_winds:
        suit_bits |= _WIND
    if dragons:
        suit_bits |= 16  # (no longer all winds)
    # 压绝's condition: the winning tile's pung exposed (events, melds or declared)
    exposed = last_closed_declared or win in exposed_pung_tiles
    concealed = True  # 门清
    kinds = 0
    for m in melds:
        f = _MELDS.get(id(m))
        if f is None:
            f = _meld(m)
        kinds += f[1]
        suit_bits |= f[2]
        if f[3] == win:
            exposed = True
        if not f[4]:
            concealed = False
    rs = _READINGS.get(id(places))
    if rs is None:
        rs = _readings(places)
    single = rs[1] and single_wait(
        concealed_tiles,
        win,
        [t for m in melds for t in m.tiles] if melds else [],
        read,
        seven,
    )
    readings = rs[2] if single else rs[3]
    key = (
        id(readings),
        quads,
        wind_pungs,
        kinds,
        suit_bits,
        exposed,
        concealed,
        hard,
        hard_known,
        bonus,
    )
    found = _BEST.get(key)
    if found is not None:
        return found[1]
    # a valuation not made yet: its best reading's findings are shared by every hand whose
    # facts fall in the same class (see _best_findings)
    got = _best_findings(
        tiles,
        readings,
        quads,
        wind_pungs,
        kinds,
        suit_bits,
        exposed,
        concealed,
        hard,
        hard_known,
        bonus,
    )
    val = None if got is None else valued(got, hard, concealed, bonus)
    if len(_BEST) > _MEMO_MAX:
        _BEST.clear()
    _BEST[key] = (readings, val)
    return val


def _best_findings(
    tiles: HandTiles,
    readings: tuple[tuple[bool, str | None], ...],
    quads: int | None,
    wind_pungs: int,
    kinds: int,
    suit_bits: int,
    exposed: bool,
    concealed: bool,
    hard: int,
    hard_known: bool,
    bonus: Bonuses,
) -> tuple[tuple[str, ...], tuple[ScoreItem, ...]] | None:
    """The findings of the best reading of the hand ``tiles`` (None: no reading), by memo.

    Its facts: its melds' ``kinds``, the suits and honours held as ``suit_bits``, 压绝's
    condition, 门清, the flowers and the bonuses; its readings: seven pairs with ``quads``
    (None: not seven pairs) and the decompositions' ``readings`` (all sets pungs, wait
    flower). The memo's key holds only what the choice can tell apart: how many suits the
    hand holds, not which (a flush or 缺一 is the same in any suit); 压绝's condition only
    when a reading's winning tile sits in the middle or at the edge of a chow; and of the
    flowers only whether none are known (无花果) and whether there are four or more (a 小胡
    is legal then), since each flower adds the same to every reading's value."""
    suit_bits = _SUIT_CLASS[suit_bits]
    if exposed and not any(flower in _CLOSED_OR_EDGE for _, flower in readings):
        exposed = False
    none_known = hard_known and hard == 0
    key = (
        id(readings),
        quads,
        wind_pungs,
        kinds,
        suit_bits,
        exposed,
        concealed,
        none_known,
        hard >= 4,
        bonus,
    )
    found = _CLASSES.get(key)
    if found is not None:
        return found[1]
    got = _best(
        tiles,
        (kinds, suit_bits, exposed, concealed, none_known, bonus),
        quads,
        wind_pungs,
        readings,
        hard,
        hard_known,
    )
    if len(_CLASSES) > _MEMO_MAX:
        _CLASSES.clear()
    _CLASSES[key] = (readings, got)
    return got


def _best(
    tiles: HandTiles,
    facts: tuple[int, int, bool, bool, bool, Bonuses],
    quads: int | None,
    wind_pungs: int,
    readings: tuple[tuple[bool, str | None], ...],
    hard: int,
    hard_known: bool,
) -> tuple[tuple[str, ...], tuple[ScoreItem, ...]] | None:
    """The findings of the best reading of the hand ``tiles`` whose ``facts`` are its melds'
    kinds, the suits and honours held as bits, 压绝's condition, 门清, whether none of its
    ``hard`` flowers are known and the bonuses, and whose readings are seven pairs with
    ``quads`` (None: not seven pairs) and the decompositions' ``readings``; each reading's
    findings by memo. None: no reading."""
    _, suit_bits, exposed, concealed, _, bonus = facts
    if len(_FINDINGS) > _MEMO_MAX:
        _FINDINGS.clear()
    melds = tiles.melds
    suits = _SUIT_SETS[suit_bits & 7]

    def finding(
        quads: int | None, pungs: bool, wind_pungs: int, flower: str | None
    ) -> tuple[tuple[str, ...], tuple[ScoreItem, ...]]:
        key = (facts, quads, pungs, wind_pungs, flower)
        found = _FINDINGS.get(key)
        if found is None:
            r = Reading(
                tiles=tiles.all_tiles,
                melds=melds,
                pung_sets=pungs,
                wind_pung_sets=wind_pungs,
                quads=quads,
                hard=hard,
                hard_known=hard_known,
                exposed_pung_of_win_tile=exposed,
                heavenly=bonus.heavenly,
                earthly=bonus.earthly,
                suits=suits,
                has_winds=bool(suit_bits & _WIND),
                concealed=concealed,
                wait_flower=flower,
            )
            found = _FINDINGS[key] = findings(r)
        return found

    found = [finding(quads, False, 0, None)] if quads is not None else []
    for pungs, flower in readings:
        found.append(finding(None, pungs, wind_pungs, flower))
    if len(found) < 2:  # (one reading: the best there is)
        return found[0] if found else None
    vals = [valued(f, hard, concealed, bonus) for f in found]
    return found[vals.index(best(vals))]


def _searched(
    tiles: HandTiles,
    *,
    hard: int,
    hard_known: bool,
    bonus: Bonuses,
    exposed_pung_tiles: frozenset[str],
    last_closed_declared: bool,
) -> Valuation | None:
    """:func:`best_valuation` of a hand with a fifth copy among its standing tiles (not a
    hand a parsed hand string holds), its decompositions searched."""
    win = tiles.win_tile
    assert win is not None
    melds = tiles.melds
    closed = tiles.closed
    codes = group_codes(closed)
    quads = None if melds else seven_pairs(closed)
    places = win_places(closed, win, codes)
    if quads is None and not places:
        return None
    visible, exposed, concealed = read_melds(tiles, exposed_pung_tiles, last_closed_declared)
    single = any(place in _WAIT_FLOWER for _, place in places) and _single_wait(
        tiles, codes, visible
    )
    east, south, west, north = codes[3:7]
    wind_pungs = (east == 3) + (south == 3) + (west == 3) + (north == 3)
    suit_bits = (codes[0] > 0) | (codes[1] > 0) << 1 | (codes[2] > 0) << 2
    if east or south or west or north:
        suit_bits |= _WIND
    if codes[7] or codes[8] or codes[9]:
        suit_bits |= 16
    kinds = 0
    for m in melds:
        f = _meld(m)
        kinds += f[1]
        suit_bits |= f[2]
    readings = tuple([(p, _WAIT_FLOWER.get(w) if single else None) for p, w in places])
    got = _best(
        tiles,
        (kinds, suit_bits, exposed, concealed, hard_known and hard == 0, bonus),
        quads,
        wind_pungs,
        readings,
        hard,
        hard_known,
    )
    return None if got is None else valued(got, hard, concealed, bonus)


def _single_wait(tiles: HandTiles, codes: list[int], visible: list[str]) -> bool:
    """Did the hand wait on its winning tile alone (engine.hands.waits of its standing tiles
    without it, a fifth copy never a wait)? ``codes``: the numbers of the standing tiles
    with the winning tile."""
    win = tiles.win_tile
    assert win is not None
    concealed = tiles.concealed
    g, weight = PLACE[win]
    codes = codes.copy()
    codes[g] -= weight
    found = waits_of_codes(codes, len(concealed), True)
    if found is None:  # pragma: no cover - parsed hands hold no fifth copy
        return len(waits(concealed, visible)) == 1
    return (
        sum(concealed.count(t) + visible.count(t) < 4 for t in map(ALL_TILES.__getitem__, found))
        == 1
    )


def value_tiles(
    tiles: HandTiles,
    *,
    hard: int,
    hard_known: bool,
    bonus: Bonuses,
    exposed_pung_tiles: frozenset[str] = frozenset(),
    last_closed_declared: bool = False,
) -> Valuation:
    """Value a winning hand in tile notation (Nanjing: no chows claimed, no dragons in hand):
    the best of its readings (engine.variants.nanjing_score.readings), 就高不就低."""
    if any(m.kind == "chow" for m in tiles.melds):
        raise MjError(ErrorCode.NOT_A_WIN, txt("nanjing_allows_claimed_chow_melds"))
    v = best_valuation(
        tiles,
        hard=hard,
        hard_known=hard_known,
        bonus=bonus,
        exposed_pung_tiles=exposed_pung_tiles,
        last_closed_declared=last_closed_declared,
    )
    if v is None:
        raise MjError(
            ErrorCode.NOT_A_WIN,
            txt("these_tiles_winning_hand_four"),
        )
    return v
