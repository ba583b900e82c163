"""南昌 scoring math (RULES.md §4), free of events: jing scores with 冲关 and 霸王, the
multiplier table of 胡分 and the readings of a hand, payer factors, and the cap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import floor, prod
from typing import NamedTuple

from ..declare import Pattern
from ..results import Payment, PaymentBook, ScoreItem
from ..terms import DISCARD_WIN
from ..tiles import HandTiles
from .nanchang_packed import SINGLE_BITS, win_code
from .nanchang_tally import SHAPE_BITS, Tally
from .nanchang_wild import jing_pair


# ---------------------------------------------------------------- jing scores
class JingScore(NamedTuple):
    """One player's jing score: ``raw = 2z + f``, × 冲关 (raw ≥ 5), × 2 霸王 (sole holder)."""

    z: int
    f: int
    chongguan: int  # the 冲关 multiplier (1 when none)
    bawang: bool

    @property
    def raw(self) -> int:
        return 2 * self.z + self.f

    @property
    def score(self) -> int:
        return (2 * self.z + self.f) * self.chongguan * (2 if self.bawang else 1)

    def label(self, prefix: str = "") -> str:
        return _label(self, prefix)


@lru_cache(maxsize=4096)
def _label(s: JingScore, prefix: str) -> str:
    """The words of a jing score (memoised on the score: the same few recur hand after hand)."""
    parts = []
    if s.z:
        parts.append(f"{prefix}正精×{s.z}")
    if s.f:
        parts.append(f"{prefix}副精×{s.f}")
    text = " ".join(parts) + f" {s.raw}分"
    if s.chongguan > 1:
        text += f" 冲关×{s.chongguan}"
    if s.bawang:
        text += " 霸王×2"
    return text


def chongguan(raw: int, cap: int | None) -> int:
    """冲关: raw ≥ 5 multiplies by raw − 3 (5→×2 … 10→×7), at most ``cap`` (None: no limit)."""
    if raw < 5:
        return 1
    m = raw - 3
    return m if cap is None else max(1, min(m, cap))


def jing_scores(counts: Sequence[tuple[int, int]], cap: int | None) -> tuple[JingScore, ...]:
    """Each player's jing score from the (正精, 副精) counts (memoised: a pure function of
    the counts and the cap)."""
    try:
        return _jing_scores(counts, cap)
    except TypeError:  # counts given as lists: not a key
        return _jing_scores.__wrapped__(counts, cap)


@lru_cache(maxsize=4096)
def _jing_scores(counts: Sequence[tuple[int, int]], cap: int | None) -> tuple[JingScore, ...]:
    raws = [2 * z + f for z, f in counts]
    holders = [i for i, r in enumerate(raws) if r > 0]
    sole = holders[0] if len(holders) == 1 else None  # 霸王: the only holder
    return tuple(
        JingScore(z, f, chongguan(r, cap), i == sole)
        for i, ((z, f), r) in enumerate(zip(counts, raws, strict=True))
    )


# ---------------------------------------------------------------- 胡分 multipliers
def pay_lower_jing(
    book: PaymentBook, lower_counts: Sequence[tuple[int, int]], base: int, cap: int | None
) -> list[int]:
    """下精分: each player's score from the 下精 they hold, paid by each other player ×base
    as soon as the 下精 are counted. Returns the scores (the hand's details store them)."""
    scores = jing_scores(lower_counts, cap)
    out = [s.score for s in scores]
    for p, s in enumerate(scores):
        if out[p]:
            book.each_pays(p, base * out[p], f"下精分 {s.label('下')}")
    return out


NO_NETS = (0, 0, 0, 0)


class Awards(NamedTuple):
    """What a hand pays before (and without) its win: 下精分, 奖励分 上精 and kongs, in this
    order, and the scores the hand's details keep (None: no jing reveal / no jing count)."""

    payments: tuple[Payment, ...]
    lower_scores: tuple[int, ...] | None
    award_scores: tuple[int, ...] | None
    kong_points: tuple[int, ...]


def awards(
    lower_counts: Sequence[tuple[int, int]] | None,
    counts: Sequence[tuple[int, int]] | None,
    fed_by: Sequence[int | None],
    kongs: Sequence[int],
    jing_kongs: Sequence[int],
    base: int,
    cap: int | None,
) -> Awards:
    """The payments of :class:`Awards`. Each part is memoised: a pure function of the 下精
    counts, of the jing counts and feeders, of the kongs (and the room's base and 冲关 cap),
    and a session repeats the same few of each."""
    try:
        lower, lower_scores, _ = _lower(lower_counts, base, cap)  # type: ignore[arg-type]
        upper, award, _ = upper_award(counts, fed_by, base, cap)  # type: ignore[arg-type]
        kong, kong_points, _ = kong_award(kongs, jing_kongs, base)  # type: ignore[arg-type]
    except TypeError:  # counts given as lists: not a key
        lower, lower_scores, _ = _lower.__wrapped__(lower_counts, base, cap)
        upper, award, _ = upper_award.__wrapped__(counts, fed_by, base, cap)
        kong, kong_points, _ = kong_award.__wrapped__(kongs, jing_kongs, base)
    return Awards(lower + upper + kong, lower_scores, award, kong_points)


def lower_jing_payments(
    lower_counts: Sequence[tuple[int, int]], base: int, cap: int | None
) -> tuple[Payment, ...]:
    """The 下精分 payments of the 下精 counts, in the order the settlement makes them."""
    try:
        return _lower(lower_counts, base, cap)[0]
    except TypeError:  # counts given as lists: not a key
        return _lower.__wrapped__(lower_counts, base, cap)[0]


@lru_cache(maxsize=4096)
def _lower(
    lower_counts: Sequence[tuple[int, int]] | None, base: int, cap: int | None
) -> tuple[tuple[Payment, ...], tuple[int, ...] | None, tuple[int, ...]]:
    """下精分 (none without a jing reveal), with the nets it makes."""
    if lower_counts is None:
        return (), None, NO_NETS
    book = PaymentBook()
    scores = pay_lower_jing(book, lower_counts, base, cap)
    return tuple(book.items), tuple(scores), book.deltas()


# one player's part of the 下精分 (seat, counts, 霸王, base, cap) → its payments, score and
# the nets they make
_LOWER_PART: dict[tuple, tuple[tuple[Payment, ...], int, tuple[int, int, int, int]]] = {}
_LOWER_LIMIT = 50_000  # a session meets a few dozen


def lower_by_player(
    lower_counts: tuple[tuple[int, int], ...], base: int, cap: int | None
) -> tuple[tuple[Payment, ...], tuple[int, ...], tuple[int, ...]]:
    """:func:`_lower` of 下精 counts given as four tuples, put together from each player's
    part (the payments of :func:`pay_lower_jing` come player by player, and a player's part is
    a function of their own counts and whether they hold the only 下精): a session meets a
    few hundred 下精 counts but only a few dozen parts. The caller keeps the whole."""
    holders = [p for p, (z, f) in enumerate(lower_counts) if 2 * z + f > 0]
    sole = holders[0] if len(holders) == 1 else None
    parts = []
    get = _LOWER_PART.get
    for p, (z, f) in enumerate(lower_counts):
        pkey = (p, z, f, p == sole, base, cap)
        part = get(pkey)
        if part is None:
            s = JingScore(z, f, chongguan(2 * z + f, cap), p == sole)
            book = PaymentBook()
            if s.score:
                book.each_pays(p, base * s.score, f"下精分 {s.label('下')}")
            part = (tuple(book.items), s.score, book.deltas())
            if len(_LOWER_PART) >= _LOWER_LIMIT:
                _LOWER_PART.clear()
            _LOWER_PART[pkey] = part
        parts.append(part)
    a, b, c, d = parts
    x, y, z, w = a[2], b[2], c[2], d[2]
    return (
        a[0] + b[0] + c[0] + d[0],
        (a[1], b[1], c[1], d[1]),
        (
            x[0] + y[0] + z[0] + w[0],
            x[1] + y[1] + z[1] + w[1],
            x[2] + y[2] + z[2] + w[2],
            x[3] + y[3] + z[3] + w[3],
        ),
    )


@lru_cache(maxsize=4096)
def upper_award(
    counts: Sequence[tuple[int, int]] | None,
    fed_by: Sequence[int | None],
    base: int,
    cap: int | None,
) -> tuple[tuple[Payment, ...], tuple[int, ...] | None, tuple[int, ...]]:
    """奖励分 上精 (none without a jing count): each other player pays the score, or the
    feeder of a 冲关 alone pays three times it; with the nets it makes."""
    if counts is None:
        return (), None, NO_NETS
    book = PaymentBook()
    scores = jing_scores(counts, cap)
    award = [s.score for s in scores]
    for p, s in enumerate(scores):
        if not award[p]:
            continue
        x = fed_by[p]
        if x is None:
            book.each_pays(p, base * award[p], f"奖励分 上精 {s.label()}")
        else:
            book.pay(x, p, 3 * base * award[p], f"奖励分 上精 {s.label()} 打精冲关 独付×3")
    return tuple(book.items), tuple(award), book.deltas()


@lru_cache(maxsize=4096)
def kong_award(
    kongs: Sequence[int], jing_kongs: Sequence[int], base: int
) -> tuple[tuple[Payment, ...], tuple[int, ...], tuple[int, ...]]:
    """奖励分 for the kongs: each 精杠 10, each other kong 2, from each other player; with
    the nets it makes."""
    book = PaymentBook()
    kong_points = [0, 0, 0, 0]
    for p in range(4):
        n = kongs[p]
        g = jing_kongs[p]
        pts = KONG_POINTS * (n - g) + JING_KONG_POINTS * g
        kong_points[p] = pts
        if pts:
            parts = ([f"杠×{n - g}"] if n - g else []) + ([f"精杠×{g}"] if g else [])
            book.each_pays(p, base * pts, f"奖励分 {' '.join(parts)} {pts}分")
    return tuple(book.items), tuple(kong_points), book.deltas()


def multiplier_item(m: Pattern) -> ScoreItem:
    """A multiplier as a line of the explanation: 七对 ×2."""
    return ScoreItem(id=m.id, zh=m.zh, en=m.en, value=f"×{m.multiplier}")


MULTIPLIERS: tuple[Pattern, ...] = (
    Pattern(id="heavenly", zh="天胡", en="Heavenly Hand", multiplier=20, declarable=False),
    Pattern(id="earthly", zh="地胡", en="Earthly Hand", multiplier=20, declarable=False),
    Pattern(
        id="seven_star_lan",
        zh="七星十三烂",
        en="Seven-Star Thirteen Lan",
        multiplier=4,
        implies=("thirteen_lan",),
    ),
    Pattern(id="thirteen_lan", zh="十三烂", en="Thirteen Lan", multiplier=2),
    Pattern(id="seven_pairs", zh="七对", en="Seven Pairs", multiplier=2),
    Pattern(
        id="clean_sweep",
        zh="德中德",
        en="Clean Sweep (no other jing)",
        multiplier=4,
        implies=("clean",),
    ),
    Pattern(id="clean", zh="德国", en="Clean (no jing used as wild)", multiplier=2),
    Pattern(id="jing_single", zh="精吊", en="Jing Single Wait", multiplier=2),
)
BY_ID = {m.id: m for m in MULTIPLIERS}
PATTERN_IDS = frozenset(m.id for m in MULTIPLIERS if m.declarable)  # 天胡/地胡 are flags
SHAPE_PATTERN = {
    "standard": None,
    "seven_pairs": "seven_pairs",
    "thirteen_lan": "thirteen_lan",
    "seven_star_lan": "seven_star_lan",
}
IMPLIES = {m.id: m.implies[0] for m in MULTIPLIERS if m.implies}
CLEAN_BONUS = 5
KONG_POINTS = 2  # 奖励分: each kong held at the end
JING_KONG_POINTS = 10  # 奖励分: each 精杠


@dataclass(frozen=True, slots=True)
class Valuation:
    """A win's multipliers (product ``M``) and whether it is 德国/德中德 (the +5)."""

    patterns: tuple[str, ...]  # ids in MULTIPLIERS order
    shape: str  # "standard" | "seven_pairs" | "thirteen_lan" | "seven_star_lan" | "declared"

    @property
    def m(self) -> int:
        return _product(self.patterns)

    @property
    def clean(self) -> bool:
        return "clean" in self.patterns or "clean_sweep" in self.patterns

    def items(self) -> tuple[ScoreItem, ...]:
        return tuple(multiplier_item(BY_ID[p]) for p in self.patterns)

    def label(self) -> str:
        return _label_of(self.patterns)


@lru_cache(maxsize=256)
def _product(patterns: tuple[str, ...]) -> int:
    """M, the product of the multipliers (memoised on the ids)."""
    return prod(BY_ID[p].multiplier for p in patterns)


@lru_cache(maxsize=256)
def _label_of(patterns: tuple[str, ...]) -> str:
    """The multipliers in words, '七对×2 德国×2' (memoised on the ids)."""
    return " ".join(f"{BY_ID[p].zh}×{BY_ID[p].multiplier}" for p in patterns) or "平胡"


def ordered(ids: Iterable[str]) -> tuple[str, ...]:
    s = set(ids)
    return tuple(m.id for m in MULTIPLIERS if m.id in s)


class Reading(NamedTuple):
    shape: str
    clean: bool
    jing_single: bool


def taken_jing(tiles: HandTiles, zheng: str, *, self_drawn: bool) -> str | None:
    """The winning tile when it is a jing taken from another player (won on a discard or a
    robbed kong): it counts only as itself (RULES.md §4 "only the jing a player drew")."""
    t = tiles.win_tile
    return t if not self_drawn and t is not None and t in jing_pair(zheng) else None


def readings(
    tiles: HandTiles, zheng: str, *, self_drawn: bool, heavenly: bool
) -> tuple[Reading, ...]:
    """Every way the hand wins: its shape, whether it uses no jing as wild, 精吊 or not. A
    winning jing taken from another player counts only as itself."""
    js = jing_pair(zheng)
    closed = tiles.closed
    n_melds = len(tiles.melds)
    taken = taken_jing(tiles, zheng, self_drawn=self_drawn)
    if not heavenly:  # 精吊 only on the self-drawn winning tile
        return code_readings(
            win_code(closed, n_melds, js, taken, tiles.win_tile if self_drawn else None)
        )
    out = code_readings(win_code(closed, n_melds, js, taken, None))
    if closed.count(js[0]) + closed.count(js[1]):  # 精吊 waits on a jing among the other tiles
        # 天胡: any tile may be the one drawn last (精吊 is a self-draw: no jing taken)
        more = []
        for shape, clean_ok in Tally(closed, n_melds, js).jing_single(closed).items():
            more.append(Reading(shape, False, True))
            if clean_ok:
                more.append(Reading(shape, True, True))
        if more:
            out += tuple(more)
    return out


# a win's shapes as one number (nanchang_packed.win_code) → its readings (a few dozen occur)
_code_readings: dict[int, tuple[Reading, ...]] = {}


def code_readings(code: int) -> tuple[Reading, ...]:
    """The readings of a win's shapes as :func:`nanchang_packed.win_code` gives them: those with
    the jing wild, then 德国, then 精吊 (standard before seven pairs, each then its 德国)."""
    out = _code_readings.get(code)
    if out is None:
        single = code >> 8
        out = _readings_of(code & 15, code >> 4 & 15) + tuple(
            [Reading(shape, clean, True) for bit, shape, clean in SINGLE_BITS if single & bit]
        )
        _code_readings[code] = out
    return out


def _readings_of(bits: int, clean: int) -> tuple[Reading, ...]:
    """The readings of the shapes found with the jing wild and clean, each set in the order
    of a frozenset of the shapes' names as Tally.shapes makes it."""
    wild = frozenset([name for bit, name in SHAPE_BITS if bits & bit])
    plain = frozenset([name for bit, name in SHAPE_BITS if clean & bit])
    return tuple(
        [Reading(s, False, False) for s in wild] + [Reading(s, True, False) for s in plain]
    )


def value_reading(r: Reading, *, sweep: bool, heavenly: bool, earthly: bool) -> Valuation:
    return _value_reading(r, sweep, heavenly, earthly)


@lru_cache(maxsize=1024)
def _value_reading(r: Reading, sweep: bool, heavenly: bool, earthly: bool) -> Valuation:
    """The multipliers of a reading (memoised: a pure function of a few flags)."""
    ids = []
    if SHAPE_PATTERN[r.shape]:
        ids.append(SHAPE_PATTERN[r.shape])
    if r.clean:
        ids.append("clean_sweep" if sweep else "clean")
    if r.jing_single:
        ids.append("jing_single")
    if heavenly:
        ids.append("heavenly")
    if earthly:
        ids.append("earthly")
    return Valuation(ordered(ids), r.shape)


def best(vals: Iterable[Valuation]) -> Valuation | None:
    """就高不就低: the largest product, then the 德国 +5, then a stable order."""
    vs = list(vals)
    if not vs:
        return None
    return max(vs, key=lambda v: (v.m, v.clean, -len(v.patterns)))


def best_reading(
    rs: tuple[Reading, ...], *, sweep: bool, heavenly: bool, earthly: bool
) -> tuple[Valuation, frozenset[str]]:
    """The best valuation of a hand's readings (就高不就低, :func:`best`) and every pattern
    some reading gives, with what each implies (declared patterns are checked against them).
    ``rs`` not empty."""
    return _best_reading(rs, sweep, heavenly, earthly)


@lru_cache(maxsize=4096)
def _best_reading(
    rs: tuple[Reading, ...], sweep: bool, heavenly: bool, earthly: bool
) -> tuple[Valuation, frozenset[str]]:
    """Memoised: a pure function of the readings and three flags, which recur hand after hand."""
    vals = [value_reading(r, sweep=sweep, heavenly=heavenly, earthly=earthly) for r in rs]
    found = set().union(*(v.patterns for v in vals))
    found |= {IMPLIES[p] for p in found if p in IMPLIES}
    if "clean" in found:
        found.add("clean_sweep")  # a fact about the other hands, checked by the caller
    chosen = best(vals)
    assert chosen is not None
    return chosen, frozenset(found)


# ---------------------------------------------------------------- who pays what
class PayerFactor(NamedTuple):
    factor: int
    label: str  # "自摸×2", "放炮×2", "抢杠×4", "杠上开花×4", "" (×1)


def payer_factors(
    winner: int, from_: int | None, *, kong_bloom: bool, robbed: bool, heavenly: bool, earthly: bool
) -> dict[int, PayerFactor]:
    """f_j for each other player j (RULES.md §4)."""
    out = {}
    for j in range(4):
        if j == winner:
            continue
        if heavenly:
            out[j] = PayerFactor(1, "天胡不计自摸")
        elif earthly:
            out[j] = PayerFactor(1, f"地胡不计{DISCARD_WIN.zh}" if j == from_ else "")
        elif from_ is None:
            out[j] = PayerFactor(4, "杠上开花×4") if kong_bloom else PayerFactor(2, "自摸×2")
        elif robbed:
            out[j] = PayerFactor(4, "被抢杠×4") if j == from_ else PayerFactor(1, "")
        else:
            out[j] = PayerFactor(2, f"{DISCARD_WIN.zh}×2") if j == from_ else PayerFactor(1, "")
    return out


def bonus_payers(winner: int, from_: int | None) -> tuple[int, ...]:
    """Who pays the 德国/德中德 +5: everyone after a self-draw (杠上开花, 天胡 included), the
    discarder / robbed player alone otherwise (地胡 included)."""
    if from_ is None:
        return tuple(j for j in range(4) if j != winner)
    return (from_,)


# ---------------------------------------------------------------- the cap
def cap_nets(nets: Sequence[int], cap: int | None) -> tuple[int, ...]:
    """封顶: when some |net| > cap, every net × cap / max|net|, floored, the units still missing
    for a zero sum going one each to the largest fractional parts (ties to the lower seat)."""
    nets = tuple(nets)
    top = max(abs(n) for n in nets)
    if cap is None or top <= cap:
        return nets
    exact = [Fraction(n * cap, top) for n in nets]
    floors = [floor(x) for x in exact]
    missing = -sum(floors)
    order = sorted(range(len(nets)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[:missing]:
        floors[i] += 1
    return tuple(floors)


def describe_counts(counts: Mapping[int, int]) -> str:
    return " ".join(f"{k}×{v}" for k, v in counts.items())
