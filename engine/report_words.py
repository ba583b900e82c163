"""The words of the post-game report (``mjscore report``, the review and statistics screens):
how an event, a flag, an outcome, a wind and a rule set are named there, what each statistic
means, and which payment words name what changed money. Data (and the one reader of the
money words); the text is built by ``mjscore.tui.report_text``."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .results import Payment
from .terms import KONG_KINDS, OUTCOMES, PENALTY, PENALTY_KINDS, VARIANTS, WINDS

VARIANT_NAMES = {v: t.zh for v, t in VARIANTS.items()}
WIND_ZH = {w: t.zh for w, t in WINDS.items()}
KONG_ZH = {k: t.zh for k, t in KONG_KINDS.items()}
PENALTY_ZH = {k: f"{PENALTY.zh}（{t.zh}）" for k, t in PENALTY_KINDS.items()}
FLAG_ZH = {
    "kong_bloom": "杠上开花",
    "kong_cannon": "杠上炮",
    "robbed_kong": "抢杠",
    "last_tile": "海底",
    "last_copy": "绝张",
    "flower_bloom": "小杠开",
    "flower_kong_bloom": "花杠开",
    "heavenly": "天胡",
    "earthly": "地胡",
    "human": "人胡",
    "discarder_all_melded": "全求炮",
    "horses": "码",
    "horse_hits": "中码",
    "fish": "钓鱼",
}
OUTCOME_ZH = {o: t.zh for o, t in OUTCOMES.items()}

# What each statistic means (engine.stats computes them), said on the statistics screen and
# under ``mjscore report``/``stats``: (key, Chinese, English).
STAT_DEFINITIONS: tuple[tuple[str, str, str], ...] = (
    ("hands", "盘：打完的盘数（每人每盘都算）", "Hands: hands finished (everyone plays each)"),
    (
        "wins",
        "胡：胡牌次数（一炮多响每位胡家各算一次）",
        "Wins: hands won (each winner of a multiple win)",
    ),
    ("self_draws", "自摸：自摸胡牌的次数", "Self: wins by self-draw"),
    (
        "deal_ins",
        "放炮：替别人的胡牌付分的次数——自己放炮，或承包（包付，自摸也算）；被抢杠不算",
        "Dealt (deal-ins): times a player paid for another's win — his discard, or a"
        " liability (承包, also on a self-draw); a robbed kong (抢杠) is none",
    ),
    ("false_wins", "诈胡：诈胡被罚的次数", "False: false wins (penalised)"),
    ("win_rate", "胡率：胡 ÷ 盘", "Win%: wins ÷ hands"),
    (
        "avg",
        "平均胡、最大胡：胡牌本身付给胡家的分（精分、现场汇、杠分等另付不算在内）",
        "Avg, Best: what the win itself paid the winner (jing awards, 现场汇, kong points"
        " and other side payments are apart)",
    ),
    (
        "side",
        "另付：精分、现场汇、杠分等不属于胡牌的收支净额",
        "Side: the net of payments that are not a win's (jing awards, 现场汇, kong points)",
    ),
    (
        "net",
        "分：总分；不同规则的分不相加（各规则分列）",
        "Pts: net points; points of different rule sets are never added (one row each)",
    ),
    (
        "money",
        "金额：分 × 底注（四舍五入，合计为零）；不同规则可相加",
        "Money: points × stake (rounded, summing to zero); adds across rule sets",
    ),
)
SIDE_LABEL = ("另付", "Side")
ALL_RULE_SETS = ("全部", "All")

# A win's value in the words of its headline: 南宁 settles in 倍 (2^k) but counts a hand
# in 翻 (its doublings k: 鸡胡 is 0翻, not "0倍").
HEADLINE_UNITS = {"倍": "翻"}

# What changed money beyond the plain win, as the payment reasons of the rule sets say it,
# named in the history and review lines: (pattern in a reason, whose name follows it: the
# payer, the payee, or nobody's).
MONEY_MARKS: tuple[tuple[str, str], ...] = (
    (r"封胡 被封者(?:包付|放炮)", "payer"),  # 南宁 封胡: the sealed player pays
    (r"封胡 双飞(?= |$)", "payer"),
    (r"被封者同付", "payer"),
    (r"死双", ""),
    (r"摸码 中\d+", ""),
    (r"钓鱼 ×\d+", ""),
    (r"钓鱼 中鱼", "payee"),  # a fisher's share
    (r"[^\s()]*承包", "payer"),  # 南京 承包: the liable player pays
    (r"明杠杠上花 [^\s()]*包付", ""),
)


def money_notes(payments: Iterable[Payment]) -> list[tuple[str, int | None]]:
    """(words, seat or None) of each :data:`MONEY_MARKS` found in the payments' reasons,
    once each, in the order paid."""
    out: list[tuple[str, int | None]] = []
    for p in payments:
        for pattern, who in MONEY_MARKS:
            for m in re.finditer(pattern, p.reason):
                seat = p.payer if who == "payer" else p.payee if who == "payee" else None
                if (m.group(0), seat) not in out:
                    out.append((m.group(0), seat))
    return out


# the words of payment reasons that are not rule names, with their English: in English the
# rule names stay (as the rules table gives them) and these follow the language
REASON_EN = {
    "包付": " pays for all",
    "赔付": "pays",
    "底分": "base",
    "杠分": "kong points",
    "被封者": "sealed player ",
    "罚": "penalty ",
}


def reason_text(reason: str, lang: str) -> str:
    """A payment's reason in ``lang`` (stored in Chinese with the rule names)."""
    if lang == "zh":
        return reason
    for zh, en in REASON_EN.items():
        reason = reason.replace(zh, en)
    return " ".join(reason.split())
