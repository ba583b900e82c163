"""Statistics and charts: one session (:class:`StatsScreen`) and a player's lifetime
(:class:`LifetimeScreen`).

How to push them (self-contained; they only read)::

    from mjscore.tui.screens.stats import StatsScreen, LifetimeScreen, games_from_ledger
    app.push_screen(StatsScreen(session, replay, lang="zh", title="#12"))
    app.push_screen(StatsScreen.from_ledger(ledger, sid))
    app.push_screen(LifetimeScreen("阿明", games_from_ledger(ledger)))

``ledger`` is a ``db.Ledger`` (anything with ``list_sessions()`` rows with ``.id`` and
``get_session(id) -> engine.record.Session``).

StatsScreen shows the per-player table (hands, wins, self-draws, deal-ins 放炮, false wins,
win rate, average and biggest win with its patterns, net points, money), the settle-up
block (money at the session's stake, the fewest transfers, the rounding rule), the running
totals line chart and the wins/deal-ins bar chart, on three tabs (keys ``1`` ``2`` ``3``).
Keys: ``c`` copies the settle-up text,
``l`` opens the highlighted player's lifetime (when the screen was given ``games``),
``escape`` goes back. LifetimeScreen shows the player's totals, one row per session and
the charts of cumulative money and wins/deal-ins per session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import Any

from mjscore.engine.core import Replay, replay
from mjscore.engine.money import CENT, format_money, places, plain, settle_text
from mjscore.engine.names import shown_name
from mjscore.engine.record import Session
from mjscore.engine.report_words import VARIANT_NAMES
from mjscore.engine.stats import (
    Game,
    LifetimeStats,
    PlayerStats,
    SessionStats,
    lifetime_from_figures,
    lifetime_stats,
    session_stats,
)
from mjscore.engine.terms import SELF_DRAW
from mjscore.tui.i18n import counted
from mjscore.tui.report_text import definitions, rule_set_rows, side_line, w
from mjscore.tui.widgets.charts import RunningTotalsChart, WinsDealInsChart
from mjscore.tui.widgets.plain_table import PlainTable
from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static, TabbedContent, TabPane

from .common import get_session, localize

LABELS: dict[str, tuple[str, str]] = {
    "title": ("统计", "Statistics"),
    "lifetime": ("生涯", "Lifetime"),
    "tab_table": ("统计", "Figures"),
    "tab_charts": ("图表", "Charts"),
    "tab_settle": ("结算", "Settle up"),
    "player": ("玩家", "Player"),
    "rules": ("规则", "Rule set"),
    "sessions": ("场", "Sessions"),
    "session": ("场次", "Session"),
    "hands": ("盘", "Hands"),
    "wins": ("胡", "Wins"),
    "self_draws": (SELF_DRAW.zh, "Self-draws"),
    "deal_ins": ("放炮", "Deal-ins"),
    "false_wins": ("诈胡", "False wins"),
    "win_rate": ("胡率", "Win rate"),
    "avg": ("平均胡", "Avg win"),
    "biggest": ("最大胡", "Biggest win"),
    "net": ("分", "Points"),
    "money": ("金额", "Money"),
    "cum": ("累计金额", "Cumulative"),
    "back": ("返回", "Back"),
    "copy": ("复制结算", "Copy settle-up"),
    "open_lifetime": ("玩家生涯", "Player lifetime"),
    "copied": ("结算已复制", "Settle-up copied"),
    "no_games": ("没有这位玩家的牌局。", "No sessions with this player."),
    "self_drawn": (SELF_DRAW.zh, "self-drawn"),
    "discard": ("放炮", "on a discard"),
    # column headers, short enough that every figure stays in view at 80 columns
    "col_self_draws": (SELF_DRAW.zh, "Self"),
    "col_deal_ins": ("放炮", "Dealt"),
    "col_false_wins": ("诈胡", "False"),
    "col_win_rate": ("胡率", "Win%"),
    "col_avg": ("平均胡", "Avg"),
    "col_biggest": ("最大胡", "Best"),
    "col_net": ("分", "Pts"),
}


CHART_POINTS = 120  # the most points a lifetime line chart draws
CHART_BARS = 24  # the most sessions a lifetime bar chart shows (the latest)


def L(key: str, lang: str) -> str:
    zh, en = LABELS[key]
    return zh if lang == "zh" else en


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x * 100:.0f}%"


def biggest_lines(rows: Iterable[PlayerStats], lang: str) -> list[str]:
    out = []
    for r in rows:
        b = r.biggest
        if b is None:
            continue
        how = L("self_drawn" if b.self_drawn else "discard", lang)
        out.append(
            f"{L('biggest', lang)} {shown_name(r.name)}: {b.where()} {how} {b.points:+d}  {b.label()}"
        )
    return out


def stats_columns(
    table: DataTable, lang: str, *, first: str = "player", rows: Sequence[Sequence[Text]] = ()
) -> None:
    """The figures' columns. Given the ``rows`` to come, each column is as wide as its
    widest cell with one space before it (no other padding), so that the eleven columns
    and a name of :data:`~engine.names.NAME_WIDTH` fit in 80 terminal columns."""
    keys = ("who", *STAT_KEYS)
    heads = [L(first, lang)] + [
        L(f"col_{key}" if f"col_{key}" in LABELS else key, lang) for key in STAT_KEYS
    ]
    for j, (key, head) in enumerate(zip(keys, heads, strict=True)):
        if not rows:
            table.add_column(head, key=key)
            continue
        width = max([cell_len(head)] + [r[j].cell_len for r in rows]) + 1
        label = Text(head, justify="left" if j == 0 else "right")
        table.add_column(label, key=key, width=width)


STAT_KEYS = (
    "hands",
    "wins",
    "self_draws",
    "deal_ins",
    "false_wins",
    "win_rate",
    "avg",
    "biggest",
    "net",
    "money",
)


def stats_row(who: str, r: PlayerStats, n_places: int) -> list[Text]:
    avg = r.average_win
    big = r.biggest
    return [
        Text(shown_name(who)),
        Text(str(r.hands), justify="right"),
        Text(str(r.wins), justify="right"),
        Text(str(r.self_draws), justify="right"),
        Text(str(r.deal_ins), justify="right"),
        Text(str(r.false_wins), justify="right"),
        Text(_pct(r.win_rate), justify="right"),
        Text("—" if avg is None else str(avg), justify="right"),
        Text("—" if big is None else f"{big.points:+d}", justify="right"),
        Text(f"{r.net:+d}" if r.one_scale else "—", justify="right"),
        Text(format_money(r.money, n_places, sign=True), justify="right"),
    ]


def notes_text(rows: Sequence[PlayerStats], lang: str, *, biggest: bool = True) -> Text:
    """Under the figures: the biggest wins, the side payments (apart from the wins) and
    what each figure means."""
    lines = biggest_lines(rows, lang) if biggest else []
    side = side_line(rows, lang)
    lines += [side] if side else []
    return Text("\n".join([*lines, "", *definitions(lang)]).strip("\n"))


class StatsScreen(Screen):
    """Statistics, settle-up and charts of one session."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="stats_back"),
        Binding("c", "copy_settle", "Copy settle-up", id="stats_copy"),
        Binding("l", "open_lifetime", "Player lifetime", id="stats_open_lifetime"),
        Binding("1", "show_tab('tab-table')", "Figures", id="stats_tab_table"),
        Binding("2", "show_tab('tab-charts')", "Charts", id="stats_tab_charts"),
        Binding("3", "show_tab('tab-settle')", "Settle up", id="stats_tab_settle"),
    ]

    DEFAULT_CSS = """
    StatsScreen #stats-table { height: auto; max-height: 8; margin-left: 1; }
    StatsScreen #stats-biggest { padding: 1 1 0 1; }
    StatsScreen #stats-settle { padding: 0 1; }
    StatsScreen #stats-tabs { height: 1fr; }
    StatsScreen #stats-tabs ContentSwitcher { height: 1fr; }
    StatsScreen #stats-tabs TabPane { height: 1fr; padding: 0; }
    StatsScreen .charts { height: 1fr; }
    """

    def __init__(
        self,
        session: Session,
        rep: Replay | None = None,
        *,
        lang: str = "zh",
        title: str = "",
        unit: Decimal = CENT,
        games: Sequence[Game] | Callable[[], Sequence[Game]] | None = None,
        ledger: Any = None,
    ) -> None:
        super().__init__()
        self.ledger = ledger  # when given, a player's lifetime is read with SQL, not by replaying every session
        self.session = session
        self.rep = rep if rep is not None else replay(session)
        self.lang = lang
        self.heading = title
        self.unit = unit
        self.games = games
        self.stats: SessionStats = session_stats(session, self.rep, unit=unit)
        localize(self, LABELS, "stats_", lang)

    @classmethod
    def from_ledger(cls, ledger: Any, session_id: int, **kw: Any) -> StatsScreen:
        kw.setdefault("title", f"#{session_id}")
        kw.setdefault("games", lambda: games_from_ledger(ledger))
        kw.setdefault("ledger", ledger)
        kw.setdefault("rep", ledger.stored_replay(session_id))  # stored: not settled again
        return cls(get_session(ledger, session_id), **kw)

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(id="stats-tabs"):
            with TabPane(L("tab_table", self.lang), id="tab-table"):
                with VerticalScroll():
                    yield DataTable(id="stats-table", cursor_type="row", cell_padding=0)
                    yield Static("", id="stats-biggest", markup=False)
            with TabPane(L("tab_charts", self.lang), id="tab-charts"):
                with Horizontal(classes="charts"):
                    yield RunningTotalsChart(id="chart-running")
                    yield WinsDealInsChart(id="chart-bars")
            with TabPane(L("tab_settle", self.lang), id="tab-settle"):
                with VerticalScroll():
                    yield Static("", id="stats-settle", markup=False)
        yield Footer()

    @property
    def places(self) -> int:
        return self.stats.settlement.places

    def settle_text(self) -> str:
        return settle_text(self.session.players, self.stats.settlement, lang=self.lang)

    def on_mount(self) -> None:
        st = self.stats
        v = VARIANT_NAMES.get(self.session.variant, self.session.variant)
        self.title = f"{L('title', self.lang)} {self.heading}".strip()
        self.sub_title = f"{v} · {counted(st.hands, 'hands', self.lang)} · {w('stake', self.lang, stake=plain(self.session.stake))}"
        table = self.query_one("#stats-table", DataTable)
        cells = [stats_row(r.name, r, self.places) for r in st.players_stats]
        stats_columns(table, self.lang, rows=cells)
        for i, row in enumerate(cells):
            table.add_row(*row, key=str(i))
        self.query_one("#stats-biggest", Static).update(notes_text(st.players_stats, self.lang))
        self.query_one("#stats-settle", Static).update(Text(self.settle_text()))
        names = self.session.players
        self.query_one("#chart-running", RunningTotalsChart).show_series(
            names, st.series, lang=self.lang
        )
        self.query_one("#chart-bars", WinsDealInsChart).show_counts(
            names,
            [p.wins for p in st.players_stats],
            [p.self_draws for p in st.players_stats],
            [p.deal_ins for p in st.players_stats],
            lang=self.lang,
        )
        table.focus()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_show_tab(self, pane: str) -> None:
        self.query_one("#stats-tabs", TabbedContent).active = pane

    def action_copy_settle(self) -> None:
        self.app.copy_to_clipboard(self.settle_text())
        self.notify(L("copied", self.lang))

    def action_open_lifetime(self) -> None:
        if self.games is None and self.ledger is None:
            return
        table = self.query_one("#stats-table", DataTable)
        seat = table.cursor_row if table.cursor_row is not None else 0
        name = self.session.players[seat]
        if self.ledger is not None and hasattr(self.ledger, "lifetime_figures"):
            self.app.push_screen(
                LifetimeScreen.from_ledger(self.ledger, name, lang=self.lang, unit=self.unit)
            )
            return
        games = self.games() if callable(self.games) else self.games
        self.app.push_screen(LifetimeScreen(name, games or (), lang=self.lang, unit=self.unit))


def games_from_ledger(ledger: Any) -> list[Game]:
    """Every session of a ledger (``list_sessions()`` rows with ``.id``, ``get_session(id)``)
    replayed, oldest first; a session that no longer settles is left out rather than breaking the view."""
    from mjscore.engine.errors import MjError

    out = []
    for info in ledger.list_sessions():
        sid = getattr(info, "id", info)
        try:
            s = get_session(ledger, sid)
            stored = getattr(ledger, "stored_replay", None)  # db.Ledger: nothing settled again
            out.append(
                Game(label=f"#{sid}", session=s, replay=stored(sid) if stored else replay(s))
            )
        except MjError:
            continue
    return sorted(out, key=lambda g: int(g.label[1:]) if g.label[1:].isdigit() else 0)


class LifetimeScreen(Screen):
    """A player's figures over every session he sat in."""

    BINDINGS = [Binding("escape", "back", "Back", id="life_back")]

    # The sessions table is as wide as its columns (a cut column showed "-20" for -200.0);
    # the charts take what is left, and on a narrow screen, where that is too little to
    # draw a chart, they give way to the table.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    DEFAULT_CSS = """
    LifetimeScreen #life-total { height: auto; margin-left: 1; }
    LifetimeScreen #life-sessions { height: 1fr; width: auto; max-width: 100%; }
    LifetimeScreen #life-biggest { padding: 0 1; height: auto; }
    LifetimeScreen .charts { height: 1fr; }
    LifetimeScreen #life-charts { width: 1fr; }
    LifetimeScreen.-narrow #life-charts { display: none; }
    """

    def __init__(
        self,
        player: str,
        games: Iterable[Game] = (),
        *,
        lang: str = "zh",
        unit: Decimal = CENT,
        life: LifetimeStats | None = None,
    ) -> None:
        super().__init__()
        self.player = player
        self.lang = lang
        self.unit = unit
        self.life: LifetimeStats = (
            life if life is not None else lifetime_stats(player, list(games), unit=unit)
        )
        localize(self, LABELS, "life_", lang)

    @classmethod
    def from_ledger(
        cls, ledger: Any, player: str, *, lang: str = "zh", unit: Decimal = CENT
    ) -> LifetimeScreen:
        """The lifetime read with SQL from the figures the ledger keeps (no replay of every
        session: 0.2 s for a player of 1,000 sessions instead of ~18 s)."""
        life = lifetime_from_figures(player, ledger.lifetime_figures(player), unit=unit)
        return cls(player, lang=lang, unit=unit, life=life)

    @property
    def places(self) -> int:
        """Decimal places of money: the finest stake's, at most the unit's (worked out once,
        not once per row: a player of 1,000 sessions has 1,000 rows)."""
        cached = getattr(self, "_places", None)
        if cached is None:
            if not self.life.sessions:
                cached = places(self.unit)
            else:
                stakes = {s.stake for s in self.life.sessions}
                cached = min(max(places(s) for s in stakes), places(self.unit))
            self._places = cached
        return cached

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            # (the totals are read, not moved through: the sessions table takes the keys)
            total = PlainTable(id="life-total", cursor_type="none", cell_padding=0)
            total.can_focus = False
            yield total
            yield Static("", id="life-biggest", markup=False)
            with Horizontal(classes="charts"):
                yield PlainTable(id="life-sessions", cursor_type="row", zebra_stripes=True)
                with Vertical(id="life-charts"):
                    yield RunningTotalsChart(id="life-running")
                    yield WinsDealInsChart(id="life-bars")
        yield Footer()

    def on_mount(self) -> None:
        lt = self.life
        self.title = f"{L('lifetime', self.lang)} {shown_name(self.player)}"
        self.sub_title = (
            f"{counted(lt.total.sessions, 'sessions', self.lang)}"
            f" · {counted(lt.total.hands, 'hands', self.lang)}"
        )
        total = self.query_one("#life-total", PlainTable)
        cells = [stats_row(r.name, r, self.places) for r in rule_set_rows(lt, self.lang)]
        first = "player" if len(lt.per_rule_set) <= 1 else "rules"
        stats_columns(total, self.lang, first=first, rows=cells)
        total.add_text_rows((str(i), row) for i, row in enumerate(cells))
        if lt.sessions:  # (what each figure means is said on a session's statistics)
            lines = biggest_lines([lt.total], self.lang)
            side = side_line(lt.per_rule_set, self.lang) if len(lt.per_rule_set) == 1 else None
            notes = Text("\n".join(lines + ([side] if side else [])))
        else:
            notes = Text(L("no_games", self.lang))
        self.query_one("#life-biggest", Static).update(notes)
        per = self.query_one("#life-sessions", PlainTable)
        per.add_column(L("session", self.lang), key="session")
        for key in ("hands", "wins", "deal_ins", "net", "money", "cum"):
            per.add_column(L(key, self.lang), key=key)
        n_places = self.places
        # one row per session (a player may have 1,000): their texts now, their cells
        # only when they are shown
        per.add_plain_rows(
            (
                (
                    str(i),
                    (
                        f"{s.label} {VARIANT_NAMES.get(s.variant, s.variant)}",
                        str(s.stats.hands),
                        str(s.stats.wins),
                        str(s.stats.deal_ins),
                        f"{s.stats.net:+d}",
                        format_money(s.stats.money, n_places, sign=True),
                        format_money(s.cumulative_money, n_places, sign=True),
                    ),
                )
                for i, s in enumerate(lt.sessions)
            ),
            justify=("left", *["right"] * 6),
        )
        if len(lt.sessions) >= self.app.size.height:
            # it will scroll: its scroll bar's room is kept from the start, so the first
            # layout is the last (else the bar appears after it and all is laid out again)
            per.styles.scrollbar_gutter = "stable"
        per.focus()
        # the charts after the tables' first frame (plotting a lifetime takes a while)
        self.call_after_refresh(self.draw_charts)

    def draw_charts(self) -> None:
        """A chart is a few dozen cells wide: at most CHART_POINTS points of the cumulative
        line (every k-th session and the last), the bars of the last CHART_BARS sessions."""
        lt = self.life
        step = -(-len(lt.sessions) // CHART_POINTS) or 1
        picked = [s for i, s in enumerate(lt.sessions) if i % step == 0 or s is lt.sessions[-1]]
        labels = [""] + [s.label for s in picked]
        series = [(0.0,)] + [(float(s.cumulative_money),) for s in picked]
        self.query_one("#life-running", RunningTotalsChart).show_series(
            [self.player], series, xlabels=labels, lang=self.lang, title=L("cum", self.lang)
        )
        recent = lt.sessions[-CHART_BARS:]
        self.query_one("#life-bars", WinsDealInsChart).show_counts(
            [s.label for s in recent],
            [s.stats.wins for s in recent],
            [s.stats.self_draws for s in recent],
            [s.stats.deal_ins for s in recent],
            lang=self.lang,
        )

    def action_back(self) -> None:
        self.dismiss(None)
