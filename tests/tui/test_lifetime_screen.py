"""The lifetime screen: the sessions table takes the keys (the totals are only read), the
rows are the sessions' figures however they are drawn, and the charts come with the data."""

from __future__ import annotations

from mjscore.engine.stats import Game
from mjscore.tui.screens.stats import LifetimeScreen
from mjscore.tui.widgets.charts import RunningTotalsChart, WinsDealInsChart
from mjscore.tui.widgets.plain_table import PlainTable

from tests.builders import run
from tests.tui.test_stats_screen import Host, _session


def games(n: int) -> list[Game]:
    out = []
    for i in range(n):
        s, rep = _session(players=("阿明", "小芳", "老王", "Lee"))
        out.append(Game(label=f"#{i + 1}", session=s, replay=rep))
    return out


@run
async def test_the_sessions_table_has_the_focus_and_the_totals_cannot_take_it():
    app = Host(LifetimeScreen("阿明", games(40), lang="en"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        total = app.screen.query_one("#life-total", PlainTable)
        per = app.screen.query_one("#life-sessions", PlainTable)
        assert app.focused is per
        assert not total.focusable
        await pilot.press("tab")  # nothing else to go to: the totals are skipped
        await pilot.pause()
        assert app.focused is not total
        app.screen.set_focus(per)
        await pilot.press("down", "down")
        await pilot.pause()
        assert per.cursor_row == 2
        per.move_cursor(row=39)  # the last row, drawn only now
        await pilot.pause()
        assert per.cursor_row == 39
        row = [str(c) for c in per.get_row_at(39)]
        assert row[0].startswith("#40 ") and row[1] == "3"


@run
async def test_the_charts_show_the_lifetime_and_are_built_once_per_plot():
    app = Host(LifetimeScreen("阿明", games(30), lang="en"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#life-running", RunningTotalsChart)
        bars = app.screen.query_one("#life-bars", WinsDealInsChart)
        assert len(line.series) == 31 and line.names == ("阿明",)
        assert bars.groups[0] == "#7" and len(bars.groups) == 24
        builds = []
        real = line._plot.build
        line._plot.build = lambda: builds.append(1) or real()
        first = line.render()
        assert line.render() is first and builds == []  # the same plot, the same size
        line.show_series(["阿明"], [(0.0,), (1.0,), (3.0,)], lang="en")
        assert line.render() is not first and builds == [1]


@run
async def test_one_session_of_one_hand_is_worded_in_the_singular():
    from mjscore.engine.core import replay
    from mjscore.engine.record import load_session
    from mjscore.tui.i18n import counted
    from mjscore.tui.report_text import lifetime_text, report_text

    s = load_session(
        {
            "variant": "nanjing",
            "players": ["阿明", "小芳", "老王", "Lee"],
            "stake": "0.5",
            "hands": [
                {"events": [{"type": "win", "player": 0, "from": 3, "patterns": ["all_pungs"]}]}
            ],
        }
    )
    rep = replay(s)
    app = Host(LifetimeScreen("阿明", [Game(label="#1", session=s, replay=rep)], lang="en"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.screen.sub_title == "1 Session · 1 Hand"
        life = app.screen.life
    assert lifetime_text(life, lang="en").splitlines()[0] == "阿明 — 1 session, 1 hand"
    assert lifetime_text(life, lang="zh").splitlines()[0] == "阿明 — 1 场, 1 盘"
    head = report_text(s, rep, lang="en").splitlines()[0]
    assert head.endswith("1 hand  (1 win, 0 draws, 0 false wins)"), head
    assert counted(2, "hands", "en") == "2 Hands" and counted(0, "sessions", "en") == "0 Sessions"
    assert counted(1, "hands", "zh") == "1 盘"


@run
async def test_a_long_lifetime_is_laid_out_once_and_plotted_once_per_chart(monkeypatch):
    """The sessions table (as wide as its columns, with a scroll bar for 60 rows) has its
    width from the first layout, so the charts beside it are built at one size, once each,
    and not while they have nothing to show."""
    from mjscore.tui.widgets import charts

    built: list[tuple[str, object, int]] = []
    real = charts.PlotextPlot.render

    def counting(self):
        built.append((self.id, self.size, self._version))
        return real(self)

    monkeypatch.setattr(charts.PlotextPlot, "render", counting)
    sizes: dict[str, set[object]] = {}
    drawn = charts._Chart.render

    def sized(self):
        sizes.setdefault(self.id, set()).add(self.size)
        return drawn(self)

    monkeypatch.setattr(charts._Chart, "render", sized)
    from mjscore.db.ledger import Ledger
    from mjscore.tui.app import make_app

    app = make_app(ledger=Ledger.memory(), lang="en")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        app.push_screen(LifetimeScreen("阿明", games(60), lang="en"))
        await pilot.pause()
        per = app.screen.query_one("#life-sessions", PlainTable)
        assert per.virtual_size.height > per.size.height  # it does scroll
        assert sorted(i for i, _, _ in built) == ["life-bars", "life-running"]
        assert all(v > 0 for _, _, v in built)
        assert {k: len(v) for k, v in sizes.items()} == {"life-bars": 1, "life-running": 1}
