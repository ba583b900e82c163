"""A tiny, deterministic stand-in variant for testing the ledger's mechanics.

The ledger must not depend on the details of any real rule set for tests of storage,
re-settlement and undo, so these tests swap ``engine.variants.get_variant`` for one that
returns :data:`TOY` for every id. Its rules are chosen so re-settlement is observable:

* a win pays 8 from the discarder, or 4 from each other player on a self-draw, doubled when
  the winner is the dealer (``×2 庄``);
* each kong event: 1 from each other player (``杠``);
* a false win: the offender pays 5 to each other player (``诈胡``);
* the dealer keeps the deal after his own win or a draw, otherwise it passes to the next
  seat; the prevailing wind advances every four passes.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjscore.engine.core import PaymentBook, ScoreItem, TableState, Variant, WinResult, advance
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import FalseWin, Hand, Kong, Win
from mjscore.engine.rules import option
from mjscore.engine.variants import guobiao_data


@dataclass(frozen=True, slots=True, kw_only=True)
class ToyRules:
    win_points: int = option(8, "和", "points for a win")
    false_win_penalty: int = option(5, "诈胡", "false win penalty")


class Toy(Variant):
    id = "guobiao"
    name_zh = "玩具"
    name_en = "Toy"
    Rules = ToyRules
    data = guobiao_data.DATA  # a stand-in shows Guobiao's declared data
    flags = frozenset({"last_tile"})
    declared_fields = frozenset({"fan"})
    event_types = frozenset({"pung", "kong", "win", "false_win", "draw"})
    multiple_wins = True

    def calc(self, hand, rules, *, flags=None, jing=None):
        raise NotImplementedError("a stand-in rule set values no hand strings")

    def settle_hand(self, hand: Hand, state: TableState, rules: ToyRules):
        book = PaymentBook()
        for i, e in enumerate(hand.events):
            if isinstance(e, Kong):
                if e.player == 3 and e.kind == "concealed" and e.tile == "9s":
                    raise MjError(
                        ErrorCode.CONTRADICTION, "toy refuses this kong", where=f"events[{i}]"
                    )
                book.each_pays(e.player, 1, "杠")
        wins = []
        dealer_won = False
        for w in hand.wins:
            mult = 2 if w.player == state.dealer else 1
            dealer_won |= w.player == state.dealer
            if w.from_ is None:
                book.each_pays(
                    w.player, rules.win_points // 2 * mult, "自摸" + (" ×2 庄" if mult == 2 else "")
                )
            else:
                book.pay(
                    w.from_,
                    w.player,
                    rules.win_points * mult,
                    "放炮" + (" ×2 庄" if mult == 2 else ""),
                )
            wins.append(
                WinResult(
                    player=w.player,
                    from_=w.from_,
                    items=(ScoreItem(id="win", zh="和", en="Win", value=rules.win_points),),
                    value=rules.win_points * mult,
                    unit="点",
                    summary="和",
                )
            )
        if hand.outcome == "false_win":
            fw = hand.of(FalseWin)[0]
            book.each_pays(fw.player, -rules.false_win_penalty, "诈胡")
        keep = hand.outcome == "draw" or dealer_won
        if keep:
            nxt = advance(state)
        else:
            passes = state.passes + 1
            nxt = advance(
                state,
                dealer=(state.dealer + 1) % 4,
                passes=passes,
                prevailing_wind="ESWN"[(passes // 4) % 4],
            )
        return book.result(
            next_state=nxt,
            outcome=hand.outcome,
            wins=tuple(wins),
            summary=" ".join(w.summary for w in wins) or hand.outcome,
        )


TOY = Toy()


def lookup(variant_id: str):
    return TOY


def win(player: int, from_: int | None = None) -> Win:
    return Win(player=player, from_=from_, fan=8)
