"""南宁 Nanning (RULES.md §1): settlement of a hand and ``mjscore calc``.

The hand value (门清, doublings k) comes from :mod:`.nanning_score`; this module reads the
hand's events — kong points, kong chains, 封胡 from the winner's claimed melds — and turns the
way of winning (自摸, 放炮, 大炮, 杠上花, 抢杠, 天胡 …) into itemised payments, then applies
封胡/死双, 摸码 and 钓鱼 in that order.

Readings where RULES.md leaves room (decided in the audit, tests in test_nanning_audit.py):

- 死双 doubles B's hand payment, not kong points: like 摸码 ("kong points are not multiplied")
  and 钓鱼 ("kong points are untouched"), a multiplier never touches 杠分, also when B pays an
  exposed-liable chain's kong points under 封胡.
- 钓鱼's extra share on a discard win is X of the discarder: his final amount for that winner
  after 封胡, 死双 and 摸码.
- 摸码/钓鱼 on but no horse tiles (or ``horse_hits``) / no fish given: refused, the amount is
  unknown.
- ``kong_cannon`` with ``last_tile`` is refused: like 海底捞月 ("no kong bloom"), nothing is
  drawn after the last tile, so no kong comes right before a 海底 discard.
- Seed figures of hands that tiles cannot show (暗杠三连杠 普通 81 / 清一色 153; 抢杠 碰碰胡 18/24
  and 全求人 36 — the robbed player holds a pung of the winning tile) come out in declared mode.
- Tiles are physical: no tile more than four times among the winning hands, the logged melds,
  the robbed player's pung, the horse tiles and the fish.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .. import facts
from ..errors import ErrorCode, MjError
from ..events import Draw, FlagValue, Hand, Kong, Pung, Win
from ..results import CalcResult, HandResult, PaymentBook, TableState, advance
from ..tiles import parse_tiles
from ..variant import Variant, false_win_payments
from . import nanning_data
from .claims import melds_agree, no_flags
from .nanning_calc import calc
from .nanning_checks import (
    _check_copies,
    _check_declared_against_events,
    _check_declared_agrees,
    _check_flags,
    _check_same_discard,
    _event_melds,
    _sealer,
    _WinCalc,
)
from .nanning_pay import _kong_points, _pay_win, _win_result
from .nanning_plain import settle_plain
from .nanning_rules import NanningRules, _contra, _flag_err, position_hit
from .nanning_score import (
    evaluate_declared,
    evaluate_tiles,
)
from .nanning_way import resolve_way
from .texts_nanning import Seat, txt


def _value_win(hand: Hand, idx: int, win: Win, state: TableState, rules: NanningRules) -> _WinCalc:
    where = f"events[{idx}]"
    if not no_flags(win):  # every check of _check_flags is of a flag that is set
        _check_flags(win, state, hand, where)
    sd = win.from_ is None
    tiles = facts.win_tiles(win, "nanning", where)
    if tiles is not None:
        if (
            tiles.context is not None
        ):  # Nanning keeps no prevailing wind: only the seat wind is checked
            facts.check_context(
                tiles, win, replace(state, prevailing_wind=tiles.context.prevailing), where
            )
        val = evaluate_tiles(tiles, self_drawn=sd, where=where)
        _check_declared_agrees(win, val, where)
        melds = melds_agree(hand, win, tiles)
        if melds is None:
            melds = facts.claimed_melds(hand, win, tiles, where=where)
        froms = [m.from_seat for m in melds if m.exposed]
    else:
        for name in ("soft_flowers", "hard_flowers", "fan"):
            if getattr(win, name) is not None:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    txt("nanning_does_take_declared", name=name),
                    where=f"{where}.{name}",
                )
        concealed = win.concealed
        if concealed is None and (win.heavenly or win.earthly or win.human):
            concealed = True  # an untouched first go-round is always 门清
        pairs = bool(set(win.patterns or ()) & {"seven_pairs", "luxury_seven_pairs"})
        if concealed is None and not pairs and _event_melds(hand, win.player):
            concealed = False  # derived from the events (RECORD.md): an exposed meld breaks 门清
        val = evaluate_declared(
            win.patterns or (), concealed, win.quads, self_drawn=sd, where=where
        )
        _check_declared_against_events(win, val, hand, where)
        froms = [f for _, f in _event_melds(hand, win.player)]
    if (win.heavenly or win.earthly or win.human) and not val.concealed:
        raise _contra(txt("hands_untouched_always"), f"{where}.concealed")
    way = resolve_way(val, win, hand, state, where)
    if win.kong_bloom and val.concealed and way.liable is not None:
        raise _contra(
            txt("never_chain_holds_exposed_added"),
            f"{where}.concealed",
        )
    sealer = _sealer(froms)
    return _WinCalc(win, where, tiles, val, way, sealer)


def _meld_events(hand: Hand) -> tuple[list[int], list[bool]]:
    """Per player: how many exposed meld events (pungs, kongs not concealed), and whether one
    is an added kong — the events :func:`_event_melds` reads."""
    exposed, added = [0, 0, 0, 0], [False] * 4
    for e in hand.events:
        if isinstance(e, Pung):
            exposed[e.player] += 1
        elif isinstance(e, Kong) and e.kind != "concealed":
            exposed[e.player] += 1
            if e.kind == "added":
                added[e.player] = True
    return exposed, added


def _fish(hand: Hand, rules: NanningRules) -> tuple[tuple[str, ...] | None, ...] | None:
    wins = hand.wins
    given = [
        (i, w.fish) for i, w in enumerate(hand.events) if isinstance(w, Win) and w.fish is not None
    ]
    if given and not rules.fishing:
        raise _flag_err(
            txt("off_session_option_fishing_fish"),
            f"events[{given[0][0]}].fish",
        )
    if not rules.fishing or not wins:
        return None
    if not given:
        i = next(i for i, e in enumerate(hand.events) if isinstance(e, Win))
        raise _flag_err(
            txt("win_fish_each_player_s"),
            f"events[{i}]",
        )
    first = given[0][1]
    for i, f in given[1:]:
        if f != first:
            raise _contra(txt("fish_one_hand_same_every"), f"events[{i}].fish")
    out = []
    for j, s in enumerate(first or ()):
        out.append(None if s is None else parse_tiles(s, where=f"events[{given[0][0]}].fish[{j}]"))
    return tuple(out)


# ---------------------------------------------------------------- settlement


class Nanning(Variant[NanningRules]):
    id = "nanning"
    data = nanning_data.DATA  # patterns, flags, scoring table, table status
    Rules = NanningRules

    def accepts_declared(self, win: Win) -> bool:
        return (
            win.concealed is not None
            or win.patterns is not None
            or bool(win.heavenly or win.earthly or win.human)
        )

    def initial_state(self, first_dealer: int, rules: NanningRules) -> TableState:
        return TableState(hand_number=1, dealer=first_dealer)

    def settle_hand(self, hand: Hand, state: TableState, rules: NanningRules) -> HandResult:
        plain = settle_plain(self, hand, state, rules)  # the common hand, each check made once
        return plain if plain is not None else self.settle_full(hand, state, rules)

    def settle_full(self, hand: Hand, state: TableState, rules: NanningRules) -> HandResult:
        """``settle_hand`` on the path that reads every kind of hand and words every refusal."""
        book = PaymentBook()
        outcome = hand.outcome
        for i, e in enumerate(hand.events):
            if e.type not in self.event_types:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    txt("nanning_events", type=e.type),
                    where=f"events[{i}].type",
                )
        if outcome == "false_win":
            _check_copies(hand, [], None)
            _kong_points(book, hand, {})
            fw = false_win_payments(book, hand, rules.false_win_penalty, "诈胡 赔付")
            return book.result(
                next_state=advance(state, dealer=fw.player),
                outcome="false_win",
                summary="诈胡",
                details={"false_win": fw.player},
            )
        if outcome == "draw":
            _check_copies(hand, [], None)
            _kong_points(book, hand, {})
            dr = hand.of(Draw)[0]
            if rules.draw_dealer == "last_drawer":
                if dr.last_drawer is None:
                    i = hand.events.index(dr)
                    raise MjError(
                        ErrorCode.BAD_RECORD,
                        txt("player_who_drew_last_tile"),
                        where=f"events[{i}].last_drawer",
                    )
                nxt = dr.last_drawer
            else:
                nxt = state.dealer
            return book.result(
                next_state=advance(state, dealer=nxt),
                outcome="draw",
                summary="流局",
                details={"last_drawer": dr.last_drawer},
            )
        if outcome != "win":
            raise MjError(ErrorCode.BAD_RECORD, txt("hand_ended"), where="events")
        wins = [(i, e) for i, e in enumerate(hand.events) if isinstance(e, Win)]
        if len(wins) > 1 and (
            any(w.from_ is None for _, w in wins) or len({w.from_ for _, w in wins}) != 1
        ):
            raise MjError(
                ErrorCode.CONTRADICTION,
                txt("several_winners_all_win_same_2"),
                where="events",
            )
        if len({w.player for _, w in wins}) != len(wins):
            raise MjError(
                ErrorCode.CONTRADICTION, txt("same_player_wins_twice_one"), where="events"
            )
        calcs = [_value_win(hand, i, w, state, rules) for i, w in wins]
        if len(wins) > 1:
            _check_same_discard(wins)
        winners = {w.player for _, w in wins}
        # a sealed player cannot win; a player with fewer than three exposed meld events and no
        # added kong (whose pung _event_melds looks up) seals nobody
        exposed, added = _meld_events(hand)
        calc_of = {c.win.player: c for c in calcs}  # one win per player (checked above)
        for wc in calcs:
            w = wc.win.player
            for a in range(4):
                if a == w:
                    continue
                other = calc_of.get(a)
                if other is not None:
                    sealed_by_a = other.sealer
                elif exposed[a] < 3 and not added[a]:
                    continue
                else:
                    sealed_by_a = _sealer([f for _, f in _event_melds(hand, a)])
                if sealed_by_a == w:
                    raise _contra(
                        txt("sealed_who_claimed_three_melds", w=Seat(w), a=Seat(a)),
                        f"{wc.where}.player",
                    )
        # kong points (a liable 杠上花 chain's kongs are paid by the liable or the sealed player)
        liable_for: dict[int, tuple[int, str]] = {}
        for wc in calcs:
            if wc.way.liable is not None:
                payer, who = (
                    (wc.way.liable, "被杠者") if wc.sealer is None else (wc.sealer, "被封者")
                )
                for k in wc.way.chain:
                    liable_for[facts.event_index(hand, k)] = (payer, who)
        kong_details = _kong_points(book, hand, liable_for)
        fish = _fish(hand, rules)
        _check_copies(hand, calcs, fish)
        win_details = [_pay_win(book, wc, hand, state, rules, fish, winners) for wc in calcs]
        if len(wins) == 1:
            nxt = wins[0][1].player
        else:
            nxt = wins[0][1].from_
        assert nxt is not None
        results = tuple(_win_result(wc) for wc in calcs)
        return book.result(
            next_state=advance(state, dealer=nxt),
            outcome="win",
            wins=results,
            summary=" / ".join(r.summary for r in results),
            details={"wins": win_details, "kongs": kong_details},
        )

    # ---------------------------------------------------------------- calc
    def calc(
        self,
        hand: str,
        rules: NanningRules,
        *,
        flags: Mapping[str, FlagValue] | None = None,
        jing: str | None = None,
    ) -> CalcResult:
        return calc(self, hand, rules, flags=flags or {}, jing=jing)


__all__ = ["VARIANT", "Nanning", "NanningRules", "position_hit"]

VARIANT = Nanning()
