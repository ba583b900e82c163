"""南京 Nanjing soft flowers (软花, RULES.md §2) of one reading of a winning hand: wind
pungs and kongs, suited kongs, the wait shape and 缺一. Each line is immutable and made once
per value (every hand with one wind pung shares its line)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Protocol

from ..results import ScoreItem
from ..tiles import Meld, is_wind


class Reading(Protocol):
    """What the soft flowers read of a reading (engine.variants.nanjing_score.Reading)."""

    @property
    def melds(self) -> tuple[Meld, ...]: ...
    @property
    def wind_pung_sets(self) -> int: ...
    @property
    def wait_flower(self) -> str | None: ...
    @property
    def suits(self) -> frozenset[str]: ...


# Every soft-flower line: id → (zh, en, flowers each)
SOFT_LINES = {
    "wind_pung": ("风客", "Wind pung", 1),
    "wind_kong_exposed": ("风明杠", "Exposed wind kong", 2),
    "wind_kong_concealed": ("风暗杠", "Concealed wind kong", 3),
    "kong_exposed": ("明杠", "Exposed kong", 1),
    "kong_concealed": ("暗杠", "Concealed kong", 2),
    "wait_closed": ("压档", "Closed wait", 1),
    "wait_edge": ("边枝", "Edge wait", 1),
    "wait_single": ("独占", "Single wait on the pair", 1),
    "missing_suit": ("缺一", "One suit missing", 1),
}
# a kong's line by (wind?, concealed?)
_KONG_LINE = {
    (True, False): "wind_kong_exposed",
    (True, True): "wind_kong_concealed",
    (False, False): "kong_exposed",
    (False, True): "kong_concealed",
}
_KONG_ORDER = ("wind_kong_exposed", "wind_kong_concealed", "kong_exposed", "kong_concealed")
_WAIT_LINE = {"closed": "wait_closed", "edge": "wait_edge", "single": "wait_single"}


@cache
def _line(id_: str, count: int) -> ScoreItem:
    zh, en, value = SOFT_LINES[id_]
    return ScoreItem(id=id_, zh=zh, en=en, value=value, count=count)


# ---------------------------------------------------------------- soft flowers
def soft_items_of(r: Reading, *, last_closed: bool) -> list[ScoreItem]:
    """软花 of a reading: wind pungs/kongs, suited kongs, the wait shape, 缺一."""
    wind_pungs = 0
    kongs = dict.fromkeys(_KONG_ORDER, 0)
    for m in r.melds:
        if m.kind == "pung":
            wind_pungs += is_wind(m.tile)
        elif m.kind == "kong":
            kongs[_KONG_LINE[is_wind(m.tile), m.concealed]] += 1
    wind_pungs += r.wind_pung_sets
    out: list[ScoreItem] = [_line("wind_pung", wind_pungs)] if wind_pungs else []
    out.extend(_line(id_, n) for id_, n in kongs.items() if n)
    wf = r.wait_flower
    if wf and not (last_closed and wf in ("closed", "edge")):
        out.append(_line(_WAIT_LINE[wf], 1))
    if len(r.suits) == 2:
        out.append(_line("missing_suit", 1))
    return out


def soft_total(items: Iterable[ScoreItem]) -> int:
    return sum(int(i.value) * i.count for i in items)
