"""南宁 Nanning (RULES.md §1): the checks of one hand — flags against the table and the events,
declared facts against the tiles, one discard shared by several winners, and the copies of
each tile among the winners' hands, the logged melds, the horse tiles and the fish."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import facts
from ..events import Hand, Kong, Pung, Win
from ..results import TableState
from ..tiles import HandTiles, parse_tiles
from .nanning_rules import FLAG_ZH, FLAGS, _contra, _flag_err
from .nanning_score import (
    Valuation,
)
from .nanning_way import Way

# ---------------------------------------------------------------- checks


def _check_flags(win: Win, state: TableState, hand: Hand, where: str) -> None:
    for name in win.flags_set:
        if name not in FLAGS:
            raise _flag_err(f"Nanning does not know the flag {name!r}", f"{where}.{name}")
    sd = win.from_ is None
    if sd:
        for f in ("kong_cannon", "robbed_kong", "discarder_all_melded", "human"):
            if win.flag(f):
                raise _flag_err(
                    f"{f} ({FLAG_ZH[f]}) is a win on another player's tile, but this win is self-drawn (from: null)",
                    f"{where}.{f}",
                )
    else:
        for f in ("kong_bloom", "heavenly", "earthly"):
            if win.flag(f):
                raise _flag_err(
                    f"{f} ({FLAG_ZH[f]}) is a self-draw, but this win names a discarder (from: {win.from_})",
                    f"{where}.{f}",
                )
    special = [f for f in ("heavenly", "earthly", "human") if win.flag(f)]
    if len(special) > 1:
        raise _flag_err(f"{' and '.join(special)} cannot both apply", f"{where}.{special[1]}")
    if special and win.kong_bloom:
        raise _flag_err(
            f"kong_bloom together with {special[0]}: a 杠上花 is never {FLAG_ZH[special[0]]} (scored as 杠上花)",
            f"{where}.kong_bloom",
        )
    if special and win.last_tile:
        raise _flag_err(
            f"last_tile together with {special[0]}: the first go-round is not the last tile",
            f"{where}.last_tile",
        )
    if win.kong_bloom and win.last_tile:
        raise _flag_err(
            "海底捞月 has no 杠上花 (no kong is possible after the last tile)", f"{where}.last_tile"
        )
    if win.kong_cannon and win.last_tile:
        raise _flag_err(
            "海底炮无杠上花: after the last tile no kong can be made, so kong_cannon cannot go with last_tile",
            f"{where}.last_tile",
        )
    if win.robbed_kong and (win.kong_cannon or win.last_tile or win.human):
        bad = "kong_cannon" if win.kong_cannon else ("last_tile" if win.last_tile else "human")
        raise _flag_err(
            f"robbed_kong cannot go with {bad}: the winning tile was a kong being added, not a discard",
            f"{where}.{bad}",
        )
    if win.discarder_all_melded:
        if win.human:
            raise _flag_err(
                "discarder_all_melded (全求炮) with human (人胡): the dealer's very first discard comes before any meld",
                f"{where}.discarder_all_melded",
            )
        ck = next(
            (
                i
                for i, e in enumerate(hand.events)
                if isinstance(e, Kong) and e.player == win.from_ and e.kind == "concealed"
            ),
            None,
        )
        if ck is not None:
            raise _contra(
                f"全求炮: the discarder had four exposed melds, but his concealed kong is logged (events[{ck}]) and a hand "
                "holds at most four melds",
                f"{where}.discarder_all_melded",
            )
    if win.heavenly and win.player != state.dealer:
        raise _flag_err(
            "天胡 (heavenly) is the dealer's alone; this winner is not the dealer",
            f"{where}.heavenly",
        )
    if win.earthly and win.player == state.dealer:
        raise _flag_err(
            "地胡 (earthly) is a non-dealer's first self-draw; the dealer's is 天胡",
            f"{where}.earthly",
        )
    if win.human and (win.from_ != state.dealer):
        raise _flag_err(
            f"人胡 (human) is won on the dealer's first discard; the discarder here is seat {win.from_}, the dealer seat {state.dealer}",
            f"{where}.human",
        )
    if special:
        # who can have drawn (and so made a concealed kong) before the win: 天胡 nobody, 人胡 the
        # dealer alone, 地胡 the players from the dealer up to the winner in turn order
        if win.heavenly:
            drew: set[int] = set()
        elif win.human:
            drew = {state.dealer}
        else:
            drew = {(state.dealer + j) % 4 for j in range((win.player - state.dealer) % 4)}
        for i, e in enumerate(hand.events):
            if isinstance(e, Pung) or (
                isinstance(e, Kong) and (e.kind != "concealed" or e.player == win.player)
            ):
                raise _contra(
                    f"{FLAG_ZH[special[0]]} ({special[0]}) needs an untouched first go-round, but a {e.type} was logged (events[{i}])",
                    f"{where}.{special[0]}",
                )
            if isinstance(e, Kong) and e.player not in drew:
                raise _contra(
                    f"{FLAG_ZH[special[0]]} ({special[0]}): seat {e.player} has not drawn a tile yet when this win happens, "
                    f"so its concealed kong (events[{i}]) cannot come before it",
                    f"{where}.{special[0]}",
                )


def _event_melds(hand: Hand, player: int) -> list[tuple[str, int | None]]:
    """(kind, from) of a player's exposed melds from events; an added kong merges with its pung."""
    out: list[list[Any]] = []
    for e in hand.events:
        if isinstance(e, Pung) and e.player == player:
            out.append(["pung", e.tile, e.from_])
        elif isinstance(e, Kong) and e.player == player and e.kind != "concealed":
            if e.kind == "added":
                m = next(
                    (
                        m
                        for m in out
                        if m[0] == "pung"
                        and ((m[1] == e.tile) if (m[1] and e.tile) else m[2] == e.from_)
                    ),
                    None,
                )
                if m is not None:
                    if m[2] != e.from_:
                        i = facts.event_index(hand, e)
                        raise _contra(
                            f"the added kong's 'from' ({e.from_}) differs from its pung's ({m[2]}); a pung later "
                            "turned into an added kong is one meld (RULES.md §0)",
                            f"events[{i}].from",
                        )
                    m[0] = "kong"
                    continue
            out.append(["kong", e.tile, e.from_])
    return [(m[0], m[2]) for m in out]


def _sealer(froms: list[int | None]) -> int | None:
    for s in range(4):
        if sum(1 for f in froms if f == s) >= 3:
            return s
    return None


def _check_declared_agrees(win: Win, val: Valuation, where: str) -> None:
    """Declared facts next to a hand string are allowed only when the tiles say the same."""
    if win.patterns is not None:
        said = set(win.patterns)
        if "all_melded" in said:
            said.add("all_pungs")
        if "luxury_seven_pairs" in said:
            said.discard("seven_pairs")
        found = set(val.pattern_ids)
        if "all_melded" in found:
            found.add("all_pungs")
        if said != found:
            raise _contra(
                f"the declared patterns ({', '.join(sorted(said)) or 'none'}) disagree with the hand's tiles "
                f"({', '.join(sorted(found)) or 'none'}); leave 'patterns' out to derive them",
                f"{where}.patterns",
            )
    if win.concealed is not None and win.concealed != val.concealed:
        raise _contra(
            f"declared concealed: {str(win.concealed).lower()}, but the hand's tiles say "
            f"{'门清' if val.concealed else 'not 门清'}",
            f"{where}.concealed",
        )
    if win.quads is not None and win.quads != val.reading.quads:
        raise _contra(
            f"declared quads: {win.quads}, but the hand has {val.reading.quads}", f"{where}.quads"
        )


def _check_declared_against_events(win: Win, val: Valuation, hand: Hand, where: str) -> None:
    ks = facts.kongs(hand, win.player)
    exposed = [
        e
        for e in hand.events
        if (isinstance(e, Pung) and e.player == win.player)
        or (isinstance(e, Kong) and e.player == win.player and e.kind != "concealed")
    ]
    if val.concealed and exposed:
        raise _contra(
            f"declared 门清 (concealed: true), but the winner made an exposed {exposed[0].type} in this hand",
            f"{where}.concealed",
        )
    if len(ks) > 4:
        raise _contra(f"the winner has {len(ks)} kong events; a hand holds at most four", where)
    if len(ks) == 4 and all(k.kind == "concealed" for k in ks) and not val.concealed:
        raise _contra(
            "four concealed kongs are always 门清: 'concealed: false' is impossible (RULES.md §1)",
            f"{where}.concealed",
        )
    if val.reading.seven_pairs and ks:
        raise _contra(
            "seven pairs hold no kong, but the winner made a kong in this hand", f"{where}.patterns"
        )
    if val.reading.all_melded and any(k.kind == "concealed" for k in ks):
        raise _contra(
            "全求人 has four exposed melds; the winner's concealed kong contradicts it",
            f"{where}.patterns",
        )


# ---------------------------------------------------------------- one win


@dataclass(slots=True)
class _WinCalc:
    win: Win
    where: str
    tiles: HandTiles | None
    val: Valuation
    way: Way
    sealer: int | None


DISCARD_FACTS = ("kong_cannon", "robbed_kong", "last_tile", "human", "discarder_all_melded")


def _check_same_discard(wins: list[tuple[int, Win]]) -> None:
    first = wins[0][1]
    for i, w in wins[1:]:
        for f in DISCARD_FACTS:
            if (w.flag(f) or None) != (first.flag(f) or None):
                raise _contra(
                    f"一炮多响: the winners took the same tile, so {f} ({FLAG_ZH[f]}) must be the same for all of them "
                    f"({first.flag(f) or 'absent'} for seat {first.player}, {w.flag(f) or 'absent'} for seat {w.player})",
                    f"events[{i}].{f}",
                )


def _check_copies(
    hand: Hand, calcs: list[_WinCalc], fish: tuple[tuple[str, ...] | None, ...] | None
) -> None:
    """No tile more than four times among the winners' hands, the pungs and kongs logged for
    everybody else, the robbed player's pung (抢杠: the robbed kong is not logged), the horse
    tiles and the fish. One discard won by several players is one tile."""
    tally = facts.TileTally.of(hand, shown={c.win.player for c in calcs if c.tiles is not None})
    shared: str | None = None
    for c in calcs:
        if c.tiles is None:
            continue
        ts = list(c.tiles.all_tiles)
        wt = c.tiles.win_tile
        if c.win.from_ is not None and wt is not None:
            if shared is not None:
                if wt != shared:
                    raise _contra(
                        f"一炮多响: every winner takes the same discarded tile, but this hand wins on {wt} and another on {shared}",
                        f"{c.where}.hand",
                    )
                ts.remove(wt)  # the one discarded tile, already counted with the first winner
            shared = wt
        tally.add(ts)
        if c.win.robbed_kong and wt is not None:
            d = c.win.from_
            assert d is not None
            if tally.robbed_kong_logged(d, wt):
                raise _contra(
                    f"抢杠胡 on {wt}: a kong of {wt} by the robbed player is logged (events[{tally.first[(d, wt)]}]), but a robbed "
                    "kong is never completed: it is not logged and scores nothing (RULES.md §0)",
                    f"{c.where}.robbed_kong",
                )
            tally.add_robbed_pung(d, wt)  # the pung the winning tile was being added to
    for c in calcs:
        if c.win.horses:
            tally.add(parse_tiles(c.win.horses))
    for f in fish or ():
        tally.add(f or ())
    over = tally.over()
    if over:
        t = over[0]
        robbed = any(c.win.robbed_kong for c in calcs)
        hint = (
            " (抢杠胡: the robbed player holds a pung of the winning tile, so the winner can hold no other copy of it)"
            if robbed
            else ""
        )
        raise _contra(
            f"{t} appears {tally.seen[t]} times (a tile has four copies) among the winning hand(s), the logged pungs and kongs"
            f"{', the horse tiles' if any(c.win.horses for c in calcs) else ''}{' and the fish' if fish else ''}{hint}",
            calcs[0].where if calcs else "events",
        )
