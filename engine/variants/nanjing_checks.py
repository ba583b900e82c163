"""南京 Nanjing (RULES.md §2): the checks of a hand's events — flowers and 花杠, the copies of
each tile among the logged pungs and kongs and the winner's hand, the win's flags — and the
facts a win is valued with (hard flowers, soft flowers from melds, 对嘴, the bonuses)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from .. import facts
from ..errors import ErrorCode, MjError, bare_seat
from ..events import Flowers, Hand, Kong, Pung, Win
from ..results import TableState
from ..tiles import (
    DRAGONS,
    FLOWER_LETTERS,
    TILE_ZH,
    HandTiles,
    parse_tiles,
)
from .nanjing_score import (
    Bonuses,
)
from .texts_nanjing import Seat, txt


def _contra(msg: str, where: str | None) -> MjError:
    return MjError(ErrorCode.CONTRADICTION, msg, where=where)


# ---------------------------------------------------------------- flowers
@dataclass(slots=True)
class FlowerLog:
    """Hard flowers each player exposed in the hand, from ``flowers`` events."""

    tiles: list[Counter]
    counts: list[int]
    logged: list[bool]
    count_only: list[bool]

    @classmethod
    def empty(cls) -> FlowerLog:
        # an empty Counter is an empty dict of its class: made without Counter.__init__'s
        # Python-level update (four per hand)
        new = Counter.__new__
        tiles = [new(Counter), new(Counter), new(Counter), new(Counter)]
        return cls(tiles, [0, 0, 0, 0], [False] * 4, [False] * 4)


_FLOWER_TILES = frozenset(FLOWER_LETTERS + DRAGONS)  # the tiles a flowers event may show
_DRAGON_TILES = frozenset(DRAGONS)


def _flower_event(log: FlowerLog, ev: Flowers, where: str) -> list[str]:
    """Record one flowers event; return the dragons that just reached four (花杠)."""
    p = ev.player
    log.logged[p] = True
    if ev.tiles is None:
        log.count_only[p] = True
        log.counts[p] += ev.n
    else:
        ts = parse_tiles(ev.tiles, allow_flowers=True, where=f"{where}.tiles")
        if not _FLOWER_TILES.issuperset(ts):  # some tile is not a flower: find and word it
            for t in ts:
                if t not in FLOWER_LETTERS and t not in DRAGONS:
                    raise MjError(
                        ErrorCode.BAD_RECORD,
                        txt("nanjing_flower_flowers_h_dragons", t=t),
                        where=f"{where}.tiles",
                    )
        mine = log.tiles[p]
        # only a dragon among them can make a 花杠 (the others' counts do not change)
        dragons = not _DRAGON_TILES.isdisjoint(ts)
        before = [mine.get(d, 0) for d in DRAGONS] if dragons else None
        for t in ts:  # Counter.update, without its Python-level type checks
            mine[t] = mine.get(t, 0) + 1
        log.counts[p] += len(ts)
        # the table was within its copies before this event: only its flowers can exceed
        t0, t1, t2, t3 = log.tiles
        over = False
        for t in set(ts):
            if t0.get(t, 0) + t1.get(t, 0) + t2.get(t, 0) + t3.get(t, 0) > (
                4 if t in _DRAGON_TILES else 1
            ):
                over = True
                break
        if over:
            table = sum(log.tiles, Counter())
            for t, n in table.items():
                cap = 4 if t in DRAGONS else 1
                if n > cap:
                    raise _contra(
                        txt("flower_shown_times_table_there", p1=TILE_ZH[t], t=t, n=n, cap=cap),
                        f"{where}.tiles",
                    )
        newly = (
            [t for t, n in zip(DRAGONS, before, strict=True) if n < 4 <= mine.get(t, 0)]
            if before is not None
            else []
        )
        if log.counts[p] > 20:
            raise _contra(
                txt("would_hold_flowers_there", p=Seat(p, "player"), p2=log.counts[p]), where
            )
        return newly
    if log.counts[p] > 20:
        raise _contra(txt("would_hold_flowers_there", p=Seat(p, "player"), p2=log.counts[p]), where)
    return []


def _hard_flowers(log: FlowerLog, win: Win, tiles: HandTiles | None, where: str) -> int:
    """The winner's hard-flower count (RULES.md §2 硬花): from his flowers events, the hand
    string's flower section or a declared hard_flowers, which must agree; none = 0."""
    p = win.player
    sources: list[tuple[str, int]] = []
    if log.logged[p]:
        sources.append(("flowers events", log.counts[p]))
    hand_fl = tiles.flowers if tiles is not None else None
    if hand_fl is not None:
        n = hand_fl if isinstance(hand_fl, int) else len(hand_fl)
        sources.append(("the hand string's flower section", n))
        if isinstance(hand_fl, tuple):
            c = Counter(hand_fl)
            if log.logged[p] and not log.count_only[p] and c != log.tiles[p]:
                raise _contra(
                    txt(
                        "hand_string_s_flowers_differ_2",
                        p1="".join(sorted(c.elements())),
                        p2="".join(sorted(log.tiles[p].elements())),
                    ),
                    f"{where}.hand",
                )
            if not log.logged[p]:
                table = sum(log.tiles, Counter()) + c
                for t, n in table.items():
                    if n > (4 if t in DRAGONS else 1):
                        raise _contra(
                            txt(
                                "flower_winner_s_hand_string",
                                p1=TILE_ZH[t],
                                t=t,
                                n=n,
                                p4=4 if t in DRAGONS else 1,
                            ),
                            f"{where}.hand",
                        )
            if not log.logged[p] and any(c[d] == 4 for d in DRAGONS):
                raise _contra(
                    txt("hand_string_shows_four_identical"),
                    f"{where}.hand",
                )
    if win.hard_flowers is not None:
        if log.logged[p] and log.counts[p] != win.hard_flowers:
            raise _contra(
                txt(
                    "declared_hard_flowers_winner_s",
                    hard_flowers=win.hard_flowers,
                    p2=log.counts[p],
                ),
                f"{where}.hard_flowers",
            )
        sources.append(("declared hard_flowers", win.hard_flowers))
    if len({n for _, n in sources}) > 1:
        detail = ", ".join(f"{s} {n}" for s, n in sources)
        raise _contra(txt("winner_s_hard_flowers_disagree", detail=detail), where)
    # RULES §2: hard flowers are "counted from the player's flowers events of the hand (none
    # logged = 0)", "for a declared win as for a typed one, whether or not anyone else logged
    # flowers in the hand", and "无花果 is derived from a count of 0".
    return sources[0][1] if sources else 0


def _soft_from_melds(melds) -> int:
    """Soft flowers of logged melds (RULES §2): wind pung 1; wind kong 2 exposed/added, 3
    concealed; suited kong 1 exposed/added, 2 concealed (a kong logged without its tile counts
    as suited)."""
    n = 0
    for m in melds:
        wind = m.tile is not None and m.tile in WINDS_STR
        if m.kind == "pung" and wind:
            n += 1
        elif m.kind == "kong":
            concealed = m.kong_kind == "concealed"
            n += (3 if concealed else 2) if wind else (2 if concealed else 1)
    return n


WINDS_STR = "ESWN"


# ---------------------------------------------------------------- pungs and kongs at the table
def _tile_name(t: str) -> str:
    return f"{TILE_ZH[t]} ({t})"


_MELD_EVENTS = (Pung, Kong)  # made once (``Pung | Kong`` makes a union at every use)


def check_meld_events(hand: Hand) -> list[defaultdict[str, int]]:
    """Copies of each tile every player shows in logged pungs and kongs (events with a tile).

    Refuses (RULES.md §0) an added kong whose ``from`` differs from the pung it upgrades ("a
    pung later turned into an added kong is one meld: the added kong's from equals the
    pung's") and a fifth copy of a tile at the table."""
    shown: list[defaultdict[str, int]] = [defaultdict(int) for _ in range(4)]
    open_pungs: dict[tuple[int, str], tuple[int, Pung]] = {}  # pungs not yet kong-ed
    for i, e in enumerate(hand.events):
        if not isinstance(e, _MELD_EVENTS) or e.tile is None:
            continue
        w = f"events[{i}]"
        if e.tile in DRAGONS:
            raise MjError(
                ErrorCode.BAD_RECORD,
                txt("flower_nanjing_melded_2", p1=TILE_ZH[e.tile]),
                where=f"{w}.tile",
            )
        key = (e.player, e.tile)
        if isinstance(e, Pung):
            shown[e.player][e.tile] += 3
            open_pungs[key] = (i, e)
        elif e.kind == "added" and key in open_pungs:
            j, pung = open_pungs.pop(key)
            if pung.from_ != e.from_:
                raise _contra(
                    txt(
                        "added_kong_from_pung_upgrades",
                        p1=_tile_name(e.tile),
                        from_=bare_seat(e.from_),
                        j=j,
                        from2=bare_seat(pung.from_),
                        n=j + 1,
                    ),
                    f"{w}.from",
                )
            shown[e.player][e.tile] += 1
        else:
            if e.kind == "added" and shown[e.player][e.tile] >= 4:
                raise _contra(
                    txt(
                        "s_already_kong_pung_kong",
                        player=Seat(e.player, "player"),
                        p2=_tile_name(e.tile),
                    ),
                    w,
                )
            shown[e.player][e.tile] += 4
        total = sum(s[e.tile] for s in shown)
        if total > 4:
            what = "pung" if isinstance(e, Pung) else f"{e.kind} kong"
            raise _contra(
                txt("would_put_copies_table_logged", what=what, total=total, p3=_tile_name(e.tile)),
                f"{w}.tile",
            )
    return shown


def check_win_copies(
    win: Win, tiles: HandTiles, shown: list[defaultdict[str, int]], where: str
) -> None:
    """The winner's tiles plus the other players' logged pungs and kongs hold at most four of
    a tile; a robbed kong (抢杠) leaves the winner exactly one copy of the winning tile."""
    mine = tiles.all_tiles
    others = others_shown(win, shown)
    check_robbed_kong(win, tiles, mine, shown, where)
    # a tile over four: held more than four times, or held and shown by the others more than
    # four times together (only the tiles the others show need their copies counted)
    count = mine.count
    over = [t for t, n in others.items() if n + count(t) > 4 and count(t)]
    if len(mine) > 4 and max(map(count, set(mine))) > 4:
        over.extend(t for t in set(mine) if count(t) > 4 and t not in others)
    if over:
        t = min(over)  # the first in the order of the tiles' names
        raise _contra(
            txt("winner_s_hand_holds_other", n=count(t), p2=_tile_name(t), p3=others.get(t, 0)),
            f"{where}.hand",
        )


def others_shown(win: Win, shown: list[defaultdict[str, int]]) -> dict[str, int]:
    """The copies of each tile the players other than the winner logged in pungs and kongs."""
    others: dict[str, int] = {}
    for p in range(4):
        if p != win.player:
            for t, n in shown[p].items():
                others[t] = others.get(t, 0) + n
    return others


def check_robbed_kong(
    win: Win,
    tiles: HandTiles,
    mine: tuple[str, ...],
    shown: list[defaultdict[str, int]],
    where: str,
) -> None:
    """A robbed kong (抢杠) takes the robbed player's added pung's tile: no kong of it logged,
    the winner holding exactly one copy and nobody else showing it."""
    if not win.robbed_kong or win.from_ is None:
        return
    t = tiles.win_tile
    assert t is not None
    robbed = win.from_
    if shown[robbed][t] >= 4:
        raise _contra(
            txt("s_kong_logged_kong_event", robbed=Seat(robbed, "player"), p2=_tile_name(t)),
            f"{where}.robbed_kong",
        )
    if mine.count(t) != 1:
        raise _contra(
            txt(
                "robbed_kong_added_s_pung",
                robbed=Seat(robbed, "player"),
                p2=_tile_name(t),
                p3=mine.count(t),
            ),
            f"{where}.hand",
        )
    for p in range(4):
        if p not in (robbed, win.player) and shown[p][t]:
            raise _contra(
                txt(
                    "shows_logged_pungs_kongs_which",
                    p1=_tile_name(t),
                    p=Seat(p, "player"),
                    p3=shown[p][t],
                    robbed=Seat(robbed, "player"),
                ),
                f"{where}.robbed_kong",
            )


# ---------------------------------------------------------------- win checks
def _check_flags(win: Win, state: TableState, where: str, flag_zh: Mapping[str, str]) -> None:
    """``flag_zh``: each flag's Chinese name (the rule set's declared data), for refusals."""
    if not (
        win.kong_bloom
        or win.flower_bloom
        or win.flower_kong_bloom
        or win.robbed_kong
        or win.heavenly
        or win.earthly
    ):
        return  # every check of _flag_rules is of one of these flags (last_tile only with heavenly)
    _flag_rules(win, state, where, flag_zh)


def _flag_rules(win: Win, state: TableState, where: str, flag_zh: Mapping[str, str]) -> None:
    """The flags of ``win`` that exclude each other or do not fit the hand, refused."""

    def bad(msg: str, name: str) -> MjError:
        return MjError(ErrorCode.BAD_FLAG, msg, where=f"{where}.{name}")

    bloom_flags = (
        ("kong_bloom", win.kong_bloom),
        ("flower_bloom", win.flower_bloom),
        ("flower_kong_bloom", win.flower_kong_bloom),
    )
    blooms = [n for n, v in bloom_flags if v]
    if len(blooms) > 1:
        raise bad(txt("exclude_each_other_given", p1=", ".join(blooms)), blooms[1])
    if win.from_ is not None:
        for name, v in (*bloom_flags, ("heavenly", win.heavenly)):
            if v:
                raise bad(
                    txt(
                        "self_draw_win_names_discarder",
                        name=flag_zh[name],
                        from_=bare_seat(win.from_),
                    ),
                    name,
                )
    if win.robbed_kong and win.from_ is None:
        raise bad(txt("robbed_kong_from_player_whose_2"), "robbed_kong")
    if win.heavenly and win.earthly:
        raise bad(txt("exclude_each_other"), "earthly")
    if win.heavenly and win.player != state.dealer:
        raise bad(txt("dealer_s_win_winner_dealer"), "heavenly")
    if win.earthly and win.player == state.dealer:
        raise bad(txt("non_dealer_s_win_after"), "earthly")
    if win.heavenly and win.last_tile:
        raise bad(
            txt("complete_before_first_draw_win"),
            "last_tile",
        )
    if win.kong_bloom and (win.heavenly or win.earthly):
        raise bad(txt("kong_bloom_go"), "kong_bloom")


def duizui(melds: tuple[facts.ClaimedMeld, ...]) -> tuple[int, int] | None:
    """对三嘴 / 对四嘴: (B, 3 or 4) when the winner's first three (four) melds were all claimed
    from B consecutively; a concealed kong after the first claim from B counts as from B."""
    ms = [m for m in melds if m.kind in ("pung", "kong")]
    if len(ms) < 3 or ms[0].from_seat is None:
        return None
    b = ms[0].from_seat
    run = 0
    for i, m in enumerate(ms):
        if m.from_seat == b or (i > 0 and m.kong_kind == "concealed"):
            run += 1
        else:
            break
    if run < 3:
        return None
    return b, 4 if run >= 4 else 3


def _bonuses(win: Win) -> Bonuses:
    return _bonuses_of(
        bool(win.kong_bloom),
        bool(win.flower_bloom),
        bool(win.flower_kong_bloom),
        bool(win.last_tile),
        bool(win.heavenly),
        bool(win.earthly),
    )


@cache
def _bonuses_of(
    kong_bloom: bool,
    flower_bloom: bool,
    flower_kong_bloom: bool,
    last_tile: bool,
    heavenly: bool,
    earthly: bool,
) -> Bonuses:
    """The bonuses of a combination of flags (immutable, so made once per combination)."""
    return Bonuses(
        kong_bloom=kong_bloom,
        flower_bloom=flower_bloom,
        flower_kong_bloom=flower_kong_bloom,
        last_tile=last_tile,
        heavenly=heavenly,
        earthly=earthly,
    )
