"""Terminal charts of a session and of a player's lifetime (textual-plotext).

- :class:`RunningTotalsChart` — one line per player: running totals after each hand
  (or, for a lifetime, cumulative money after each session).
- :class:`WinsDealInsChart` — grouped bars: wins, self-draws and deal-ins (放炮) per player
  (or per session for a lifetime).

Both are :class:`textual_plotext.PlotextPlot` widgets; call ``show_…`` with plain data (no
engine objects) and the chart redraws. The title is the widget's border title, and
:func:`realign_wide` corrects plotext's layout of Chinese names (it counts every character
as one column) so legend and tick lines keep their width. ``plot_…`` functions draw onto any plotext ``plt``
so they can be tested (and reused) without an app.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from mjscore.engine.terms import SELF_DRAW
from rich.text import Text
from textual.app import RenderResult
from textual_plotext import PlotextPlot

RUNNING_TITLE = {"zh": "累计得分", "en": "Running totals"}
BARS_TITLE = {"zh": f"胡 / {SELF_DRAW.zh} / 放炮", "en": "Wins / self-draws / deal-ins"}
BAR_LABELS = {"zh": ("胡", SELF_DRAW.zh, "放炮"), "en": ("wins", "self-draws", "deal-ins")}


def plot_running_totals(
    plt,
    names: Sequence[str],
    series: Sequence[Sequence[float]],
    *,
    xlabels: Sequence[str] | None = None,
    title: str = "",
    ylabel: str = "",
) -> None:
    """One line per name; ``series[i][seat]`` is the value after step ``i`` (step 0 is the start).

    ``xlabels`` (one per step) replace the step numbers on the x axis."""
    plt.clear_figure()
    xs = list(range(len(series)))
    if len(xs) < 2:  # a single point draws nothing in plotext: show the flat start
        xs = [0, 1]
        series = [series[0], series[0]] if series else [[0] * len(names)] * 2
    for seat, name in enumerate(names):
        plt.plot(xs, [float(step[seat]) for step in series], label=name, marker="braille")
    if xlabels is not None and len(xlabels) == len(xs):
        step = max(1, len(xs) // 10)
        ticks = xs[::step]
        plt.xticks(ticks, [xlabels[i] for i in ticks])
    plt.hline(0.0)
    if title:
        plt.title(title)
    if ylabel:
        plt.ylabel(ylabel)


def plot_bars(
    plt,
    groups: Sequence[str],
    values: Sequence[Sequence[int]],
    labels: Sequence[str],
    *,
    title: str = "",
) -> None:
    """Grouped bars: ``values[k][i]`` is series ``labels[k]`` for group ``groups[i]``."""
    plt.clear_figure()
    if groups:
        plt.multiple_bar(list(groups), [list(v) for v in values], labels=list(labels))
    if title:
        plt.title(title)


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def realign_wide(text: Text) -> Text:
    """Undo plotext's one-column-per-character assumption for wide characters.

    plotext lays out labels (legend, ticks, title) as if every character took one column,
    but CJK names take two, which pushes the rest of the line right (and wraps it). After
    each run of non-space characters, drop as many characters as the run has wide ones:
    everything after the label is back in the column plotext meant (the dropped cells are
    the ones the wide label covers)."""
    out = Text(no_wrap=True, overflow="crop", end="")
    for n, line in enumerate(text.split("\n", allow_blank=True)):
        if n:
            out.append("\n")
        plain = line.plain
        if not any(_wide(ch) for ch in plain):
            out.append_text(line)
            continue
        pieces = []
        i = start = 0
        while i < len(plain):
            if plain[i] == " ":
                i += 1
                continue
            j = i
            while j < len(plain) and plain[j] != " ":
                j += 1
            extra = sum(1 for ch in plain[i:j] if _wide(ch))
            if extra:
                pieces.append(line[start:j])
                start = min(len(plain), j + extra)
                i = start
            else:
                i = j
        pieces.append(line[start:])
        for piece in pieces:
            out.append_text(piece)
    return out


class _Chart(PlotextPlot):
    """A plotext chart drawn again only when its plot, its size or its theme changed: a
    screen coming back, or a layout pass that keeps the size, asked plotext to build the
    same chart again (a tenth of a second for a lifetime's two charts)."""

    _drawn: tuple[object, RenderResult] | None = None
    _version = 0  # how many times the plot was reached (each time it may have changed)

    @property
    def plt(self):  # (anyone who reaches the plot may change it: it is built again)
        self._version += 1
        return self._plot

    def render(self) -> RenderResult:
        if not self._version:  # nothing plotted yet: an empty box, not plotext's empty axes
            return Text("")
        key = (self._version, self.size, self.theme, self.app.theme)
        if self._drawn is not None and self._drawn[0] == key:
            return self._drawn[1]
        rendered = super().render()
        if isinstance(rendered, Text):
            rendered = realign_wide(rendered)
        self._drawn = (key, rendered)
        return rendered


class RunningTotalsChart(_Chart):
    """Running totals per player as a line chart."""

    DEFAULT_CSS = """
    RunningTotalsChart { height: 1fr; min-height: 10; border: round $primary-darken-2; }
    """

    def show_series(
        self,
        names: Sequence[str],
        series: Sequence[Sequence[float]],
        *,
        xlabels: Sequence[str] | None = None,
        lang: str = "zh",
        title: str | None = None,
        ylabel: str = "",
    ) -> None:
        self.names = tuple(names)
        self.series = tuple(tuple(s) for s in series)
        # the title goes on the border: plotext would mis-measure a Chinese title
        self.border_title = RUNNING_TITLE[lang] if title is None else title
        plot_running_totals(self.plt, names, series, xlabels=xlabels, ylabel=ylabel)
        self.refresh()


class WinsDealInsChart(_Chart):
    """Wins, self-draws and deal-ins as grouped bars."""

    DEFAULT_CSS = """
    WinsDealInsChart { height: 1fr; min-height: 10; border: round $primary-darken-2; }
    """

    def show_counts(
        self,
        groups: Sequence[str],
        wins: Sequence[int],
        self_draws: Sequence[int],
        deal_ins: Sequence[int],
        *,
        lang: str = "zh",
        title: str | None = None,
    ) -> None:
        self.groups = tuple(groups)
        self.counts = (tuple(wins), tuple(self_draws), tuple(deal_ins))
        self.border_title = BARS_TITLE[lang] if title is None else title
        plot_bars(self.plt, groups, self.counts, BAR_LABELS[lang])
        self.refresh()
