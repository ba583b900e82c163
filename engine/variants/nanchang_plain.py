"""南昌 Nanchang: the settlement of a plain hand, each check made once.

A hand whose events are the jing reveal, the jing count, pungs and kongs and one win typed as
tiles — no situation flag, no declared pattern, no |context or flowers in the hand string, no
``jing_kongs`` given — is nearly every hand of a record. :func:`settle_plain` settles it with
the same checks and the same functions as ``Nanchang.settle_full``, but reads the events in
one pass, and makes each part of the settlement — the 下精分, the 奖励分 of the jing count and
of the kongs, and what follows from the win's readings (its valuation, payments and result) —
once per distinct case of what it depends on, with the nets its payments make and its part of
the hand's details (read-only), then shares it (payments and results are immutable).

Anything else — another event, a flag, a refusal of any kind — answers None, and the caller
settles the hand on the full path, which raises the same error it always did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import MjError
from ..events import WIN_FLAGS, Event, Hand, Jing, JingCount, Kong, Pung, Win
from ..frozen import maker
from ..readonly import FrozenDict, FrozenList
from ..results import HandResult, Payment, PaymentBook, TableState, WinResult, advance
from ..tiles import ALL_TILES, parse_hand, successor
from ..transfers import settle_up
from .claims import melds_match, no_flags
from .nanchang_hand import NanchangRules, WinFacts, _check_counts
from .nanchang_packed import SHIFT, code_of, weigh
from .nanchang_pay import win_payments
from .nanchang_score import (
    best_reading,
    cap_nets,
    code_readings,
    kong_award,
    lower_by_player,
    upper_award,
)

_make_result = maker(HandResult)  # its deltas are the payments' own nets, made below
_make_state = maker(TableState)

# Each part of a hand's settlement is kept by what it depends on alone, with the nets its
# payments make, and shared by every hand that comes to it (payments, results and the
# read-only details are immutable). Each memo starts afresh past _LIMIT entries (a session
# meets a few hundred of each).
_LIMIT = 50_000

# (正精 indicator, 下精 lower) → (the jing pair, the hand's "jing" details, the most 下精 and
# the most of the next tile the players can hold: the copies not face up on the wall)
_TURNED: dict[tuple[str, str], tuple[tuple[str, str], FrozenDict, int, int]] = {}
# (下精 counts, base, 冲关 cap) → (下精分 payments, scores, nets, 下精 held, next tile held)
_LOWER: dict[tuple, tuple[tuple[Payment, ...], FrozenList, tuple[int, ...], int, int]] = {}
# (jing counts, feeders, base, 冲关 cap), the checks of the jing count passed → (德中德
# possible, by winner; 奖励分 上精 payments; scores; nets)
_COUNTS: dict[tuple, tuple[tuple[bool, ...], tuple[Payment, ...], FrozenList, tuple[int, ...]]] = {}
# (kongs, 精杠, base) → (奖励分 kong payments, points, nets); a hand without kongs pays none
_KONGS: dict[tuple, tuple[tuple[Payment, ...], FrozenList, tuple[int, ...]]] = {}
_NO_KONGS = ((), FrozenList((0, 0, 0, 0)), (0, 0, 0, 0))
# (readings as a number, 德中德 possible, winner, discarder, dealer, base) → (the details of
# the win, its payments, its result, the nets they make): nothing else of the hand changes them
_WINS: dict[tuple, tuple[FrozenDict, tuple[Payment, ...], WinResult, tuple[int, ...]]] = {}


def _all_none(names: tuple[str, ...]) -> Callable[[Any], bool]:
    """A test that each of the attributes ``names`` of an object is None, written out: each
    read a plain slot read, not the attribute lookups of operator.attrgetter."""
    src = "def all_none(o):\n    return " + " and ".join(f"o.{n} is None" for n in names)
    env: dict[str, Any] = {}
    exec(src, env)
    return env["all_none"]


# a win typed as tiles and nothing more: no flag, no declared pattern (a flag may also be
# unset as False, which claims.no_flags tells)
_nothing_set = _all_none((*WIN_FLAGS, "patterns"))


def _kept(memo: dict, key: Any, value: Any) -> Any:
    if len(memo) >= _LIMIT:
        memo.clear()
    memo[key] = value
    return value


# each tile as the one string object parse_hand gives (a tile read from a record is another
# object): a comparison of the jing with a hand's tiles is then mostly one of identity
_TILE = {t: t for t in ALL_TILES}
_NEXT = {t: _TILE[successor(t)] for t in ALL_TILES}  # successor, as parse_hand's objects
# a 下精 tile → the hand's details of it: itself and the next tile (read-only, shared)
_LOWER_DETAILS = {t: FrozenList((t, _NEXT[t])) for t in ALL_TILES}


def _turned(zheng: str, lower: str) -> tuple[tuple[str, str], FrozenDict, int, int]:
    """The _TURNED entry: nanchang_hand._check_lower's limits (each turned tile lies face up
    on the wall while the 下精 are counted) and the details Nanchang.settle_full writes."""
    key = (zheng, lower)
    if zheng in _NEXT and lower in _NEXT:
        zheng, lower_details = _TILE[zheng], _LOWER_DETAILS[lower]
        fu = _NEXT[zheng]
    else:  # not a tile (loading lets none through): as successor reads it
        fu, lower_details = successor(zheng), FrozenList((lower, successor(lower)))
    after = lower_details[1]
    most_lower = 4 - (zheng == lower) - 1
    most_after = 4 - (zheng == after) - (lower == after)
    details = FrozenDict(zheng=zheng, fu=fu, lower=lower_details)
    return _kept(_TURNED, key, ((zheng, fu), details, most_lower, most_after))


def _lower(
    lower_counts: tuple[tuple[int, int], ...], base: int, cap: int | None
) -> tuple[tuple[Payment, ...], FrozenList, tuple[int, ...], int, int]:
    """The _LOWER entry: nanchang_score.lower_by_player and the 下精 counts' two totals."""
    payments, scores, nets = lower_by_player(lower_counts, base, cap)
    (a, b), (c, d), (e, f), (g, h) = lower_counts
    out = (payments, FrozenList(scores), nets, a + c + e + g, b + d + f + h)
    return _kept(_LOWER, (lower_counts, base, cap), out)


def _counts(
    cev: JingCount, zheng: str, ci: int, base: int, cap: int | None
) -> tuple[tuple[bool, ...], tuple[Payment, ...], FrozenList, tuple[int, ...]]:
    """The _COUNTS entry, once nanchang_hand._check_counts passes (else its MjError): 德中德
    needs every other player to hold no jing."""
    _check_counts(cev, zheng, ci)
    counts, fed_by = cev.counts, cev.fed_by
    holds = [sum(c) > 0 for c in counts]
    sweep = tuple(not any(h for p, h in enumerate(holds) if p != w) for w in range(4))
    payments, award, nets = upper_award(counts, fed_by or (None, None, None, None), base, cap)
    out = (sweep, payments, FrozenList(award), nets)
    return _kept(_COUNTS, (counts, fed_by, base, cap), out)


def _kong_part(
    kongs: tuple[int, ...], jing_kongs: tuple[int, ...], base: int
) -> tuple[tuple[Payment, ...], FrozenList, tuple[int, ...]]:
    """The _KONGS entry: nanchang_score.kong_award with its points read-only."""
    payments, points, nets = kong_award(kongs, jing_kongs, base)
    return _kept(_KONGS, (kongs, jing_kongs, base), (payments, FrozenList(points), nets))


def _nets(payments: tuple[Payment, ...]) -> tuple[int, int, int, int]:
    net = [0, 0, 0, 0]
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return net[0], net[1], net[2], net[3]


def _win_part(
    code: int, sweep: bool, winner: int, from_: int | None, dealer: int, base: int
) -> tuple[FrozenDict, tuple[Payment, ...], WinResult, tuple[int, ...]]:
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
        detail = FrozenDict(
            shape=val.shape, patterns=FrozenList(val.patterns), multiplier=val.m, clean=val.clean
        )
        hit = _kept(_WINS, key, (detail, payments, result, _nets(payments)))
    return hit


def settle_plain(hand: Hand, state: TableState, rules: NanchangRules) -> HandResult | None:
    """The settled hand, or None where ``Nanchang.settle_full`` must answer (see the module)."""
    evs = hand.events
    win = evs[-1]
    if type(win) is not Win or win.hand is None:
        return None
    if not _nothing_set(win) and (win.patterns is not None or not no_flags(win)):
        return None
    jev = cev = None
    kong_evs: list[Kong] = []
    winner = win.player
    mine: list[Event] = []  # the winner's own pungs and kongs
    for e in evs[:-1]:
        cls = type(e)
        if cls is Jing and jev is None:
            jev = e
        elif cls is JingCount and cev is None:
            cev = e
        elif cls is Pung:
            if e.player == winner:
                mine.append(e)
        elif cls is Kong:
            if e.player == winner:
                mine.append(e)
            kong_evs.append(e)  # type: ignore[arg-type]
        else:
            return None
    if jev is None or cev is None or cev.jing_kongs is not None:
        return None
    zheng = jev.indicator
    counts = cev.counts
    base = rules.base
    ccap = rules.chongguan_cap
    try:
        turned = _TURNED.get((zheng, jev.lower)) or _turned(zheng, jev.lower)
        lower_counts = jev.lower_counts
        low = _LOWER.get((lower_counts, base, ccap)) or _lower(lower_counts, base, ccap)
        if low[3] > turned[2] or low[4] > turned[3]:
            return None  # more 下精 held than copies left: nanchang_hand._check_lower refuses
        upper = _COUNTS.get((counts, cev.fed_by, base, ccap)) or _counts(
            cev,  # type: ignore[arg-type]
            zheng,
            next(i for i, e in enumerate(evs) if e is cev),
            base,
            ccap,
        )
        tiles = parse_hand(win.hand, variant="nanchang", waiting_ok=False)
    except (MjError, TypeError, ValueError):
        return None
    # 精杠: a kong of four identical jing, which the jing count must show as four
    pair = turned[0]
    z, fu = pair
    if kong_evs:
        kongs = [0, 0, 0, 0]
        jing_kongs = [0, 0, 0, 0]
        for e in kong_evs:
            p = e.player
            kongs[p] += 1
            if e.tile in pair:
                if counts[p][pair.index(e.tile)] != 4:
                    return None
                jing_kongs[p] += 1
        key = (tuple(kongs), tuple(jing_kongs), base)
        kong = _KONGS.get(key) or _kong_part(*key)
    else:
        kong = _NO_KONGS
    if tiles.context is not None or tiles.flowers:
        return None
    # the winner's jing as the jing count gives them
    closed = tiles.closed
    melds = tiles.melds
    whole = held = sum(map(weigh, closed))  # the hand's number (nanchang_packed)
    for m in melds:
        held += sum(map(weigh, m.tiles))
    if (held >> SHIFT[z] & 15, held >> SHIFT[fu] & 15) != counts[winner]:
        return None
    if (mine or melds) and not melds_match(winner, mine, melds):
        return None  # where claims.melds_agree would not answer
    # the win's shapes (nanchang_score.readings of a win that is not 天胡, as one number)
    t = tiles.win_tile
    from_ = win.from_
    if from_ is None:
        code = code_of(whole, len(closed), len(melds), pair, None, t)
    else:  # a jing won on counts only as itself
        code = code_of(whole, len(closed), len(melds), pair, t if t in pair else None, None)
    if not code:
        return None  # no reading: not a win
    dealer = state.dealer
    sweep = upper[0][winner]
    wkey = (code, sweep, winner, from_, dealer, base)
    won = _WINS.get(wkey) or _win_part(code, sweep, winner, from_, dealer, base)
    details: dict[str, Any] = {
        "jing": turned[1],
        "lower_scores": low[1],
        "award_scores": upper[2],
        "kong_points": kong[1],
        "win": won[0],
    }
    a, b, c = low[2], upper[3], won[3]
    if kong is _NO_KONGS:
        payments = low[0] + upper[1] + won[1]
        nets = (a[0] + b[0] + c[0], a[1] + b[1] + c[1], a[2] + b[2] + c[2], a[3] + b[3] + c[3])
    else:
        payments = low[0] + upper[1] + kong[0] + won[1]
        d = kong[2]
        nets = (
            a[0] + b[0] + c[0] + d[0],
            a[1] + b[1] + c[1] + d[1],
            a[2] + b[2] + c[2] + d[2],
            a[3] + b[3] + c[3] + d[3],
        )
    # 封顶 (cap_nets leaves the nets as they are while none is beyond the cap)
    cap = rules.cap
    if cap is not None and (max(nets) > cap or min(nets) < -cap):
        capped = cap_nets(nets, cap)
        if capped != nets:
            details["cap"] = {"before": list(nets), "after": list(capped)}
            book = PaymentBook()
            adjust = [c - n for c, n in zip(capped, nets, strict=True)]
            for payer, payee, amount in settle_up(adjust):
                book.pay(payer, payee, amount, f"封顶 {rules.cap}")
            payments += tuple(book.items)
            nets = capped
    moves = winner != dealer
    if type(state) is TableState:  # advance, each field written out
        nxt = _make_state(
            hand_number=state.hand_number + 1,
            dealer=(dealer + 1) % 4 if moves else dealer,
            prevailing_wind=state.prevailing_wind,
            bixiahu=state.bixiahu,
            flags=state.flags,
            passes=state.passes + moves,
        )
    else:
        nxt = advance(
            state, dealer=(dealer + 1) % 4 if moves else dealer, passes=state.passes + moves
        )
    return _make_result(
        payments=payments,
        deltas=nets,
        next_state=nxt,
        outcome="win",
        wins=(won[2],),
        summary=won[2].summary,
        details=details,
    )


__all__ = ["settle_plain"]
