"""南宁 Nanning (RULES.md §1): the way of winning (自摸, 放炮, 大炮, 杠上花, 抢杠, 天胡 …) and
what it makes each payer pay before 封胡, 摸码 and 钓鱼."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import facts
from ..events import Hand, Kong, Win
from ..results import ScoreItem, TableState
from .nanning_rules import _contra
from .nanning_score import (
    Valuation,
    big_cannon,
    discard_amount,
    self_draw_each,
)
from .texts_nanning import txt

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
                    txt("chain_contains_concealed_kong_robbed"),
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
