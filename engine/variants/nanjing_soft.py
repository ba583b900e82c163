"""南京 Nanjing soft flowers (软花, RULES.md §2) of one reading of a winning hand: wind
pungs and kongs, suited kongs, the wait shape and 缺一. Each line is immutable and made once
per value (every hand with one wind pung shares its line)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Protocol

from ..hands import Decomposition
from ..results import ScoreItem
from ..tiles import Meld, is_wind


class Reading(Protocol):
    """What the soft flowers read of a reading (engine.variants.nanjing_score.Reading)."""

    @property
    def melds(self) -> tuple[Meld, ...]: ...
    @property
    def decomposition(self) -> Decomposition | None: ...
    @property
    def wait_flower(self) -> str | None: ...
    @property
    def suits(self) -> frozenset[str]: ...


@cache
def _line(id_: str, zh: str, en: str, value: int, count: int) -> ScoreItem:
    return ScoreItem(id=id_, zh=zh, en=en, value=value, count=count)


WAIT_ZH = {
    "closed": ("压档", "Closed wait"),
    "edge": ("边枝", "Edge wait"),
    "single": ("独占", "Single wait on the pair"),
}


# ---------------------------------------------------------------- soft flowers
def soft_items_of(r: Reading, *, last_closed: bool) -> list[ScoreItem]:
    """软花 of a reading: wind pungs/kongs, suited kongs, the wait shape, 缺一."""
    wind_pungs = sum(1 for m in r.melds if m.kind == "pung" and is_wind(m.tile))
    if r.decomposition is not None:
        wind_pungs += sum(
            1 for s in r.decomposition.sets if s.kind == "pung" and is_wind(s.tiles[0])
        )
    out: list[ScoreItem] = []

    def add(id_: str, zh: str, en: str, value: int, count: int) -> None:
        if count:
            out.append(_line(id_, zh, en, value, count))

    add("wind_pung", "风客", "Wind pung", 1, wind_pungs)
    kongs = [m for m in r.melds if m.kind == "kong"]
    add(
        "wind_kong_exposed",
        "风明杠",
        "Exposed wind kong",
        2,
        sum(1 for m in kongs if is_wind(m.tile) and m.exposed),
    )
    add(
        "wind_kong_concealed",
        "风暗杠",
        "Concealed wind kong",
        3,
        sum(1 for m in kongs if is_wind(m.tile) and m.concealed),
    )
    add(
        "kong_exposed",
        "明杠",
        "Exposed kong",
        1,
        sum(1 for m in kongs if not is_wind(m.tile) and m.exposed),
    )
    add(
        "kong_concealed",
        "暗杠",
        "Concealed kong",
        2,
        sum(1 for m in kongs if not is_wind(m.tile) and m.concealed),
    )
    wf = r.wait_flower
    if wf and not (last_closed and wf in ("closed", "edge")):
        zh, en = WAIT_ZH[wf]
        add(f"wait_{wf}", zh, en, 1, 1)
    if len(r.suits) == 2:
        add("missing_suit", "缺一", "One suit missing", 1, 1)
    return out


def soft_total(items: Iterable[ScoreItem]) -> int:
    return sum(int(i.value) * i.count for i in items)
