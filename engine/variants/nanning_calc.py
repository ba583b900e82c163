"""``mjscore calc nanning HAND``: the patterns found and what each payer would pay.

The hand string is turned into a one-hand record (its melds become pung/kong events, kongs in
the order written; the winner sits at the context's seat wind, 东 = dealer) and settled by the
same code as a session, once for a discard by each other player and once for a self-draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..errors import ErrorCode, MjError
from ..events import FlagValue, Hand, Kong, Pung, Win
from ..results import CalcResult, TableState
from ..tiles import HandTiles, format_hand, parse_hand
from ..variant import Variant
from .nanning_rules import FLAGS, NanningRules
from .nanning_score import PATTERN_IDS
from .texts_nanning import txt

SELF_ONLY = ("kong_bloom", "heavenly", "earthly", "horses", "horse_hits")
DISCARD_ONLY = ("kong_cannon", "robbed_kong", "discarder_all_melded", "human")
REL = {1: "上家", 2: "对家", 3: "下家"}
REL_EN = {1: "left (上家)", 2: "opposite (对家)", 3: "right (下家)"}


def _scenario(
    variant: Variant[NanningRules],
    tiles: HandTiles,
    rules: NanningRules,
    player: int,
    from_: int | None,
    flags: dict[str, Any],
    pre: list[Any],
) -> dict[str, Any]:
    win = Win(player=player, from_=from_, hand=strip_context(tiles), **flags)
    hand = Hand((*pre, *synthetic_events(tiles, player), win))
    state = TableState(dealer=0)
    try:
        res = variant.settle_hand(hand, state, rules)
    except MjError as e:
        what = "self-draw" if from_ is None else f"discard by {REL[(player - from_) % 4]}"
        what_zh = "自摸" if from_ is None else f"{REL[(player - from_) % 4]}放炮"
        raise MjError(
            e.code,
            txt("as_a", inner=e.msg, what=what, what_zh=what_zh),
            where=(e.where or "").split(".", 1)[-1] or None,
        ) from None
    wr = res.wins[0]
    pays = []
    for p in res.payments:
        if p.payee != player:
            continue
        pays.append(
            {
                "from": REL[(player - p.payer) % 4],
                "amount": p.amount,
                "reason": p.reason,
                "kong_points": p.reason.startswith("杠分"),
            }
        )
    return {
        "way": wr.summary,
        "patterns": [i.to_json() for i in wr.items],
        "doublings": wr.value,
        "payments": pays,
        "total": sum(p["amount"] for p in pays),
    }


def calc(
    variant: Variant[NanningRules],
    hand: str,
    rules: NanningRules,
    *,
    flags: Mapping[str, FlagValue],
    jing: str | None,
) -> CalcResult:

    if jing is not None:
        raise MjError(ErrorCode.BAD_FLAG, txt("nanning_jing_jing_nanchang"), where="--jing")
    for name in flags:
        if name not in FLAGS:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt("nanning_does_know_flag", name=name),
                where=f"--flag {name}",
            )
    tiles = parse(hand)
    ctx = tiles.effective_context
    player = "ESWN".index(ctx.seat)  # dealer = seat 0 sits 东
    fl = dict(flags)
    if ctx.last_tile:
        fl.setdefault("last_tile", True)
    if fl.get("human") and player == 0:
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("human_non_dealer_s_win"),
            where="--flag human",
        )
    self_fl = {k: v for k, v in fl.items() if k not in DISCARD_ONLY}
    disc_fl = {k: v for k, v in fl.items() if k not in SELF_ONLY}
    if ctx.kong:  # |…K: 杠上开花 when self-drawn, 抢杠 otherwise
        if ctx.self_drawn:
            self_fl.setdefault("kong_bloom", 1)
        else:
            disc_fl.setdefault("robbed_kong", 1)
    if rules.fishing and "fish" not in fl:
        self_fl["fish"] = disc_fl["fish"] = (None, None, None, None)
    kongs = [m for m in tiles.melds if m.kind == "kong"]
    n = self_fl.get("kong_bloom") or 0
    chain_exposed = any(not m.concealed for m in kongs[len(kongs) - n :]) if n else False
    if (
        rules.horses
        and "horses" not in self_fl
        and "horse_hits" not in self_fl
        and not self_fl.get("last_tile")
        and not chain_exposed
    ):
        self_fl["horse_hits"] = 0
    out: dict[str, Any] = {
        "variant": "nanning",
        "hand": format_hand(tiles),
        "winner_seat_wind": ctx.seat,
    }
    lines = [f"南宁 Nanning  {format_hand(tiles)}"]
    discards = []
    for rel in (1, 2, 3):
        d = (player - rel) % 4
        if disc_fl.get("human") and d != 0:
            continue
        pre: list[Any] = []
        cannon = disc_fl.get("kong_cannon") or 0
        pre += [Kong(player=d, kind="concealed") for _ in range(cannon)]
        robbed = disc_fl.get("robbed_kong") or 0
        if robbed > 1:
            third = next(s for s in range(4) if s not in (d, player))
            pre += [Kong(player=d, kind="exposed", from_=third)] + [
                Kong(player=d, kind="added", from_=third) for _ in range(robbed - 2)
            ]
        sc = _scenario(variant, tiles, rules, player, d, disc_fl, pre)
        sc["discarder"] = REL[rel]
        discards.append(sc)
    selfd = _scenario(variant, tiles, rules, player, None, self_fl, [])
    out["discard"] = discards
    out["self_draw"] = selfd
    main = selfd if ctx.self_drawn or not discards else discards[0]
    out["patterns"] = [p for p in main["patterns"] if p["id"] in PATTERN_IDS or p["id"] == "base"]
    out["doublings"] = main["doublings"]
    out["concealed"] = any(p["id"] == "base" and p["value"] == 4 for p in main["patterns"])
    same = len({_key(sc, player) for sc in discards}) <= 1
    out["same_for_every_discarder"] = same
    pats = ", ".join(f"{p['name']} {p['value']}" for p in out["patterns"])
    lines.append(f"patterns 牌型: {pats}  → {main['doublings']} 倍")
    if rules.horses:
        lines.append(
            f"摸码 horses ({rules.horses}): a self-draw's hand payments ×(1 + hits); not shown below (0 hits)"
        )
    shown = discards[:1] if same else discards
    for sc in shown:
        who = "any player 任一家" if same else sc["discarder"]
        _lines(lines, f"放炮 discard by {who}", sc)
    _lines(lines, "自摸 self-draw", selfd)
    return CalcResult(json=out, lines=tuple(lines))


def _key(sc: dict[str, Any], player: int) -> tuple:
    def who(p: dict[str, Any]) -> str:
        return "discarder" if p["from"] == sc["discarder"] and not p["kong_points"] else p["from"]

    return (sc["way"], tuple((who(p), p["amount"], p["reason"]) for p in sc["payments"]))


def _lines(lines: list[str], label: str, sc: dict[str, Any]) -> None:
    lines.append(f"{label}: {sc['way']}  ({sc['doublings']} 倍)")
    kong = 0
    for p in sc["payments"]:
        if p["kong_points"] and "包付" not in p["reason"]:
            kong += p["amount"]
            continue
        lines.append(f"    {p['from']} pays {p['amount']:>5}  {p['reason']}")
    if kong:
        lines.append(f"    杠分 kong points +{kong}")
    lines.append(f"    total {sc['total']}")


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
