"""The refusals of guobiao in English and Chinese, by code (see :mod:`mjscore.engine.errors`).

The English is the command line's text as it has always read; the Chinese is shown in the
app and by ``--lang zh``. Values come in as parameters; a seat is a :class:`Seat`."""

from __future__ import annotations

from mjscore.engine.errors import Seat, messages

TEXTS: dict[str, tuple[str, ...]] = {
    "tile_waiting_hand_valued_add": (
        "a 13-tile waiting hand cannot be valued: add the winning tile",
        "13 张的听牌不能算番：请加上和张",
    ),
    "winds_e_s_w_n": (
        "winds must be E, S, W or N",
        "风须是 E、S、W 或 N",
    ),
    "flowers_guobiao_flower_tiles": (
        "{flowers} flowers: Guobiao has 8 flower tiles",
        "{flowers} 张花：国标只有 8 张花牌",
    ),
    "kong_bloom_kong_winner_s": (
        "杠上开花 (kong_bloom) needs a kong in the winner's hand",
        "杠上开花须胡牌者手里有杠",
        "杠上开花 needs a kong in the winner's hand",
    ),
    "kong_bloom_impossible_hand": (
        "杠上开花 (kong_bloom) is impossible for this hand",
        "这手牌不可能是杠上开花",
        "杠上开花 is impossible for this hand",
    ),
    "robbed_kong_impossible_hand": (
        "抢杠和 (robbed_kong) is impossible for this hand on {win_tile}",
        "这手牌和 {win_tile} 不可能是抢杠和",
        "抢杠和 is impossible for this hand on {win_tile}",
    ),
    "last_copy_impossible_hand_itself": (
        "和绝张 (last_copy) is impossible: the hand itself holds another {win_tile}, so the winning tile cannot be the last unseen copy",
        "不可能是和绝张：手牌里还有一张 {win_tile}，和张不会是最后一张",
        "和绝张 is impossible: the hand itself holds another {win_tile}, so the winning tile cannot be the last unseen copy",
    ),
    "guobiao_playing_tile": (
        "{p1!r} is not a Guobiao playing tile",
        "{p1!r} 不是国标用的牌",
    ),
    "robbed_kong_also_last_tile_2": (
        "a robbed kong (抢杠和) cannot also be the last tile (海底)",
        "抢杠和不能同时是海底",
    ),
    "robbed_kong_impossible_robbed_player": (
        "抢杠和 (robbed_kong) is impossible: the robbed player's kong holds the other three {p1}, but this hand holds {win_copies} of them",
        "不可能是抢杠和：被抢的杠占了另外三张 {p1}，而这手牌里有 {win_copies} 张",
        "抢杠和 is impossible: the robbed player's kong holds the other three {p1}, but this hand holds {win_copies} of them",
    ),
    "guobiao_does_know_flag_flags": (
        "Guobiao does not know the flag {name!r} (flags: {p2})",
        "国标没有情形 {name!r}（可用：{p2}）",
    ),
    "kong_bloom_self_draw_context": (
        "杠上开花 (kong_bloom) is a self-draw: the context needs 1 in the self-drawn place",
        "杠上开花是自摸：附注里自摸的位置须为 1",
        "杠上开花 is a self-draw: the context needs 1 in the self-drawn place",
    ),
    "robbed_kong_won_another_s": (
        "抢杠和 (robbed_kong) is won on another's kong, not self-drawn",
        "抢杠和胡的是别人的杠，不是自摸",
        "抢杠和 is won on another's kong, not self-drawn",
    ),
    "flowers_exposed_one_hand_guobiao": (
        "{p1} flowers exposed in one hand; Guobiao has 8",
        "一盘亮了 {p1} 张花；国标只有 8 张",
    ),
    "copies_between_hand_there_four": (
        "{p1} copies of {t} between {what} in this hand; there are only four",
        "本盘记的牌里有 {p1} 张 {t}；一种牌只有四张",
    ),
    "fan_below_minimum_flowers_counted": (
        "{fan} fan is below the minimum of {min_fan} (起和 {min_fan} 番, flowers not counted): not a legal win; record it as a false win (错和) if it was declared",
        "{fan} 番不到起和 {min_fan} 番（花不算）：不能胡；如果已经报了胡，请记作错和",
    ),
    "more_than_flowers_one_hand": (
        "more than 8 flowers in one hand",
        "一盘超过 8 张花",
    ),
    "hand_string_s_flowers_differ": (
        "the hand string's flowers ({shown}) differ from the flowers events of this player ({logged})",
        "手牌里的花（{shown}）与此人补花记录（{logged}）不同",
    ),
    "guobiao_jing_jing_nanchang": (
        "Guobiao has no jing (--jing is for Nanchang)",
        "国标没有精（--jing 只用于南昌）",
        "Guobiao has no jing (only Nanchang has)",
    ),
    "kong_robbed_player_logged_robbed": (
        "抢杠和 on {t}: a kong of {t} by the robbed player is logged, but a robbed kong is never completed (RULES.md §0: it is not logged as a kong event)",
        "抢杠和 {t}：被抢的人记了 {t} 的杠，但被抢的杠并没有成（不记作杠）",
    ),
    "robbed_player_hold_pung_logged": (
        "抢杠和 on {t}: the robbed player must hold a pung of {t}, but {p2} has a logged meld of {t}",
        "抢杠和 {t}：被抢的人须有 {t} 的碰，但 {p2} 已记了 {t} 的副露",
    ),
    "guobiao_events": (
        "Guobiao has no {type} events",
        "国标没有 {type} 事件",
    ),
    "guobiao_allows_one_winner_per": (
        "Guobiao allows one winner per hand (截和)",
        "国标每盘只能一人胡（截和）",
    ),
    "guobiao_does_know_flag": (
        "Guobiao does not know the flag {name!r}",
        "国标没有情形 {name!r}",
    ),
    "kong_bloom_self_draw_from": (
        "杠上开花 (kong_bloom) is a self-draw; 'from' must be null",
        "杠上开花是自摸，不能有放炮者",
        "杠上开花 is a self-draw: the win cannot name a discarder",
    ),
    "robbed_kong_from_robbed_player": (
        "抢杠和 (robbed_kong) needs 'from' = the robbed player",
        "抢杠和须写明被抢杠的人",
        "抢杠和 needs the robbed player as the discarder",
    ),
    "guobiao_win_hand_tiles_declared": (
        "a Guobiao win needs 'hand' (tiles) or a declared 'fan'",
        "国标胡牌须给出手牌或报番数",
        "a Guobiao win needs the hand's tiles or a declared fan total",
    ),
    "declared_fan_hand_counts": (
        "declared fan {fan} but the hand counts {fan2} ({p3})",
        "报了 {fan} 番，但手牌算出 {fan2} 番（{p3}）",
    ),
    "flower_hand_string_exposed_hand": (
        "flower {p1!r} in the hand string was exposed by {p2} in this hand",
        "手牌里的花 {p1!r} 本盘已由 {p2} 亮出",
    ),
    "guobiao_flower_flowers_h": (
        "{t!r} is not a Guobiao flower (flowers are a–h)",
        "{t!r} 不是国标的花（花是 a–h）",
    ),
    "flower_already_exposed_hand": (
        "flower {t!r} was already exposed in this hand",
        "花 {t!r} 本盘已经亮过",
    ),
    "hand_ended_win_false_win": (
        "the hand has not ended (no win, false_win or draw)",
        "这一盘还没有结束（没有胡、诈胡或流局）",
        "the hand has not ended (no win, false win or draw)",
    ),
    "robbed_kong_says_robbed_kong": (
        "robbed_kong: {robbed_kong} says the robbed kong was kong {robbed_kong} of a chain, so the robbed player's {p2} earlier kong(s) must be logged, but {earlier} kong event(s) of that player are",
        "抢杠和连杠数 {robbed_kong}：被抢的人此前的 {p2} 个杠须已记下，但只记了 {earlier} 个",
        "抢杠和: the robbed kong was kong {robbed_kong} of a chain, so the robbed player's {p2} earlier kong(s) must be logged, but {earlier} kong(s) of that player are",
    ),
    "gb_not_a_win": (
        "{hand} is not a winning hand in Guobiao (it needs four sets and a pair, seven pairs, 十三幺, 全不靠 or 组合龙)",
        "{hand} 在国标不成胡（须四副加一对、七对、十三幺、全不靠或组合龙）",
    ),
    "gb_tile_count": (
        "{hand} has the wrong number of tiles for Guobiao",
        "{hand} 的张数不对",
    ),
    "gb_fifth_copy": (
        "{hand} has more than four copies of a tile",
        "{hand} 里有一种牌超过四张",
    ),
    "gb_invalid_hand": (
        "{hand} is not a valid Guobiao hand",
        "{hand} 不是有效的国标手牌",
    ),
    "gb_invalid_meld": (
        "{hand} has an invalid hand or meld",
        "{hand} 的手牌或副露无效",
    ),
    "gb_unused_tile": (
        "{hand} holds a tile Guobiao does not use",
        "{hand} 里有国标不用的牌",
    ),
    "gb_unreadable_meld": (
        "{hand} has a meld the fan calculator cannot read",
        "{hand} 里有算番器读不了的副露",
    ),
    "gb_claim_seat": (
        "{hand} has a meld with an impossible claimed-from seat",
        "{hand} 里有副露的供牌座位不可能",
    ),
    "gb_calculator_refused": (
        "the fan calculator refused {hand} ({detail})",
        "算番器不接受 {hand}（{detail}）",
    ),
}

txt = messages(TEXTS)

__all__ = ["Seat", "TEXTS", "txt"]
