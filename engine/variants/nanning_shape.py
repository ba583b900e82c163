"""南宁 Nanning: what the patterns need to know of a winning hand's standing tiles, in one pass.

Of all the ways the standing tiles split into a pair and sets (``engine.hands.decompositions``)
the patterns read only two facts: whether there is one, and whether one has pungs alone (碰碰胡).
:func:`split_facts` answers both from the tiles' counts: each suit's counts as one base-5
number (a field of one integer summed over the tiles), whose split is searched once per number
and remembered; the honours likewise (each held three times, or twice as the pair); and "pungs
alone" when every tile is held three times but one, held twice. Tests hold it to the full
search on every single-suit shape and a seeded sample of whole hands.
"""

from __future__ import annotations

from ..tiles import HONOURS, SUITS

_FIELD = 5**9  # one field per suit (nine ranks, base 5), then the seven honours
_WEIGHT = {
    **{f"{r}{s}": 5 ** (r - 1) * _FIELD**i for i, s in enumerate(SUITS) for r in range(1, 10)},
    **{h: 5**i * _FIELD**3 for i, h in enumerate(HONOURS)},
}
_POW5 = tuple(5**i for i in range(9))
SETS, PAIR, NEITHER = 0, 1, 9  # a group's code: its codes sum to PAIR for a winning hand
_SUIT: dict[int, int] = {0: SETS}  # a suit's base-5 number → its code
_SETS_ONLY: dict[int, bool] = {0: True}
_HONOUR: dict[int, int] = {}  # the honours' base-5 number → its code


def _sets_only(number: int) -> bool:
    """Whether a suit's counts (base 5, at most four each) split into pungs and chows alone."""
    found = _SETS_ONLY.get(number)
    if found is None:
        i = 0
        while number // _POW5[i] % 5 == 0:
            i += 1
        n = number // _POW5[i] % 5
        found = (n >= 3 and _sets_only(number - 3 * _POW5[i])) or (
            i <= 6
            and number // _POW5[i + 1] % 5 > 0
            and number // _POW5[i + 2] % 5 > 0
            and _sets_only(number - _POW5[i] - _POW5[i + 1] - _POW5[i + 2])
        )
        _SETS_ONLY[number] = found
    return found


def _suit(number: int) -> int:
    digits = [number // p % 5 for p in _POW5]
    mod = sum(digits) % 3
    if mod == 0:
        code = SETS if _sets_only(number) else NEITHER
    elif mod == 2 and any(
        n >= 2 and _sets_only(number - 2 * p) for n, p in zip(digits, _POW5, strict=True)
    ):
        code = PAIR
    else:
        code = NEITHER
    _SUIT[number] = code
    return code


def _honours(number: int) -> int:
    digits = [number // 5**i % 5 for i in range(len(HONOURS))]
    pairs = digits.count(2)
    ok = all(n in (0, 2, 3) for n in digits) and pairs <= 1
    code = _HONOUR[number] = (PAIR if pairs else SETS) if ok else NEITHER
    return code


def split_facts(closed: tuple[str, ...] | list[str]) -> tuple[bool, bool] | None:
    """(the standing tiles split into a pair and sets, they split into a pair and pungs), or
    None when a tile is held more than four times or is not a playing tile (the caller
    searches)."""
    try:
        total = sum(map(_WEIGHT.__getitem__, closed))
    except KeyError:
        return None
    counts = sorted(map(closed.count, set(closed)))
    if not counts or counts[-1] > 4:
        return None
    if len(closed) % 3 != 2:
        return False, False
    m, rest = total % _FIELD, total // _FIELD
    p, rest = rest % _FIELD, rest // _FIELD
    s, h = rest % _FIELD, rest // _FIELD
    code = (
        (_SUIT[m] if m in _SUIT else _suit(m))
        + (_SUIT[p] if p in _SUIT else _suit(p))
        + (_SUIT[s] if s in _SUIT else _suit(s))
        + (_HONOUR[h] if h in _HONOUR else _honours(h))
    )
    if code != PAIR:
        return False, False
    return True, counts[0] == 2 and counts.count(3) == len(counts) - 1
