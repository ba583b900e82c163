"""The refusals of nanning in English and Chinese, by code (see :mod:`mjscore.engine.errors`).

The English is the command line's text as it has always read; the Chinese is shown in the
app and by ``--lang zh``. Values come in as parameters; a seat is a :class:`Seat`."""

from __future__ import annotations

from mjscore.engine.errors import Seat, messages

TEXTS: dict[str, tuple[str, ...]] = {
    "hands_untouched_always": (
        "天胡/地胡/人胡 hands are untouched, so always 门清",
        "天胡、地胡、人胡都没有动过牌，总是门清",
    ),
    "never_chain_holds_exposed_added": (
        "明杠 杠上花 is never 门清: the chain holds an exposed or added kong",
        "明杠杠上花不是门清：连杠里有明杠或补杠",
    ),
    "off_session_option_horses_horse": (
        "摸码 is off in this session (option horses = 0); no horse tiles can be given",
        "本局没有摸码（码数 = 0）；不能记码牌",
        "摸码 is off in this session (no horse tiles are turned); none can be given",
    ),
    "win_horses_follow_self_draw": (
        "no 摸码 for this win: horses follow a self-draw only (天胡, 地胡, 暗杠杠上花 included; not 海底捞月, not 明杠杠上花)",
        "这次胡没有摸码：只有自摸才摸码（包括天胡、地胡、暗杠杠上花；不包括海底捞月、明杠杠上花）",
    ),
    "tiles_self_draw_horses_tiles": (
        "摸码 is on ({horses} tiles): this self-draw needs 'horses' (the tiles turned) or 'horse_hits'",
        "本局摸码（{horses} 张）：这次自摸须记码牌或中码数",
        "摸码 is on ({horses} tiles): this self-draw needs the horse tiles turned or the number of hits",
    ),
    "session_turns_horse_tiles_given": (
        "the session turns {horses} horse tiles, but {p2} were given",
        "本局摸 {horses} 张码，但记了 {p2} 张",
    ),
    "off_session_option_fishing_fish": (
        "钓鱼 is off in this session (option fishing); no fish can be given",
        "本局没有钓鱼；不能记鱼",
    ),
    "win_fish_each_player_s": (
        "钓鱼 is on: the win needs 'fish' (each player's fish tiles, null for none)",
        "本局钓鱼：这次胡须记各家的鱼（没钓的留空）",
        "钓鱼 is on: the win needs each player's fish tiles (none for a player who has none)",
    ),
    "hits_from_horse_tiles_impossible": (
        "{horse_hits} hits from {horses} horse tiles is impossible",
        "{horses} 张码不可能中 {horse_hits} 个",
    ),
    "fish_one_hand_same_every": (
        "the fish of one hand must be the same in every win event",
        "一盘里每个胡牌记的鱼须相同",
    ),
    "hand_ended": (
        "the hand has not ended",
        "这一盘还没有结束",
    ),
    "several_winners_all_win_same_2": (
        "several winners must all win on the same player's discard (一炮多响)",
        "几家同时胡（一炮多响），必须都胡同一家打出的牌",
    ),
    "same_player_wins_twice_one": (
        "the same player wins twice in one hand",
        "同一人在一盘里胡了两次",
    ),
    "nanning_does_take_declared": (
        "Nanning does not take a declared {name!r}",
        "南宁不能报 {name!r}",
    ),
    "nanning_events": (
        "Nanning has no {type} events",
        "南宁没有 {type} 事件",
    ),
    "player_who_drew_last_tile": (
        "流局: the player who drew the last tile deals next (draw_dealer = last_drawer), so the draw event needs 'last_drawer'",
        "流局：摸最后一张的人下盘坐庄，所以流局须记是谁摸了最后一张",
        "流局: the player who drew the last tile deals next, so the draw needs who drew it",
    ),
    "sealed_who_claimed_three_melds": (
        "{w} is sealed (封胡) by {a}, who claimed three melds from him, and may not win this hand",
        "{w} 被 {a} 封胡（{a} 吃碰杠了他三副），本盘不能胡",
    ),
    "nanning_jing_jing_nanchang": (
        "Nanning has no jing (--jing is for Nanchang)",
        "南宁没有精（--jing 只用于南昌）",
        "Nanning has no jing (only Nanchang has)",
    ),
    "human_non_dealer_s_win": (
        "人胡 (human) is a non-dealer's win on the dealer's first discard, but the hand's seat wind is 东 (the dealer); give the winner's seat in the context, e.g. |SS0000",
        "人胡是闲家胡庄家打出的第一张牌，但手牌附注的门风是东（庄家）；请在附注里写胡牌者的门风，例 |SS0000",
        "人胡 is a non-dealer's win on the dealer's first discard, but the hand's seat wind is 东 (the dealer); give the winner's seat in the context, e.g. |SS0000",
    ),
    "nanning_does_know_flag": (
        "Nanning does not know the flag {name!r}",
        "南宁没有情形 {name!r}",
    ),
    "both_apply": (
        "{p1} cannot both apply",
        "{names}不能同时成立",
    ),
    "kong_bloom_together_never_scored": (
        "kong_bloom together with {p1}: a 杠上花 is never {p2} (scored as 杠上花)",
        "杠上花不会同时是{p2}（按杠上花计）",
        "杠上花 together with {p1}: a 杠上花 is never {p2} (scored as 杠上花)",
    ),
    "last_tile_together_first_go": (
        "last_tile together with {p1}: the first go-round is not the last tile",
        "海底不能与{name}同时：第一圈不是最后一张",
        "the last tile together with {p1}: the first go-round is not the last tile",
    ),
    "kong_possible_after_last_tile": (
        "海底捞月 has no 杠上花 (no kong is possible after the last tile)",
        "海底捞月没有杠上花（最后一张之后不能再杠）",
    ),
    "after_last_tile_kong_made": (
        "海底炮无杠上花: after the last tile no kong can be made, so kong_cannon cannot go with last_tile",
        "海底炮无杠上花：最后一张之后不能再杠，所以杠上炮不能与海底同时",
        "海底炮无杠上花: after the last tile no kong can be made, so 杠上炮 cannot go with the last tile",
    ),
    "robbed_kong_go_winning_tile": (
        "robbed_kong cannot go with {bad}: the winning tile was a kong being added, not a discard",
        "抢杠不能与{name}同时：和张是别人补杠的牌，不是打出的牌",
        "抢杠胡 cannot go with {bad}: the winning tile was a kong being added, not a discard",
    ),
    "heavenly_dealer_s_alone_winner": (
        "天胡 (heavenly) is the dealer's alone; this winner is not the dealer",
        "天胡只属于庄家；这位胡牌者不是庄家",
        "天胡 is the dealer's alone; this winner is not the dealer",
    ),
    "earthly_non_dealer_s_first": (
        "地胡 (earthly) is a non-dealer's first self-draw; the dealer's is 天胡",
        "地胡是闲家第一次自摸；庄家的是天胡",
        "地胡 is a non-dealer's first self-draw; the dealer's is 天胡",
    ),
    "human_won_dealer_s_first": (
        "人胡 (human) is won on the dealer's first discard; the discarder here is {from_}, the dealer {dealer}",
        "人胡胡的是庄家打出的第一张牌；这里放炮者是 {from_}，庄家是 {dealer}",
        "人胡 is won on the dealer's first discard; the discarder here is {from_}, the dealer {dealer}",
    ),
    "declared_concealed_hand_s_tiles": (
        "declared concealed: {p1}, but the hand's tiles say {p2}",
        "报的是{said}，但手牌是{found}",
        "the declared 门清 disagrees with the hand's tiles",
    ),
    "declared_quads_hand": (
        "declared quads: {quads}, but the hand has {quads2}",
        "报了 {quads} 个四张，但手牌有 {quads2} 个",
        "declared {quads} quads (七大对组数), but the hand has {quads2}",
    ),
    "declared_concealed_true_winner_made": (
        "declared 门清 (concealed: true), but the winner made an exposed {type} in this hand",
        "报了门清，但胡牌者本盘明{ev}过",
        "declared 门清, but the winner made an exposed {type} in this hand",
    ),
    "winner_kong_events_hand_holds": (
        "the winner has {p1} kong events; a hand holds at most four",
        "胡牌者记了 {p1} 个杠；一手牌最多四个",
    ),
    "four_concealed_kongs_always_concealed": (
        "four concealed kongs are always 门清: 'concealed: false' is impossible (RULES.md §1)",
        "四个暗杠总是门清：不可能不门清",
        "four concealed kongs are always 门清: not 门清 is impossible",
    ),
    "seven_pairs_hold_kong_winner": (
        "seven pairs hold no kong, but the winner made a kong in this hand",
        "七对没有杠，但胡牌者本盘杠过",
    ),
    "four_exposed_melds_winner_s_2": (
        "全求人 has four exposed melds; the winner's concealed kong contradicts it",
        "全求人有四副明的副露；胡牌者的暗杠与之矛盾",
    ),
    "appears_times_tile_four_copies": (
        "{t} appears {p2} times (a tile has four copies) among the winning hand(s), the logged pungs and kongs{p3}{p4}{hint}",
        "{t} 在胡牌的手牌、已记的碰杠（及码、鱼）里共出现 {p2} 次；一种牌只有四张",
    ),
    "discarder_all_melded_human_dealer": (
        "discarder_all_melded (全求炮) with human (人胡): the dealer's very first discard comes before any meld",
        "全求炮不能与人胡同时：庄家打第一张牌时还没有人副露",
        "全求炮 with 人胡: the dealer's very first discard comes before any meld",
    ),
    "discarder_had_four_exposed_melds": (
        "全求炮: the discarder had four exposed melds, but his concealed kong is logged (events[{ck}]) and a hand holds at most four melds",
        "全求炮：放炮者有四副明的副露，但他记了暗杠（第 {n} 个事件），一手牌最多四副",
        "全求炮: the discarder had four exposed melds, but his concealed kong is logged and a hand holds at most four melds",
    ),
    "declared_patterns_disagree_hand_s": (
        "the declared patterns ({p1}) disagree with the hand's tiles ({p2}); leave 'patterns' out to derive them",
        "报的牌型（{p1}）与手牌（{p2}）不符；不报牌型即由手牌算出",
        "the declared patterns ({p1}) disagree with the hand's tiles ({p2}); leave the patterns out to have them worked out from the tiles",
    ),
    "win_another_player_s_tile": (
        "{f} ({p2}) is a win on another player's tile, but this win is self-drawn (from: null)",
        "{name}胡的是别人的牌，但这次胡是自摸",
        "{name} is a win on another player's tile, but this win is self-drawn",
    ),
    "self_draw_win_names_discarder_2": (
        "{f} ({p2}) is a self-draw, but this win names a discarder (from: {from_})",
        "{name}是自摸，但这次胡记了放炮者",
        "{name} is a self-draw, but this win names a discarder ({from_})",
    ),
    "untouched_first_go_round_logged": (
        "{p1} ({p2}) needs an untouched first go-round, but a {type} was logged (events[{i}])",
        "{p1}须第一圈无人动过牌，但记了{ev}（第 {n} 个事件）",
        "{p1} needs an untouched first go-round, but a {type} was logged",
    ),
    "drawn_tile_yet_when_win": (
        "{p1} ({p2}): {player} has not drawn a tile yet when this win happens, so its concealed kong (events[{i}]) cannot come before it",
        "{p1}：胡牌时 {player} 还没有摸过牌，他的暗杠（第 {n} 个事件）不可能在前",
        "{p1}: {player} has not drawn a tile yet when this win happens, so his concealed kong cannot come before it",
    ),
    "winners_took_same_tile_same": (
        "一炮多响: the winners took the same tile, so {f} ({p2}) must be the same for all of them ({p3} for {player}, {p5} for {player2})",
        "一炮多响：各家胡的是同一张牌，所以{name}对每人须相同（{player} 是 {p3}，{player2} 是 {p5}）",
        "一炮多响: the winners took the same tile, so {name} must be the same for all of them ({p3} for {player}, {p5} for {player2})",
    ),
    "kong_robbed_player_logged_events": (
        "抢杠胡 on {wt}: a kong of {wt} by the robbed player is logged (events[{p2}]), but a robbed kong is never completed: it is not logged and scores nothing (RULES.md §0)",
        "抢杠胡 {wt}：被抢的人记了 {wt} 的杠（第 {n} 个事件），但被抢的杠并没有成：不记、不计分",
        "抢杠胡 on {wt}: a kong of {wt} by the robbed player is logged, but a robbed kong is never completed: it is not logged and scores nothing",
    ),
    "every_winner_takes_same_discarded": (
        "一炮多响: every winner takes the same discarded tile, but this hand wins on {wt} and another on {shared}",
        "一炮多响：各家须胡同一张牌，但这里一家胡 {wt}，另一家胡 {shared}",
    ),
    "added_kong_s_from_differs_2": (
        "the added kong's 'from' ({from_}) differs from its pung's ({p2}); a pung later turned into an added kong is one meld (RULES.md §0)",
        "补杠的供牌者（{from_}）与碰的供牌者（{p2}）不同；碰后再补杠仍是同一副牌",
        "the added kong's supplier ({from_}) differs from its pung's ({p2}); a pung later turned into an added kong is one meld",
    ),
    "nanning_claimed_chow_concealed_part": (
        "Nanning has no claimed chow (不准吃); only the concealed part may hold sequences",
        "南宁不准吃；只有门前部分可以有顺子",
    ),
    "nanning_played_without_flowers": (
        "Nanning is played without flowers (无花牌)",
        "南宁无花牌",
    ),
    "nanning_win_four_sets_pair": (
        "not a Nanning win: needs four sets and a pair, or seven pairs (no 十三幺, no 全不靠)",
        "不是南宁的胡：须四副加一对或七对（没有十三幺、全不靠）",
    ),
    "luxury_seven_pairs_quads_how": (
        "七大对 (luxury_seven_pairs) needs 'quads': how many pairs are four identical tiles (1–3)",
        "七大对须报有几个对子是四张相同的牌（1–3）",
        "七大对 needs how many pairs are four identical tiles (1–3)",
    ),
    "quads_goes_pattern_luxury_seven": (
        "'quads' only goes with the pattern luxury_seven_pairs (七大对)",
        "四张的个数只用于七大对",
        "the number of quads (七大对组数) only goes with 七大对",
    ),
    "seven_pairs_also_one_pairs": (
        "seven pairs cannot also be {p1} ({bad}): one is pairs, the other sets",
        "七对不能同时是{p1}：一个是对子，一个是副",
    ),
    "unknown_nanning_pattern_known": (
        "unknown Nanning pattern {p!r} (known: {p2})",
        "南宁没有牌型 {p!r}（可用：{p2}）",
    ),
    "all_melded_won_discard_self": (
        "全求人 (all_melded) is won on a discard only; self-drawn it is just 碰碰胡 (all_pungs)",
        "全求人只能胡别人打出的牌；自摸就只是碰碰胡",
        "全求人 is won on a discard only; self-drawn it is just 碰碰胡",
    ),
    "all_melded_four_exposed_melds": (
        "全求人 (all_melded) has four exposed melds, so it cannot be 门清 (concealed)",
        "全求人有四副明的副露，不可能门清",
        "全求人 has four exposed melds, so it cannot be 门清",
    ),
    "always_concealed_false_contradicts_them": (
        "七小对/七大对 are always 门清 (concealed: false contradicts them)",
        "七小对、七大对总是门清（不门清与之矛盾）",
        "七小对/七大对 are always 门清 (not 门清 contradicts them)",
    ),
    "chain_contains_concealed_kong_robbed": (
        "抢连杠: a chain that contains a concealed kong cannot be robbed in Nanning (暗杠等于加了保险)",
        "抢连杠：南宁里有暗杠的连杠不能被抢（暗杠等于加了保险）",
    ),
    "as_a": (
        "{inner} [as a {what}]",
        "{inner}［按{what_zh}］",
    ),
}

txt = messages(TEXTS)

__all__ = ["Seat", "TEXTS", "txt"]
