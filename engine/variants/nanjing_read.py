"""南京 Nanjing tile mode: a winning hand's facts read once, its readings valued by memo.

A reading's value (engine.variants.nanjing_score.value_reading) depends only on the facts a
:class:`~engine.variants.nanjing_score.Reading` holds: of the hand — what each meld is
(kind, exposed, a concealed kong, a wind), the flowers, 压绝's exposed pung, the suits,
winds, all winds, 门清 and the bonuses — and of the reading — seven pairs and its quads, or
whether the decomposition's sets are all pungs and how many of them are wind pungs, and the
wait flower (where the winning tile sits, counted only when the hand waited on exactly one
tile, so the waits are worked out only for a hand with a reading whose winning tile sits in
such a place). :func:`best_valuation` reads the hand's facts once, walks its readings in the
order of :func:`~engine.variants.nanjing_score.readings` (the best is the first of the
highest, so the order keeps ties as they were; engine.win_places gives each
decomposition's facts in that order without making the decompositions) and values each by
those facts: the first reading with given facts is valued in full, every later one with the
same facts (in this hand or an earlier one) reuses the valuation (an immutable named tuple).
tests/engine/test_nanjing_read.py checks the result against valuing every reading in full.
"""

from __future__ import annotations

from ..errors import ErrorCode, MjError
from ..hand_lookup import PLACE, group_codes, waits_of_codes
from ..hands import seven_pairs, waits
from ..plain_win import FIELD, HONOURS, MASK, read_win, single_wait
from ..tiles import ALL_TILES, SUITS, HandTiles, is_wind
from ..win_places import win_places
from .nanjing_score import (
    _WAIT_FLOWER,
    Bonuses,
    Reading,
    Valuation,
    best,
    read_melds,
    value_reading,
)
from .texts_nanjing import txt

_MEMO: dict[tuple, Valuation] = {}  # a reading's facts → its valuation
_BEST: dict[tuple, Valuation] = {}  # a hand's facts and its readings' → the best valuation
_MEMO_MAX = 1 << 16  # a memo starts afresh past this many entries

# The hand's facts from the engine.hand_lookup numbers of its standing tiles (groups: the
# three suits in the order of SUITS, then each honour) and its melds' tiles.
_SUIT_SETS = tuple(
    frozenset(SUITS[g] for g in range(3) if bits >> g & 1) for bits in range(8)
)  # the suits of a hand by the bits of the groups it holds


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
    if read is not None:
        places, total, _ = read
        quads = None if melds else seven_pairs(tiles.closed)
        if quads is None and not places:
            return None
        visible, exposed, concealed = read_melds(tiles, exposed_pung_tiles, last_closed_declared)
        # the single wait counts only through the wait flower, which only these places
        # give: when no reading has one, the waits are not needed
        single = False
        for _, place in places:
            if place in _WAIT_FLOWER:
                single = single_wait(concealed_tiles, win, visible, read)
                break
        h = total >> HONOURS
        counts = (
            total & MASK,
            total >> FIELD & MASK,
            total >> 2 * FIELD & MASK,
            h & 15,
            h >> 4 & 15,
            h >> 8 & 15,
            h >> 12 & 15,
            h >> 16,
        )
    else:  # a fifth copy: the decompositions are searched
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
        counts = (*codes[:7], codes[7] or codes[8] or codes[9])
    # without honour chows a wind is a pung of the standing tiles when held three times (a
    # pair when twice; once or four times it is in no decomposition): every decomposition
    # has the same wind pungs
    m0, m1, m2, east, south, west, north, dragons = counts
    wind_pungs = (east == 3) + (south == 3) + (west == 3) + (north == 3)
    suit_bits = (m0 > 0) | (m1 > 0) << 1 | (m2 > 0) << 2
    has_winds = bool(east or south or west or north)
    all_winds = not (m0 or m1 or m2 or dragons)
    meld_facts = []
    for m in melds:
        wind = is_wind(m.tile)
        meld_facts.append((m.kind, m.exposed, m.concealed, wind))
        if wind:
            has_winds = True
        else:
            all_winds = False
            suit_bits |= 1 << SUITS.index(m.tile[-1])  # a suited tile ends in its suit
    suits = _SUIT_SETS[suit_bits]
    hand_key = (
        tuple(meld_facts),
        hard,
        hard_known,
        exposed,
        bonus,
        suits,
        has_winds,
        all_winds,
        concealed,
    )
    readings = tuple([(p, _WAIT_FLOWER.get(w) if single else None) for p, w in places])
    best_key = (hand_key, quads, wind_pungs, readings)
    found = _BEST.get(best_key)
    if found is not None:
        return found
    if len(_MEMO) > _MEMO_MAX:
        _MEMO.clear()
    if len(_BEST) > _MEMO_MAX:
        _BEST.clear()
    all_tiles = tiles.all_tiles

    def value(quads: int | None, pungs: bool, wind_pungs: int, flower: str | None) -> Valuation:
        key = (hand_key, quads, pungs, wind_pungs, flower)
        v = _MEMO.get(key)
        if v is None:
            r = Reading(
                tiles=all_tiles,
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
                has_winds=has_winds,
                concealed=concealed,
                wait_flower=flower,
            )
            v = _MEMO[key] = value_reading(r, bonus)
        return v

    vals = [value(quads, False, 0, None)] if quads is not None else []
    vals.extend(value(None, pungs, wind_pungs, flower) for pungs, flower in readings)
    found = _BEST[best_key] = best(vals)  # type: ignore[assignment]
    return found


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
