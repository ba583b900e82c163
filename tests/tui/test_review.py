"""`mjscore report` / `mjscore stats` and the review, statistics and lifetime screens.

The report machinery must not depend on any one rule set, so these tests swap
``engine.variants.get_variant`` for a small fixed variant (below) whose payments are easy
to work out by hand; the figures in the comments are computed from its rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal as D

import pytest
from mjscore.engine.core import (
    PaymentBook,
    ScoreItem,
    TableState,
    Variant,
    WinResult,
    advance,
    replay,
)
from mjscore.engine.record import FalseWin, Hand, Kong, load_session
from mjscore.engine.rules import option
from mjscore.engine.stats import Game, session_stats
from mjscore.engine.variants import guobiao_data
from mjscore.tui.cli import main
from mjscore.tui.screens.review import ReviewScreen
from mjscore.tui.screens.stats import LifetimeScreen, StatsScreen
from mjscore.tui.widgets.charts import RunningTotalsChart, WinsDealInsChart, realign_wide
from rich.cells import cell_len
from rich.text import Text
from textual.app import App
from textual.widgets import DataTable, Select, Static

from tests.builders import run as sync


# ---------------------------------------------------------------- a fixed little variant
@dataclass(frozen=True, slots=True, kw_only=True)
class FixedRules:
    false_win_penalty: int = option(10, "诈胡", "false win penalty")


class Fixed(Variant):
    """A discard win: the discarder pays ``fan``; a self-draw: each other player pays ``fan``;
    each kong: 1 from each other player; a false win: 10 to each other player. The deal
    passes to the next seat unless the dealer won or the hand was drawn."""

    id = "guobiao"
    name_zh = "测试"
    name_en = "Fixed"
    Rules = FixedRules
    data = guobiao_data.DATA  # a stand-in shows Guobiao's declared data
    declared_fields = frozenset({"fan"})
    multiple_wins = True

    def calc(self, hand, rules, *, flags=None, jing=None):
        raise NotImplementedError("a stand-in rule set values no hand strings")

    def settle_hand(self, hand: Hand, state: TableState, rules: FixedRules):
        book = PaymentBook()
        for e in hand.of(Kong):
            book.each_pays(e.player, 1, "杠")
        wins = []
        for w in hand.wins:
            if w.from_ is None:
                book.each_pays(w.player, w.fan, f"{w.fan}番 自摸")
            else:
                book.pay(w.from_, w.player, w.fan, f"{w.fan}番 放炮")
            wins.append(
                WinResult(
                    player=w.player,
                    from_=w.from_,
                    value=w.fan,
                    unit="番",
                    summary=f"报番 {w.fan}番",
                    items=(ScoreItem(id="fan", zh="报番", en="Declared", value=w.fan),),
                )
            )
        if hand.outcome == "false_win":
            book.each_pays(hand.of(FalseWin)[0].player, -rules.false_win_penalty, "诈胡")
        keep = hand.outcome == "draw" or any(w.player == state.dealer for w in hand.wins)
        nxt = advance(state) if keep else advance(state, dealer=(state.dealer + 1) % 4)
        return book.result(
            next_state=nxt,
            outcome=hand.outcome,
            wins=tuple(wins),
            summary=" ".join(w.summary for w in wins) or hand.outcome,
        )


FIXED = Fixed()


@pytest.fixture(autouse=True)
def fixed_variant(monkeypatch):
    import mjscore.engine.variants

    monkeypatch.setattr(mjscore.engine.variants, "get_variant", lambda _id: FIXED)


PLAYERS = ["阿明", "小芳", "[b]老王[/b]", "Lee"]
RECORD = {
    "variant": "guobiao",
    "stake": 0.5,
    "players": PLAYERS,
    "hands": [
        {"events": [{"type": "win", "player": 1, "from": 0, "fan": 8}]},  # (-8, 8, 0, 0)
        {
            "events": [
                {"type": "kong", "player": 3, "kind": "concealed", "tile": "9s"},  # (-1, -1, -1, 3)
                {"type": "win", "player": 2, "from": None, "fan": 6},
            ]
        },  # (-6, -6, 18, -6)
        {"events": [{"type": "draw"}]},  # (0, 0, 0, 0)
        {"events": [{"type": "false_win", "player": 3}]},  # (10, 10, 10, -30)
        {"events": [{"type": "win", "player": 0, "from": 3, "fan": 16}]},  # (16, 0, 0, -16)
    ],
}
# totals: 阿明 -8 -7 +10 +16 = 11; 小芳 8 -7 +10 = 11; 老王 17 +10 = 27; Lee -3 -30 -16 = -49
TOTALS = [11, 11, 27, -49]
# money at 0.5 per point
MONEY = ["5.5", "5.5", "13.5", "-24.5"]


@pytest.fixture
def record_file(tmp_path):
    p = tmp_path / "game.json"
    p.write_text(json.dumps(RECORD, ensure_ascii=False), encoding="utf-8")
    return p


def has_transfer(text: str, payer: str, payee: str, amount: str) -> bool:
    """A settle-up line "payer → payee amount" (columns padded to the widest name)."""
    return any(ln.split() == [payer, "→", payee, amount] for ln in text.splitlines())


def loaded():
    s = load_session(RECORD)
    return s, replay(s)


# ---------------------------------------------------------------- command line
def test_report_text_has_review_stats_and_settle(record_file, capsys):
    assert main(["--lang", "zh", "report", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert "== 回顾 ==" in out and "== 统计 ==" in out and "结算（" in out
    for reason in ("8番 放炮", "6番 自摸", "杠", "诈胡", "16番 放炮"):
        assert reason in out
    # Lee pays each of the three winners: three transfers, amounts at stake 0.5
    assert has_transfer(out, "Lee", "阿明", "5.5") and has_transfer(out, "Lee", "小芳", "5.5")
    assert has_transfer(out, "Lee", "[b]老王[/b]", "13.5")
    assert "四舍五入" in out
    assert "#5" in out and "#6" not in out


def test_report_json(record_file, capsys):
    assert main(["report", str(record_file), "--json"]) == 0
    js = json.loads(capsys.readouterr().out)
    assert js["totals"] == TOTALS
    assert js["settle"]["money"] == MONEY
    assert len(js["settle"]["transfers"]) == 3
    assert {(t["from"], t["to"], t["amount"]) for t in js["settle"]["transfers"]} == {
        (3, 0, "5.5"),
        (3, 1, "5.5"),
        (3, 2, "13.5"),
    }
    per = js["stats"]["per_player"]
    # wins: 阿明 h5, 小芳 h1, 老王 h2 (self-drawn); deal-ins: 阿明 h1, Lee h5; Lee's false win h4
    assert [(p["wins"], p["self_draws"], p["deal_ins"], p["false_wins"]) for p in per] == [
        (1, 0, 1, 0),
        (1, 0, 0, 0),
        (1, 1, 0, 0),
        (0, 0, 1, 1),
    ]
    assert per[2]["biggest_win"]["points"] == 17 and per[2]["biggest_win"]["summary"] == "报番 6番"
    assert js["stats"]["draws"] == 1 and js["session"] == "game.json"


def test_report_player_filter_and_sections(record_file, capsys):
    assert main(["report", str(record_file), "--player", "小芳", "--only", "review"]) == 0
    out = capsys.readouterr().out
    # 小芳 is in h1 (wins), h2 (pays), h4 (is paid); not in the draw h3 nor in h5
    heads = [ln.split()[0] for ln in out.splitlines() if ln.startswith("#")]
    assert heads == ["#1", "#2", "#4"]
    assert "统计" not in out and "Settle" not in out


def test_report_unit_rounding(tmp_path, capsys):
    rec = dict(RECORD, stake=0.333)
    p = tmp_path / "odd.json"
    p.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    assert main(["report", str(p), "--json", "--unit", "0.1"]) == 0
    js = json.loads(capsys.readouterr().out)
    # 11 × 0.333 = 3.663 → 3.7 (×2); 27 × 0.333 = 8.991 → 9.0; -49 × 0.333 = -16.317 → -16.3;
    # sum 3.7 + 3.7 + 9.0 - 16.3 = +0.1 → the largest upward move (3.663 → 3.7, seat 0 first)
    # gives a unit back: 阿明 3.6
    assert js["settle"]["money"] == ["3.6", "3.7", "9", "-16.3"]  # JSON: plain decimals
    assert js["settle"]["adjusted"] == [0]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--player", "nobody"], "did not play"),
        (["--unit", "0"], "--unit"),
        (["--unit", "abc"], "--unit"),
    ],
)
def test_report_bad_arguments_exit_2(record_file, capsys, argv, needle):
    assert main(["report", str(record_file), *argv]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


def test_report_bad_file_exit_2(tmp_path, capsys):
    assert main(["report", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_stats_from_files(record_file, capsys):
    assert (
        main(["stats", "Lee", "--file", str(record_file), "--file", str(record_file), "--json"])
        == 0
    )
    js = json.loads(capsys.readouterr().out)
    t = js["total"]
    assert (t["sessions"], t["hands"], t["deal_ins"], t["false_wins"], t["net"], t["money"]) == (
        2,
        10,
        2,
        2,
        -98,
        "-49",
    )
    assert [s["cumulative_money"] for s in js["sessions"]] == ["-24.5", "-49"]
    assert main(["stats", "nobody", "--file", str(record_file)]) == 2


def test_report_and_stats_from_ledger(tmp_path, capsys, monkeypatch):
    db = pytest.importorskip("db")
    path = tmp_path / "ledger.sqlite3"
    led = db.Ledger.open(path)
    try:
        sid = led.import_session(load_session(RECORD))
        # the ledger's own SQL lifetime figures agree with engine.stats on the counts
        from mjscore.engine.stats import lifetime_stats

        s = led.get_session(sid)
        games = [Game(label="#1", session=s, replay=replay(s))]
        for name in PLAYERS:
            mine = lifetime_stats(name, games).total
            theirs = led.lifetime_stats(name)
            assert (
                theirs.sessions,
                theirs.hands,
                theirs.wins,
                theirs.self_draws,
                theirs.deal_ins,
                theirs.false_wins,
                theirs.net_points,
            ) == (
                mine.sessions,
                mine.hands,
                mine.wins,
                mine.self_draws,
                mine.deal_ins,
                mine.false_wins,
                mine.net,
            )
    finally:
        led.close()
    monkeypatch.setenv("MJSCORE_DB", str(path))
    assert main(["report", str(sid), "--json"]) == 0
    js = json.loads(capsys.readouterr().out)
    assert js["totals"] == TOTALS and js["session"] == f"#{sid}"
    assert main(["--lang", "zh", "--db", str(path), "stats", "[b]老王[/b]"]) == 0
    out = capsys.readouterr().out
    assert "[b]老王[/b] — 1 场, 5 盘" in out
    assert main(["report", "999"]) == 2


# ---------------------------------------------------------------- screens
class Host(App):
    def __init__(self, screen):
        super().__init__()
        self.start = screen
        self.edits = []

    def on_mount(self):
        self.push_screen(self.start)

    def on_review_screen_edit_hand(self, msg):
        self.edits.append((msg.session_id, msg.index, msg.number))


def table_rows(table: DataTable) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


@sync
async def test_review_screen_lists_hands_and_filters():
    s, rep = loaded()
    app = Host(ReviewScreen(s, rep, session_id=7))
    async with app.run_test(size=(120, 36)) as pilot:
        scr = app.screen
        assert isinstance(scr, ReviewScreen)
        table = scr.query_one("#review-hands", DataTable)
        rows = table_rows(table)
        assert [r[0] for r in rows] == ["#1", "#2", "#3", "#4", "#5"]
        assert rows[1][2:6] == ["-7", "-7", "+17", "-3"]  # h2 deltas per seat
        assert rows[1][6] == "[b]老王[/b] 自摸 报番 6番"  # the name shown as typed, not as markup
        # the last hand is highlighted; its detail shows the engine's payment reason
        detail = str(scr.query_one("#review-text", Static).render())
        assert "16番 放炮" in detail and "#5" in detail
        await pilot.press("f")  # filter: 阿明
        assert [r[0] for r in table_rows(table)] == ["#1", "#2", "#4", "#5"]
        await pilot.press("f")  # 小芳
        assert [r[0] for r in table_rows(table)] == ["#1", "#2", "#4"]
        assert scr.query_one("#review-filter", Select).value == 1
        await pilot.press("f", "f", "f")  # 老王, Lee, back to everyone
        assert table.row_count == 5


@sync
async def test_review_filter_select_and_edit_message():
    s, rep = loaded()
    app = Host(ReviewScreen(s, rep, session_id=7))
    async with app.run_test(size=(120, 36)) as pilot:
        scr = app.screen
        scr.query_one("#review-filter", Select).value = 3  # Lee
        await pilot.pause()
        table = scr.query_one("#review-hands", DataTable)
        assert [r[0] for r in table_rows(table)] == ["#2", "#4", "#5"]
        await pilot.press("up")  # from #5 to #4
        detail = str(scr.query_one("#review-text", Static).render())
        assert "诈胡" in detail
        await pilot.press("e")
        await pilot.pause()
        assert app.edits == [(7, 3, 4)]  # hand #4 is session.hands[3]


@sync
async def test_review_on_edit_callback_closes_screen():
    s, rep = loaded()
    called = []

    def on_edit(index):  # the app's callback sees the screen below (the table) on top again
        called.append((index, type(app.screen).__name__))

    app = Host(ReviewScreen(s, rep, on_edit=on_edit))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("up", "up", "e")
        await pilot.pause()
        assert called == [(2, "Screen")]
        assert not isinstance(app.screen, ReviewScreen)


@sync
async def test_review_copy_settle_and_open_stats():
    s, rep = loaded()
    app = Host(ReviewScreen(s, rep))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("c")
        assert has_transfer(app.clipboard, "Lee", "阿明", "5.5") and "四舍五入" in app.clipboard
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


@sync
async def test_stats_screen_table_charts_and_settle():
    s, rep = loaded()
    app = Host(StatsScreen(s, rep, title="#7"))
    async with app.run_test(size=(120, 36)) as pilot:
        scr = app.screen
        rows = table_rows(scr.query_one("#stats-table", DataTable))
        assert [r[0] for r in rows] == PLAYERS
        # columns: who, hands, wins, self-draws, deal-ins, false wins, win rate, avg, biggest, net, money
        assert rows[2][1:] == ["5", "1", "1", "0", "0", "20%", "17.0", "+17", "+27", "+13.5"]
        assert rows[3][1:6] == ["5", "0", "0", "1", "1"] and rows[3][-1] == "-24.5"
        biggest = str(scr.query_one("#stats-biggest", Static).render())
        assert "[b]老王[/b]: #2 自摸 +17  报番 6番" in biggest
        settle = str(scr.query_one("#stats-settle", Static).render())
        assert settle == scr.settle_text() and has_transfer(settle, "Lee", "[b]老王[/b]", "13.5")
        running = scr.query_one("#chart-running", RunningTotalsChart)
        assert running.series[-1] == tuple(TOTALS) and len(running.series) == 6
        bars = scr.query_one("#chart-bars", WinsDealInsChart)
        assert bars.counts == ((1, 1, 1, 0), (0, 0, 1, 0), (1, 0, 0, 1))
        # the chart tab shows both charts, drawn with the players' names in the legend
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert running.size.width > 20 and running.size.height > 10
        drawn = running.render().plain
        assert all(n in drawn for n in PLAYERS) and running.border_title == "累计得分"
        assert "放炮" in bars.render().plain
        # every line of the drawing is exactly as wide as the chart, Chinese names included
        width = running.content_region.width
        assert {cell_len(ln) for ln in drawn.splitlines()} == {width}
        await pilot.press("3")
        await pilot.pause()
        assert scr.query_one("#stats-settle", Static).size.height > 5
        await pilot.press("c")
        assert app.clipboard == scr.settle_text()


@sync
async def test_lifetime_screen_and_open_from_stats():
    s, rep = loaded()
    other = load_session(dict(RECORD, players=["甲", "乙", "丙", "Lee"]))
    games = [
        Game(label="#1", session=s, replay=rep),
        Game(label="#2", session=other, replay=replay(other)),
        Game(label="#3", session=s, replay=rep),
    ]
    app = Host(StatsScreen(s, rep, games=games))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("down", "down", "l")  # highlighted row: 老王
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, LifetimeScreen) and scr.player == "[b]老王[/b]"
        total = table_rows(scr.query_one("#life-total", DataTable))
        # two sessions of 5 hands, one self-drawn win each, +27 and 13.5 money each
        assert total[0][1:5] == ["10", "2", "2", "0"] and total[0][-2:] == ["+54", "+27.0"]
        per = table_rows(scr.query_one("#life-sessions", DataTable))
        assert [r[-1] for r in per] == ["+13.5", "+27.0"]
        chart = scr.query_one("#life-running", RunningTotalsChart)
        assert chart.series == ((0.0,), (13.5,), (27.0,))


@sync
async def test_lifetime_screen_without_sessions():
    app = Host(LifetimeScreen("nobody", []))
    async with app.run_test(size=(100, 30)):
        assert "没有这位玩家的牌局" in str(app.screen.query_one("#life-biggest", Static).render())


def test_session_stats_match_report_money():
    s, rep = loaded()
    st = session_stats(s, rep)
    assert st.settlement.amounts == tuple(D(x) for x in MONEY)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # a legend line: the two columns the wide name covers are dropped after it
        ("│ ⢕⢕ 阿明 ⠁⠂⠃⠄│", "│ ⢕⢕ 阿明⠂⠃⠄│"),
        # tick labels: each wide run is followed by as many dropped cells as it has wide characters
        ("   阿明      Lee   老王    ", "   阿明    Lee   老王  "),
        # nothing wide: unchanged
        ("│ ⢕⢕ Lee ⠁⠂│", "│ ⢕⢕ Lee ⠁⠂│"),
    ],
)
def test_realign_wide(line, expected):
    out = realign_wide(Text(line)).plain
    assert out == expected
    assert cell_len(out) == len(line)


@sync
async def test_screens_on_a_session_without_finished_hands():
    s = load_session(
        dict(RECORD, hands=[{"events": [{"type": "kong", "player": 0, "kind": "concealed"}]}])
    )
    rep = replay(s)
    assert rep.hands == ()
    app = Host(ReviewScreen(s, rep))
    async with app.run_test(size=(120, 36)) as pilot:
        empty = app.screen.query_one("#review-empty", Static)
        assert empty.display and "没有已结束的盘" in str(empty.render())
        await pilot.press("e")  # nothing to edit: no message, no error
        assert app.edits == []
        await pilot.press("s", "2")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, StatsScreen)
        assert scr.query_one("#chart-running", RunningTotalsChart).series == ((0, 0, 0, 0),)
        assert "无需转账" in scr.settle_text()


def test_report_of_an_empty_session(tmp_path, capsys):
    p = tmp_path / "empty.json"
    p.write_text(json.dumps(dict(RECORD, hands=[]), ensure_ascii=False), encoding="utf-8")
    assert main(["--lang", "zh", "report", str(p)]) == 0
    out = capsys.readouterr().out
    assert "0 盘" in out and "无需转账" in out


@sync
async def test_lifetime_from_a_ledger_uses_its_sql_figures(tmp_path):
    # years of game nights: the lifetime opened from the ledger is read with SQL (no replay of
    # every session) and equals the replay-based figures of the same sessions
    db = pytest.importorskip("db")
    led = db.Ledger.open(tmp_path / "ledger.sqlite3")
    try:
        ids = [led.import_session(load_session(RECORD)) for _ in range(2)]
        games = [
            Game(label=f"#{i}", session=led.get_session(i), replay=replay(led.get_session(i)))
            for i in ids
        ]
        import mjscore.tui.screens.stats as stats_screen

        def no_replays(_ledger):
            raise AssertionError("the lifetime replayed every session of the ledger")

        mp = pytest.MonkeyPatch()
        mp.setattr(stats_screen, "games_from_ledger", no_replays)
        app = Host(StatsScreen.from_ledger(led, ids[0]))
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.press("down", "down", "l")  # highlighted row: 老王
            await pilot.pause()
            scr = app.screen
            assert isinstance(scr, LifetimeScreen) and scr.player == "[b]老王[/b]"
            assert scr.life == LifetimeScreen("[b]老王[/b]", games).life
            total = table_rows(scr.query_one("#life-total", DataTable))
            assert total[0][1:5] == ["10", "2", "2", "0"] and total[0][-2:] == ["+54", "+27.0"]
        mp.undo()
    finally:
        led.close()


@sync
async def test_review_columns_fit_long_names():
    # a 38-character name took the whole Dealer column and pushed the other players'
    # score columns off a 120-column screen
    long = "Wang Xiaoming the Fortieth of His Name"
    s = load_session(dict(RECORD, players=[long, "小芳", "[b]老王[/b]", "Lee"]))
    app = Host(ReviewScreen(s, replay(s)))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#review-hands", DataTable)
        widths = {str(c.key.value): c.get_render_width(table) for c in table.columns.values()}
        assert widths["dealer"] <= 14 and widths["p0"] <= 14
        assert (
            sum(w for k, w in widths.items() if k != "result") < 80
        )  # every score column on screen
