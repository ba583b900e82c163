"""``mjscore board``: the board as its own read-only Textual app, following the ledger live.

The app polls :meth:`Ledger.data_version` a few times a second (one pragma, no table read)
and reads the session again only when another connection has committed; without a session
id it follows :meth:`Ledger.active_session`, so it moves to a new session when one starts.
No key writes anything: the ledger is opened to read.
"""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ..errors import user_errors
from .chart import BoardChart
from .text import bt
from .view import BoardView
from .widgets import Compass, LastHandPanel, ThisHand, put

POLL_SECONDS = 0.25
"""How often the ledger's data version is asked for (a change shows within this, plus a read)."""


class BoardApp(App[int]):
    CSS_PATH = "board.tcss"
    TITLE = "mjscore board"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [Binding("q", "quit", "quit", show=False)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, ledger: Any, session_id: int | None = None, *, lang: str = "en") -> None:
        super().__init__()
        self.ledger = ledger
        self.fixed_session = session_id
        self.lang = lang
        self.session_id: int | None = None
        self.view: BoardView | None = None
        self._seen: int | None = None
        self._charted: tuple | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="board-title", markup=False)
        with VerticalScroll(id="board-body"):
            yield Static(bt("waiting", self.lang), id="board-waiting", markup=False)
            with Horizontal(id="board-top"):
                yield Compass(id="compass")
                with Vertical(id="board-side"):
                    yield ThisHand("", id="this-hand", markup=False)
                    yield LastHandPanel("", id="last-hand", markup=False)
                    yield BoardChart(id="board-chart")

    def on_mount(self) -> None:
        self.poll()
        self.set_interval(POLL_SECONDS, self.poll)

    def poll(self) -> None:
        """Read the board again if the ledger changed since the last look."""
        try:
            version = self.ledger.data_version()
        except user_errors() as e:
            self.show_problem(str(e))
            return
        if version == self._seen:
            return
        self._seen = version
        self.reload()

    def reload(self) -> None:
        try:
            sid = self.fixed_session
            if sid is None:
                sid = self.ledger.active_session()
            view = None if sid is None else BoardView.load(self.ledger, sid)
        except user_errors() as e:
            self.show_problem(str(e))
            return
        self.session_id, self.view = sid, view
        self.show(view)

    def show_problem(self, text: str) -> None:
        put(self.query_one("#board-title", Static), f"{bt('title', self.lang)} · {text}")

    def show(self, v: BoardView | None) -> None:
        lang = self.lang
        self.set_class(v is None, "-waiting")
        title = bt("title", lang)
        if v is not None:
            title += f" · {bt('session', lang, n=v.session_id)}"
        put(self.query_one("#board-title", Static), f"{title} · {bt('read_only', lang)}")
        if v is None:
            return
        self.query_one(Compass).show(v, lang)
        self.query_one(ThisHand).show(v, lang)
        self.query_one(LastHandPanel).show(v, lang)
        if (v.names, v.series, lang) != self._charted:
            # drawn after the totals have gone out: the chart is the slowest part to paint
            self._charted = (v.names, v.series, lang)
            self.call_after_refresh(self.show_chart, v)

    def show_chart(self, v: BoardView) -> None:
        self.query_one(BoardChart).show_series(
            v.names,
            v.series,
            xlabels=[str(i) for i in range(len(v.series))],
            lang=self.lang,
            title=bt("chart", self.lang),
        )


def make_board(
    db_path: str | None = None,
    session_id: int | None = None,
    lang: str | None = None,
    *,
    ledger: Any = None,
) -> BoardApp:
    """The board on ``ledger`` (or the ledger file at ``db_path``, opened to read)."""
    from ..i18n import detect_lang

    if ledger is None:
        from mjscore.db import Ledger

        ledger = Ledger.open_to_read(db_path)
    if session_id is not None:
        ledger.session_info(session_id)  # NotFound, in one line, before the screen opens
    return BoardApp(ledger, session_id, lang=lang or detect_lang())


def run_board(db_path: str | None, session_id: int | None, lang: str | None) -> int:
    app = make_board(db_path, session_id, lang)
    try:
        app.run()
    finally:
        app.ledger.close()
    return app.return_code or 0
