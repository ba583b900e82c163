"""engine.stats and engine.money: statistics, review and settle-up.

The sessions here are written by hand — events as a table would record them and the
payments a variant would produce — so every expected figure below is worked out by hand
in the comments, independent of any variant's settlement code. (Sessions replayed through
the real variants are in the second half, skipped while a variant is not importable.)
"""

from __future__ import annotations

import dataclasses
import decimal
import json
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.core import (
    HandOutcome,
    Payment,
    PaymentBook,
    Replay,
    ScoreItem,
    TableState,
    WinResult,
)
from mjscore.engine.errors import MjError
from mjscore.engine.money import format_money, settle_money, settle_text, text_width
from mjscore.engine.record import (
    Draw,
    FalseWin,
    Flowers,
    Hand,
    Jing,
    JingCount,
    Kong,
    Penalty,
    Pung,
    Session,
    Win,
)
from mjscore.engine.stats import (
    Game,
    SessionFigures,
    lifetime_from_figures,
    lifetime_stats,
    session_stats,
    side_nets,
    side_payments,
    win_points,
)
from mjscore.tui.report_text import describe_event, lifetime_text, report_json, report_text, review

NAMES = ("阿明", "小芳", "老王", "Lee")


# ---------------------------------------------------------------- hand-made sessions
def build(variant, hands, *, stake=1, names=NAMES):
    """``hands``: (events, payments as (payer, payee, amount, reason), wins, state kwargs)."""
    totals = [0, 0, 0, 0]
    outs = []
    evs_all = []
    state = TableState()
    for i, (events, pays, wins, st_kw) in enumerate(hands):
        state = TableState(hand_number=i + 1, **st_kw)
        book = PaymentBook()
        for a, b, amt, why in pays:
            book.pay(a, b, amt, why)
        outcome = next(e.type for e in events if e.type in ("win", "false_win", "draw"))
        res = book.result(next_state=state, outcome=outcome, wins=tuple(wins))
        totals = [t + d for t, d in zip(totals, res.deltas, strict=True)]
        outs.append(HandOutcome(index=i + 1, state=state, result=res, totals=tuple(totals)))
        evs_all.append(Hand(tuple(events)))
    session = Session(
        variant=variant, players=names, options={}, stake=D(str(stake)), hands=tuple(evs_all)
    )
    return session, Replay(hands=tuple(outs), totals=tuple(totals), next_state=state)


def wr(player, from_, value, unit, summary, *items):
    return WinResult(
        player=player,
        from_=from_,
        value=value,
        unit=unit,
        summary=summary,
        items=tuple(ScoreItem(id=i, zh=i, en=i, value=1) for i in items),
    )


def nanning_session(stake=1):
    # 南宁: 一炮多响 allowed, 诈胡 pays 10 to each (RULES.md §0 default false_win_penalty)
    return build(
        "nanning",
        [
            # h1 dealer 阿明: 小芳 鸡胡 on 阿明's discard, 2 points
            (
                [Win(player=1, from_=0, patterns=("chicken",))],
                [(0, 1, 2, "鸡胡 放炮")],
                [wr(1, 0, 0, "倍", "鸡胡")],
                {"dealer": 0},
            ),
            # h2 dealer 小芳: Lee exposed kong from 阿明 (1), 老王 门清 self-draw, 4 from each
            (
                [Kong(player=3, kind="exposed", from_=0, tile="5p"), Win(player=2, from_=None)],
                [
                    (0, 3, 1, "明杠"),
                    (0, 2, 4, "门清 自摸"),
                    (1, 2, 4, "门清 自摸"),
                    (3, 2, 4, "门清 自摸"),
                ],
                [wr(2, None, 0, "倍", "门清 自摸")],
                {"dealer": 1},
            ),
            # h3 dealer 老王: 小芳 concealed kong (1 from each), then a draw
            (
                [Kong(player=1, kind="concealed"), Draw(last_drawer=2)],
                [(0, 1, 1, "暗杠"), (2, 1, 1, "暗杠"), (3, 1, 1, "暗杠")],
                [],
                {"dealer": 2},
            ),
            # h4 dealer 老王: 一炮双响 — 阿明 discards, 小芳 (碰碰胡 9) and 老王 (门清大炮 12) both win
            (
                [Win(player=1, from_=0), Win(player=2, from_=0)],
                [(0, 1, 9, "碰碰胡 放炮"), (0, 2, 12, "门清 大炮")],
                [wr(1, 0, 1, "倍", "碰碰胡"), wr(2, 0, 1, "倍", "门清")],
                {"dealer": 2},
            ),
            # h5 dealer 阿明: Lee 诈胡, pays 10 to each
            (
                [FalseWin(player=3)],
                [(3, 0, 10, "诈胡"), (3, 1, 10, "诈胡"), (3, 2, 10, "诈胡")],
                [],
                {"dealer": 0},
            ),
        ],
        stake=stake,
    )


def test_nanning_session_stats_by_hand():
    s, rep = nanning_session()
    # deltas: h1 (-2, +2, 0, 0); h2 (-5, -4, +12, -3); h3 (-1, +3, -1, -1);
    #         h4 (-21, +9, +12, 0); h5 (+10, +10, +10, -30)
    assert rep.totals == (-19, 20, 33, -34)
    st_ = session_stats(s, rep)
    assert (st_.hands, st_.wins, st_.draws, st_.false_wins) == (5, 3, 1, 1)
    a, b, c, d = st_.players_stats
    # wins: 小芳 h1 h4, 老王 h2 h4; self-draws: 老王 h2; deal-ins: 阿明 h1, h4 (once for the double)
    assert [(p.wins, p.self_draws, p.deal_ins, p.false_wins) for p in st_.players_stats] == [
        (0, 0, 2, 0),
        (2, 0, 0, 0),
        (2, 1, 0, 0),
        (0, 0, 0, 1),
    ]
    assert [p.dealer_hands for p in st_.players_stats] == [2, 1, 2, 0]
    assert all(p.hands == 5 for p in st_.players_stats)
    # 小芳: 2 + 9 = 11 over 2 wins → 5.5; 老王: 12 + 12 = 24 → 12.0
    assert b.win_points == 11 and b.average_win == D("5.5")
    assert c.win_points == 24 and c.average_win == D("12.0")
    assert a.average_win is None and a.biggest is None and a.win_rate == 0
    assert b.win_rate == pytest.approx(0.4) and a.deal_in_rate == pytest.approx(0.4)
    # biggest: 小芳's h4 (9, 碰碰胡); 老王 ties 12 and 12 → the earlier, h2 (self-drawn)
    assert (b.biggest.hand, b.biggest.points, b.biggest.summary) == (4, 9, "碰碰胡")
    assert (c.biggest.hand, c.biggest.points, c.biggest.self_drawn) == (2, 12, True)
    assert [p.net for p in st_.players_stats] == [-19, 20, 33, -34]
    assert [p.money for p in st_.players_stats] == [D(-19), D(20), D(33), D(-34)]
    # running totals for the chart start from zero
    assert st_.series[0] == (0, 0, 0, 0) and st_.series[-1] == rep.totals and len(st_.series) == 6
    assert st_.series[2] == (-7, -2, 12, -3)


def test_nanning_stake_half_money_and_three_transfers():
    s, rep = nanning_session(stake="0.5")
    st_ = session_stats(s, rep)
    # -19, 20, 33, -34 × 0.5 = -9.5, 10, 16.5, -17 (exact, no rounding needed)
    assert st_.settlement.amounts == (D("-9.5"), D("10"), D("16.5"), D("-17"))
    assert not st_.settlement.rounded
    # no two balances cancel, so three transfers (the most four players need)
    t = st_.settlement.transfers
    assert len(t) == 3
    assert sum(x.amount for x in t if x.payer == 0) == D("9.5")
    assert sum(x.amount for x in t if x.payer == 3) == D("17")
    assert sum(x.amount for x in t if x.payee == 2) == D("16.5")


def guobiao_session():
    # 国标: a discard win pays fan + 8 by the discarder and 8 by each other; self-draw (fan + 8) each
    return build(
        "guobiao",
        [
            # h1: 小芳 wins 8 fan on 老王's discard: 老王 16, 阿明 8, Lee 8
            (
                [Win(player=1, from_=2, hand="x")],
                [(2, 1, 16, "8番 点和"), (0, 1, 8, "底分"), (3, 1, 8, "底分")],
                [wr(1, 2, 8, "番", "混一色 碰碰和", "混一色", "碰碰和")],
                {"dealer": 0, "prevailing_wind": "E"},
            ),
            # h2: Lee self-draws 24 fan: 32 from each
            (
                [Win(player=3, from_=None, fan=24)],
                [(0, 3, 32, "24番 自摸"), (1, 3, 32, "24番 自摸"), (2, 3, 32, "24番 自摸")],
                [wr(3, None, 24, "番", "清一色", "清一色")],
                {"dealer": 1, "prevailing_wind": "E"},
            ),
            # h3: draw, nothing paid
            ([Draw()], [], [], {"dealer": 2, "prevailing_wind": "E"}),
            # h4: 小芳 false win: 10 to each
            (
                [FalseWin(player=1)],
                [(1, 0, 10, "错和"), (1, 2, 10, "错和"), (1, 3, 10, "错和")],
                [],
                {"dealer": 3, "prevailing_wind": "E"},
            ),
        ],
    )


def test_guobiao_session_stats_by_hand():
    s, rep = guobiao_session()
    # 阿明 -8 -32 +10 = -30; 小芳 +32 -32 -30 = -30; 老王 -16 -32 +10 = -38; Lee -8 +96 +10 = 98
    assert rep.totals == (-30, -30, -38, 98)
    st_ = session_stats(s, rep)
    a, b, c, d = st_.players_stats
    assert (b.wins, b.self_draws, b.deal_ins, b.false_wins) == (1, 0, 0, 1)
    assert (c.wins, c.deal_ins) == (0, 1)
    assert (d.wins, d.self_draws, d.deal_ins) == (1, 1, 0)
    assert (a.wins, a.deal_ins) == (0, 0)  # paying the base of another's discard win is no deal-in
    assert d.biggest.points == 96 and d.biggest.value == 24 and d.biggest.label() == "24番 清一色"
    assert [i.zh for i in b.biggest.items] == ["混一色", "碰碰和"]
    assert (st_.wins, st_.draws, st_.false_wins) == (2, 1, 1)


def nanjing_session():
    # 南京: flowers and penalties are events; 比下胡 doubles (state only, for the review)
    return build(
        "nanjing",
        [
            # h1: 阿明 补花, 老王 罚 (four copies: 10 to each), then Lee wins 七对 on 阿明's discard: 60
            (
                [
                    Flowers(player=0, tiles="aC"),
                    Penalty(player=2, kind="four_copies"),
                    Win(player=3, from_=0, patterns=("seven_pairs",)),
                ],
                [(2, 0, 10, "罚"), (2, 1, 10, "罚"), (2, 3, 10, "罚"), (0, 3, 60, "七对 放炮")],
                [wr(3, 0, 60, "花", "七对")],
                {"dealer": 0},
            ),
            # h2 in 比下胡 with one flag: 阿明 self-draws, 2 × 30 from each
            (
                [Win(player=0, from_=None)],
                [
                    (1, 0, 60, "自摸 比下胡×2"),
                    (2, 0, 60, "自摸 比下胡×2"),
                    (3, 0, 60, "自摸 比下胡×2"),
                ],
                [wr(0, None, 30, "花", "门清 自摸")],
                {"dealer": 0, "bixiahu": True, "flags": 1},
            ),
        ],
    )


def test_nanjing_session_stats_and_review():
    s, rep = nanjing_session()
    # 阿明 +10 -60 +180 = 130; 小芳 +10 -60 = -50; 老王 -30 -60 = -90; Lee +10 +60 -60 = 10
    assert rep.totals == (130, -50, -90, 10)
    st_ = session_stats(s, rep)
    a, b, c, d = st_.players_stats
    assert (a.wins, a.self_draws, a.deal_ins, a.dealer_hands) == (1, 1, 1, 2)
    # a win's value is what the win paid the winner: Lee's 60; the 10 of 老王's penalty is
    # 现场汇, reported apart (side_points), not part of the win
    assert (d.wins, d.win_points, d.biggest.points, d.side_points) == (1, 60, 60, 10)
    assert a.biggest.points == 180
    hr = review(s, rep)
    assert hr[0].events == (
        "阿明 补花 aC",
        "老王 罚（一人出四张同牌）",
        "Lee 胡 (阿明 放炮) 报 seven_pairs",
    )
    assert hr[1].state.bixiahu and hr[1].state.flags == 1
    text = report_text(s, rep)
    assert "比下胡 旗1" in text and "自摸 比下胡×2" in text
    # players are numbered 1–4 as the app numbers them, not by 0-based record seats
    assert "玩家：[1] 阿明  [2] " in text


def nanchang_session():
    # 南昌: jing revealed and counted by events; 下精分 settles even on a draw
    jing = Jing(indicator="2m", lower="5p", lower_counts=((1, 0), (0, 0), (0, 2), (0, 0)))
    return build(
        "nanchang",
        [
            # h1: 下精 scores: 阿明 1 正 (2 from each), 老王 2 副 (2 from each); 小芳 wins from Lee 20
            (
                [jing, JingCount(counts=((1, 1), (0, 0), (0, 0), (2, 0))), Win(player=1, from_=3)],
                [
                    (1, 0, 2, "下精"),
                    (2, 0, 2, "下精"),
                    (3, 0, 2, "下精"),
                    (0, 2, 2, "下精"),
                    (1, 2, 2, "下精"),
                    (3, 2, 2, "下精"),
                    (3, 1, 20, "平胡 放炮"),
                ],
                [wr(1, 3, 2, "×", "平胡")],
                {"dealer": 0},
            ),
            # h2: 荒庄 with the jing of the hand; Lee 1 正 scores 2 from each
            (
                [jing, Draw()],
                [(0, 3, 2, "下精"), (1, 3, 2, "下精"), (2, 3, 2, "下精")],
                [],
                {"dealer": 0},
            ),
        ],
    )


def test_nanchang_session_stats_and_events():
    s, rep = nanchang_session()
    # 阿明 +6 -2 -2 = 2; 小芳 -2 -2 +20 -2 = 14; 老王 -2 +6 -2 = 2; Lee -2 -2 -20 +6 = -18
    assert rep.totals == (2, 14, 2, -18)
    st_ = session_stats(s, rep)
    assert [(p.wins, p.deal_ins) for p in st_.players_stats] == [(0, 0), (1, 0), (0, 0), (0, 1)]
    assert (st_.draws, st_.wins) == (1, 1)
    # 20 for the win; the -4 of 下精 that hand is a side payment, reported apart
    assert st_.players_stats[1].win_points == 20
    ev = describe_event(s.hands[0].events[0], NAMES)
    assert ev == "翻精 2m  下精 5p  (阿明 1正0副  老王 0正2副)"
    assert describe_event(s.hands[0].events[1], NAMES).startswith("精 阿明 1正1副")


def test_review_filter_by_player_and_json():
    s, rep = nanning_session()
    everyone = review(s, rep)
    assert [h.index for h in everyone] == [1, 2, 3, 4, 5]
    # Lee is named only in h2 (kong, paid), h3 (paid for the concealed kong) and h5 (false win)
    assert [h.index for h in review(s, rep, player=3)] == [2, 3, 5]
    js = report_json(s, rep, player=3)
    json.dumps(js)  # serialisable
    assert [h["index"] for h in js["hands"]] == [2, 3, 5]
    assert js["settle"]["money"] == ["-19", "20", "33", "-34"]
    assert js["stats"]["per_player"][2]["self_draws"] == 1


def test_review_keeps_engine_reasons():
    s, rep = nanning_session()
    h4 = review(s, rep)[3]
    assert [p.reason for p in h4.payments] == ["碰碰胡 放炮", "门清 大炮"]
    assert h4.events == ("小芳 胡 (阿明 放炮)", "老王 胡 (阿明 放炮)")
    text = report_text(s, rep)
    for reason in ("鸡胡 放炮", "门清 自摸", "暗杠", "碰碰胡 放炮", "诈胡"):
        assert reason in text
    assert "转账：" in text and "舍入：" in text


def test_describe_events():
    assert describe_event(Pung(player=1, from_=2, tile="5p"), NAMES) == "小芳 碰 老王 5p"
    # one word for an added kong everywhere: RULES.md §0 "Only an added kong (补杠) can be robbed"
    assert describe_event(Kong(player=0, kind="added", from_=3), NAMES) == "阿明 补杠 ← Lee"
    assert describe_event(Flowers(player=2, count=3), NAMES) == "老王 补花 ×3"
    assert describe_event(Draw(), NAMES) == "流局"
    w = Win(player=0, from_=None, hand="123m", kong_bloom=2, last_tile=True)
    assert describe_event(w, NAMES) == "阿明 胡 (自摸) 123m 杠上开花 2 海底"


def test_lifetime_across_sessions_and_variants():
    s1, r1 = nanning_session(stake="0.5")
    s2, r2 = guobiao_session()
    other = ("甲", "乙", "丙", "丁")
    s3, r3 = build("nanning", [([Draw()], [], [], {"dealer": 0})], names=other)
    games = [
        Game(label="s1", session=s1, replay=r1),
        Game(label="s2", session=s2, replay=r2),
        Game(label="s3", session=s3, replay=r3),
    ]
    lt = lifetime_stats("小芳", games)
    t = lt.total
    # s1 (stake 0.5): 5 hands, 2 wins, net 20, money 10; s2 (stake 1): 4 hands, 1 win, 1 false win,
    # net -30, money -30; s3 does not include 小芳
    assert (t.sessions, t.hands, t.wins, t.false_wins, t.net, t.money) == (
        2,
        9,
        3,
        1,
        -10,
        D("-20"),
    )
    assert t.win_rate == pytest.approx(3 / 9)
    # biggest by money: s1 h4 is 9 × 0.5 = 4.5; s2 h1 is 32 × 1 = 32
    assert (t.biggest.session, t.biggest.hand, t.biggest.points) == ("s2", 1, 32)
    assert [ln.cumulative_money for ln in lt.sessions] == [D("10"), D("-20")]
    assert [ln.seat for ln in lt.sessions] == [1, 1]
    assert lifetime_stats("nobody", games).total.sessions == 0
    text = lifetime_text(lt, places=1)
    assert "最大胡 小芳: s2 第1盘 放炮 +32 分" in text
    assert "s1  南宁 底注 0.5" in text and "累计 -20.0" in text


def test_lifetime_from_stored_figures_equals_the_replayed_lifetime():
    """What a ledger reads with SQL (per-session counts, the four totals, the session's biggest
    win) gives the same lifetime as replaying: money is settled from all four totals."""
    s1, r1 = nanning_session(stake="0.5")
    s2, r2 = guobiao_session()
    games = [Game(label="s1", session=s1, replay=r1), Game(label="s2", session=s2, replay=r2)]
    for unit in ("0.01", "1"):
        for seat, name in enumerate(NAMES):
            figs = []
            for g in games:
                st = session_stats(g.session, g.replay, unit=D(unit), label=g.label).player(seat)
                figs.append(
                    SessionFigures(
                        label=g.label,
                        variant=g.session.variant,
                        stake=g.session.stake,
                        seat=seat,
                        totals=g.replay.totals,
                        hands=st.hands,
                        dealer_hands=st.dealer_hands,
                        wins=st.wins,
                        self_draws=st.self_draws,
                        deal_ins=st.deal_ins,
                        false_wins=st.false_wins,
                        win_points=st.win_points,
                        biggest=st.biggest,
                    )
                )
            assert lifetime_from_figures(name, figs, unit=D(unit)) == lifetime_stats(
                name, games, unit=D(unit)
            )
    # whole-yuan unit: 小芳's s1 money is settled with the other seats' (rounding rule 3), not alone
    f = SessionFigures(
        label="x", variant="nanning", stake=D("0.5"), seat=1, totals=(-1, -1, -1, 3), hands=1
    )
    assert (
        f.player_stats("小芳", unit=D(1)).money
        == settle_money((-1, -1, -1, 3), "0.5", "1").amounts[1]
    )
    assert lifetime_from_figures("nobody", []).total.sessions == 0


# ---------------------------------------------------------------- money and settle-up
@pytest.mark.parametrize(
    ("points", "stake", "unit", "amounts", "adjusted"),
    [
        # exact: 7, -3, -1, -3 × 0.3 = 2.1, -0.9, -0.3, -0.9
        ((7, -3, -1, -3), "0.3", "0.01", ("2.1", "-0.9", "-0.3", "-0.9"), ()),
        # 0.005 each rounds half-up to 0.01 ×3, -0.015 → -0.02: sum +0.01; all three winners moved
        # +0.5 unit, the tie goes to the lowest seat, which drops to 0.00
        ((1, 1, 1, -3), "0.005", "0.01", ("0.00", "0.01", "0.01", "-0.02"), (0,)),
        # mirror image: the residual is -0.01, seat 0 is lifted to 0.00
        ((-1, -1, -1, 3), "0.005", "0.01", ("0.00", "-0.01", "-0.01", "0.02"), (0,)),
        # whole-yuan unit, stake 0.5: 1.5 → 2, -0.5 → -1 ×3, sum -1; seat 1 (moved 0.5 down) → 0
        ((3, -1, -1, -1), "0.5", "1", ("2", "0", "-1", "-1"), (1,)),
        # odd stake 1/3 (as 0.333): 300 × 0.333 = 99.9, -100 × 0.333 = -33.3 each
        ((300, -100, -100, -100), "0.333", "0.01", ("99.9", "-33.3", "-33.3", "-33.3"), ()),
        # 0.125: 3 → 0.375 → 0.38, -1 → -0.125 → -0.13 ×3: sum -0.01; the lowest losing seat
        # (each moved 0.5 unit down) → -0.12
        ((3, -1, -1, -1), "0.125", "0.01", ("0.38", "-0.12", "-0.13", "-0.13"), (1,)),
    ],
)
def test_settle_money_rounding(points, stake, unit, amounts, adjusted):
    s = settle_money(points, stake, unit)
    assert s.amounts == tuple(D(a) for a in amounts)
    assert s.adjusted == adjusted
    assert sum(s.amounts) == 0


def test_settle_pairs_need_two_transfers():
    s = settle_money([10, -10, 5, -5], "2")
    assert sorted((t.payer, t.payee, t.amount) for t in s.transfers) == [
        (1, 0, D(20)),
        (3, 2, D(10)),
    ]


def test_settle_nothing_to_pay_text():
    s = settle_money([0, 0, 0, 0], 1)
    assert s.transfers == ()
    assert "无需转账" in settle_text(NAMES, s)


def test_settle_text_is_copyable_and_states_rounding():
    s = settle_money([1, 1, 1, -3], "0.005")
    text = settle_text(NAMES, s)
    lines = text.splitlines()
    assert "  Lee  → 小芳  0.01" in lines and "  Lee  → 老王  0.01" in lines
    assert "四舍五入" in text and "0.01" in text and "调整：阿明" in text
    en = settle_text(NAMES, s, lang="en")
    assert "rounded half-up" in en


def test_settle_rejects_bad_unit_and_unbalanced_points():
    with pytest.raises(MjError):
        settle_money([1, -1, 0, 0], 1, 0)
    with pytest.raises(ValueError):
        settle_money([1, 0, 0, 0], 1)


def test_format_money():
    assert format_money(D("-0.004"), 2) == "0.00"
    assert format_money(D("12.5"), 1, sign=True) == "+12.5"
    assert format_money(D("3"), 0) == "3"
    assert text_width("阿明") == 4 and text_width("Lee") == 3


STAKES = [D(x) for x in ("1", "0.5", "0.1", "0.3", "0.005", "0.125", "2.5", "0.333", "7")]
UNITS = [D(x) for x in ("0.01", "0.1", "1", "0.05", "5")]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(-500, 500), min_size=3, max_size=3),
    st.sampled_from(STAKES),
    st.sampled_from(UNITS),
)
def test_settle_money_properties(three, stake, unit):
    points = [*three, -sum(three)]
    s = settle_money(points, stake, unit)
    assert sum(s.amounts) == 0
    for a, x in zip(s.amounts, s.exact, strict=True):
        assert (a / unit) == (a / unit).to_integral_value()  # whole units
        assert abs(a - x) < unit  # never more than one unit from the exact money
    # past half a unit only where the residual fix moved it
    moved = [
        i for i, (a, x) in enumerate(zip(s.amounts, s.exact, strict=True)) if abs(a - x) * 2 > unit
    ]
    assert set(moved) <= set(s.adjusted)
    nonzero = sum(1 for a in s.amounts if a)
    assert len(s.transfers) <= max(0, nonzero - 1) <= 3
    bal = list(s.amounts)
    for t in s.transfers:
        assert t.amount > 0
        bal[t.payer] += t.amount
        bal[t.payee] -= t.amount
    assert bal == [0, 0, 0, 0]


def test_hand_results_reused_payments():
    # the review never re-derives payments: they are the engine's objects
    s, rep = guobiao_session()
    assert review(s, rep)[0].payments == rep.hands[0].result.payments
    assert isinstance(rep.hands[0].result.payments[0], Payment)


# ---------------------------------------------------------------- the real variants
# Records of every variant, replayed by the variant itself. Who won, self-drew, dealt in or
# false-won is read off the events (independent of the variant's payments), so those
# counts are checked by hand; the points are checked against the replay the variant made.
REAL = {
    "nanning": (
        [
            [
                {
                    "type": "win",
                    "player": 1,
                    "from": 0,
                    "patterns": ["all_pungs"],
                    "concealed": False,
                }
            ],
            [
                {"type": "kong", "player": 3, "kind": "concealed", "tile": "9s"},
                {"type": "win", "player": 2, "from": None, "concealed": True},
            ],
            [{"type": "draw", "last_drawer": 2}],
            [
                {"type": "win", "player": 1, "from": 0, "concealed": False},  # 一炮双响
                {"type": "win", "player": 2, "from": 0, "concealed": True},
            ],
            [{"type": "false_win", "player": 3}],
        ],
        # wins, self-draws, deal-ins, false wins per seat; (won hands, draws, false-win hands)
        {"wins": (0, 2, 2, 0), "self": (0, 0, 1, 0), "deal": (2, 0, 0, 0), "false": (0, 0, 0, 1)},
        (3, 1, 1),
    ),
    "nanjing": (
        [
            [{"type": "win", "player": 1, "from": 2, "patterns": ["concealed"], "hard_flowers": 1}],
            [{"type": "penalty", "player": 1, "kind": "four_copies"}, {"type": "draw"}],
            [
                {
                    "type": "win",
                    "player": 0,
                    "from": None,
                    "patterns": ["all_pungs"],
                    "hard_flowers": 2,
                }
            ],
            [{"type": "false_win", "player": 2}],
        ],
        {"wins": (1, 1, 0, 0), "self": (1, 0, 0, 0), "deal": (0, 0, 1, 0), "false": (0, 0, 1, 0)},
        (2, 1, 1),
    ),
    "guobiao": (
        [
            [{"type": "win", "player": 1, "from": 2, "fan": 8}],
            [{"type": "win", "player": 3, "from": None, "fan": 24}],
            [{"type": "draw"}],
            [{"type": "false_win", "player": 1}],
        ],
        {"wins": (0, 1, 0, 1), "self": (0, 0, 0, 1), "deal": (0, 0, 1, 0), "false": (0, 1, 0, 0)},
        (2, 1, 1),
    ),
    "nanchang": (
        [
            [
                {
                    "type": "jing",
                    "indicator": "2m",
                    "lower": "5p",
                    "lower_counts": [[1, 0], [0, 0], [0, 2], [0, 0]],
                },
                {"type": "win", "player": 1, "from": 3, "patterns": ["seven_pairs"]},
            ],
            [{"type": "draw"}],
            [{"type": "win", "player": 0, "from": None, "patterns": ["clean"]}],
            [{"type": "false_win", "player": 2}],
        ],
        {"wins": (1, 1, 0, 0), "self": (1, 0, 0, 0), "deal": (0, 0, 0, 1), "false": (0, 0, 1, 0)},
        (2, 1, 1),
    ),
}


@pytest.mark.parametrize("variant", sorted(REAL))
def test_real_variant_session_stats(variant):
    pytest.importorskip(f"engine.variants.{variant}")
    from mjscore.engine.core import replay
    from mjscore.engine.record import load_session

    hands, counts, (won, draws, false_hands) = REAL[variant]
    s = load_session(
        {
            "variant": variant,
            "players": list(NAMES),
            "stake": "0.5",
            "hands": [{"events": h} for h in hands],
        }
    )
    rep = replay(s)
    st_ = session_stats(s, rep)
    per = st_.players_stats
    assert tuple(p.wins for p in per) == counts["wins"]
    assert tuple(p.self_draws for p in per) == counts["self"]
    assert tuple(p.deal_ins for p in per) == counts["deal"]
    assert tuple(p.false_wins for p in per) == counts["false"]
    assert (st_.hands, st_.wins, st_.draws, st_.false_wins) == (len(hands), won, draws, false_hands)
    assert tuple(p.net for p in per) == rep.totals
    for seat, p in enumerate(per):
        won_hands = [
            h
            for h in rep.hands
            if any(w["type"] == "win" and w["player"] == seat for w in hands[h.index - 1])
        ]
        # what the wins paid, plus the side payments of those hands, is their net
        side = side_payments(variant)
        assert p.win_points + sum(
            side_nets(h.result.payments, side)[seat] for h in won_hands
        ) == sum(h.result.deltas[seat] for h in won_hands)
        if p.biggest is not None:
            h = rep.hands[p.biggest.hand - 1]
            paid = [win_points(x.result.payments, seat, side) for x in won_hands]
            assert p.biggest.points == win_points(h.result.payments, seat, side) == max(paid)
            wr = next(w for w in h.result.wins if w.player == seat)
            assert p.biggest.summary == wr.summary and p.biggest.items == wr.items
    # stake 0.5: money is exact to the cent, so no rounding, and the transfers settle it
    assert st_.settlement.amounts == tuple(D(t) * D("0.5") for t in rep.totals)
    bal = list(st_.settlement.amounts)
    for t in st_.settlement.transfers:
        bal[t.payer] += t.amount
        bal[t.payee] -= t.amount
    assert bal == [0, 0, 0, 0] and len(st_.settlement.transfers) <= 3
    text = report_text(s, rep)
    for h in rep.hands:
        for p in h.result.payments:
            assert p.reason in text


def test_stats_and_money_import_no_ui_or_db(tmp_path):
    import subprocess
    import sys

    # run outside the checkout, so the installed package is imported, not the engine/ folder
    code = (
        "import sys, mjscore.engine.stats, mjscore.engine.money; "
        "bad = [m for m in ('textual', 'rich', 'sqlite_utils') if m in sys.modules]; "
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, f"engine.stats pulled in: {r.stdout} {r.stderr}"


# ---------------------------------------------------------------- layout with awkward names
# Names as players type them: markup-looking text, emoji (a ZWJ family is one glyph two
# columns wide), combining accents (é as e + U+0301 is one column), right-to-left script,
# and the longest name the app accepts.
ODD = ("[b]x[/b] 🀄", "e\u0301e\u0301 Zoë", "שלום עולם", "👨\u200d👩\u200d👧 " + "长" * 30)


@pytest.mark.parametrize(
    ("text", "width"),
    [
        ("阿明", 4),
        ("Lee", 3),
        ("e\u0301", 1),  # combining acute accent takes no column
        ("👨\u200d👩\u200d👧", 2),  # ZWJ sequence: one emoji glyph
        ("a\u200fb", 2),  # a right-to-left mark takes no column
        ("☺\ufe0f", 2),  # the emoji selector makes a narrow symbol an emoji
        ("שלום", 4),
    ],
)
def test_text_width_counts_terminal_columns(text, width):
    assert text_width(text) == width


def _columns_line_up(lines: list[str], marker: str) -> bool:
    """Every line has ``marker`` at the same terminal column."""
    cols = {text_width(ln[: ln.index(marker)]) for ln in lines}
    return len(cols) == 1


def test_stats_and_settle_tables_line_up_with_odd_names():
    s, r = nanning_session(stake="0.5")
    s = dataclasses.replace(s, players=ODD)
    text = report_text(s, r, sections=("stats", "settle"))
    lines = text.splitlines()
    table = lines[lines.index("== 统计 ==") + 1 :][:5]
    assert table[0].startswith("玩家")
    # each row is exactly as wide as the header: the columns line up
    assert len({text_width(ln) for ln in table}) == 1
    # a very long name is cut short in the table (with …) instead of pushing every column out
    assert max(text_width(ln) for ln in table) <= 110
    assert any("…" in ln for ln in table)
    settle = lines[next(i for i, ln in enumerate(lines) if ln.startswith("== 结算")) + 1 :]
    money_rows = settle[:4]
    assert _columns_line_up(money_rows, " 分")
    transfers = settle[settle.index("转账：") + 1 :][: len(settle_money(r.totals, "0.5").transfers)]
    assert _columns_line_up(transfers, "→")
    # amounts right-aligned: every transfer line ends at the same column
    assert len({text_width(ln) for ln in transfers}) == 1


def test_review_payment_lines_line_up_with_odd_names():
    s, r = nanning_session()
    s = dataclasses.replace(s, players=ODD)
    pay_lines = [ln for ln in report_text(s, r, sections=("review",)).splitlines() if " → " in ln]
    assert len(pay_lines) > 3 and _columns_line_up(pay_lines, "→")


def test_lifetime_session_lines_line_up():
    s1, r1 = nanning_session(stake="0.5")
    s2, r2 = guobiao_session()
    s3, r3 = nanning_session(stake="12.25")
    games = [
        Game(label="#1", session=s1, replay=r1),
        Game(label="#22", session=s2, replay=r2),
        Game(label="#333", session=s3, replay=r3),
    ]
    text = lifetime_text(lifetime_stats("小芳", games), places=2)
    lines = text.splitlines()
    rows = lines[lines.index("场次：") + 1 :]
    assert len(rows) == 3
    for marker in (" 盘", " 分", "累计"):
        assert _columns_line_up(rows, marker), marker


# ---------------------------------------------------------------- extreme stakes
@pytest.mark.parametrize(
    "stake", ["1e400", "123456789012345678901234567890.5", "0.1234567890123456789012345678901"]
)
def test_settle_money_is_exact_for_any_stake(stake):
    pts = [60, 25, -21, -64]
    s = settle_money(pts, stake)
    with decimal.localcontext(prec=2000):  # the true products, not rounded to 28 digits
        exact = [D(p) * D(stake) for p in pts]
    assert s.exact == tuple(exact)
    with decimal.localcontext(prec=2000):
        assert sum(s.amounts) == 0
        for a, x in zip(s.amounts, exact, strict=True):
            assert abs(a - x) <= D("0.01")
    text = settle_text(NAMES, s)  # formatting such amounts does not fail either
    assert "结算" in text


def test_report_with_a_huge_stake(capsys):
    s, r = nanning_session()
    s = dataclasses.replace(s, stake=D("1e400"))
    assert "结算" in report_text(s, r)
    assert report_json(s, r)["settle"]


def test_right_to_left_names_are_closed_off_from_the_numbers_after_them():
    """In a terminal that applies the Unicode bidi algorithm, digits after a Hebrew or
    Arabic name would join its right-to-left run and swap places with it; a left-to-right
    mark (zero-width, invisible) after such a name keeps the table's columns in order."""
    s, r = nanning_session()
    s = dataclasses.replace(s, players=("שלום", "مرحبا", "Lee", "阿明"))
    lines = report_text(s, r, sections=("stats", "settle")).splitlines()
    rows = [ln for ln in lines if ln.lstrip().startswith(("שלום", "مرحبا"))]
    assert len(rows) >= 4
    assert all(("שלום\u200e" in ln) or ("مرحبا\u200e" in ln) for ln in rows)
    # names without right-to-left letters are left exactly as typed
    assert not any("Lee\u200e" in ln or "阿明\u200e" in ln for ln in lines)
    assert len({text_width(ln) for ln in lines[lines.index("== 统计 ==") + 1 :][:5]}) == 1
