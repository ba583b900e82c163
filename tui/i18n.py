"""Chinese and English labels for the app.

``tr(key, lang)`` looks a label up; unknown keys fall back to the key itself, so a missing
label shows up as an identifier rather than a crash. Rule terms (pattern, flag and variant
names) always carry the Chinese name; in English the English gloss follows it.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping

LANGS = ("zh", "en")

LABELS: dict[str, tuple[str, str]] = {
    # general
    "app_title": ("麻将记分", "mjscore"),
    "quit": ("退出", "Quit"),
    "back": ("返回", "Back"),
    "cancel": ("取消", "Cancel"),
    "confirm": ("确认", "Confirm"),
    "save": ("保存", "Save"),
    "help": ("帮助", "Help"),
    "reports": ("报表", "Reports"),
    "language": ("切换语言", "Language"),
    "yes": ("是", "yes"),
    "no": ("否", "no"),
    "none": ("无", "none"),
    "saved": ("已保存", "Saved"),
    # home
    "home_title": ("牌局", "Sessions"),
    "new_session": ("新牌局", "New session"),
    "open_session": ("打开", "Open"),
    "demo": ("示范牌局", "Demo session"),
    "no_sessions": (
        "还没有牌局。按 n 开新局，或 d 打开示范牌局。",
        "No sessions yet. Press n to start one, or d to open the demo.",
    ),
    "col_date": ("日期", "Date"),
    "col_variant": ("规则", "Rules"),
    "col_players": ("玩家", "Players"),
    "col_hands": ("盘数", "Hands"),
    "col_leader": ("领先", "Leader"),
    "col_status": ("状态", "Status"),
    "status_open": ("进行中", "open"),
    "status_ended": ("已结束", "ended"),
    # new session
    "ns_title": ("新牌局", "New session"),
    "ns_variant": ("规则", "Rule set"),
    "ns_players": ("玩家（按出牌顺序）", "Players (in turn order)"),
    "ns_player": ("玩家", "Player"),
    "ns_dealer": ("首庄", "First dealer"),
    "ns_stake": ("每分金额", "Stake (money per point)"),
    "ns_options": ("规则选项", "House rules"),
    "ns_create": ("开始", "Start"),
    "err_name_empty": ("请输入名字", "enter a name"),
    "err_name_dup": ("名字重复", "names must differ"),
    "err_number": ("请输入整数", "enter a whole number"),
    "err_tile": ("请输入一张牌，如 5m", "enter one tile, e.g. 5m"),
    # table
    "hand_no": ("第{n}盘", "Hand {n}"),
    "dealer": ("庄", "dealer"),
    "prevailing": ("圈风", "prevailing wind"),
    "bixiahu": ("比下胡", "比下胡 (double hand)"),
    "flags": ("旗", "flags"),
    "hand_log": ("已打的盘", "Hands played"),
    "current_hand": ("本盘事件", "This hand so far"),
    "no_events": (
        "（还没有事件）按 w 记胡牌，k 记杠，d 记流局；? 看全部按键",
        "(no events yet) Press w for a win, k for a kong, d for a draw; ? lists every key",
    ),
    "key": ("按键", "key"),
    "default": ("默认", "default"),
    "session_ended": ("牌局已结束（按 o 重开）", "Session ended (press o to reopen)"),
    "totals": ("总分", "Totals"),
    "outcome_win": ("胡", "win"),
    "outcome_draw": ("流局", "draw"),
    "outcome_false_win": ("诈胡", "false win"),
    # actions (bindings and palette)
    "act_win": ("胡牌", "Win"),
    "act_kong": ("杠", "Kong"),
    "act_pung": ("碰", "Pung"),
    "act_flowers": ("补花", "Flowers"),
    "act_penalty": ("罚", "Penalty"),
    "act_jing": ("翻精", "Jing reveal"),
    "act_jing_count": ("精数", "Jing counts"),
    "act_false_win": ("诈胡", "False win"),
    "act_draw": ("流局", "Draw"),
    "act_undo": ("撤销", "Undo"),
    "act_edit": ("修改该盘", "Edit hand"),
    "act_delete_event": ("删除事件", "Remove event"),
    "act_delete": ("删除该盘", "Delete hand"),
    "act_end": ("结束牌局", "End session"),
    "act_reopen": ("重开牌局", "Reopen session"),
    "act_home": ("牌局列表", "Sessions"),
    "act_help": ("规则与按键", "Rules & keys"),
    # dialogs
    "who": ("谁", "Who"),
    "winner": ("胡牌者", "Winner"),
    "from": ("放炮者", "Discarder"),
    "from_kong": ("供牌者", "From whom"),
    "self_draw": ("自摸", "self-draw"),
    "kind": ("种类", "Kind"),
    "kong_exposed": ("明杠", "exposed"),
    "kong_added": ("补杠", "added"),
    "kong_concealed": ("暗杠", "concealed"),
    "tile": ("牌（可不填）", "Tile (optional)"),
    "count": ("张数", "Count"),
    "flower_tiles": ("花牌（如 aCC）或张数", "Flower tiles (e.g. aCC) or a count"),
    "penalty_same_round": ("四家同打一张", "all four discard the same tile"),
    "penalty_four_copies": ("一人打出四张同牌", "one player discards all four copies"),
    "indicator": ("翻出的精", "Turned jing tile"),
    "lower": ("下精", "下精 tile"),
    "lower_counts": ("下精数（正,副）", "下精 counts (正,副)"),
    "jing_counts": ("每家精数（正,副）", "Jing held (正,副)"),
    "jing_kongs": ("精杠数", "精杠 count"),
    "fed_by": ("冲关供精者", "冲关 fed by"),
    "last_drawer": ("摸最后一张者", "Who drew the last tile"),
    "patterns": ("牌型", "Patterns"),
    "hand_tiles": ("手牌（或报牌型）", "Tiles (or declare)"),
    "flags_sit": ("情形", "Situation"),
    "declared": ("报数", "Declared"),
    "preview": ("结算预览", "Payments preview"),
    "another_winner": ("再加一位胡牌者", "Another winner"),
    "focus_tiles": ("输入手牌", "Type the tiles"),
    "more_winners": ("已有{n}位胡牌者", "{n} winner(s) so far"),
    "preview_empty": ("选择胡牌者与放炮者", "choose the winner and the discarder"),
    "seat_keys": ("数字键 1-4 或名字首字", "keys 1-4 or the name's first letter"),
    "from_keys": ("1-4 选放炮者，0 或 s 自摸", "1-4 the discarder, 0 or s self-draw"),
    "pick_first": ("先选{what}：按方括号里的键", "Choose {what} first: press a key shown in [ ]"),
    "added_kong_from": (
        "补杠：第四张是自己摸的，由当初供碰的 {name} 付杠分",
        "Added kong: the 4th tile was drawn, so the pung's supplier {name} pays",
    ),
    "added_kong_no_pung": (
        "补杠：本盘没有记下这个碰，请选当初供碰的人",
        "Added kong: no pung of it is logged; choose who supplied the pung",
    ),
    "added_kong_which": (
        "补杠：此人有几个碰，请填牌以确定供碰的人",
        "Added kong: this player has several pungs; type the tile to find its supplier",
    ),
    "refused": ("不能记录", "Refused"),
    "engine_error": ("程序错误", "engine error"),
    "no_jing_counts": (
        "本盘没有记精数：奖励分不结算——先按 c 记精数",
        "No jing counts entered for this hand: 奖励分 is not settled — press c first",
    ),
    "confirm_discard_edit": ("放弃对第{n}盘的修改？", "Discard your changes to hand {n}?"),
    "claim_hint": (
        "  [555p,n] 中 n 是供牌者相对胡牌者：1 上家 · 2 对家 · 3 下家",
        "  in [555p,n], n is the supplier relative to the winner: 1 上家 before · 2 对家 opposite · 3 下家 after",
    ),
    "no_payments": ("（无需付分）", "(nobody pays anything)"),
    "stale": (
        "另一个窗口改动了这个牌局，已刷新",
        "Another window changed this session; the table has been refreshed",
    ),
    "stale_not_saved": (
        "未保存：这一盘已在另一个窗口改动（已刷新），请重新输入",
        "Not saved: this hand was changed in another window (now shown); enter it again",
    ),
    "confirm_undo_result": (
        "撤销第{n}盘的结果（{what}）？该盘将重新打开，之后可继续记录。",
        "Undo the result of hand {n} ({what})? The hand is reopened.",
    ),
    "confirm_delete": (
        "删除第{n}盘？此后各盘将重新结算。",
        "Delete hand {n}? Every later hand is re-settled.",
    ),
    "edit_title": ("修改第{n}盘", "Edit hand {n}"),
    "edit_hint": (
        "选择事件：Delete 删除；按动作键添加；Ctrl+S 保存",
        "Select an event: Delete removes it; action keys add; Ctrl+S saves",
    ),
    "scoring_table": ("计分表", "Scoring table"),
    "keys": ("按键", "Keys"),
    "options_in_use": ("本局规则选项", "Options in use"),
    "reports_missing": ("报表功能尚未安装", "The reports screen is not available yet"),
    "demo_loaded": ("已打开示范牌局", "Demo session opened"),
}

VARIANT_NAMES: dict[str, tuple[str, str]] = {
    "nanning": ("南宁", "Nanning"),
    "nanjing": ("南京", "Nanjing"),
    "guobiao": ("国标", "Guobiao"),
    "nanchang": ("南昌", "Nanchang"),
}

# Pattern names from spec/RULES.md, used when a variant does not expose its own table.
PATTERN_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "nanning": {
        "all_pungs": ("碰碰胡", "all pungs"),
        "full_flush": ("清一色", "full flush"),
        "seven_pairs": ("七小对", "seven pairs"),
        "luxury_seven_pairs": ("七大对", "luxury seven pairs"),
        "all_melded": ("全求人", "all melded"),
    },
    "nanjing": {
        "concealed": ("门清", "concealed"),
        "all_pungs": ("对对胡", "all pungs"),
        "half_flush": ("混一色", "half flush"),
        "no_flowers": ("无花果", "no flowers"),
        "last_closed": ("压绝", "last-copy closed wait"),
        "full_flush": ("清一色", "full flush"),
        "all_melded": ("全球独钓", "all melded"),
        "seven_pairs": ("七对", "seven pairs"),
        "luxury_seven_pairs": ("双七对", "luxury seven pairs"),
        "all_winds": ("风一色", "all winds"),
    },
    "guobiao": {},
    "nanchang": {
        "seven_pairs": ("七对", "seven pairs"),
        "thirteen_lan": ("十三烂", "thirteen unrelated"),
        "seven_star_lan": ("七星十三烂", "seven-star thirteen unrelated"),
        "clean": ("德国", "clean (no wild jing)"),
        "clean_sweep": ("德中德", "clean sweep"),
        "jing_single": ("精吊", "jing single wait"),
    },
}

# Situation flags (RULES.md §0 flag table): per variant the Chinese name, plus an English gloss.
FLAG_NAMES: dict[str, tuple[dict[str, str], str]] = {
    "kong_bloom": (
        {"nanning": "杠上花", "nanjing": "大杠开", "guobiao": "杠上开花", "nanchang": "杠上开花"},
        "win on a kong replacement",
    ),
    "kong_cannon": ({"nanning": "杠上炮"}, "discard right after a kong"),
    "robbed_kong": (
        {"nanning": "抢杠胡", "nanjing": "抢杠", "guobiao": "抢杠和", "nanchang": "抢杠"},
        "robbing a kong",
    ),
    "last_tile": (
        {"nanning": "海底捞月/海底炮", "nanjing": "海底捞", "guobiao": "妙手回春/海底捞月"},
        "last tile",
    ),
    "last_copy": ({"guobiao": "和绝张"}, "last copy of the tile"),
    "flower_bloom": ({"nanjing": "小杠开"}, "win on a flower replacement"),
    "flower_kong_bloom": ({"nanjing": "花杠开"}, "win after a flower kong"),
    "heavenly": ({"nanning": "天胡", "nanjing": "天胡", "nanchang": "天胡"}, "heavenly hand"),
    "earthly": ({"nanning": "地胡", "nanjing": "地胡", "nanchang": "地胡"}, "earthly hand"),
    "human": ({"nanning": "人胡"}, "human hand"),
    "discarder_all_melded": ({"nanning": "全求炮"}, "discarder had four melds"),
    "horses": ({"nanning": "摸码"}, "horse tiles turned"),
    "horse_hits": ({"nanning": "中码数"}, "horse hits"),
    "fish": ({"nanning": "钓鱼"}, "fish tiles (4, comma-separated, - for none)"),
}

DECLARED_NAMES: dict[str, tuple[str, str]] = {
    "concealed": ("门清", "concealed"),
    "quads": ("七大对组数", "quads in seven pairs"),
    "soft_flowers": ("软花", "soft flowers"),
    "hard_flowers": ("硬花", "hard flowers"),
    "fan": ("番数", "fan total"),
}

WIND_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}
WIND_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}


def detect_lang(env: Mapping[str, str] | None = None) -> str:
    """``zh`` when the locale is Chinese (LC_ALL, LC_MESSAGES, LANG, in that order), else ``en``."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:  # pragma: no cover - odd platform locales
        loc = ""
    return "zh" if loc.lower().startswith("zh") else "en"


def tr(key: str, lang: str, **fmt: object) -> str:
    zh, en = LABELS.get(key, (key, key))
    text = zh if lang == "zh" else en
    return text.format(**fmt) if fmt else text


def term(zh: str, en: str, lang: str) -> str:
    """A rule term: always the Chinese name, with the English gloss in English mode."""
    if lang == "zh" or not en or en == zh:
        return zh
    return f"{zh} {en}"


def variant_name(variant_id: str, lang: str) -> str:
    zh, en = VARIANT_NAMES.get(variant_id, (variant_id, variant_id))
    return term(zh, en, lang)


def wind_name(w: str, lang: str) -> str:
    return WIND_ZH.get(w, w) if lang == "zh" else f"{WIND_ZH.get(w, w)} {WIND_EN.get(w, w)}"


def pattern_name(variant, pattern_id: str, lang: str) -> str:
    """The variant's own name for a pattern if it exposes ``patterns`` (objects or mappings
    with id/zh/en), else RULES.md's name, else the id."""
    for p in getattr(variant, "patterns", ()) or ():
        pid = p.get("id") if isinstance(p, Mapping) else getattr(p, "id", None)
        if pid == pattern_id:
            get = p.get if isinstance(p, Mapping) else (lambda k, _p=p: getattr(_p, k, None))
            zh, en = get("zh") or get("name_zh") or pattern_id, get("en") or get("name_en") or ""
            return term(str(zh), str(en), lang)
    zh_en = PATTERN_NAMES.get(getattr(variant, "id", ""), {}).get(pattern_id)
    if zh_en:
        return term(*zh_en, lang)
    return pattern_id


def flag_name(variant_id: str, flag: str, lang: str) -> str:
    names, en = FLAG_NAMES.get(flag, ({}, flag))
    zh = names.get(variant_id) or next(iter(names.values()), flag)
    return term(zh, en, lang)


def declared_name(field: str, lang: str) -> str:
    zh, en = DECLARED_NAMES.get(field, (field, field))
    return term(zh, en, lang)
