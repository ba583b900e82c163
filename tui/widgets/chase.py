"""The 追分 text shown by ``mjscore chase`` and the table's chase panel.

Every figure, unit, hand name, way name and assumption comes from :mod:`engine.chase`; this
module only lays them out in lines.
"""

from __future__ import annotations

from typing import Any

from ..i18n import tr

WAY_KEYS = ("self_draw", "discard_by_target", "discard_by_other")


def _hand(w: dict[str, Any], lang: str, unit_en: str) -> str:
    """The value, then the hand's name unless it only repeats the value."""
    if lang == "zh":
        value, label = f"{w['value']}{w['unit']}", w["label"]
    else:
        value, label = f"{w['value']} {unit_en}", w["label_en"]
    return value if label == value else f"{value}  {label}"


def chase_lines(
    result: Any, lang: str, *, margin: bool = True, assumptions: bool = True
) -> list[str]:
    """One block per chasing player, the leader's margin, then the assumptions."""
    from mjscore.engine.chase import way_name

    data = result.to_json()
    first = data["target"] == "first"
    target = tr("chase_first", lang) if first else data["target"]
    unit = data["unit"] if lang == "zh" else data["unit_en"]
    out = [tr("chase_head", lang, target=target, unit=unit)]
    for chased, p in zip(result.chases, data["players"], strict=True):
        head = f"[{chased.seat + 1}] {p['name']}  "
        if p["ways"] is None:
            key = "chase_is_target" if chased.seat == result.target else "chase_ahead"
            out.append(head + tr(key, lang, gap=p["gap"]))
            continue
        out.append(head + tr("chase_gap", lang, gap=p["gap"]))
        for key in WAY_KEYS:
            w = p["ways"][key]
            rival = w["from"] if w is not None and key == "discard_by_target" else data["target"]
            name = way_name(key, lang, data["leader"] if first and w is None else rival)
            if w is None:
                out.append(f"    {name}: {tr('chase_impossible', lang)}")
                continue
            text = f"    {name}: {_hand(w, lang, data['unit_en'])}"
            if key == "discard_by_other" and w.get("discarder_matters"):
                text += "  " + tr("chase_from", lang, name=w["from"])
            out.append(text)
    for key in WAY_KEYS if margin else ():
        if key == WAY_KEYS[0]:
            out.append(tr("chase_margin", lang, leader=data["leader"]))
        m = data["margin"][key]
        name = way_name(key, lang, data["leader"], margin=True)
        if m is None:
            text = tr("chase_margin_free", lang)
        elif m["value"] is None:
            text = tr("chase_margin_none", lang, at=_hand(m["loses_at"], lang, data["unit_en"]))
        else:
            text = tr(
                "chase_margin_value",
                lang,
                value=f"{m['value']}{m['unit']}" if lang == "zh" else f"{m['value']} {unit}",
                at=_hand(m["loses_at"], lang, data["unit_en"]),
            )
        out.append(f"    {name}: {text}")
    if assumptions:
        out.append(tr("chase_assume", lang))
        out.extend(f"  · {a['zh'] if lang == 'zh' else a['en']}" for a in data["assumptions"])
    return out
