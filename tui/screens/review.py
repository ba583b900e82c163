"""The session review: every hand with its events, the win valuations and the payments
the engine produced (with their reasons), filtered by player; jump to edit a hand.

How to push it (the screen is self-contained; it never writes to the ledger)::

    from mjscore.tui.screens.review import ReviewScreen
    app.push_screen(ReviewScreen(session, replay, session_id=sid, lang="zh"))
    # or, from a db.Ledger (anything with ``get_session(id) -> engine.record.Session``):
    app.push_screen(ReviewScreen.from_ledger(ledger, sid, lang="zh"))

``replay`` may be omitted (it is computed). Keys: ↑/↓ choose a hand, ``f`` cycles the
player filter (or use the selector), ``e`` asks to edit the highlighted hand, ``s`` opens
the statistics and charts (:class:`tui.screens.stats.StatsScreen`), ``c`` copies the
settle-up text, ``escape`` goes back.

Editing is the table screen's job: ``e`` posts :class:`ReviewScreen.EditHand` (bubbling to
the app) with ``session_id``, the **0-based** ``index`` of the hand in ``session.hands``
and its 1-based ``number`` (as ``db.Ledger.amend_hand(sid, number, events)`` takes it);
when an ``on_edit(index)`` callback is given it is called instead and the screen is closed.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from mjscore.engine.core import Replay, replay
from mjscore.engine.money import CENT, clip, settle_text
from mjscore.engine.record import Session
from mjscore.engine.report_words import VARIANT_NAMES
from mjscore.engine.stats import headline, session_stats
from mjscore.engine.terms import OUTCOMES, SELF_DRAW
from mjscore.tui.report_text import HandReview, hand_text, review
from mjscore.tui.widgets.describe import notes_text
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Select, Static

from .common import get_session, localize

ALL = -1

LABELS: dict[str, tuple[str, str]] = {
    "title": ("回顾", "Review"),
    "all": ("全部玩家", "All players"),
    "hand": ("盘", "Hand"),
    "dealer": ("庄", "Dealer"),
    "result": ("结果", "Result"),
    "no_hands": ("没有已结束的盘。", "No finished hands."),
    "no_hands_player": ("这位玩家没有参与任何一盘。", "This player took part in no hand."),
    "back": ("返回", "Back"),
    "edit": ("修改此盘", "Edit hand"),
    "filter": ("筛选玩家", "Filter player"),
    "stats": ("统计图表", "Statistics"),
    "copy": ("复制结算", "Copy settle-up"),
    "copied": ("结算已复制", "Settle-up copied"),
    "night": ("当晚合计", "The night"),
    "delete": ("删除牌局", "Delete session"),
    "draw": ("流局", "draw"),
    "false_win": ("诈胡", "false win"),
}


def L(key: str, lang: str) -> str:
    zh, en = LABELS[key]
    return zh if lang == "zh" else en


def result_cell(hr: HandReview, names: tuple[str, ...], lang: str = "zh") -> Text:
    """ "小芳 ← 阿明 <summary>" / "老王 <self-draw> …" / "流局" as plain text."""
    notes = notes_text(hr, names)
    if not hr.wins:
        term = OUTCOMES.get(hr.outcome)
        who = " ".join(clip(names[s]) for s in hr.false_wins)
        if term is None:
            what = hr.summary or hr.outcome
        elif lang == "zh":
            what = hr.summary or term.zh
        else:
            extra = hr.summary if hr.summary and hr.summary != term.zh else ""
            what = f"{term.en} {extra}".strip()
        return Text(f"{who} {what}".strip() + notes)
    parts = []
    for w in hr.wins:
        how = (
            (SELF_DRAW.zh if lang == "zh" else SELF_DRAW.en)
            if w.from_ is None
            else f"← {clip(names[w.from_])}"
        )
        parts.append(f"{clip(names[w.player])} {how} {headline(w.value, w.unit, w.summary)}")
    return Text(" / ".join(parts) + notes)


class ReviewScreen(Screen):
    """Every settled hand of one session, newest last."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="review_back"),
        Binding("e", "edit_hand", "Edit hand", id="review_edit"),
        Binding("f", "cycle_filter", "Filter player", id="review_filter"),
        Binding("s", "open_stats", "Statistics", id="review_stats"),
        Binding("c", "copy_settle", "Copy settle-up", id="review_copy"),
        Binding("n", "open_night", "The night", id="review_night"),
        Binding(
            "delete", "delete_session", "Delete session", id="review_delete", key_display="Del"
        ),
    ]

    DEFAULT_CSS = """
    ReviewScreen #review-left { width: 3fr; }
    ReviewScreen #review-detail { width: 2fr; border-left: solid $primary; padding: 0 1; }
    ReviewScreen #review-filter { margin: 0 0 1 0; }
    ReviewScreen #review-hands { height: 1fr; }
    ReviewScreen #review-empty { color: $text-muted; padding: 1; }
    """

    class EditHand(Message):
        """The user asked to edit a hand of session ``session_id``: ``index`` is 0-based
        (``session.hands[index]``), ``number`` 1-based (``Ledger.amend_hand(sid, number, …)``)."""

        def __init__(self, session_id: int | None, index: int) -> None:
            super().__init__()
            self.session_id = session_id
            self.index = index
            self.number = index + 1

    def __init__(
        self,
        session: Session,
        rep: Replay | None = None,
        *,
        session_id: int | None = None,
        lang: str = "zh",
        title: str = "",
        unit: Decimal = CENT,
        on_edit: Callable[[int], Any] | None = None,
        player: int | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.rep = rep if rep is not None else replay(session)
        self.session_id = session_id
        self.lang = lang
        self.unit = unit
        self.on_edit = on_edit
        self.player: int | None = player
        self.heading = title or (f"#{session_id}" if session_id is not None else "")
        self.rows: tuple[HandReview, ...] = ()
        self.ledger: Any = None  # set by from_ledger: the lifetime view reads every session
        localize(self, LABELS, "review_", lang)

    @classmethod
    def from_ledger(cls, ledger: Any, session_id: int, **kw: Any) -> ReviewScreen:
        # the settlement the ledger stored: nothing is settled again to show it
        kw.setdefault("rep", ledger.stored_replay(session_id))
        screen = cls(get_session(ledger, session_id), session_id=session_id, **kw)
        screen.ledger = ledger
        return screen

    # ---- layout
    def compose(self) -> ComposeResult:
        names = self.session.players
        yield Header()
        with Horizontal():
            with Vertical(id="review-left"):
                options = [(Text(L("all", self.lang)), ALL)] + [
                    (Text(clip(n)), i) for i, n in enumerate(names)
                ]
                yield Select(
                    options,
                    allow_blank=False,
                    value=ALL if self.player is None else self.player,
                    id="review-filter",
                )
                yield DataTable(id="review-hands", cursor_type="row", zebra_stripes=True)
                yield Static("", id="review-empty", markup=False)
            with VerticalScroll(id="review-detail"):
                yield Static("", id="review-text", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        v = VARIANT_NAMES.get(self.session.variant, self.session.variant)
        self.title = f"{L('title', self.lang)} {self.heading}".strip()
        self.sub_title = f"{v} · " + " ".join(clip(n) for n in self.session.players)
        table = self.query_one("#review-hands", DataTable)
        table.add_column(L("hand", self.lang), key="n")
        table.add_column(L("dealer", self.lang), key="dealer")
        for i, n in enumerate(self.session.players):
            table.add_column(Text(clip(n)), key=f"p{i}")
        table.add_column(L("result", self.lang), key="result")
        self.refill()
        table.focus()

    # ---- data
    def _pattern_name(self, pattern_id: str) -> str:
        from mjscore.engine.variants import get_variant

        from ..i18n import pattern_name

        try:
            variant = get_variant(self.session.variant)
        except Exception:  # noqa: BLE001 - a rule set that cannot load: show the id
            return pattern_id
        return pattern_name(variant, pattern_id, self.lang)

    def refill(self) -> None:
        names = self.session.players
        self.rows = review(
            self.session,
            self.rep,
            player=self.player,
            pattern_name=self._pattern_name,
            lang=self.lang,
        )
        table = self.query_one("#review-hands", DataTable)
        table.clear()
        for hr in self.rows:
            table.add_row(
                Text(f"#{hr.index}"),
                Text(clip(names[hr.state.dealer])),
                *(
                    Text(f"{d:+d}", style="bold" if self.player == i else "", justify="right")
                    for i, d in enumerate(hr.deltas)
                ),
                result_cell(hr, names, self.lang),
                key=str(hr.index),
            )
        empty = self.query_one("#review-empty", Static)
        if not self.rows:
            empty.update(L("no_hands" if self.player is None else "no_hands_player", self.lang))
            empty.display = True
        else:
            empty.display = False
        if self.rows:
            table.move_cursor(row=len(self.rows) - 1)
        self.show_detail()

    @property
    def current(self) -> HandReview | None:
        table = self.query_one("#review-hands", DataTable)
        if not self.rows or table.cursor_row is None or not 0 <= table.cursor_row < len(self.rows):
            return None
        return self.rows[table.cursor_row]

    def show_detail(self) -> None:
        hr = self.current
        text = self.query_one("#review-text", Static)
        if hr is None:
            text.update("")
            return
        text.update(
            Text(
                "\n".join(
                    hand_text(
                        hr,
                        self.session.players,
                        lang=self.lang,
                    )
                )
            )
        )

    @on(DataTable.RowHighlighted, "#review-hands")
    def _highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self.show_detail()

    @on(Select.Changed, "#review-filter")
    def _filter_changed(self, event: Select.Changed) -> None:
        value = event.value
        player = None if value == ALL or value is Select.BLANK else int(value)  # type: ignore[arg-type]
        if player != self.player:
            self.player = player
            self.refill()

    # ---- actions
    def action_back(self) -> None:
        self.dismiss(None)

    def action_cycle_filter(self) -> None:
        order = [None, 0, 1, 2, 3]
        nxt = order[(order.index(self.player) + 1) % len(order)]
        self.query_one("#review-filter", Select).value = ALL if nxt is None else nxt
        self.player = nxt
        self.refill()

    def action_edit_hand(self) -> None:
        hr = self.current
        if hr is None:
            return
        index = hr.index - 1
        if self.on_edit is not None:
            self.dismiss(None)
            self.on_edit(index)
        else:
            self.post_message(self.EditHand(self.session_id, index))

    def action_delete_session(self) -> None:
        """Delete the reviewed session (asks; only ``y`` says yes), then back to the session
        list, where ``u`` restores it."""
        if self.session_id is None or self.ledger is None:
            self.app.bell()
            return
        from .home import HomeScreen, ask_delete_session

        def back_home() -> None:
            while len(self.app.screen_stack) > 1 and not isinstance(self.app.screen, HomeScreen):
                self.app.pop_screen()

        ask_delete_session(self, self.session_id, self.lang, back_home)

    def action_open_night(self) -> None:
        """Every table of the night this session was played on, and one settle-up."""
        if self.ledger is None or self.session_id is None:
            self.app.bell()  # a record file, not a ledger session: no night to gather
            return
        from .club import NightScreen

        self.app.push_screen(NightScreen(self.ledger, self.session_id, self.lang))

    def action_open_stats(self) -> None:
        from .stats import StatsScreen, games_from_ledger

        ledger = self.ledger
        games = (lambda: games_from_ledger(ledger)) if ledger is not None else None
        self.app.push_screen(
            StatsScreen(
                self.session,
                self.rep,
                lang=self.lang,
                title=self.heading,
                unit=self.unit,
                games=games,
                ledger=ledger,
            )
        )

    def settle_text(self) -> str:
        st = session_stats(self.session, self.rep, unit=self.unit)
        return settle_text(self.session.players, st.settlement, lang=self.lang)

    def action_copy_settle(self) -> None:
        self.app.copy_to_clipboard(self.settle_text())
        self.notify(L("copied", self.lang))
