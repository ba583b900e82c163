"""南京 Nanjing audit against RULES.md §0/§2: one adversarial row per sentence, each quoting it.

Accepted rows give the payments expected (worked by hand from RULES.md §2) and the next
state; refused rows give the error code and where it must point (the offending event)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.core import TableState
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.variants import get_variant

from tests.builders import pays, settle_events
from tests.builders import pung_event as pung

V = get_variant("nanjing")


def settle(events, state=None, **options):
    return settle_events(V, events, state, options)


def each(payee, amount, payers=None):
    return [(p, payee, amount) for p in (payers or range(4)) if p != payee]


F1 = {"type": "flowers", "player": 1, "tiles": "abcd"}  # player 1 (south) has 4 hard flowers
F0 = {"type": "flowers", "player": 0, "tiles": "abcd"}
DRAW = {"type": "draw"}


def kong(player, kind, tile, frm=None):
    ev = {"type": "kong", "player": player, "kind": kind, "tile": tile}
    if frm is not None:
        ev["from"] = frm
    return ev


def win(player, frm, hand=None, **kw):
    ev = {"type": "win", "player": player, "from": frm, **kw}
    if hand is not None:
        ev["hand"] = hand
    return ev


# (quote, events, state, options, payments, (dealer, bixiahu, flags) next)
ACCEPTED = [
    # ---- 门清 exclusions
    ("§2 门清 — not counted with 天胡 (tiles: 七对 天胡 = 20+8+80+60)",
     [F0, win(0, None, "1133m5577p1199s2s2s", heavenly=True)], None, {}, each(0, 168), (0, True, 0)),
    ("§2 门清 — not counted with 天胡 (declared 门清 + 天胡 = 20+8+60)",
     [F0, win(0, None, patterns=["concealed"], heavenly=True)], None, {}, each(0, 88), (0, True, 0)),
    ("§2 门清 — not counted with 地胡 (declared)",
     [F1, win(1, None, patterns=["concealed"], earthly=True)], None, {}, each(1, 20 + 8 + 40), (1, True, 0)),
    ("§2 门清 — not counted with 七对 (declared together: 20+8+80)",
     [F1, win(1, 2, patterns=["seven_pairs", "concealed"])], None, {}, [(2, 1, 108)], (1, True, 0)),
    ("§2 门清 — not counted with 七对: the TUI's 'concealed': false (门清 not toggled) is accepted",
     [F1, win(1, 2, patterns=["seven_pairs"], concealed=False)], None, {}, [(2, 1, 108)], (1, True, 0)),
    ("§2 门清 — not counted with 双七对 (tiles: 20+8+160)",
     [F1, win(1, 2, "1111m5577p1199s2s2s")], None, {}, [(2, 1, 188)], (1, True, 0)),
    ("§2 门清 direct exposed kongs keep 门清 (kong 1 soft, 20 pays the kong)",
     [F1, kong(1, "exposed", "5p", 3), win(1, 2, "[5555p,2]123m456m23s55s4s")], None, {},
     [(3, 1, 20), (2, 1, 20 + 2 * 5 + 20)], (1, False, 0)),
    ("§2 门清 — a pung later kong-ed does not (added kong: 4 hard flowers keep it legal)",
     [F1, pung(1, 0, "5p"), kong(1, "added", "5p", 0), win(1, 2, "[5555p,5]123m456m23s55s4s")], None, {},
     [(0, 1, 20), (2, 1, 20 + 2 * 5)], (1, False, 0)),
    # ---- 小胡
    ("§2 小胡 ... is only a legal win when 门清 or holding ≥ 4 hard flowers (open, exactly 4)",
     [F1, pung(1, 0, "1m"), win(1, 2, "[111m,1]234m567p23s55s4s")], None, {}, [(2, 1, 28)], (1, False, 0)),
    ("§2 门清 alone does not make a hand big: no 比下胡 trigger, the deal passes",
     [F1, win(1, 2, "123m456m789p23s55s4s")], TableState(bixiahu=True, flags=2), {},
     [(2, 1, 2 * 48)], (1, False, 0)),
    # ---- soft flowers
    ("§2 wait shape only when the hand waited on exactly one tile: 2444s waits 2s and 3s, no 压档",
     [F1, win(1, 2, "123m456m789p2444s3s")], None, {}, [(2, 1, 48)], (1, False, 0)),
    ("§2 a wind kong instead counts ... 3 if concealed (plus 缺一: no 筒)",
     [F1, kong(1, "concealed", "E"), win(1, 2, "[EEEE]123m456m23s55s4s")], None, {},
     [*each(1, 10), (2, 1, 20 + 2 * (4 + 3 + 1) + 20)], (1, False, 0)),
    ("§2 a wind kong instead counts 2 if ... added (上家 0 supplied the pung)",
     [F1, pung(1, 0, "E"), kong(1, "added", "E", 0), win(1, 2, "[EEEE,5]123m456m23s55s4s")], None, {},
     [(0, 1, 20), (2, 1, 20 + 2 * (4 + 2 + 1))], (1, False, 0)),
    # ---- 压绝
    ("§2 压绝 ... on a tile of which anyone's pung is already exposed (another player's pung event)",
     [F1, pung(3, 0, "3s"), win(1, 2, "123m456m789p24s55s3s")], None, {},
     [(2, 1, 20 + 8 + 20 + 40)], (1, True, 0)),
    ("§2 压绝 ... 边枝; the 压档/边枝 soft flower is then not counted",
     [F1, pung(2, 0, "3s"), win(1, 2, "123m456m789p12s55s3s")], None, {},
     [(2, 1, 20 + 8 + 20 + 40)], (1, True, 0)),
    ("§2 压绝 needs the 压档/边枝 win: a pung of another tile gives only the 压档 soft flower",
     [F1, pung(3, 0, "4s"), win(1, 2, "123m456m789p24s55s3s")], None, {},
     [(2, 1, 20 + 2 * 5 + 20)], (1, False, 0)),
    # ---- 抢杠
    ("§2 抢杠 counts as a self-draw paid entirely (3H) by the robbed player; 压绝 from the robbed pung",
     [F1, pung(2, 0, "5s"), win(1, 2, "123m456m789p46s11s5s", robbed_kong=1)], None, {},
     [(2, 1, 3 * (20 + 8 + 20 + 40))], (1, True, 0)),
    ("§2 抢杠 ... 3H by the robbed player, ×2 in a 比下胡 hand",
     [F1, pung(2, 0, "5s"), win(1, 2, "123m456m789p46s11s5s", robbed_kong=1)], TableState(bixiahu=True), {},
     [(2, 1, 3 * 2 * 88)], (1, True, 1)),
    # ---- 承包
    ("§2 对三嘴 — a concealed kong made after the first claim from B counts as claimed from B (B,B,暗杠)",
     [F1, pung(1, 2, "1m"), pung(1, 2, "5s"), kong(1, "concealed", "2p"),
      win(1, 3, "[111m,3][2222p][555s,3]77s88s8s")], None, {},
     [*each(1, 10), (2, 1, 20 + 2 * (4 + 2) + 40)], (1, True, 0)),
    ("§2 对三嘴 — an exposed kong from B is a claim from B",
     [F1, pung(1, 2, "1m"), kong(1, "exposed", "2p", 2), pung(1, 2, "5s"),
      win(1, 3, "[111m,3][2222p,3][555s,3]77s88s8s")], None, {},
     [(2, 1, 20), (2, 1, 20 + 2 * (4 + 1) + 40)], (1, True, 0)),
    ("§2 对三嘴 — first three melds: a concealed kong before the first claim is not claimed from B",
     [F1, kong(1, "concealed", "2p"), pung(1, 2, "1m"), pung(1, 2, "5s"), pung(1, 2, "7s"),
      win(1, 3, "[2222p][111m,3][555s,3][777s,3]8s8s")], None, {},
     [*each(1, 10), (3, 1, 20 + 2 * (4 + 2 + 1) + 40)], (1, True, 0)),
    ("§2 承包 checked in this order: 对三嘴 before 大杠开 (B pays 3H of a doubled H)",
     [F1, pung(1, 2, "1m"), pung(1, 2, "5s"), kong(1, "exposed", "2p", 2),
      win(1, None, "[111m,3][555s,3][2222p,3]77s88s8s", kong_bloom=1)], None, {},
     [(2, 1, 20), (2, 1, 3 * 2 * (20 + 2 * 5 + 40))], (1, True, 0)),
    ("§2 大杠开 ... a chain of concealed kongs only has no liability (chain of two)",
     [F1, kong(1, "concealed", "E"), kong(1, "concealed", "9m"),
      win(1, None, "[EEEE][9999m]123m23s55s4s", kong_bloom=2)], None, {},
     [*each(1, 10), *each(1, 10), *each(1, 2 * (20 + 2 * (4 + 3 + 2 + 1) + 20))], (1, False, 0)),
    ("§2 大杠开 whose chain contains an ... added kong: its supplier pays all 3H (暗杠 first)",
     [F1, pung(1, 0, "9m"), kong(1, "concealed", "E"), kong(1, "added", "9m", 0),
      win(1, None, "[EEEE][9999m,5]123m23s55s4s", kong_bloom=2)], None, {},
     [*each(1, 10), (0, 1, 20), (0, 1, 3 * 2 * (20 + 2 * (4 + 3 + 1 + 1)))], (1, False, 0)),
    # ---- 比下胡 triggers and flags
    ("§2 比下胡 trigger: a big pattern ... 天胡 (dealer, also the dealer won); streak of 3 plants 2 flags",
     [F0, win(0, None, "123m456m789p23s55s4s", heavenly=True)], TableState(bixiahu=True, flags=1), {},
     each(0, 2 * 88), (0, True, 2)),
    ("§2 比下胡 trigger: 地胡; with bixiahu_stack the multiplier is 2^(1+flags)",
     [F1, win(1, None, "123m456m789p23s55s4s", earthly=True)], TableState(bixiahu=True, flags=1),
     {"bixiahu_stack": True}, each(1, 4 * 68), (1, True, 2)),
    ("§2 比下胡 trigger: 无花果 (derived: flowers are logged, the winner has none)",
     [{"type": "flowers", "player": 3, "tiles": "a"}, win(1, 2, "123m456m789p23s55s4s")], None, {},
     [(2, 1, 20 + 20 + 40)], (1, True, 0)),
    ("§2 比下胡 trigger: 海底捞 (+10) by a non-dealer",
     [F1, win(1, 2, "123m456m789p23s55s4s", last_tile=True)], None, {}, [(2, 1, 58)], (1, True, 0)),
    ("§2 比下胡 trigger: a 罚 — also in a hand that ends in a false win; 罚 ×2 and 诈胡 ×2",
     [{"type": "penalty", "player": 3, "kind": "four_copies"}, {"type": "false_win", "player": 2}],
     TableState(bixiahu=True), {}, [*[(3, p, 20) for p in (0, 1, 2)], *[(2, p, 20) for p in (0, 1, 3)]],
     (0, True, 1)),
    ("§0 false win: the offender pays false_win_penalty × the 比下胡 multiplier (2^(1+2) stacked); dealer stays; "
     "not a trigger",
     [kong(1, "concealed", "9s"), {"type": "false_win", "player": 3}], TableState(dealer=2, bixiahu=True, flags=2),
     {"bixiahu_stack": True, "false_win_penalty": 5}, [*each(1, 80), *[(3, p, 40) for p in (0, 1, 2)]],
     (2, False, 0)),
    ("§2 Dealer: stays when the hand is drawn (a draw is a trigger: flags grow)",
     [DRAW], TableState(dealer=3, bixiahu=True, flags=1), {}, [], (3, True, 2)),
    ("§2 Dealer: otherwise passes to the dealer's 下家 (3 → 0)",
     [{"type": "flowers", "player": 1, "tiles": "abcd"}, win(1, 0, patterns=["concealed"])],
     TableState(dealer=3), {}, [(0, 1, 48)], (0, False, 0)),
    # ---- 现场汇 across events
    ("§2 花杠 four identical flowers revealed by one player over three events, ×2 in 比下胡",
     [{"type": "flowers", "player": 2, "tiles": "P"}, {"type": "flowers", "player": 2, "tiles": "PPa"},
      {"type": "flowers", "player": 2, "tiles": "P"}, DRAW], TableState(bixiahu=True), {}, each(2, 40), (0, True, 1)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("quote", "events", "state", "options", "expected", "nxt"),
    ACCEPTED,
    ids=[r[0] for r in ACCEPTED],
)
def test_accepted(quote, events, state, options, expected, nxt):
    res = settle(events, state, **options)
    assert pays(res) == sorted(expected)
    n = res.next_state
    assert (n.dealer, n.bixiahu, n.flags) == nxt


# (quote, events, code, where suffix)
REFUSED = [
    ("§0 A pung later turned into an added kong is one meld: the added kong's from equals the pung's "
     "(a non-winner)", [pung(2, 0, "5s"), kong(2, "added", "5s", 3), DRAW], ErrorCode.CONTRADICTION, "events[1].from"),
    ("§0 ... one meld: a pung is kong-ed once", [pung(2, 0, "5s"), kong(2, "added", "5s", 0), kong(2, "added", "5s", 0), DRAW],
     ErrorCode.CONTRADICTION, "events[2].tile"),
    ("RECORD: a fifth copy of a tile — two players' kongs of one tile",
     [kong(2, "concealed", "5s"), kong(1, "concealed", "5s"), DRAW], ErrorCode.CONTRADICTION, "events[1].tile"),
    ("RECORD: a fifth copy — a pung and another player's kong of one tile",
     [pung(2, 0, "5s"), kong(1, "exposed", "5s", 3), DRAW], ErrorCode.CONTRADICTION, "events[1].tile"),
    ("RECORD: a fifth copy — the winner's tiles and another player's pung",
     [F1, pung(3, 0, "5s"), win(1, 2, "123m456m789p55s11s5s")], ErrorCode.CONTRADICTION, "events[2].hand"),
    ("§0 Only an added kong can be robbed; the robbed kong is not logged as a kong event",
     [F1, pung(2, 0, "5s"), kong(2, "added", "5s", 0), win(1, 2, "123m456m789p46s11s5s", robbed_kong=1)],
     ErrorCode.CONTRADICTION, "events[3].robbed_kong"),
    ("§0 抢杠: the robbed added kong holds the other three copies, the winner only the robbed tile",
     [F1, pung(2, 0, "5s"), win(1, 2, "55s123m456m789p1s1s5s", robbed_kong=1)], ErrorCode.CONTRADICTION, "events[2].hand"),
    ("§0 抢杠: another player's pung of the robbed tile leaves the robbed player no pung to add to",
     [F1, pung(3, 0, "5s"), win(1, 2, "123m456m789p46s11s5s", robbed_kong=1)], ErrorCode.CONTRADICTION,
     "events[2].robbed_kong"),
    ("§2 天胡 the dealer's hand after the opening flower replacement is complete: no pung can precede it",
     [F0, pung(0, 1, "1m"), win(0, None, "[111m,3]234m567p23s55s4s", heavenly=True)], ErrorCode.BAD_FLAG,
     "events[2].heavenly"),
    ("§2 天胡 — declared mode, the dealer's events show a concealed kong",
     [F0, kong(0, "concealed", "1m"), win(0, None, patterns=["concealed"], heavenly=True)], ErrorCode.BAD_FLAG,
     "events[2].heavenly"),
    ("§2 地胡 a non-dealer who declared ready (报听) right after the opening flower replacement (seed: "
     "报听后不能换牌): no pung after it", [F1, pung(1, 0, "1m"), win(1, 2, "[111m,1]234m567p23s55s4s", earthly=True)],
     ErrorCode.BAD_FLAG, "events[2].earthly"),
    ("§2 小杠开 a win on a flower replacement: 无花果 (no hard flower at all) declared with it is refused",
     [win(1, None, patterns=["concealed", "no_flowers"], flower_bloom=True)], ErrorCode.CONTRADICTION,
     "events[0].flower_bloom"),
    ("§2 压绝 a 压档 or 边枝 win cannot be 对对胡 (an all-pungs hand wins on its pair or a pung)",
     [win(1, 2, patterns=["last_closed", "all_pungs"], hard_flowers=4)], ErrorCode.BAD_PATTERN, "events[0].patterns"),
    ("§2 全球独钓 four exposed melds: the winner's concealed kong contradicts it (declared)",
     [kong(1, "concealed", "5p"), win(1, 2, patterns=["all_melded"], hard_flowers=4)], ErrorCode.CONTRADICTION,
     "events[1].patterns"),
    ("§0 Only an added kong (补杠) can be robbed: the robbed tile is the 4th copy and completes a sequence, "
     "so a declared 对对胡 cannot be a 抢杠 win", [F1, win(1, 2, patterns=["all_pungs"], robbed_kong=1)],
     ErrorCode.CONTRADICTION, "events[1].patterns"),
    ("§0 A declared pattern that cannot apply to the situation ... is refused: 天胡 (before the first draw) "
     "with 海底捞 (the last two stacks)", [F0, win(0, None, patterns=["concealed"], heavenly=True, last_tile=True)],
     ErrorCode.BAD_FLAG, "events[1].last_tile"),
    ("§2 小胡 ... the engine rejects any other small win with a clear error (declared, open, 3 hard)",
     [win(1, 2, patterns=[], hard_flowers=3)], ErrorCode.SMALL_WIN, "events[0]"),
    ("§2 无花果 (a small win must then be 门清): open 无花果 alone is refused",
     [{"type": "flowers", "player": 3, "tiles": "a"}, pung(1, 0, "1m"), win(1, 2, "[111m,1]234m567p23s55s4s")],
     ErrorCode.SMALL_WIN, "events[2]"),
    ("§0 One winner per discard ... Nanjing ... a second win in a hand is refused — kong after the win",
     [F1, win(1, 2, "123m456m789p23s55s4s"), kong(2, "concealed", "9s")], ErrorCode.BAD_RECORD, "events[2]"),
]  # fmt: skip


@pytest.mark.parametrize(("quote", "events", "code", "where"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused(quote, events, code, where):
    with pytest.raises(MjError) as e:
        settle(events)
    assert e.value.code == code, str(e.value)
    assert e.value.where is not None and e.value.where.endswith(where), str(e.value)
    assert len(e.value.message) > 20


def test_small_win_declared_message_says_what_to_do():
    with pytest.raises(MjError) as e:
        settle([win(1, 2, patterns=[], hard_flowers=3)])
    assert "门清" in e.value.message and "hard_flowers" in e.value.message


# ---------------------------------------------------------------- 小胡 in declared mode (property)
SMALL = ["concealed", "no_flowers"]
BIG = ["all_pungs", "half_flush", "last_closed", "full_flush", "all_melded", "seven_pairs"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(SMALL + BIG), max_size=2, unique=True),
    st.integers(0, 8),
    st.sampled_from([None, "heavenly", "earthly"]),
)
def test_small_win_rule_declared(patterns, hard, flag):
    # §2 "A 小胡 (none of the big patterns ...; 门清 alone does not make a hand big) is only a legal
    # win when 门清 or holding ≥ 4 hard flowers"; 无花果 row: "a small win must then be 门清"
    if "no_flowers" in patterns and hard:
        patterns = [p for p in patterns if p != "no_flowers"]
    if {"full_flush", "half_flush"} <= set(patterns):
        patterns = ["full_flush"]
    if "seven_pairs" in patterns and {"all_pungs", "last_closed", "all_melded"} & set(patterns):
        patterns = ["seven_pairs"]
    if "last_closed" in patterns and {"all_pungs", "all_melded"} & set(patterns):
        patterns = ["last_closed"]
    player = 0 if flag == "heavenly" else 1
    ev = win(player, None if flag else 2, patterns=patterns, hard_flowers=hard)
    if flag:
        ev[flag] = True
    big = bool(set(patterns) & set(BIG)) or flag is not None
    legal = big or "concealed" in patterns or hard >= 4
    if legal:
        res = settle([ev])
        assert sum(res.deltas) == 0 and res.deltas[player] > 0
        triggers = res.details["bixiahu_triggers"]
        assert ("大胡" in triggers) == (
            big or hard == 0
        )  # 无花果 derived from hard_flowers 0 is big
    else:
        with pytest.raises(MjError) as e:
            settle([ev])
        assert e.value.code == ErrorCode.SMALL_WIN
