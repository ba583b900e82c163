"""国标麻将 Guobiao (Chinese Official, 81 fans): RULES.md §3.

The fans come from PyMahjongGB (the reference calculator, imported lazily so ``import
engine`` stays light); this module maps our notation and the session's facts to its input,
refuses what it silently ignores (an impossible 抢杠和 or 和绝张), names the fans with the
standard names of :mod:`engine.variants.gb_fans`, enforces the minimum and settles payments,
false wins, draws, the dealer and the prevailing wind.

Pipeline: hand string → :class:`~engine.tiles.HandTiles` + :class:`Situation` →
:func:`evaluate` → :class:`GbValue` → payments (``settle_hand``) or a report (``calc``).
``calc`` reads the common string shapes with :func:`_fast_args` straight into the calculator's
positional arguments (checked against ``parse_hand`` by property tests), calls it, and looks the
answer up in a table of finished, read-only reports keyed by the calculator's own output (one per
distinct fan list, never per hand string); flags, a kong/绝张 context bit and every error take the
checked path (``_calc_checked``), which words the refusals. ``bench/bench_gb_calc.py`` times both.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ..checks import check_event_consistency
from ..errors import ErrorCode, MjError
from ..events import Flowers, Hand, Kong, Pung, Win
from ..facts import check_context, claimed_melds, kong_chain, kongs, win_tiles
from ..results import CalcResult, HandResult, PaymentBook, ScoreItem, TableState, WinResult, advance
from ..rules import option
from ..tiles import (
    DEFAULT_CONTEXT,
    Context,
    HandTiles,
    format_hand,
    parse_hand,
    parse_tiles,
)
from ..variant import Variant, false_win_payments
from . import guobiao_data
from .gb_fans import FLOWER, Fan, fan_for_label

WINDS = "ESWN"
COMPETITION_BASE = 8  # MCR: every other player pays 8 on top

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
_TILE_OF_CODE = {c: t for t, c in TILE_CODE.items()}
GB_FLAGS = frozenset({"kong_bloom", "robbed_kong", "last_tile", "last_copy"})


def _tile_of(code: str) -> str:
    return _TILE_OF_CODE.get(code, code)


@dataclass(frozen=True, slots=True, kw_only=True)
class GuobiaoRules:
    min_fan: int = option(
        8,
        "起和番数（花牌不计）",
        "minimum fans to win, flowers excluded",
        minimum=0,
        maximum=88 * 4,
    )
    payment: str = option(
        "seed",
        "计分方式：seed 自摸每家付番数、点炮者付番数；competition 每家付 8 加点炮者付番数",
        "payment: seed = self-draw each pays the fans, discarder pays the fans; competition = each pays 8, discarder also the fans",
        choices=("seed", "competition"),
    )
    false_win_penalty: int = option(
        10, "错和罚分（付每家）", "false win penalty, paid to each other player", minimum=0
    )
    dealer_repeats: bool = option(
        False,
        "连庄：庄家和牌或流局时庄家不变",
        "dealer keeps the deal after a dealer win or a draw",
    )


# ---------------------------------------------------------------- valuing one hand
@dataclass(frozen=True, slots=True, kw_only=True)
class Situation:
    """The facts of a win besides the tiles (from the |context, or the table and win event)."""

    seat_wind: str = "E"
    prevailing_wind: str = "E"
    self_drawn: bool = False
    last_copy: bool = False  # 和绝张
    last_tile: bool = False  # 妙手回春 / 海底捞月
    kong: bool = False  # 杠上开花 when self-drawn, 抢杠和 otherwise
    flowers: int = 0

    @classmethod
    def from_context(cls, ctx: Context, flowers: int = 0) -> Situation:
        return cls(
            seat_wind=ctx.seat,
            prevailing_wind=ctx.prevailing,
            self_drawn=ctx.self_drawn,
            last_copy=ctx.last_copy,
            last_tile=ctx.last_tile,
            kong=ctx.kong,
            flowers=flowers,
        )


class FanCount:
    """One fan with its count. Instances are shared (``_FAN_COUNTS``) and never changed, so
    their total, label, text line and JSON are computed once."""

    __slots__ = ("count", "fan", "line", "total", "_json", "_label")

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

    def to_json(self) -> dict[str, Any]:
        return dict(self._json)

    def label(self) -> str:
        return self._label

    def score_item(self) -> ScoreItem:
        return ScoreItem(
            id=self.fan.id, zh=self.fan.zh, en=self.fan.en, value=self.fan.points, count=self.count
        )


class GbValue(NamedTuple):
    """A valued hand: the fans (flowers last, as 花牌), ``fan`` without and ``total`` with flowers.
    (Named tuples here and below: cheap to make, and ``calc`` makes one per hand.)"""

    fans: tuple[FanCount, ...]
    fan: int  # toward the minimum (flowers excluded)
    flowers: int

    @property
    def total(self) -> int:
        return self.fan + self.flowers

    def summary(self) -> str:
        return " ".join(f.label() for f in self.fans)


# PyMahjongGB raises TypeError with one of these codes (its spelling, ERROE_ included)
_CALC_ERRORS: dict[str, tuple[ErrorCode, str]] = {
    "ERROR_NOT_WIN": (
        ErrorCode.NOT_A_WIN,
        "{hand} is not a winning hand in Guobiao (it needs four sets and a pair, seven pairs, 十三幺, 全不靠 or 组合龙)",
    ),
    "ERROR_WRONG_TILES_COUNT": (
        ErrorCode.BAD_TILES,
        "{hand} has the wrong number of tiles for Guobiao",
    ),
    "ERROR_TILE_COUNT_GREATER_THAN_4": (
        ErrorCode.BAD_TILES,
        "{hand} has more than four copies of a tile",
    ),
    "ERROR_INVALID_HAND": (ErrorCode.BAD_TILES, "{hand} is not a valid Guobiao hand"),
    "ERROR_INVALID_HAND_OR_PACK": (ErrorCode.BAD_TILES, "{hand} has an invalid hand or meld"),
    "ERROE_WRONG_TILE_CODE": (ErrorCode.BAD_TILES, "{hand} holds a tile Guobiao does not use"),
    "ERROE_WRONG_PACK_CODE": (
        ErrorCode.BAD_TILES,
        "{hand} has a meld the fan calculator cannot read",
    ),
    "ERROE_WRONG_OFFER_CODE": (
        ErrorCode.BAD_TILES,
        "{hand} has a meld with an impossible claimed-from seat",
    ),
}


def _calc_error(msg: str, hand: str) -> MjError:
    code, text = _CALC_ERRORS.get(
        msg, (ErrorCode.BAD_TILES, "the fan calculator refused {hand} (" + msg + ")")
    )
    return MjError(code, text.format(hand=hand))


def _pack(m) -> tuple[str, str, int]:
    if (
        m.kind == "chow"
    ):  # PyMahjongGB names a chow by its middle tile; offer = which tile was claimed
        return ("CHI", TILE_CODE[m.tiles[1]], m.claim)
    if m.kind == "pung":
        return ("PENG", TILE_CODE[m.tiles[0]], m.claim)
    # kong: 0 concealed, 1..3 exposed from that relative seat; an added kong counts as melded
    return (
        "GANG",
        TILE_CODE[m.tiles[0]],
        0 if m.claim is None else (m.claim - 4 if m.claim >= 5 else m.claim),
    )


class CalcInput(NamedTuple):
    """What the calculator needs from the tiles, plus the two facts the flag checks need."""

    pack: tuple[tuple[str, str, int], ...]
    hand: tuple[str, ...]  # standing tiles without the winning tile, calculator codes
    win: str  # calculator code
    has_kong: bool
    win_copies: int  # copies of the winning tile in the whole hand (melds included)


_PACKS: dict[tuple, tuple[str, str, int]] = {}  # (kind, tiles, claim) → pack; at most a few hundred


def calc_input(tiles: HandTiles, *, need_copies: bool = True) -> CalcInput:
    """The calculator's input for parsed tiles (``win_copies`` is 0 unless ``need_copies``:
    only a robbed-kong check reads it)."""
    if tiles.win_tile is None:
        raise MjError(
            ErrorCode.BAD_TILES, "a 13-tile waiting hand cannot be valued: add the winning tile"
        )
    try:
        packs = []
        has_kong = False
        for m in tiles.melds:
            key = (m.kind, m.tiles, m.claim)
            p = _PACKS.get(key)
            if p is None:
                p = _PACKS[key] = _pack(m)
            packs.append(p)
            has_kong = has_kong or m.kind == "kong"
        return CalcInput(
            tuple(packs),
            tuple(map(TILE_CODE.__getitem__, tiles.concealed)),
            TILE_CODE[tiles.win_tile],
            has_kong,
            tiles.all_tiles.count(tiles.win_tile) if need_copies else 0,
        )
    except KeyError as e:  # a flower letter or unknown tile among the tiles
        raise MjError(ErrorCode.BAD_TILES, f"{e.args[0]!r} is not a Guobiao playing tile") from None


def _check_situation(inp: CalcInput, sit: Situation) -> None:
    """Refuse what the calculator would silently drop or misread."""
    if sit.seat_wind not in WINDS or sit.prevailing_wind not in WINDS:
        raise MjError(ErrorCode.BAD_FLAG, "winds must be E, S, W or N")
    if not 0 <= sit.flowers <= 8:
        raise MjError(ErrorCode.BAD_FLAG, f"{sit.flowers} flowers: Guobiao has 8 flower tiles")
    if sit.kong and sit.self_drawn and not inp.has_kong:
        raise MjError(ErrorCode.BAD_FLAG, "杠上开花 (kong_bloom) needs a kong in the winner's hand")
    if sit.kong and not sit.self_drawn:
        if sit.last_tile:
            raise MjError(
                ErrorCode.BAD_FLAG, "a robbed kong (抢杠和) cannot also be the last tile (海底)"
            )
        if inp.win_copies != 1:
            raise MjError(
                ErrorCode.BAD_FLAG,
                f"抢杠和 (robbed_kong) is impossible: the robbed player's kong holds the other three {_tile_of(inp.win)}, "
                f"but this hand holds {inp.win_copies} of them",
            )


_CALCULATOR: Any = None
_FAN_COUNTS: dict[tuple[str, int], FanCount] = {}


def _calculator() -> Any:
    global _CALCULATOR
    if _CALCULATOR is None:
        from MahjongGB import MahjongFanCalculator  # lazy: `import engine` stays light

        _CALCULATOR = MahjongFanCalculator
    return _CALCULATOR


def evaluate(tiles: HandTiles, sit: Situation) -> GbValue:
    """The fans of a winning hand under ``sit``; MjError for a non-win or impossible flags."""
    inp = calc_input(tiles, need_copies=sit.kong and not sit.self_drawn)
    return evaluate_input(inp, sit, lambda: format_hand(tiles))


def evaluate_input(inp: CalcInput, sit: Situation, describe: Any) -> GbValue:
    """:func:`evaluate` on prepared input; ``describe()`` names the hand in error messages."""
    return _name_fans(_raw_fans(inp, sit, describe))


def _raw_fans(inp: CalcInput, sit: Situation, describe: Any) -> tuple:
    """The calculator's own answer (a tuple of (points, count, label, en)) after every check."""
    _check_situation(inp, sit)
    try:
        raw = (_CALCULATOR or _calculator())(
            inp.pack,
            inp.hand,
            inp.win,
            sit.flowers,
            sit.self_drawn,
            sit.last_copy,
            sit.kong,
            sit.last_tile,
            WIND_INDEX[sit.seat_wind],
            WIND_INDEX[sit.prevailing_wind],
            True,
        )
    except TypeError as e:
        raise _calc_error(str(e), describe()) from None
    if sit.kong or sit.last_copy:
        _check_dropped_flags(_tile_of(inp.win), sit, {fan_for_label(r[2]).zh for r in raw})
    return raw


def _name_fans(raw: tuple) -> GbValue:
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
    return GbValue(tuple(fans), fan, flowers)


def _check_dropped_flags(win_tile: str, sit: Situation, names: set[str]) -> None:
    """The calculator drops flags it finds impossible; a record must not say what cannot be."""
    if sit.kong and sit.self_drawn and "杠上开花" not in names:  # pragma: no cover - caught before
        raise MjError(ErrorCode.BAD_FLAG, "杠上开花 (kong_bloom) is impossible for this hand")
    if sit.kong and not sit.self_drawn and "抢杠和" not in names:
        raise MjError(
            ErrorCode.BAD_FLAG, f"抢杠和 (robbed_kong) is impossible for this hand on {win_tile}"
        )
    if sit.last_copy and "和绝张" not in names and "抢杠和" not in names:
        raise MjError(
            ErrorCode.BAD_FLAG,
            f"和绝张 (last_copy) is impossible: the hand itself holds another {win_tile}, so the winning tile "
            "cannot be the last unseen copy",
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


# ---------------------------------------------------------------- the variant
def _flower_tiles(hand: Hand) -> tuple[list[int], dict[int, tuple[str, ...] | None]]:
    """Flower counts per player from `flowers` events (and the letters when all were given)."""
    counts = [0, 0, 0, 0]
    letters: dict[int, list[str] | None] = {}
    seen: dict[str, int] = {}
    for i, e in enumerate(hand.events):
        if not isinstance(e, Flowers):
            continue
        where = f"events[{i}]"
        if e.tiles is not None:
            ts = parse_tiles(e.tiles, allow_flowers=True, where=f"{where}.tiles")
            for t in ts:
                if t not in "abcdefgh":
                    raise MjError(
                        ErrorCode.BAD_RECORD,
                        f"{t!r} is not a Guobiao flower (flowers are a–h)",
                        where=f"{where}.tiles",
                    )
                if t in seen:
                    raise MjError(
                        ErrorCode.CONTRADICTION,
                        f"flower {t!r} was already exposed in this hand",
                        where=f"{where}.tiles",
                    )
                seen[t] = e.player
            lst = letters.setdefault(e.player, [])
            if lst is not None:
                lst.extend(ts)
        else:
            letters[e.player] = None
        counts[e.player] += e.n
    if sum(counts) > 8:
        raise MjError(
            ErrorCode.CONTRADICTION,
            f"{sum(counts)} flowers exposed in one hand; Guobiao has 8",
            where="events",
        )
    return counts, {p: (tuple(sorted(v)) if v is not None else None) for p, v in letters.items()}


class Guobiao(Variant):
    id: ClassVar[str] = "guobiao"
    name_zh: ClassVar[str] = "国标"
    name_en: ClassVar[str] = "Guobiao"
    data = guobiao_data.DATA  # patterns, flags, scoring table, table status
    Rules: ClassVar[type] = GuobiaoRules
    flags: ClassVar[frozenset[str]] = GB_FLAGS
    declared_fields: ClassVar[frozenset[str]] = frozenset({"fan"})
    pattern_ids: ClassVar[frozenset[str]] = frozenset()
    event_types: ClassVar[frozenset[str]] = frozenset(
        {"pung", "kong", "flowers", "win", "false_win", "draw"}
    )
    multiple_wins: ClassVar[bool] = False

    def accepts_declared(self, win: Win) -> bool:
        return win.fan is not None

    # ---- state
    def initial_state(self, first_dealer: int, rules: Any) -> TableState:
        return TableState(hand_number=1, dealer=first_dealer, prevailing_wind="E", passes=0)

    def next_state(
        self, state: TableState, rules: GuobiaoRules, *, dealer_stays: bool
    ) -> TableState:
        """The deal passes after every hand (a 16-hand game, four per wind) unless
        ``dealer_repeats`` keeps it; the prevailing wind follows the number of passes."""
        stays = rules.dealer_repeats and dealer_stays
        passes = state.passes if stays else state.passes + 1
        dealer = state.dealer if stays else (state.dealer + 1) % 4
        return advance(
            state, dealer=dealer, passes=passes, prevailing_wind=WINDS[(passes // 4) % 4]
        )

    # ---- settlement
    def settle_hand(self, hand: Hand, state: TableState, rules: GuobiaoRules) -> HandResult:
        for i, e in enumerate(hand.events):
            if e.type not in self.event_types:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    f"Guobiao has no {e.type} events",
                    where=f"events[{i}].type",
                )
        check_event_consistency(hand, self)
        _check_copies(hand)
        flower_counts, flower_letters = _flower_tiles(hand)
        book = PaymentBook()
        outcome = hand.outcome
        details: dict[str, Any] = {"game": state.passes // 16 + 1, "flowers": flower_counts}
        wins: tuple[WinResult, ...] = ()
        if outcome == "win":
            if len(hand.wins) > 1:
                raise MjError(
                    ErrorCode.MULTIPLE_WINS,
                    "Guobiao allows one winner per hand (截和)",
                    where="events",
                )
            win = hand.wins[0]
            idx = next(i for i, e in enumerate(hand.events) if e is win)
            wr = self._value_win(hand, win, idx, state, rules, flower_counts, flower_letters)
            wins = (wr,)
            self._pay_win(book, win, wr, rules)
            details["fan"] = wr.value
            summary = wr.summary
            dealer_stays = win.player == state.dealer
        elif outcome == "false_win":
            false_win_payments(
                book, hand, rules.false_win_penalty, f"错和 罚{rules.false_win_penalty}"
            )
            summary = "错和"
            dealer_stays = False
        elif outcome == "draw":
            summary = "荒庄"
            dealer_stays = True
        else:
            raise MjError(
                ErrorCode.BAD_RECORD,
                "the hand has not ended (no win, false_win or draw)",
                where="events",
            )
        nxt = self.next_state(state, rules, dealer_stays=dealer_stays)
        return book.result(
            next_state=nxt, outcome=outcome, wins=wins, summary=summary, details=details
        )

    def _value_win(
        self,
        hand: Hand,
        win: Win,
        idx: int,
        state: TableState,
        rules: GuobiaoRules,
        flower_counts: list[int],
        flower_letters: Mapping[int, tuple[str, ...] | None],
    ) -> WinResult:
        where = f"events[{idx}]"
        for name in win.flags_set:
            if name not in GB_FLAGS:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    f"Guobiao does not know the flag {name!r}",
                    where=f"{where}.{name}",
                )
        self_drawn = win.from_ is None
        if win.kong_bloom:
            if not self_drawn:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    "杠上开花 (kong_bloom) is a self-draw; 'from' must be null",
                    where=f"{where}.kong_bloom",
                )
            kong_chain(hand, win.player, win.kong_bloom, where=f"{where}.kong_bloom")
        if win.robbed_kong:
            if self_drawn:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    "抢杠和 (robbed_kong) needs 'from' = the robbed player",
                    where=f"{where}.robbed_kong",
                )
            if win.last_tile:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    "a robbed kong (抢杠和) cannot also be the last tile (海底)",
                    where=f"{where}.robbed_kong",
                )
            if win.robbed_kong > 1:
                earlier = sum(1 for k in kongs(hand, win.from_))
                if earlier < win.robbed_kong - 1:
                    raise MjError(
                        ErrorCode.CONTRADICTION,
                        f"robbed_kong: {win.robbed_kong} says the robbed kong was kong {win.robbed_kong} of a chain, so the "
                        f"robbed player's {win.robbed_kong - 1} earlier kong(s) must be logged, but {earlier} kong event(s) of "
                        "that player are",
                        where=f"{where}.robbed_kong",
                    )
                kong_chain(
                    hand,
                    win.from_,
                    win.robbed_kong - 1,
                    where=f"{where}.robbed_kong",
                    what="robbed_kong",
                )  # type: ignore[arg-type]
        flowers = flower_counts[win.player]
        tiles = win_tiles(win, self.id, where)
        if tiles is None:  # declared fan
            if win.fan is None:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    "a Guobiao win needs 'hand' (tiles) or a declared 'fan'",
                    where=where,
                )
            fan = win.fan
            items: tuple[ScoreItem, ...] = (
                ScoreItem(id="gb_declared", zh="报番", en="Declared fans", value=fan),
            )
            if flowers:
                items += (
                    ScoreItem(id=FLOWER.id, zh=FLOWER.zh, en=FLOWER.en, value=1, count=flowers),
                )
            summary = "报番" + (f" 花牌×{flowers}" if flowers > 1 else " 花牌" if flowers else "")
        else:
            check_context(tiles, win, state, where)
            claimed_melds(hand, win, tiles, where=where)
            flowers = self._winner_flowers(tiles, win.player, flower_counts, flower_letters, where)
            sit = Situation(
                seat_wind=state.seat_wind(win.player),
                prevailing_wind=state.prevailing_wind,
                self_drawn=self_drawn,
                last_copy=bool(win.last_copy),
                last_tile=bool(win.last_tile),
                kong=bool(win.kong_bloom or win.robbed_kong),
                flowers=flowers,
            )
            try:
                val = evaluate(tiles, sit)
            except MjError as e:
                raise MjError(e.code, e.message, where=f"{where}.hand") from None
            _check_copies(hand, win, tiles, where=where)
            fan = val.fan
            if win.fan is not None and win.fan != fan:
                raise MjError(
                    ErrorCode.CONTRADICTION,
                    f"declared fan {win.fan} but the hand counts {fan} ({val.summary()})",
                    where=f"{where}.fan",
                )
            items = tuple(f.score_item() for f in val.fans)
            summary = val.summary()
        if fan < rules.min_fan:
            raise MjError(
                ErrorCode.BELOW_MINIMUM,
                f"{fan} fan is below the minimum of {rules.min_fan} (起和 {rules.min_fan} 番, flowers not counted): "
                "not a legal win; record it as a false win (错和) if it was declared",
                where=where,
            )
        total = fan + flowers
        return WinResult(
            player=win.player,
            from_=win.from_,
            items=items,
            value=total,
            unit="番",
            summary=self.reason(summary, total, win),
        )

    @staticmethod
    def reason(fans: str, total: int, win: Win) -> str:
        """The payment reason: the fans, the total, then how it was won — who pays — unless a
        fan already says so: "十三幺 自摸 89番", "七对 清一色 48番 放炮", "… 抢杠和 … 40番"
        (the robbed player pays), "… 不求人 … 30番 自摸", "报番 24番 自摸"."""
        names = fans.split()
        if win.from_ is None:  # everyone pays (杠上开花, 妙手回春, 不求人 are self-draws too)
            how = "" if "自摸" in names else "自摸"
        elif win.robbed_kong:
            how = "" if "抢杠和" in names else "抢杠和"
        else:
            how = "放炮"
        return f"{fans} {total}番" + (f" {how}" if how else "")

    @staticmethod
    def _winner_flowers(
        tiles: HandTiles,
        player: int,
        counts: list[int],
        letters: Mapping[int, tuple[str, ...] | None],
        where: str,
    ) -> int:
        """The winner's flowers: the string's section and the events must agree when both exist."""
        fs = tiles.flowers
        others_letters = {t: p for p, ts in letters.items() if p != player and ts for t in ts}
        if fs is None:
            return counts[player]
        from_string = fs if isinstance(fs, int) else len(fs)
        if isinstance(fs, tuple):
            taken = sorted(set(fs) & set(others_letters))
            if taken:
                raise MjError(
                    ErrorCode.CONTRADICTION,
                    f"flower {taken[0]!r} in the hand string was exposed by player {others_letters[taken[0]]} in this hand",
                    where=f"{where}.hand",
                )
        if from_string + sum(counts) - counts[player] > 8:
            raise MjError(
                ErrorCode.CONTRADICTION, "more than 8 flowers in one hand", where=f"{where}.hand"
            )
        if player not in letters:  # no flowers events for the winner: the string decides
            return from_string
        ev_letters = letters[player]
        if isinstance(fs, tuple) and ev_letters is not None:
            agree = fs == ev_letters
        else:
            agree = from_string == counts[player]
        if not agree:
            shown = "".join(fs) if isinstance(fs, tuple) else str(fs)
            logged = "".join(ev_letters) if ev_letters is not None else str(counts[player])
            raise MjError(
                ErrorCode.CONTRADICTION,
                f"the hand string's flowers ({shown}) differ from the flowers events of this player ({logged})",
                where=f"{where}.hand",
            )
        return counts[player]

    @staticmethod
    def _pay_win(book: PaymentBook, win: Win, wr: WinResult, rules: GuobiaoRules) -> None:
        reason = wr.summary
        if rules.payment == "competition":
            for p in range(4):
                if p != win.player:
                    book.pay(p, win.player, COMPETITION_BASE, f"底分 {COMPETITION_BASE}")
        if win.from_ is None:
            book.each_pays(win.player, wr.value, reason)
        else:
            book.pay(win.from_, win.player, wr.value, reason)

    # ---- calculator
    def calc(
        self,
        hand: str,
        rules: Any,
        *,
        flags: Mapping[str, Any] | None = None,
        jing: str | None = None,
    ) -> CalcResult:
        """Value one hand string. The common case (a plain string, no --flag, no kong/绝张 bit in
        its context) goes straight from :func:`_fast_args` to the calculator; everything else,
        and every error, takes the checked path, which words the refusals."""
        if jing is not None:
            raise MjError(
                ErrorCode.BAD_FLAG, "Guobiao has no jing (--jing is for Nanchang)", where="--jing"
            )
        if hand[-1:] == "|" and hand.count("|") == 2:
            hand = hand[:-1]  # GB-Mahjong strings may end in an empty flower section
        if not flags:
            fast = _fast_args(hand)
            if fast is not None:
                args = fast[0]
                if not (args[5] or args[6]):  # 和绝张 / kong bits need the checks of _raw_fans
                    try:
                        raw = (_CALCULATOR or _calculator())(*args)
                    except TypeError:
                        pass  # the checked path words the calculator's refusal
                    else:
                        return _result(raw, rules.min_fan)
        return self._calc_checked(hand, rules, flags)

    def _calc_checked(self, hand: str, rules: Any, flags: Mapping[str, Any] | None) -> CalcResult:
        fast = fast_input(hand)
        if fast is None:
            tiles = parse_hand(hand, variant=self.id, waiting_ok=False)
            fast = (
                calc_input(tiles),
                Situation.from_context(tiles.context or DEFAULT_CONTEXT, tiles.flower_count),
            )
        inp, sit = fast
        if flags:
            sit = _apply_flags(sit, flags)
        raw = _raw_fans(inp, sit, lambda: format_hand(parse_hand(hand, variant=self.id)))
        return _result(raw, rules.min_fan)


_CACHE_LIMIT = 50_000
_RESULTS: dict[tuple[tuple, int], CalcResult] = {}


class _FrozenDict(dict):
    """A dict nobody can change: calc results are shared between calls with the same fans."""

    __slots__ = ()

    def _refuse(self, *_a: Any, **_k: Any) -> Any:
        raise TypeError(
            "calc results are shared and read-only; copy them with dict(...) to change them"
        )

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse  # type: ignore[assignment]


def _result(raw: tuple, min_fan: int) -> CalcResult:
    """The report of the calculator's answer ``raw``: a pure function of (raw, min_fan), so it is
    made once per distinct fan list (never per hand string) and shared, read-only."""
    key = (raw, min_fan)
    out = _RESULTS.get(key)
    if out is None:
        if len(_RESULTS) > _CACHE_LIMIT:
            _RESULTS.clear()
        fans_json, total, below, lines = _report(_name_fans(raw), min_fan)
        js = _FrozenDict(
            fans=tuple(_FrozenDict(f) for f in fans_json),
            total=total,
            min_fan=min_fan,
            below_minimum=below,
        )
        out = _RESULTS[key] = CalcResult(json=js, lines=lines)
    return out


def _report(
    val: GbValue, min_fan: int
) -> tuple[tuple[dict[str, Any], ...], int, bool, tuple[str, ...]]:
    """The JSON fan list, total, below-minimum flag and text lines of a valued hand."""
    below = val.fan < min_fan
    lines = [f.line for f in val.fans]
    lines.append(
        f"合计 total {val.total}番" + (f" (花牌 {val.flowers} 不计起和)" if val.flowers else "")
    )
    if below:
        lines.append(
            f"低于起和 {min_fan} 番: {val.fan} fan is below the minimum of {min_fan}, not a legal win"
        )
    else:
        lines.append(f"起和 {min_fan} 番: ok ({val.fan} fan without flowers)")
    return tuple(f.to_json() for f in val.fans), val.total, below, tuple(lines)


def _apply_flags(sit: Situation, flags: Mapping[str, Any]) -> Situation:
    """``--flag`` values on top of the |context (they may only add what the context allows)."""
    from dataclasses import replace

    changes: dict[str, Any] = {}
    for name, value in flags.items():
        if name not in GB_FLAGS:
            raise MjError(
                ErrorCode.BAD_FLAG,
                f"Guobiao does not know the flag {name!r} (flags: {', '.join(sorted(GB_FLAGS))})",
                where="--flag",
            )
        if not value:
            continue
        if name == "kong_bloom":
            if not sit.self_drawn:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    "杠上开花 (kong_bloom) is a self-draw: the context needs 1 in the self-drawn place",
                    where="--flag",
                )
            changes["kong"] = True
        elif name == "robbed_kong":
            if sit.self_drawn:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    "抢杠和 (robbed_kong) is won on another's kong, not self-drawn",
                    where="--flag",
                )
            changes["kong"] = True
        else:
            changes[name] = True
    return replace(sit, **changes) if changes else sit


def _check_copies(
    hand: Hand, win: Win | None = None, tiles: HandTiles | None = None, *, where: str = "events"
) -> None:
    """No tile more than four times: the pungs and kongs logged for the other players, the
    winner's whole hand and, for 抢杠和, the robbed pung (RULES.md §0: the robbed kong is not
    logged as a kong event; it held the other three copies of the winning tile)."""
    melds: dict[
        tuple[int, str], int
    ] = {}  # (player, tile) → 3 pung / 4 kong (an added kong is one meld)
    for e in hand.events:
        if (
            isinstance(e, (Pung, Kong))
            and e.tile is not None
            and (win is None or e.player != win.player or tiles is None)
        ):
            key = (e.player, e.tile)
            melds[key] = max(melds.get(key, 0), 4 if isinstance(e, Kong) else 3)
    seen: Counter[str] = Counter()
    for (_, t), n in melds.items():
        seen[t] += n
    if tiles is not None:
        seen.update(tiles.all_tiles)
    if win is not None and win.robbed_kong and tiles is not None and tiles.win_tile is not None:
        t = tiles.win_tile
        if melds.get((win.from_, t)) == 4:  # type: ignore[arg-type]
            raise MjError(
                ErrorCode.CONTRADICTION,
                f"抢杠和 on {t}: a kong of {t} by the robbed player is logged, but a robbed kong is never completed "
                "(RULES.md §0: it is not logged as a kong event)",
                where=f"{where}.robbed_kong",
            )
        if (win.from_, t) not in melds:
            seen[t] += 3  # the robbed player's pung, extended by the tile the winner takes
        others = sorted(p for (p, x) in melds if x == t and p != win.from_)
        if others:
            raise MjError(
                ErrorCode.CONTRADICTION,
                f"抢杠和 on {t}: the robbed player must hold a pung of {t}, but player {others[0]} has a logged meld of {t}",
                where=f"{where}.robbed_kong",
            )
    over = sorted(t for t, n in seen.items() if n > 4)
    if over:
        t = over[0]
        what = (
            "the winner's hand and the pungs/kongs logged"
            if tiles is not None
            else "the pungs/kongs logged"
        )
        raise MjError(
            ErrorCode.CONTRADICTION,
            f"{seen[t]} copies of {t} between {what} in this hand; there are only four",
            where=f"{where}.hand" if tiles is not None else where,
        )


VARIANT = Guobiao()

__all__ = ["GbValue", "Guobiao", "GuobiaoRules", "Situation", "VARIANT", "evaluate"]
