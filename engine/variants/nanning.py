"""南宁 Nanning (RULES.md §1): settlement of a hand and ``mjscore calc``.

The hand value (门清, doublings k) comes from :mod:`.nanning_score`; this module reads the
hand's events — kong points, kong chains, 封胡 from the winner's claimed melds — and turns the
way of winning (自摸, 放炮, 大炮, 杠上花, 抢杠, 天胡 …) into itemised payments, then applies
封胡/死双, 摸码 and 钓鱼 in that order.

Readings where RULES.md leaves room (decided in the audit, tests in test_nanning_audit.py):

- 死双 doubles B's hand payment, not kong points: like 摸码 ("kong points are not multiplied")
  and 钓鱼 ("kong points are untouched"), a multiplier never touches 杠分, also when B pays an
  exposed-liable chain's kong points under 封胡.
- 钓鱼's extra share on a discard win is X of the discarder: his final amount for that winner
  after 封胡, 死双 and 摸码.
- 摸码/钓鱼 on but no horse tiles (or ``horse_hits``) / no fish given: refused, the amount is
  unknown.
- ``kong_cannon`` with ``last_tile`` is refused: like 海底捞月 ("no kong bloom"), nothing is
  drawn after the last tile, so no kong comes right before a 海底 discard.
- Seed figures of hands that tiles cannot show (暗杠三连杠 普通 81 / 清一色 153; 抢杠 碰碰胡 18/24
  and 全求人 36 — the robbed player holds a pung of the winning tile) come out in declared mode.
- Tiles are physical: no tile more than four times among the winning hands, the logged melds,
  the robbed player's pung, the horse tiles and the fish.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .. import facts
from ..core import (
    CalcResult,
    HandResult,
    PaymentBook,
    ScoreItem,
    TableState,
    Variant,
    WinResult,
    advance,
)
from ..errors import ErrorCode, MjError
from ..record import Draw, FalseWin, Hand, Kong, Pung, Win
from ..rules import option
from ..tiles import HandTiles, format_hand, parse_hand, parse_tiles, rank
from .nanning_score import (
    PATTERN_IDS,
    Valuation,
    big_cannon,
    discard_amount,
    evaluate_declared,
    evaluate_tiles,
    self_draw_each,
)

FLAGS = frozenset(
    {
        "kong_bloom",
        "kong_cannon",
        "robbed_kong",
        "last_tile",
        "heavenly",
        "earthly",
        "human",
        "discarder_all_melded",
        "horses",
        "horse_hits",
        "fish",
    }
)
FLAG_ZH = {
    "kong_bloom": "杠上花",
    "kong_cannon": "杠上炮",
    "robbed_kong": "抢杠胡",
    "last_tile": "海底",
    "heavenly": "天胡",
    "earthly": "地胡",
    "human": "人胡",
    "discarder_all_melded": "全求炮",
    "horses": "摸码",
    "horse_hits": "摸码",
    "fish": "钓鱼",
}
KONG_ZH = {"exposed": "明杠", "added": "补杠", "concealed": "暗杠"}

# 摸码/钓鱼: the tiles that belong to a position counted from this hand's dealer in turn order
POSITION_RANKS = {0: (1, 5, 9), 1: (2, 6), 2: (3, 7), 3: (4, 8)}
POSITION_HONOURS = {0: ("E", "C"), 1: ("S", "F"), 2: ("W", "P"), 3: ("N",)}


def position_hit(tile: str, position: int) -> bool:
    r = rank(tile)
    if r is not None:
        return r in POSITION_RANKS[position]
    return tile in POSITION_HONOURS[position]


@dataclass(frozen=True, slots=True, kw_only=True)
class NanningRules:
    dead_double: bool = option(
        False,
        "死双：封胡时被封者的付分再×2",
        "dead double: the sealed player's payment is doubled again",
    )
    horses: int = option(
        0,
        "摸码张数（0 = 不摸码）",
        "horse tiles turned after a self-draw (0 = off)",
        minimum=0,
        maximum=8,
    )
    fishing: bool = option(
        False, "钓鱼", "fishing: players keep unseen fish tiles compared after a win"
    )
    false_win_penalty: int = option(
        10, "诈胡赔每家", "false win: the offender pays each other player", minimum=0
    )
    draw_dealer: str = option(
        "last_drawer",
        "流局后坐庄：摸最后一张者 / 原庄",
        "dealer after a draw: the last drawer or the same dealer",
        choices=("last_drawer", "same"),
    )


def _contra(msg: str, where: str | None) -> MjError:
    return MjError(ErrorCode.CONTRADICTION, msg, where=where)


def _flag_err(msg: str, where: str | None) -> MjError:
    return MjError(ErrorCode.BAD_FLAG, msg, where=where)


def _rel_name(winner: int, payer: int) -> str:
    return {1: "上家", 2: "对家", 3: "下家"}[(winner - payer) % 4]


# ---------------------------------------------------------------- the way of winning


@dataclass(slots=True)
class Way:
    """What the normal rule makes each payer pay (X), before 封胡, 摸码 and 钓鱼."""

    label: str
    shares: dict[int, int]
    self_drawn: bool
    horses_ok: bool
    discarder: int | None = None  # who counts as discarder (the robbed player included)
    liable: int | None = (
        None  # exposed-liable 杠上花: the supplier of the chain's first exposed/added kong
    )
    chain: tuple[
        Kong, ...
    ] = ()  # the 杠上花 chain when liable (its kong points move to the liable player)
    items: list[ScoreItem] = field(default_factory=list)


def _times(m: int) -> str:
    return f" ×{m}" if m > 1 else ""


def _cannon(n: int) -> str:
    """大炮 C(k), doubled per further kong of a chain."""
    return "大炮" + _times(2 ** (n - 1))


def _chain_note(n: int) -> str:
    return f" (连杠 {n})" if n > 1 else ""


def resolve_way(val: Valuation, win: Win, hand: Hand, state: TableState, where: str) -> Way:
    k, mq = val.k, val.concealed
    others = [p for p in range(4) if p != win.player]
    if win.from_ is None:
        if win.heavenly or win.earthly:
            name = "天胡" if win.heavenly else "地胡"
            amt = 2 * self_draw_each(k, True)
            return Way(
                f"{name} ×2",
                dict.fromkeys(others, amt),
                True,
                True,
                items=[
                    ScoreItem(
                        id="heavenly" if win.heavenly else "earthly",
                        zh=name,
                        en="heavenly hand" if win.heavenly else "earthly hand",
                        value="×2",
                    )
                ],
            )
        if win.kong_bloom:
            n = win.kong_bloom
            chain = facts.kong_chain(
                hand, win.player, n, where=f"{where}.kong_bloom", what="kong_bloom"
            )
            v = 2 * self_draw_each(k, mq) * 2 ** (n - 1)
            mult = 2**n
            exposed = [c for c in chain if c.kind != "concealed"]
            if not exposed:
                return Way(
                    f"暗杠杠上花{_times(mult)}{_chain_note(n)}",
                    dict.fromkeys(others, v),
                    True,
                    True,
                    items=[
                        ScoreItem(
                            id="kong_bloom",
                            zh="暗杠杠上花",
                            en="kong bloom (concealed chain)",
                            value=f"×{mult}",
                            count=1,
                        )
                    ],
                )
            liable = exposed[0].from_
            assert liable is not None
            return Way(
                f"明杠杠上花{_times(mult)} 被杠者包三家{_chain_note(n)}",
                {liable: 3 * v},
                True,
                False,
                liable=liable,
                chain=chain,
                items=[
                    ScoreItem(
                        id="kong_bloom",
                        zh="明杠杠上花",
                        en="kong bloom (exposed chain, supplier pays all)",
                        value=f"×{mult}×3",
                    )
                ],
            )
        if win.last_tile:
            amt = 2 * self_draw_each(k, mq)
            return Way(
                "海底捞月 ×2",
                dict.fromkeys(others, amt),
                True,
                False,
                items=[
                    ScoreItem(id="last_tile", zh="海底捞月", en="last tile self-draw", value="×2")
                ],
            )
        return Way("自摸", dict.fromkeys(others, self_draw_each(k, mq)), True, True)
    d = win.from_
    if win.robbed_kong:
        n = win.robbed_kong
        if n > 1:
            chain = facts.kong_chain(
                hand, d, n - 1, where=f"{where}.robbed_kong", what="robbed_kong"
            )
            if any(c.kind == "concealed" for c in chain):
                raise _contra(
                    "抢连杠: a chain that contains a concealed kong cannot be robbed in Nanning (暗杠等于加了保险)",
                    f"{where}.robbed_kong",
                )
        amt = big_cannon(k, mq) * 2 ** (n - 1)
        label = "抢杠" if n == 1 else f"抢连杠{_times(2 ** (n - 1))}{_chain_note(n)}"
        options: list[tuple[int, str, ScoreItem | None]] = [
            (
                amt,
                label,
                ScoreItem(id="robbed_kong", zh="抢杠胡", en="robbing the kong", value=_cannon(n)),
            )
        ]
    else:
        options = [(discard_amount(k, mq), "放炮", None)]
    if win.kong_cannon:
        n = win.kong_cannon
        facts.kong_chain(hand, d, n, where=f"{where}.kong_cannon", what="kong_cannon")
        options.append(
            (
                big_cannon(k, mq) * 2 ** (n - 1),
                f"杠上炮{_times(2 ** (n - 1))}{_chain_note(n)}",
                ScoreItem(id="kong_cannon", zh="杠上炮", en="kong cannon", value=_cannon(n)),
            )
        )
    if win.discarder_all_melded:
        options.append(
            (
                big_cannon(k, mq),
                "全求炮",
                ScoreItem(
                    id="discarder_all_melded", zh="全求炮", en="discarder all melded", value="大炮"
                ),
            )
        )
    if win.last_tile:
        options.append(
            (
                big_cannon(k, mq),
                "海底炮",
                ScoreItem(id="last_tile", zh="海底炮", en="last tile discard", value="大炮"),
            )
        )
    if win.human:
        options.append(
            (
                big_cannon(k, True),
                "人胡",
                ScoreItem(id="human", zh="人胡", en="human win", value="大炮"),
            )
        )
    amt, label, item = max(options, key=lambda o: o[0])  # 大炮 do not stack: the largest is paid
    return Way(label, {d: amt}, False, False, discarder=d, items=[item] if item else [])


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


def _value_win(hand: Hand, idx: int, win: Win, state: TableState, rules: NanningRules) -> _WinCalc:
    where = f"events[{idx}]"
    _check_flags(win, state, hand, where)
    sd = win.from_ is None
    tiles = facts.win_tiles(win, "nanning", where)
    if tiles is not None:
        if (
            tiles.context is not None
        ):  # Nanning keeps no prevailing wind: only the seat wind is checked
            facts.check_context(
                tiles, win, replace(state, prevailing_wind=tiles.context.prevailing), where
            )
        val = evaluate_tiles(tiles, self_drawn=sd, where=where)
        _check_declared_agrees(win, val, where)
        melds = facts.claimed_melds(hand, win, tiles, where=where)
        froms = [m.from_seat for m in melds if m.exposed]
    else:
        for name in ("soft_flowers", "hard_flowers", "fan"):
            if getattr(win, name) is not None:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    f"Nanning does not take a declared {name!r}",
                    where=f"{where}.{name}",
                )
        concealed = win.concealed
        if concealed is None and (win.heavenly or win.earthly or win.human):
            concealed = True  # an untouched first go-round is always 门清
        pairs = bool(set(win.patterns or ()) & {"seven_pairs", "luxury_seven_pairs"})
        if concealed is None and not pairs and _event_melds(hand, win.player):
            concealed = False  # derived from the events (RECORD.md): an exposed meld breaks 门清
        val = evaluate_declared(
            win.patterns or (), concealed, win.quads, self_drawn=sd, where=where
        )
        _check_declared_against_events(win, val, hand, where)
        froms = [f for _, f in _event_melds(hand, win.player)]
    if (win.heavenly or win.earthly or win.human) and not val.concealed:
        raise _contra("天胡/地胡/人胡 hands are untouched, so always 门清", f"{where}.concealed")
    way = resolve_way(val, win, hand, state, where)
    if win.kong_bloom and val.concealed and way.liable is not None:
        raise _contra(
            "明杠 杠上花 is never 门清: the chain holds an exposed or added kong",
            f"{where}.concealed",
        )
    sealer = _sealer(froms)
    return _WinCalc(win, where, tiles, val, way, sealer)


def _horse_hits(win: Win, way: Way, state: TableState, rules: NanningRules, where: str) -> int:
    given = win.horses is not None or win.horse_hits is not None
    field_ = "horses" if win.horses is not None else "horse_hits"
    if given and rules.horses == 0:
        raise _flag_err(
            "摸码 is off in this session (option horses = 0); no horse tiles can be given",
            f"{where}.{field_}",
        )
    if given and not way.horses_ok:
        raise _flag_err(
            "no 摸码 for this win: horses follow a self-draw only (天胡, 地胡, 暗杠杠上花 included; "
            "not 海底捞月, not 明杠杠上花)",
            f"{where}.{field_}",
        )
    if not rules.horses or not way.horses_ok:
        return 0
    if not given:
        raise _flag_err(
            f"摸码 is on ({rules.horses} tiles): this self-draw needs 'horses' (the tiles turned) or 'horse_hits'",
            where,
        )
    if win.horse_hits is not None:
        if win.horse_hits > rules.horses:
            raise _flag_err(
                f"{win.horse_hits} hits from {rules.horses} horse tiles is impossible",
                f"{where}.horse_hits",
            )
        return win.horse_hits
    ts = parse_tiles(win.horses or "", where=f"{where}.horses")
    if len(ts) != rules.horses:
        raise _flag_err(
            f"the session turns {rules.horses} horse tiles, but {len(ts)} were given",
            f"{where}.horses",
        )
    pos = (win.player - state.dealer) % 4
    return sum(1 for t in ts if position_hit(t, pos))


def _fish(hand: Hand, rules: NanningRules) -> tuple[tuple[str, ...] | None, ...] | None:
    wins = hand.wins
    given = [
        (i, w.fish) for i, w in enumerate(hand.events) if isinstance(w, Win) and w.fish is not None
    ]
    if given and not rules.fishing:
        raise _flag_err(
            "钓鱼 is off in this session (option fishing); no fish can be given",
            f"events[{given[0][0]}].fish",
        )
    if not rules.fishing or not wins:
        return None
    if not given:
        i = next(i for i, e in enumerate(hand.events) if isinstance(e, Win))
        raise _flag_err(
            "钓鱼 is on: the win needs 'fish' (each player's fish tiles, null for none)",
            f"events[{i}]",
        )
    first = given[0][1]
    for i, f in given[1:]:
        if f != first:
            raise _contra(
                "the fish of one hand must be the same in every win event", f"events[{i}].fish"
            )
    out = []
    for j, s in enumerate(first or ()):
        out.append(None if s is None else parse_tiles(s, where=f"events[{given[0][0]}].fish[{j}]"))
    return tuple(out)


# situation facts of the discard itself: every winner of one discard (一炮多响) shares them
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
    tiled = {c.win.player: c for c in calcs if c.tiles is not None}
    melds: dict[
        tuple[int, str], int
    ] = {}  # (player, tile) → 3 pung / 4 kong (an added kong is one meld)
    where: dict[tuple[int, str], int] = {}
    for i, e in enumerate(hand.events):
        if isinstance(e, (Pung, Kong)) and e.tile is not None and e.player not in tiled:
            key = (e.player, e.tile)
            melds[key] = max(melds.get(key, 0), 4 if isinstance(e, Kong) else 3)
            where.setdefault(key, i)
    seen: dict[str, int] = {}

    def add(t: str, n: int = 1) -> None:
        seen[t] = seen.get(t, 0) + n

    for (_, t), n in melds.items():
        add(t, n)
    shared: str | None = None
    robbed_pung = False
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
        for t in ts:
            add(t)
        if c.win.robbed_kong and wt is not None:
            d = c.win.from_
            assert d is not None
            if melds.get((d, wt)) == 4:
                raise _contra(
                    f"抢杠胡 on {wt}: a kong of {wt} by the robbed player is logged (events[{where[(d, wt)]}]), but a robbed "
                    "kong is never completed: it is not logged and scores nothing (RULES.md §0)",
                    f"{c.where}.robbed_kong",
                )
            if (d, wt) not in melds and not robbed_pung:
                add(wt, 3)  # the robbed player's pung, which the winning tile was being added to
                robbed_pung = True
    for c in calcs:
        if c.win.horses:
            for t in parse_tiles(c.win.horses):
                add(t)
    for f in fish or ():
        for t in f or ():
            add(t)
    over = sorted(t for t, n in seen.items() if n > 4)
    if over:
        t = over[0]
        robbed = any(c.win.robbed_kong for c in calcs)
        hint = (
            " (抢杠胡: the robbed player holds a pung of the winning tile, so the winner can hold no other copy of it)"
            if robbed
            else ""
        )
        raise _contra(
            f"{t} appears {seen[t]} times (a tile has four copies) among the winning hand(s), the logged pungs and kongs"
            f"{', the horse tiles' if any(c.win.horses for c in calcs) else ''}{' and the fish' if fish else ''}{hint}",
            calcs[0].where if calcs else "events",
        )


# ---------------------------------------------------------------- settlement


def _kong_points(
    book: PaymentBook, hand: Hand, liable_for: dict[int, tuple[int, str]]
) -> list[dict[str, Any]]:
    """杠分: exposed 1 from the discarder, added 1 from the pung's supplier, concealed 1 from
    each other player. Kongs of an exposed-liable 杠上花 chain are paid by the liable player."""
    out = []
    for i, e in enumerate(hand.events):
        if not isinstance(e, Kong):
            continue
        name = KONG_ZH[e.kind] + (f" {e.tile}" if e.tile else "")
        if i in liable_for:
            payer, who = liable_for[i]
            book.pay(payer, e.player, 1, f"杠分 {name} (明杠杠上花 {who}包付)")
            paid_by = [payer]
        elif e.kind == "concealed":
            book.each_pays(e.player, 1, f"杠分 {name}")
            paid_by = [p for p in range(4) if p != e.player]
        else:
            assert e.from_ is not None
            book.pay(e.from_, e.player, 1, f"杠分 {name}")
            paid_by = [e.from_]
        out.append({"event": i, "kind": e.kind, "player": e.player, "paid_by": paid_by})
    return out


def _pay_win(
    book: PaymentBook,
    wc: _WinCalc,
    hand: Hand,
    state: TableState,
    rules: NanningRules,
    fish: tuple[tuple[str, ...] | None, ...] | None,
    winners: set[int],
) -> dict[str, Any]:
    win, way, val = wc.win, wc.way, wc.val
    head = f"{val.name} {way.label}"
    w = win.player
    # 封胡 / 死双: reshape who pays X
    amounts: dict[int, tuple[int, str]] = {p: (x, head) for p, x in way.shares.items()}
    b = wc.sealer
    dd = " 死双 ×2" if rules.dead_double else ""
    ddm = 2 if rules.dead_double else 1
    if b is not None:
        if way.self_drawn:
            total = sum(way.shares.values())
            amounts = {b: (total * ddm, f"{head} 封胡 被封者包付{dd}")}
        elif way.discarder == b:
            x = way.shares[b]
            amounts = {b: (2 * x * ddm, f"{head} 封胡 被封者放炮 ×2{dd}")}
        else:
            d = way.discarder
            assert d is not None
            x = way.shares[d]
            amounts = {
                d: (x, f"{head} 封胡 双飞"),
                b: (x * ddm, f"{head} 封胡 双飞 (被封者同付){dd}"),
            }
    hits = _horse_hits(win, way, state, rules, wc.where)
    if hits:
        amounts = {
            p: (x * (1 + hits), f"{r} 摸码 中{hits} ×{1 + hits}") for p, (x, r) in amounts.items()
        }
    extra: list[tuple[int, int, str]] = []
    fish_info = None
    if fish is not None:
        pos = (w - state.dealer) % 4
        hit = [bool(f) and any(position_hit(t, pos) for t in f) for f in fish]
        m = 1 + hit[w]
        new = {}
        for p, (x, r) in amounts.items():
            f = max(1, m - hit[p])
            new[p] = (x * f, r + (f" 钓鱼 ×{f}" if f > 1 else ""))
        if not way.self_drawn:
            d = way.discarder
            assert d is not None
            x_d = amounts[d][0] if d in amounts else 0
            for p in range(4):
                if p not in winners and p != d and hit[p] and x_d:
                    extra.append((d, p, x_d))
        amounts = new
        fish_info = {"winner_hit": hit[w], "hits": hit}
    for p in sorted(amounts):
        x, r = amounts[p]
        book.pay(p, w, x, r)
    for d, p, x in extra:
        book.pay(d, p, x, f"钓鱼 中鱼 ({val.name} {way.label} 放炮者付一份)")
    return {
        "player": w,
        "sealed": b,
        "horse_hits": hits if rules.horses else None,
        "fish": fish_info,
    }


def _win_result(wc: _WinCalc) -> WinResult:
    items = list(wc.val.items)
    b = 4 if wc.val.concealed else 3
    items.insert(
        0, ScoreItem(id="base", zh="门清 基数" if wc.val.concealed else "基数", en="base", value=b)
    )
    items.extend(wc.way.items)
    return WinResult(
        player=wc.win.player,
        from_=wc.win.from_,
        items=tuple(items),
        value=wc.val.k,
        unit="倍",
        summary=f"{wc.val.name} {wc.way.label}",
    )


class Nanning(Variant):
    id = "nanning"
    name_zh = "南宁"
    name_en = "Nanning"
    Rules = NanningRules
    flags = FLAGS
    declared_fields = frozenset({"patterns", "concealed", "quads"})
    pattern_ids = PATTERN_IDS
    event_types = frozenset({"pung", "kong", "win", "false_win", "draw"})
    multiple_wins = True

    def accepts_declared(self, win: Win) -> bool:
        return (
            win.concealed is not None
            or win.patterns is not None
            or bool(win.heavenly or win.earthly or win.human)
        )

    def initial_state(self, first_dealer: int, rules: Any) -> TableState:
        return TableState(hand_number=1, dealer=first_dealer)

    def settle_hand(self, hand: Hand, state: TableState, rules: Any) -> HandResult:
        book = PaymentBook()
        outcome = hand.outcome
        for i, e in enumerate(hand.events):
            if e.type not in self.event_types:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    f"Nanning has no {e.type} events",
                    where=f"events[{i}].type",
                )
        if outcome == "false_win":
            _check_copies(hand, [], None)
            _kong_points(book, hand, {})
            fw = hand.of(FalseWin)[0]
            for p in range(4):
                if p != fw.player:
                    book.pay(fw.player, p, rules.false_win_penalty, "诈胡 赔付")
            return book.result(
                next_state=advance(state, dealer=fw.player),
                outcome="false_win",
                summary="诈胡",
                details={"false_win": fw.player},
            )
        if outcome == "draw":
            _check_copies(hand, [], None)
            _kong_points(book, hand, {})
            dr = hand.of(Draw)[0]
            if rules.draw_dealer == "last_drawer":
                if dr.last_drawer is None:
                    i = hand.events.index(dr)
                    raise MjError(
                        ErrorCode.BAD_RECORD,
                        "流局: the player who drew the last tile deals next (draw_dealer = last_drawer), so the draw event needs 'last_drawer'",
                        where=f"events[{i}].last_drawer",
                    )
                nxt = dr.last_drawer
            else:
                nxt = state.dealer
            return book.result(
                next_state=advance(state, dealer=nxt),
                outcome="draw",
                summary="流局",
                details={"last_drawer": dr.last_drawer},
            )
        if outcome != "win":
            raise MjError(ErrorCode.BAD_RECORD, "the hand has not ended", where="events")
        wins = [(i, e) for i, e in enumerate(hand.events) if isinstance(e, Win)]
        if len(wins) > 1 and (
            any(w.from_ is None for _, w in wins) or len({w.from_ for _, w in wins}) != 1
        ):
            raise MjError(
                ErrorCode.CONTRADICTION,
                "several winners must all win on the same player's discard (一炮多响)",
                where="events",
            )
        if len({w.player for _, w in wins}) != len(wins):
            raise MjError(
                ErrorCode.CONTRADICTION, "the same player wins twice in one hand", where="events"
            )
        calcs = [_value_win(hand, i, w, state, rules) for i, w in wins]
        if len(wins) > 1:
            _check_same_discard(wins)
        winners = {w.player for _, w in wins}
        # a sealed player cannot win
        for wc in calcs:
            w = wc.win.player
            for a in range(4):
                if a == w:
                    continue
                other = next((c for c in calcs if c.win.player == a), None)
                sealed_by_a = (
                    other.sealer
                    if other is not None
                    else _sealer([f for _, f in _event_melds(hand, a)])
                )
                if sealed_by_a == w:
                    raise _contra(
                        f"seat {w} is sealed (封胡) by seat {a}, who claimed three melds from him, and may not win this hand",
                        f"{wc.where}.player",
                    )
        # kong points (a liable 杠上花 chain's kongs are paid by the liable or the sealed player)
        liable_for: dict[int, tuple[int, str]] = {}
        for wc in calcs:
            if wc.way.liable is not None:
                payer, who = (
                    (wc.way.liable, "被杠者") if wc.sealer is None else (wc.sealer, "被封者")
                )
                for k in wc.way.chain:
                    liable_for[facts.event_index(hand, k)] = (payer, who)
        kong_details = _kong_points(book, hand, liable_for)
        fish = _fish(hand, rules)
        _check_copies(hand, calcs, fish)
        win_details = [_pay_win(book, wc, hand, state, rules, fish, winners) for wc in calcs]
        if len(wins) == 1:
            nxt = wins[0][1].player
        else:
            nxt = wins[0][1].from_
        assert nxt is not None
        results = tuple(_win_result(wc) for wc in calcs)
        return book.result(
            next_state=advance(state, dealer=nxt),
            outcome="win",
            wins=results,
            summary=" / ".join(r.summary for r in results),
            details={"wins": win_details, "kongs": kong_details},
        )

    # ---------------------------------------------------------------- calc
    def calc(
        self,
        hand: str,
        rules: Any,
        *,
        flags: Mapping[str, Any] | None = None,
        jing: str | None = None,
    ) -> CalcResult:
        from .nanning_calc import calc

        return calc(self, hand, rules, flags=flags or {}, jing=jing)


def synthetic_events(tiles: HandTiles, player: int) -> list[Any]:
    """Pung/kong events for the melds of a hand string (kongs in the order written)."""
    evs: list[Any] = []
    for m in tiles.melds:
        if m.kind == "pung":
            evs.append(Pung(player=player, from_=m.from_seat(player), tile=m.tile))
        elif m.kind == "kong":
            kind = "concealed" if m.concealed else ("added" if m.added else "exposed")
            evs.append(Kong(player=player, kind=kind, from_=m.from_seat(player), tile=m.tile))
    return evs


def strip_context(tiles: HandTiles) -> str:
    return format_hand(replace(tiles, context=None))


def parse(hand: str) -> HandTiles:
    return parse_hand(hand, variant="nanning", waiting_ok=False)


__all__ = ["VARIANT", "Nanning", "NanningRules", "position_hit", "synthetic_events"]

VARIANT = Nanning()
