"""南宁 Nanning: the settlement of a plain hand, each check made once.

A hand of pungs and kongs ending in one win typed as tiles, with no situation flag, under
house rules without 摸码 and 钓鱼, is by far the most common hand of a record. :func:`settle_plain`
settles it with the same checks as ``Nanning.settle_hand`` — it calls the same functions for
them — but reads the events in one pass, and makes what follows from the hand's valuation
(the win's payments, its :class:`WinResult`, its details) once per distinct valuation, winner,
discarder and 封胡 player, then shares it (the payments and the result are immutable).

Anything else — another event, several winners, a flag, declared facts beside the tiles, a
|context, melds the quick comparison cannot vouch for, and every refusal — answers None, and
the caller settles the hand on the full path, which raises the same error it always did.
"""

from __future__ import annotations

from ..errors import MjError
from ..events import Hand, Kong, Pung, Win
from ..facts import win_tiles
from ..frozen import maker
from ..results import HandResult, Payment, PaymentBook, TableState, WinResult, advance
from .claims import melds_match, no_flags
from .nanning_checks import _check_copies, _event_melds, _sealer, _WinCalc
from .nanning_pay import _kong_points, _pay_win, _win_result
from .nanning_quick import plain_valuation
from .nanning_rules import NanningRules
from .nanning_way import Way, resolve_way

# (reading, winner, discarder, 封胡 player, 死双) → (the way of winning, the win's payments and
# their deltas, its result, its details): in the plain case nothing else of the hand or the
# table changes them
_WINS: dict[tuple, tuple[Way, tuple[Payment, ...], tuple[int, ...], WinResult, dict]] = {}
_LIMIT = 50_000  # a few hundred in practice
_make_result = maker(HandResult)  # HandResult without the setters of __init__


def settle_plain(variant, hand: Hand, state: TableState, rules: NanningRules) -> HandResult | None:
    """The settled hand, or None where ``Nanning.settle_hand`` must answer (see the module)."""
    if rules.horses or rules.fishing:
        return None
    evs = hand.events
    win = evs[-1]
    if type(win) is not Win or not no_flags(win) or win.hand is None:
        return None
    if win.patterns is not None or win.concealed is not None or win.quads is not None:
        return None
    types = variant.event_types
    w = win.player
    # exposed meld events of each player and whether one is an added kong (_meld_events), and
    # whether another player logged a pung or kong with its tile (then the copies are tallied)
    exposed, added = [0, 0, 0, 0], [False] * 4
    mine = []  # the winner's pung and kong events
    others = False  # another player logged a pung or kong with its tile
    kongs = False  # a kong was logged (杠分 are paid)
    for e in evs[:-1]:
        cls = type(e)
        if cls is Pung:
            exposed[e.player] += 1
        elif cls is Kong:
            kongs = True
            if e.kind != "concealed":
                exposed[e.player] += 1
                if e.kind == "added":
                    added[e.player] = True
        else:
            return None
        if e.player == w:
            mine.append(e)
        elif e.tile is not None:
            others = True
    if Win.type not in types or Pung.type not in types or Kong.type not in types:
        return None
    where = f"events[{len(evs) - 1}]"
    sd = win.from_ is None
    try:
        tiles = win_tiles(win, variant.id, where)
        if tiles is None or tiles.context is not None:
            return None
        val = plain_valuation(tiles, self_drawn=sd)
        if val is None:
            return None
        if not melds_match(w, mine, tiles.melds):
            return None
        # the seats the melds were claimed from: those of the hand string's melds, which the
        # events agree with (melds_agree would give the same seats, in another order)
        sealer = _sealer(
            [
                (w - (m.claim - 4 if m.claim >= 5 else m.claim)) % 4
                for m in tiles.melds
                if m.claim is not None
            ]
        )
        for a in range(4):  # a sealed player cannot win (see Nanning.settle_hand)
            if a != w and (exposed[a] >= 3 or added[a]):
                if _sealer([f for _, f in _event_melds(hand, a)]) == w:
                    return None
        key = (val.reading, w, win.from_, sealer, rules.dead_double)
        hit = _WINS.get(key)
        if hit is None:
            way = resolve_way(val, win, hand, state, where)
            win_book = PaymentBook()
            details = _pay_win(
                win_book,
                _WinCalc(win, where, tiles, val, way, sealer),
                hand,
                state,
                rules,
                None,
                {w},
            )
            wr = _win_result(_WinCalc(win, where, tiles, val, way, sealer))
            hit = (way, tuple(win_book.items), win_book.deltas(), wr, details)
            if len(_WINS) > _LIMIT:
                _WINS.clear()
            _WINS[key] = hit
        way, payments, deltas, wr, details = hit
        if kongs:  # 杠分 first, then the win's payments
            book = PaymentBook()
            kong_details = _kong_points(book, hand, {})
            book.items += payments
            payments, deltas = tuple(book.items), book.deltas()
        else:
            kong_details = []
        if others:  # else only the winner's tiles: parse_hand refused a fifth copy among them
            _check_copies(hand, [_WinCalc(win, where, tiles, val, way, sealer)], None)
    except MjError:
        return None
    return _make_result(
        payments=payments,
        deltas=deltas,
        next_state=advance(state, dealer=w),
        outcome="win",
        wins=(wr,),
        summary=wr.summary,
        details={"wins": [dict(details)], "kongs": kong_details},
    )
