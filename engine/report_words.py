"""The words of the post-game report (``mjscore report``, the review and statistics screens):
how an event, a flag, an outcome, a wind and a rule set are named there. Data only; the text
is built by ``mjscore.tui.report_text``."""

from __future__ import annotations

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
