"""The refusals of nanjing in English and Chinese, by code (see :mod:`mjscore.engine.errors`).

The English is the command line's text as it has always read; the Chinese is shown in the
app and by ``--lang zh``. Values come in as parameters; a seat is a :class:`Seat`."""

from __future__ import annotations

from mjscore.engine.errors import Seat, messages

TEXTS: dict[str, tuple[str, ...]] = {
    "dealer_s_hand_complete_right": (
        "天胡 is the dealer's hand complete right after the opening flower replacement, before any claim or kong, but the winner shows {p1} pung(s)/kong(s)",
        "天胡是庄家开局补花后即成的胡，在任何碰杠之前；但胡牌者有 {p1} 个碰/杠",
    ),
    "won_after_right_after_opening": (
        "地胡 is won after 报听 right after the opening flower replacement, and a ready hand is not changed any more (报听后不能换牌，只能抓一张出一张), but the winner claimed a pung",
        "地胡是开局补花后报听即胡，报听后不能换牌，只能抓一张出一张；但胡牌者碰过牌",
    ),
    "four_identical_flowers_winner_hand": (
        "花杠开 needs a 花杠 (four identical flowers) by the winner in this hand's flowers events",
        "花杠开须胡牌者本盘补花时有花杠（四张相同的花）",
    ),
    "concealed_false_contradicts_declared_pattern": (
        "'concealed': false contradicts the declared 门清 pattern",
        "不门清与报的门清牌型矛盾",
        "the win is marked not 门清, which contradicts the declared 门清 pattern",
    ),
    "concealed_false_tiles_pung_made": (
        "'concealed': false, but the tiles are 门清 (no pung made)",
        "记了不门清，但手牌是门清（没有碰）",
        "the win is marked not 门清, but the tiles are 门清 (no pung made)",
    ),
    "declared_soft_flowers_tiles_give": (
        "declared soft_flowers {soft_flowers} but the tiles give {soft}",
        "报了软花 {soft_flowers}，但手牌算出 {soft}",
        "declared {soft_flowers} soft flowers (软花) but the tiles give {soft}",
    ),
    "declared_winner_s_events_show": (
        "门清 declared but the winner's events show a pung",
        "报了门清，但胡牌者记过碰",
    ),
    "robbed_tile_fourth_copy_robbed": (
        "抢杠: the robbed tile is the fourth copy (the robbed player's pung holds the other three), so it can only complete a sequence; {names} has none",
        "抢杠：被抢的是第四张（被抢的人的碰占了另外三张），只能用来成顺子；{names}没有顺子",
    ),
    "four_exposed_melds_winner_s": (
        "全球独钓 needs four exposed melds, but the winner's events show a concealed kong",
        "全球独钓须有四副明的副露，但胡牌者记了暗杠",
    ),
    "hand_pairs_winner_s_events": (
        "{zh} is a hand of pairs, but the winner's events show a pung or kong",
        "{zh}是对子的牌，但胡牌者记过碰或杠",
    ),
    "liable_player_winner": (
        "the liable player is the winner",
        "承包的人是胡牌者自己",
    ),
    "jing_nanchang": (
        "--jing is for Nanchang only",
        "--jing 只用于南昌",
        "only Nanchang has jing",
    ),
    "nanjing_last_copy": (
        "Nanjing has no 和绝张 (last_copy)",
        "南京没有和绝张",
        "Nanjing has no 和绝张",
    ),
    "dealer_s_hand_complete_right_2": (
        "天胡 is the dealer's hand complete right after the opening flower replacement, before any claim or kong; this hand shows melds",
        "天胡是庄家开局补花后即成的胡，在任何碰杠之前；这手牌有副露",
    ),
    "declared_pattern_does_hold": (
        "declared pattern {zh} ({p}) does not hold: {why}",
        "报的牌型{zh}不成立：{why}",
        "declared pattern {zh} does not hold: {why}",
    ),
    "robbed_kong_says_robbed_kong_2": (
        "robbed_kong: {n} says the robbed kong was kong number {n} of {from_}'s chain, so that player's {p3} earlier kong(s) must be logged; {p4} kong event(s) of {from_} found",
        "抢杠连杠数 {n}：{from_} 此前的 {p3} 个杠须已记下，但只记了 {p4} 个",
        "抢杠: the robbed kong was kong number {n} of {from_}'s chain, so that player's {p3} earlier kong(s) must be logged; {p4} kong(s) of {from_} found",
    ),
    "nanjing_does_know_flag_flags": (
        "Nanjing does not know the flag {name!r} (flags: {p2})",
        "南京没有情形 {name!r}（可用：{p2}）",
    ),
    "robbed_kong_added_pung_three": (
        "抢杠: the robbed kong is added to a pung of {win_tile} (three copies), so the winner can hold only the robbed tile; the hand holds {n}",
        "抢杠：被抢的杠是在 {win_tile} 的碰上补的（三张），胡牌者只能有被抢的那一张；手牌里有 {n} 张",
    ),
    "hand_ended": (
        "the hand has not ended",
        "这一盘还没有结束",
    ),
    "would_hold_flowers_there": (
        "{p} would hold {p2} flowers; there are only 20",
        "{p} 会有 {p2} 张花；花只有 20 张",
    ),
    "winner_s_hard_flowers_disagree": (
        "the winner's hard flowers disagree: {detail}",
        "胡牌者的硬花数不一致：{detail}",
    ),
    "exclude_each_other_given": (
        "大杠开, 小杠开 and 花杠开 exclude each other ({p1} given)",
        "大杠开、小杠开、花杠开只能有一个（现有 {p1}）",
    ),
    "robbed_kong_from_player_whose_2": (
        "robbed_kong needs 'from' = the player whose kong was robbed",
        "抢杠须写明被抢杠的人",
        "抢杠 needs the player whose kong was robbed as the discarder",
    ),
    "exclude_each_other": (
        "天胡 and 地胡 exclude each other",
        "天胡和地胡只能有一个",
    ),
    "dealer_s_win_winner_dealer": (
        "天胡 is the dealer's win; this winner is not the dealer",
        "天胡是庄家的胡；这位胡牌者不是庄家",
    ),
    "non_dealer_s_win_after": (
        "地胡 is a non-dealer's win after 报听; this winner is the dealer",
        "地胡是闲家报听后的胡；这位胡牌者是庄家",
    ),
    "complete_before_first_draw_win": (
        "天胡 is complete before the first draw; 海底捞 is a win in the last two stacks",
        "天胡在第一次摸牌之前就成；海底捞是最后两墩的胡",
    ),
    "kong_bloom_go": (
        "kong_bloom cannot go with 天胡/地胡",
        "杠上开花不能与天胡、地胡同时",
        "大杠开 cannot go with 天胡/地胡",
    ),
    "declared_hard_flowers_winner_s": (
        "declared hard_flowers {hard_flowers} but the winner's flowers events show {p2}",
        "报了硬花 {hard_flowers}，但胡牌者的补花记录是 {p2}",
        "declared {hard_flowers} hard flowers (硬花) but the winner's logged flowers show {p2}",
    ),
    "flower_nanjing_melded_2": (
        "{p1} is a flower in Nanjing and cannot be melded",
        "{p1} 在南京是花，不能组成副露",
    ),
    "would_put_copies_table_logged": (
        "this {what} would put {total} copies of {p3} on the table (logged pungs and kongs); there are only 4",
        "这样桌上（已记的碰和杠）会有 {total} 张{p3}；一种牌只有 4 张",
    ),
    "s_kong_logged_kong_event": (
        "抢杠: {robbed}'s kong of {p2} is logged as a kong event, but a robbed kong never completes; leave it out ('robbed_kong' counts it, RULES.md §0)",
        "抢杠：{robbed} 的{p2}杠记成了杠，但被抢的杠并没有成；请删去它（抢杠已算了它）",
        "抢杠: {robbed}'s kong of {p2} is logged as a kong, but a robbed kong never completes; leave it out (抢杠 counts it)",
    ),
    "robbed_kong_added_s_pung": (
        "抢杠: the robbed kong is added to {robbed}'s pung of {p2} (three copies), so the winner can hold only the robbed tile; the hand holds {p3}",
        "抢杠：被抢的杠是在 {robbed} 的{p2}碰上补的（三张），胡牌者只能有被抢的那一张；手牌里有 {p3} 张",
    ),
    "winner_s_hand_holds_other": (
        "the winner's hand holds {n} {p2} and other players' logged pungs/kongs show {p3}; there are only 4",
        "胡牌者手里有 {n} 张{p2}，别家记的碰杠里有 {p3} 张；一种牌只有 4 张",
    ),
    "self_draw_win_names_discarder": (
        "{name} is a self-draw, but the win names a discarder ('from': {from_})",
        "{name}是自摸，但这次胡记了放炮者",
        "{name} is a self-draw, but the win names a discarder ({from_})",
    ),
    "nanjing_flower_flowers_h_dragons": (
        "{t!r} is not a Nanjing flower (flowers are a–h and the dragons C F P)",
        "{t!r} 不是南京的花（花是 a–h 和箭牌 C F P）",
    ),
    "flower_shown_times_table_there": (
        "flower {p1} ({t}) shown {n} times at the table; there are only {cap}",
        "花{p1}（{t}）桌上亮了 {n} 次；只有 {cap} 张",
    ),
    "hand_string_s_flowers_differ_2": (
        "the hand string's flowers ({p1}) differ from the winner's flowers events ({p2})",
        "手牌里的花（{p1}）与胡牌者的补花记录（{p2}）不同",
    ),
    "hand_string_shows_four_identical": (
        "the hand string shows a 花杠 (four identical flowers) but no flowers event logs it; log the flowers event so the 花杠 is paid on the spot",
        "手牌里有花杠（四张相同的花），但补花里没有记；请记下这次补花，花杠当场结算",
    ),
    "shows_logged_pungs_kongs_which": (
        "抢杠 of {p1}: {p} shows {p3} of it in logged pungs/kongs, which leaves no pung of it for the robbed {robbed}",
        "抢杠{p1}：{p} 已记的碰杠里有 {p3} 张，被抢的 {robbed} 就不可能有它的碰",
    ),
    "added_kong_from_pung_upgrades": (
        "this added kong of {p1} has 'from' {from_}, but the pung it upgrades (events[{j}]) was claimed from {from2}; a pung later kong-ed is one meld and keeps its supplier",
        "{p1} 的补杠记的供牌者是 {from_}，但它所补的碰（第 {n} 个事件）是 {from2} 供的；碰后再杠仍是同一副牌，供牌者不变",
        "this added kong of {p1} names {from_} as supplier, but the pung it upgrades was claimed from {from2}; a pung later kong-ed is one meld and keeps its supplier",
    ),
    "s_already_kong_pung_kong": (
        "{player}'s {p2} is already a kong; a pung is kong-ed only once",
        "{player} 的{p2}已经杠过；一个碰只能杠一次",
    ),
    "flower_winner_s_hand_string": (
        "flower {p1} ({t}) is in the winner's hand string and in other players' flowers events: {n} at the table, only {p4} exist",
        "花{p1}（{t}）既在胡牌者手牌里，又在别家补花里：桌上共 {n} 张，只有 {p4} 张",
    ),
    "nanjing_allows_claimed_chow_melds": (
        "Nanjing allows no claimed chow; melds are pungs and kongs",
        "南京不能吃；副露只有碰和杠",
    ),
    "these_tiles_winning_hand_four": (
        "these tiles are not a winning hand (four sets and a pair, or seven pairs)",
        "这些牌不成胡（须四副加一对，或七对）",
    ),
    "declared_winner_hard_flower_s": (
        "无花果 declared but the winner has {hard} hard flower(s)",
        "报了无花果，但胡牌者有 {hard} 张硬花",
    ),
    "nanjing_patterns_exclusive": (
        "{p1} cannot go with {p2}",
        "{p1}不能与{p2}同时",
    ),
    "flower_bloom_no_flowers": (
        "小杠开 is a win on a flower replacement, but the winner has no flowers",
        "小杠开是补花后的胡，但胡牌者没有花",
    ),
    "flower_bloom_no_flowers_declared": (
        "小杠开 is a win on a flower replacement, but the winner has no flowers (无花果 declared)",
        "小杠开是补花后的胡，但胡牌者没有花（报了无花果）",
    ),
    "small_win": (
        "小胡 not allowed",
        "不能胡小胡",
    ),
    "small_win_open": (
        "小胡 not allowed: a small win (no big pattern) must be 门清 or hold at least 4 hard flowers; this hand is open and has {hard} hard flower(s)",
        "不能胡小胡：没有大牌型的小胡须门清或至少 4 张硬花；这手牌不门清，只有 {hard} 张硬花",
    ),
    "small_win_open_no_flowers": (
        "小胡 not allowed: a small win (no big pattern) must be 门清 or hold at least 4 hard flowers; this hand is open and has {hard} hard flower(s) (无花果 does not make it big: a small win without flowers must be 门清)",
        "不能胡小胡：没有大牌型的小胡须门清或至少 4 张硬花；这手牌不门清，只有 {hard} 张硬花（无花果不算大牌：没有花的小胡须门清）",
    ),
    "small_win_declared": (
        "{inner} (declared mode: declare 门清 'concealed' if no pung was made, log the winner's flowers or give hard_flowers, or declare the big pattern)",
        "{inner}（报牌型时：没碰过牌就报门清，记下胡牌者的补花或报硬花数，或报大牌型）",
        "{inner} (declared: tick 门清 concealed if no pung was made, log the winner's flowers or give the hard flowers, or tick the big pattern)",
    ),
}

txt = messages(TEXTS)

__all__ = ["Seat", "TEXTS", "txt"]
