"""南宁 Nanning: the pure scoring math of RULES.md §1 and the valuation of a winning hand.

Two steps, kept apart so each can be tested on its own:

1. :func:`evaluate_tiles` / :func:`evaluate_declared` turn a hand (tiles, or the declared
   ``patterns`` + ``concealed`` + ``quads``) into a :class:`Valuation`: 门清 or not and the
   doublings ``k`` with the patterns that make them.
2. :func:`self_draw_each`, :func:`discard_amount`, :func:`big_cannon` — ``S(k)``, ``N(k)``,
   ``C(k)`` of RULES.md with ``b = 4`` for 门清 else ``3`` — value the way of winning.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..declare import Pattern
from ..errors import ErrorCode, MjError
from ..hands import decompositions, seven_pairs
from ..results import ScoreItem
from ..tiles import HONOURS, SUITS, HandTiles, is_honour
from ..variant import pattern_items
from .nanning_shape import split_facts
from .texts_nanning import txt

# ---------------------------------------------------------------- the three amounts


def base(concealed: bool) -> int:
    """b = 4 for 门清, else 3 (seed 一: 自摸 3, 门清 4)."""
    return 4 if concealed else 3


def self_draw_each(k: int, concealed: bool) -> int:
    """S(k) = b·2^k: what each of the three others pays on a self-draw."""
    return base(concealed) * 2**k


def discard_amount(k: int, concealed: bool) -> int:
    """N(k): the discarder pays this on an ordinary discard win (放炮)."""
    if k == 0:
        return 4 if concealed else 2
    return 3 * base(concealed) * 2 ** (k - 1)


def big_cannon(k: int, concealed: bool) -> int:
    """C(k) = 3·b·2^k: a 大炮 — the discarder pays the whole self-draw value."""
    return 3 * base(concealed) * 2**k


# ---------------------------------------------------------------- patterns


class Reading(NamedTuple):
    """One reading of a winning hand, the uniform context the patterns look at."""

    seven_pairs: bool
    quads: int  # pairs doubled into four identical tiles (七大对 g组), 0 otherwise
    all_pungs: bool
    flush: str | None  # "suit" (清一色), "honours" (字一色) or None
    all_melded: bool  # 全求人 (only ever true for a discard win)
    concealed: bool  # 门清


QUAD_ZH = {1: "一组", 2: "二组(豪华)", 3: "三组(超级豪华)"}


PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        id="full_flush",
        zh="清一色",
        en="full flush / all honours",
        value=1,
        applies=lambda r: r.flush is not None,
        name_of=lambda r: "字一色" if r.flush == "honours" else "清一色",
    ),
    Pattern(
        id="all_pungs",
        zh="碰碰胡",
        en="all pungs",
        value=1,
        applies=lambda r: r.all_pungs and not r.seven_pairs,
    ),
    Pattern(
        id="seven_pairs",
        zh="七小对",
        en="seven pairs",
        value=1,
        applies=lambda r: r.seven_pairs and r.quads == 0,
    ),
    Pattern(
        id="luxury_seven_pairs",
        zh="七大对",
        en="luxury seven pairs",
        value=1,
        replaces=("seven_pairs",),
        applies=lambda r: r.seven_pairs and r.quads > 0,
        value_of=lambda r: 1 + r.quads,
        name_of=lambda r: f"七大对{QUAD_ZH.get(r.quads, '')}",
    ),
    Pattern(
        id="all_melded",
        zh="全求人",
        en="all melded",
        value=1,
        implies=("all_pungs",),  # evaluate_declared: all_melded counts as all_pungs
        applies=lambda r: r.all_melded,
    ),
)
PATTERN_IDS = frozenset(p.id for p in PATTERNS)
PATTERN_ZH = {p.id: p.zh for p in PATTERNS}


class Valuation(NamedTuple):
    """How a winning hand is valued: 门清 and the doublings ``k`` with their patterns."""

    reading: Reading
    items: tuple[ScoreItem, ...]  # the patterns found, value = doublings (+k)
    k: int

    @property
    def concealed(self) -> bool:
        return self.reading.concealed

    @property
    def pattern_ids(self) -> tuple[str, ...]:
        return tuple(i.id for i in self.items)

    @property
    def name(self) -> str:
        """The hand's name for reasons: '门清 清一色 碰碰胡', '鸡胡', '七小对'."""
        names = [i.zh for i in self.items]
        if self.reading.concealed and not self.reading.seven_pairs:
            names.insert(0, "门清")
        return " ".join(names) if names else "鸡胡"


_VALUATIONS: dict[Reading, Valuation] = {}  # a few dozen readings are possible


def valuation(r: Reading) -> Valuation:
    """The valuation of a reading (immutable, so made once per reading and shared)."""
    v = _VALUATIONS.get(r)
    if v is None:
        items = pattern_items(PATTERNS, r)
        v = _VALUATIONS[r] = Valuation(reading=r, items=items, k=sum(int(i.value) for i in items))
    return v


# ---------------------------------------------------------------- from tiles


_SUITS = frozenset(SUITS)
_KIND = {**{f"{r}{s}": s for s in SUITS for r in range(1, 10)}, **dict.fromkeys(HONOURS, "h")}


def _flush(tiles: Iterable[str]) -> str | None:
    ts = list(tiles)
    if all(is_honour(t) for t in ts):
        return "honours"
    # a suited tile ends in its suit letter, an honour is one letter of its own
    suits = {t[-1] for t in ts}
    return "suit" if len(suits) == 1 and suits <= _SUITS else None


def evaluate_tiles(h: HandTiles, *, self_drawn: bool, where: str | None = None) -> Valuation:
    """The best reading (就高不就低) of a parsed Nanning hand; refuses what Nanning forbids."""
    w = f"{where}.hand" if where else "hand"
    if any(m.kind == "chow" for m in h.melds):
        raise MjError(
            ErrorCode.NOT_A_WIN,
            txt("nanning_claimed_chow_concealed_part"),
            where=w,
        )
    if h.flower_count:
        raise MjError(ErrorCode.BAD_TILES, txt("nanning_played_without_flowers"), where=w)
    closed = h.closed
    concealed = not any(m.exposed for m in h.melds)
    try:  # which suits (h: the honours) the tiles are of: all one, a flush
        kinds = set(map(_KIND.__getitem__, closed))
        kinds.update(_KIND[m.tiles[0]] for m in h.melds)
        flush = ("honours" if "h" in kinds else "suit") if len(kinds) == 1 else None
    except KeyError:  # not a playing tile
        flush = _flush(h.all_tiles)
    readings: list[Reading] = []
    if not h.melds:
        q = seven_pairs(closed)
        if q is not None:
            readings.append(Reading(True, q, False, flush, False, True))
    melds_pungs = all(m.kind in ("pung", "kong") for m in h.melds)
    all_melded = (
        not self_drawn
        and len(h.melds) == 4
        and all(m.exposed for m in h.melds)
        and len(closed) == 2
    )
    facts = split_facts(closed)
    if facts is not None:
        # the readings of the decompositions differ only in 碰碰胡, which adds a doubling:
        # the best of them is the one reading with it when some decomposition has pungs alone
        if facts[0]:
            pungs = melds_pungs and facts[1]
            readings.append(Reading(False, 0, pungs, flush, all_melded, concealed))
    else:  # a tile held more than four times: searched
        for d in decompositions(closed):
            pungs = melds_pungs and all(s.kind == "pung" for s in d.sets)
            readings.append(Reading(False, 0, pungs, flush, all_melded, concealed))
    if not readings:
        raise MjError(
            ErrorCode.NOT_A_WIN,
            txt("nanning_win_four_sets_pair"),
            where=w,
        )
    return max((valuation(r) for r in readings), key=lambda v: v.k)


# ---------------------------------------------------------------- declared


def evaluate_declared(
    patterns: Iterable[str],
    concealed: bool | None,
    quads: int | None,
    *,
    self_drawn: bool,
    where: str | None = None,
) -> Valuation:
    """Declared mode: pattern ids + 门清 (+ quads for 七大对). Implied patterns count once."""
    w = where or "win"
    ps = set(patterns)
    for p in ps:
        if p not in PATTERN_IDS:
            raise MjError(
                ErrorCode.BAD_PATTERN,
                txt("unknown_nanning_pattern_known", p=p, p2=", ".join(sorted(PATTERN_IDS))),
                where=f"{w}.patterns",
            )
    pairs = bool(ps & {"seven_pairs", "luxury_seven_pairs"})
    if "luxury_seven_pairs" in ps and not quads:
        raise MjError(
            ErrorCode.BAD_PATTERN,
            txt("luxury_seven_pairs_quads_how"),
            where=f"{w}.quads",
        )
    if quads and "luxury_seven_pairs" not in ps:
        raise MjError(
            ErrorCode.BAD_PATTERN,
            txt("quads_goes_pattern_luxury_seven"),
            where=f"{w}.quads",
        )
    if pairs and ps & {"all_pungs", "all_melded"}:
        bad = sorted(ps & {"all_pungs", "all_melded"})[0]
        raise MjError(
            ErrorCode.BAD_PATTERN,
            txt("seven_pairs_also_one_pairs", p1=PATTERN_ZH[bad], bad=bad),
            where=f"{w}.patterns",
        )
    if "all_melded" in ps:
        if self_drawn:
            raise MjError(
                ErrorCode.BAD_PATTERN,
                txt("all_melded_won_discard_self"),
                where=f"{w}.patterns",
            )
        if concealed:
            raise MjError(
                ErrorCode.CONTRADICTION,
                txt("all_melded_four_exposed_melds"),
                where=f"{w}.concealed",
            )
        concealed = False
    if pairs:
        if concealed is False:
            raise MjError(
                ErrorCode.CONTRADICTION,
                txt("always_concealed_false_contradicts_them"),
                where=f"{w}.concealed",
            )
        concealed = True
    if concealed is None:
        # not declared and not implied (七对, 天胡/地胡/人胡) nor contradicted by events: a declared
        # win is 门清 only when it says so (the TUI sends concealed only when 门清 is ticked)
        concealed = False
    r = Reading(
        seven_pairs=pairs,
        quads=quads or 0,
        all_pungs=bool(ps & {"all_pungs", "all_melded"}),
        flush="suit" if "full_flush" in ps else None,
        all_melded="all_melded" in ps,
        concealed=concealed,
    )
    return valuation(r)
