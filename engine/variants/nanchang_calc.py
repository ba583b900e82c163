"""``mjscore calc nanchang HAND --jing TILE``: the multipliers found and what each seat would pay
for a discard by each possible discarder and for a self-draw (seat E is the dealer)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import ErrorCode, MjError
from ..events import FlagValue, Win
from ..results import CalcResult
from ..terms import DISCARD_WIN
from ..tiles import format_hand, parse_hand, parse_tiles
from .nanchang_hand import (
    NANCHANG_FLAGS,
    JingFacts,
    NanchangRules,
    WinFacts,
    _zh,
    check_tiles,
    value_win,
)
from .nanchang_score import (
    CLEAN_BONUS,
    bonus_payers,
    payer_factors,
    taken_jing,
)
from .nanchang_wild import count_jing, jing_pair
from .texts_nanchang import txt


def _jing_tile(jing: str | None) -> str:
    if jing is None:
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("nanchang_jing_tile_e_g"),
            where="--jing",
        )
    ts = parse_tiles(jing, where="--jing")
    if len(ts) != 1:
        raise MjError(ErrorCode.BAD_TILES, txt("jing_takes_one_tile", jing=jing), where="--jing")
    return ts[0]


SEATS = "ESWN"
WIND_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}


def calc(
    hand: str, rules: NanchangRules, *, flags: Mapping[str, FlagValue], jing: str | None
) -> CalcResult:
    """What a hand is worth: multipliers found, and what each seat would pay for a discard
    (by each possible discarder) and for a self-draw. Seat E is the dealer."""
    zheng = _jing_tile(jing)
    for name in flags:
        if name not in NANCHANG_FLAGS:
            raise MjError(
                ErrorCode.BAD_FLAG,
                txt(
                    "nanchang_does_know_flag_flags", name=name, p2=", ".join(sorted(NANCHANG_FLAGS))
                ),
                where="--flag",
            )
    tiles = parse_hand(hand, variant="nanchang", waiting_ok=False)
    check_tiles(tiles, "hand")
    ctx = tiles.effective_context
    winner = SEATS.index(ctx.seat)
    dealer = 0
    kong_bloom = bool(flags.get("kong_bloom")) or (ctx.kong and ctx.self_drawn)
    robbed = bool(flags.get("robbed_kong")) or (ctx.kong and not ctx.self_drawn)
    heavenly = bool(flags.get("heavenly"))
    earthly = bool(flags.get("earthly"))
    if heavenly and (winner != dealer or robbed or earthly or kong_bloom):
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("dealer_s_seat_e_dealt"),
            where="--flag",
        )
    if earthly and (winner == dealer or kong_bloom or robbed):
        raise MjError(
            ErrorCode.BAD_FLAG,
            txt("non_dealer_s_win_dealer"),
            where="--flag",
        )
    jf = JingFacts(zheng, None, None, None, (0, 0, 0, 0), (None,) * 4, None, None)
    base = rules.base
    z, fu = jing_pair(zheng)
    held = count_jing(tiles.all_tiles, zheng)
    scenarios: list[tuple[str, str, int | None]] = []  # (key, label, discarder)
    if not earthly:
        scenarios.append(("self_draw", "自摸" if not kong_bloom else "杠上开花", None))
    if not heavenly:
        for d in range(4):
            if d == winner or (earthly and d != dealer):
                continue
            lab = "抢杠" if robbed else ("地胡" if earthly else DISCARD_WIN.zh)
            scenarios.append((f"discard_{SEATS[d]}", f"{lab} {WIND_ZH[SEATS[d]]}家", d))
    out: dict[str, Any] = {
        "variant": "nanchang",
        "hand": format_hand(tiles),
        "jing": {"zheng": z, "fu": fu, "held": list(held)},
        "seat": ctx.seat,
        "dealer": winner == dealer,
        "base": base,
        "scenarios": [],
    }
    lines = [
        f"精 正{_zh(z)} 副{_zh(fu)}  手中 正精×{held[0]} 副精×{held[1]}  座位 {WIND_ZH[ctx.seat]}{'（庄）' if winner == dealer else ''}"
    ]
    refused: list[dict[str, Any]] = []  # discard scenarios the taken jing makes no win
    errors: list[MjError] = []
    for key, label, d in scenarios:
        f = WinFacts(
            self_drawn=d is None,
            kong_bloom=kong_bloom and d is None,
            robbed=robbed and d is not None,
            heavenly=heavenly and d is None,
            earthly=earthly and d is not None,
        )
        win = Win(player=winner, from_=d)
        try:
            val = value_win(win, tiles, jf, f, "hand")
        except MjError as e:
            taken = taken_jing(tiles, zheng, self_drawn=d is None)
            if taken is None or e.code != ErrorCode.NOT_A_WIN:
                raise MjError(e.code, e.msg) from None
            # RULES §4: the jing won on counts only as itself; the self-draw may still win
            refused.append(
                {
                    "key": key,
                    "label": label,
                    "from": SEATS[d],  # type: ignore[index]
                    "reason": f"{_zh(taken)} ({taken}) 别人打出的精只能作为本张 (a 精 taken from "
                    "another player counts only as itself): not a win",
                }
            )
            errors.append(MjError(e.code, e.msg))
            continue
        factors = payer_factors(
            winner,
            d,
            kong_bloom=f.kong_bloom,
            robbed=f.robbed,
            heavenly=f.heavenly,
            earthly=f.earthly,
        )
        bonus = set(bonus_payers(winner, d)) if val.clean else set()
        pays = []
        for j, pf in factors.items():
            dd = 2 if dealer in (j, winner) else 1
            amount = base * val.m * pf.factor * dd
            extra = base * CLEAN_BONUS if j in bonus else 0
            pays.append(
                {
                    "seat": SEATS[j],
                    "dealer": j == dealer,
                    "factor": pf.factor,
                    "dealer_factor": dd,
                    "amount": amount,
                    "clean_bonus": extra,
                    "total": amount + extra,
                }
            )
        out["scenarios"].append(
            {
                "key": key,
                "label": label,
                "from": SEATS[d] if d is not None else None,
                "multipliers": [i.to_json() for i in val.items()],
                "product": val.m,
                "shape": val.shape,
                "clean": val.clean,
                "payments": pays,
                "total": sum(p["total"] for p in pays),
            }
        )
        lines.append(
            f"{label}: {val.label()} = ×{val.m}"
            + (f"  (+{CLEAN_BONUS}×{base})" if val.clean else "")
        )
        for p in pays:
            desc = f"×{p['factor']}" + (" 庄×2" if p["dealer_factor"] == 2 else "")
            bonus_txt = f" + {p['clean_bonus']}" if p["clean_bonus"] else ""
            lines.append(
                f"    {WIND_ZH[p['seat']]}家{'（庄）' if p['dealer'] else ''} pays {p['amount']}{bonus_txt} = {p['total']}  ({base}×{val.m}{desc})"
            )
    out["not_a_win"] = refused
    for r in refused:
        lines.append(f"{r['label']}: {r['reason']}")
    said_discard = tiles.context is not None and not ctx.self_drawn
    on_discard = [s for s in out["scenarios"] if s["from"] is not None]
    if errors and (not out["scenarios"] or (said_discard and not on_discard)):
        raise errors[0]  # the hand as its context says it was won is not a win
    by_key = {s["key"]: s for s in out["scenarios"]}
    out["self_draw"] = by_key.get("self_draw")
    out["discard"] = [s for s in out["scenarios"] if s["from"] is not None]
    # the headline: the way the hand string says it was won (its |context), else the other
    if out["self_draw"] and (ctx.self_drawn or not out["discard"]):
        primary = out["self_draw"]
    else:
        primary = out["discard"][0]
    out["patterns"] = primary["multipliers"]
    out["product"] = primary["product"]
    if any(s["clean"] for s in out["scenarios"]):
        lines.append(
            "德中德 ×4 instead of 德国 ×2 if no other player holds any jing (not known to calc)"
        )
    return CalcResult(json=out, lines=tuple(lines))
