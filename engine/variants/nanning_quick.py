"""南宁 Nanning: the valuation of a plain winning hand's tiles, in one pass.

:func:`plain_valuation` answers what :func:`engine.variants.nanning_score.evaluate_tiles`
answers for the tiles ``parse_hand`` gives a plain win — no flower section, melds of pungs and
kongs only, playing tiles only — reading the tiles once: the weights of
:mod:`engine.variants.nanning_shape` give the suits the tiles are of (清一色 / 字一色) and the
split into a pair and sets, and one count of each tile gives 七对 and 碰碰胡. Anything else,
and every hand evaluate_tiles refuses, answers None: the caller then takes the path that words
the refusal. Tests hold the two to each other on seeded hands.
"""

from __future__ import annotations

from ..tiles import HONOURS, SUITS, HandTiles
from .nanning_score import Reading, Valuation, valuation
from .nanning_shape import _FIELD, _HONOUR, _SUIT, _WEIGHT, PAIR, _honours, _suit

# which group a meld's tile belongs to, as one bit: the three suits, then the honours
_GROUP_BIT = {
    **{f"{r}{s}": 1 << i for i, s in enumerate(SUITS) for r in range(1, 10)},
    **dict.fromkeys(HONOURS, 8),
}
_HONOURS_BIT = 8


def plain_valuation(h: HandTiles, *, self_drawn: bool) -> Valuation | None:
    """``evaluate_tiles(h, self_drawn=self_drawn)`` for a plain hand, or None (see the module)."""
    if h.flowers is not None:
        return None
    closed = h.concealed + (h.win_tile,) if h.win_tile else h.concealed
    melds = h.melds
    concealed = True  # 门清: no exposed meld (a concealed kong is not exposed)
    groups = 0
    try:
        total = sum(map(_WEIGHT.__getitem__, closed))
        for m in melds:
            if m.kind == "chow":
                return None
            if m.kind != "kong" or m.claim is not None:  # Meld.exposed
                concealed = False
            groups |= _GROUP_BIT[m.tiles[0]]
    except KeyError:  # not a playing tile
        return None
    m_, rest = total % _FIELD, total // _FIELD
    p_, rest = rest % _FIELD, rest // _FIELD
    s_, h_ = rest % _FIELD, rest // _FIELD
    groups |= (m_ > 0) | (p_ > 0) << 1 | (s_ > 0) << 2 | (h_ > 0) << 3
    if groups == _HONOURS_BIT:
        flush: str | None = "honours"
    elif groups in (1, 2, 4):
        flush = "suit"
    else:
        flush = None
    counts = sorted(map(closed.count, set(closed)))
    if not counts or counts[-1] > 4:  # (parse_hand refuses a fifth copy; searched otherwise)
        return None
    best = None
    if not melds and len(closed) == 14 and all(n % 2 == 0 for n in counts):
        best = valuation(Reading(True, counts.count(4), False, flush, False, True))
    if len(closed) % 3 == 2:
        code = (
            (_SUIT[m_] if m_ in _SUIT else _suit(m_))
            + (_SUIT[p_] if p_ in _SUIT else _suit(p_))
            + (_SUIT[s_] if s_ in _SUIT else _suit(s_))
            + (_HONOUR[h_] if h_ in _HONOUR else _honours(h_))
        )
        if code == PAIR:
            pungs = counts[0] == 2 and counts.count(3) == len(counts) - 1
            all_melded = (
                not self_drawn
                and len(melds) == 4
                and len(closed) == 2
                and all(m.kind != "kong" or m.claim is not None for m in melds)
            )
            v = valuation(Reading(False, 0, pungs, flush, all_melded, concealed))
            if best is None or v.k > best.k:
                best = v
    return best
