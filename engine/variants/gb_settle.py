"""国标 Guobiao: the valuing of a plain win in a settlement, each check made once.

A win typed as tiles with no situation flag is by far the most common hand of a record.
:func:`plain_win` values it with the same checks as the checked path of ``Guobiao._value_win``
(in the same order, so the first that fails is the one that words the refusal), but:

* the winner's melds are compared with the events by :func:`claims.melds_agree`, one pass
  over each, before the full ``claimed_melds`` (only when that quick test cannot vouch);
* the copies of each tile are not counted again when no other player logged a pung or kong:
  the winner's tiles come from ``parse_hand``, which refuses a fifth copy among them (the full
  tally only otherwise);
* what follows from the calculator's answer — the score items, the fan total, the headline —
  is made once per distinct answer and shared (they are immutable), never per hand.

Anything else (flags, declared fans, a refusal of any kind) answers None, and the caller takes
the checked path, which raises the same error it always did.

:func:`settle_plain` settles a whole hand of pungs and kongs ending in such a win (no flowers
events) the same way: the events are read in one pass, and the payments follow the win.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..checks import check_event_consistency
from ..errors import MjError
from ..events import Hand, Kong, Pung, Win
from ..facts import check_context, claimed_melds, win_tiles
from ..frozen import maker
from ..results import HandResult, Payment, PaymentBook, ScoreItem, TableState, WinResult
from .claims import melds_agree, melds_match, no_flags
from .gb_eval import Situation, _raw_fans, calc_input, packs_of
from .gb_fans import FLOWER
from .gb_quick import TILE_CODE, WIND_INDEX, calculator, name_fans
from .guobiao_data import game_of

_WINS: dict[tuple, tuple[tuple[ScoreItem, ...], int, int, str]] = {}
_LIMIT = 50_000  # distinct (answer, flowers, self-drawn): a few thousand in practice


def _no_name() -> str:  # the hand's name in a calculator refusal: the checked path words it
    return ""


_PIECES: dict[tuple[str, int], tuple[str, ScoreItem, int]] = {}  # (label, count) → its parts


def _piece(label: str, count: int) -> tuple[str, ScoreItem, int]:
    """A fan of the calculator's answer as (its label, its score item, the points it adds to
    the fan total: none for 花牌, which the total without flowers leaves out)."""
    if len(_PIECES) > 1_000:  # (82 fans, a few counts each)
        _PIECES.clear()
    fc = name_fans(((0, count, label, ""),))[0][0]
    out = _PIECES[(label, count)] = (
        fc.label(),
        fc.score_item(),
        0 if fc.fan is FLOWER else fc.total,
    )
    return out


def _named(variant, key: tuple, win: Win) -> tuple[tuple[ScoreItem, ...], int, int, str]:
    """What follows from the calculator's answer (the score items, the fan total with and
    without flowers, the payment reason) for ``key`` = (answer, flowers, self-drawn), made
    once and remembered: what ``name_fans`` makes of the answer, read fan by fan from a table.
    The reason reads of ``win`` only whether it was self-drawn (it has no flags)."""
    if len(_WINS) > _LIMIT:
        _WINS.clear()
    raw, flowers, _ = key
    labels = []
    items = []
    fan = 0
    get = _PIECES.get
    for _pts, cnt, label, _en in raw:
        part = get((label, cnt)) or _piece(label, cnt)
        labels.append(part[0])
        items.append(part[1])
        fan += part[2]
    total = fan + flowers
    out = _WINS[key] = (tuple(items), fan, total, variant.reason(" ".join(labels), total, win))
    return out


def _valued(
    variant, raw: tuple, flowers: int, self_drawn: bool, win: Win, rules
) -> tuple[tuple[ScoreItem, ...], int, int, str] | None:
    """The named answer of the calculator's fans ``raw`` (remembered), or None when the win
    declared another fan total or falls short of the house minimum."""
    key = (raw, flowers, self_drawn)
    hit = _WINS.get(key)
    if hit is None:
        hit = _named(variant, key, win)
    fan = hit[1]
    if (win.fan is not None and win.fan != fan) or fan < rules.min_fan:
        return None
    return hit


def _others_melded(hand: Hand, player: int) -> bool:
    """Whether a player other than ``player`` logged a pung or kong with its tile."""
    for e in hand.events:
        if isinstance(e, Pung | Kong) and e.tile is not None and e.player != player:
            return True
    return False


def plain_win(
    variant,
    hand: Hand,
    win: Win,
    idx: int,
    state: TableState,
    rules,
    flower_counts: list[int],
    flower_letters: Mapping[int, tuple[str, ...] | None],
) -> WinResult | None:
    """The valued win, or None where ``Guobiao._value_win`` must answer (see the module)."""
    if win.hand is None or not no_flags(win):
        return None
    where = f"events[{idx}]"
    tiles = win_tiles(win, variant.id, where)
    if tiles is None or tiles.win_tile is None:
        return None
    check_context(tiles, win, state, where)
    if melds_agree(hand, win, tiles) is None:
        claimed_melds(hand, win, tiles, where=where)
    flowers = variant._winner_flowers(tiles, win.player, flower_counts, flower_letters, where)
    self_drawn = win.from_ is None
    sit = Situation.of(
        state.seat_wind(win.player),
        state.prevailing_wind,
        self_drawn,
        False,
        False,
        False,
        flowers,
    )
    try:
        inp = calc_input(tiles, need_copies=False)
        raw = _raw_fans(inp, sit, _no_name)
    except MjError:
        return None
    if _others_melded(hand, win.player):  # (a fifth copy in ``tiles``: parse_hand refused it)
        return None
    hit = _valued(variant, raw, flowers, self_drawn, win, rules)
    if hit is None:
        return None
    items, fan, total, reason = hit
    return WinResult(
        player=win.player, from_=win.from_, items=items, value=total, unit="番", summary=reason
    )


_NO_FLOWERS = (0, 0, 0, 0)
_make_win = maker(WinResult)  # WinResult and HandResult without the setters of their __init__
_make_result = maker(HandResult)


_PAID: dict[tuple[int, int, int, str], Payment] = {}  # each payment made once, as PaymentBook does


def _payment(payer: int, payee: int, amount: int, reason: str) -> Payment:
    key = (payer, payee, amount, reason)
    p = _PAID.get(key)
    if p is None:
        if len(_PAID) > _LIMIT:
            _PAID.clear()
        p = _PAID[key] = Payment(payer, payee, amount, reason)
    return p


def _seed_payments(
    player: int, from_: int | None, value: int, reason: str
) -> tuple[tuple[Payment, ...], tuple[int, int, int, int]]:
    """The payments and deltas of ``Guobiao._pay_win`` under the seed rule for a win worth
    ``value`` > 0: a self-draw is paid by each other player (in seat order), a discard by the
    discarder."""
    if from_ is None:
        payments = tuple(_payment(p, player, value, reason) for p in range(4) if p != player)
        deltas = [-value, -value, -value, -value]
        deltas[player] = 3 * value
    else:
        payments = (_payment(from_, player, value, reason),)
        deltas = [0, 0, 0, 0]
        deltas[from_] = -value
        deltas[player] = value
    return payments, tuple(deltas)  # type: ignore[return-value]


def settle_plain(variant, hand: Hand, state: TableState, rules) -> HandResult | None:
    """``Guobiao.settle_hand`` of a hand of pungs and kongs ending in a plain win (see the
    module), or None where the full path must answer.

    The checks of :func:`plain_win`, in one pass of the events and none of its error texts:
    whatever fails here answers None, and the full path words it."""
    evs = hand.events
    win = evs[-1]
    if type(win) is not Win or win.hand is None or not no_flags(win):
        return None
    types = variant.event_types
    if Win.type not in types or Pung.type not in types or Kong.type not in types:
        return None
    player = win.player
    mine = []
    for e in evs:
        cls = type(e)
        if cls is Pung or cls is Kong:
            if e.player == player:
                mine.append(e)
            elif e.tile is not None:  # another player's copies: the full tally counts them
                return None
        elif e is not win:
            return None
    try:
        check_event_consistency(hand, variant)
        tiles = win_tiles(win, variant.id, None)
        if tiles.context is not None:
            check_context(tiles, win, state, None)
    except MjError:
        return None
    win_tile = tiles.win_tile
    if win_tile is None or not melds_match(player, mine, tiles.melds):
        return None
    fs = tiles.flowers
    flowers = 0 if fs is None else fs if type(fs) is int else len(fs)
    if not 0 <= flowers <= 8:
        return None
    prevailing = WIND_INDEX.get(state.prevailing_wind)
    if prevailing is None:
        return None
    self_drawn = win.from_ is None
    try:
        melds = tiles.melds
        raw = calculator()(
            packs_of(melds) if melds else (),
            tuple(map(TILE_CODE.__getitem__, tiles.concealed)),
            TILE_CODE[win_tile],
            flowers,
            self_drawn,
            False,
            False,
            False,
            WIND_INDEX[state.seat_wind(player)],
            prevailing,
            True,
        )
    except (KeyError, TypeError):  # a flower or unknown tile; the calculator refused the hand
        return None
    hit = _valued(variant, raw, flowers, self_drawn, win, rules)
    if hit is None:
        return None
    items, fan, total, reason = hit
    wr = _make_win(
        player=player, from_=win.from_, items=items, value=total, unit="番", summary=reason
    )
    from_ = win.from_
    if rules.payment == "seed" and total > 0 and from_ != player:
        payments, deltas = _seed_payments(player, from_, total, reason)
    else:
        book = PaymentBook()
        variant._pay_win(book, win, wr, rules)
        payments, deltas = tuple(book.items), book.deltas()
    return _make_result(
        payments=payments,
        deltas=deltas,
        next_state=variant.next_state(state, rules, dealer_stays=player == state.dealer),
        outcome="win",
        wins=(wr,),
        summary=reason,
        details={"game": game_of(state), "flowers": list(_NO_FLOWERS), "fan": total},
    )
