"""南昌 Nanchang (RULES.md §4): 精 wildcards, 下精分, 奖励分 (上精, kongs, 精杠, 冲关, 霸王),
胡分 (multiplier product × payer factor × dealer factor, 德国 +5), the cap and the dealer.

Hand analysis with jing as wild is :mod:`engine.variants.nanchang_wild`; the scoring math
(jing scores, multipliers, payer factors, cap) is :mod:`engine.variants.nanchang_score`. This
module reads a hand's events, checks them against each other and settles every payment with a
reason. Every amount is × ``base``; payments are pairwise (each player collects his own score
from each of the other three), itemised, then ``封顶`` adjustments when the cap bites.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import facts
from ..errors import ErrorCode, MjError
from ..events import Event, FlagValue, Hand, Kong, Pung, Win
from ..results import (
    CalcResult,
    HandResult,
    Payment,
    PaymentBook,
    TableState,
    WinResult,
    advance,
)
from ..tiles import successor
from ..transfers import settle_up
from ..variant import Variant, false_win_payments
from . import nanchang_data
from .nanchang_calc import calc
from .nanchang_hand import (
    LAN_SHAPES,
    JingFacts,
    NanchangRules,
    _contra,
    _win_facts,
    _zh,
    check_tiles,
    read_jing,
    value_win,
)
from .nanchang_pay import win_payments
from .nanchang_plain import settle_plain
from .nanchang_score import BY_ID, awards, cap_nets, ordered
from .nanchang_wild import count_jing, jing_pair
from .texts_nanchang import Seat, txt


# ---------------------------------------------------------------- the variant
class Nanchang(Variant[NanchangRules]):
    id = "nanchang"
    data = nanchang_data.DATA  # patterns, flags, scoring table, table status
    Rules = NanchangRules

    def accepts_declared(self, win: Win) -> bool:
        return True  # a plain win (平胡 ×1) needs no pattern

    def initial_state(self, first_dealer: int, rules: NanchangRules) -> TableState:
        return TableState(hand_number=1, dealer=first_dealer)

    # ------------------------------------------------------------ settlement
    def check_open_hand(self, hand: Hand) -> None:
        """The jing reveal and counts entered so far (no tile beyond its four copies)."""
        read_jing(hand, open_hand=True)

    def spot_payments(
        self, events: Sequence[Event], state: TableState, rules: NanchangRules
    ) -> tuple[Payment, ...]:
        """下精分 (RULES.md §4) is paid at the jing reveal, before the hand ends."""
        return nanchang_data.spot_payments(events, rules)

    def settle_hand(self, hand: Hand, state: TableState, rules: NanchangRules) -> HandResult:
        plain = settle_plain(hand, state, rules)  # the common hand, each check made once
        return plain if plain is not None else self.settle_full(hand, state, rules)

    def settle_full(self, hand: Hand, state: TableState, rules: NanchangRules) -> HandResult:
        """``settle_hand`` on the path that reads every kind of hand and words every refusal."""
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
        # 下精分, 奖励分 (上精, kongs)
        aw = awards(
            jf.lower_counts,
            jf.counts,
            jf.fed_by,
            jf.kongs,
            jf.jing_kongs,
            base,
            rules.chongguan_cap,
        )
        book.items.extend(aw.payments)
        if aw.lower_scores is not None:
            details["lower_scores"] = list(aw.lower_scores)
        if aw.award_scores is not None:
            details["award_scores"] = list(aw.award_scores)
        details["kong_points"] = list(aw.kong_points)
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
                    txt("hand_s_context_marks_win_2"),
                    f"{where}.hand",
                )
            if ctx is not None and ctx.kong and ctx.self_drawn and not f.kong_bloom:
                raise _contra(
                    txt("hand_s_context_marks_win_3"),
                    f"{where}.hand",
                )
            if jf.zheng is not None and jf.counts is not None:
                mine = count_jing(tiles.all_tiles, jf.zheng)
                if tuple(mine) != tuple(jf.counts[win.player]):
                    z, fu = jing_pair(jf.zheng)
                    raise _contra(
                        txt(
                            "winner_s_hand_holds_jing",
                            p1=mine[0],
                            p2=_zh(z),
                            p3=mine[1],
                            p4=_zh(fu),
                            p5=list(jf.counts[win.player]),
                        ),
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
                txt(
                    "fourteen_concealed_tiles_logged_hand",
                    name=name,
                    player=Seat(win.player),
                    p3="kong" if melds[0].kind == "kong" else "pung",
                    meld="杠" if melds[0].kind == "kong" else "碰",
                ),
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
                raise _contra(txt("comes_before_anyone_claims_kongs", name=name), where)
        val = value_win(win, tiles, jf, f, where)
        m = val.m
        details["win"] = {
            "shape": val.shape,
            "patterns": list(val.patterns),
            "multiplier": m,
            "clean": val.clean,
        }
        payments, result = win_payments(val, win.player, win.from_, dealer, f, rules.base)
        book.items.extend(payments)
        return result

    # ------------------------------------------------------------ calc
    def calc(
        self,
        hand: str,
        rules: NanchangRules,
        *,
        flags: Mapping[str, FlagValue] | None = None,
        jing: str | None = None,
    ) -> CalcResult:
        return calc(hand, rules, flags=flags or {}, jing=jing)


VARIANT = Nanchang()

__all__ = ["NanchangRules", "VARIANT", "calc", "read_jing", "value_win"]
