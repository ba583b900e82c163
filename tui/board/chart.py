"""The board's running-totals chart: the project's chart, drawn again only when its data or
its size changed (a board repaints on every change of the ledger, the chart's data changes
only when a hand ends)."""

from __future__ import annotations

from textual.app import RenderResult

from ..widgets.charts import RunningTotalsChart


class BoardChart(RunningTotalsChart):
    _drawn: tuple[object, RenderResult] | None = None

    def render(self) -> RenderResult:
        key = (self.size, getattr(self, "names", None), getattr(self, "series", None))
        if self._drawn is not None and self._drawn[0] == key:
            return self._drawn[1]
        out = super().render()
        self._drawn = (key, out)
        return out
