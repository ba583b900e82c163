"""RULES.md §0 conventions every variant shares: kong events and chains, the winner's
claimed melds (from events or from the hand string, agreement checked), the winning hand's
tiles and their |context checked against the session.

All checks raise :class:`MjError` with ``where`` relative to the hand ("events[3].hand").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .errors import ErrorCode, MjError, bare_seat
from .events import Event, Hand, Kong, Pung, Win
from .results import TableState
from .texts_checks import Seat, txt
from .tiles import HandTiles, parse_hand, relative_to_absolute

KONG_KIND_ZH = {"exposed": "明杠", "added": "补杠", "concealed": "暗杠"}


def _contra(msg: str, where: str | None) -> MjError:
    return MjError(ErrorCode.CONTRADICTION, msg, where=where)


def event_index(hand: Hand, ev: object) -> int:
    """Where ``ev`` itself (not an equal event) first comes among the hand's events: the
    events' ids are distinct while they are alive, so the first equal id is it."""
    return list(map(id, hand.events)).index(id(ev))


def kongs(hand: Hand, player: int | None = None) -> tuple[Kong, ...]:
    """Kong events of the hand (of one player), in order."""
    return tuple(
        e for e in hand.events if isinstance(e, Kong) and (player is None or e.player == player)
    )


def pungs(hand: Hand, player: int | None = None) -> tuple[Pung, ...]:
    return tuple(
        e for e in hand.events if isinstance(e, Pung) and (player is None or e.player == player)
    )


def kong_chain(
    hand: Hand, player: int, n: int, *, where: str | None = None, what: str = "kong_bloom"
) -> tuple[Kong, ...]:
    """The player's last ``n`` kong events (a chain for kong_bloom / kong_cannon).

    Refused when fewer than ``n`` were logged, and when a kong after the first is a direct
    exposed kong (in a chain later kongs come from replacement draws)."""
    ks = kongs(hand, player)
    if len(ks) < n:
        raise _contra(
            txt("says_player_s_last_kong", what=what, n=n, p3=len(ks)),
            where,
        )
    chain = ks[len(ks) - n :]
    for k in chain[1:]:
        if k.kind == "exposed":
            raise _contra(
                txt("chain_first_kong_direct_exposed", what=what),
                where,
            )
    return chain


def win_tiles(win: Win, variant_id: str, where: str | None) -> HandTiles | None:
    """The winner's parsed hand string, or None in declared mode."""
    if win.hand is None:
        return None
    try:
        return parse_hand(win.hand, variant=variant_id, waiting_ok=False)
    except MjError as e:
        raise MjError(
            e.code, e.msg, where=f"{where}.hand ({e.where})" if where else e.where
        ) from None


def check_context(tiles: HandTiles, win: Win, state: TableState, where: str | None) -> None:
    """A |context in a session hand string must agree with the table and the win event."""
    ctx = tiles.context
    if ctx is None:
        return
    w = f"{where}.hand" if where else "hand"
    if ctx.self_drawn != (win.from_ is None):
        said = "self-drawn" if ctx.self_drawn else "won on a discard"
        raise _contra(txt("hand_s_context_says_win", said=said), w)
    if ctx.seat != state.seat_wind(win.player):
        raise _contra(
            txt("hand_s_context_gives_seat", seat=ctx.seat, p2=state.seat_wind(win.player)),
            w,
        )
    if ctx.prevailing != state.prevailing_wind:
        raise _contra(
            txt(
                "hand_s_context_gives_prevailing",
                prevailing=ctx.prevailing,
                prevailing_wind=state.prevailing_wind,
            ),
            w,
        )
    if ctx.last_tile and not win.last_tile:
        raise _contra(txt("hand_s_context_marks_last"), w)
    if ctx.last_copy and not win.last_copy:
        raise _contra(txt("hand_s_context_marks_win"), w)
    if ctx.kong and not (win.kong_bloom or win.robbed_kong):
        raise _contra(
            txt("hand_s_context_marks_kong"),
            w,
        )


class ClaimedMeld(NamedTuple):
    """One of the winner's melds with an absolute claimed-from seat (None: concealed kong); a
    named tuple, as a hand makes several."""

    kind: str  # "pung" | "kong" | "chow"
    kong_kind: str | None  # "exposed" | "added" | "concealed" for kongs
    tile: str | None
    from_seat: int | None
    source: str  # "event" | "hand"

    @property
    def exposed(self) -> bool:
        return self.from_seat is not None


def _from_events(hand: Hand, player: int) -> list[ClaimedMeld]:
    out: list[ClaimedMeld] = []
    for e in hand.events:
        if isinstance(e, Pung) and e.player == player:
            out.append(ClaimedMeld("pung", None, e.tile, e.from_, "event"))
        elif isinstance(e, Kong) and e.player == player:
            if e.kind == "added":
                # upgrade the pung it was added to: same tile if known, else same supplier
                idx = next(
                    (
                        i
                        for i, m in enumerate(out)
                        if m.kind == "pung"
                        and (m.tile == e.tile if (m.tile and e.tile) else m.from_seat == e.from_)
                    ),
                    None,
                )
                if idx is not None:
                    pung = out[idx]
                    if pung.from_seat != e.from_:
                        raise _contra(
                            txt(
                                "added_kong_s_from_differs",
                                from_=bare_seat(e.from_),
                                from_seat=bare_seat(pung.from_seat),
                            ),
                            None,
                        )
                    out[idx] = ClaimedMeld("kong", "added", e.tile or pung.tile, e.from_, "event")
                    continue
            out.append(ClaimedMeld("kong", e.kind, e.tile, e.from_, "event"))
    return out


def _from_tiles(tiles: HandTiles, player: int) -> list[ClaimedMeld]:
    out = []
    for m in tiles.melds:
        if m.kind == "kong":
            kk = "concealed" if m.concealed else ("added" if m.added else "exposed")
            out.append(ClaimedMeld("kong", kk, m.tile, m.from_seat(player), "hand"))
        else:
            out.append(ClaimedMeld(m.kind, None, m.tile, m.from_seat(player), "hand"))
    return out


def _tally(keys: Iterable[object]) -> dict[object, int]:
    """How many times each key comes (a Counter's counts, without its Python-level update:
    two tallies are equal exactly when the Counters would be, as neither holds a zero)."""
    out: dict[object, int] = {}
    for k in keys:
        out[k] = out.get(k, 0) + 1
    return out


def claimed_melds(
    hand: Hand, win: Win, tiles: HandTiles | None, *, where: str | None = None
) -> tuple[ClaimedMeld, ...]:
    """The winner's pungs and kongs (and chows from the hand string), in the order they were
    made when events say so. Events and the hand string must agree when both exist; every kong
    shown in the hand string must have a matching kong event (same player and tile)."""
    player = win.player
    try:
        ev = _from_events(hand, player)
    except MjError as e:
        raise _contra(e.msg, where) from None
    if tiles is None:
        return tuple(ev)
    if not ev and not tiles.melds:  # nothing claimed, by the events or the hand string
        return ()
    hs = _from_tiles(tiles, player)
    w = f"{where}.hand" if where else "hand"
    # every kong in the hand string needs a kong event of the same tile and kind
    ev_kongs = [m for m in ev if m.kind == "kong"]
    for m in (m for m in hs if m.kind == "kong"):
        match = next(
            (
                k
                for k in ev_kongs
                if (k.tile is None or k.tile == m.tile) and k.kong_kind == m.kong_kind
            ),
            None,
        )
        if match is None:
            raise _contra(
                txt(
                    "hand_shows_matching_kong_event",
                    p1=KONG_KIND_ZH[m.kong_kind or "exposed"],
                    tile=m.tile,
                ),
                w,
            )
        ev_kongs.remove(match)
        if match.from_seat != m.from_seat:
            raise _contra(
                txt(
                    "kong_claimed_from_hand_from",
                    tile=m.tile,
                    from_seat=Seat(m.from_seat),
                    from_seat2=Seat(match.from_seat),
                ),
                w,
            )
    if ev_kongs:
        k = ev_kongs[0]
        raise _contra(
            txt(
                "logged_winner_hand_string_does",
                p1=KONG_KIND_ZH[k.kong_kind or "exposed"],
                p2=k.tile or "a tile",
            ),
            w,
        )
    ev_pungs = [m for m in ev if m.kind == "pung"]
    hs_pungs = [m for m in hs if m.kind == "pung"]
    if ev_pungs:
        key = lambda m: (m.tile, m.from_seat)  # noqa: E731
        if any(p.tile is None for p in ev_pungs):
            a, b = _tally(p.from_seat for p in ev_pungs), _tally(p.from_seat for p in hs_pungs)
        else:
            a, b = _tally(map(key, ev_pungs)), _tally(map(key, hs_pungs))
        if a != b:
            raise _contra(
                txt("winner_s_pung_events_pungs"),
                w,
            )
        # keep event order (the order melds were made), chows from the hand appended
        return tuple(ev) + tuple(m for m in hs if m.kind == "chow")
    if any(m.kind == "kong" for m in hs):
        # order: kongs are known from events, pungs only from the string; keep string order
        return tuple(hs)
    return tuple(hs)


def relative_seat(owner: int, rel: int) -> int:
    return relative_to_absolute(owner, rel)


# ---------------------------------------------------------------- for a hand being entered
def kong_run(events: Sequence[Event], player: int | None) -> tuple[int, int]:
    """(the player's run of kongs ending ``events``, all the player's kongs in them): the
    likely and the largest ``n`` of a kong-chain flag (kong_bloom, kong_cannon,
    robbed_kong) for a win entered after these events; (1, 4) when the player is unknown."""
    if player is None:
        return 1, 4
    mine = [isinstance(e, Kong) and e.player == player for e in events]
    run = 0
    for m in reversed(mine):
        if not m:
            break
        run += 1
    total = sum(mine)
    return max(run, 1), max(total, 1) if total else 4


@dataclass(frozen=True, slots=True)
class PungSupplier:
    """Who supplied the pung an added kong upgrades (RULES.md §0: "the added kong's `from`
    equals the pung's"). ``found``: ``one`` (``seat`` is it), ``none`` (no such pung is
    logged) or ``several`` (the player's pungs came from different seats; the tile decides)."""

    found: str
    seat: int | None = None


def added_kong_supplier(events: Sequence[Event], player: int, tile: str | None) -> PungSupplier:
    """The supplier of the player's logged pung (of ``tile`` when given) not yet upgraded."""
    upgraded = {
        e.tile
        for e in events
        if isinstance(e, Kong) and e.kind == "added" and e.player == player and e.tile
    }
    ps = [
        e
        for e in events
        if isinstance(e, Pung) and e.player == player and (e.tile is None or e.tile not in upgraded)
    ]
    if tile:
        exact = [p for p in ps if p.tile == tile]
        ps = exact or [p for p in ps if p.tile is None]
    if not ps:
        return PungSupplier("none")
    suppliers = {p.from_ for p in ps}
    if len(suppliers) > 1:
        return PungSupplier("several")
    return PungSupplier("one", next(iter(suppliers)))


# ---------------------------------------------------------------- the copies of each tile
_MELD_EVENTS = (Pung, Kong)


@dataclass(slots=True)
class TileTally:
    """The physical tiles of one hand (RULES.md §0: four copies of each tile): the pungs and
    kongs logged for the players whose hands are not shown (an added kong is one meld with
    its pung), then whatever the variant adds — the shown hands, the robbed player's pung,
    horse tiles, fish. Each variant words its own refusal from :meth:`over`."""

    melds: dict[tuple[int, str], int]  # (player, tile) → 3 pung / 4 kong
    first: dict[tuple[int, str], int]  # (player, tile) → index of its first event
    seen: Counter[str]
    robbed: set[tuple[int, str]]

    @classmethod
    def of(cls, hand: Hand, shown: Container[int] = ()) -> TileTally:
        """The logged pungs and kongs with a tile, except those of the ``shown`` players."""
        melds: dict[tuple[int, str], int] = {}
        first: dict[tuple[int, str], int] = {}
        for i, e in enumerate(hand.events):
            if isinstance(e, _MELD_EVENTS) and e.tile is not None and e.player not in shown:
                key = (e.player, e.tile)
                melds[key] = max(melds.get(key, 0), 4 if isinstance(e, Kong) else 3)
                first.setdefault(key, i)
        seen: Counter[str] = Counter()
        if melds:
            counts: dict[str, int] = {}
            for (_, t), n in melds.items():
                counts[t] = counts.get(t, 0) + n
            dict.update(seen, counts)  # into the empty Counter, without its Python-level update
        return cls(melds=melds, first=first, seen=seen, robbed=set())

    def add(self, tiles: Iterable[str]) -> None:
        self.seen.update(tiles)

    def robbed_kong_logged(self, robbed: int, tile: str) -> bool:
        """Whether the robbed player's kong of ``tile`` was logged (a robbed kong never is)."""
        return self.melds.get((robbed, tile)) == 4

    def add_robbed_pung(self, robbed: int, tile: str) -> None:
        """抢杠: the robbed player held a pung of ``tile`` (three copies), counted once, unless
        a pung of it is logged already."""
        key = (robbed, tile)
        if key not in self.melds and key not in self.robbed:
            self.seen[tile] += 3
            self.robbed.add(key)

    def over(self) -> list[str]:
        """The tiles counted more than four times, sorted."""
        return sorted(t for t, n in self.seen.items() if n > 4)
