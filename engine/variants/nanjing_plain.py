"""南京 Nanjing: the settlement of a plain hand, each check made once.

A hand whose events are flowers (with their tiles), pungs and kongs (with their tiles) and
one win typed as tiles at the end — no situation flag, no declared pattern, concealed, soft
or hard flowers, no |context or flower section in the hand string, no claimed chow, no 花杠
— is nearly every hand of a record. :func:`settle_plain` settles it as
``Nanjing.settle_full`` does, with the same valuation (``nanjing_read.best_valuation``) and
the same payments (``nanjing_spot.kong_payments``, ``nanjing_pay.win_part``), but reads the
events in one pass and makes the checks of RULES.md §0 and §2 on what that pass tallied: no
flower shown more often than it exists, at most 20 flowers a player, no dragon melded, an
added kong keeps its pung's supplier, no fifth copy of a tile among the logged melds and the
winner's hand, the winner's melds as his events give them, and a legal (not 小胡) win. The
result's details (the valuation's JSON among them) are made only when read: a replay reads
none.

Anything else — another event, a flag, a refusal of any kind — answers None, and the caller
settles the hand on the full path, which raises the same error it always did.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..errors import MjError
from ..events import Flowers, Hand, Kong, Pung, Win
from ..frozen import maker
from ..readonly import FrozenDict, FrozenList
from ..results import HandResult, Payment, TableState, advance
from ..tiles import DRAGONS, FLOWER_LETTERS, parse_hand, parse_tiles
from .claims import melds_agree, melds_match, no_flags
from .nanjing_checks import _bonuses_of, duizui
from .nanjing_pay import LIABLE_PATTERNS, win_part
from .nanjing_read import best_valuation
from .nanjing_score import KONG_PAY, Valuation, _Stacking, multiplier
from .nanjing_spot import kong_payments

_make_result = maker(HandResult)  # its deltas are the payments' own nets, made below

_NO_BONUS = _bonuses_of(False, False, False, False, False, False)
_DRAGONS = frozenset(DRAGONS)
_FLOWER_TILES = frozenset(FLOWER_LETTERS + DRAGONS)
_LIABLE = frozenset(LIABLE_PATTERNS)
_NO_TILES: frozenset[str] = frozenset()

# a flowers event's tiles string → its tiles, or None when reading it refuses it or it shows
# something that is not a flower (the full path words those)
_FLOWERS: dict[str, tuple[str, ...] | None] = {}
_FLOWERS_MAX = 4096  # the memo starts afresh past this many strings


def _flower_tiles(s: str) -> tuple[str, ...] | None:
    if s and _FLOWER_TILES.issuperset(s):  # letters of flowers alone: each is its tile
        return tuple(s)
    if s in _FLOWERS:
        return _FLOWERS[s]
    try:
        ts: tuple[str, ...] | None = parse_tiles(s, allow_flowers=True)
    except (MjError, TypeError, ValueError):
        ts = None
    if ts is not None and not _FLOWER_TILES.issuperset(ts):
        ts = None
    if len(_FLOWERS) >= _FLOWERS_MAX:
        _FLOWERS.clear()
    _FLOWERS[s] = ts
    return ts


# (valuation, multiplier, liable player, why, the dealer won) → (the valuation, the hand's
# details when nothing was paid on the spot): nothing else of the hand or the table changes
# them, so they are made once per case and shared, read-only. Each entry holds its
# valuation, so the id it is filed under is never reused while it is kept: an entry found by
# a live valuation's id is that valuation's.
_DETAILS: dict[tuple, tuple[Valuation, FrozenDict]] = {}
_DETAILS_MAX = 8192  # the memo starts afresh past this many cases


def _details(val: Valuation, m: int, liable: int | None, why: str, dealer: bool) -> FrozenDict:
    key = (id(val), m, liable, why, dealer)
    got = _DETAILS.get(key)
    if got is not None:
        return got[1]
    triggers = FrozenList((["庄家胡"] if dealer else []) + (["大胡"] if val.big else []))
    details = FrozenDict(
        multiplier=m,
        on_the_spot=FrozenList(),
        liability=FrozenDict(payer=liable, reason=why) if liable is not None else None,
        valuation=val.to_json(),
        bixiahu_triggers=triggers,
    )
    if len(_DETAILS) >= _DETAILS_MAX:
        _DETAILS.clear()
    _DETAILS[key] = (val, details)
    return details


class _Details(Mapping):
    """A plain hand's details (what ``Nanjing.settle_full`` gives as its result's details),
    made when first read: a replay never reads them, and a valuation new to the session would
    otherwise have its JSON made at once. Read-only; equal to the mapping it stands for."""

    __slots__ = ("_case", "_made")

    def _read(self) -> Mapping[str, Any]:
        try:
            return self._made
        except AttributeError:
            val, m, liable, why, dealer, entries = self._case
            made = _details(val, m, liable, why, dealer)
            self._made = made = {**made, "on_the_spot": entries} if entries else made
            return made

    def __getitem__(self, key: str) -> Any:
        return self._read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())

    def __eq__(self, other: object) -> bool:
        return self._read() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._read())


_new_details = object.__new__


def settle_plain(hand: Hand, state: TableState, rules: _Stacking) -> HandResult | None:
    """The settled hand, or None where ``Nanjing.settle_full`` must answer (see the module)."""
    evs = hand.events
    last = len(evs) - 1
    win = evs[last]
    if type(win) is not Win or type(win.hand) is not str:
        return None
    if (
        win.patterns is not None
        or win.concealed is not None
        or win.soft_flowers is not None
        or win.hard_flowers is not None
        or not no_flags(win)
    ):
        return None
    w = win.player
    from_ = win.from_
    if from_ == w:
        return None
    m = multiplier(state, rules) if state.bixiahu else 1  # (1 in an ordinary hand)
    flowers = [0, 0, 0, 0]  # hard flowers each player showed
    seen: list[str] = []  # every flower shown at the table
    shown: dict[tuple[int, str], int] = {}  # copies of a tile a player shows in pungs and kongs
    open_pungs: dict[tuple[int, str], int | None] = {}  # pungs not yet kong-ed: their supplier
    pung_tiles: list[str] = []
    spot: list[Payment] = []
    entries: list[dict[str, Any]] = []  # the kongs' lines of the details
    mine: list[Pung | Kong] = []  # the winner's pungs and kongs
    for i in range(last):
        e = evs[i]
        cls = type(e)
        if cls is Flowers:
            s = e.tiles
            if s and _FLOWER_TILES.issuperset(s):  # letters of flowers alone: each a tile
                ts = s
            else:
                ts = None if s is None else _flower_tiles(s)
                if ts is None:
                    return None
            flowers[e.player] += len(ts)
            seen += ts
            continue
        if cls is not Pung and cls is not Kong:
            return None
        t = e.tile
        if t is None or t in _DRAGONS:
            return None
        p = e.player
        if p == w:
            mine.append(e)
        key = (p, t)
        if cls is Pung:
            shown[key] = shown.get(key, 0) + 3
            open_pungs[key] = e.from_
            pung_tiles.append(t)
            continue
        kind = e.kind
        if kind not in KONG_PAY or (kind != "concealed" and (e.from_ is None or e.from_ == p)):
            return None
        if kind == "added" and key in open_pungs:  # the pung it upgrades, from its supplier
            if open_pungs.pop(key) != e.from_:
                return None
            shown[key] += 1
        else:  # (an added kong of a tile already kong-ed puts eight at the table: refused below)
            shown[key] = shown.get(key, 0) + 4
        spot += kong_payments(kind, t, p, e.from_, m)
        entries.append({"event": i, "kind": kind, "player": p})
    # a flower is shown at most once; a dragon at most four times, and three here, as the
    # fourth a player shows is a 花杠 (paid on the spot: the full path pays it). No player
    # then holds more than the 20 flowers a player may (8 letters and 9 dragons at most).
    if len(seen) > 1 and len(set(seen)) != len(seen):  # a flower shown twice: a dragon may be
        for t in set(seen):
            n = seen.count(t)
            if n > 1 and (n > 3 or t not in _DRAGONS):
                return None
    try:
        tiles = parse_hand(win.hand, variant="nanjing", waiting_ok=False)
    except MjError:
        return None
    if tiles.context is not None or tiles.flowers is not None:
        return None
    for mm in tiles.melds:  # (so the winner's melds are his pungs and kongs)
        if mm.kind == "chow":
            return None
    # no fifth copy among the logged melds, nor among the winner's tiles and the others'
    # melds (the winner's own tiles hold none: the hand string's reading refuses one)
    if shown:
        table: dict[str, int] = {}
        others: dict[str, int] = {}
        for (p, t), n in shown.items():
            table[t] = table.get(t, 0) + n
            if p != w:
                others[t] = others.get(t, 0) + n
        for n in table.values():
            if n > 4:
                return None
        if others:
            count = tiles.all_tiles.count
            for t, n in others.items():
                c = count(t)
                if c and c + n > 4:
                    return None
    melds = tiles.melds
    if (mine or melds) and not melds_match(w, mine, melds):
        return None
    val = best_valuation(
        tiles,
        hard=flowers[w],
        hard_known=True,
        bonus=_NO_BONUS,
        exposed_pung_tiles=frozenset(pung_tiles) if pung_tiles else _NO_TILES,
        last_closed_declared=False,
    )
    if val is None or not val.legal:
        return None
    # 承包 (RULES.md §2): without a kong bloom or a robbed kong, only 对三嘴/对四嘴
    liable: int | None = None
    why = ""
    if len(melds) >= 3 and not _LIABLE.isdisjoint(val.patterns):
        # the winner's melds as the events give them (they agree with the hand string)
        dz = duizui(melds_agree(hand, win, tiles) or ())
        if dz:
            liable, why = dz[0], ("对三嘴承包" if dz[1] == 3 else "对四嘴承包")
            if liable == w:
                return None
    payments, nets, wr = win_part(val, w, from_, False, m, liable, why)
    dealer = state.dealer
    dealer_won = w == dealer
    details = _new_details(_Details)
    details._case = (val, m, liable, why, dealer_won, entries)
    if spot:
        net = list(nets)
        for pay in spot:
            net[pay.payer] -= pay.amount
            net[pay.payee] += pay.amount
        nets = (net[0], net[1], net[2], net[3])
        payments = (*spot, *payments)
    if dealer_won or val.big:  # 比下胡's triggers (庄家胡, 大胡)
        flags = state.flags + 1 if state.bixiahu else 0
        if dealer_won:
            nxt = advance(state, bixiahu=True, flags=flags)
        else:
            nxt = advance(
                state, bixiahu=True, flags=flags, dealer=(dealer + 1) % 4, passes=state.passes + 1
            )
    else:
        nxt = advance(
            state, bixiahu=False, flags=0, dealer=(dealer + 1) % 4, passes=state.passes + 1
        )
    return _make_result(
        payments=payments,
        deltas=nets,
        next_state=nxt,
        outcome="win",
        wins=(wr,),
        summary=wr.summary,
        details=details,
    )


__all__ = ["settle_plain"]
