"""南京 Nanjing tile mode: a winning hand's facts read once, its readings valued by memo.

A reading's value (engine.variants.nanjing_score.value_reading) depends on only a few facts:
of the hand — what each meld is (kind, exposed, a concealed kong, a wind), the single wait,
the flowers, 压绝's exposed pung, 天胡/地胡, the suits, winds, all winds, 门清 and the
bonuses — and of the reading — seven pairs and its quads, or whether the decomposition's
sets are all pungs and how many of them are wind pungs, and where the winning tile sits. The
single wait counts only through the wait flower (压档, 边枝, 独占), so the waits are worked
out only for a hand with a reading whose winning tile sits in such a place.
:func:`best_valuation` reads the hand's facts once, walks its readings in the order of
:func:`~engine.variants.nanjing_score.readings` (the best is the first of the highest, so
the order keeps ties as they were) and values each by those facts: the first reading with
given facts is built and valued in full, every later one with the same facts reuses the
valuation (an immutable named tuple). tests/engine/test_nanjing_read.py checks the result
against valuing every reading in full.
"""

from __future__ import annotations

from ..errors import ErrorCode, MjError
from ..hands import decompositions, seven_pairs, waits, win_shapes
from ..tiles import HandTiles, is_wind
from .nanjing_score import (
    _SUITS,
    _WAIT_FLOWER,
    _WINDS,
    Bonuses,
    Reading,
    Valuation,
    best,
    read_melds,
    value_reading,
)
from .texts_nanjing import txt

_MEMO: dict[tuple, Valuation] = {}
_MEMO_MAX = 1 << 16  # the memo starts afresh past this many entries


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
    closed = tiles.closed
    melds = tiles.melds
    visible, exposed, concealed = read_melds(tiles, exposed_pung_tiles, last_closed_declared)
    meld_facts = [(m.kind, m.exposed, m.concealed, is_wind(m.tile)) for m in melds]
    # the readings first: (decomposition, quads, shape, all-pung sets, wind pungs)
    found: list[tuple] = []
    if not melds:
        q = seven_pairs(closed)
        if q is not None:
            found.append((None, q, None, None, None))
    for d in decompositions(closed):
        all_pungs = True
        wind_pungs = 0
        for s in d.sets:
            if s.kind == "pung":
                wind_pungs += is_wind(s.tiles[0])
            else:
                all_pungs = False
        for shape in sorted(win_shapes(d, win)):
            found.append((d, None, shape, all_pungs, wind_pungs))
    if not found:
        return None
    # the single wait counts only through the wait flower, which only these places give:
    # when no reading has one, the waits are not needed (and not in the facts)
    single: bool | None = None
    if any(r[2] in _WAIT_FLOWER for r in found):
        single = len(waits(tiles.concealed, visible)) == 1
    all_tiles = tiles.all_tiles
    suits = _SUITS.intersection([t[-1] for t in all_tiles])
    has_winds = not _WINDS.isdisjoint(all_tiles)
    all_winds = bool(all_tiles) and all(is_wind(t) for t in all_tiles)
    hand_key = (
        tuple(meld_facts),
        single,
        hard,
        hard_known,
        exposed,
        bonus,
        suits,
        has_winds,
        all_winds,
        concealed,
    )
    common = None

    def reading(d, quads, shape, flower) -> Reading:
        nonlocal common
        if common is None:
            common = dict(
                tiles=all_tiles,
                melds=melds,
                single_wait=len(waits(tiles.concealed, visible)) == 1 if single is None else single,
                win_tile=win,
                hard=hard,
                hard_known=hard_known,
                exposed_pung_of_win_tile=exposed,
                heavenly=bonus.heavenly,
                earthly=bonus.earthly,
                suits=suits,
                has_winds=has_winds,
                concealed=concealed,
            )
        return Reading(decomposition=d, quads=quads, shape=shape, wait_flower=flower, **common)

    memo = _MEMO
    if len(memo) > _MEMO_MAX:
        memo.clear()
    vals: list[Valuation] = []
    for d, quads, shape, all_pungs, wind_pungs in found:
        flower = _WAIT_FLOWER.get(shape) if single else None  # type: ignore[arg-type]
        key = (hand_key, quads, shape, all_pungs, wind_pungs, flower)
        v = memo.get(key)
        if v is None:
            v = memo[key] = value_reading(reading(d, quads, shape, flower), bonus)
        vals.append(v)
    return best(vals)


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
