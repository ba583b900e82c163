"""南昌 Nanchang: the settlement of a plain hand, each check made once.

A hand whose events are the jing reveal, the jing count, pungs and kongs and one win typed as
tiles — no situation flag, no declared pattern, no |context or flowers in the hand string, no
``jing_kongs`` given — is nearly every hand of a record. :func:`settle_plain` settles it with
the same checks and the same functions as ``Nanchang.settle_full``, but reads the events in
one pass, and makes what follows from the win's readings (its valuation, payments, result and
the nets they make) once per distinct readings, winner, discarder, dealer and 德中德 case,
then shares it (payments and results are immutable).

Anything else — another event, a flag, a refusal of any kind — answers None, and the caller
settles the hand on the full path, which raises the same error it always did.
"""

from __future__ import annotations

from typing import Any

from ..errors import MjError
from ..events import Event, Hand, Jing, JingCount, Kong, Pung, Win
from ..frozen import maker
from ..results import HandResult, Payment, PaymentBook, TableState, WinResult, advance
from ..tiles import parse_hand, successor
from ..transfers import settle_up
from .claims import melds_match, no_flags
from .nanchang_hand import NanchangRules, WinFacts, _check_counts
from .nanchang_packed import win_code
from .nanchang_pay import win_payments
from .nanchang_score import award_nets, best_reading, cap_nets, code_readings
from .nanchang_wild import jing_pair

_make_result = maker(HandResult)  # its deltas are the payments' own nets, made below

# (readings as a number, 德中德 possible, winner, discarder, dealer, base) → (the details of the win, its
# payments, its result, the nets they make): nothing else of the hand changes them
_WINS: dict[tuple, tuple[dict[str, Any], tuple[Payment, ...], WinResult, tuple[int, ...]]] = {}
# jing counts (and feeders) the checks of the jing count found sound
_COUNTS_OK: set[tuple] = set()
_LIMIT = 50_000  # a few hundred in practice


def _lower_ok(zheng: str, lower: str, lower_counts: tuple) -> bool:
    """Whether nanchang_hand._check_lower lets the 下精 counts pass: no more of a turned tile
    among the players than the copies not lying face up on the wall."""
    (a0, b0), (a1, b1), (a2, b2), (a3, b3) = lower_counts
    after = successor(lower)
    return a0 + a1 + a2 + a3 <= 4 - (zheng == lower) - 1 and b0 + b1 + b2 + b3 <= 4 - (
        zheng == after
    ) - (lower == after)


def _nets(payments: tuple[Payment, ...]) -> tuple[int, int, int, int]:
    net = [0, 0, 0, 0]
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return net[0], net[1], net[2], net[3]


def _win_part(
    code: int, sweep: bool, winner: int, from_: int | None, dealer: int, base: int
) -> tuple[dict[str, Any], tuple[Payment, ...], WinResult, tuple[int, ...]]:
    """The win's valuation, payments and result from its readings (given as the number
    nanchang_packed.win_code makes of them), as Nanchang.settle_full makes them (memoised: a
    pure function of the arguments)."""
    key = (code, sweep, winner, from_, dealer, base)
    hit = _WINS.get(key)
    if hit is None:
        rs = code_readings(code)
        val, _ = best_reading(rs, sweep=sweep, heavenly=False, earthly=False)
        f = WinFacts(from_ is None, False, False, False, False)
        payments, result = win_payments(val, winner, from_, dealer, f, base)
        detail = {"shape": val.shape, "patterns": val.patterns, "multiplier": val.m}
        detail["clean"] = val.clean
        hit = (detail, payments, result, _nets(payments))
        if len(_WINS) >= _LIMIT:
            _WINS.clear()
        _WINS[key] = hit
    return hit


def settle_plain(hand: Hand, state: TableState, rules: NanchangRules) -> HandResult | None:
    """The settled hand, or None where ``Nanchang.settle_full`` must answer (see the module)."""
    evs = hand.events
    win = evs[-1]
    if type(win) is not Win or win.hand is None or win.patterns is not None:
        return None
    if not no_flags(win):
        return None
    jev = cev = None
    ci = 0
    kong_evs: list[Kong] = []
    winner = win.player
    mine: list[Event] = []  # the winner's own pungs and kongs
    for i in range(len(evs) - 1):
        e = evs[i]
        cls = type(e)
        if cls is Pung:
            if e.player == winner:
                mine.append(e)
        elif cls is Kong:
            if e.player == winner:
                mine.append(e)
            kong_evs.append(e)  # type: ignore[arg-type]
        elif cls is Jing and jev is None:
            jev = e
        elif cls is JingCount and cev is None:
            cev, ci = e, i
        else:
            return None
    if jev is None or cev is None or cev.jing_kongs is not None:
        return None
    zheng = jev.indicator
    counts = cev.counts
    fed_by = cev.fed_by
    from_ = win.from_
    try:
        if not _lower_ok(jev.indicator, jev.lower, jev.lower_counts):
            return None
        key = (counts, fed_by)
        if key not in _COUNTS_OK:
            _check_counts(cev, zheng, ci)  # type: ignore[arg-type]
            if len(_COUNTS_OK) >= _LIMIT:
                _COUNTS_OK.clear()
            _COUNTS_OK.add(key)
        tiles = parse_hand(win.hand, variant="nanchang", waiting_ok=False)
    except (MjError, TypeError, ValueError):
        return None
    if fed_by is None:
        fed_by = (None, None, None, None)
    # 精杠: a kong of four identical jing, which the jing count must show as four
    z, fu = pair = jing_pair(zheng)
    kongs = [0, 0, 0, 0]
    jing_kongs = [0, 0, 0, 0]
    for e in kong_evs:
        p = e.player
        kongs[p] += 1
        if e.tile in pair:
            if counts[p][pair.index(e.tile)] != 4:
                return None
            jing_kongs[p] += 1
    if tiles.context is not None or tiles.flowers:
        return None
    # the winner's jing as the jing count gives them
    closed = tiles.closed
    nz, nf = closed.count(z), closed.count(fu)
    for m in tiles.melds:
        nz += m.tiles.count(z)
        nf += m.tiles.count(fu)
    if (nz, nf) != tuple(counts[winner]):
        return None
    if (mine or tiles.melds) and not melds_match(winner, mine, tiles.melds):
        return None  # where claims.melds_agree would not answer
    # the win's shapes (nanchang_score.readings of a win that is not 天胡, as one number)
    t = tiles.win_tile
    if from_ is None:
        code = win_code(closed, len(tiles.melds), pair, None, t)
    else:  # a jing won on counts only as itself
        code = win_code(closed, len(tiles.melds), pair, t if t in pair else None, None)
    if not code:
        return None  # no reading: not a win
    # 德中德 needs every other player to hold no jing
    sweep = True
    for p in range(4):
        if p != winner and sum(counts[p]):
            sweep = False
    dealer = state.dealer
    base = rules.base
    aw, aw_nets = award_nets(
        jev.lower_counts, counts, fed_by, tuple(kongs), tuple(jing_kongs), base, rules.chongguan_cap
    )
    detail, win_payments, result, win_nets = _win_part(code, sweep, winner, from_, dealer, base)
    lower = jev.lower
    details: dict[str, Any] = {
        "jing": {"zheng": zheng, "fu": fu, "lower": [lower, successor(lower)]}
    }
    if aw.lower_scores is not None:
        details["lower_scores"] = list(aw.lower_scores)
    if aw.award_scores is not None:
        details["award_scores"] = list(aw.award_scores)
    details["kong_points"] = list(aw.kong_points)
    details["win"] = {**detail, "patterns": list(detail["patterns"])}
    payments = aw.payments + win_payments
    a, b = aw_nets, win_nets
    nets = (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])
    # 封顶 (cap_nets leaves the nets as they are while none is beyond the cap)
    cap = rules.cap
    capped = nets
    if cap is not None and (max(nets) > cap or min(nets) < -cap):
        capped = cap_nets(nets, cap)
    if capped != nets:
        details["cap"] = {"before": list(nets), "after": list(capped)}
        book = PaymentBook()
        adjust = [c - n for c, n in zip(capped, nets, strict=True)]
        for payer, payee, amount in settle_up(adjust):
            book.pay(payer, payee, amount, f"封顶 {rules.cap}")
        payments += tuple(book.items)
    moves = winner != dealer
    nxt = advance(state, dealer=(dealer + 1) % 4 if moves else dealer, passes=state.passes + moves)
    return _make_result(
        payments=payments,
        deltas=capped,
        next_state=nxt,
        outcome="win",
        wins=(result,),
        summary=result.summary,
        details=details,
    )


__all__ = ["settle_plain"]
