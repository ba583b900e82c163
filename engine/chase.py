"""追分: what each player needs to catch up, in every rule set, from the real settlement.

For a session's current state (the totals of its finished hands, the table state of the
hand being played, the events already logged in it) and a chasing player X, each way of
winning — self-draw, off the target's discard, off another player's discard — gets the
smallest winning hand after which X is strictly ahead of the target T (a tie is not
overtaking), in the rule set's unit: 国标 the fan total (flowers from the hand's events, on
top), 南宁 the doublings k, 南京 the hand value H in 花, 南昌 the multiplier M.

The candidates come from the rule set's declared hand space (:mod:`engine.chase_space`);
each is turned into a declared ``win`` event, appended to the open hand and settled by the
variant exactly as a real entry would be, so every answer is a hand the engine settles that
way, with that settlement's payments. A candidate the engine refuses (a 封胡-sealed winner,
门清 after a logged pung, 七对 with a kong…) simply does not count. Within a family of the
space a larger value never settles worse, so the search bisects each family's ladder and
prunes families that cannot beat the best hand found so far.

The leader's reverse answer (``margin``), per way seen from the leader's side: the largest
hand another player can win that still leaves nobody strictly ahead of the leader.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .chase_space import HARD_MAX, Family, Rung, Space, space_for
from .core import replay
from .entry import settle_events
from .errors import ErrorCode, MjError
from .events import Flowers, Hand, Session, Win
from .results import HandResult, Payment, TableState
from .rules import Rules
from .texts_checks import txt
from .variants import get_variant

WAYS = ("self_draw", "discard_by_target", "discard_by_other")
FIRST = "first"

# The ways' names: {t} is the target's name. For the margin, the same keys from the
# leader's side: another player self-draws, the leader deals in, a third player deals in.
WAY_NAMES: dict[str, tuple[str, str]] = {
    "self_draw": ("自摸", "self-draw"),
    "discard_by_target": ("{t}放炮", "off {t}'s discard"),
    "discard_by_other": ("他家放炮", "off another player's discard"),
}
MARGIN_NAMES: dict[str, tuple[str, str]] = {
    "self_draw": ("他家自摸", "another player self-draws"),
    "discard_by_target": ("{t}放炮", "{t} deals in"),
    "discard_by_other": ("第三家放炮", "a third player deals in"),
}


def way_name(way: str, lang: str, target: str = "", *, margin: bool = False) -> str:
    zh, en = (MARGIN_NAMES if margin else WAY_NAMES)[way]
    return (zh if lang == "zh" else en).format(t=target)


# What the search takes for granted, said on screen and in the JSON.
ASSUMPTIONS: tuple[tuple[str, frozenset[str], str, str], ...] = (
    (
        "flags",
        frozenset({"nanning", "nanjing", "guobiao", "nanchang"}),
        "不计杠上开花、海底、抢杠等情形",
        "situation flags (kong bloom, last tile, robbed kong…) left out",
    ),
    ("horses", frozenset({"nanning"}), "摸码/钓鱼按未中计", "摸码/钓鱼 taken as no hits"),
    (
        "jing",
        frozenset({"nanchang"}),
        "精分另计，不含在胡牌内",
        "the jing award is shown apart from the win",
    ),
    (
        "sealed",
        frozenset({"nanning"}),
        "被封胡者本盘不能胡",
        "a 封胡-sealed player cannot win this hand",
    ),
    (
        "flowers",
        frozenset({"guobiao"}),
        "花牌按本盘已记的另加",
        "flowers as logged in this hand, on top of the fan total",
    ),
    (
        "other",
        frozenset({"nanning", "nanjing", "guobiao", "nanchang"}),
        "他家放炮：放炮者有别时注明，否则取其中最小",
        "off another player's discard: the discarder is named when it matters, else the smallest over the others",
    ),
)


def assumptions(variant_id: str) -> tuple[tuple[str, str, str], ...]:
    """(id, zh, en) of what the search takes for granted in this rule set."""
    return tuple((i, zh, en) for i, vs, zh, en in ASSUMPTIONS if variant_id in vs)


@dataclass(frozen=True, slots=True, kw_only=True)
class Answer:
    """One winning hand found by the search, with its real settlement."""

    winner: int
    from_: int | None
    value: int
    rung: Rung
    win: Win
    result: HandResult
    after: tuple[int, int, int, int]  # totals after the hand

    @property
    def payments(self) -> tuple[Payment, ...]:
        return self.result.payments

    def to_json(self, players: Sequence[str], unit: str) -> dict[str, Any]:
        return {
            "value": self.value,
            "unit": unit,
            "settled_value": self.result.wins[0].value if self.result.wins else self.value,
            "label": self.rung.zh,
            "label_en": self.rung.en,
            "winner": players[self.winner],
            "from": None if self.from_ is None else players[self.from_],
            "win": self.win.to_json(),
            "payments": [p.to_json() for p in self.payments],
            "deltas": list(self.result.deltas),
            "totals_after": list(self.after),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class OtherAnswer:
    """discard_by_other: the smallest hand over the other discarders, and each one's."""

    best: Answer | None
    by_discarder: tuple[tuple[int, Answer | None], ...]

    @property
    def matters(self) -> bool:
        vals = {None if a is None else a.value for _, a in self.by_discarder}
        return len(vals) > 1


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerChase:
    seat: int
    gap: int  # points behind the target (negative: ahead)
    ways: Mapping[str, Answer | OtherAnswer | None] | None  # None: nothing to chase


@dataclass(frozen=True, slots=True, kw_only=True)
class Margin:
    """How much the leader can lose in one way and stay first."""

    value: int | None  # the largest safe hand value; None when even the smallest costs first
    loses_at: Answer  # the smallest hand that costs the leader first place


@dataclass(frozen=True, slots=True, kw_only=True)
class Chase:
    variant: str
    unit_zh: str
    unit_en: str
    players: tuple[str, str, str, str]
    totals: tuple[int, int, int, int]
    leader: int
    target: int | None  # None: "first place" (strictly ahead of every other player)
    chases: tuple[PlayerChase, ...]
    margin: Mapping[str, Margin | None]
    state: TableState

    def to_json(self) -> dict[str, Any]:
        names = self.players
        unit = self.unit_zh

        def way(w: Answer | OtherAnswer | None) -> Any:
            if w is None:
                return None
            if isinstance(w, OtherAnswer):
                if w.best is None:
                    return None
                out = w.best.to_json(names, unit)
                out["discarder_matters"] = w.matters
                out["by_discarder"] = {
                    names[d]: (None if a is None else a.value) for d, a in w.by_discarder
                }
                return out
            return w.to_json(names, unit)

        def margin(m: Margin | None) -> Any:
            if m is None:
                return None
            return {"value": m.value, "unit": unit, "loses_at": m.loses_at.to_json(names, unit)}

        return {
            "variant": self.variant,
            "unit": unit,
            "unit_en": self.unit_en,
            "target": FIRST if self.target is None else names[self.target],
            "leader": names[self.leader],
            "totals": list(self.totals),
            "players": [
                {
                    "name": names[c.seat],
                    "gap": c.gap,
                    "ways": None if c.ways is None else {k: way(c.ways[k]) for k in WAYS},
                }
                for c in self.chases
            ],
            "margin": {k: margin(self.margin[k]) for k in WAYS},
            "assumptions": [
                {"id": i, "zh": zh, "en": en} for i, zh, en in assumptions(self.variant)
            ],
        }


def leader_of(totals: Sequence[int]) -> int:
    """The highest total, ties to the earlier seat."""
    return max(range(4), key=lambda p: (totals[p], -p))


# ---------------------------------------------------------------- the search
class _Search:
    """The open hand of one session state, ready to settle declared wins into it."""

    def __init__(self, variant_id: str, rules: Rules, state: TableState, events: tuple, totals):
        self.variant_id = variant_id
        self.v = get_variant(variant_id)
        self.rules = rules
        self.state = state
        self.events = events
        self.totals = tuple(totals)
        self._spaces: dict[tuple[int, bool], Space] = {}
        # one settlement per (winner, discarder, hand): the chase and the margin ask the same
        self._settled: dict[tuple[int, int | None, Rung], Answer | None] = {}

    def space(self, player: int, self_drawn: bool) -> Space:
        key = (player, self_drawn)
        if key not in self._spaces:
            self._spaces[key] = self._space(player, self_drawn)
        return self._spaces[key]

    def _space(self, player: int, self_drawn: bool) -> Space:
        if self.variant_id != "nanjing":
            return space_for(self.variant_id, self.rules, self_drawn=self_drawn)
        shown = [0, 0, 0, 0]
        logged = [False] * 4
        for e in self.events:
            if isinstance(e, Flowers):
                shown[e.player] += e.n
                logged[e.player] = True
        return space_for(
            self.variant_id,
            self.rules,
            self_drawn=self_drawn,
            hard_logged=shown[player] if logged[player] else None,
            hard_room=max(0, HARD_MAX - sum(shown)),
            soft_min=self._soft_from_melds(player),
        )

    def _soft_from_melds(self, player: int) -> int:
        """南京: the soft flowers the player's logged kongs and wind pungs already give."""
        from . import facts
        from .variants.nanjing_checks import _soft_from_melds

        try:
            melds = facts.claimed_melds(Hand(self.events), Win(player=player, from_=None), None)
        except MjError:
            return 0
        return _soft_from_melds(melds)

    def _assumed(self, self_drawn: bool) -> dict[str, Any]:
        """Win fields the search takes as no hits (摸码, 钓鱼)."""
        out: dict[str, Any] = {}
        if getattr(self.rules, "horses", 0) and self_drawn:
            out["horse_hits"] = 0
        if getattr(self.rules, "fishing", False):
            out["fish"] = (None, None, None, None)
        return out

    def settle(self, winner: int, from_: int | None, rung: Rung) -> Answer | None:
        """The hand with this declared win entered, settled by the engine (None: refused)."""
        key = (winner, from_, rung)
        if key not in self._settled:
            self._settled[key] = self._settle(winner, from_, rung)
        return self._settled[key]

    def _settle(self, winner: int, from_: int | None, rung: Rung) -> Answer | None:
        fields = dict(rung.fields)
        fields.update(self._assumed(from_ is None))
        win = Win(player=winner, from_=from_, **fields)
        try:
            res = settle_events(
                self.v, self.rules, self.state, (*self.events, win), label=False
            ).result
        except MjError:
            return None
        assert res is not None  # a hand ending in a win is settled
        after = tuple(t + d for t, d in zip(self.totals, res.deltas, strict=True))
        return Answer(
            winner=winner,
            from_=from_,
            value=rung.value,
            rung=rung,
            win=win,
            result=res,
            after=after,
        )  # type: ignore[arg-type]

    def smallest(
        self, winner: int, from_: int | None, slack, below: int | None = None
    ) -> Answer | None:
        """The smallest-value hand of ``winner``'s space (won off ``from_``) whose settlement
        leaves ``slack(after)`` ≥ 1, among values under ``below`` if given; None when none."""
        space = self.space(winner, from_ is None)
        best: Answer | None = None
        for fam in sorted(space.families, key=lambda f: f.rungs[0].value):
            hi = len(fam.rungs) - 1
            bound = best.value if best is not None else below
            if bound is not None:
                hi = bisect_left(fam.values, bound) - 1
            if hi < 0:
                continue
            top = self.settle(winner, from_, fam.rungs[hi])
            if top is None or slack(top.after) < 1:
                continue
            best = self._first(winner, from_, fam, hi, top, slack)
        return best

    def _first(self, winner: int, from_: int | None, fam: Family, hi: int, top: Answer, slack):
        """The first rung of ``fam`` up to ``hi`` (known good: ``top``) that is good, found by
        interpolating the slack between a bad and a good rung (it is affine in the value in
        most rule sets) and halving the interval whenever that does not close in."""
        rungs, values = fam.rungs, fam.values
        lo = 0
        if hi == 0:
            return top
        low = self.settle(winner, from_, rungs[0])
        if low is not None and slack(low.after) >= 1:
            return low
        good, bad = top, low  # bad is None when the engine refused that rung
        same_side = 0
        while hi - lo > 1:
            j = (lo + hi) // 2
            if bad is not None and same_side < 2:
                s_lo, s_hi = slack(bad.after), slack(good.after)
                if s_hi > s_lo:
                    v = values[lo] + (1 - s_lo) * (values[hi] - values[lo]) / (s_hi - s_lo)
                    j = min(max(bisect_left(values, v, lo + 1, hi), lo + 1), hi - 1)
            a = self.settle(winner, from_, rungs[j])
            if a is not None and slack(a.after) >= 1:
                same_side = same_side + 1 if hi - j < j - lo else 0
                hi, good = j, a
            else:
                same_side = same_side + 1 if j - lo < hi - j else 0
                lo, bad = j, a
        return good


def _ahead(x: int, others: Sequence[int]):
    """How far X ends ahead of the nearest rival (≥ 1: strictly ahead of all)."""
    rivals = [o for o in others if o != x]
    return lambda after: min(after[x] - after[o] for o in rivals)


def chase(
    session: Session,
    *,
    target: int | str | None = None,
    players: Sequence[int] | None = None,
    totals: Sequence[int] | None = None,
    state: TableState | None = None,
) -> Chase:
    """The chase of ``session`` as it stands. ``target``: a seat, ``"first"``, or None for
    the leader. ``players``: the chasing seats (default all four). ``totals``/``state`` may
    be given when the caller has already replayed the finished hands."""
    v = get_variant(session.variant)
    rules = v.rules(session.options)
    if totals is None or state is None:
        rp = replay(session)
        totals, state = rp.totals, rp.next_state
    open_events: tuple = ()
    if session.hands and not session.hands[-1].finished:
        open_events = session.hands[-1].events
    totals = tuple(totals)
    leader = leader_of(totals)
    if target == FIRST:
        t: int | None = None
    elif target is None:
        t = leader
    elif isinstance(target, int) and 0 <= target <= 3:
        t = target
    else:
        raise MjError(
            ErrorCode.BAD_OPTION, txt("unknown_chase_target", target=target), where="target"
        )
    s = _Search(session.variant, rules, state, open_events, totals)
    # a 封胡-sealed player may not win this hand at all (the settlement refuses it too)
    sealed = frozenset(v.table_status(state, rules, open_events).sealed)
    space0 = s.space(0, True)
    out: list[PlayerChase] = []
    for x in players if players is not None else range(4):
        rivals = [p for p in range(4) if p != x] if t is None else [t]
        gap = max(totals[r] for r in rivals) - totals[x]
        if x == t or gap < 0:
            out.append(PlayerChase(seat=x, gap=gap, ways=None))
            continue
        if x in sealed:
            out.append(PlayerChase(seat=x, gap=gap, ways=dict.fromkeys(WAYS)))
            continue
        good = _ahead(x, rivals)
        # "first place": the target's discard is the nearest rival's (highest other total)
        tt = t if t is not None else max(rivals, key=lambda p: (totals[p], -p))
        others = [d for d in range(4) if d not in (x, tt)]
        by = tuple((d, s.smallest(x, d, good)) for d in others)
        found = [a for _, a in by if a is not None]
        best = min(found, key=lambda a: (a.value, a.from_)) if found else None
        ways: dict[str, Answer | OtherAnswer | None] = {
            "self_draw": s.smallest(x, None, good),
            "discard_by_target": s.smallest(x, tt, good),
            "discard_by_other": OtherAnswer(best=best, by_discarder=by),
        }
        out.append(PlayerChase(seat=x, gap=gap, ways=ways))
    return Chase(
        variant=session.variant,
        unit_zh=space0.unit_zh,
        unit_en=space0.unit_en,
        players=session.players,
        totals=totals,  # type: ignore[arg-type]
        leader=leader,
        target=t,
        chases=tuple(out),
        margin=_margin(s, leader, sealed),
        state=state,
    )


def _margin(s: _Search, leader: int, sealed: frozenset[int]) -> dict[str, Margin | None]:
    """Per way from the leader's side, the smallest hand that puts someone strictly ahead."""

    def lost(after: Sequence[int]) -> int:
        """≥ 1 when someone ends strictly ahead of the leader."""
        return max(after[p] - after[leader] for p in range(4) if p != leader)

    cases: dict[str, list[tuple[int, int | None]]] = {w: [] for w in WAYS}
    for y in range(4):
        if y == leader or y in sealed:
            continue
        cases["self_draw"].append((y, None))
        cases["discard_by_target"].append((y, leader))
        cases["discard_by_other"] += [(y, z) for z in range(4) if z not in (y, leader)]
    out: dict[str, Margin | None] = {}
    for way, pairs in cases.items():
        worst: Answer | None = None  # the first smallest, in seat order of winner and discarder
        for y, z in pairs:
            a = s.smallest(y, z, lost, below=None if worst is None else worst.value)
            if a is not None:
                worst = a
        if worst is None:
            out[way] = None
            continue
        below = s.space(worst.winner, worst.from_ is None).below(worst.value)
        out[way] = Margin(value=below, loses_at=worst)
    return out
