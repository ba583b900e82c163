"""南昌 Nanchang (RULES.md §4): the house rules, the facts a hand's events give (精, 下精, 上精
counts, who fed whom) and the value of one win (its shape, multipliers and jing)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import facts
from ..errors import ErrorCode, MjError, Seats
from ..events import Hand, Jing, JingCount, Kong, Win
from ..rules import option
from ..texts_checks import EVENT_ZH
from ..tiles import TILE_ZH, HandTiles, format_hand, successor
from .nanchang_score import (
    BY_ID,
    IMPLIES,
    Valuation,
    best_reading,
    ordered,
    readings,
    taken_jing,
)
from .nanchang_tally import Tally
from .nanchang_wild import jing_pair
from .texts_nanchang import Seat, txt

NANCHANG_FLAGS = frozenset({"kong_bloom", "robbed_kong", "heavenly", "earthly"})
LAN_SHAPES = ("thirteen_lan", "seven_star_lan")


@dataclass(frozen=True, slots=True, kw_only=True)
class NanchangRules:
    base: int = option(
        1,
        "房间基本分：每一项（下精分、奖励分、胡分、德国+5、诈胡罚分）都乘以它",
        "room base: every amount (下精分, 奖励分, 胡分, the 德国 +5, the false-win penalty) is multiplied by it",
        minimum=1,
        label="基本分",
    )
    cap: int | None = option(
        3000,
        "每盘得失分封顶（乘基本分后、各项合计比较；留空不封顶）",
        "cap on a player's net for the hand, after × base, all parts included (null: no cap)",
        nullable=True,
        minimum=1,
        label="封顶",
    )
    chongguan_cap: int | None = option(
        7,
        "冲关最高倍数（默认 ×7 即“至10×7”；留空不限）",
        "largest 冲关 multiplier (default 7, the seed's '至10×7'; null: no limit)",
        nullable=True,
        minimum=1,
        label="冲关封顶",
    )
    false_win_penalty: int = option(
        10,
        "诈胡罚分（付每家，乘基本分）",
        "false win penalty paid to each other player (× base)",
        minimum=0,
        label="诈胡罚分",
    )


def _contra(msg: str, where: str | None = None) -> MjError:
    return MjError(ErrorCode.CONTRADICTION, msg, where=where)


def _zh(t: str) -> str:
    return TILE_ZH.get(t, t)


# ---------------------------------------------------------------- reading the hand's events
class JingFacts(NamedTuple):
    """The hand's jing facts after checking: the turned tiles, counts, 精杠 and feeders."""

    zheng: str | None
    lower: str | None
    lower_counts: tuple[tuple[int, int], ...] | None
    counts: tuple[tuple[int, int], ...] | None
    jing_kongs: tuple[int, ...]
    fed_by: tuple[int | None, ...]
    jing_at: int | None
    count_at: int | None
    kongs: tuple[int, ...] = (0, 0, 0, 0)  # each player's kong events

    @property
    def pair(self) -> tuple[str, str] | None:
        return jing_pair(self.zheng) if self.zheng else None


def _one(found: list[tuple[int, Any]], name: str) -> tuple[Any, int | None]:
    """The one event of a kind among ``found`` ((index, event) pairs), refused if twice."""
    if len(found) > 1:
        raise _contra(
            txt("event_twice", name=name, p2=len(found), what=EVENT_ZH.get(name, name)),
            f"events[{found[1][0]}]",
        )
    return (found[0][1], found[0][0]) if found else (None, None)


def _check_lower(jev: Jing, ji: int) -> None:
    """Both turned tiles lie face up on the wall while the 下精 are counted."""
    zheng, lower = jev.indicator, jev.lower
    totals = tuple(map(sum, zip(*jev.lower_counts, strict=True)))
    for k, t in enumerate((lower, successor(lower))):
        total = totals[k]
        shown = (zheng == t) + (lower == t)
        limit = 4 - shown
        if total > limit:
            raise _contra(
                txt(
                    "players_hold_hands_four_copies",
                    total=total,
                    p2=_zh(t),
                    t=t,
                    limit=limit,
                    p5=shown,
                ),
                f"events[{ji}].lower_counts",
            )


def _check_counts(cev: JingCount, zheng: str | None, ci: int) -> None:
    """At most four of each jing among the players; 冲关 fed by another player, to 5 or more."""
    counts, fed_by = cev.counts, cev.fed_by
    w = f"events[{ci}]"
    totals = tuple(map(sum, zip(*counts, strict=True)))
    for k, name in ((0, "正精"), (1, "副精")):
        total = totals[k]
        if total > 4:
            tile = f" {_zh(jing_pair(zheng)[k])}" if zheng else ""
            raise _contra(
                txt("players_report_all_more_than", total=total, tile=tile, name=name),
                f"{w}.counts",
            )
    if fed_by is not None:
        raws = [2 * z + f for z, f in counts]
        for p, x in enumerate(fed_by):
            if x is None:
                continue
            if x == p:
                raise _contra(txt("chongguan_self_feed", p=Seat(p)), f"{w}.fed_by[{p}]")
            if raws[p] < 5:
                raise _contra(
                    txt("chongguan_fed_short", x=Seat(x), p=Seat(p), p3=raws[p]),
                    f"{w}.fed_by[{p}]",
                )


def read_jing(hand: Hand, *, open_hand: bool = False) -> JingFacts:
    """The hand's jing facts, checked; ``open_hand``: the hand is still being played, so
    only what its events so far contradict (the copies of a tile) is refused."""
    # the events read in one pass: the jing reveal, the jing count, each player's kongs
    jings: list[tuple[int, Jing]] = []
    jing_counts: list[tuple[int, JingCount]] = []
    kong_evs: list[list[Kong]] = [[], [], [], []]
    for i, e in enumerate(hand.events):
        if isinstance(e, Kong):
            kong_evs[e.player].append(e)
        elif isinstance(e, Jing):
            jings.append((i, e))
        elif isinstance(e, JingCount):
            jing_counts.append((i, e))
    jev, ji = _one(jings, "jing")
    cev, ci = _one(jing_counts, "jing_count")
    zheng = lower = None
    lower_counts = None
    if jev is not None:
        zheng, lower = jev.indicator, jev.lower
        lower_counts = jev.lower_counts
        _check_lower(jev, ji)  # type: ignore[arg-type]
    counts = None
    fed_by: tuple[int | None, ...] = (None, None, None, None)
    if cev is not None:
        counts = cev.counts
        _check_counts(cev, zheng, ci)  # type: ignore[arg-type]
        if cev.fed_by is not None:
            fed_by = cev.fed_by
    if open_hand:
        # the hand goes on: kongs may still be logged, so only the copies are checked here
        return JingFacts(zheng, lower, lower_counts, counts, (0, 0, 0, 0), fed_by, ji, ci)
    # 精杠: a kong of four identical jing
    derived = [0, 0, 0, 0]
    pair = jing_pair(zheng) if zheng is not None else ()
    for p in range(4):
        for e in kong_evs[p]:
            if e.tile in pair:
                derived[p] += 1
                k = pair.index(e.tile)
                if counts is not None and counts[p][k] != 4:
                    raise _contra(
                        txt(
                            "made_kong_jing_count_gives",
                            p=Seat(p),
                            p2=_zh(e.tile),  # type: ignore[arg-type]
                            p3="正精" if k == 0 else "副精",
                            p4=counts[p][k],
                        ),
                        f"events[{ci}].counts[{p}]",
                    )
    if cev is None and any(derived):
        # RULES §4: a 精杠 scores 10 "whose four jing still count in raw"; without the
        # jing_count the engine would pay the 10 and silently drop the jing score (and 霸王
        # depends on the others' counts, so it cannot be guessed either).
        p = next(q for q in range(4) if derived[q])
        k = next(e for e in kong_evs[p] if e.tile in pair)
        raise _contra(
            txt("made_four_jing_count_hand", p=Seat(p), p2=_zh(k.tile), tile=k.tile),  # type: ignore[arg-type]
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
                    txt("kong_event_s_could_jing", p=Seat(p), n=n, possible=possible),
                    w,
                )
            if n < derived[p]:
                raise _contra(
                    txt("made_kong_s_jing_tiles", p=Seat(p), p2=derived[p], n=n),
                    w,
                )
            if counts is not None and n > (counts[p][0] == 4) + (counts[p][1] == 4):
                raise _contra(
                    txt("jing_count_gives_him_four", p=Seat(p), n=n, p3=counts[p]),
                    w,
                )
    else:
        jing_kongs = tuple(derived)
    return JingFacts(
        zheng, lower, lower_counts, counts, jing_kongs, fed_by, ji, ci, tuple(map(len, kong_evs))
    )


# ---------------------------------------------------------------- valuing a win
class WinFacts(NamedTuple):
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
            txt("kong_bloom_self_draw_from_2"),
            where=f"{where}.kong_bloom",
        )
    if f.robbed and f.self_drawn:
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("robbed_kong_from_player_whose"),
            where=f"{where}.robbed_kong",
        )
    if f.heavenly:
        if win.player != dealer:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt("dealer_s_dealt_hand_dealer", player=Seat(win.player), dealer=Seat(dealer)),
                where=f"{where}.heavenly",
            )
        if not f.self_drawn:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt("won_dealt_tiles_from_null"),
                where=f"{where}.heavenly",
            )
    if f.earthly:
        if win.player == dealer:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt("non_dealer_s_win_dealer_2"),
                where=f"{where}.earthly",
            )
        if win.from_ != dealer:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt("won_dealer_s_first_discard", dealer=Seat(dealer)),
                where=f"{where}.earthly",
            )
    if (f.heavenly or f.earthly) and (f.kong_bloom or f.robbed):
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("happen_before_any_kong_they"),
            where=where,
        )
    if f.heavenly and f.earthly:
        raise MjError(ErrorCode.BAD_FLAG, txt("win_both"), where=where)
    return f


def _check_declared(pats: set[str], f: WinFacts, where: str) -> None:
    if "seven_pairs" in pats and pats & set(LAN_SHAPES):
        raise MjError(
            ErrorCode.BAD_PATTERN,
            txt("different_shapes_declare_one"),
            where=f"{where}.patterns",
        )
    if "jing_single" in pats:
        if not f.self_drawn:
            raise MjError(
                ErrorCode.BAD_PATTERN,
                txt("counts_self_draw_win_from"),
                where=f"{where}.patterns",
            )
        if pats & set(LAN_SHAPES):
            raise MjError(
                ErrorCode.BAD_PATTERN,
                txt("four_sets_six_pairs_plus"),
                where=f"{where}.patterns",
            )


def check_tiles(tiles: HandTiles, where: str) -> None:
    """RULES §4 "136 tiles": Nanchang has no flowers, and no 海底/绝张 situation flags."""
    if tiles.flower_count:
        raise MjError(
            ErrorCode.BAD_TILES,
            txt("played_tiles_without_flowers_leave"),
            where=where,
        )
    ctx = tiles.context
    if ctx is not None and (ctx.last_tile or ctx.last_copy):
        what = "海底 (last tile)" if ctx.last_tile else "绝张 (last copy)"
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("context_marks_which_does_score", what=what, p2=", ".join(sorted(NANCHANG_FLAGS))),
            where=where,
        )


def value_win(
    win: Win, tiles: HandTiles | None, jf: JingFacts, f: WinFacts, where: str
) -> Valuation:
    """The multipliers of a win, from tiles (all readings, 就高) or from declared patterns."""
    declared = set(win.patterns or ())
    if declared:
        declared |= {IMPLIES[p] for p in declared if p in IMPLIES}
        _check_declared(declared, f, where)
    others_known = jf.counts is not None
    others_hold = others_known and any(sum(jf.counts[p]) for p in range(4) if p != win.player)  # type: ignore[index]
    if "clean_sweep" in declared and others_hold:
        holders = [p for p in range(4) if p != win.player and sum(jf.counts[p])]  # type: ignore[index]
        raise _contra(
            txt("says_other_player_holds_jing", p1=Seats(holders)),
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
                raise _contra(txt("jing_jing_count_gives_winner"), f"{where}.patterns")
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
            txt("nanchang_win_written_tiles_hand"),
            f"{where}.hand",
        )
    rs = readings(tiles, jf.zheng, self_drawn=f.self_drawn, heavenly=f.heavenly)
    if not rs:
        taken = taken_jing(tiles, jf.zheng, self_drawn=f.self_drawn)
        if taken is not None and Tally(tiles.closed, len(tiles.melds), jf.pair).shapes(clean=False):  # type: ignore[arg-type]
            how = (
                f"robbed from seat {win.from_}'s kong"
                if f.robbed
                else f"won on seat {win.from_}'s discard"
            )
            raise MjError(
                ErrorCode.NOT_A_WIN,
                txt(
                    "winning_hand_taken_from_another",
                    p1=format_hand(tiles),
                    p2=_zh(taken),
                    taken=taken,
                    how=how,
                ),
                where=f"{where}.hand",
            )
        raise MjError(
            ErrorCode.NOT_A_WIN,
            txt(
                "winning_hand_even_wild",
                p1=format_hand(tiles),
                p2=_zh(jf.zheng),
                p3=_zh(successor(jf.zheng)),
            ),
            where=f"{where}.hand",
        )
    chosen, found = best_reading(rs, sweep=sweep_ok, heavenly=f.heavenly, earthly=f.earthly)
    for p in sorted(declared - found):
        raise _contra(
            txt("declared_hand", zh=BY_ID[p].zh, p=p, p3=format_hand(tiles)),
            f"{where}.patterns",
        )
    return chosen
