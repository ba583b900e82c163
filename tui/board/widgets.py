"""The board's parts: a player's card at the compass, the table status in the middle, the
hand being played and the last hand's payments. Each ``show`` takes a :class:`BoardView`."""

from __future__ import annotations

from mjscore.engine.terms import DEALER, WINDS, variant_term
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.widgets import Digits, Static

from ..widgets.describe import describe_event, payment_line, short
from .text import bt
from .view import BoardView


def put(widget: Static, content: Text | str) -> None:
    """Show ``content`` in ``widget`` unless it already shows exactly that: an update lays the
    screen out again, and most of the board stays the same from one change to the next."""
    if getattr(widget, "_shown", None) != content:
        widget._shown = content  # type: ignore[attr-defined]
        widget.update(content)


# seat 0 at the bottom, the next seat (下家) on the right: bottom, right, top, left
COMPASS = ("bottom", "right", "top", "left")


class SeatCard(Vertical):
    """One player: seat and name, seat wind and dealer, the total in large digits and as a
    line of text with the money at the stake.

    Where the card is too narrow for the digits (3 cells a character: a phone's side seats
    with a long total) the total is a bold line instead; on a narrow screen the money has a
    line of its own."""

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"card-{seat}", classes=f"card {COMPASS[seat]}")
        self.seat = seat
        self.points = "0"
        self.money = ""

    def compose(self) -> ComposeResult:
        yield Static("", classes="who", markup=False)
        yield Digits("0", classes="big")
        yield Static("", classes="points", markup=False)
        yield Static("", classes="money", markup=False)

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        width = self.content_size.width
        digits = 3 * len(self.points) <= width
        line = Text(self.points, style="bold", justify="center")
        alone = not self.money or width < len(self.points) + len(self.money) + 3
        if not alone:
            line.append(f" · {self.money}", style="not bold")
        self.query_one(Digits).display = digits
        points = self.query_one(".points", Static)
        put(points, line)
        points.display = not digits or not alone or not self.money
        money = self.query_one(".money", Static)
        put(money, Text(self.money, justify="center"))
        money.display = alone and bool(self.money)

    def show(self, v: BoardView, lang: str) -> None:
        seat = self.seat
        status = v.status
        who = Text(no_wrap=True, overflow="ellipsis", justify="center")
        who.append(f"{seat + 1} ", style="dim")
        who.append(short(v.names[seat]), style="bold")
        wind = WINDS[v.state.seat_wind(seat)]
        who.append("\n" + (wind.zh if lang == "zh" else f"{wind.zh}{wind.id}"))
        if seat == status.dealer:
            who.append(f" {DEALER.zh if lang == 'zh' else DEALER.en}", style="bold reverse")
        if seat in status.sealed:
            who.append(" ✕", style="bold")
        put(self.query_one(".who", Static), who)
        total = v.totals[seat]
        self.points = f"{total:+d}" if total else "0"
        self.money = v.money[seat] if v.stake != 1 else ""  # at a stake of 1 it is the points
        digits = self.query_one(Digits)
        if digits.value != self.points:
            digits.update(self.points)
        self.fit()
        self.set_class(seat == status.dealer, "dealer")
        self.set_class(seat in status.sealed, "sealed")
        self.set_class(total > 0, "up")
        self.set_class(total < 0, "down")


class Compass(Grid):
    """The four players around the table status, as they sit."""

    def compose(self) -> ComposeResult:
        yield Static(classes="corner")
        yield SeatCard(2)
        yield Static(classes="corner")
        yield SeatCard(3)
        yield Static("", id="board-status", markup=False)
        yield SeatCard(1)
        yield Static(classes="corner")
        yield SeatCard(0)
        yield Static(classes="corner")

    def show(self, v: BoardView, lang: str) -> None:
        for card in self.query(SeatCard):
            card.show(v, lang)
        t = Text(justify="center")
        t.append(variant_term(v.variant.id).name(lang), style="bold")
        if v.ended:  # no hand is being played: no hand number, no status of a next hand
            t.append("\n" + bt("ended", lang), style="bold")
        else:
            t.append("\n" + bt("hand", lang, n=v.hand_number))
            if v.status.game is not None:
                t.append(" · " + bt("game", lang, n=v.status.game))
            for mark in v.status.marks:
                t.append("\n" + mark.text(lang), style="bold reverse" if mark.strong else "bold")
        put(self.query_one("#board-status", Static), t)


class ThisHand(Static):
    """The events of the hand being played, and what was already paid on the spot."""

    def show(self, v: BoardView, lang: str) -> None:
        t = Text()
        if v.ended:
            t.append(bt("ended", lang), style="bold")
            put(self, t)
            return
        t.append(f"{bt('this_hand', lang)} · {bt('hand', lang, n=v.hand_number)}\n", style="bold")
        if not v.events:
            t.append(bt("no_events", lang), style="dim")
        for i, ev in enumerate(v.events, 1):
            t.append(f"{i}. {describe_event(ev, v.names, v.variant, lang)}\n")
        if v.status.sealed:
            who = " ".join(short(v.names[seat], 8) for seat in v.status.sealed)
            t.append(bt("sealed", lang, names=who) + "\n", style="bold")
        paid = v.status.paid
        if paid and any(paid):
            t.append(f"{bt('paid_now', lang)}: ", style="bold")
            t.append(
                "  ".join(f"{short(n, 8)} {p:+d}" for n, p in zip(v.names, paid, strict=True) if p)
            )
        t.rstrip()
        put(self, t)


class LastHandPanel(Static):
    """The last finished hand: its summary and each payment with its reason."""

    def show(self, v: BoardView, lang: str) -> None:
        t = Text()
        last = v.last
        if last is None:
            t.append(bt("last_hand", lang) + "\n", style="bold")
            t.append(bt("no_hand_yet", lang), style="dim")
            put(self, t)
            return
        t.append(f"{bt('last_hand', lang)} · {bt('hand', lang, n=last.number)}\n", style="bold")
        if last.summary:
            t.append(last.summary + "\n")
        t.append(
            "  ".join(f"{short(n, 8)} {d:+d}" for n, d in zip(v.names, last.deltas, strict=True))
            + "\n",
            style="bold",
        )
        for p in last.payments:
            t.append(payment_line(p, v.names, 8) + "\n")
        t.rstrip()
        put(self, t)
