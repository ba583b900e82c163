"""Help: the current rule set's scoring table (from spec/RULES.md), its options in use, and
the keys of the screen it was opened from."""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from ..i18n import term, tr
from .common import B, localize_bindings

# (Chinese, English, value) rows, as spec/RULES.md states them.
TABLES: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "nanning": (
        "k = Σ doublings; b = 4 门清 else 3; S(k)=b·2^k each (自摸); N(0)=4/2, N(k)=3·b·2^(k−1) (放炮); C(k)=3·b·2^k (大炮)",
        [
            ("碰碰胡", "all pungs", "+1"),
            ("清一色/字一色", "full flush", "+1"),
            ("七小对", "seven pairs", "+1"),
            ("七大对 g组", "luxury seven pairs (quads g)", "+1+g"),
            ("全求人", "all melded (discard)", "+1, implies 碰碰胡"),
            ("杠", "kong: exposed 1 from discarder, added 1 from supplier, concealed 1 each", "1"),
            ("海底捞月", "last-tile self-draw", "2·S(k) each"),
            ("天胡/地胡", "heavenly/earthly", "2·S(k), b=4"),
            ("杠上炮", "discard after n kongs", "C(k)·2^(n−1)"),
            ("全求炮 / 海底炮", "big cannon", "C(k)"),
            ("人胡", "dealer's first discard", "C(k), b=4"),
            ("抢杠胡", "robbing a kong", "C(k)·2^(n−1)"),
            ("杠上花", "kong bloom, V=2·S(k)·2^(n−1)", "V each / supplier 3V"),
            ("大炮不叠加", "big cannons do not stack", "the largest single amount"),
            (
                "封胡",
                "sealed: winner's 3 melds claimed from B",
                "other's discard: it X + B X (双飞); B's discard: 2X; self-draw: B pays all",
            ),
            ("死双", "dead double option", "B's payment ×2 more"),
            ("摸码", "horses: h hits", "×(1+h), kong points not"),
            ("钓鱼", "fishing: m = 1 + winner hit", "each pays X·max(1, m − own hit)"),
            ("诈胡", "false win", "false_win_penalty to each"),
        ],
    ),
    "nanjing": (
        "H = 20 + 2·(硬花+软花) + Σ patterns (+20 小杠开, +10 海底捞); ×2 大杠开 / ×4 花杠开; ×比下胡",
        [
            ("门清", "concealed", "20"),
            ("对对胡", "all pungs", "40"),
            ("混一色", "half flush", "40"),
            ("地胡", "earthly", "40"),
            ("无花果", "no flowers", "40"),
            ("压绝", "last-copy closed wait", "40"),
            ("天胡", "heavenly", "60"),
            ("清一色", "full flush", "60"),
            ("全球独钓", "all melded", "60"),
            ("七对", "seven pairs", "80"),
            ("双七对", "luxury seven pairs", "160"),
            ("风一色", "all winds", "160"),
            ("软花", "soft: wind pung 1, kongs 1–3, wait shape 1, 缺一 1", "×2 each"),
            ("硬花", "hard flower", "×2 each"),
            ("明杠", "exposed kong, on the spot", "20 from supplier"),
            ("暗杠", "concealed kong", "10 each"),
            ("花杠", "flower kong", "20 each"),
            ("罚", "penalty", "10 to each"),
            ("比下胡", "after dealer win, big pattern, 罚, draw, 海底捞", "×2 next hand"),
            ("小胡", "small win", "only 门清 or ≥4 硬花"),
            ("抢杠", "robbing a kong", "robbed player pays 3H"),
            (
                "承包",
                "对三嘴/对四嘴 with 对对胡/清一色/全球独钓; 大杠开 after an exposed kong",
                "B pays for everybody",
            ),
        ],
    ),
    "guobiao": (
        "81 fans (PyMahjongGB); min_fan to win; flowers 1 fan each, not toward the minimum",
        [],
    ),
    "nanchang": (
        "each pays base·M·f·d; f: 自摸 2, 杠上开花 4, 放炮 2 (others 1), 抢杠 4 (others 1); d = 2 with the dealer",
        [
            ("七对", "seven pairs", "×2"),
            ("十三烂", "thirteen unrelated", "×2"),
            ("七星十三烂", "seven stars", "×4"),
            ("德国", "clean, +5", "×2"),
            ("德中德", "clean sweep, +5", "×4"),
            ("精吊", "jing single wait", "×2"),
            ("天胡", "heavenly", "×20"),
            ("地胡", "earthly", "×20"),
            (
                "精分",
                "jing score raw = 2·正 + 副",
                "冲关 ×min(raw−3, chongguan_cap 7) from 5, 霸王精 ×2",
            ),
            ("下精分", "lower jing at the reveal", "collect from each"),
            ("奖励分", "jing held at the end, kongs 2, 精杠 10", "collect from each"),
            (
                "冲关供精",
                "a discarded jing carried a player into 冲关 (fed_by)",
                "the feeder alone pays ×3",
            ),
            ("德国 +5", "clean bonus", "×base only; discarder, or each on a self-draw"),
            ("封顶", "cap (default 3000)", "nets scaled down to the cap"),
        ],
    ),
}


def gb_rows() -> list[tuple[str, str, str]]:
    try:
        from mjscore.engine.variants.gb_fans import FANS
    except ImportError:  # pragma: no cover
        return []
    return [(f.zh, f.en, str(f.points)) for f in FANS]


class HelpScreen(ModalScreen[None]):
    BINDINGS = [B("escape,question_mark,q", "close", "back")]

    def __init__(self, variant: Any, rules: Any, lang: str, origin: Any = None) -> None:
        super().__init__()
        self.variant = variant
        self.rules = rules
        self.lang = lang
        self.origin = origin
        localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        v, lang = self.variant, self.lang
        with VerticalScroll(id="help"):
            yield Label(
                f"{term(v.name_zh, v.name_en, lang)} · {tr('scoring_table', lang)}",
                classes="section",
                markup=False,
            )
            formula, rows = TABLES.get(v.id, ("", []))
            if v.id == "guobiao":
                rows = gb_rows()
            yield Static(Text(formula), markup=False)
            yield Static(columns([(term(zh, en, lang), val) for zh, en, val in rows]), markup=False)
            yield Label(tr("options_in_use", lang), classes="section", markup=False)
            specs = {s.name: s for s in v.option_specs()}
            rows3 = []
            for f in dataclasses.fields(self.rules):
                spec = specs.get(f.name)
                desc = (spec.zh if lang == "zh" else f"{spec.zh} — {spec.en}") if spec else ""
                rows3.append((f.name, f"{shown_value(getattr(self.rules, f.name), lang)}  {desc}"))
            yield Static(columns(rows3), markup=False)
            yield Label(tr("keys", lang), classes="section", markup=False)
            yield Static(self.keys_table(), markup=False)
        yield Footer()

    def keys_table(self) -> Text:
        origin = self.origin
        rows: list[tuple[str, str]] = []
        seen: set[str] = set()
        if origin is not None:
            for key, bindings in origin._bindings.key_to_bindings.items():
                for b in bindings:
                    # only this app's own keys (Textual's generic focus/copy keys are not
                    # scorekeeping and have no translation), each action once
                    if not b.id or b.action in seen:
                        continue
                    if origin.check_action(b.action.split("(")[0], _params(b.action)) is False:
                        continue
                    seen.add(b.action)
                    rows.append((b.key_display or key, b.description))
        return columns(rows)

    def action_close(self) -> None:
        self.dismiss(None)


def shown_value(value: Any, lang: str) -> str:
    """An option's value in words (no Python reprs)."""
    if isinstance(value, bool):
        return tr("yes" if value else "no", lang)
    if value is None:
        return tr("none", lang)
    return str(value)


def columns(rows: list[tuple[str, str]], gap: int = 2) -> Text:
    """Two aligned columns as plain text (CJK-width aware)."""
    from rich.cells import cell_len

    width = max((cell_len(a) for a, _ in rows), default=0) + gap
    out = Text()
    for a, b in rows:
        out.append(a + " " * (width - cell_len(a)))
        out.append(b + "\n")
    return out


def _params(action: str) -> tuple[object, ...]:
    if "(" not in action:
        return ()
    inner = action[action.index("(") + 1 : action.rindex(")")]
    return tuple(p.strip().strip("'\"") for p in inner.split(",") if p.strip())
