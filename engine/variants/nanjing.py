"""南京 Nanjing (RULES.md §2): 花 counting, 现场汇, 承包, 比下胡 and 插旗.

Scoring math lives in :mod:`engine.variants.nanjing_score`; this module reads a session
hand's events (flowers, kongs, pungs, penalties, the win), checks them against each other
(no fifth copy of a tile across pungs, kongs and the winner's hand; an added kong keeps its
pung's supplier; a robbed kong is unlogged and leaves the winner one copy of the robbed tile;
天胡 without melds, 地胡 without pungs), settles every payment with a reason, and computes
the next table state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import facts
from ..errors import ErrorCode, MjError
from ..events import Event, FlagValue, Hand, Pung, Win
from ..results import (
    CalcResult,
    HandResult,
    Payment,
    PaymentBook,
    TableState,
    WinResult,
    advance,
)
from ..rules import option
from ..tiles import (
    DRAGONS,
    format_hand,
    parse_hand,
)
from ..variant import Variant, false_win_payments
from . import nanjing_data
from .nanjing_checks import (
    FlowerLog,
    _bonuses,
    _check_flags,
    _contra,
    _hard_flowers,
    _soft_from_melds,
    check_meld_events,
    check_win_copies,
    duizui,
)
from .nanjing_pay import LIABLE_PATTERNS, win_part
from .nanjing_pay import _bixiahu_item as _bixiahu_item  # these three are named here too
from .nanjing_pay import _make_win_result as _make_win_result
from .nanjing_pay import _words as _words
from .nanjing_plain import settle_plain
from .nanjing_read import value_tiles
from .nanjing_score import (
    BY_ID,
    Valuation,
    close_patterns,
    multiplier,
    small_win_msg,
    value_declared,
)
from .nanjing_spot import multiplier_tag as _tag
from .nanjing_spot import on_the_spot
from .texts_nanjing import Seat, txt

FLAG_ZH = {f.id: f.zh for f in nanjing_data.FLAGS}  # a flag's name in refusals


@dataclass(frozen=True, slots=True, kw_only=True)
class NanjingRules:
    bixiahu_stack: bool = option(
        False,
        "比下胡叠加：每面旗再翻一倍（倍数 2^(1+旗数)）",
        "each planted flag doubles a 比下胡 hand again (multiplier 2^(1+flags) instead of 2)",
        label="比下胡叠加",
    )
    false_win_penalty: int = option(
        10,
        "诈胡：诈胡者付给每家的花数（×比下胡倍数）",
        "false win: the offender pays this to each other player (× the 比下胡 multiplier)",
        minimum=0,
        label="诈胡罚分",
    )


def evaluate_win(
    hand: Hand,
    win: Win,
    state: TableState,
    log: FlowerLog,
    where: str,
    shown: list[Counter] | None = None,
) -> tuple[Valuation, tuple[facts.ClaimedMeld, ...]]:
    """Value the win of a session hand (tile or declared mode) and check it against the events."""
    _check_flags(win, state, where, FLAG_ZH)
    if shown is None:
        shown = check_meld_events(hand)
    if win.flower_kong_bloom:
        p = win.player
        if not (log.count_only[p] or any(log.tiles[p][d] >= 4 for d in DRAGONS)):
            raise _contra(
                txt("four_identical_flowers_winner_hand"),
                f"{where}.flower_kong_bloom",
            )
    tiles = facts.win_tiles(win, "nanjing", where)
    if tiles is not None:
        check_win_copies(win, tiles, shown, where)
    hard = _hard_flowers(log, win, tiles, where)
    declared = close_patterns(win.patterns or (), f"{where}.patterns")
    if win.concealed is not None:
        if win.concealed is False and "concealed" in declared:
            raise _contra(txt("concealed_false_contradicts_declared_pattern"), f"{where}.concealed")
        if win.concealed and "concealed" not in declared:
            declared.append("concealed")
    if win.flower_bloom and hard == 0:
        raise _contra(
            txt(
                "flower_bloom_no_flowers_declared"
                if "no_flowers" in declared
                else "flower_bloom_no_flowers"
            ),
            f"{where}.flower_bloom",
        )
    melds = facts.claimed_melds(hand, win, tiles, where=where)
    if win.heavenly and melds:
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("dealer_s_hand_complete_right", p1=len(melds)),
            where=f"{where}.heavenly",
        )
    if win.earthly and any(m.kind == "pung" or m.kong_kind == "added" for m in melds):
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("won_after_right_after_opening"),
            where=f"{where}.earthly",
        )
    bonus = _bonuses(win)
    if tiles is not None:
        facts.check_context(tiles, win, state, where)
        exposed = frozenset(e.tile for e in hand.events if isinstance(e, Pung) and e.tile)
        try:
            val = value_tiles(
                tiles,
                hard=hard,
                hard_known=True,
                bonus=bonus,
                exposed_pung_tiles=exposed,
                last_closed_declared="last_closed" in declared,
            )
        except MjError as e:
            raise MjError(e.code, e.msg, where=f"{where}.hand") from None
        for p in declared:
            ok = p in val.patterns or (p == "concealed" and val.concealed)
            if not ok:
                why = (
                    "the win is not a 压档/边枝 on a single wait"
                    if p == "last_closed"
                    else "the tiles do not show it"
                )
                raise _contra(
                    txt("declared_pattern_does_hold", zh=BY_ID[p].zh, p=p, why=why),
                    f"{where}.patterns",
                )
        if win.concealed is False and val.concealed:
            raise _contra(txt("concealed_false_tiles_pung_made"), f"{where}.concealed")
        if win.soft_flowers is not None and win.soft_flowers != val.soft:
            raise _contra(
                txt(
                    "declared_soft_flowers_tiles_give", soft_flowers=win.soft_flowers, soft=val.soft
                ),
                f"{where}.soft_flowers",
            )
    else:
        if "concealed" in declared and any(
            m.kind == "pung" or m.kong_kind == "added" for m in melds
        ):
            raise _contra(txt("declared_winner_s_events_show"), f"{where}.patterns")
        no_chow = {"all_pungs", "all_melded", "seven_pairs", "luxury_seven_pairs", "all_winds"}
        if win.robbed_kong and no_chow & set(declared):
            names = "/".join(BY_ID[p].zh for p in sorted(no_chow & set(declared)))
            raise _contra(
                txt("robbed_tile_fourth_copy_robbed", names=names),
                f"{where}.patterns",
            )
        if "all_melded" in declared and any(m.kong_kind == "concealed" for m in melds):
            raise _contra(
                txt("four_exposed_melds_winner_s"),
                f"{where}.patterns",
            )
        pairs = {"seven_pairs", "luxury_seven_pairs"} & set(declared)
        if pairs and melds:
            raise _contra(
                txt("hand_pairs_winner_s_events", zh=BY_ID[sorted(pairs)[0]].zh),
                f"{where}.patterns",
            )
        soft, soft_derived = win.soft_flowers, False
        if soft is None:
            # RECORD: a fact the engine can derive from other events is derived — the winner's
            # logged kongs and wind pungs give their soft flowers (the wait shape and 缺一 only
            # come from tiles or a declared soft_flowers)
            soft, soft_derived = _soft_from_melds(melds), True
        val = value_declared(
            declared,
            soft=soft,
            soft_derived=soft_derived,
            hard=hard,
            hard_known=True,
            bonus=bonus,
            where=f"{where}.patterns",
        )
    if not val.legal:
        msg = small_win_msg(val.patterns, val.concealed, val.hard) or txt("small_win")
        if tiles is None:
            msg = txt("small_win_declared", inner=msg)
        raise MjError(ErrorCode.SMALL_WIN, msg, where=where)
    return val, melds


# ---------------------------------------------------------------- the variant
class Nanjing(Variant[NanjingRules]):
    id: ClassVar[str] = "nanjing"
    data = nanjing_data.DATA  # patterns, flags, scoring table, table status
    Rules = NanjingRules

    def accepts_declared(self, win: Win) -> bool:
        return any(
            getattr(win, f) is not None
            for f in ("patterns", "concealed", "soft_flowers", "hard_flowers")
        )

    def initial_state(self, first_dealer: int, rules: NanjingRules) -> TableState:
        return TableState(hand_number=1, dealer=first_dealer)

    # ------------------------------------------------------------ settlement
    def spot_payments(
        self, events: Sequence[Event], state: TableState, rules: NanjingRules
    ) -> tuple[Payment, ...]:
        """现场汇 (RULES.md §2): kongs, 花杠 and 罚 are paid when they happen, ×比下胡."""
        return tuple(on_the_spot(events, multiplier(state, rules)).book.items)

    def settle_hand(self, hand: Hand, state: TableState, rules: NanjingRules) -> HandResult:
        plain = settle_plain(hand, state, rules)  # the common hand, each check made once
        return plain if plain is not None else self.settle_full(hand, state, rules)

    def settle_full(self, hand: Hand, state: TableState, rules: NanjingRules) -> HandResult:
        """Settle any finished hand, wording every refusal (RULES.md §2)."""
        m = multiplier(state, rules)
        tag = _tag(m)
        shown = check_meld_events(hand)
        spot = on_the_spot(hand.events, m)
        book, log, on_spot = spot.book, spot.log, spot.entries
        triggers: list[str] = ["罚"] if spot.penalty else []
        outcome = hand.outcome
        wins: tuple[WinResult, ...] = ()
        details: dict[str, Any] = {"multiplier": m, "on_the_spot": on_spot}
        dealer_stays = True
        summary = ""
        if outcome == "win":
            win = hand.wins[0]
            wi = facts.event_index(hand, win)
            where = f"events[{wi}]"
            val, melds = evaluate_win(hand, win, state, log, where, shown)
            wins, liability = self._pay_win(book, hand, win, val, melds, state, m, where)
            details["liability"] = liability
            details["valuation"] = val.to_json()
            if win.player == state.dealer:
                triggers.append("庄家胡")
            else:
                dealer_stays = False
            if val.big:
                triggers.append("大胡")
            if win.last_tile:
                triggers.append("海底捞")
            summary = wins[0].summary
        elif outcome == "false_win":
            false_win_payments(book, hand, rules.false_win_penalty * m, f"诈胡{tag}")
            summary = "诈胡"
        elif outcome == "draw":
            triggers.append("和局")
            summary = "和局"
        else:  # pragma: no cover - replay skips unfinished hands
            raise MjError(ErrorCode.BAD_RECORD, txt("hand_ended"), where="events")
        details["bixiahu_triggers"] = triggers
        moved = (
            {} if dealer_stays else {"dealer": (state.dealer + 1) % 4, "passes": state.passes + 1}
        )
        if triggers:
            flags = state.flags + 1 if state.bixiahu else 0
            nxt = advance(state, bixiahu=True, flags=flags, **moved)
        else:
            nxt = advance(state, bixiahu=False, flags=0, **moved)
        return book.result(
            next_state=nxt, outcome=outcome, wins=wins, summary=summary, details=details
        )

    def _pay_win(
        self,
        book: PaymentBook,
        hand: Hand,
        win: Win,
        val: Valuation,
        melds: tuple[facts.ClaimedMeld, ...],
        state: TableState,
        m: int,
        where: str,
    ) -> tuple[tuple[WinResult, ...], dict[str, Any] | None]:
        w = win.player
        liable: int | None = None
        why = ""
        chain = (
            facts.kong_chain(hand, w, win.kong_bloom, where=f"{where}.kong_bloom")
            if win.kong_bloom
            else ()
        )
        if win.robbed_kong and win.robbed_kong >= 2:
            assert win.from_ is not None
            n = win.robbed_kong
            if len(facts.kongs(hand, win.from_)) < n - 1:
                raise _contra(
                    txt(
                        "robbed_kong_says_robbed_kong_2",
                        n=n,
                        from_=Seat(win.from_, "player"),
                        p3=n - 1,
                        p4=len(facts.kongs(hand, win.from_)),
                    ),
                    f"{where}.robbed_kong",
                )
            facts.kong_chain(
                hand,
                win.from_,
                n - 1,
                where=f"{where}.robbed_kong",
                what="robbed_kong",
            )
        # 承包, in the order RULES.md §2 gives
        dz = duizui(melds)
        first = next((k for k in chain if k.kind in ("exposed", "added")), None) if chain else None
        if dz and set(LIABLE_PATTERNS) & set(val.patterns):
            liable, why = dz[0], ("对三嘴承包" if dz[1] == 3 else "对四嘴承包")
        elif first is not None:
            liable, why = first.from_, "大杠开承包"
        elif win.robbed_kong:
            liable, why = win.from_, "被抢者承包"
        if liable == w:  # pragma: no cover - record validation forbids from == player
            raise _contra(txt("liable_player_winner"), where)
        payments, _, wr = win_part(val, w, win.from_, bool(win.robbed_kong), m, liable, why)
        book.items += payments
        liability = {"payer": liable, "reason": why} if liable is not None else None
        return (wr,), liability

    # ------------------------------------------------------------ calc
    def calc(
        self,
        hand: str,
        rules: NanjingRules,
        *,
        flags: Mapping[str, FlagValue] | None = None,
        jing: str | None = None,
    ) -> CalcResult:
        if jing is not None:
            raise MjError(ErrorCode.BAD_FLAG, txt("jing_nanchang"), where="--jing")
        flags = dict(flags or {})
        for name in flags:
            if name not in self.flags:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    txt(
                        "nanjing_does_know_flag_flags", name=name, p2=", ".join(sorted(self.flags))
                    ),
                    where="--flag",
                )
        tiles = parse_hand(hand, variant="nanjing", waiting_ok=False)
        ctx = tiles.effective_context
        if ctx.last_copy:
            raise MjError(ErrorCode.BAD_FLAG, txt("nanjing_last_copy"), where="hand")
        if ctx.kong:
            flags.setdefault("kong_bloom" if ctx.self_drawn else "robbed_kong", 1)
        if ctx.last_tile:
            flags.setdefault("last_tile", True)
        # a pseudo win event to reuse the flag checks; the winner sits by the context's seat wind
        seat = "ESWN".index(ctx.seat)
        state = TableState(dealer=0)
        from_ = None if ctx.self_drawn else (seat + 3) % 4
        if flags.get("robbed_kong") and from_ is None:
            from_ = (seat + 3) % 4
        ev = Win(player=seat, from_=from_, hand=hand, **flags)
        _check_flags(ev, state, "hand", FLAG_ZH)
        if flags.get("heavenly") and tiles.melds:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt("dealer_s_hand_complete_right_2"),
                where="--flag heavenly",
            )
        if flags.get("robbed_kong"):
            n = tiles.all_tiles.count(tiles.win_tile or "")
            if n != 1:
                raise MjError(
                    ErrorCode.CONTRADICTION,
                    txt("robbed_kong_added_pung_three", win_tile=tiles.win_tile, n=n),
                    where="hand",
                )
        hard = (
            tiles.flower_count
        )  # as in a session: no flower section = no hard flowers (RULES §2 "none logged = 0")
        val = value_tiles(tiles, hard=hard, hard_known=True, bonus=_bonuses(ev))
        h = val.value
        self_only = any(
            flags.get(n) for n in ("kong_bloom", "flower_bloom", "flower_kong_bloom", "heavenly")
        )
        discard = (
            None
            if self_only or flags.get("robbed_kong")
            else {"discarder": h, "others": 0, "total": h}
        )
        self_draw = None if flags.get("robbed_kong") else {"each": h, "total": 3 * h}
        robbed = (
            {"robbed": 3 * h, "others": 0, "total": 3 * h} if flags.get("robbed_kong") else None
        )
        out = {
            "variant": self.id,
            "hand": format_hand(tiles),
            **val.to_json(),
            "unit": "花",
            "summary": val.summary,
            "payments": {"discard": discard, "self_draw": self_draw, "robbed_kong": robbed},
        }
        lines = [f"南京 Nanjing  {format_hand(tiles)}"]
        for it in val.items:
            n = f" ×{it.count}" if it.count > 1 else ""
            lines.append(f"  {it.zh:<8} {it.en:<32} {it.value}{n}")
        lines.append(f"  = {h} 花  ({val.summary})")
        if not val.legal:
            lines.append(f"  不成胡 refused in a session: {val.refusal}")
        if discard:
            lines.append(f"  放炮 discard: the discarder pays {h}, the others 0")
        if self_draw:
            lines.append(f"  自摸 self-draw: each of the three others pays {h} (total {3 * h})")
        if robbed:
            lines.append(f"  抢杠 robbed kong: the robbed player pays {3 * h}")
        lines.append("  (比下胡 hands double every payment; flowers/kongs/罚 are paid on the spot)")
        return CalcResult(json=out, lines=tuple(lines))


VARIANT = Nanjing()
