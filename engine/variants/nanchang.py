"""南昌 Nanchang (RULES.md §4): 精 wildcards, 下精分, 奖励分 (上精, kongs, 精杠, 冲关, 霸王),
胡分 (multiplier product × payer factor × dealer factor, 德国 +5), the cap and the dealer.

Hand analysis with jing as wild is :mod:`engine.variants.nanchang_wild`; the scoring math
(jing scores, multipliers, payer factors, cap) is :mod:`engine.variants.nanchang_score`. This
module reads a hand's events, checks them against each other and settles every payment with a
reason. Every amount is × ``base``; payments are pairwise (each player collects his own score
from each of the other three), itemised, then ``封顶`` adjustments when the cap bites.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import facts
from ..errors import ErrorCode, MjError
from ..events import Hand, Jing, JingCount, Kong, Pung, Win
from ..results import CalcResult, HandResult, PaymentBook, TableState, WinResult, advance
from ..rules import option
from ..tiles import TILE_ZH, HandTiles, format_hand, parse_hand, parse_tiles, successor
from ..transfers import settle_up
from ..variant import Variant, false_win_payments
from . import nanchang_data
from .nanchang_score import (
    BY_ID,
    CLEAN_BONUS,
    IMPLIES,
    JING_KONG_POINTS,
    KONG_POINTS,
    MULTIPLIERS,
    PATTERN_IDS,
    Valuation,
    best,
    bonus_payers,
    cap_nets,
    jing_scores,
    ordered,
    payer_factors,
    readings,
    value_reading,
)
from .nanchang_wild import count_jing, jing_pair

NANCHANG_FLAGS = frozenset({"kong_bloom", "robbed_kong", "heavenly", "earthly"})
LAN_SHAPES = ("thirteen_lan", "seven_star_lan")


@dataclass(frozen=True, slots=True, kw_only=True)
class NanchangRules:
    base: int = option(
        1,
        "房间基本分：每一项（下精分、奖励分、胡分、德国+5、诈胡罚分）都乘以它",
        "room base: every amount (下精分, 奖励分, 胡分, the 德国 +5, the false-win penalty) is multiplied by it",
        minimum=1,
    )
    cap: int | None = option(
        3000,
        "每局得失分封顶（乘基本分后、各项合计比较；null 不封顶）",
        "cap on a player's net for the hand, after × base, all parts included (null: no cap)",
        nullable=True,
        minimum=1,
    )
    chongguan_cap: int | None = option(
        7,
        "冲关最高倍数（默认 ×7 即“至10×7”；null 不限）",
        "largest 冲关 multiplier (default 7, the seed's '至10×7'; null: no limit)",
        nullable=True,
        minimum=1,
    )
    false_win_penalty: int = option(
        10,
        "诈胡罚分（付每家，乘基本分）",
        "false win penalty paid to each other player (× base)",
        minimum=0,
    )


def _contra(msg: str, where: str | None = None) -> MjError:
    return MjError(ErrorCode.CONTRADICTION, msg, where=where)


def _zh(t: str) -> str:
    return TILE_ZH.get(t, t)


# ---------------------------------------------------------------- reading the hand's events
@dataclass(frozen=True, slots=True)
class JingFacts:
    """The hand's jing facts after checking: the turned tiles, counts, 精杠 and feeders."""

    zheng: str | None
    lower: str | None
    lower_counts: tuple[tuple[int, int], ...] | None
    counts: tuple[tuple[int, int], ...] | None
    jing_kongs: tuple[int, ...]
    fed_by: tuple[int | None, ...]
    jing_at: int | None
    count_at: int | None

    @property
    def pair(self) -> tuple[str, str] | None:
        return jing_pair(self.zheng) if self.zheng else None


def _one(hand: Hand, cls: type, name: str) -> tuple[Any, int | None]:
    found = [(i, e) for i, e in enumerate(hand.events) if isinstance(e, cls)]
    if len(found) > 1:
        raise _contra(
            f"a hand has at most one {name} event (found {len(found)})", f"events[{found[1][0]}]"
        )
    return (found[0][1], found[0][0]) if found else (None, None)


def read_jing(hand: Hand) -> JingFacts:
    jev, ji = _one(hand, Jing, "jing")
    cev, ci = _one(hand, JingCount, "jing_count")
    zheng = lower = None
    lower_counts = None
    if jev is not None:
        zheng, lower = jev.indicator, jev.lower
        lower_counts = jev.lower_counts
        # both turned tiles lie face up on the wall while the 下精 are counted
        shown = Counter((zheng, lower))
        for k, t in enumerate((lower, successor(lower))):
            total = sum(c[k] for c in lower_counts)
            limit = 4 - shown[t]
            if total > limit:
                raise _contra(
                    f"the players hold {total} {_zh(t)} ({t}) as 下精 but only {limit} can be in hands "
                    f"(four copies, {shown[t]} turned face up on the wall)",
                    f"events[{ji}].lower_counts",
                )
    counts = None
    jing_kongs: tuple[int, ...] = (0, 0, 0, 0)
    fed_by: tuple[int | None, ...] = (None, None, None, None)
    kong_evs = [[e for e in hand.events if isinstance(e, Kong) and e.player == p] for p in range(4)]
    if cev is not None:
        w = f"events[{ci}]"
        counts = cev.counts
        for k, name in ((0, "正精"), (1, "副精")):
            total = sum(c[k] for c in counts)
            if total > 4:
                tile = f" {_zh(jing_pair(zheng)[k])}" if zheng else ""
                raise _contra(
                    f"the players report {total}{tile} {name} in all, more than the four copies of a tile",
                    f"{w}.counts",
                )
        if cev.fed_by is not None:
            fed_by = cev.fed_by
            raws = [2 * z + f for z, f in counts]
            for p, x in enumerate(fed_by):
                if x is None:
                    continue
                if x == p:
                    raise _contra(f"seat {p} cannot feed his own 冲关", f"{w}.fed_by[{p}]")
                if raws[p] < 5:
                    raise _contra(
                        f"fed_by names seat {x} as feeding seat {p}'s 冲关, but seat {p} holds jing worth {raws[p]} (冲关 needs 5)",
                        f"{w}.fed_by[{p}]",
                    )
    # 精杠: a kong of four identical jing
    derived = [0, 0, 0, 0]
    if zheng is not None:
        pair = jing_pair(zheng)
        for p in range(4):
            for e in kong_evs[p]:
                if e.tile in pair:
                    derived[p] += 1
                    if counts is not None and counts[p][pair.index(e.tile)] != 4:
                        k = pair.index(e.tile)
                        raise _contra(
                            f"seat {p} made a kong of {_zh(e.tile)} ({'正精' if k == 0 else '副精'}) but jing_count gives him {counts[p][k]} of it",
                            f"events[{ci}].counts[{p}]",
                        )
    if cev is None and any(derived):
        # RULES §4: a 精杠 scores 10 "whose four jing still count in raw"; without the
        # jing_count the engine would pay the 10 and silently drop the jing score (and 霸王
        # depends on the others' counts, so it cannot be guessed either).
        p = next(q for q in range(4) if derived[q])
        k = next(e for e in kong_evs[p] if e.tile in jing_pair(zheng))  # type: ignore[arg-type]
        raise _contra(
            f"seat {p} made a 精杠 of {_zh(k.tile)} ({k.tile}); its four jing count in 奖励分, so the hand "
            "needs the jing_count event (every player's 正精/副精 at hand end)",
            f"events[{facts.event_index(hand, k)}]",
        )
    if cev is not None and cev.jing_kongs is not None:
        jing_kongs = cev.jing_kongs
        for p in range(4):
            w = f"events[{ci}].jing_kongs[{p}]"
            n = jing_kongs[p]
            possible = derived[p] + sum(1 for e in kong_evs[p] if e.tile is None or zheng is None)
            if n > possible:
                raise _contra(
                    f"seat {p} has {n} 精杠 but only {possible} kong event(s) that could be of jing",
                    w,
                )
            if n < derived[p]:
                raise _contra(
                    f"seat {p} made {derived[p]} kong(s) of jing tiles, so jing_kongs cannot be {n}",
                    w,
                )
            if counts is not None and n > (counts[p][0] == 4) + (counts[p][1] == 4):
                raise _contra(
                    f"seat {p} has {n} 精杠 but jing_count gives him {counts[p]} (a 精杠 is four of one jing)",
                    w,
                )
    else:
        jing_kongs = tuple(derived)
    return JingFacts(zheng, lower, lower_counts, counts, jing_kongs, fed_by, ji, ci)


# ---------------------------------------------------------------- valuing a win
@dataclass(frozen=True, slots=True)
class WinFacts:
    self_drawn: bool
    kong_bloom: bool
    robbed: bool
    heavenly: bool
    earthly: bool


def _win_facts(win: Win, dealer: int, where: str) -> WinFacts:
    f = WinFacts(
        self_drawn=win.from_ is None,
        kong_bloom=bool(win.kong_bloom),
        robbed=bool(win.robbed_kong),
        heavenly=bool(win.heavenly),
        earthly=bool(win.earthly),
    )
    if f.kong_bloom and not f.self_drawn:
        raise MjError(
            ErrorCode.BAD_FLAG,
            "杠上开花 (kong_bloom) is a self-draw: 'from' must be null",
            where=f"{where}.kong_bloom",
        )
    if f.robbed and f.self_drawn:
        raise MjError(
            ErrorCode.BAD_FLAG,
            "抢杠 (robbed_kong) needs 'from' = the player whose kong was robbed",
            where=f"{where}.robbed_kong",
        )
    if f.heavenly:
        if win.player != dealer:
            raise MjError(
                ErrorCode.BAD_FLAG,
                f"天胡 is the dealer's dealt hand; seat {win.player} is not the dealer (seat {dealer})",
                where=f"{where}.heavenly",
            )
        if not f.self_drawn:
            raise MjError(
                ErrorCode.BAD_FLAG,
                "天胡 is won on the dealt 14 tiles: 'from' must be null",
                where=f"{where}.heavenly",
            )
    if f.earthly:
        if win.player == dealer:
            raise MjError(
                ErrorCode.BAD_FLAG,
                "地胡 is a non-dealer's win on the dealer's first discard; the dealer cannot have it",
                where=f"{where}.earthly",
            )
        if win.from_ != dealer:
            raise MjError(
                ErrorCode.BAD_FLAG,
                f"地胡 is won on the dealer's first discard: 'from' must be the dealer (seat {dealer})",
                where=f"{where}.earthly",
            )
    if (f.heavenly or f.earthly) and (f.kong_bloom or f.robbed):
        raise MjError(
            ErrorCode.BAD_FLAG,
            "天胡/地胡 happen before any kong: they cannot be kong_bloom or robbed_kong",
            where=where,
        )
    if f.heavenly and f.earthly:
        raise MjError(ErrorCode.BAD_FLAG, "a win cannot be both 天胡 and 地胡", where=where)
    return f


def _check_declared(pats: set[str], f: WinFacts, where: str) -> None:
    if "seven_pairs" in pats and pats & set(LAN_SHAPES):
        raise MjError(
            ErrorCode.BAD_PATTERN,
            "七对 and 十三烂 are different shapes; declare one",
            where=f"{where}.patterns",
        )
    if "jing_single" in pats:
        if not f.self_drawn:
            raise MjError(
                ErrorCode.BAD_PATTERN,
                "精吊 counts only on a self-draw (the win has a 'from')",
                where=f"{where}.patterns",
            )
        if pats & set(LAN_SHAPES):
            raise MjError(
                ErrorCode.BAD_PATTERN,
                "精吊 is four sets or six pairs plus a jing, not 十三烂",
                where=f"{where}.patterns",
            )


def check_tiles(tiles: HandTiles, where: str) -> None:
    """RULES §4 "136 tiles": Nanchang has no flowers, and no 海底/绝张 situation flags."""
    if tiles.flower_count:
        raise MjError(
            ErrorCode.BAD_TILES,
            "南昌 is played with 136 tiles, without flowers: leave the flower section out",
            where=where,
        )
    ctx = tiles.context
    if ctx is not None and (ctx.last_tile or ctx.last_copy):
        what = "海底 (last tile)" if ctx.last_tile else "绝张 (last copy)"
        raise MjError(
            ErrorCode.BAD_FLAG,
            f"the context marks {what}, which 南昌 does not score (flags: {', '.join(sorted(NANCHANG_FLAGS))})",
            where=where,
        )


def value_win(
    win: Win, tiles: HandTiles | None, jf: JingFacts, f: WinFacts, where: str
) -> Valuation:
    """The multipliers of a win, from tiles (all readings, 就高) or from declared patterns."""
    declared = set(win.patterns or ())
    declared |= {IMPLIES[p] for p in declared if p in IMPLIES}
    _check_declared(declared, f, where)
    others_known = jf.counts is not None
    others_hold = others_known and any(sum(jf.counts[p]) for p in range(4) if p != win.player)  # type: ignore[index]
    if "clean_sweep" in declared and others_hold:
        holders = [p for p in range(4) if p != win.player and sum(jf.counts[p])]  # type: ignore[index]
        raise _contra(
            f"德中德 says no other player holds jing, but jing_count gives seat(s) {', '.join(map(str, holders))} jing",
            f"{where}.patterns",
        )
    sweep_ok = (others_known and not others_hold) or "clean_sweep" in declared
    if tiles is None:
        pats = set(declared)
        if jf.counts is not None:
            mine = sum(jf.counts[win.player])
            if mine == 0:
                pats.add("clean")  # holding no jing is 德国
            if "jing_single" in pats and mine == 0:
                raise _contra(
                    "精吊 needs a jing, but jing_count gives the winner none", f"{where}.patterns"
                )
        if "clean" in pats and sweep_ok:
            pats.add("clean_sweep")
        if "clean_sweep" in pats:
            pats.discard("clean")
        if "seven_star_lan" in pats:
            pats.discard("thirteen_lan")
        if f.heavenly:
            pats.add("heavenly")
        if f.earthly:
            pats.add("earthly")
        return Valuation(ordered(pats), "declared")
    if jf.zheng is None:
        raise _contra(
            "a Nanchang win written in tiles needs the hand's jing event (the 正精 decides what is wild)",
            f"{where}.hand",
        )
    rs = readings(tiles, jf.zheng, self_drawn=f.self_drawn, heavenly=f.heavenly)
    if not rs:
        raise MjError(
            ErrorCode.NOT_A_WIN,
            f"{format_hand(tiles)} is not a winning hand, even with 精 {_zh(jf.zheng)}/{_zh(successor(jf.zheng))} as wild",
            where=f"{where}.hand",
        )
    vals = [value_reading(r, sweep=sweep_ok, heavenly=f.heavenly, earthly=f.earthly) for r in rs]
    found = set().union(*(v.patterns for v in vals))
    found |= {IMPLIES[p] for p in found if p in IMPLIES}
    if "clean" in found:
        found.add("clean_sweep")  # a fact about the other hands, checked above
    for p in sorted(declared - found):
        raise _contra(
            f"{BY_ID[p].zh} ({p}) is declared but the hand {format_hand(tiles)} is not {BY_ID[p].zh}",
            f"{where}.patterns",
        )
    chosen = best(vals)
    assert chosen is not None
    return chosen


# ---------------------------------------------------------------- the variant
class Nanchang(Variant):
    id = "nanchang"
    name_zh = "南昌"
    name_en = "Nanchang"
    data = nanchang_data.DATA  # patterns, flags, scoring table, table status
    Rules = NanchangRules
    flags = NANCHANG_FLAGS
    declared_fields = frozenset({"patterns"})
    pattern_ids = PATTERN_IDS
    event_types = frozenset({"pung", "kong", "jing", "jing_count", "win", "false_win", "draw"})
    multiple_wins = False
    unit: ClassVar[str] = "×"
    patterns: ClassVar[tuple] = tuple(
        m for m in MULTIPLIERS if m.id in PATTERN_IDS
    )  # names for the TUI

    def accepts_declared(self, win: Win) -> bool:
        return True  # a plain win (平胡 ×1) needs no pattern

    def initial_state(self, first_dealer: int, rules: Any) -> TableState:
        return TableState(hand_number=1, dealer=first_dealer)

    # ------------------------------------------------------------ settlement
    def settle_hand(self, hand: Hand, state: TableState, rules: NanchangRules) -> HandResult:
        jf = read_jing(hand)
        book = PaymentBook()
        base = rules.base
        details: dict[str, Any] = {}
        if jf.zheng:
            details["jing"] = {
                "zheng": jf.zheng,
                "fu": successor(jf.zheng),
                "lower": [jf.lower, successor(jf.lower)],
            }  # type: ignore[arg-type]
        # 下精分
        if jf.lower_counts is not None:
            scores = jing_scores(jf.lower_counts, rules.chongguan_cap)
            details["lower_scores"] = [s.score for s in scores]
            for p, s in enumerate(scores):
                if s.score:
                    book.each_pays(p, base * s.score, f"下精分 {s.label('下')}")
        # 奖励分: 上精
        if jf.counts is not None:
            scores = jing_scores(jf.counts, rules.chongguan_cap)
            details["award_scores"] = [s.score for s in scores]
            for p, s in enumerate(scores):
                if not s.score:
                    continue
                x = jf.fed_by[p]
                if x is None:
                    book.each_pays(p, base * s.score, f"奖励分 上精 {s.label()}")
                else:
                    book.pay(x, p, 3 * base * s.score, f"奖励分 上精 {s.label()} 打精冲关 独付×3")
        # 奖励分: kongs
        kong_points = [0, 0, 0, 0]
        for p in range(4):
            n = len(facts.kongs(hand, p))
            g = jf.jing_kongs[p]
            pts = KONG_POINTS * (n - g) + JING_KONG_POINTS * g
            kong_points[p] = pts
            if pts:
                parts = ([f"杠×{n - g}"] if n - g else []) + ([f"精杠×{g}"] if g else [])
                book.each_pays(p, base * pts, f"奖励分 {' '.join(parts)} {pts}分")
        details["kong_points"] = kong_points
        wins: tuple[WinResult, ...] = ()
        outcome = hand.outcome
        dealer = state.dealer
        next_dealer = dealer
        if outcome == "win":
            win = hand.wins[0]
            i = facts.event_index(hand, win)
            res = self._settle_win(hand, win, f"events[{i}]", jf, state, rules, book, details)
            wins = (res,)
            if win.player != dealer:
                next_dealer = (dealer + 1) % 4
        elif outcome == "false_win":
            false_win_payments(book, hand, base * rules.false_win_penalty, "诈胡")
        # 封顶
        nets = book.deltas()
        capped = cap_nets(nets, rules.cap)
        if capped != nets:
            details["cap"] = {"before": list(nets), "after": list(capped)}
            adjust = [c - n for c, n in zip(capped, nets, strict=True)]
            for payer, payee, amount in settle_up(adjust):
                book.pay(payer, payee, amount, f"封顶 {rules.cap}")
        passes = state.passes + (1 if next_dealer != dealer else 0)
        nxt = advance(state, dealer=next_dealer, passes=passes)
        summary = {"win": "胡", "draw": "荒庄", "false_win": "诈胡"}.get(outcome, outcome)
        if wins:
            summary = wins[0].summary
        return book.result(
            next_state=nxt, outcome=outcome, wins=wins, summary=summary, details=details
        )

    def _settle_win(
        self,
        hand: Hand,
        win: Win,
        where: str,
        jf: JingFacts,
        state: TableState,
        rules: NanchangRules,
        book: PaymentBook,
        details: dict[str, Any],
    ) -> WinResult:
        dealer = state.dealer
        f = _win_facts(win, dealer, where)
        tiles = facts.win_tiles(win, self.id, where)
        if tiles is not None:
            check_tiles(tiles, f"{where}.hand")
            facts.check_context(tiles, win, state, where)
            ctx = tiles.context
            if ctx is not None and ctx.kong and not ctx.self_drawn and not f.robbed:
                raise _contra(
                    "the hand's context marks 抢杠 but the win has no robbed_kong flag",
                    f"{where}.hand",
                )
            if ctx is not None and ctx.kong and ctx.self_drawn and not f.kong_bloom:
                raise _contra(
                    "the hand's context marks 杠上开花 but the win has no kong_bloom flag",
                    f"{where}.hand",
                )
            if jf.zheng is not None and jf.counts is not None:
                mine = count_jing(tiles.all_tiles, jf.zheng)
                if tuple(mine) != tuple(jf.counts[win.player]):
                    z, fu = jing_pair(jf.zheng)
                    raise _contra(
                        f"the winner's hand holds {mine[0]} {_zh(z)} (正精) and {mine[1]} {_zh(fu)} (副精) "
                        f"but jing_count gives him {list(jf.counts[win.player])}",
                        f"events[{jf.count_at}].counts[{win.player}]",
                    )
        melds = facts.claimed_melds(hand, win, tiles, where=where)
        closed_only = set(win.patterns or ()) & {"seven_pairs", *LAN_SHAPES}
        if tiles is None and melds and closed_only:
            # RULES §0: "A declared pattern that cannot apply to the situation … is refused":
            # 七对 and 十三烂 are fourteen standing tiles; a logged pung or kong rules them out.
            name = BY_ID[ordered(closed_only)[0]].zh
            raise MjError(
                ErrorCode.BAD_PATTERN,
                f"{name} is fourteen concealed tiles, but seat {win.player} has a logged "
                f"{'kong' if melds[0].kind == 'kong' else 'pung'} this hand",
                where=f"{where}.patterns",
            )
        if f.kong_bloom:
            facts.kong_chain(hand, win.player, win.kong_bloom, where=f"{where}.kong_bloom")
        if f.robbed and win.robbed_kong > 1:
            facts.kong_chain(
                hand,
                win.from_,
                win.robbed_kong - 1,
                where=f"{where}.robbed_kong",
                what="robbed_kong",
            )
        if f.heavenly or f.earthly:
            early = [e for e in hand.events if isinstance(e, Pung | Kong)]
            if early or (tiles is not None and tiles.melds):
                name = "天胡" if f.heavenly else "地胡"
                raise _contra(
                    f"{name} comes before anyone claims or kongs, but the hand has melds", where
                )
        val = value_win(win, tiles, jf, f, where)
        details["win"] = {
            "shape": val.shape,
            "patterns": list(val.patterns),
            "multiplier": val.m,
            "clean": val.clean,
        }
        base = rules.base
        m = val.m
        factors = payer_factors(
            win.player,
            win.from_,
            kong_bloom=f.kong_bloom,
            robbed=f.robbed,
            heavenly=f.heavenly,
            earthly=f.earthly,
        )
        for j, pf in factors.items():
            d = 2 if dealer in (j, win.player) else 1
            amount = base * m * pf.factor * d
            parts = ["胡分", val.label()]
            if pf.label:
                parts.append(pf.label)
            if d == 2:
                parts.append("庄家×2")
            book.pay(j, win.player, amount, " ".join(parts))
        if val.clean:
            name = "德中德" if "clean_sweep" in val.patterns else "德国"
            for j in bonus_payers(win.player, win.from_):
                book.pay(j, win.player, base * CLEAN_BONUS, f"{name} +{CLEAN_BONUS}")
        # how it was won, as the payer factor reads it (天胡 has no 自摸 factor, 地胡 no 点炮)
        if win.heavenly:
            how = "天胡"
        elif win.earthly:
            how = "地胡"
        elif win.robbed_kong:
            how = "抢杠"
        elif win.kong_bloom:
            how = "杠上开花"
        else:
            how = "自摸" if win.from_ is None else "点炮"
        summary = val.label() if how in val.label() else f"{val.label()} {how}"
        return WinResult(
            player=win.player,
            from_=win.from_,
            items=val.items(),
            value=m,
            unit="×",
            summary=summary,
        )

    # ------------------------------------------------------------ calc
    def calc(
        self,
        hand: str,
        rules: NanchangRules,
        *,
        flags: Mapping[str, Any] | None = None,
        jing: str | None = None,
    ) -> CalcResult:
        return calc(hand, rules, flags=flags or {}, jing=jing)


def _jing_tile(jing: str | None) -> str:
    if jing is None:
        raise MjError(
            ErrorCode.BAD_FLAG,
            "Nanchang needs the 正精: --jing TILE (e.g. --jing 5p); it decides what is wild",
            where="--jing",
        )
    ts = parse_tiles(jing, where="--jing")
    if len(ts) != 1:
        raise MjError(ErrorCode.BAD_TILES, f"--jing takes one tile, not {jing!r}", where="--jing")
    return ts[0]


SEATS = "ESWN"
WIND_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}


def calc(
    hand: str, rules: NanchangRules, *, flags: Mapping[str, Any], jing: str | None
) -> CalcResult:
    """What a hand is worth: multipliers found, and what each seat would pay for a discard
    (by each possible discarder) and for a self-draw. Seat E is the dealer."""
    zheng = _jing_tile(jing)
    for name in flags:
        if name not in NANCHANG_FLAGS:
            raise MjError(
                ErrorCode.BAD_FLAG,
                f"Nanchang does not know the flag {name!r} (flags: {', '.join(sorted(NANCHANG_FLAGS))})",
                where="--flag",
            )
    tiles = parse_hand(hand, variant="nanchang", waiting_ok=False)
    check_tiles(tiles, "hand")
    ctx = tiles.effective_context
    winner = SEATS.index(ctx.seat)
    dealer = 0
    kong_bloom = bool(flags.get("kong_bloom")) or (ctx.kong and ctx.self_drawn)
    robbed = bool(flags.get("robbed_kong")) or (ctx.kong and not ctx.self_drawn)
    heavenly = bool(flags.get("heavenly"))
    earthly = bool(flags.get("earthly"))
    if heavenly and (winner != dealer or robbed or earthly or kong_bloom):
        raise MjError(
            ErrorCode.BAD_FLAG,
            "天胡 is the dealer's (seat E) dealt hand, with no kong",
            where="--flag",
        )
    if earthly and (winner == dealer or kong_bloom or robbed):
        raise MjError(
            ErrorCode.BAD_FLAG,
            "地胡 is a non-dealer's win on the dealer's first discard, with no kong",
            where="--flag",
        )
    jf = JingFacts(zheng, None, None, None, (0, 0, 0, 0), (None,) * 4, None, None)
    base = rules.base
    z, fu = jing_pair(zheng)
    held = count_jing(tiles.all_tiles, zheng)
    scenarios: list[tuple[str, str, int | None]] = []  # (key, label, discarder)
    if not earthly:
        scenarios.append(("self_draw", "自摸" if not kong_bloom else "杠上开花", None))
    if not heavenly:
        for d in range(4):
            if d == winner or (earthly and d != dealer):
                continue
            lab = "抢杠" if robbed else ("地胡" if earthly else "点炮")
            scenarios.append((f"discard_{SEATS[d]}", f"{lab} {WIND_ZH[SEATS[d]]}家", d))
    out: dict[str, Any] = {
        "variant": "nanchang",
        "hand": format_hand(tiles),
        "jing": {"zheng": z, "fu": fu, "held": list(held)},
        "seat": ctx.seat,
        "dealer": winner == dealer,
        "base": base,
        "scenarios": [],
    }
    lines = [
        f"精 正{_zh(z)} 副{_zh(fu)}  手中 正精×{held[0]} 副精×{held[1]}  座位 {WIND_ZH[ctx.seat]}{'（庄）' if winner == dealer else ''}"
    ]
    for key, label, d in scenarios:
        f = WinFacts(
            self_drawn=d is None,
            kong_bloom=kong_bloom and d is None,
            robbed=robbed and d is not None,
            heavenly=heavenly and d is None,
            earthly=earthly and d is not None,
        )
        win = Win(player=winner, from_=d)
        try:
            val = value_win(win, tiles, jf, f, "hand")
        except MjError as e:
            raise MjError(e.code, e.message) from None
        factors = payer_factors(
            winner,
            d,
            kong_bloom=f.kong_bloom,
            robbed=f.robbed,
            heavenly=f.heavenly,
            earthly=f.earthly,
        )
        bonus = set(bonus_payers(winner, d)) if val.clean else set()
        pays = []
        for j, pf in factors.items():
            dd = 2 if dealer in (j, winner) else 1
            amount = base * val.m * pf.factor * dd
            extra = base * CLEAN_BONUS if j in bonus else 0
            pays.append(
                {
                    "seat": SEATS[j],
                    "dealer": j == dealer,
                    "factor": pf.factor,
                    "dealer_factor": dd,
                    "amount": amount,
                    "clean_bonus": extra,
                    "total": amount + extra,
                }
            )
        out["scenarios"].append(
            {
                "key": key,
                "label": label,
                "from": SEATS[d] if d is not None else None,
                "multipliers": [i.to_json() for i in val.items()],
                "product": val.m,
                "shape": val.shape,
                "clean": val.clean,
                "payments": pays,
                "total": sum(p["total"] for p in pays),
            }
        )
        lines.append(
            f"{label}: {val.label()} = ×{val.m}"
            + (f"  (+{CLEAN_BONUS}×{base})" if val.clean else "")
        )
        for p in pays:
            desc = f"×{p['factor']}" + (" 庄×2" if p["dealer_factor"] == 2 else "")
            bonus_txt = f" + {p['clean_bonus']}" if p["clean_bonus"] else ""
            lines.append(
                f"    {WIND_ZH[p['seat']]}家{'（庄）' if p['dealer'] else ''} pays {p['amount']}{bonus_txt} = {p['total']}  ({base}×{val.m}{desc})"
            )
    by_key = {s["key"]: s for s in out["scenarios"]}
    out["self_draw"] = by_key.get("self_draw")
    out["discard"] = [s for s in out["scenarios"] if s["from"] is not None]
    # the headline: the way the hand string says it was won (its |context), else the other
    if out["self_draw"] and (ctx.self_drawn or not out["discard"]):
        primary = out["self_draw"]
    else:
        primary = out["discard"][0]
    out["patterns"] = primary["multipliers"]
    out["product"] = primary["product"]
    if any(s["clean"] for s in out["scenarios"]):
        lines.append(
            "德中德 ×4 instead of 德国 ×2 if no other player holds any jing (not known to calc)"
        )
    return CalcResult(json=out, lines=tuple(lines))


VARIANT = Nanchang()

__all__ = ["NanchangRules", "VARIANT", "calc", "read_jing", "value_win"]
