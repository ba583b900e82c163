"""南京 Nanjing: the patterns a winning hand is valued by (RULES.md §2), each with its value
and the facts of a :class:`Reading` it looks at, and the two bonuses 天胡 and 地胡.

engine.variants.nanjing_score values a reading by this table."""

from __future__ import annotations

from typing import NamedTuple

from ..declare import Pattern
from ..results import ScoreItem
from ..tiles import Meld, is_wind


class Reading(NamedTuple):
    """One way to read the winning hand, as the facts every pattern and soft flower looks at
    and no more (a named tuple: a hand makes one per decomposition and place of the winning
    tile; engine.variants.nanjing_read values each distinct one once)."""

    tiles: tuple[str, ...]  # every tile, kongs counted as four
    melds: tuple[Meld, ...]
    pung_sets: bool  # a sets reading whose every set is a pung (False for seven pairs)
    wind_pung_sets: int  # the sets that are wind pungs (0 for seven pairs)
    quads: int | None  # seven pairs: number of quads; None for a sets hand
    hard: int
    hard_known: bool
    exposed_pung_of_win_tile: bool  # 压绝 condition (events, melds or declared)
    heavenly: bool
    earthly: bool
    # the same for every reading of a hand, worked out once (see readings)
    suits: frozenset[str]  # the suits among the tiles
    has_winds: bool
    concealed: bool  # 门清
    wait_flower: str | None  # 压档 / 边枝 / 独占 when the hand waited on exactly one tile

    @property
    def seven(self) -> bool:
        return self.quads is not None

    @property
    def all_sets_pungs(self) -> bool:
        return self.pung_sets and all(m.kind in ("pung", "kong") for m in self.melds)


def _concealed(r: Reading) -> bool:
    return r.concealed and not (r.heavenly or r.earthly or r.seven)


def _last_closed(r: Reading) -> bool:
    return r.wait_flower in ("closed", "edge") and r.exposed_pung_of_win_tile


PATTERNS: tuple[Pattern, ...] = (
    Pattern(id="concealed", zh="门清", en="Concealed hand", value=20, applies=_concealed),
    Pattern(
        id="all_pungs",
        zh="对对胡",
        en="All pungs",
        value=40,
        big=True,
        applies=lambda r: r.all_sets_pungs,
    ),
    Pattern(
        id="half_flush",
        zh="混一色",
        en="Half flush",
        value=40,
        big=True,
        applies=lambda r: len(r.suits) == 1 and r.has_winds,
    ),
    Pattern(
        id="no_flowers",
        zh="无花果",
        en="No flowers",
        value=40,
        big=True,
        applies=lambda r: r.hard_known and r.hard == 0,
    ),
    Pattern(
        id="last_closed",
        zh="压绝",
        en="Closed wait on the last tile",
        value=40,
        big=True,
        applies=_last_closed,
    ),
    Pattern(
        id="full_flush",
        zh="清一色",
        en="Full flush",
        value=60,
        big=True,
        applies=lambda r: len(r.suits) == 1 and not r.has_winds,
    ),
    Pattern(
        id="all_melded",
        zh="全球独钓",
        en="All melded, single wait",
        value=60,
        big=True,
        implies=("all_pungs",),
        applies=lambda r: len(r.melds) == 4 and all(m.exposed for m in r.melds),
    ),
    Pattern(
        id="seven_pairs",
        zh="七对",
        en="Seven pairs",
        value=80,
        big=True,
        applies=lambda r: r.quads == 0,
    ),
    Pattern(
        id="luxury_seven_pairs",
        zh="双七对",
        en="Seven pairs with four of a kind",
        value=160,
        big=True,
        replaces=("seven_pairs",),
        applies=lambda r: bool(r.quads),
    ),
    Pattern(
        id="all_winds",
        zh="风一色",
        en="All winds",
        value=160,
        big=True,
        implies=("luxury_seven_pairs",),
        applies=lambda r: bool(r.tiles) and all(is_wind(t) for t in r.tiles),
    ),
)
BY_ID = {p.id: p for p in PATTERNS}
PATTERN_IDS = frozenset(BY_ID)
HEAVENLY = ScoreItem(id="heavenly", zh="天胡", en="Heavenly hand", value=60)
EARTHLY = ScoreItem(id="earthly", zh="地胡", en="Earthly hand (after 报听)", value=40)
