"""The refusals of record in English and Chinese, by code (see :mod:`mjscore.engine.errors`).

The English is the command line's text as it has always read; the Chinese is shown in the
app and by ``--lang zh``. Values come in as parameters; a seat is a :class:`Seat`."""

from __future__ import annotations

from mjscore.engine.errors import Seat, messages

TEXTS: dict[str, tuple[str, ...]] = {
    "expected_whole_number_got": (
        "expected a whole number, got {p1}",
        "应为整数，不是 {p1}",
    ),
    "out_range": (
        "{v} is out of range ({rng})",
        "{v} 超出范围（{rng}）",
    ),
    "bad_seat": (
        "a seat is 0, 1, 2 or 3, not {p1}",
        "座位只能是 0、1、2 或 3，不是 {p1}",
    ),
    "expected_true_false_got": (
        "expected true or false, got {p1}",
        "应为 true 或 false，不是 {p1}",
        "expected yes or no, got {p1}",
    ),
    "expected_one_tile_such_p": (
        'expected one tile such as "5p" or "E"',
        "应为一张牌，例 5p 或 E",
    ),
    "expected_exactly_one_tile_got": (
        "expected exactly one tile, got {p1}",
        "应为正好一张牌，不是 {p1}",
    ),
    "expected_tile_string": (
        "expected a tile string",
        "应为一串牌",
    ),
    "tile_string_most_characters_given": (
        "a tile string has at most {MAX_HAND_CHARS} characters ({p2} given)",
        "一串牌最多 {MAX_HAND_CHARS} 个字符（现有 {p2} 个）",
    ),
    "expected_count_count": (
        "expected [正精 count, 副精 count]",
        "应为 [正精数, 副精数]",
    ),
    "expected_list_pattern_ids": (
        "expected a list of pattern ids",
        "应为牌型列表",
    ),
    "most_pattern_ids_given": (
        "at most 100 pattern ids ({p1} given)",
        "最多 100 个牌型（现有 {p1} 个）",
    ),
    "expected_flower_letters_such_acc": (
        'expected flower letters such as "aCC"',
        "应为花牌字母，例 aCC",
    ),
    "event_object": (
        "an event must be an object",
        "事件须是一个对象",
    ),
    "unknown_event_type_known": (
        "unknown event type {p1} (known: {p2})",
        "未知的事件种类 {p1}（可用：{p2}）",
    ),
    "expected_list_four_entries_one": (
        "expected a list of four entries, one per seat",
        "应为四项的列表，每家一项",
    ),
    "expected_one_got": (
        "expected one of {p1}, got {p2}",
        "应为 {p1} 之一，不是 {p2}",
    ),
    "expected_tile_string_null": (
        "expected a tile string or null",
        "应为一串牌或 null",
        "expected tiles or nothing",
    ),
    "unknown_field_event_fields": (
        "unknown field {k!r} for a {t} event (fields: {p3})",
        "{t} 事件没有字段 {k!r}（可用：{p3}）",
    ),
    "null_allowed_here_leave_field": (
        "null is not allowed here; leave the field out",
        "这里不能写 null；请省去该项",
        "this cannot be empty here; leave it out",
    ),
    "player_claim_pung_from_himself": (
        "a player cannot claim a pung from himself",
        "不能碰自己的牌",
    ),
    "event_needs_field": (
        "a {t} event needs {key!r}",
        "{t} 事件缺少 {key!r}",
    ),
    "concealed_kong_from": (
        "a concealed kong has no 'from'",
        "暗杠没有供牌者",
        "a concealed kong has no supplier",
    ),
    "kong_from_who_supplied_tile": (
        "an {kind} kong needs 'from' (who supplied the tile or pung)",
        "{kind} 杠须写明供牌者（谁供的牌或碰）",
        "an {kind} kong needs its supplier (who supplied the tile or pung)",
    ),
    "player_claim_kong_from_himself": (
        "a player cannot claim a kong from himself",
        "不能杠自己打的牌",
    ),
    "flowers_event_either_tiles_count": (
        "a flowers event needs either 'tiles' or 'count'",
        "补花须给出花牌或张数",
        "a flowers entry needs either the flower tiles or their count",
    ),
    "winner_own_discarder_use_null": (
        "the winner cannot be his own discarder (use null for a self-draw)",
        "胡牌者不能是自己的放炮者（自摸请不填放炮者）",
        "the winner cannot be his own discarder (name no discarder for a self-draw)",
    ),
    "give_either_hand_fans_derived": (
        "give either 'hand' (fans are derived from it) or a declared 'fan', not both",
        "手牌（番数由它算出）与报的番数只能给一样",
        "give either the hand's tiles (the fans are worked out from them) or a declared fan total, not both",
    ),
    "give_either_horses_horse_hits": (
        "give either 'horses' or 'horse_hits', not both",
        "码牌与中码数只能给一样",
        "give either the horse tiles or the number of horse hits, not both",
    ),
    "session_id_uuid_string_such": (
        "a session id is a UUID string such as 0b7e…-…",
        "牌局编号是一个 UUID 字符串，例 0b7e…-…",
    ),
    "expected_utc_time_iso_e": (
        "expected a UTC time in ISO 8601, e.g. 2026-12-01T19:30:00Z",
        "应为 ISO 8601 的 UTC 时间，例 2026-12-01T19:30:00Z",
    ),
    "utc_end_z": (
        "{v!r} must be in UTC (end it with Z or +00:00)",
        "{v!r} 须是 UTC 时间（以 Z 或 +00:00 结尾）",
    ),
    "expected_string": (
        "expected a string",
        "应为文字",
    ),
    "most_characters_given": (
        "at most {limit} characters ({p2} given)",
        "最多 {limit} 个字符（现有 {p2} 个）",
    ),
    "uuid": (
        "{v!r} is not a UUID",
        "{v!r} 不是 UUID",
    ),
    "iso_time": (
        "{v!r} is not an ISO 8601 time",
        "{v!r} 不是 ISO 8601 时间",
    ),
    "format_record": (
        "a format 2 record needs {k!r}",
        "第 2 版记录须有 {k!r}",
        "this record is incomplete: a part it needs is missing",
    ),
    "session_end_before_started": (
        "a session cannot end before it started",
        "牌局不能在开始之前结束",
    ),
    "expected_list": (
        'expected a list of {{"seat": 0-3, "player": name}}',
        '应为列表，每项 {{"seat": 0-3, "player": 名字}}',
        "expected a list of substitutes, a seat and a player each",
    ),
    "substitute": (
        'a substitute is {{"seat": 0-3, "player": name}}',
        '替打写作 {{"seat": 0-3, "player": 名字}}',
        "a substitute is a seat and a player",
    ),
    "substitute_seat_player": (
        "a substitute needs 'seat' and 'player'",
        "替打须有座位和玩家",
        "a substitute needs a seat and a player",
    ),
    "two_substitutes_hand": (
        "{seat} has two substitutes in this hand",
        "{seat} 本盘有两个替打",
    ),
    "playing_hand": (
        "{player!r} is playing {other} in this hand",
        "{player!r} 本盘已在打 {other}",
    ),
    "unknown_field_fields_seat_player": (
        "unknown field {k!r} (fields: seat, player)",
        "未知字段 {k!r}（可用：seat, player）",
    ),
    "record_larger_than_mb": (
        "the record is larger than {p1} MB",
        "记录超过 {p1} MB",
    ),
    "valid_json": (
        "not valid JSON: {msg}",
        "不是有效的 JSON：{msg}",
    ),
    "nested_more_than_levels_deep": (
        "nested more than {MAX_DEPTH} levels deep",
        "嵌套超过 {MAX_DEPTH} 层",
    ),
    "utf_text": (
        "not UTF-8 text",
        "不是 UTF-8 文字",
    ),
    "settling_stake_currency_unit_more": (
        "settling this stake in this currency unit needs more than {MAX_DIGITS} digits; use a sensible stake (money per point) and unit",
        "按这个每分金额和货币单位结算需要超过 {MAX_DIGITS} 位数字；请用合理的每分金额和单位",
    ),
    "stake_positive_amount": (
        "stake must be a positive amount, not {stake}",
        "每分金额须为正数，不是 {stake}",
    ),
    "currency_unit_positive_amount": (
        "the currency unit must be a positive amount, not {unit}",
        "货币单位须为正数，不是 {unit}",
    ),
    "player_name_non_empty_string": (
        "a player name must be a non-empty string",
        "玩家名字不能为空",
    ),
    "player_name_start_end_spaces": (
        "a player name cannot start or end with spaces",
        "玩家名字的开头和结尾不能有空格",
    ),
    "player_name_most_characters_given": (
        "a player name can have at most {MAX_NAME} characters ({p2} given)",
        "玩家名字最多 {MAX_NAME} 个字符（现有 {p2} 个）",
    ),
    "player_name_contain_control_characters": (
        "a player name cannot contain control characters (newlines, tabs)",
        "玩家名字不能含控制字符（换行、制表）",
    ),
    "player_name_contain_text_direction": (
        "a player name cannot contain text-direction controls (U+202A–202E, U+2066–2069)",
        "玩家名字不能含文字方向控制符（U+202A–202E、U+2066–2069）",
    ),
    "player_name_too_wide": (
        "a player name can be at most {limit} columns wide (a Chinese character counts two);"
        " this one is {width}",
        "玩家名字最多 {limit} 列宽（一个汉字算两列）；这个有 {width} 列",
    ),
    "player_name_digits_only": (
        "a player name cannot be digits only: digits pick seats",
        "玩家名字不能只有数字：数字用来选座位",
    ),
    "expected_list_four_player_names": (
        "expected a list of four player names in turn order",
        "应为四个玩家名字的列表（按出牌顺序）",
    ),
    "stake_positive_number_money_per": (
        "stake must be a positive number of money per point, not {p1}",
        "每分金额须为正数，不是 {p1}",
    ),
    "stake_most_decimal_places": (
        "a stake has at most {MAX_STAKE_PLACES} decimal places, not {p2}",
        "每分金额最多 {MAX_STAKE_PLACES} 位小数，不是 {p2}",
    ),
    "stake_most_significant_digits": (
        "a stake has at most {MAX_STAKE_DIGITS} significant digits, not {p2}",
        "每分金额最多 {MAX_STAKE_DIGITS} 位有效数字，不是 {p2}",
    ),
    "four_player_names_different_distinct": (
        "the four player names must be different, distinct people ({why})",
        "四个玩家须是不同的人（{why}）",
    ),
    "session_record_json_object": (
        "a session record must be a JSON object",
        "牌局记录须是一个 JSON 对象",
    ),
    "unsupported_record_format_program_reads": (
        "unsupported record format {p1} (this program reads formats 1 and 2)",
        "不支持的记录版本 {p1}（本程序读第 1 版和第 2 版）",
    ),
    "file_holds_several_sessions_give": (
        "this file holds several sessions; give one of them (e.g. --session ID)",
        "这个文件有好几个牌局；请指定其中一个（例 --session ID）",
        "this file holds several sessions; choose one of them",
    ),
    "variant_one": (
        "variant must be one of {p1}, not {p2}",
        "规则须是 {p1} 之一，不是 {p2}",
    ),
    "expected_object_house_rule_options": (
        "expected an object of house-rule options, not {p1}",
        "规则选项须是一个对象，不是 {p1}",
    ),
    "expected_list_hands": (
        "expected a list of hands",
        "应为各盘的列表",
    ),
    "many_session_file_format": (
        "a many-session file is format 2",
        "多牌局文件是第 2 版",
        "a file of several sessions is in the newer record format",
    ),
    "expected_list_session_records": (
        "expected a list of session records",
        "应为牌局记录的列表",
    ),
    "id_appears_twice": (
        "the id {dup} appears twice",
        "编号 {dup} 出现了两次",
    ),
    "unknown_field_fields": (
        "unknown field {k!r}{hint} (fields: {p3})",
        "未知字段 {k!r}（可用：{p3}）",
    ),
    "unknown_field_many_session_file": (
        "unknown field {k!r} (a many-session file has: format, sessions)",
        "未知字段 {k!r}（多牌局文件只有 format, sessions）",
    ),
    "sessions_many_session_file_format": (
        "the sessions of a many-session file are format 2",
        "多牌局文件里的牌局都是第 2 版",
        "the sessions of a file of several sessions are in the newer record format",
    ),
    "option_null": (
        "option {name!r} cannot be null",
        "选项 {name!r} 不能为 null",
        "option {name!r} cannot be empty",
    ),
    "options_object": (
        "options must be an object, not {p1}",
        "规则选项须是一个对象，不是 {p1}",
    ),
    "option_takes_true_false": (
        "option {name!r} takes true or false, not {p2}",
        "选项 {name!r} 只能是 true 或 false，不是 {p2}",
        "option {name!r} takes yes or no, not {p2}",
    ),
    "option_takes_whole_number": (
        "option {name!r} takes a whole number, not {p2}",
        "选项 {name!r} 须为整数，不是 {p2}",
    ),
    "option_least": (
        "option {name!r} must be at least {minimum}",
        "选项 {name!r} 至少为 {minimum}",
    ),
    "option_most": (
        "option {name!r} must be at most {maximum}",
        "选项 {name!r} 至多为 {maximum}",
    ),
    "option_takes_one": (
        "option {name!r} takes one of {choices}, not {p3}",
        "选项 {name!r} 须是 {choices} 之一，不是 {p3}",
    ),
    "unknown_option_rule_set_known": (
        "unknown option {name!r} for this rule set (known: {known})",
        "本规则没有选项 {name!r}（可用：{known}）",
    ),
    "u_tile_digit_mark_notation": (
        "{p1!r} (U+{p2:04X}) is not a tile, digit or mark of the notation",
        "{p1!r}（U+{p2:04X}）不是牌、数字或记法符号",
    ),
    "pung_kong_chow": (
        "[{p1}] is not a pung, kong or chow{note}",
        "[{p1}] 不是碰、杠或吃",
    ),
    "digits_suit_letter_m_p": (
        "digits '{p1}' have no suit letter (m, p or s)",
        "数字 {p1} 后面没有花色字母（m、p 或 s）",
    ),
    "empty_meld": (
        "empty meld '[]'",
        "空的副露 []",
    ),
    "context_six_characters_wszjhk_e": (
        "context must be six characters WSZJHK (e.g. EE0000), got {ctx!r}",
        "附注须是六个字符 WSZJHK（例 EE0000），不是 {ctx!r}",
    ),
    "robbed_kong_also_last_tile": (
        "a robbed kong (抢杠) cannot also be the last tile (海底)",
        "抢杠不能同时是海底",
    ),
    "tile_string_most_characters": (
        "a tile string has at most {MAX_TILE_CHARS} characters",
        "一串牌最多 {MAX_TILE_CHARS} 个字符",
    ),
    "hand_string": (
        "a hand must be a string",
        "手牌须是一串牌",
    ),
    "winning_hand_winning_tile_remove": (
        "a winning hand needs its winning tile (remove the trailing space)",
        "胡牌的手牌须有和张（请去掉结尾的空格）",
    ),
    "no_tiles": (
        "no tiles",
        "没有牌",
    ),
    "tiles_counting_each_meld": (
        "{more} tiles: {n} counting each meld as 3, {kind} needs {want}",
        "牌数不对：副露各算 3 张共 {n} 张，应为 {want} 张",
    ),
    "meld_seat_one": (
        "meld seat must be one of 1 2 3 5 6 7, not {digit!r}",
        "副露的座位数字须是 1 2 3 5 6 7 之一，不是 {digit!r}",
    ),
    "mark_added_kong_pung_takes": (
        "5/6/7 mark an added kong; a pung takes 1, 2 or 3",
        "5/6/7 表示补杠；碰只用 1、2 或 3",
    ),
    "wind_one_e_s_w": (
        "wind must be one of E S W N, not {ch!r}",
        "风须是 E S W N 之一，不是 {ch!r}",
    ),
    "context_flag": (
        "context flag must be 0 or 1, not {ch!r}",
        "附注的标记须是 0 或 1，不是 {ch!r}",
    ),
    "flower_count_more_than_flower": (
        "flower count {n} is more than the {limit} flower tiles",
        "花数 {n} 超过了 {limit} 张花牌",
    ),
    "flower_use_count": (
        "{ch!r} is not a flower (use {allowed} or a count)",
        "{ch!r} 不是花（请用 {allowed} 或张数）",
    ),
    "flower_appears_more_than_time": (
        "flower {ch!r} appears more than {cap} time(s)",
        "花 {ch!r} 出现超过 {cap} 次",
    ),
    "unopened_bracket": (
        "']' without '['",
        "有 ] 没有 [",
    ),
    "fifth_copy": (
        "a fifth copy of {t}",
        "第五张 {t}",
    ),
    "waiting_hand_winning_tile_carry": (
        "a waiting hand has no winning tile to carry win flags",
        "听牌没有和张，不能带胡牌标记",
    ),
    "winning_tile_outside_melds": (
        "no winning tile outside the melds",
        "副露之外没有和张",
    ),
    "allowed_plain_tile_list": (
        "{p1!r} is not allowed in a plain tile list",
        "{p1!r} 不能出现在单纯的牌列里",
    ),
    "tile_rank_ranks": (
        "'0' is not a tile rank (ranks are 1–9)",
        "0 不是牌的点数（点数为 1–9）",
    ),
    "chow_s_number_says_which": (
        "a chow's number says which tile was claimed: 1, 2 or 3",
        "吃的数字表示吃进的是第几张：1、2 或 3",
    ),
    "most_two_sections_context_flowers": (
        "at most two '|' sections (context, flowers)",
        "最多两段 | （附注、花）",
    ),
    "never_closed": (
        "'[' is never closed",
        "[ 没有配对的 ]",
    ),
    "flower_nanjing_put_flower_section": (
        "'{t}' is a flower in Nanjing; put it in the flower section",
        "{t!r} 在南京是花；请写在花的那一段",
    ),
    "flower_nanjing_melded": (
        "'{tile}' is a flower in Nanjing and cannot be melded",
        "{tile!r} 在南京是花，不能组成副露",
    ),
    "more_than_four": (
        "more than four {d}",
        "{d} 超过四张",
    ),
    "suit_letter_digits_before": (
        "suit letter '{ch}' has no digits before it",
        "花色字母 {ch!r} 前面没有数字",
    ),
    "flower_belongs_flower_section_after": (
        "flower '{ch}' belongs in the flower section after the second '|'",
        "花 {ch!r} 应写在第二个 | 之后的花段里",
    ),
    "space_may_end_hand_tile": (
        "a space may only end the hand (a 13-tile waiting hand)",
        "空格只能在手牌末尾（表示 13 张听牌）",
    ),
    "unknown_character": (
        "unknown character {ch!r}",
        "未知字符 {ch!r}",
    ),
    "unknown_rule_set_known": (
        "unknown rule set {variant_id!r} (known: {p2})",
        "未知的规则 {variant_id!r}（可用：{p2}）",
    ),
    "json_key_twice": (
        "the key {key} appears twice in one object",
        "同一个对象里键 {key} 出现了两次",
    ),
    "json_long_int": (
        "a whole number with more than {n} digits ({start}…)",
        "整数超过 {n} 位（{start}…）",
    ),
    "json_long_number": (
        "a number written with more than {n} characters",
        "数字写了超过 {n} 个字符",
    ),
    "json_not_number": (
        "{text} is not a number",
        "{text} 不是数字",
    ),
    "json_constant": (
        "{name} is not a number JSON allows",
        "{name} 不是 JSON 允许的数字",
    ),
}

txt = messages(TEXTS)

__all__ = ["Seat", "TEXTS", "txt"]
