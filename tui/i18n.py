"""Chinese and English labels for the app.

``tr(key, lang)`` looks a label up; unknown keys fall back to the key itself, so a missing
label shows up as an identifier rather than a crash. The rules' own words (variant, pattern,
flag and shared terms) are not here: they come from the engine's declared data
(:mod:`engine.declare`, :mod:`engine.terms`). A rule term always carries the Chinese name;
in English the English gloss follows it (:func:`term`), while :func:`word` gives the one
word of the interface's language, as a label does.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine's words are read when a label needs them, not on import
    from mjscore.engine.declare import Term
    from mjscore.engine.variant import Variant

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
    "palette": ("命令", "palette"),
    "palette_tip": ("打开命令面板", "Open the command palette"),
    # the command palette's own words and Textual's built-in commands
    "palette_search": ("搜索命令…", "Search for commands…"),
    "palette_themes": ("搜索主题…", "Search for themes…"),
    "palette_no_match": ("没有找到", "No matches found"),
    "sys_focus_next": ("下一个控件", "Focus Next"),
    "sys_focus_previous": ("上一个控件", "Focus Previous"),
    "sys_copy": ("复制选中的文字", "Copy selected text"),
    "sys_theme": ("主题", "Theme"),
    "sys_theme_help": ("换一个颜色主题", "Change the current theme"),
    "sys_quit": ("退出", "Quit"),
    "sys_quit_help": ("马上退出程序", "Quit the application as soon as possible"),
    "sys_keys": ("按键", "Keys"),
    "sys_keys_show": (
        "显示当前控件的说明和可用按键",
        "Show help for the focused widget and a summary of available keys",
    ),
    "sys_keys_hide": ("隐藏按键和控件说明", "Hide the keys and widget help panel"),
    "sys_maximize": ("放大", "Maximize"),
    "sys_maximize_help": ("放大当前控件", "Maximize the focused widget"),
    "sys_minimize": ("还原", "Minimize"),
    "sys_minimize_help": ("还原控件的大小", "Minimize the widget and restore to normal size"),
    "sys_screenshot": ("截图", "Screenshot"),
    "sys_screenshot_help": (
        "把当前画面存成图片",
        "Save an SVG 'screenshot' of the current screen",
    ),
    "sys_screenshot_saved": ("截图已保存到 {path}", "Saved screenshot to {path}"),
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
    "rematch": ("再来一场", "Rematch"),
    "rematch_rotated": ("换座再来", "Rematch, seats rotated"),
    "standings": ("排名", "Standings"),
    # new session
    "ns_title": ("新牌局", "New session"),
    "ns_variant": ("规则", "Rule set"),
    "ns_players": ("玩家（按出牌顺序）", "Players (in turn order)"),
    "ns_player": ("玩家", "Player"),
    "ns_dealer": ("首庄", "First dealer"),
    "ns_stake": ("每分金额", "Stake (money per point)"),
    "ns_options": ("规则选项", "House rules"),
    "ns_create": ("开始", "Start"),
    "ns_preset": ("预设", "Preset"),
    "ns_no_preset": ("不用预设", "no preset"),
    "opt_empty_none": ("留空=不限", "empty: none"),
    "err_name_empty": ("请输入名字", "enter a name"),
    "err_name_dup": ("名字重复", "names must differ"),
    "ns_new_player": ("新玩家", "new player"),
    "err_name_too_wide": (
        "最多 {limit} 列宽（汉字算 2）",
        "at most {limit} columns (CJK 2 each)",
    ),
    "err_name_digits": (
        "不能全是数字（数字选座位）",
        "digits only: digits pick seats",
    ),
    "err_number": ("请输入整数", "enter a whole number"),
    "err_tile": ("请输入一张牌，如 5m", "enter one tile, e.g. 5m"),
    "jing_pair_hint": ("正,副 如 2,1", "正,副 e.g. 2,1"),
    # table
    "hand_no": ("第{n}盘", "Hand {n}"),
    "dealer": ("庄", "dealer"),
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
    "act_substitute": ("替打", "Substitute"),
    "substitute_title": (
        "替打：从第 {n} 盘起换人打一家",
        "Substitute: from hand {n} a seat is played by someone else",
    ),
    "substitute_seat": ("哪一家？按 1-4", "Which seat? Press 1-4"),
    "substitute_name": (
        "第 {seat} 家（{name}）从第 {n} 盘起由谁来打？输入名字，回车确认",
        "Who plays seat {seat} ({name}) from hand {n}? Type the name, Enter to confirm",
    ),
    "substitute_done": (
        "替打：第 {seat} 家从第 {n} 盘起由 {name} 打",
        "Substitute: {name} plays seat {seat} from hand {n}",
    ),
    "act_home": ("牌局列表", "Sessions"),
    "act_help": ("规则与按键", "Rules & keys"),
    "act_chase": ("追分", "Chase"),
    # corrections: redo, insert a forgotten hand, delete and restore a session
    "act_redo": ("重做", "Redo"),
    "act_insert": ("补记一盘", "Insert hand"),
    "insert_title": ("补记一盘：插在第{n}盘之前", "Insert a forgotten hand before hand {n}"),
    "inserted": (
        "补记为第{n}盘，之后各盘已重新结算",
        "inserted as hand {n}; later hands re-settled",
    ),
    "undone": ("已撤销", "Undone"),
    "redone": ("已重做", "Redone"),
    "u_undoes": ("按 u 撤销", "u undoes it"),
    "U_redoes": ("按 U 重做", "U redoes it"),
    "nothing_to_redo": ("没有可重做的操作", "Nothing to redo"),
    "act_delete_session": ("删除牌局", "Delete session"),
    "act_restore_session": ("恢复删除的牌局", "Restore deleted"),
    "confirm_delete_session": (
        "删除第{id}场（{variant}，{players}，{hands}盘）？删除后可在牌局列表按 u 恢复。",
        "Delete session {id} ({variant}, {players}, {hands} hands)? u on the session list"
        " restores it.",
    ),
    "session_deleted": ("已删除第{id}场（按 u 恢复）", "Session {id} deleted (u restores it)"),
    "session_restored": ("已恢复为第{id}场", "Restored as session {id}"),
    "nothing_deleted": ("没有可恢复的牌局", "No deleted session to restore"),
    # 国标 games and money paid on the spot during a hand
    "game_no": ("第{n}局", "Game {n}"),
    "game_subtotal": ("第{n}局", "Game {n}"),
    "game_over": ("第{n}局结束", "Game {n} over"),
    "paid_now": ("现付", "now"),
    "paid_now_line": ("本盘现场已付", "Paid on the spot this hand"),
    # the compact footer's shared labels (each key is named on the help screen)
    "keys_record": ("记录", "record"),
    "keys_correct": ("更正", "correct"),
    "keys_rematch": ("再来", "rematch"),
    "keys_delete_restore": ("删除/恢复", "del/undo"),
    "foot_new": ("新牌局", "New"),
    "foot_demo": ("示范", "Demo"),
    "foot_standings": ("排名", "Ranks"),
    # dialogs
    "who": ("谁", "Who"),
    "winner": ("胡牌者", "Winner"),
    "from": ("放炮者", "Discarder"),
    "from_kong": ("供牌者", "From whom"),
    "kind": ("种类", "Kind"),
    "tile": ("牌（可不填）", "Tile (optional)"),
    "count": ("张数", "Count"),
    # a placeholder: an example of what the field takes, never mistaken for a value
    "example": ("例 {x}", "e.g. {x}"),
    "indicator": ("翻出的精", "Turned jing tile"),
    "lower": ("下精", "下精 tile"),
    "lower_counts": ("下精数（正,副）", "下精 counts (正,副)"),
    "jing_counts": ("精数 正,副", "Jing 正,副"),
    "jing_kongs": ("精杠数", "精杠 count"),
    "fed_by": ("冲关供精者", "冲关 fed by"),
    "patterns": ("牌型", "Patterns"),
    "hand_tiles": ("手牌（或报牌型）", "Tiles (or declare)"),
    "flags_sit": ("情形", "Situation"),
    "declared": ("报数", "Declared"),
    "preview": ("结算预览", "Payments preview"),
    "paid_now_preview": ("确认后当场付", "Paid on the spot once confirmed"),
    "another_winner": ("再加一位胡牌者", "Another winner"),
    "focus_tiles": ("输入手牌", "Type the tiles"),
    "more_winners": ("已有{n}位胡牌者", "{n} winner(s) so far"),
    "preview_empty": ("选择胡牌者与放炮者", "choose the winner and the discarder"),
    "seat_keys": ("数字键 1-4 或名字首字", "keys 1-4 or the name's first letter"),
    "seat_taken": (
        "{name} 已是{other}，{what}请选另一位",
        "{name} is already the {other}: choose another {what}",
    ),
    "seat_unavailable": ("{name} 不能作{what}", "{name} cannot be the {what} here"),
    "name_more": (
        "{names}：再打名字的下一个字，或按方括号里的数字",
        "{names}: type more of the name, or press the number in [ ]",
    ),
    "pick_first": ("先选{what}：按方括号里的键", "Choose {what} first: press a key shown in [ ]"),
    "added_kong_from": (
        "补杠：第四张是自己摸的，由当初供碰的 {name} 付杠分",
        "Added kong: the 4th tile was drawn, so the pung's supplier {name} pays",
    ),
    "added_kong_from_others": (
        "补杠：碰来自 {name}；杠分由其他三家各付",
        "Added kong: the pung came from {name}; each other player pays for the kong",
    ),
    "added_kong_from_nobody": (
        "补杠：碰来自 {name}；杠本身无人付分",
        "Added kong: the pung came from {name}; nobody pays for the kong itself",
    ),
    "added_kong_none": (
        "补杠：本盘没有记下这个碰，请选当初供碰的人",
        "Added kong: no pung of it is logged; choose who supplied the pung",
    ),
    "added_kong_several": (
        "补杠：此人有几个碰，请填牌以确定供碰的人",
        "Added kong: this player has several pungs; type the tile to find its supplier",
    ),
    "fmt_per_seat": (
        "逗号分隔，- 为没有；只按 - 即四家都没有",
        "comma-separated, e.g. 5m,-,-,3s; - none; a lone - nobody",
    ),
    "fmt_tiles": ("{n} 张连写，例 5m9s", "{n} tiles together, e.g. 5m9s"),
    "fmt_tile": ("牌，例 5m", "tiles, e.g. 5m"),
    "fmt_or_count": ("，或填{other}", ", or {other}"),
    "fmt_count": ("数目，例 0", "a number, e.g. 0"),
    "fmt_count_or": ("例 0（不填牌时）", "e.g. 0 (instead of the tiles)"),
    "provisional": (
        "暂定：{what} 未填，按都没中结算",
        "Provisional: {what} not typed yet, settled as no hits",
    ),
    "provisional_needs": ("还要填 {what} 才能确认", "Type {what} before Enter confirms"),
    "err_pair": ("正,副 两个数，例 2,1", "正,副 as two numbers, e.g. 2,1"),
    "list_sep": ("、", ", "),
    "rows_keys": ("上下一家", "next/previous player"),
    "correcting": ("修改已记的这一项", "correcting the one entered"),
    "refused": ("不能记录", "Refused"),
    "still_needed": ("还需填写", "Still to be given"),
    "derived": ("自动", "auto"),
    "choice_both": (
        "{what} [{press}]：否 {no} · 是 {yes}（现为{now}）",
        "{what} [{press}]: no {no} · yes {yes} (now {now})",
    ),
    "ns_discard": (
        "放弃新牌局表里已填的内容？",
        "Throw away what you typed in the new-session form?",
    ),
    "engine_error": ("程序错误", "engine error"),
    "missing_event": ("{note}——先按 {press} 记{what}", "{note} — press {press} first"),
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
    "confirm_end": (
        "结束本场？结束后不能再记录，按 o 可重新打开。",
        "End this session? No more hands can be recorded until it is reopened (o).",
    ),
    "confirm_reopen": (
        "重新打开本场，继续记录？",
        "Reopen this session to record more hands?",
    ),
    "edit_title": ("修改第{n}盘", "Edit hand {n}"),
    "edit_hint": (
        "选择事件：Enter 修改；Delete 删除；按动作键添加；Ctrl+S 保存",
        "Select an event: Enter changes it; Delete removes it; action keys add; Ctrl+S saves",
    ),
    "scoring_table": ("计分表", "Scoring table"),
    "keys": ("按键", "Keys"),
    "options_in_use": ("本局规则选项", "Options in use"),
    "rules_options": ("规则选项", "House rules (options)"),
    "rules_flags": ("情形", "Situation flags"),
    "rules_declared": ("报数", "Declared instead of tiles"),
    "rules_default": ("默认", "default"),
    "rules_choices": ("可选", "choices"),
    "rules_needs": ("需选项", "needs option"),
    "kind_yes": ("是/否", "yes/no"),
    "kind_chain": ("连杠数 1–4", "kong chain 1–4"),
    "kind_tiles": ("牌", "tiles"),
    "kind_count": ("数目", "a number"),
    "kind_per_seat": ("每家一张（4 项）", "one tile per seat (4)"),
    "kind_number": ("数目", "a number"),
    "reports_missing": ("报表功能尚未安装", "The reports screen is not available yet"),
    "demo_loaded": ("已打开示范牌局", "Demo session opened"),
    # 追分 (the chase panel and `mjscore chase`)
    "chase_title": ("追分", "Chase"),
    "chase_head": ("追分：追 {target}（单位 {unit}）", "Chase: catching {target} (unit {unit})"),
    "chase_first": ("第一名", "first place"),
    "chase_gap": ("落后 {gap}", "{gap} behind"),
    "chase_is_target": ("追赶对象", "the target"),
    "chase_ahead": (
        "已在前面，无需追分（差距 {gap}）",
        "already ahead, nothing to chase (gap {gap})",
    ),
    "chase_impossible": ("不可能", "impossible"),
    "chase_from": ("（{name} 放炮）", "(off {name})"),
    "chase_margin": (
        "{leader} 的余量（本盘最多可输、仍保第一）：",
        "{leader}'s margin (the most they can lose this hand and stay first):",
    ),
    "chase_margin_free": ("不会失去第一", "cannot lose first place"),
    "chase_margin_none": (
        "最小的胡牌也会失去第一（{at}）",
        "even the smallest hand costs first place ({at})",
    ),
    "chase_margin_value": ("{value}（到 {at} 失去第一）", "{value} (first place is lost at {at})"),
    "chase_assume": ("假设：", "Assumptions:"),
    "chase_target_hint": (
        "再按 g：换追赶对象（领先者 → 各家 → 第一名），最后一次收起",
        "press g again for the next target (leader → each player → first place); the last press closes",
    ),
}


def _flower_tiles() -> tuple[str, str]:
    from mjscore.engine.terms import FLOWER_TILES

    return f"{FLOWER_TILES.zh}（字母）或张数", "Flower tiles (letters) or a count"


def _from_keys() -> tuple[str, str]:
    from mjscore.engine.terms import SELF_DRAW

    return f"1-4 选放炮者，0 或 s {SELF_DRAW.zh}", "1-4 the discarder, 0 or s self-draw"


# labels that quote a rule term: built on first use (the engine's terms cost more to import
# than the home screen takes to draw), then kept in LABELS
TERM_LABELS: dict[str, Callable[[], tuple[str, str]]] = {
    "flower_tiles": _flower_tiles,
    "from_keys": _from_keys,
}


def all_labels() -> dict[str, tuple[str, str]]:
    """Every label, those that quote a rule term included."""
    for key in TERM_LABELS:
        tr(key, "en")
    return LABELS


# A count and what it counts: one Chinese word; in English the singular for one, else the
# plural (a heading read "1 Hands").
COUNT_WORDS: dict[str, tuple[str, str, str]] = {
    "hands": ("盘", "Hand", "Hands"),
    "sessions": ("场", "Session", "Sessions"),
    "wins": ("胡", "win", "wins"),
    "draws": ("流局", "draw", "draws"),
    "false_wins": ("诈胡", "false win", "false wins"),
}


def counted(n: int, key: str, lang: str, *, lower: bool = False) -> str:
    """``n`` and the word for what it counts: ``3 盘``, ``1 Hand``, ``3 Hands`` (``lower``:
    ``3 hands``)."""
    zh, one, many = COUNT_WORDS[key]
    if lang == "zh":
        return f"{n} {zh}"
    noun = one if n == 1 else many
    return f"{n} {noun.lower() if lower else noun}"


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
    got = LABELS.get(key)
    if got is None:
        make = TERM_LABELS.get(key)
        got = LABELS[key] = make() if make is not None else (key, key)
    zh, en = got
    text = zh if lang == "zh" else en
    return text.format(**fmt) if fmt else text


def term(zh: str, en: str, lang: str) -> str:
    """A rule term: always the Chinese name, with the English gloss in English mode."""
    from mjscore.engine.declare import term_text

    return term_text(zh, en, lang)


def word(t: Term, lang: str) -> str:
    """A term as a label says it: the Chinese name, or the English one alone."""
    return t.zh if lang == "zh" else t.en


def variant_name(variant_id: str, lang: str) -> str:
    from mjscore.engine.variant_terms import variant_term

    return variant_term(variant_id).name(lang)


def wind_name(w: str, lang: str, *, gloss_only: bool = False) -> str:
    """A wind as shown (``东 East``; in Chinese ``东``); ``gloss_only``: the English gloss
    alone (``East``), where an English line has no room for both."""
    from mjscore.engine.terms import WINDS

    t = WINDS.get(w)
    if t is None:
        return w
    return t.en if gloss_only and lang != "zh" and t.en else t.name(lang)


def pattern_name(variant: Variant, pattern_id: str, lang: str) -> str:
    """The variant's name for a pattern (the id for one it does not declare)."""
    p = variant.data.pattern(pattern_id)
    return p.name(lang) if p else pattern_id


def flag_name(variant: Variant, flag_id: str, lang: str) -> str:
    """The variant's name for a situation flag (the id for one it does not declare)."""
    f = variant.data.flag(flag_id)
    return f.name(lang) if f else flag_id


def declared_name(variant: Variant, field_id: str, lang: str) -> str:
    """The variant's name for a declared win fact (a tick or a count it may declare)."""
    f = variant.data.declared_field(field_id)
    return f.name(lang) if f else field_id
