"""The statistics screen at 80×24: a name of any length leaves every figure in view, the
side payments are reported apart from the wins, and each figure's meaning is said, in the
language of the app; a lifetime over several rule sets never adds their points."""

from __future__ import annotations

from mjscore.engine.core import replay
from mjscore.engine.record import load_session
from mjscore.engine.stats import Game
from mjscore.tui.screens.stats import LifetimeScreen, StatsScreen
from textual.app import App
from textual.widgets import DataTable, Static

from tests.builders import run

LONG = "Dr. 王小明·Jr 😀 the third of Guangxi Nanning"
JING_SINGLE = [
    {"type": "jing", "indicator": "5m", "lower": "2p", "lower_counts": [[0, 0]] * 4},
    {"type": "jing_count", "counts": [[1, 0], [0, 0], [3, 2], [0, 0]]},
    {"type": "win", "player": 0, "from": None, "patterns": ["jing_single"]},
]


class Host(App):
    def __init__(self, screen):
        super().__init__()
        self._first = screen

    def on_mount(self) -> None:
        self.push_screen(self._first)


def _session(variant="nanchang", events=JING_SINGLE, players=(LONG, "小芳", "老王", "Lee")):
    s = load_session(
        {
            "variant": variant,
            "players": list(players),
            "stake": "0.5",
            "hands": [{"events": events}] * 3,
        }
    )
    return s, replay(s)


@run
async def test_every_figure_stays_in_view_at_80x24_with_a_long_name():
    for lang, money_head, defs, side in (
        ("zh", "金额", "平均胡、最大胡：胡牌本身付给胡家的分", "另付 Dr. 王小明·… -102"),
        ("en", "Money", "Avg, Best: what the win itself paid the winner", "Side Dr. 王小明·… -102"),
    ):
        s, rep = _session()
        app = Host(StatsScreen(s, rep, lang=lang))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = app.screen.query_one("#stats-table", DataTable)
            right = table.region.x + sum(c.get_render_width(table) for c in table.columns.values())
            assert right <= 80, f"{lang}: the figures end at column {right}"
            head = [str(c.label) for c in table.columns.values()]
            assert head[-1] == money_head
            first = [str(c) for c in table.get_row_at(0)]
            # 精吊 self-draw, three times: each win paid 阿明's stand-in 8 from each (+24)
            assert first[0] == "Dr. 王小明·…" and first[7] == "24.0" and first[8] == "+24"
            notes = str(app.screen.query_one("#stats-biggest", Static).render())
            assert side in notes and defs in notes


@run
async def test_a_lifetime_over_two_rule_sets_gives_points_per_rule_set():
    games = []
    for i, (variant, events) in enumerate(
        (
            ("nanchang", JING_SINGLE),
            ("nanjing", [{"type": "win", "player": 0, "from": 3, "patterns": ["all_pungs"]}]),
        )
    ):
        s, rep = _session(variant, events, players=("阿明", "小芳", "老王", "Lee"))
        games.append(Game(label=f"#{i + 1}", session=s, replay=rep))
    app = Host(LifetimeScreen("阿明", games, lang="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        total = app.screen.query_one("#life-total", DataTable)
        rows = [[str(c) for c in total.get_row_at(i)] for i in range(total.row_count)]
    assert [r[0] for r in rows] == ["南昌", "南京", "All"]
    assert rows[2][9] == "—"  # no total of points across rule sets
    assert rows[2][1] == str(int(rows[0][1]) + int(rows[1][1]))  # hands add up
    assert rows[0][9] != "—" and rows[1][9] != "—"


@run
async def test_the_lifetime_sessions_table_shows_every_column_whole():
    """The sessions table beside the charts was cut at its half of the screen: at 120×36 the
    cumulative money read "-20" for -200.0. The table is as wide as its columns; where the
    rest is too narrow for a chart (80 columns), the charts give way."""
    games = []
    for i in range(12):
        s, rep = _session(players=(LONG, "小芳", "老王", "阿明"))
        games.append(Game(label=f"#{i + 1}", session=s, replay=rep))
    for size, charts in (((120, 36), True), ((80, 24), False)):
        for lang in ("zh", "en"):
            app = Host(LifetimeScreen("阿明", games, lang=lang))
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                per = app.screen.query_one("#life-sessions", DataTable)
                whole = sum(c.get_render_width(per) for c in per.columns.values())
                shown = per.scrollable_content_region.width
                assert shown >= whole, f"{size} {lang}: {shown} of {whole} columns shown"
                charts_box = app.screen.query_one("#life-running").parent
                assert charts_box.display is charts, (size, lang)
