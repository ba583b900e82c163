"""南京 Nanjing scoring math (RULES.md §2): patterns, soft flowers, the hand value H.

Pure functions over facts; no events, no table state. :mod:`engine.variants.nanjing`
gathers the facts from a session hand (or a ``calc`` string) and settles payments.

Two ways in:
- tile mode, engine.variants.nanjing_read.value_tiles: every reading of the winning hand
  (:func:`readings`: seven pairs or sets, where the winning tile sits) is valued and the
  best legal one kept (就高不就低);
- declared mode, :func:`value_declared`: patterns, soft and hard flowers as the table called.
Both end in :func:`assemble`, so the two modes agree by construction on the arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import NamedTuple, Protocol

from ..declare import Pattern
from ..errors import ErrorCode, MjError, Msg
from ..hands import decompositions, seven_pairs, waits, win_shapes
from ..readonly import FrozenDict, FrozenList
from ..results import ScoreItem, TableState
from ..tiles import SUITS, WINDS, HandTiles, is_wind
from .nanjing_patterns import BY_ID, EARTHLY, HEAVENLY, PATTERN_IDS, PATTERNS, Reading
from .nanjing_soft import soft_items_of, soft_total
from .texts_nanjing import txt

RUN = 20  # 跑20: every win starts from 20 花
KONG_PAY = {"exposed": 20, "added": 20, "concealed": 10}  # 杠 paid on the spot (现场汇)
FLOWER_KONG_PAY = 20
PENALTY_PAY = 10


class _Stacking(Protocol):
    @property
    def bixiahu_stack(self) -> bool: ...


def multiplier(state: TableState, rules: _Stacking) -> int:
    """比下胡: ×2, or ×2^(1+flags) with ``bixiahu_stack``; 1 in an ordinary hand."""
    if not state.bixiahu:
        return 1
    return 2 ** (1 + state.flags) if rules.bixiahu_stack else 2


_SUITS = frozenset(SUITS)  # a suited tile ends in its suit, an honour is one other letter
_WINDS = frozenset(WINDS)
_WAIT_FLOWER = {"closed": "closed", "edge": "edge", "single": "single"}


_APPLIES = tuple((p.id, p.applies) for p in PATTERNS)
BIG_FLAGS = ("heavenly", "earthly")
# declaring a pattern implies these (RULES.md §2 / §0 "implied patterns count once")
IMPLIES = {p.id: p.implies for p in PATTERNS if p.implies}
REPLACES = {p.id: p.replaces for p in PATTERNS if p.replaces}
EXCLUSIVE = (
    ({"seven_pairs", "luxury_seven_pairs"}, {"all_pungs", "all_melded", "last_closed"}),
    # 压绝 is a 压档/边枝 win (the middle or edge of a sequence); an all-pungs hand wins on its
    # pair or a pung
    ({"last_closed"}, {"all_pungs", "all_melded"}),
    ({"full_flush"}, {"half_flush", "all_winds"}),
    ({"half_flush"}, {"all_winds"}),
    ({"all_winds"}, {"full_flush", "half_flush"}),
)


# ---------------------------------------------------------------- the value
class Bonuses(NamedTuple):
    """Situation flags that change H (RULES.md §2 "Hand value"); a named tuple, as every
    valuation memo's key holds one."""

    kong_bloom: bool = False  # 大杠开 ×2
    flower_bloom: bool = False  # 小杠开 +20
    flower_kong_bloom: bool = False  # 花杠开 ×4
    last_tile: bool = False  # 海底捞 +10
    heavenly: bool = False  # 天胡 60
    earthly: bool = False  # 地胡 40


class Valuation(NamedTuple):
    """A valued win before the 比下胡 multiplier (a named tuple: one per reading)."""

    items: tuple[ScoreItem, ...]  # explanation lines, in order
    patterns: tuple[str, ...]  # pattern ids found (plus 'heavenly'/'earthly')
    hard: int
    soft: int
    soft_items: tuple[ScoreItem, ...]
    subtotal: int  # 20 + 2(hard+soft) + Σ patterns + 小杠开 + 海底捞
    factor: int  # 1, 2 (大杠开) or 4 (花杠开)
    concealed: bool  # 门清 (the fact, whether or not its 20 is counted)
    legal: bool  # the 小胡 rule
    refusal: str | None

    @property
    def value(self) -> int:
        return self.subtotal * self.factor

    @property
    def big(self) -> bool:
        """A big win: some pattern other than 门清."""
        return not _ONLY_CONCEALED.issuperset(self.patterns)

    @property
    def summary(self) -> str:
        got = _SUMMARIES.get(self.patterns)
        return got if got is not None else _summary(self.patterns)

    def to_json(self) -> dict:
        """The valuation as JSON: read-only (engine.frozen.FrozenDict) and made once per
        valuation, as a valuation is shared by every hand whose reading has its facts;
        ``copy.deepcopy`` it to change it."""
        got = _JSON.get(id(self))
        if got is None:
            if len(_JSON) >= _JSON_MAX:
                _JSON.clear()
            got = _JSON[id(self)] = (self, self._frozen_json())
        return got[1]

    def _frozen_json(self) -> FrozenDict:
        """:meth:`_json`, read-only, its patterns' and items' objects shared between
        valuations (a session's valuations are made of the same few)."""
        return FrozenDict(
            patterns=FrozenList(map(_pattern_json, self.patterns)),
            hard_flowers=self.hard,
            soft_flowers=self.soft,
            soft_items=FrozenList(_items_json(self.soft_items)),
            items=FrozenList(_items_json(self.items)),
            subtotal=self.subtotal,
            factor=self.factor,
            value=self.value,
            concealed=self.concealed,
            legal=self.legal,
            refusal=self.refusal,
        )

    def _json(self) -> dict:
        return {
            "patterns": [
                {"id": p, "name": _pattern(p).zh, "value": _pattern(p).value} for p in self.patterns
            ],
            "hard_flowers": self.hard,
            "soft_flowers": self.soft,
            "soft_items": [i.to_json() for i in self.soft_items],
            "items": [i.to_json() for i in self.items],
            "subtotal": self.subtotal,
            "factor": self.factor,
            "value": self.value,
            "concealed": self.concealed,
            "legal": self.legal,
            "refusal": self.refusal,
        }


# A valuation's JSON, by the valuation itself: tile-mode valuations are made once per
# reading's facts and shared by every hand with those facts. Each entry holds its valuation,
# so the id it is filed under is never reused while it is kept: an entry found by a live
# valuation's id is that valuation's (and so for the items' memos below).
_JSON: dict[int, tuple[Valuation, dict]] = {}
_ONLY_CONCEALED = frozenset(("concealed",))
_JSON_MAX = 4096  # the memo starts afresh past this many valuations


@cache
def _pattern_json(p: str) -> FrozenDict:
    """A pattern's line in a valuation's JSON (read-only, one per pattern id)."""
    pat = _pattern(p)
    return FrozenDict(id=p, name=pat.zh, value=pat.value)


def _pattern(p: str) -> Pattern | ScoreItem:
    """The pattern of a valuation's pattern id (天胡 and 地胡 are bonuses, not patterns)."""
    return BY_ID[p] if p in BY_ID else HEAVENLY if p == "heavenly" else EARTHLY


# An item's line in a valuation's JSON, by the item itself (the items are made once and
# shared; each entry holds its item, so the id it is filed under is never reused while it is
# kept, and no item is hashed field by field)
_ITEM_JSON: dict[int, tuple[ScoreItem, FrozenDict]] = {}


def _items_json(items: tuple[ScoreItem, ...]) -> list[FrozenDict]:
    """The lines of ``items`` (:func:`_item_json` of each, its memo read in place)."""
    get = _ITEM_JSON.get
    return [got[1] if (got := get(id(i))) is not None else _item_json(i) for i in items]


def _item_json(item: ScoreItem) -> FrozenDict:
    """An item's line in a valuation's JSON (read-only, one per item)."""
    got = _ITEM_JSON.get(id(item))
    if got is None:
        if len(_ITEM_JSON) >= _JSON_MAX:
            _ITEM_JSON.clear()
        got = _ITEM_JSON[id(item)] = (item, FrozenDict(item.to_json()))
    return got[1]


# The patterns' names by their ids (a plain dict read in place by Valuation.summary, emptied
# past _SUMMARIES_HELD entries)
_SUMMARIES: dict[tuple[str, ...], str] = {}
_SUMMARIES_HELD = 1024


def _summary(patterns: tuple[str, ...]) -> str:
    """The patterns' names, '对对胡 混一色' (memoised on the ids in _SUMMARIES)."""
    names = [
        BY_ID[p].zh if p in BY_ID else {"heavenly": "天胡", "earthly": "地胡"}[p] for p in patterns
    ]
    if len(_SUMMARIES) >= _SUMMARIES_HELD:
        _SUMMARIES.clear()
    got = _SUMMARIES[patterns] = " ".join(names) or "小胡"
    return got


def small_win_refusal(patterns: Iterable[str], concealed: bool, hard: int) -> str | None:
    """:func:`small_win_msg` in English (the calculator's JSON), or None."""
    msg = small_win_msg(patterns, concealed, hard)
    return None if msg is None else str(msg)


def small_win_msg(patterns: Iterable[str], concealed: bool, hard: int) -> Msg | None:
    """None when legal; else why a 小胡 is refused (RULES.md §2: 门清 or ≥ 4 hard flowers).
    无花果 does not by itself make the hand big here: "a small win must then be 门清"."""
    ps = set(patterns)
    if ps - {"concealed", "no_flowers"} or concealed or hard >= 4:
        return None
    return txt("small_win_open_no_flowers" if "no_flowers" in ps else "small_win_open", hard=hard)


# The lines of a valuation are immutable, so each is made once and shared by every hand.
PATTERN_ORDER = tuple(p.id for p in PATTERNS)
_KNOWN = frozenset(PATTERN_ORDER)
_RANK = {p: k for k, p in enumerate(PATTERN_ORDER)}  # a pattern id → its place in the table
RUN_ITEM = ScoreItem(id="run", zh="跑20", en="Base (跑20)", value=RUN)
PATTERN_ITEMS = {
    **{p.id: ScoreItem(id=p.id, zh=p.zh, en=p.en, value=p.value) for p in PATTERNS},
    "heavenly": HEAVENLY,
    "earthly": EARTHLY,
}
FLOWER_BLOOM = ScoreItem(id="flower_bloom", zh="小杠开", en="Win on a flower replacement", value=20)
LAST_TILE = ScoreItem(id="last_tile", zh="海底捞", en="Win in the last two stacks", value=10)
KONG_BLOOM = ScoreItem(id="kong_bloom", zh="大杠开", en="Win on a kong replacement", value="×2")
FLOWER_KONG_BLOOM = ScoreItem(
    id="flower_kong_bloom", zh="花杠开", en="Win after a flower kong", value="×4"
)
_COUNTED_WORDS = {
    "hard_flowers": ("硬花", "Hard flowers"),
    "soft_flowers": ("软花", "Soft flowers"),
    "flowers_x2": ("软硬花×2 (砸2)", "Flowers ×2"),
}


# A counted line by its count, one plain dict for each of the three (read in place by
# assemble; a session's counts are a few dozen)
_COUNTED_LINES: dict[str, dict[int, ScoreItem]] = {id_: {} for id_ in _COUNTED_WORDS}
_HARD_LINES = _COUNTED_LINES["hard_flowers"]
_SOFT_LINES_BY_COUNT = _COUNTED_LINES["soft_flowers"]
_DOUBLED_LINES = _COUNTED_LINES["flowers_x2"]


def _counted(id_: str, value: int) -> ScoreItem:
    """The line of ``id_`` counting ``value``, made once (kept in _COUNTED_LINES)."""
    lines = _COUNTED_LINES[id_]
    got = lines.get(value)
    if got is None:
        zh, en = _COUNTED_WORDS[id_]
        got = lines[value] = ScoreItem(id=id_, zh=zh, en=en, value=value)
    return got


# A soft flower's line among a valuation's items, by the soft item itself (each entry holds
# its item, so the id it is filed under is never reused while it is kept, and no item is
# hashed field by field)
_SOFT_LINES: dict[int, tuple[ScoreItem, ScoreItem]] = {}


def _soft_line(i: ScoreItem) -> ScoreItem:
    got = _SOFT_LINES.get(id(i))
    if got is None:
        if len(_SOFT_LINES) >= _JSON_MAX:
            _SOFT_LINES.clear()
        line = ScoreItem(
            id=f"soft:{i.id}", zh=f"· {i.zh}", en=f"· {i.en}", value=i.value, count=i.count
        )
        got = _SOFT_LINES[id(i)] = (i, line)
    return got[1]


def assemble(
    patterns: Iterable[str],
    *,
    hard: int,
    soft_items: tuple[ScoreItem, ...],
    soft: int | None = None,
    concealed: bool,
    bonus: Bonuses,
) -> Valuation:
    """H before 比下胡 = (20 + 2·(hard+soft) + Σ patterns + 20 小杠开 + 10 海底捞) × 2 大杠开 / × 4 花杠开."""
    # the patterns known, each once, in the order of the table
    ps = sorted(_KNOWN.intersection(patterns), key=_RANK.__getitem__)
    if bonus.heavenly:
        ps.append("heavenly")
    if bonus.earthly:
        ps.append("earthly")
    soft_n = soft_total(soft_items) if soft is None else soft
    items: list[ScoreItem] = [
        RUN_ITEM,
        _HARD_LINES.get(hard) or _counted("hard_flowers", hard),
        _SOFT_LINES_BY_COUNT.get(soft_n) or _counted("soft_flowers", soft_n),
    ]
    items += map(_soft_line, soft_items)
    both = 2 * (hard + soft_n)
    items.append(_DOUBLED_LINES.get(both) or _counted("flowers_x2", both))
    subtotal = RUN + 2 * (hard + soft_n)
    for p in ps:
        it = PATTERN_ITEMS[p]
        items.append(it)
        subtotal += int(it.value)
    if bonus.flower_bloom:
        items.append(FLOWER_BLOOM)
        subtotal += 20
    if bonus.last_tile:
        items.append(LAST_TILE)
        subtotal += 10
    factor = 1
    if bonus.kong_bloom:
        factor = 2
        items.append(KONG_BLOOM)
    elif bonus.flower_kong_bloom:
        factor = 4
        items.append(FLOWER_KONG_BLOOM)
    refusal = small_win_refusal(ps, concealed, hard)
    return Valuation(
        items=tuple(items),
        patterns=tuple(ps),
        hard=hard,
        soft=soft_n,
        soft_items=soft_items,
        subtotal=subtotal,
        factor=factor,
        concealed=concealed,
        legal=refusal is None,
        refusal=refusal,
    )


# ---------------------------------------------------------------- tile mode
def read_melds(
    tiles: HandTiles, exposed_pung_tiles: frozenset[str], last_closed_declared: bool
) -> tuple[list[str], bool, bool]:
    """What the winner's melds say: their tiles (seen by all), whether the winning tile's
    pung was exposed (压绝's condition), and 门清 (no pung made; direct exposed and concealed
    kongs keep it, an added kong does not)."""
    win = tiles.win_tile
    visible: list[str] = []
    exposed = last_closed_declared or win in exposed_pung_tiles
    concealed = True
    for m in tiles.melds:
        visible.extend(m.tiles)
        if m.kind == "pung":
            concealed = False
            exposed = exposed or m.tile == win
        elif m.kind != "kong" or m.added:
            concealed = False
    return visible, exposed, concealed


def readings(
    tiles: HandTiles,
    *,
    hard: int,
    hard_known: bool,
    exposed_pung_tiles: frozenset[str],
    last_closed_declared: bool,
    heavenly: bool,
    earthly: bool,
) -> list[Reading]:
    """Every reading of a winning hand (seven pairs; each decomposition × each place of
    the winning tile). Empty when the tiles do not win."""
    win = tiles.win_tile
    assert win is not None
    closed = tiles.closed
    melds = tiles.melds
    visible, exposed, concealed = read_melds(tiles, exposed_pung_tiles, last_closed_declared)
    w = waits(tiles.concealed, visible)
    single = len(w) == 1
    all_tiles = tiles.all_tiles
    common = dict(
        tiles=all_tiles,
        melds=melds,
        hard=hard,
        hard_known=hard_known,
        exposed_pung_of_win_tile=exposed,
        heavenly=heavenly,
        earthly=earthly,
        suits=_SUITS.intersection([t[-1] for t in all_tiles]),
        has_winds=not _WINDS.isdisjoint(all_tiles),
        concealed=concealed,
    )
    out: list[Reading] = []
    if not tiles.melds:
        q = seven_pairs(closed)
        if q is not None:
            out.append(
                Reading(pung_sets=False, wind_pung_sets=0, quads=q, wait_flower=None, **common)
            )
    for d in decompositions(closed):
        pungs = [s for s in d.sets if s.kind == "pung"]
        facts = dict(
            pung_sets=len(pungs) == len(d.sets),
            wind_pung_sets=sum(is_wind(s.tiles[0]) for s in pungs),
            quads=None,
        )
        for shape in sorted(win_shapes(d, win)):
            # the wait flower only when the hand waited on exactly one tile
            flower = _WAIT_FLOWER.get(shape) if single else None
            out.append(Reading(wait_flower=flower, **facts, **common))
    return out


def value_reading(r: Reading, bonus: Bonuses) -> Valuation:
    return valued(findings(r), r.hard, r.concealed, bonus)


def findings(r: Reading) -> tuple[tuple[str, ...], tuple[ScoreItem, ...]]:
    """The patterns a reading has and its soft flowers' lines. Of the flowers they read only
    whether the hand is known to have none (无花果): every other line counts the flowers
    the same way, in :func:`assemble`."""
    found = [id_ for id_, applies in _APPLIES if applies(r)]
    if (
        "luxury_seven_pairs" in found and "seven_pairs" in found
    ):  # pragma: no cover - exclusive predicates
        found.remove("seven_pairs")
    return tuple(found), tuple(soft_items_of(r, last_closed="last_closed" in found))


def valued(
    found: tuple[tuple[str, ...], tuple[ScoreItem, ...]], hard: int, concealed: bool, bonus: Bonuses
) -> Valuation:
    """The valuation of a reading's :func:`findings` with ``hard`` flowers, 门清 and ``bonus``."""
    return _assembled(found[0], hard, found[1], concealed, bonus)


@lru_cache(maxsize=16384)
def _assembled(
    found: tuple[str, ...],
    hard: int,
    soft_items: tuple[ScoreItem, ...],
    concealed: bool,
    bonus: Bonuses,
) -> Valuation:
    """:func:`assemble` of a reading's findings (memoised: a pure function of them, and a
    valuation is immutable; many hands share their patterns, flowers and bonuses)."""
    return assemble(found, hard=hard, soft_items=soft_items, concealed=concealed, bonus=bonus)


def best(vals: Iterable[Valuation]) -> Valuation | None:
    """The legal valuation worth most (ties: the first); if none is legal, the best illegal one."""
    vals = list(vals)
    if not vals:
        return None
    legal = [v for v in vals if v.legal]
    pool = legal or vals
    return max(pool, key=lambda v: v.value)


# ---------------------------------------------------------------- declared mode
def close_patterns(declared: Iterable[str], where: str | None = None) -> list[str]:
    """Declared ids with their implications added and replaced ones removed; contradictory
    combinations refused."""
    ps = set(declared)
    if not ps:  # a tile-mode win declares nothing: nothing to add, remove or refuse
        return []
    for p in list(ps):
        ps.update(IMPLIES.get(p, ()))
    for p in list(ps):
        for q in REPLACES.get(p, ()):
            ps.discard(q)
    for a, b in EXCLUSIVE:
        if ps & a and ps & b:
            raise MjError(
                ErrorCode.BAD_PATTERN,
                txt(
                    "nanjing_patterns_exclusive",
                    p1="/".join(BY_ID[x].zh for x in sorted(ps & a)),
                    p2="/".join(BY_ID[x].zh for x in sorted(ps & b)),
                ),
                where=where,
            )
    return [p.id for p in PATTERNS if p.id in ps]


def value_declared(
    patterns: Iterable[str],
    *,
    soft: int,
    hard: int,
    hard_known: bool,
    bonus: Bonuses,
    where: str | None = None,
    soft_derived: bool = False,
) -> Valuation:
    ps = close_patterns(patterns, where)
    if "no_flowers" in ps and hard_known and hard > 0:
        raise MjError(
            ErrorCode.CONTRADICTION,
            txt("declared_winner_hard_flower_s", hard=hard),
            where=where,
        )
    if hard_known and hard == 0 and "no_flowers" not in ps:
        ps.append("no_flowers")
    concealed = "concealed" in ps
    if concealed and (
        {"seven_pairs", "luxury_seven_pairs"} & set(ps) or bonus.heavenly or bonus.earthly
    ):
        ps.remove("concealed")  # 门清 is not counted with 天胡, 地胡, 七对, 双七对
    if {"seven_pairs", "luxury_seven_pairs"} & set(ps):
        concealed = True
    soft_items = (
        (
            ScoreItem(
                id="soft_events" if soft_derived else "soft_declared",
                zh="软花 (杠/风刻)" if soft_derived else "软花 (报)",
                en="Soft flowers (from logged kongs and wind pungs)"
                if soft_derived
                else "Soft flowers (declared)",
                value=1,
                count=soft,
            ),
        )
        if soft
        else ()
    )
    return assemble(
        ps, hard=hard, soft_items=soft_items, soft=soft, concealed=concealed, bonus=bonus
    )


__all__ = [
    "BY_ID",
    "PATTERNS",
    "PATTERN_IDS",
    "WINDS",
    "Bonuses",
    "Pattern",
    "Reading",
    "Valuation",
    "assemble",
    "close_patterns",
    "small_win_msg",
    "small_win_refusal",
    "value_declared",
]
