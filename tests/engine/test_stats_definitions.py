"""What the statistics count, on real settlements: a win's value is what the win paid the
winner (awards and 现场汇 apart), the player who dealt in is the one who paid for the win
(a 承包 payer, never the robbed player of 抢杠), and points of different rule sets are never
added into one total."""

from __future__ import annotations

from mjscore.engine.core import replay
from mjscore.engine.record import load_session
from mjscore.engine.stats import Game, lifetime_stats, session_stats

NAMES = ["阿明", "小芳", "老王", "Lee"]


def _stats(variant, *hands, players=NAMES, stake=1):
    s = load_session(
        {
            "variant": variant,
            "players": list(players),
            "stake": stake,
            "hands": [{"events": list(h)} for h in hands],
        }
    )
    rep = replay(s)
    return s, rep, session_stats(s, rep)


JING_SINGLE = (
    {"type": "jing", "indicator": "5m", "lower": "2p", "lower_counts": [[0, 0]] * 4},
    {"type": "jing_count", "counts": [[1, 0], [0, 0], [3, 2], [0, 0]]},
    {"type": "win", "player": 0, "from": None, "patterns": ["jing_single"]},
)


def test_a_win_is_worth_what_it_paid_the_winner_not_the_hands_net():
    # 阿明 self-draws 精吊 as dealer: 胡分 8 from each (+24); 老王's 冲关 award costs him 40
    # and his own 上精 brings 6: his hand's net is -10, the win's value +24
    _, rep, st = _stats("nanchang", JING_SINGLE)
    a, _, c, _ = st.players_stats
    assert rep.totals[0] == -10
    assert (a.win_points, a.average_win, a.biggest.points) == (24, 24, 24)
    assert a.side_points == 6 - 40 and c.side_points == 120 - 2
    assert a.net == a.win_points + a.side_points


def test_nanjing_on_the_spot_payments_are_not_part_of_the_win():
    # RULES.md §2 现场汇: 老王's concealed kong is paid by each at once (10), then he wins
    # off Lee: the win's value is what Lee paid for it
    _, rep, st = _stats(
        "nanjing",
        (
            {"type": "kong", "player": 2, "kind": "concealed", "tile": "5p"},
            {"type": "win", "player": 2, "from": 3, "patterns": ["all_pungs"], "hard_flowers": 2},
        ),
    )
    c = st.players_stats[2]
    (win,) = [
        p
        for p in rep.hands[0].result.payments
        if p.payer == 3 and p.payee == 2 and "暗杠" not in p.reason
    ]
    assert c.win_points == win.amount and c.side_points == 30
    assert c.net == win.amount + 30 - 0


def test_the_liable_player_dealt_in_and_a_robbed_kong_is_no_deal_in():
    # RULES.md §2 承包 2: 大杠开 off 阿明's exposed kong: 阿明 pays all 3H of 老王's self-draw
    # (he dealt in); 承包 3: 抢杠 is paid by the robbed player, but nobody discarded
    _, rep, st = _stats(
        "nanjing",
        (
            {"type": "kong", "player": 2, "kind": "exposed", "from": 0, "tile": "5p"},
            {
                "type": "win",
                "player": 2,
                "from": None,
                "kong_bloom": 1,
                "hand": "[5555p,2]123m456m23s55s4s|EW1001|4",
            },
        ),
        (
            {"type": "pung", "player": 2, "from": 0, "tile": "5s"},
            {
                "type": "win",
                "player": 1,
                "from": 2,
                "robbed_kong": 1,
                "patterns": ["full_flush"],
                "hard_flowers": 2,
            },
        ),
        ({"type": "win", "player": 1, "from": 3, "patterns": ["all_pungs"], "hard_flowers": 2},),
    )
    assert [p.deal_ins for p in st.players_stats] == [1, 0, 0, 1]
    assert [p.self_draws for p in st.players_stats] == [0, 0, 1, 0]


def test_points_of_different_rule_sets_are_never_added():
    games = []
    for i, (variant, hand) in enumerate(
        (
            ("nanjing", ({"type": "win", "player": 0, "from": 3, "patterns": ["all_pungs"]},)),
            ("nanchang", JING_SINGLE),
            ("nanjing", ({"type": "win", "player": 1, "from": 0, "patterns": ["all_pungs"]},)),
        )
    ):
        s, rep, _ = _stats(variant, hand)
        games.append(Game(label=f"#{i + 1}", session=s, replay=rep))
    lt = lifetime_stats("阿明", games)
    nj, nc = lt.per_rule_set
    assert (nj.variants, nj.sessions, nc.variants, nc.sessions) == (
        ("nanjing",),
        2,
        ("nanchang",),
        1,
    )
    assert nj.net == sum(s.stats.net for s in lt.sessions if s.variant == "nanjing")
    assert lt.total.money == sum(s.stats.money for s in lt.sessions)  # money adds up
    js = lt.to_json()["total"]
    assert js["net"] is None and js["average_win"] is None and js["side_points"] is None
    assert js["wins"] == 2 and js["rule_sets"] == ["nanjing", "nanchang"]
    assert [r["net"] for r in lt.to_json()["per_rule_set"]] == [nj.net, nc.net]


def test_the_ledger_counts_the_same_deal_ins_and_win_values():
    from mjscore.engine.stats import lifetime_from_figures

    from tests.builders import new_ledger

    s, rep, st = _stats(
        "nanjing",
        (
            {"type": "kong", "player": 2, "kind": "exposed", "from": 0, "tile": "5p"},
            {
                "type": "win",
                "player": 2,
                "from": None,
                "kong_bloom": 1,
                "hand": "[5555p,2]123m456m23s55s4s|EW1001|4",
            },
        ),
    )
    led = new_ledger()
    try:
        led.import_session(s)
        for seat, name in enumerate(NAMES):
            lt = lifetime_from_figures(name, led.lifetime_figures(name))
            want = st.players_stats[seat]
            assert (lt.total.deal_ins, lt.total.win_points, lt.total.side_points) == (
                want.deal_ins,
                want.win_points,
                want.side_points,
            )
        assert led.lifetime_stats("阿明").deal_ins == 1  # the seat figures the ledger keeps
    finally:
        led.close()
