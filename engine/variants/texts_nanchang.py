"""The refusals of nanchang in English and Chinese, by code (see :mod:`mjscore.engine.errors`).

The English is the command line's text as it has always read; the Chinese is shown in the
app and by ``--lang zh``. Values come in as parameters; a seat is a :class:`Seat`."""

from __future__ import annotations

from mjscore.engine.errors import Seat, messages

TEXTS: dict[str, tuple[str, ...]] = {
    "fourteen_concealed_tiles_logged_hand": (
        "{name} is fourteen concealed tiles, but {player} has a logged {p3} this hand",
        "{name}是十四张门前牌，但 {player} 本盘记了{meld}",
    ),
    "hand_s_context_marks_win_2": (
        "the hand's context marks 抢杠 but the win has no robbed_kong flag",
        "手牌附注标了抢杠，但胡牌没有勾抢杠",
        "the hand's context marks 抢杠 but the win is not marked 抢杠",
    ),
    "hand_s_context_marks_win_3": (
        "the hand's context marks 杠上开花 but the win has no kong_bloom flag",
        "手牌附注标了杠上开花，但胡牌没有勾杠上开花",
        "the hand's context marks 杠上开花 but the win is not marked 杠上开花",
    ),
    "comes_before_anyone_claims_kongs": (
        "{name} comes before anyone claims or kongs, but the hand has melds",
        "{name}在任何人吃碰杠之前，但这手牌有副露",
    ),
    "winner_s_hand_holds_jing": (
        "the winner's hand holds {p1} {p2} (正精) and {p3} {p4} (副精) but jing_count gives him {p5}",
        "胡牌者手里有 {p1} 张{p2}（正精）和 {p3} 张{p4}（副精），但精数记的是 {p5}",
        "the winner's hand holds {p1} {p2} (正精) and {p3} {p4} (副精) but the jing count gives him {p5}",
    ),
    "nanchang_jing_tile_e_g": (
        "Nanchang needs the 正精: --jing TILE (e.g. --jing 5p); it decides what is wild",
        "南昌需要正精：--jing 牌（例 --jing 5p）；它决定哪些牌是精",
        "Nanchang needs the 正精 revealed first; it decides what is wild",
    ),
    "jing_takes_one_tile": (
        "--jing takes one tile, not {jing!r}",
        "--jing 只能是一张牌，不是 {jing!r}",
        "the 正精 is one tile, not {jing!r}",
    ),
    "dealer_s_seat_e_dealt": (
        "天胡 is the dealer's (seat E) dealt hand, with no kong",
        "天胡是庄家（东）起手的牌，没有杠",
    ),
    "non_dealer_s_win_dealer": (
        "地胡 is a non-dealer's win on the dealer's first discard, with no kong",
        "地胡是闲家胡庄家打出的第一张牌，没有杠",
    ),
    "nanchang_does_know_flag_flags": (
        "Nanchang does not know the flag {name!r} (flags: {p2})",
        "南昌没有情形 {name!r}（可用：{p2}）",
    ),
    "event_twice": (
        "a hand has at most one {name} event (found {p2})",
        "一盘最多记一次{what}（现有 {p2} 次）",
    ),
    "made_four_jing_count_hand": (
        "{p} made a 精杠 of {p2} ({tile}); its four jing count in 奖励分, so the hand needs the jing_count event (every player's 正精/副精 at hand end)",
        "{p} 杠了四张{p2}（{tile}），是精杠；这四张精计入奖励分，所以本盘须记精数（各家最后的正精/副精）",
        "{p} made a 精杠 of {p2} ({tile}); its four jing count in 奖励分, so the hand needs the jing count (every player's 正精/副精 at hand end)",
    ),
    "kong_bloom_self_draw_from_2": (
        "杠上开花 (kong_bloom) is a self-draw: 'from' must be null",
        "杠上开花是自摸，不能有放炮者",
        "杠上开花 is a self-draw: the win cannot name a discarder",
    ),
    "robbed_kong_from_player_whose": (
        "抢杠 (robbed_kong) needs 'from' = the player whose kong was robbed",
        "抢杠须写明被抢杠的人",
        "抢杠 needs the player whose kong was robbed as the discarder",
    ),
    "happen_before_any_kong_they": (
        "天胡/地胡 happen before any kong: they cannot be kong_bloom or robbed_kong",
        "天胡、地胡在任何杠之前：不能是杠上开花或抢杠",
        "天胡/地胡 happen before any kong: they cannot be 杠上开花 or 抢杠",
    ),
    "win_both": (
        "a win cannot be both 天胡 and 地胡",
        "一次胡不能既是天胡又是地胡",
    ),
    "different_shapes_declare_one": (
        "七对 and 十三烂 are different shapes; declare one",
        "七对和十三烂是不同的牌形；只能报一个",
    ),
    "played_tiles_without_flowers_leave": (
        "南昌 is played with 136 tiles, without flowers: leave the flower section out",
        "南昌用 136 张牌，没有花：请去掉花的那一段",
    ),
    "context_marks_which_does_score": (
        "the context marks {what}, which 南昌 does not score (flags: {p2})",
        "附注标了{what}，南昌不计这一项（可用：{p2}）",
    ),
    "says_other_player_holds_jing": (
        "德中德 says no other player holds jing, but jing_count gives seat(s) {p1} jing",
        "德中德表示别家都没有精，但精数记了 {p1} 有精",
        "德中德 says no other player holds jing, but the jing count gives jing to {p1}",
    ),
    "nanchang_win_written_tiles_hand": (
        "a Nanchang win written in tiles needs the hand's jing event (the 正精 decides what is wild)",
        "南昌按手牌记胡，须先记本盘的翻精（正精决定哪些牌是精）",
    ),
    "winning_hand_taken_from_another": (
        "{p1} is not a winning hand: the {p2} ({taken}) {how} is a 精 taken from another player and counts only as itself (别人打出的精只能作为本张); the hand wins only with it as wild",
        "{p1} 不成胡：{p2}（{taken}）是从别家得来的精，只能作为本张（别人打出的精只能作为本张）；这手牌要把它当精才能胡",
    ),
    "winning_hand_even_wild": (
        "{p1} is not a winning hand, even with 精 {p2}/{p3} as wild",
        "{p1} 不成胡，即使把 {p2}/{p3} 当精也不成",
    ),
    "declared_hand": (
        "{zh} ({p}) is declared but the hand {p3} is not {zh}",
        "报了{zh}，但手牌 {p3} 不是{zh}",
        "{zh} is declared but the hand {p3} is not {zh}",
    ),
    "dealer_s_dealt_hand_dealer": (
        "天胡 is the dealer's dealt hand; {player} is not the dealer ({dealer})",
        "天胡是庄家起手的牌；{player} 不是庄家（庄家是 {dealer}）",
    ),
    "won_dealt_tiles_from_null": (
        "天胡 is won on the dealt 14 tiles: 'from' must be null",
        "天胡胡的是起手的 14 张牌，不能有放炮者",
        "天胡 is won on the dealt 14 tiles: the win cannot name a discarder",
    ),
    "non_dealer_s_win_dealer_2": (
        "地胡 is a non-dealer's win on the dealer's first discard; the dealer cannot have it",
        "地胡是闲家胡庄家打出的第一张牌；庄家不能地胡",
    ),
    "won_dealer_s_first_discard": (
        "地胡 is won on the dealer's first discard: 'from' must be the dealer ({dealer})",
        "地胡胡的是庄家打出的第一张牌：放炮者须是庄家（{dealer}）",
        "地胡 is won on the dealer's first discard: the discarder must be the dealer ({dealer})",
    ),
    "counts_self_draw_win_from": (
        "精吊 counts only on a self-draw (the win has a 'from')",
        "精吊只在自摸时计（这次胡有放炮者）",
        "精吊 counts only on a self-draw (this win names a discarder)",
    ),
    "four_sets_six_pairs_plus": (
        "精吊 is four sets or six pairs plus a jing, not 十三烂",
        "精吊是四副加一张精或六对加一张精，不是十三烂",
    ),
    "players_hold_hands_four_copies": (
        "the players hold {total} {p2} ({t}) as 下精 but only {limit} can be in hands (four copies, {p5} turned face up on the wall)",
        "各家共报 {total} 张{p2}（{t}）作下精，但手里最多只能有 {limit} 张（四张中 {p5} 张翻在牌墙上）",
    ),
    "players_report_all_more_than": (
        "the players report {total}{tile} {name} in all, more than the four copies of a tile",
        "各家共报 {total} 张{name}，超过了一种牌的四张",
    ),
    "kong_event_s_could_jing": (
        "{p} has {n} 精杠 but only {possible} kong event(s) that could be of jing",
        "{p} 报了 {n} 个精杠，但只有 {possible} 个杠可能是精",
    ),
    "made_kong_s_jing_tiles": (
        "{p} made {p2} kong(s) of jing tiles, so jing_kongs cannot be {n}",
        "{p} 杠了 {p2} 个精，精杠数不能是 {n}",
        "{p} made {p2} kong(s) of jing tiles, so his 精杠 cannot number {n}",
    ),
    "jing_count_gives_him_four": (
        "{p} has {n} 精杠 but jing_count gives him {p3} (a 精杠 is four of one jing)",
        "{p} 有 {n} 个精杠，但精数只记了 {p3}（一个精杠是四张同一种精）",
        "{p} has {n} 精杠 but the jing count gives him {p3} (a 精杠 is four of one jing)",
    ),
    "jing_jing_count_gives_winner": (
        "精吊 needs a jing, but jing_count gives the winner none",
        "精吊须有精，但精数里胡牌者没有精",
        "精吊 needs a jing, but the jing count gives the winner none",
    ),
    "chongguan_self_feed": (
        "{p} cannot feed his own 冲关",
        "{p} 不能给自己冲关供精",
    ),
    "chongguan_fed_short": (
        "fed_by names {x} as feeding {p}'s 冲关, but {p} holds jing worth {p3} (冲关 needs 5)",
        "记了 {x} 给 {p} 冲关供精，但 {p} 的精只值 {p3}（冲关须 5）",
        "{x} is named as feeding {p}'s 冲关, but {p} holds jing worth {p3} (冲关 needs 5)",
    ),
    "made_kong_jing_count_gives": (
        "{p} made a kong of {p2} ({p3}) but jing_count gives him {p4} of it",
        "{p} 杠了{p2}（{p3}），但精数只记了 {p4} 张",
        "{p} made a kong of {p2} ({p3}) but the jing count gives him {p4} of it",
    ),
}

txt = messages(TEXTS)

__all__ = ["Seat", "TEXTS", "txt"]
