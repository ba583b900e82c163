"""The declared hand space of each rule set, for the 追分 search of :mod:`engine.chase`.

A rule set's space is what a winner chooses to hold and can declare: pattern sets, flower
counts, fan totals (situation flags such as 杠上开花 or 海底 are circumstances, not choices,
and are left out). It is cut into *families*: hands that the settlement treats alike except
for their value (same payers, same legality against the hand's events), so that within one
family a larger value never settles worse for the winner and the search may bisect. Each
family is a ladder of *rungs*, one per distinct value, the simplest hand reaching it.

Nothing here settles or pays: a rung is only the declared win fields, its value in the rule
set's unit and its name. :mod:`engine.chase` builds the win event and settles it through the
variant, so every answer is a hand the engine settles that way.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from .errors import MjError
from .events import MAX_FAN
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Rung:
    """One declared hand: its value, the win event's declared fields, its name."""

    value: int
    fields: tuple[tuple[str, Any], ...]
    zh: str
    en: str


@dataclass(frozen=True, slots=True)
class Family:
    key: str
    rungs: Sequence[Rung]  # strictly increasing values
    values: Sequence[int] = ()  # the rungs' values, for bisecting (computed when not given)

    def __post_init__(self) -> None:
        if not self.values:
            object.__setattr__(self, "values", tuple(r.value for r in self.rungs))

    def below(self, value: int) -> Rung | None:
        """The rung just under ``value``, if any."""
        i = bisect_left(self.values, value)
        return self.rungs[i - 1] if i else None


@dataclass(frozen=True, slots=True)
class Space:
    unit_zh: str
    unit_en: str
    families: tuple[Family, ...]

    def below(self, value: int) -> int | None:
        """The largest value under ``value`` some hand of the space reaches, if any."""
        found = [r.value for f in self.families if (r := f.below(value)) is not None]
        return max(found) if found else None

    def at(self, value: int) -> list[Rung]:
        """Every family's hand of exactly this value."""
        out = []
        for f in self.families:
            i = bisect_left(f.values, value)
            if i < len(f.values) and f.values[i] == value:
                out.append(f.rungs[i])
        return out


class _FanRungs(Sequence[Rung]):
    """国标's fan totals lo..hi as rungs, made when asked for (there are up to a million)."""

    def __init__(self, lo: int, hi: int, unit: str) -> None:
        self.values = range(lo, hi + 1)
        self.unit = unit

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        f = self.values[i]
        return Rung(f, (("fan", f),), f"{f}{self.unit}", f"{f} fan")


def _ladder(key: str, hands: Iterable[tuple[tuple, Rung]]) -> Family:
    """A family from (preference, rung) pairs: per value the most preferred rung."""
    best: dict[int, tuple[tuple, Rung]] = {}
    for pref, rung in hands:
        cur = best.get(rung.value)
        if cur is None or pref < cur[0]:
            best[rung.value] = (pref, rung)
    return Family(key, tuple(best[v][1] for v in sorted(best)))


def _data(variant_id: str):
    from .variants import get_variant

    return get_variant(variant_id).data


# ---------------------------------------------------------------- 国标
# The largest declared fan total searched: the record format's bound on `fan`; above it a
# way is "impossible".
FAN_BOUND = MAX_FAN


def guobiao_space(min_fan: int) -> Space:
    unit = _data("guobiao").unit
    rungs = _FanRungs(max(min_fan, 1), FAN_BOUND, unit)
    return Space(unit, "fan", (Family("fan", rungs, rungs.values),))


# ---------------------------------------------------------------- 南宁
# Patterns that change who may win or how the win is paid besides its doublings: 七对 are
# always 门清 and cannot follow a logged meld, 全求人 is won on a discard with four exposed
# melds. The others (清一色, 碰碰胡) only add doublings, so they share a family.
NANNING_SHAPES = {"seven_pairs": "pairs", "luxury_seven_pairs": "pairs", "all_melded": "all_melded"}


def nanning_space(self_drawn: bool) -> Space:
    from .variants.nanning_score import QUAD_ZH, evaluate_declared

    data = _data("nanning")
    ids = [p.id for p in data.declarable]
    fams: dict[str, list[tuple[tuple, Rung]]] = {}
    seen: set[tuple] = set()
    for n in range(len(ids) + 1):
        for ps in combinations(ids, n):
            for quads in sorted(QUAD_ZH) if "luxury_seven_pairs" in ps else (None,):
                for concealed in (False, True):
                    try:
                        val = evaluate_declared(ps, concealed, quads, self_drawn=self_drawn)
                    except MjError:
                        continue
                    sig = (frozenset(val.pattern_ids), val.concealed, quads)
                    if val.concealed != concealed or sig in seen:
                        continue  # implied (七对 are 门清) or the same hand declared otherwise
                    seen.add(sig)
                    fields: list[tuple[str, Any]] = [("patterns", ps), ("concealed", concealed)]
                    if quads:
                        fields.append(("quads", quads))
                    gloss = [data.pattern(i).en for i in ps]  # type: ignore[union-attr]
                    if quads:
                        gloss = [
                            g + f" ×{quads}" if i == "luxury_seven_pairs" else g
                            for i, g in zip(ps, gloss, strict=True)
                        ]
                    if concealed and not {"seven_pairs", "luxury_seven_pairs"} & set(ps):
                        gloss.insert(0, "concealed")
                    en = f"{val.name} ({', '.join(gloss) or 'chicken hand'})"
                    shape = sorted({NANNING_SHAPES[i] for i in ps if i in NANNING_SHAPES})
                    key = "/".join([*shape, *(["concealed"] if concealed else [])]) or "plain"
                    rung = Rung(val.k, tuple(fields), val.name, en)
                    fams.setdefault(key, []).append(((len(ps), quads or 0), rung))
    return Space(data.unit, "doubling(s)", tuple(_ladder(k, v) for k, v in fams.items()))


# ---------------------------------------------------------------- 南京
# The most soft flowers one hand holds: three concealed wind kongs (3 each), a concealed
# suited kong (2), 独占 (1) and 缺一 (1) = 13; four concealed wind kongs (12) + 独占 also 13.
SOFT_MAX = 13
HARD_MAX = 20  # the 20 flower tiles
SMALL_HARD = 4  # a small open win needs at least 4 hard flowers (RULES §2)


def _nanjing_sets() -> list[tuple[str, ...]]:
    from .variants.nanjing_score import close_patterns

    # 无花果 comes from the flower count
    ids = [p.id for p in _data("nanjing").declarable if p.id != "no_flowers"]
    seen: dict[frozenset, tuple[str, ...]] = {}
    for n in range(len(ids) + 1):
        for combo in combinations(ids, n):
            try:
                ps = close_patterns(combo)
            except MjError:
                continue
            if {"seven_pairs", "luxury_seven_pairs"} & set(ps) and "concealed" in ps:
                ps.remove("concealed")  # 门清 is not counted with 七对/双七对
            seen.setdefault(frozenset(ps), tuple(ps))
    return list(seen.values())


def _splits(hard_logged: int | None, hard_room: int, soft_min: int) -> list[tuple[int, int, bool]]:
    """(hard, soft, declare hard) flower combinations. Soft flowers run from what the
    winner's logged kongs and wind pungs already give (``soft_min``) to SOFT_MAX; hard ones
    are the logged count or, when the winner logged none, a declared count up to the flowers
    nobody else has shown (``hard_room``), preferring 4 (a small open win needs them)."""
    soft = range(soft_min, SOFT_MAX + 1)
    if hard_logged is not None:
        return [(hard_logged, s, False) for s in soft]
    out = [(0, s, True) for s in soft]
    for n in range(soft_min + 1, hard_room + SOFT_MAX + 1):
        h = max(n - SOFT_MAX, min(n - soft_min, max(SMALL_HARD, 1)))
        h = min(h, hard_room)
        if 1 <= h and soft_min <= n - h <= SOFT_MAX:
            out.append((h, n - h, True))
    return out


@cache
def nanjing_space(hard_logged: int | None, hard_room: int = HARD_MAX, soft_min: int = 0) -> Space:
    from .variants.nanjing import LIABLE_PATTERNS
    from .variants.nanjing_score import RUN

    data = _data("nanjing")
    BY_ID = {p.id: p for p in data.patterns}
    nf = BY_ID["no_flowers"]
    fams: dict[str, list[tuple[tuple, Rung]]] = {}
    for ps in _nanjing_sets():
        s = set(ps)
        pairs = bool(s & {"seven_pairs", "luxury_seven_pairs"})
        concealed = "concealed" in s or pairs
        big = bool(s - {"concealed"})
        key = "/".join(
            k
            for k, on in (
                ("liable", bool(s & set(LIABLE_PATTERNS))),
                ("pairs", pairs),
                ("all_melded", "all_melded" in s),
                ("concealed", concealed),
                ("big", big),
            )
            if on
        )
        base = RUN + sum(BY_ID[p].value for p in ps)
        for hard, soft, declare in _splits(hard_logged, hard_room, soft_min):
            if not (big or concealed or hard >= SMALL_HARD):
                continue  # a small open win without 4 hard flowers is refused
            value = base + 2 * (hard + soft) + (nf.value if hard == 0 else 0)
            fields: list[tuple[str, Any]] = [("patterns", ps), ("soft_flowers", soft)]
            if declare:
                fields.append(("hard_flowers", hard))
            names = [BY_ID[p] for p in ps] + ([nf] if hard == 0 else [])
            flowers = f"硬花{hard} 软花{soft}"
            zh = " ".join([p.zh for p in names] + [flowers])
            en = " · ".join([f"{p.zh} {p.en}" for p in names] + [f"{flowers} (hard, soft flowers)"])
            rung = Rung(value, tuple(fields), zh, en)
            fams.setdefault(key or "small", []).append(((len(ps), hard + soft), rung))
    return Space(data.unit, data.unit, tuple(_ladder(k, v) for k, v in fams.items()))


# ---------------------------------------------------------------- 南昌
def nanchang_space(self_drawn: bool) -> Space:
    data = _data("nanchang")
    BY_ID = {p.id: p for p in data.patterns}

    shapes = ((), ("seven_pairs",), ("thirteen_lan",), ("seven_star_lan",))
    fams: dict[str, list[tuple[tuple, Rung]]] = {}
    for shape in shapes:
        for clean in ((), ("clean",), ("clean_sweep",)):
            for single in ((), ("jing_single",)) if self_drawn else ((),):
                if single and shape and shape[0] in ("thirteen_lan", "seven_star_lan"):
                    continue  # 精吊 is four sets or six pairs plus a jing
                ps = (*shape, *clean, *single)
                m = 1
                for p in ps:
                    m *= BY_ID[p].multiplier
                zh = " ".join(BY_ID[p].zh for p in ps) or "平胡"
                en = ", ".join(BY_ID[p].en for p in ps) or "plain win"
                key = "/".join(
                    k
                    for k, on in (
                        ("closed", bool(shape)),
                        ("clean", bool(clean)),
                        ("single", bool(single)),
                    )
                    if on
                )
                rung = Rung(m, (("patterns", ps),), zh, f"{zh} ({en})")
                fams.setdefault(key or "plain", []).append(((len(ps),), rung))
    return Space(data.unit, "× (multiplier)", tuple(_ladder(k, v) for k, v in fams.items()))


def space_for(
    variant_id: str,
    rules: Rules,
    *,
    self_drawn: bool,
    hard_logged: int | None = None,
    hard_room: int = HARD_MAX,
    soft_min: int = 0,
) -> Space:
    """The declared hand space of one rule set for a winner (self-drawn or not; in 南京 the
    winner's logged hard-flower count, None when none are logged, how many flower tiles the
    other players have not shown, and the soft flowers the winner's logged melds give)."""
    if variant_id == "guobiao":
        return _gb(rules.min_fan)  # type: ignore[attr-defined]
    if variant_id == "nanning":
        return _nn(self_drawn)
    if variant_id == "nanjing":
        return nanjing_space(hard_logged, hard_room, min(soft_min, SOFT_MAX))
    return _nc(self_drawn)


_gb = cache(guobiao_space)
_nn = cache(nanning_space)
_nc = cache(nanchang_space)
