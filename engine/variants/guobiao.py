"""国标麻将 Guobiao (Chinese Official, 81 fans): RULES.md §3.

The fans come from PyMahjongGB (the reference calculator, imported lazily so ``import
engine`` stays light); this module maps our notation and the session's facts to its input,
refuses what it silently ignores (an impossible 抢杠和 or 和绝张), names the fans with the
standard names of :mod:`engine.variants.gb_fans`, enforces the minimum and settles payments,
false wins, draws, the dealer and the prevailing wind.

Pipeline: hand string → :class:`~engine.tiles.HandTiles` + :class:`Situation` →
:func:`evaluate` → :class:`GbValue` → payments (``settle_hand``) or a report (``calc``).
``calc`` reads the common string shapes with :func:`_fast_args` straight into the calculator's
positional arguments (checked against ``parse_hand`` by property tests), calls it, and looks the
answer up in a table of finished, read-only reports keyed by the calculator's own output (one per
distinct fan list, never per hand string); flags, a kong/绝张 context bit and every error take the
checked path (``_calc_checked``), which words the refusals. ``bench/bench_gb_calc.py`` times both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..checks import check_event_consistency
from ..errors import ErrorCode, MjError
from ..events import FlagValue, Flowers, Hand, Win
from ..facts import TileTally, check_context, claimed_melds, kong_chain, kongs, win_tiles
from ..results import CalcResult, HandResult, PaymentBook, ScoreItem, TableState, WinResult, advance
from ..rules import option
from ..tiles import (
    DEFAULT_CONTEXT,
    HandTiles,
    format_hand,
    parse_hand,
    parse_tiles,
)
from ..variant import Variant, false_win_payments
from . import guobiao_data
from .gb_eval import (
    COMPETITION_BASE,
    GB_FLAGS,
    TILE_CODE,
    WIND_INDEX,
    WINDS,
    CalcInput,
    GbValue,
    Situation,
    _apply_flags,
    _raw_fans,
    calc_input,
    evaluate,
    evaluate_input,
)
from .gb_fans import FLOWER
from .gb_fast import fast_input
from .gb_quick import MIN_FAN, quick_fans, report, trim
from .gb_settle import plain_win, settle_plain
from .texts_guobiao import Seat, txt


@dataclass(frozen=True, slots=True, kw_only=True)
class GuobiaoRules:
    min_fan: int = option(
        MIN_FAN,
        "起和番数（花牌不计）",
        "minimum fans to win, flowers excluded",
        minimum=0,
        maximum=88 * 4,
        label="起和番数",
    )
    payment: str = option(
        "seed",
        "计分方式：原规则 自摸每家付番数、放炮者付番数；比赛 每家付 8 加放炮者付番数",
        "payment: seed = self-draw each pays the fans, discarder pays the fans; competition = each pays 8, discarder also the fans",
        choices=("seed", "competition"),
        label="计分方式",
        choice_names={"seed": "原规则", "competition": "比赛"},
    )
    false_win_penalty: int = option(
        10,
        "错和罚分（付每家）",
        "false win penalty, paid to each other player",
        minimum=0,
        label="错和罚分",
    )
    dealer_repeats: bool = option(
        False,
        "连庄：庄家和牌或流局时庄家不变",
        "dealer keeps the deal after a dealer win or a draw",
        label="连庄",
    )


# ---------------------------------------------------------------- the variant
def _flower_tiles(hand: Hand) -> tuple[list[int], dict[int, tuple[str, ...] | None]]:
    """Flower counts per player from `flowers` events (and the letters when all were given)."""
    counts = [0, 0, 0, 0]
    letters: dict[int, list[str] | None] = {}
    seen: dict[str, int] = {}
    for i, e in enumerate(hand.events):
        if not isinstance(e, Flowers):
            continue
        where = f"events[{i}]"
        if e.tiles is not None:
            ts = parse_tiles(e.tiles, allow_flowers=True, where=f"{where}.tiles")
            for t in ts:
                if t not in "abcdefgh":
                    raise MjError(
                        ErrorCode.BAD_RECORD,
                        txt("guobiao_flower_flowers_h", t=t),
                        where=f"{where}.tiles",
                    )
                if t in seen:
                    raise MjError(
                        ErrorCode.CONTRADICTION,
                        txt("flower_already_exposed_hand", t=t),
                        where=f"{where}.tiles",
                    )
                seen[t] = e.player
            lst = letters.setdefault(e.player, [])
            if lst is not None:
                lst.extend(ts)
        else:
            letters[e.player] = None
        counts[e.player] += e.n
    if sum(counts) > 8:
        raise MjError(
            ErrorCode.CONTRADICTION,
            txt("flowers_exposed_one_hand_guobiao", p1=sum(counts)),
            where="events",
        )
    return counts, {p: (tuple(sorted(v)) if v is not None else None) for p, v in letters.items()}


class Guobiao(Variant[GuobiaoRules]):
    id: ClassVar[str] = "guobiao"
    data = guobiao_data.DATA  # patterns, flags, scoring table, table status
    Rules = GuobiaoRules

    def accepts_declared(self, win: Win) -> bool:
        return win.fan is not None

    # ---- state
    def initial_state(self, first_dealer: int, rules: GuobiaoRules) -> TableState:
        return TableState(hand_number=1, dealer=first_dealer, prevailing_wind="E", passes=0)

    def next_state(
        self, state: TableState, rules: GuobiaoRules, *, dealer_stays: bool
    ) -> TableState:
        """The deal passes after every hand (a 16-hand game, four per wind) unless
        ``dealer_repeats`` keeps it; the prevailing wind follows the number of passes."""
        stays = rules.dealer_repeats and dealer_stays
        passes = state.passes if stays else state.passes + 1
        dealer = state.dealer if stays else (state.dealer + 1) % 4
        return advance(
            state, dealer=dealer, passes=passes, prevailing_wind=WINDS[(passes // 4) % 4]
        )

    # ---- settlement
    def check_open_hand(self, hand: Hand) -> None:
        """The flowers shown so far: letters a–h only, each once, eight in all."""
        _flower_tiles(hand)

    def settle_hand(self, hand: Hand, state: TableState, rules: GuobiaoRules) -> HandResult:
        plain = settle_plain(self, hand, state, rules)  # the common hand, each check made once
        return plain if plain is not None else self.settle_full(hand, state, rules)

    def settle_full(self, hand: Hand, state: TableState, rules: GuobiaoRules) -> HandResult:
        """``settle_hand`` on the path that reads every kind of hand and words every refusal."""
        evs = hand.events
        types = self.event_types
        for i, e in enumerate(evs):
            if e.type not in types:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    txt("guobiao_events", type=e.type),
                    where=f"events[{i}].type",
                )
        # also the copies in the pungs and kongs logged, a stricter count than _check_copies(hand)
        # (an added kong aside, each meld event adds its copies), so that need not run again
        check_event_consistency(hand, self)
        flower_counts, flower_letters = _flower_tiles(hand)
        book = PaymentBook()
        outcome = hand.outcome
        details: dict[str, Any] = {"game": guobiao_data.game_of(state), "flowers": flower_counts}
        wins: tuple[WinResult, ...] = ()
        if outcome == "win":
            if len(hand.wins) > 1:
                raise MjError(
                    ErrorCode.MULTIPLE_WINS,
                    txt("guobiao_allows_one_winner_per"),
                    where="events",
                )
            win = hand.wins[0]
            idx = len(evs) - 1  # the one win ends the hand (nothing follows a terminal event)
            if evs[idx] is not win:
                idx = next(i for i, e in enumerate(evs) if e is win)
            wr = plain_win(
                self, hand, win, idx, state, rules, flower_counts, flower_letters
            ) or self._value_win(hand, win, idx, state, rules, flower_counts, flower_letters)
            wins = (wr,)
            self._pay_win(book, win, wr, rules)
            details["fan"] = wr.value
            summary = wr.summary
            dealer_stays = win.player == state.dealer
        elif outcome == "false_win":
            false_win_payments(
                book, hand, rules.false_win_penalty, f"错和 罚{rules.false_win_penalty}"
            )
            summary = "错和"
            dealer_stays = False
        elif outcome == "draw":
            summary = "荒庄"
            dealer_stays = True
        else:
            raise MjError(
                ErrorCode.BAD_RECORD,
                txt("hand_ended_win_false_win"),
                where="events",
            )
        nxt = self.next_state(state, rules, dealer_stays=dealer_stays)
        return book.result(
            next_state=nxt, outcome=outcome, wins=wins, summary=summary, details=details
        )

    def _value_win(
        self,
        hand: Hand,
        win: Win,
        idx: int,
        state: TableState,
        rules: GuobiaoRules,
        flower_counts: list[int],
        flower_letters: Mapping[int, tuple[str, ...] | None],
    ) -> WinResult:
        where = f"events[{idx}]"
        for name in win.flags_set:
            if name not in GB_FLAGS:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    txt("guobiao_does_know_flag", name=name),
                    where=f"{where}.{name}",
                )
        self_drawn = win.from_ is None
        if win.kong_bloom:
            if not self_drawn:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    txt("kong_bloom_self_draw_from"),
                    where=f"{where}.kong_bloom",
                )
            kong_chain(hand, win.player, win.kong_bloom, where=f"{where}.kong_bloom")
        if win.robbed_kong:
            if self_drawn:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    txt("robbed_kong_from_robbed_player"),
                    where=f"{where}.robbed_kong",
                )
            if win.last_tile:
                raise MjError(
                    ErrorCode.BAD_FLAG,
                    txt("robbed_kong_also_last_tile_2"),
                    where=f"{where}.robbed_kong",
                )
            if win.robbed_kong > 1:
                earlier = sum(1 for k in kongs(hand, win.from_))
                if earlier < win.robbed_kong - 1:
                    raise MjError(
                        ErrorCode.CONTRADICTION,
                        txt(
                            "robbed_kong_says_robbed_kong",
                            robbed_kong=win.robbed_kong,
                            p2=win.robbed_kong - 1,
                            earlier=earlier,
                        ),
                        where=f"{where}.robbed_kong",
                    )
                kong_chain(
                    hand,
                    win.from_,
                    win.robbed_kong - 1,
                    where=f"{where}.robbed_kong",
                    what="robbed_kong",
                )  # type: ignore[arg-type]
        flowers = flower_counts[win.player]
        tiles = win_tiles(win, self.id, where)
        if tiles is None:  # declared fan
            if win.fan is None:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    txt("guobiao_win_hand_tiles_declared"),
                    where=where,
                )
            fan = win.fan
            items: tuple[ScoreItem, ...] = (
                ScoreItem(id="gb_declared", zh="报番", en="Declared fans", value=fan),
            )
            if flowers:
                items += (
                    ScoreItem(id=FLOWER.id, zh=FLOWER.zh, en=FLOWER.en, value=1, count=flowers),
                )
            summary = "报番" + (f" 花牌×{flowers}" if flowers > 1 else " 花牌" if flowers else "")
        else:
            check_context(tiles, win, state, where)
            claimed_melds(hand, win, tiles, where=where)
            flowers = self._winner_flowers(tiles, win.player, flower_counts, flower_letters, where)
            sit = Situation.of(
                state.seat_wind(win.player),
                state.prevailing_wind,
                self_drawn,
                bool(win.last_copy),
                bool(win.last_tile),
                bool(win.kong_bloom or win.robbed_kong),
                flowers,
            )
            try:
                val = evaluate(tiles, sit)
            except MjError as e:
                raise MjError(e.code, e.msg, where=f"{where}.hand") from None
            _check_copies(hand, win, tiles, where=where)
            fan = val.fan
            if win.fan is not None and win.fan != fan:
                raise MjError(
                    ErrorCode.CONTRADICTION,
                    txt("declared_fan_hand_counts", fan=win.fan, fan2=fan, p3=val.summary()),
                    where=f"{where}.fan",
                )
            items = tuple(f.score_item() for f in val.fans)
            summary = val.summary()
        if fan < rules.min_fan:
            raise MjError(
                ErrorCode.BELOW_MINIMUM,
                txt("fan_below_minimum_flowers_counted", fan=fan, min_fan=rules.min_fan),
                where=where,
            )
        total = fan + flowers
        return WinResult(
            player=win.player,
            from_=win.from_,
            items=items,
            value=total,
            unit="番",
            summary=self.reason(summary, total, win),
        )

    @staticmethod
    def reason(fans: str, total: int, win: Win) -> str:
        """The payment reason: the fans, the total, then how it was won — who pays — unless a
        fan already says so: "十三幺 自摸 89番", "七对 清一色 48番 放炮", "… 抢杠和 … 40番"
        (the robbed player pays), "… 不求人 … 30番 自摸", "报番 24番 自摸"."""
        names = fans.split()
        if win.from_ is None:  # everyone pays (杠上开花, 妙手回春, 不求人 are self-draws too)
            how = "" if "自摸" in names else "自摸"
        elif win.robbed_kong:
            how = "" if "抢杠和" in names else "抢杠和"
        else:
            how = "放炮"
        return f"{fans} {total}番" + (f" {how}" if how else "")

    @staticmethod
    def _winner_flowers(
        tiles: HandTiles,
        player: int,
        counts: list[int],
        letters: Mapping[int, tuple[str, ...] | None],
        where: str,
    ) -> int:
        """The winner's flowers: the string's section and the events must agree when both exist."""
        fs = tiles.flowers
        others_letters = {t: p for p, ts in letters.items() if p != player and ts for t in ts}
        if fs is None:
            return counts[player]
        from_string = fs if isinstance(fs, int) else len(fs)
        if isinstance(fs, tuple):
            taken = sorted(set(fs) & set(others_letters))
            if taken:
                raise MjError(
                    ErrorCode.CONTRADICTION,
                    txt(
                        "flower_hand_string_exposed_hand",
                        p1=taken[0],
                        p2=Seat(others_letters[taken[0]], "player"),
                    ),
                    where=f"{where}.hand",
                )
        if from_string + sum(counts) - counts[player] > 8:
            raise MjError(
                ErrorCode.CONTRADICTION, txt("more_than_flowers_one_hand"), where=f"{where}.hand"
            )
        if player not in letters:  # no flowers events for the winner: the string decides
            return from_string
        ev_letters = letters[player]
        if isinstance(fs, tuple) and ev_letters is not None:
            agree = fs == ev_letters
        else:
            agree = from_string == counts[player]
        if not agree:
            shown = "".join(fs) if isinstance(fs, tuple) else str(fs)
            logged = "".join(ev_letters) if ev_letters is not None else str(counts[player])
            raise MjError(
                ErrorCode.CONTRADICTION,
                txt("hand_string_s_flowers_differ", shown=shown, logged=logged),
                where=f"{where}.hand",
            )
        return counts[player]

    @staticmethod
    def _pay_win(book: PaymentBook, win: Win, wr: WinResult, rules: GuobiaoRules) -> None:
        reason = wr.summary
        if rules.payment == "competition":
            for p in range(4):
                if p != win.player:
                    book.pay(p, win.player, COMPETITION_BASE, f"底分 {COMPETITION_BASE}")
        if win.from_ is None:
            book.each_pays(win.player, wr.value, reason)
        else:
            book.pay(win.from_, win.player, wr.value, reason)

    # ---- calculator
    def calc(
        self,
        hand: str,
        rules: GuobiaoRules,
        *,
        flags: Mapping[str, FlagValue] | None = None,
        jing: str | None = None,
    ) -> CalcResult:
        """Value one hand string. The common case (a plain string, no --flag, no kong/绝张 bit in
        its context) goes straight from :func:`_fast_args` to the calculator; everything else,
        and every error, takes the checked path, which words the refusals."""
        if jing is not None:
            raise MjError(ErrorCode.BAD_FLAG, txt("guobiao_jing_jing_nanchang"), where="--jing")
        if not flags:
            raw = quick_fans(hand)
            if raw is not None:
                return _result(raw, rules.min_fan)
        return self._calc_checked(trim(hand), rules, flags)

    def _calc_checked(
        self, hand: str, rules: GuobiaoRules, flags: Mapping[str, FlagValue] | None
    ) -> CalcResult:
        fast = fast_input(hand)
        if fast is None:
            tiles = parse_hand(hand, variant=self.id, waiting_ok=False)
            fast = (
                calc_input(tiles),
                Situation.from_context(tiles.context or DEFAULT_CONTEXT, tiles.flower_count),
            )
        inp, sit = fast
        if flags:
            sit = _apply_flags(sit, flags)
        raw = _raw_fans(inp, sit, lambda: format_hand(parse_hand(hand, variant=self.id)))
        return _result(raw, rules.min_fan)


_RESULTS: dict[tuple[tuple, int], CalcResult] = {}


def _result(raw: tuple, min_fan: int) -> CalcResult:
    """The report of the calculator's answer ``raw`` (:func:`gb_quick.report`), shared."""
    key = (raw, min_fan)
    out = _RESULTS.get(key)
    if out is None:
        if len(_RESULTS) > 50_000:
            _RESULTS.clear()
        js, lines = report(raw, min_fan)
        out = _RESULTS[key] = CalcResult(json=js, lines=lines)
    return out


def _check_copies(
    hand: Hand, win: Win | None = None, tiles: HandTiles | None = None, *, where: str = "events"
) -> None:
    """No tile more than four times: the pungs and kongs logged for the other players, the
    winner's whole hand and, for 抢杠和, the robbed pung (RULES.md §0: the robbed kong is not
    logged as a kong event; it held the other three copies of the winning tile)."""
    shown = (win.player,) if win is not None and tiles is not None else ()
    tally = TileTally.of(hand, shown)
    melds, seen = tally.melds, tally.seen
    if tiles is not None:
        tally.add(tiles.all_tiles)
    if win is not None and win.robbed_kong and tiles is not None and tiles.win_tile is not None:
        t = tiles.win_tile
        if tally.robbed_kong_logged(win.from_, t):  # type: ignore[arg-type]
            raise MjError(
                ErrorCode.CONTRADICTION,
                txt("kong_robbed_player_logged_robbed", t=t),
                where=f"{where}.robbed_kong",
            )
        tally.add_robbed_pung(win.from_, t)  # type: ignore[arg-type]  # extended by the winner's tile
        others = sorted(p for (p, x) in melds if x == t and p != win.from_)
        if others:
            raise MjError(
                ErrorCode.CONTRADICTION,
                txt("robbed_player_hold_pung_logged", t=t, p2=Seat(others[0], "player")),
                where=f"{where}.robbed_kong",
            )
    over = tally.over()
    if over:
        t = over[0]
        what = (
            "the winner's hand and the pungs/kongs logged"
            if tiles is not None
            else "the pungs/kongs logged"
        )
        raise MjError(
            ErrorCode.CONTRADICTION,
            txt("copies_between_hand_there_four", p1=seen[t], t=t, what=what),
            where=f"{where}.hand" if tiles is not None else where,
        )


VARIANT = Guobiao()

__all__ = [
    "TILE_CODE",
    "VARIANT",
    "WIND_INDEX",
    "CalcInput",
    "GbValue",
    "Guobiao",
    "GuobiaoRules",
    "Situation",
    "calc_input",
    "evaluate",
    "evaluate_input",
    "fast_input",
]
