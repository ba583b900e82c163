"""南宁 Nanning (RULES.md §1): the checks of one hand — flags against the table and the events,
declared facts against the tiles, one discard shared by several winners, and the copies of
each tile among the winners' hands, the logged melds, the horse tiles and the fish."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import facts
from ..errors import bare_seat
from ..events import Hand, Kong, Pung, Win
from ..results import TableState
from ..texts_checks import EVENT_ZH
from ..tiles import HandTiles, parse_tiles
from .nanning_rules import FLAG_ZH, FLAGS, _contra, _flag_err
from .nanning_score import (
    Valuation,
)
from .nanning_way import Way
from .texts_nanning import Seat, txt

# ---------------------------------------------------------------- checks


def _check_flags(win: Win, state: TableState, hand: Hand, where: str) -> None:
    for name in win.flags_set:
        if name not in FLAGS:
            raise _flag_err(txt("nanning_does_know_flag", name=name), f"{where}.{name}")
    sd = win.from_ is None
    if sd:
        for f in ("kong_cannon", "robbed_kong", "discarder_all_melded", "human"):
            if win.flag(f):
                raise _flag_err(
                    txt("win_another_player_s_tile", f=f, p2=FLAG_ZH[f], name=FLAG_ZH[f]),
                    f"{where}.{f}",
                )
    else:
        for f in ("kong_bloom", "heavenly", "earthly"):
            if win.flag(f):
                raise _flag_err(
                    txt(
                        "self_draw_win_names_discarder_2",
                        f=f,
                        p2=FLAG_ZH[f],
                        from_=bare_seat(win.from_),
                        name=FLAG_ZH[f],
                    ),
                    f"{where}.{f}",
                )
    special = [f for f in ("heavenly", "earthly", "human") if win.flag(f)]
    if len(special) > 1:
        raise _flag_err(
            txt(
                "both_apply", p1=" and ".join(special), names="、".join(FLAG_ZH[s] for s in special)
            ),
            f"{where}.{special[1]}",
        )
    if special and win.kong_bloom:
        raise _flag_err(
            txt("kong_bloom_together_never_scored", p1=special[0], p2=FLAG_ZH[special[0]]),
            f"{where}.kong_bloom",
        )
    if special and win.last_tile:
        raise _flag_err(
            txt("last_tile_together_first_go", p1=special[0], name=FLAG_ZH[special[0]]),
            f"{where}.last_tile",
        )
    if win.kong_bloom and win.last_tile:
        raise _flag_err(txt("kong_possible_after_last_tile"), f"{where}.last_tile")
    if win.kong_cannon and win.last_tile:
        raise _flag_err(
            txt("after_last_tile_kong_made"),
            f"{where}.last_tile",
        )
    if win.robbed_kong and (win.kong_cannon or win.last_tile or win.human):
        bad = "kong_cannon" if win.kong_cannon else ("last_tile" if win.last_tile else "human")
        raise _flag_err(
            txt("robbed_kong_go_winning_tile", bad=bad, name=FLAG_ZH[bad]),
            f"{where}.{bad}",
        )
    if win.discarder_all_melded:
        if win.human:
            raise _flag_err(
                txt("discarder_all_melded_human_dealer"),
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
                txt("discarder_had_four_exposed_melds", ck=ck, n=ck + 1),
                f"{where}.discarder_all_melded",
            )
    if win.heavenly and win.player != state.dealer:
        raise _flag_err(
            txt("heavenly_dealer_s_alone_winner"),
            f"{where}.heavenly",
        )
    if win.earthly and win.player == state.dealer:
        raise _flag_err(
            txt("earthly_non_dealer_s_first"),
            f"{where}.earthly",
        )
    if win.human and (win.from_ != state.dealer):
        raise _flag_err(
            txt("human_won_dealer_s_first", from_=Seat(win.from_), dealer=Seat(state.dealer)),
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
                    txt(
                        "untouched_first_go_round_logged",
                        p1=FLAG_ZH[special[0]],
                        p2=special[0],
                        type=e.type,
                        i=i,
                        ev=EVENT_ZH.get(e.type, e.type),
                        n=i + 1,
                    ),
                    f"{where}.{special[0]}",
                )
            if isinstance(e, Kong) and e.player not in drew:
                raise _contra(
                    txt(
                        "drawn_tile_yet_when_win",
                        p1=FLAG_ZH[special[0]],
                        p2=special[0],
                        player=Seat(e.player),
                        i=i,
                        n=i + 1,
                    ),
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
                            txt(
                                "added_kong_s_from_differs_2",
                                from_=bare_seat(e.from_),
                                p2=bare_seat(m[2]),
                            ),
                            f"events[{i}].from",
                        )
                    m[0] = "kong"
                    continue
            out.append(["kong", e.tile, e.from_])
    return [(m[0], m[2]) for m in out]


def _sealer(froms: list[int | None]) -> int | None:
    """The player three of these melds were claimed from (封胡), or None."""
    if len(froms) < 3:
        return None
    for s in range(4):
        if froms.count(s) >= 3:
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
                txt(
                    "declared_patterns_disagree_hand_s",
                    p1=", ".join(sorted(said)) or "none",
                    p2=", ".join(sorted(found)) or "none",
                ),
                f"{where}.patterns",
            )
    if win.concealed is not None and win.concealed != val.concealed:
        raise _contra(
            txt(
                "declared_concealed_hand_s_tiles",
                p1=str(win.concealed).lower(),
                p2="门清" if val.concealed else "not 门清",
                said="门清" if win.concealed else "不门清",
                found="门清" if val.concealed else "不门清",
            ),
            f"{where}.concealed",
        )
    if win.quads is not None and win.quads != val.reading.quads:
        raise _contra(
            txt("declared_quads_hand", quads=win.quads, quads2=val.reading.quads), f"{where}.quads"
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
            txt(
                "declared_concealed_true_winner_made",
                type=exposed[0].type,
                ev=EVENT_ZH.get(exposed[0].type, exposed[0].type),
            ),
            f"{where}.concealed",
        )
    if len(ks) > 4:
        raise _contra(txt("winner_kong_events_hand_holds", p1=len(ks)), where)
    if len(ks) == 4 and all(k.kind == "concealed" for k in ks) and not val.concealed:
        raise _contra(
            txt("four_concealed_kongs_always_concealed"),
            f"{where}.concealed",
        )
    if val.reading.seven_pairs and ks:
        raise _contra(txt("seven_pairs_hold_kong_winner"), f"{where}.patterns")
    if val.reading.all_melded and any(k.kind == "concealed" for k in ks):
        raise _contra(
            txt("four_exposed_melds_winner_s_2"),
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
                    txt(
                        "winners_took_same_tile_same",
                        f=f,
                        p2=FLAG_ZH[f],
                        p3=first.flag(f) or "absent",
                        player=Seat(first.player),
                        p5=w.flag(f) or "absent",
                        player2=Seat(w.player),
                        name=FLAG_ZH[f],
                    ),
                    f"events[{i}].{f}",
                )


def _check_copies(
    hand: Hand, calcs: list[_WinCalc], fish: tuple[tuple[str, ...] | None, ...] | None
) -> None:
    """No tile more than four times among the winners' hands, the pungs and kongs logged for
    everybody else, the robbed player's pung (抢杠: the robbed kong is not logged), the horse
    tiles and the fish. One discard won by several players is one tile."""
    if len(calcs) == 1 and not fish:
        c = calcs[0]
        w = c.win
        if (
            c.tiles is not None
            and not (w.robbed_kong or w.horses)
            and not any(
                isinstance(e, Pung | Kong) and e.tile is not None and e.player != w.player
                for e in hand.events
            )
        ):
            return  # the winner's tiles alone: parse_hand refused a fifth copy among them
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
                        txt("every_winner_takes_same_discarded", wt=wt, shared=shared),
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
                    txt(
                        "kong_robbed_player_logged_events",
                        wt=wt,
                        p2=tally.first[(d, wt)],
                        n=tally.first[(d, wt)] + 1,
                    ),
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
            txt(
                "appears_times_tile_four_copies",
                t=t,
                p2=tally.seen[t],
                p3=", the horse tiles" if any(c.win.horses for c in calcs) else "",
                p4=" and the fish" if fish else "",
                hint=hint,
            ),
            calcs[0].where if calcs else "events",
        )
