"""The refusals of checks in English and Chinese, by code (see :mod:`mjscore.engine.errors`).

The English is the command line's text as it has always read; the Chinese is shown in the
app and by ``--lang zh``. Values come in as parameters; a seat is a :class:`Seat`."""

from __future__ import annotations

from mjscore.engine.errors import Seat, messages

# the events as a Chinese message names them (the record calls them by these ids)
EVENT_ZH = {
    "pung": "碰",
    "kong": "杠",
    "flowers": "补花",
    "penalty": "罚",
    "jing": "翻精",
    "jing_count": "精数",
    "lower_jing": "下精",
    "false_win": "诈胡",
    "draw": "流局",
    "win": "胡",
}

TEXTS: dict[str, tuple[str, ...]] = {
    "unknown_chase_target": (
        "unknown chase target {target!r}",
        "未知的追分对象 {target!r}",
    ),
    "hand_object": (
        'a hand must be an object {{"events": [...]}}',
        '一盘须是一个对象 {{"events": [...]}}',
        "a hand must be a list of its events",
    ),
    "expected_list_events": (
        "expected a list of events",
        "应为事件列表",
    ),
    "copies_hand_s_pungs_kongs": (
        "{n} copies of {tile} in this hand's pungs and kongs; there are only four",
        "本盘的碰和杠里有 {n} 张 {tile}；一种牌只有四张",
    ),
    "hand_never_ends_win_false": (
        "this hand never ends (no win, false_win or draw event); only the last hand may be unfinished",
        "这一盘没有结束（没有胡、诈胡或流局）；只有最后一盘可以未完",
        "this hand never ends (no win, false win or draw); only the last hand may be unfinished",
    ),
    "event_after_hand_ended": (
        "a {type} event after the hand ended with {type2}",
        "本盘已以 {type2} 结束，之后又有 {type} 事件",
    ),
    "allows_one_winner_per_hand": (
        "{name_en} allows one winner per hand (no 一炮多响)",
        "{rules}每盘只能一人胡（没有一炮多响）",
    ),
    "several_winners_all_win_same": (
        "several winners must all win on the same player's discard",
        "几家同时胡，必须都胡同一家打出的牌",
    ),
    "same_player_wins_twice_one": (
        "the same player wins twice in one hand",
        "同一人在一盘里胡了两次",
    ),
    "no_such_event": (
        "{name_en} has no {type} events",
        "{rules}没有 {type} 事件",
    ),
    "unknown_field_hand_events": (
        "unknown field {k!r} (a hand has only 'events')",
        "未知字段 {k!r}（一盘只有 events）",
        "a hand holds only its events; this one holds something else",
    ),
    "added_kong_from_differs_from": (
        "an added kong (补杠) of {tile}: its 'from' ({from_}) differs from the pung's ({supplier}); the pung's supplier pays, the fourth tile was drawn",
        "{tile} 的补杠：记的供牌者（{from_}）与当初供碰的（{supplier}）不同；第四张是自己摸的，由供碰的人付",
        "an added kong (补杠) of {tile}: it names {from_} as supplier, but {supplier} supplied the pung; the pung's supplier pays, the fourth tile was drawn",
    ),
    "does_know_flag": (
        "{name_en} does not know the flag {name!r}",
        "{rules}没有情形 {name!r}",
    ),
    "does_take_declared": (
        "{name_en} does not take a declared {name!r}",
        "{rules}不能报 {name!r}",
    ),
    "win_either_hand_tiles_declared": (
        "a win needs either 'hand' (tiles) or the declared facts of this rule set",
        "胡牌须给出手牌，或本规则可报的各项",
        "a win needs either the winning hand's tiles or the declared facts of this rule set",
    ),
    "flowers_shown_hand_there": (
        "{flower_total} flowers shown in this hand; there are only {limit}",
        "本盘亮了 {flower_total} 张花；只有 {limit} 张",
    ),
    "unknown_pattern_known": (
        "unknown pattern {p!r} for {name_en} (known: {p3})",
        "{rules}没有牌型 {p!r}（可用：{p3}）",
    ),
    "flower_shown_times_hand_there": (
        "flower {t!r} is shown {p2} times in this hand; there {p3}",
        "花 {t!r} 本盘亮了 {p2} 次；这张花只有 {cap} 张",
    ),
    "last_hand_may_unfinished": (
        "only the last hand may be unfinished",
        "只有最后一盘可以未完",
    ),
    "says_player_s_last_kong": (
        "{what}: {n} says the player's last {n} kong(s), but only {p3} kong event(s) of this player are logged in the hand",
        "连杠数 {n}：本人最后 {n} 个杠，但本盘只记了本人 {p3} 个杠",
    ),
    "hand_s_context_says_win": (
        "the hand's context says {said}, but the win event's 'from' says otherwise",
        "手牌附注写的是{said}，与胡牌事件的放炮者不符",
        "the hand's context says {said}, but the win's discarder says otherwise",
    ),
    "hand_s_context_gives_seat": (
        "the hand's context gives seat wind {seat}, but this player sits {p2} this hand",
        "手牌附注的门风是 {seat}，但此人本盘坐 {p2}",
    ),
    "hand_s_context_gives_prevailing": (
        "the hand's context gives prevailing wind {prevailing}, but the table is in {prevailing_wind}",
        "手牌附注的圈风是 {prevailing}，但本盘是 {prevailing_wind} 圈",
    ),
    "hand_s_context_marks_last": (
        "the hand's context marks the last tile (海底) but the win has no last_tile flag",
        "手牌附注标了海底，但胡牌没有勾海底",
        "the hand's context marks the last tile (海底) but the win is not marked as won on the last tile",
    ),
    "hand_s_context_marks_win": (
        "the hand's context marks 和绝张 but the win has no last_copy flag",
        "手牌附注标了和绝张，但胡牌没有勾和绝张",
        "the hand's context marks 和绝张 but the win is not marked 和绝张",
    ),
    "hand_s_context_marks_kong": (
        "the hand's context marks a kong win but the win has no kong_bloom / robbed_kong flag",
        "手牌附注标了杠上的胡，但胡牌没有勾杠上开花或抢杠",
        "the hand's context marks a kong win but the win is marked neither as won on a kong replacement nor as robbing a kong",
    ),
    "logged_winner_hand_string_does": (
        "a {p1} of {p2} was logged for the winner but the hand string does not show it",
        "胡牌者记了 {p2} 的{p1}，但手牌里没有",
    ),
    "chain_first_kong_direct_exposed": (
        "{what}: in a chain only the first kong can be a direct exposed kong (later ones come from replacement draws)",
        "连杠里只有第一个可以是直杠（之后的杠都来自补摸）",
    ),
    "hand_shows_matching_kong_event": (
        "the hand shows a {p1} of {tile} but no matching kong event of this player was logged",
        "手牌里有 {tile} 的{p1}，但此人没有记相应的杠",
    ),
    "kong_claimed_from_hand_from": (
        "the kong of {tile} is claimed from {from_seat} in the hand but from {from_seat2} in its event",
        "{tile} 的杠在手牌里是从{from_seat}杠来，而杠的事件记的是{from_seat2}",
    ),
    "winner_s_pung_events_pungs": (
        "the winner's pung events and the pungs in the hand string do not agree (tile or claimed-from seat)",
        "胡牌者记的碰与手牌里的碰不一致（牌或供碰的人）",
    ),
    "added_kong_s_from_differs": (
        "the added kong's 'from' ({from_}) differs from the pung's ({from_seat}); a pung later kong-ed is one meld",
        "补杠的供牌者（{from_}）与碰的供牌者（{from_seat}）不同；碰后再杠仍是同一副牌",
        "the added kong's supplier ({from_}) differs from the pung's ({from_seat}); a pung later kong-ed is one meld",
    ),
}

txt = messages(TEXTS)

__all__ = ["EVENT_ZH", "Seat", "TEXTS", "txt"]
