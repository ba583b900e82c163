"""南宁 Nanning (RULES.md §1): the payments of a settled hand — 杠分, the win's payments after
封胡/死双, 摸码 and 钓鱼 in that order — and the win's result. Used by the full settlement
(``nanning.py``) and by the plain one (``nanning_plain.py``)."""

from __future__ import annotations

from typing import Any

from ..events import Hand, Kong, Win
from ..results import PaymentBook, ScoreItem, TableState, WinResult
from ..tiles import parse_tiles
from .nanning_checks import _WinCalc
from .nanning_rules import KONG_ZH, NanningRules, _flag_err, position_hit
from .nanning_way import Way
from .texts_nanning import txt


def _horse_hits(win: Win, way: Way, state: TableState, rules: NanningRules, where: str) -> int:
    given = win.horses is not None or win.horse_hits is not None
    field_ = "horses" if win.horses is not None else "horse_hits"
    if given and rules.horses == 0:
        raise _flag_err(
            txt("off_session_option_horses_horse"),
            f"{where}.{field_}",
        )
    if given and not way.horses_ok:
        raise _flag_err(
            txt("win_horses_follow_self_draw"),
            f"{where}.{field_}",
        )
    if not rules.horses or not way.horses_ok:
        return 0
    if not given:
        raise _flag_err(
            txt("tiles_self_draw_horses_tiles", horses=rules.horses),
            where,
        )
    if win.horse_hits is not None:
        if win.horse_hits > rules.horses:
            raise _flag_err(
                txt(
                    "hits_from_horse_tiles_impossible",
                    horse_hits=win.horse_hits,
                    horses=rules.horses,
                ),
                f"{where}.horse_hits",
            )
        return win.horse_hits
    ts = parse_tiles(win.horses or "", where=f"{where}.horses")
    if len(ts) != rules.horses:
        raise _flag_err(
            txt("session_turns_horse_tiles_given", horses=rules.horses, p2=len(ts)),
            f"{where}.horses",
        )
    pos = (win.player - state.dealer) % 4
    return sum(1 for t in ts if position_hit(t, pos))


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


# the base of a win, by 门清: 4, else 3
_BASE = {
    True: ScoreItem(id="base", zh="门清 基数", en="base", value=4),
    False: ScoreItem(id="base", zh="基数", en="base", value=3),
}


def _win_result(wc: _WinCalc) -> WinResult:
    items = [_BASE[wc.val.concealed], *wc.val.items, *wc.way.items]
    return WinResult(
        player=wc.win.player,
        from_=wc.win.from_,
        items=tuple(items),
        value=wc.val.k,
        unit="倍",
        summary=f"{wc.val.name} {wc.way.label}",
    )
