"""国标 Guobiao: ``mjscore calc`` of a plain hand string, on as few imports as possible.

The common hand-string shapes are read straight into the calculator's positional arguments
(checked against ``parse_hand`` by property tests), and the calculator's answer becomes the
report. This module imports only the fan table, so that ``mjscore calc guobiao
HAND`` starts about as fast as Python with PyMahjongGB; the settlement modules (gb_eval,
gb_fast, guobiao) build on it. :func:`quick` is that whole path, or None where the checked path
of ``Guobiao.calc`` must answer (flags, a kong/绝张 bit, anything unusual, every error).
"""

from __future__ import annotations

from ..readonly import FrozenDict
from .gb_fans import FLOWER, Fan, fan_for_label

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the calc path skips it)
if TYPE_CHECKING:
    from ..results import ScoreItem

WINDS = "ESWN"
MIN_FAN = 8  # 起和: the default of the min_fan option

# our tile → PyMahjongGB's tile code (万 W, 饼 B, 条 T, 风 F1-4 东南西北, 箭 J1-3 中发白)
TILE_CODE: dict[str, str] = {
    **{f"{r}m": f"W{r}" for r in range(1, 10)},
    **{f"{r}p": f"B{r}" for r in range(1, 10)},
    **{f"{r}s": f"T{r}" for r in range(1, 10)},
    "E": "F1",
    "S": "F2",
    "W": "F3",
    "N": "F4",
    "C": "J1",
    "F": "J2",
    "P": "J3",
}
WIND_INDEX = {w: i for i, w in enumerate(WINDS)}

# ---------------------------------------------------------------- fast notation path
# ``calc`` is dominated by parsing. The common GB string (melds first, then the standing tiles,
# an optional |context and |flowers) is read here directly; anything else — and anything this
# path does not fully vouch for — goes to engine.tiles.parse_hand, which also words every error.
# tests/engine/test_guobiao_props.py checks the two agree.
# The common shape, as a regular expression (possessive quantifiers: no backtracking):
_RUNS = r"(?:[1-9]++[mps]|[ESWNCFP])++"  # well-formed runs: digits always end in a suit letter
FAST_PATTERN = rf"((?:\[{_RUNS}(?:,[1235-7])?\])*+)({_RUNS})(?:\|([ESWN]{{2}}[01]{{4}})(?:\|([a-h]{{1,8}}|[0-8]))?)?"
# It is read by the scanner :func:`fast_match` instead of ``re``: compiling the expression cost
# ``mjscore calc`` more than the rest of this module (tests/engine/test_guobiao_props.py holds
# the scanner to ``re.fullmatch(FAST_PATTERN, s)`` on random and mutated strings).
_DIGITS = frozenset("123456789")
_SUITS = frozenset("mps")
_HONOURS = frozenset("ESWNCFP")
_SUIT_CODE = {"m": "W", "p": "B", "s": "T"}
# Copies are counted in one integer: 7 bits per tile kind (a hand holds at most 30 of one kind),
# so a kind with five or more copies sets bit 6 of its field after adding 59 to every field.
_FIELD = {code: 7 * i for i, code in enumerate(TILE_CODE.values())}
_ADD = sum(59 << f for f in _FIELD.values())
_MASK = sum(64 << f for f in _FIELD.values())
_TOKENS: dict[str, tuple[list[str], int]] = {}  # run → (codes, copies as fields)
_MELD_CACHE: dict[str, tuple[tuple[str, str, int], int, bool] | None] = {}


def _run_end(s: str, i: int) -> int:
    """Where the run of tiles (``_RUNS``) that starts at ``i`` ends, or -1 when none starts."""
    n, j = len(s), i
    while j < n:
        c = s[j]
        if c in _HONOURS:
            j += 1
        elif c in _DIGITS:
            k = j + 1
            while k < n and s[k] in _DIGITS:
                k += 1
            if k == n or s[k] not in _SUITS:
                break
            j = k + 1
        else:
            break
    return j if j > i else -1


def fast_match(s: str) -> tuple[str, str, str | None, str | None] | None:
    """``re.fullmatch(FAST_PATTERN, s).groups()``, or None when it does not match: (the melds,
    the standing tiles, the context, the flowers)."""
    n, i = len(s), 0
    while i < n and s[i] == "[":  # a meld that starts must end well: nothing else starts with [
        j = _run_end(s, i + 1)
        if j < 0:
            return None
        if j + 1 < n and s[j] == "," and s[j + 1] in "123567":
            j += 2
        if j >= n or s[j] != "]":
            return None
        i = j + 1
    j = _run_end(s, i)
    if j < 0:
        return None
    melds, body = s[:i], s[i:j]
    if j == n:
        return melds, body, None, None
    ctx = s[j + 1 : j + 7]
    if (
        s[j] != "|"
        or len(ctx) != 6
        or ctx[0] not in "ESWN"
        or ctx[1] not in "ESWN"
        or any(c not in "01" for c in ctx[2:])
    ):
        return None
    if j + 7 == n:
        return melds, body, ctx, None
    fl = s[j + 8 :]
    if s[j + 7] != "|" or not (
        (1 <= len(fl) <= 8 and all(c in "abcdefgh" for c in fl))
        or (len(fl) == 1 and fl in "012345678")
    ):
        return None
    return melds, body, ctx, fl


def _tokens(run: str) -> list[str]:
    """The tokens of a well-formed run: ``"123mE45p"`` → ``["123m", "E", "45p"]``."""
    out: list[str] = []
    start = 0
    for i, c in enumerate(run):
        if c in _SUITS or c in _HONOURS:
            out.append(run[start : i + 1])
            start = i + 1
    return out


def _token(token: str) -> tuple[list[str], int]:
    """Codes and copy fields of one run such as ``123m`` or ``E`` (cached, bounded)."""
    if len(_TOKENS) > 20_000:  # bounded: runs of digits are few in practice
        _TOKENS.clear()
    c = _SUIT_CODE.get(token[-1])
    codes = [c + d for d in token[:-1]] if c else [TILE_CODE[token]]
    out = _TOKENS[token] = (codes, sum(1 << _FIELD[x] for x in codes))
    return out


def _codes(s: str) -> list[str]:
    """Calculator codes of a well-formed run such as ``123m45pE`` (:func:`fast_match` checked its form)."""
    out: list[str] = []
    for token in _tokens(s):
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


def _fast_args(s: str) -> tuple[tuple, bool, int] | None:
    """(the calculator's positional arguments, the hand has a kong, copies of the winning tile in
    the whole hand) read straight from a hand string of the common shape, or None: then
    ``parse_hand`` reads it (and words any error). Never accepts a string
    ``parse_hand(s, variant="guobiao", waiting_ok=False)`` refuses; agrees with it otherwise."""
    m = fast_match(s)
    if m is None:
        return None
    melds_s, body, ctx, fl = m
    codes: list[str] = []
    n = 0
    for token in _tokens(body):
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
        # |WSZJHK: prevailing and seat wind, 自摸, 和绝张, 海底/妙手, 杠 (fast_match checked its form)
        sd, l4, wl, kong = ctx[2] == "1", ctx[3] == "1", ctx[4] == "1", ctx[5] == "1"
        sw, pw = WIND_INDEX[ctx[1]], WIND_INDEX[ctx[0]]
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


class FanCount:
    """One fan with its count. Instances are shared (``_FAN_COUNTS``) and never changed, so
    their total, label, text line and JSON are computed once."""

    __slots__ = ("count", "fan", "line", "total", "_item", "_json", "_label")

    def __init__(self, fan: Fan, count: int) -> None:
        self.fan = fan
        self.count = count
        self.total = fan.points * count
        self._label = fan.zh + (f"×{count}" if count > 1 else "")
        self.line = f"{self._label} {self.total}  {fan.en}"
        self._json = {"name": fan.zh, "name_en": fan.en, "points": fan.points, "count": count}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FanCount) and (self.fan, self.count) == (other.fan, other.count)

    def __hash__(self) -> int:
        return hash((self.fan.zh, self.count))

    def __repr__(self) -> str:
        return f"FanCount({self.fan.zh!r}, {self.count})"

    def to_json(self) -> dict[str, object]:
        return dict(self._json)

    def label(self) -> str:
        return self._label

    def score_item(self) -> ScoreItem:
        """The fan as a settlement's score item (immutable: made once, then shared)."""
        try:
            return self._item
        except AttributeError:
            from ..results import ScoreItem  # here: the calc path needs no settlement types

            self._item = ScoreItem(
                id=self.fan.id,
                zh=self.fan.zh,
                en=self.fan.en,
                value=self.fan.points,
                count=self.count,
            )
            return self._item


_CALCULATOR = None
_FAN_COUNTS: dict[tuple[str, int], FanCount] = {}


def calculator():
    """PyMahjongGB's MahjongFanCalculator, imported on first use."""
    global _CALCULATOR
    if _CALCULATOR is None:
        from MahjongGB import MahjongFanCalculator

        _CALCULATOR = MahjongFanCalculator
    return _CALCULATOR


def name_fans(raw: tuple) -> tuple[tuple[FanCount, ...], int, int]:
    """(the fans, the fan total without flowers, the flowers) of the calculator's answer."""
    fans = []
    fan = flowers = 0
    for _pts, cnt, label, _en in raw:
        fc = _FAN_COUNTS.get((label, cnt))
        if fc is None:
            fc = _FAN_COUNTS[(label, cnt)] = FanCount(fan_for_label(label), cnt)
        fans.append(fc)
        if fc.fan is FLOWER:
            flowers += cnt
        else:
            fan += fc.total
    return tuple(fans), fan, flowers


_CACHE_LIMIT = 50_000
_REPORTS: dict[tuple[tuple, int], tuple[dict, tuple[str, ...]]] = {}


def report(raw: tuple, min_fan: int) -> tuple[dict, tuple[str, ...]]:
    """The JSON object and the text lines of the calculator's answer ``raw``: a pure function
    of (raw, min_fan), so it is made once per distinct fan list (never per hand string) and
    shared, read-only."""
    key = (raw, min_fan)
    out = _REPORTS.get(key)
    if out is None:
        if len(_REPORTS) > _CACHE_LIMIT:
            _REPORTS.clear()
        fans, fan, flowers = name_fans(raw)
        below = fan < min_fan
        lines = [f.line for f in fans]
        lines.append(
            f"合计 total {fan + flowers}番" + (f" (花牌 {flowers} 不计起和)" if flowers else "")
        )
        if below:
            lines.append(
                f"低于起和 {min_fan} 番: {fan} fan is below the minimum of {min_fan}, not a legal win"
            )
        else:
            lines.append(f"起和 {min_fan} 番: ok ({fan} fan without flowers)")
        js = FrozenDict(
            fans=tuple(FrozenDict(f.to_json()) for f in fans),
            total=fan + flowers,
            min_fan=min_fan,
            below_minimum=below,
        )
        out = _REPORTS[key] = (js, tuple(lines))
    return out


def trim(hand: str) -> str:
    """GB-Mahjong strings may end in an empty flower section: the hand without it."""
    return hand[:-1] if hand[-1:] == "|" and hand.count("|") == 2 else hand


def quick_fans(hand: str) -> tuple | None:
    """The calculator's answer for a plain hand string with no flags, or None when the string
    is not of the common shape, carries a kong/绝张 bit, or the calculator refuses it (then
    the checked path answers and words the refusal)."""
    fast = _fast_args(trim(hand))
    if fast is None:
        return None
    args = fast[0]
    if args[5] or args[6]:  # 和绝张 / kong bits need the checks of the checked path
        return None
    try:
        return (_CALCULATOR or calculator())(*args)
    except TypeError:
        return None


def quick(hand: str, min_fan: int = MIN_FAN) -> tuple[dict, tuple[str, ...]] | None:
    """``calc`` of a plain hand string with no flags: (JSON, lines), or None (see
    :func:`quick_fans`)."""
    raw = quick_fans(hand)
    return None if raw is None else report(raw, min_fan)
