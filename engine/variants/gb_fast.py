"""国标 Guobiao: the fast path of ``mjscore calc`` — the common hand-string shapes read straight
into the calculator's positional arguments (checked against ``parse_hand`` by property tests)."""

from __future__ import annotations

import re

from .gb_eval import (
    TILE_CODE,
    WIND_INDEX,
    WINDS,
    CalcInput,
    Situation,
)

# ---------------------------------------------------------------- fast notation path
# ``calc`` is dominated by parsing. The common GB string (melds first, then the standing tiles,
# an optional |context and |flowers) is read here directly; anything else — and anything this
# path does not fully vouch for — goes to engine.tiles.parse_hand, which also words every error.
# tests/engine/test_guobiao_props.py checks the two agree.
# possessive quantifiers: the same language, no backtracking
_RUNS = r"(?:[1-9]++[mps]|[ESWNCFP])++"  # well-formed runs: digits always end in a suit letter
_FAST = re.compile(
    rf"((?:\[{_RUNS}(?:,[1235-7])?\])*+)({_RUNS})(?:\|([ESWN]{{2}}[01]{{4}})(?:\|([a-h]{{1,8}}|[0-8]))?)?"
)
_TOKEN = re.compile(r"[1-9]+[mps]|[ESWNCFP]")
_SUIT_CODE = {"m": "W", "p": "B", "s": "T"}
# Copies are counted in one integer: 7 bits per tile kind (a hand holds at most 30 of one kind),
# so a kind with five or more copies sets bit 6 of its field after adding 59 to every field.
_FIELD = {code: 7 * i for i, code in enumerate(TILE_CODE.values())}
_ADD = sum(59 << f for f in _FIELD.values())
_MASK = sum(64 << f for f in _FIELD.values())
_TOKENS: dict[str, tuple[list[str], int]] = {}  # run → (codes, copies as fields)
_MELD_CACHE: dict[str, tuple[tuple[str, str, int], int, bool] | None] = {}
_SITUATIONS: dict[tuple, Situation] = {}  # (context facts, flowers): at most 4·4·16·9


def _token(token: str) -> tuple[list[str], int]:
    """Codes and copy fields of one run such as ``123m`` or ``E`` (cached, bounded)."""
    if len(_TOKENS) > 20_000:  # bounded: runs of digits are few in practice
        _TOKENS.clear()
    c = _SUIT_CODE.get(token[-1])
    codes = [c + d for d in token[:-1]] if c else [TILE_CODE[token]]
    out = _TOKENS[token] = (codes, sum(1 << _FIELD[x] for x in codes))
    return out


def _codes(s: str) -> list[str]:
    """Calculator codes of a well-formed run such as ``123m45pE`` (``_FAST`` checked its form)."""
    out: list[str] = []
    for token in _TOKEN.findall(s):
        out += (_TOKENS.get(token) or _token(token))[0]
    return out


def _fast_meld(inner: str) -> tuple[tuple[str, str, int], int, bool] | None:
    """(pack, copy fields of its tiles, is a kong) of a bracketed meld, or None when not plainly valid."""
    tiles_s, _, claim_s = inner.partition(",")
    ts = _codes(tiles_s)
    if not ts:
        return None
    bits = sum(1 << _FIELD[x] for x in ts)
    claim = int(claim_s) if claim_s else None
    if len(set(ts)) == 1 and len(ts) in (3, 4):
        if len(ts) == 4:
            offer = 0 if claim is None else (claim - 4 if claim >= 5 else claim)
            return ("GANG", ts[0], offer), bits, True
        return (("PENG", ts[0], claim or 1), bits, False) if (claim or 1) <= 3 else None
    if (
        len(ts) == 3
        and (claim or 1) <= 3
        and ts[0][0] in "WBT"
        and ts[0][0] == ts[1][0] == ts[2][0]
    ):
        st = sorted(ts)
        r = int(st[0][1])
        if int(st[1][1]) == r + 1 and int(st[2][1]) == r + 2:
            return ("CHI", st[1], claim or 1), bits, False
    return None


# context string → (self-drawn, last copy, kong, last tile, seat index, prevailing index)
_CONTEXTS: dict[str, tuple[bool, bool, bool, bool, int, int]] = {
    f"{p}{w}{z}{j}{h}{k}": (z == "1", j == "1", k == "1", h == "1", WIND_INDEX[w], WIND_INDEX[p])
    for p in WINDS
    for w in WINDS
    for z in "01"
    for j in "01"
    for h in "01"
    for k in "01"
}


def _fast_args(s: str) -> tuple[tuple, bool, int] | None:
    """(the calculator's positional arguments, the hand has a kong, copies of the winning tile in
    the whole hand) read straight from a hand string of the common shape, or None: then
    ``parse_hand`` reads it (and words any error). Never accepts a string
    ``parse_hand(s, variant="guobiao", waiting_ok=False)`` refuses; agrees with it otherwise."""
    m = _FAST.fullmatch(s)
    if m is None:
        return None
    melds_s, body, ctx, fl = m.groups()
    codes: list[str] = []
    n = 0
    for token in _TOKEN.findall(body):
        t = _TOKENS.get(token) or _token(token)
        codes += t[0]
        n += t[1]
    n_loose = len(codes)
    if melds_s:
        packs = []
        has_kong = False
        for inner in melds_s[1:-1].split("]["):
            meld = _MELD_CACHE.get(inner, False)
            if meld is False:
                meld = _MELD_CACHE.setdefault(inner, _fast_meld(inner))
            if meld is None:
                return None
            packs.append(meld[0])
            n += meld[1]
            has_kong = has_kong or meld[2]
        if n_loose + 3 * len(packs) != 14:
            return None
        pack: tuple = tuple(packs)
    elif n_loose != 14:
        return None
    else:
        pack, has_kong = (), False
    if (n + _ADD) & _MASK:  # a fifth copy: parse_hand words it
        return None
    if ctx is None:
        sd = l4 = kong = wl = False
        sw = pw = 0
    else:
        sd, l4, kong, wl, sw, pw = _CONTEXTS[ctx]
        if kong and wl and not sd:  # 抢杠 on the last tile: parse_hand words it
            return None
    if fl is None:
        flowers = 0
    elif fl.isdigit():
        flowers = int(fl)
    elif len(set(fl)) != len(fl):
        return None
    else:
        flowers = len(fl)
    win = codes[-1]
    args = (pack, tuple(codes[:-1]), win, flowers, sd, l4, kong, wl, sw, pw, True)
    return args, has_kong, (n >> _FIELD[win]) & 127


def fast_input(s: str) -> tuple[CalcInput, Situation] | None:
    """:func:`_fast_args` as (calculator input, situation of the |context and flowers), or None."""
    fast = _fast_args(s)
    if fast is None:
        return None
    (pack, hand, win, flowers, sd, l4, kong, wl, sw, pw, _), has_kong, copies = fast
    key = (sd, l4, kong, wl, sw, pw, flowers)
    sit = _SITUATIONS.get(key)
    if sit is None:
        sit = _SITUATIONS[key] = Situation(
            prevailing_wind=WINDS[pw],
            seat_wind=WINDS[sw],
            self_drawn=sd,
            last_copy=l4,
            last_tile=wl,
            kong=kong,
            flowers=flowers,
        )
    return CalcInput(pack, hand, win, has_kong, copies), sit
