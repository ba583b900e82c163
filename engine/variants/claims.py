"""Quick tests of a win in the plain case every rule set meets most, shared by the rule sets:
no situation flag (:func:`no_flags`); no tile held more than four times in the winner's hand
(:func:`over_four`); the winner's hand string and meld events agree (RULES.md
§0) when the melds are pungs and direct or concealed kongs logged with their tiles.

:func:`melds_agree` answers only when :func:`engine.facts.claimed_melds` would accept the
hand (and then returns what it would return); anything else — an added kong, an event without
its tile, two kongs of one tile, a disagreement — answers None, and the caller runs
``claimed_melds`` itself, which words every refusal.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from ..events import WIN_FLAGS, Event, Hand, Kong, Pung, Win
from ..facts import ClaimedMeld
from ..tiles import HandTiles, Meld

_FLAG_VALUES = attrgetter(*WIN_FLAGS)
_UNSET = frozenset((None, False))  # what Win.flags_set leaves out (0 too: 0 == False)


def no_flags(win: Win) -> bool:
    """``not win.flags_set``, without building it."""
    try:
        return _UNSET.issuperset(_FLAG_VALUES(win))
    except TypeError:  # an unhashable value (a list): not an unset flag
        return False


def over_four(tiles: HandTiles) -> bool:
    """Whether some tile of the hand (kongs counted as four) appears more than four times:
    in the sorted tiles, one equal to the fourth after it."""
    every = list(tiles.closed)
    for m in tiles.melds:
        every += m.tiles
    every.sort()
    return any(map(str.__eq__, every, every[4:]))


def melds_agree(hand: Hand, win: Win, tiles: HandTiles) -> tuple[ClaimedMeld, ...] | None:
    """``claimed_melds(hand, win, tiles)`` for the plain case, or None (see the module)."""
    player = win.player
    if not tiles.melds:  # agreement is then: no meld event of the winner at all
        for e in hand.events:
            if isinstance(e, Pung | Kong) and e.player == player:
                return None
        return ()
    ev: list[ClaimedMeld] = []
    ev_kongs: dict[str, tuple[str, int | None]] = {}
    ev_pungs: list[tuple[str, int]] = []
    for e in hand.events:
        cls = type(e)
        if cls is Pung:
            if e.player != player:
                continue
            if e.tile is None:
                return None
            ev.append(ClaimedMeld("pung", None, e.tile, e.from_, "event"))
            ev_pungs.append((e.tile, e.from_))
        elif cls is Kong:
            if e.player != player:
                continue
            if e.tile is None or e.kind == "added" or e.tile in ev_kongs:
                return None
            ev.append(ClaimedMeld("kong", e.kind, e.tile, e.from_, "event"))
            ev_kongs[e.tile] = (e.kind, e.from_)
        elif isinstance(e, Pung | Kong):  # a subclass: left to the full check
            return None
    hs_kongs: dict[str, tuple[str, int | None]] = {}
    hs_pungs: list[tuple[str, int]] = []
    chows: list[ClaimedMeld] = []
    hs: list[ClaimedMeld] = []
    for m in tiles.melds:
        claim = m.claim
        if claim is None:
            seat = None
        else:  # Meld.from_seat: a chow from 上家; 5-7 an added kong on a pung from 1-3
            seat = (player - (1 if m.kind == "chow" else claim - 4 if claim >= 5 else claim)) % 4
        if m.kind == "kong":
            if claim is not None and claim >= 5:  # added kong
                return None
            kind = "concealed" if claim is None else "exposed"
            if m.tiles[0] in hs_kongs:
                return None
            hs_kongs[m.tiles[0]] = (kind, seat)
            hs.append(ClaimedMeld("kong", kind, m.tiles[0], seat, "hand"))
        else:
            cm = ClaimedMeld(m.kind, None, m.tiles[0], seat, "hand")
            hs.append(cm)
            if m.kind == "pung":
                hs_pungs.append((m.tiles[0], seat))
            else:
                chows.append(cm)
    if hs_kongs != ev_kongs:
        return None
    if ev_pungs:
        if ev_pungs != hs_pungs and Counter(ev_pungs) != Counter(hs_pungs):
            return None
        return tuple(ev) + tuple(chows)
    return tuple(hs)


def melds_match(player: int, mine: list[Event], melds: tuple[Meld, ...]) -> bool:
    """Whether :func:`melds_agree` answers (not None) for the winner ``player`` whose own pung
    and kong events, all of the exact classes ``Pung`` and ``Kong``, are ``mine``, and whose
    hand string's melds are ``melds``: the same tests, without making the claimed melds (a
    settlement that only needs to know they agree)."""
    if not melds:
        return not mine
    ev_kongs: dict[str, tuple[str, int | None]] = {}
    ev_pungs: list[tuple[str, int]] = []
    for e in mine:
        tile = e.tile
        if tile is None:
            return False
        if type(e) is Pung:
            ev_pungs.append((tile, e.from_))
        else:
            if e.kind == "added" or tile in ev_kongs:
                return False
            ev_kongs[tile] = (e.kind, e.from_)
    hs_kongs: dict[str, tuple[str, int | None]] = {}
    hs_pungs: list[tuple[str, int | None]] = []
    for m in melds:
        kind = m.kind
        if kind == "chow":  # a chow is never compared with an event
            continue
        claim = m.claim
        tile = m.tiles[0]
        if kind == "kong":
            if claim is None:
                value: tuple[str, int | None] = ("concealed", None)
            elif claim >= 5:  # added kong
                return False
            else:
                value = ("exposed", (player - claim) % 4)
            if tile in hs_kongs:
                return False
            hs_kongs[tile] = value
        else:
            seat = None if claim is None else (player - (claim - 4 if claim >= 5 else claim)) % 4
            hs_pungs.append((tile, seat))
    if hs_kongs != ev_kongs:
        return False
    return not ev_pungs or ev_pungs == hs_pungs or Counter(ev_pungs) == Counter(hs_pungs)
