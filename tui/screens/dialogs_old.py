"""Modal dialogs that produce one event: kong, pung, flowers, penalty, jing, jing counts,
false win, draw, and the win dialog with its live payment preview.

Each dialog is given a :class:`HandContext` (variant, rules, the state the hand is played
in, the events so far, the player names) and dismisses with an :class:`engine.record.Event`
or ``None``. Nothing here writes to the ledger; the table screen does that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mjscore.engine.core import TableState
from mjscore.engine.errors import MjError
from mjscore.engine.record import Event, event_from_json
from mjscore.engine.tiles import parse_hand, parse_tiles
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from ..i18n import declared_name, flag_name, pattern_name, tr
from ..widgets.describe import deltas_line, describe_event, explain_error, payment_line
from ..widgets.picker import Choice, Picker, SeatPicker
from ..widgets.toggles import ToggleItem, Toggles, assign_keys
from .base import is_terminal, settle_preview
from .common import (
    B,
    TypeAheadScreen,
    edit_input_now,
    focus_now,
    localize_bindings,
    mark_current_row,
    run_binding_now,
)


@dataclass(frozen=True, slots=True)
class HandContext:
    variant: Any
    rules: Any
    state: TableState
    events: tuple[Event, ...]  # the events of this hand so far (terminal ones excluded)
    names: tuple[str, str, str, str]
    lang: str

    def with_event(self, ev: Event) -> tuple[Event, ...]:
        """The hand's events with ``ev`` added: before any terminal event unless it is one
        (a terminal event replaces the hand's ending)."""
        return self.with_events((ev,))

    def with_events(self, evs: Sequence[Event]) -> tuple[Event, ...]:
        body = tuple(e for e in self.events if not is_terminal(e))
        tail = tuple(e for e in self.events if is_terminal(e))
        if any(is_terminal(e) for e in evs):
            return body + tuple(evs)
        return body + tuple(evs) + tail


class InvalidField(ValueError):
    """A field's text cannot be used: shown beside the field."""

    def __init__(self, field_id: str, message: str) -> None:
        super().__init__(message)
        self.field_id = field_id


class EventDialog(TypeAheadScreen, ModalScreen[Event | None]):
    """Base: a title, rows of fields, an error line, a preview, Enter/Esc.

    Keys are handled as the app dequeues them (``route_key``): choosing a seat moves the
    focus to the next field at once, so a burst of typing (``w 1 3 p``) fills the fields in
    order; keys typed before the dialog is mounted are held and replayed in order. A key the
    current field cannot use rings the bell and says what the field wants; it is never passed
    on to another field. ``deliver`` (set by the screen that opens the dialog) receives the
    event synchronously when the dialog closes, before any later key is handled."""

    BINDINGS = [
        B("enter", "confirm", "confirm"),
        B("escape", "cancel", "cancel"),
    ]
    TITLE_KEY = "act_win"
    EVENT_TYPE = "win"

    def __init__(self, ctx: HandContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.lang = ctx.lang
        self.result_event: Event | None = None
        self._error_field: str | None = None
        self.deliver: Callable[[Any], None] | None = None
        self._preview_pending = False
        localize_bindings(self, self.lang)

    # ---- helpers for subclasses
    def t(self, key: str, **fmt: Any) -> str:
        return tr(key, self.lang, **fmt)

    def row(self, label: str, widget: Widget, field_id: str | None = None) -> Horizontal:
        parts: list[Widget] = [Label(label, classes="flabel", markup=False), widget]
        if field_id:
            parts.append(Label("", id=f"err-{field_id}", classes="ferr", markup=False))
        return Horizontal(*parts, classes="frow")

    def seat_picker(
        self, id: str, extra: tuple[str, str, Any] | None = None, value: Any = ...
    ) -> SeatPicker:
        return SeatPicker(self.ctx.names, extra=extra, value=value, id=id)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.title_text(), id="dialog-title", markup=False)
            yield from self.compose_fields()
            yield Static("", id="dialog-error", markup=False)
            with VerticalScroll(id="preview-box", can_focus=False):
                yield Static("", id="preview", markup=False)
            yield Label(self.keys_text(), id="dialog-keys", markup=False)

    def keys_text(self) -> str:
        return f"Enter {self.t('confirm')} · Esc {self.t('cancel')} · Tab ↹"

    def title_text(self) -> str:
        st = self.ctx.state
        return f"{self.t(self.TITLE_KEY)} — {self.t('hand_no', n=st.hand_number)}"

    def compose_fields(self) -> ComposeResult:  # pragma: no cover - abstract
        yield from ()

    def build(self) -> dict[str, Any]:
        """The event as RECORD.md JSON, or raise InvalidField / ValueError."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.sync_fields()
        self.update_preview()
        chain = self.field_chain()
        if chain:
            focus_now(self, self.first_field(chain))
        self.mark_keys_ready()

    def on_descendant_focus(self, _event: Any) -> None:
        mark_current_row(self)  # also after a mouse click or a focus move Textual made

    def first_field(self, chain: list[Widget]) -> Widget:
        return chain[0]

    # ---- flow
    def field_chain(self) -> list[Widget]:
        return [w for w in self.query("Picker, Toggles, Input") if w.focusable]

    def focus_after(self, widget: Widget, step: int = 1) -> None:
        """Move focus (now, not after a refresh) to the next focusable field after ``widget``."""
        chain = self.field_chain()
        if widget in chain:
            i = chain.index(widget) + step
            if 0 <= i < len(chain):
                focus_now(self, chain[i])
        elif chain:
            focus_now(self, chain[0] if step > 0 else chain[-1])

    def route_key(self, event: Any) -> bool:
        """Handle one key now, in the order typed (see the class docstring)."""
        key, ch = event.key, event.character
        if self.screen_key(key, ch):
            return True
        focused = self.focused
        if key == "escape":
            self.action_cancel()
            return True
        if key in ("tab", "shift+tab"):
            self.sync_fields()
            if focused is not None:
                self.focus_after(focused, 1 if key == "tab" else -1)
            return True
        if key == "enter":
            self.action_confirm()
            return True
        if isinstance(focused, Input):
            return self.input_key(focused, key, ch)
        if isinstance(focused, Picker):
            if focused.handle_key_now(key, ch):
                self.sync_fields()
                if key not in ("left", "right"):
                    self.focus_after(focused)
                return True
            if ch and ch.isprintable():
                self.refuse_key(focused)
                return True
            return False
        if isinstance(focused, Toggles) and focused.take_key(key):
            return True
        return self.other_key(key, ch)

    def screen_key(self, key: str, ch: str | None) -> bool:
        """Keys the dialog takes wherever the focus is (before any field sees them)."""
        return False

    def other_key(self, key: str, ch: str | None) -> bool:
        """A key no field took (the focus is on a toggle row or nowhere)."""
        return False

    def input_key(self, inp: Input, key: str, ch: str | None) -> bool:
        """Edit the focused text field now (so later keys see its new text)."""
        return edit_input_now(inp, key, ch)

    def refuse_key(self, picker: Picker) -> None:
        """A key the focused chooser cannot use: say so; never hand it to another field."""
        self.app.bell()
        label = ""
        row = picker.parent
        if row is not None:
            labels = row.query(".flabel")
            if labels:
                label = str(labels.first().render())
        err = self.query_one("#dialog-error", Static)
        err.set_class(True, "bad")
        err.update(Text(self.t("pick_first", what=label.strip() or "?"), style="bold"))

    @on(Picker.Chosen)
    def _picked(self, event: Picker.Chosen) -> None:
        # A mouse click (or a picker outside the type-ahead path): same effect, one step later.
        self.sync_fields()
        self.update_preview()
        if event.advance and event.picker is self.focused:
            self.focus_after(event.picker)

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        self.sync_fields()
        self.schedule_preview()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_confirm()

    @on(Toggles.Changed)
    def _toggled(self, event: Toggles.Changed) -> None:
        self.sync_fields()
        self.update_preview()

    def fields_changed(self) -> None:
        self.sync_fields()
        self.update_preview()

    def sync_fields(self) -> None:
        """Enable/disable/lock fields from the others' values (cheap; done at once)."""

    def schedule_preview(self) -> None:
        """Settle the hand for the preview once the keys already queued are handled: a burst
        of typing costs one engine call, not one per key (Enter always settles with the
        fields as they are, and the preview never writes to a field)."""
        if not self._preview_pending:
            self._preview_pending = True
            self.call_later(self._flush_preview)

    def _flush_preview(self) -> None:
        if self._preview_pending and self.is_attached:
            self._preview_pending = False
            self.update_preview()

    def show_field_error(self, field_id: str | None, text: str = "") -> None:
        """Show ``text`` beside one field and clear the others (only changed labels are
        updated: each update costs a layout pass)."""
        for fid in {field_id, self._error_field} - {None}:
            want = text if fid == field_id else ""
            for lab in self.query(f"#err-{fid}"):
                lab.update(want)
        self._error_field = field_id if text else None

    def make_event(self) -> Event:
        try:
            obj = self.build()
        except InvalidField as e:
            self.show_field_error(e.field_id, str(e))
            raise
        self.show_field_error(None)
        ev = event_from_json(obj, self.EVENT_TYPE)
        events = self.hand_events(ev)
        from mjscore.engine.record import Hand, validate_hand_structure

        validate_hand_structure(Hand(events), self.ctx.variant, "hand", last=True)
        return ev

    def hand_events(self, ev: Event) -> tuple[Event, ...]:
        """The whole hand if ``ev`` is confirmed."""
        return self.ctx.with_event(ev)

    def update_preview(self) -> None:
        err = self.query_one("#dialog-error", Static)
        prev = self.query_one("#preview", Static)
        try:
            ev = self.make_event()
        except (InvalidField, ValueError, MjError) as e:
            self.result_event = None
            err.update(
                Text(
                    str(e)
                    if isinstance(e, InvalidField)
                    else explain_error(e, self.lang, self.ctx.names),
                    style="bold",
                )
            )
            err.set_class(True, "bad")
            prev.update("")
            return
        self.result_event = ev
        text = self.preview_text(self.hand_events(ev)) if is_terminal(ev) else Text("")
        if self.result_event is None:  # the engine refused the hand: say why, in place of ✓
            err.set_class(True, "bad")
            err.update(text)
            prev.update("")
            return
        err.set_class(False, "bad")
        err.update(Text("✓ " + describe_event(ev, self.ctx.names, self.ctx.variant, self.lang)))
        prev.update(text)

    def preview_text(self, events: Sequence[Event]) -> Text:
        names = self.ctx.names
        try:
            res = settle_preview(self.ctx.variant, self.ctx.rules, self.ctx.state, events)
        except MjError as e:
            self.result_event = None
            return Text(f"✗ {explain_error(e, self.lang, self.ctx.names)}", style="bold")
        except Exception as e:  # a variant bug must not take the table down
            self.result_event = None
            return Text(f"✗ {self.t('engine_error')}: {type(e).__name__}: {e}", style="bold")
        out = Text(style="bold")
        if "jing_count" in (self.ctx.variant.event_types or ()) and not any(
            getattr(e, "type", "") == "jing_count" for e in events
        ):
            # first, so a long preview cannot scroll it out of view (QA F27/N3)
            out.append(self.t("no_jing_counts") + "\n", style="bold reverse")
        out.append(self.t("preview") + ": ")
        out.append(deltas_line(res.deltas, names) + "\n", style="bold")
        for w in res.wins:
            items = "  ".join(it.label(self.lang) for it in w.items)
            out.append(f"{w.summary}  = {w.value}{w.unit}\n")
            if items:
                out.append(f"  {items}\n", style="dim")
        for p in res.payments:
            out.append(payment_line(p, names) + "\n")
        if not res.payments:
            out.append(self.t("no_payments"), style="dim")  # not a stray "(0)" (QA N8)
        out.rstrip()
        return out

    def action_confirm(self) -> None:
        self.update_preview()
        if self.result_event is not None:
            self.finish(self.result_event)
        else:
            self.app.bell()

    def action_cancel(self) -> None:
        self.finish(None)

    def finish(self, result: Any) -> None:
        """Close and hand ``result`` to ``deliver`` now (a later key must see it stored)."""
        self._preview_pending = False
        deliver, self.deliver = self.deliver, None
        self.dismiss(result)
        if deliver is not None:
            deliver(result)

    # ---- value readers
    def picked(self, picker_id: str, field_id: str, label: str) -> Any:
        p = self.query_one(f"#{picker_id}", Picker)
        if not p.chosen:
            raise InvalidField(field_id, f"{label}?")
        return p.value

    def text(self, input_id: str) -> str:
        return self.query_one(f"#{input_id}", Input).value.strip()


# ---------------------------------------------------------------- simple events
class KongDialog(EventDialog):
    TITLE_KEY = "act_kong"
    EVENT_TYPE = "kong"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")
        kinds = [
            Choice("e", self.t("kong_exposed"), "exposed"),
            Choice("a", self.t("kong_added"), "added"),
            Choice("c", self.t("kong_concealed"), "concealed"),
        ]
        yield self.row(self.t("kind"), Picker(kinds, id="kind"), "kind")
        yield self.row(self.t("from_kong"), self.seat_picker("from"), "from")
        yield Label("", id="kong-note", classes="fsub", markup=False)
        yield self.row(
            self.t("tile"),
            Input(placeholder="5m", compact=True, id="tile", restrict=r"[0-9mpsESWNCFP]*"),
            "tile",
        )

    _auto_from: int | None = None  # the supplier filled in from the logged pung

    def sync_fields(self) -> None:
        """An added kong (补杠) keeps its pung's supplier (RULES.md §0: "the added kong's
        `from` equals the pung's"): it is filled in from the logged pung and locked."""
        kind = self.query_one("#kind", Picker)
        who = self.query_one("#who", Picker)
        src = self.query_one("#from", Picker)
        note, supplier, locked = "", None, False
        if kind.chosen and kind.value == "added" and who.chosen:
            supplier, note, locked = self.pung_supplier(who.value, self.text("tile"))
        for i in range(4):
            src.set_enabled(i, not (who.chosen and who.value == i))
        if supplier is not None:
            if src.value != supplier or not src.chosen:
                src.index = src._index_of(supplier)
            self._auto_from = supplier
        elif self._auto_from is not None or locked:
            if src.chosen and (locked or src.value == self._auto_from):
                src.index = None  # no longer known: do not leave a guess behind
            self._auto_from = None
        src.disabled = (kind.chosen and kind.value == "concealed") or locked
        lab = self.query_one("#kong-note", Label)
        if str(lab.render()) != note:
            lab.update(note)

    def pung_supplier(self, player: int, tile: str) -> tuple[int | None, str, bool]:
        """(the supplier of the pung this added kong upgrades or None, a note for the
        dialog, whether the supplier comes from the logged pungs rather than a choice)."""
        from mjscore.engine.record import Kong, Pung

        evs = self.ctx.events
        upgraded = {
            e.tile
            for e in evs
            if isinstance(e, Kong) and e.kind == "added" and e.player == player and e.tile
        }
        pungs = [
            e
            for e in evs
            if isinstance(e, Pung)
            and e.player == player
            and (e.tile is None or e.tile not in upgraded)
        ]
        if tile and not _one_tile(tile):
            tile = ""  # still being typed (or mistyped): the field shows its own error
        if tile:
            exact = [p for p in pungs if p.tile == tile]
            pungs = exact or [p for p in pungs if p.tile is None]
        if not pungs:
            return None, self.t("added_kong_no_pung"), False
        suppliers = {p.from_ for p in pungs}
        if len(suppliers) > 1:
            return None, self.t("added_kong_which"), True
        (s,) = suppliers
        return s, self.t("added_kong_from", name=self.ctx.names[s]), True

    def build(self) -> dict[str, Any]:
        who = self.picked("who", "who", self.t("who"))
        kind = self.picked("kind", "kind", self.t("kind"))
        obj: dict[str, Any] = {"type": "kong", "player": who, "kind": kind}
        if kind != "concealed":
            obj["from"] = self.picked("from", "from", self.t("from_kong"))
        tile = self.text("tile")
        if tile:
            obj["tile"] = tile
        return obj


def _one_tile(s: str) -> bool:
    try:
        return len(parse_tiles(s)) == 1
    except MjError:
        return False


class PungDialog(EventDialog):
    TITLE_KEY = "act_pung"
    EVENT_TYPE = "pung"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")
        yield self.row(self.t("from_kong"), self.seat_picker("from"), "from")
        yield self.row(
            self.t("tile"),
            Input(placeholder="5m", compact=True, id="tile", restrict=r"[0-9mpsESWNCFP]*"),
            "tile",
        )

    def sync_fields(self) -> None:
        who = self.query_one("#who", Picker)
        src = self.query_one("#from", Picker)
        for i in range(4):
            src.set_enabled(i, not (who.chosen and who.value == i))

    def build(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "pung",
            "player": self.picked("who", "who", self.t("who")),
            "from": self.picked("from", "from", self.t("from_kong")),
        }
        if self.text("tile"):
            obj["tile"] = self.text("tile")
        return obj


class FlowersDialog(EventDialog):
    TITLE_KEY = "act_flowers"
    EVENT_TYPE = "flowers"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")
        yield self.row(
            self.t("flower_tiles"),
            Input(placeholder="aCC / 3", compact=True, id="flowers"),
            "flowers",
        )

    def build(self) -> dict[str, Any]:
        who = self.picked("who", "who", self.t("who"))
        s = self.text("flowers")
        if not s:
            raise InvalidField("flowers", f"{self.t('flower_tiles')}?")
        if s.isdigit():
            return {"type": "flowers", "player": who, "count": int(s)}
        try:
            parse_tiles(s, allow_flowers=True)
        except MjError as e:
            raise InvalidField("flowers", str(e)) from None
        return {"type": "flowers", "player": who, "tiles": s}


class PenaltyDialog(EventDialog):
    TITLE_KEY = "act_penalty"
    EVENT_TYPE = "penalty"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")
        kinds = [
            Choice("s", self.t("penalty_same_round"), "same_round"),
            Choice("f", self.t("penalty_four_copies"), "four_copies"),
        ]
        yield self.row(self.t("kind"), Picker(kinds, id="kind"), "kind")

    def build(self) -> dict[str, Any]:
        return {
            "type": "penalty",
            "player": self.picked("who", "who", self.t("who")),
            "kind": self.picked("kind", "kind", self.t("kind")),
        }


class FalseWinDialog(EventDialog):
    TITLE_KEY = "act_false_win"
    EVENT_TYPE = "false_win"

    def compose_fields(self) -> ComposeResult:
        yield self.row(self.t("who"), self.seat_picker("who"), "who")

    def build(self) -> dict[str, Any]:
        return {"type": "false_win", "player": self.picked("who", "who", self.t("who"))}


class DrawDialog(EventDialog):
    TITLE_KEY = "act_draw"
    EVENT_TYPE = "draw"

    def needs_drawer(self) -> bool:
        return getattr(self.ctx.rules, "draw_dealer", None) == "last_drawer"

    def compose_fields(self) -> ComposeResult:
        # Only a rule set whose next dealer is the last drawer asks who that was.
        if self.needs_drawer():
            yield self.row(self.t("last_drawer"), self.seat_picker("drawer"), "drawer")

    def build(self) -> dict[str, Any]:
        if not self.needs_drawer():
            return {"type": "draw"}
        drawer = self.picked("drawer", "drawer", self.t("last_drawer"))
        obj: dict[str, Any] = {"type": "draw"}
        if drawer is not None:
            obj["last_drawer"] = drawer
        return obj


def _pair(text: str, field_id: str) -> list[int]:
    parts = [p for p in text.replace("，", ",").replace(" ", ",").split(",") if p != ""]
    if len(parts) == 1 and len(parts[0]) == 2 and parts[0].isdigit():
        parts = list(parts[0])  # "21" → 2,1
    if len(parts) == 1:
        parts.append("0")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise InvalidField(field_id, "正,副 e.g. 2,1")
    return [int(parts[0]), int(parts[1])]


class JingDialog(EventDialog):
    TITLE_KEY = "act_jing"
    EVENT_TYPE = "jing"

    def compose_fields(self) -> ComposeResult:
        yield self.row(
            self.t("indicator"), Input(placeholder="5m", compact=True, id="indicator"), "indicator"
        )
        yield self.row(self.t("lower"), Input(placeholder="2p", compact=True, id="lower"), "lower")
        yield Label(self.t("lower_counts"), classes="fsub")
        for i, n in enumerate(self.ctx.names):
            yield self.row(n, Input(value="0,0", compact=True, id=f"lc{i}"), f"lc{i}")

    def build(self) -> dict[str, Any]:
        ind, low = self.text("indicator"), self.text("lower")
        for fid, v in (("indicator", ind), ("lower", low)):
            if not v:
                raise InvalidField(fid, self.t("err_tile"))
            try:
                parse_tiles(v, where=fid)
            except MjError as e:
                raise InvalidField(fid, e.message) from None
        return {
            "type": "jing",
            "indicator": ind,
            "lower": low,
            "lower_counts": [_pair(self.text(f"lc{i}"), f"lc{i}") for i in range(4)],
        }


class JingCountDialog(EventDialog):
    TITLE_KEY = "act_jing_count"
    EVENT_TYPE = "jing_count"

    def compose_fields(self) -> ComposeResult:
        yield Horizontal(
            Label("", classes="flabel"),
            Label(self.t("jing_counts"), classes="col-short", markup=False),
            Label(self.t("jing_kongs"), classes="col-tiny", markup=False),
            Label(self.t("fed_by"), classes="col-tiny", markup=False),
            classes="frow fsub",
        )
        for i, n in enumerate(self.ctx.names):
            yield Horizontal(
                Label(n, classes="flabel", markup=False),
                Input(value="0,0", compact=True, id=f"jc{i}", classes="short"),
                Input(value="0", compact=True, id=f"jk{i}", classes="tiny", restrict=r"[0-4]?"),
                Input(
                    value="",
                    placeholder="-",
                    compact=True,
                    id=f"fb{i}",
                    classes="tiny",
                    restrict=r"[1-4]?",
                ),
                Label("", id=f"err-jc{i}", classes="ferr", markup=False),
                classes="frow",
            )

    def build(self) -> dict[str, Any]:
        counts = [_pair(self.text(f"jc{i}"), f"jc{i}") for i in range(4)]
        kongs = [int(self.text(f"jk{i}") or 0) for i in range(4)]
        fed = [int(self.text(f"fb{i}")) - 1 if self.text(f"fb{i}") else None for i in range(4)]
        obj: dict[str, Any] = {"type": "jing_count", "counts": counts}
        if any(kongs):
            obj["jing_kongs"] = kongs
        if any(f is not None for f in fed):
            obj["fed_by"] = fed
        return obj


# ---------------------------------------------------------------- the win
CHAIN_FLAGS = ("kong_bloom", "kong_cannon", "robbed_kong")
DISCARD_FLAGS = ("kong_cannon", "robbed_kong", "last_tile", "human", "discarder_all_melded")
TEXT_FLAGS = ("horses", "horse_hits", "fish")
NUMBER_FIELDS = ("quads", "soft_flowers", "hard_flowers", "fan")


class WinDialog(EventDialog):
    """Winner → discarder (or 0 = self-draw) → pattern/flag hotkeys or a tile string → Enter.

    The preview settles the whole hand with the engine after every key."""

    TITLE_KEY = "act_win"
    EVENT_TYPE = "win"
    BINDINGS = [
        B("plus", "another", "another_winner", key_display="+", priority=True),
        B("ctrl+t", "tiles", "focus_tiles", priority=True),
    ]

    def __init__(self, ctx: HandContext, *, winner: int | None = None) -> None:
        super().__init__(ctx)
        self.winner = winner
        self.other_wins: list[Event] = []  # earlier winners on the same discard (一炮多响)
        v = ctx.variant
        self.declared = set(getattr(v, "declared_fields", ()) or ())
        self.flag_ids = [
            f
            for f in _flag_order()
            if f in (getattr(v, "flags", ()) or ()) and _flag_in_use(f, ctx.rules)
        ]
        items: list[ToggleItem] = []
        if "patterns" in self.declared:
            for pid in sorted(getattr(v, "pattern_ids", ()) or ()):
                label = pattern_name(v, pid, self.lang)
                items.append(ToggleItem(pid, label, hint=_hint(v, pid)))
        if "concealed" in self.declared and "concealed" not in {it.id for it in items}:
            items.append(
                ToggleItem(
                    "concealed", declared_name("concealed", self.lang), hint="menqing concealed"
                )
            )
        self.pattern_items = items
        self.flag_items = [
            ToggleItem(
                f,
                flag_name(v.id, f, self.lang),
                hint=f.replace("_", " "),
                max_count=4 if f in CHAIN_FLAGS else 1,
            )
            for f in self.flag_ids
            if f not in TEXT_FLAGS
        ]
        assign_keys(self.pattern_items + self.flag_items)

    def compose_fields(self) -> ComposeResult:
        extra = ("0", self.t("self_draw"), None)
        yield self.row(
            self.t("winner"),
            self.seat_picker("winner", value=self.winner if self.winner is not None else ...),
            "winner",
        )
        yield self.row(self.t("from"), self.seat_picker("from", extra=extra), "from")
        if self.pattern_items:
            yield self.row(self.t("patterns"), Toggles(self.pattern_items, id="patterns"))
        for f in NUMBER_FIELDS:
            if f in self.declared:
                yield self.row(
                    declared_name(f, self.lang),
                    Input(compact=True, id=f"n-{f}", classes="short", restrict=r"[0-9]*"),
                    f"n-{f}",
                )
        if self.flag_items:
            yield self.row(self.t("flags_sit"), Toggles(self.flag_items, id="flags"))
        for f in TEXT_FLAGS:
            if f in self.flag_ids:
                yield self.row(
                    flag_name(self.ctx.variant.id, f, self.lang),
                    Input(compact=True, id=f"t-{f}", classes="short"),
                    f"t-{f}",
                )
        yield self.row(
            self.t("hand_tiles"),
            Input(placeholder="[555p,2]123m456s789sEE", compact=True, id="tiles"),
            "tiles",
        )
        yield Label(self.t("claim_hint"), classes="fsub", markup=False)  # QA N2

    def first_field(self, chain: list[Widget]) -> Widget:
        if self.winner is not None:
            return self.query_one("#from", Picker)
        return chain[0]

    def screen_key(self, key: str, ch: str | None) -> bool:
        if key == "ctrl+t":
            self.action_tiles()
            return True
        if key == "plus" and not isinstance(self.focused, Input):
            if self.check_action("another", ()):
                self.action_another()
            else:
                self.app.bell()
            return True
        return False

    def other_key(self, key: str, ch: str | None) -> bool:
        # Pattern/flag hotkeys work wherever the focus is not in a text field or a seat picker.
        if ch is None:
            return False
        return any(tog.press(key) for tog in self.query(Toggles) if tog is not self.focused)

    def hand_events(self, ev: Event) -> tuple[Event, ...]:
        return self.ctx.with_events((*self.other_wins, ev))

    def keys_text(self) -> str:
        more = (
            f" · + {self.t('another_winner')}"
            if getattr(self.ctx.variant, "multiple_wins", False)
            else ""
        )
        return super().keys_text() + f" · Ctrl+T {self.t('focus_tiles')}" + more

    def action_tiles(self) -> None:
        focus_now(self, self.query_one("#tiles", Input))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "another":
            return bool(getattr(self.ctx.variant, "multiple_wins", False))
        return True

    def title_text(self) -> str:
        return super().title_text() + (
            f" · {self.t('more_winners', n=len(self.other_wins))}" if self.other_wins else ""
        )

    def action_another(self) -> None:
        """Keep this winner and enter another one on the same discard (一炮多响)."""
        self.update_preview()
        ev = self.result_event
        if ev is None or getattr(ev, "from_", None) is None:
            self.app.bell()
            return
        self.other_wins.append(ev)
        taken = {w.player for w in self.other_wins}
        win = self.query_one("#winner", Picker)
        win.index = None
        for i in range(4):
            win.set_enabled(i, i not in taken and i != ev.from_)
        src = self.query_one("#from", Picker)
        for i in range(4):
            src.set_enabled(i, i == ev.from_)
        src.set_enabled(None, False)
        src.disabled = True  # the discarder is the same for every winner: the focus skips it
        # The discard's own facts (杠上炮, 抢杠, 海底炮, 人胡, 全求炮, the fish) are the same
        # for every winner on it: keep them; the winner's patterns and tiles start afresh.
        for tog in self.query(Toggles):
            for it in tog.items:
                if it.id not in DISCARD_FLAGS:
                    it.value = 0
            tog.refresh()
        for inp in self.query(Input):
            if inp.id != "t-fish":
                inp.value = ""
        self.query_one("#dialog-title", Label).update(self.title_text())
        self.set_focus(win)
        self.update_preview()

    def action_confirm(self) -> None:
        self.update_preview()
        if self.result_event is None:
            self.app.bell()
        elif self.other_wins:
            self.finish((*self.other_wins, self.result_event))
        else:
            self.finish(self.result_event)

    def chain_lengths(self, player: int | None) -> tuple[int, int]:
        """(the player's run of kongs ending the hand's events so far, all the player's
        kongs): the default and the largest n for a kong-chain flag (QA F29)."""
        from mjscore.engine.record import Kong

        if player is None:
            return 1, 4
        mine = [isinstance(e, Kong) and e.player == player for e in self.ctx.events]
        run = 0
        for m in reversed(mine):
            if not m:
                break
            run += 1
        total = sum(mine)
        return max(run, 1), max(total, 1) if total else 4

    def sync_chain_flags(self, win: Picker, src: Picker) -> None:
        whose = {
            "kong_bloom": win.value if win.chosen else None,
            "kong_cannon": src.value if src.chosen else None,
            "robbed_kong": src.value if src.chosen else None,
        }
        for tog in self.query("#flags"):
            for it in tog.items:  # type: ignore[attr-defined]
                if it.id in whose:
                    it.start, it.max_count = self.chain_lengths(whose[it.id])
                    it.value = min(it.value, it.max_count)
            tog.refresh()

    def sync_fields(self) -> None:
        win = self.query_one("#winner", Picker)
        src = self.query_one("#from", Picker)
        self.sync_chain_flags(win, src)
        if not self.other_wins:  # else action_another fixed the discarder already
            for i in range(4):
                src.set_enabled(i, not (win.chosen and win.value == i))
        tiles = bool(self.text("tiles"))
        for tog in self.query("#patterns"):
            tog.set_class(tiles, "inactive")

    def build(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "win",
            "player": self.picked("winner", "winner", self.t("winner")),
        }
        src = self.query_one("#from", Picker)
        if not src.chosen:
            raise InvalidField("from", f"{self.t('from')}?")
        obj["from"] = src.value
        tiles = self.text("tiles")
        if tiles:
            try:
                parse_hand(tiles, variant=self.ctx.variant.id, waiting_ok=False)
            except MjError as e:
                raise InvalidField("tiles", str(e)) from None
            obj["hand"] = tiles
        else:
            vals = self.query_one("#patterns", Toggles).values() if self.pattern_items else {}
            if "patterns" in self.declared:
                obj["patterns"] = [
                    p for p in vals if p != "concealed" or p in (self.ctx.variant.pattern_ids or ())
                ]
            if "concealed" in self.declared and vals.get("concealed"):
                # Unticked means "not said", not "not 门清": the engine derives it (七对 and
                # 天胡/地胡/人胡 are always 门清; an exposed meld logged means not) (QA F14).
                obj["concealed"] = True
            for f in NUMBER_FIELDS:
                if f in self.declared:
                    s = self.text(f"n-{f}")
                    if s:
                        obj[f] = int(s)
        flags = self.query_one("#flags", Toggles).values() if self.flag_items else {}
        for f, n in flags.items():
            obj[f] = n if f in CHAIN_FLAGS else True
        for f in TEXT_FLAGS:
            if f in self.flag_ids:
                s = self.text(f"t-{f}")
                if not s:
                    continue
                if f == "horse_hits":
                    if not s.isdigit():
                        raise InvalidField(f"t-{f}", self.t("err_number"))
                    obj[f] = int(s)
                elif f == "fish":
                    parts = [p.strip() for p in s.replace("，", ",").split(",")]
                    if len(parts) != 4:
                        raise InvalidField(f"t-{f}", "a,b,c,d")
                    obj[f] = [None if p in ("", "-") else p for p in parts]
                else:
                    obj[f] = s
        return obj


def _flag_in_use(flag: str, rules: Any) -> bool:
    """摸码 and 钓鱼 flags only matter when their house rule is on."""
    if flag in ("horses", "horse_hits"):
        return bool(getattr(rules, "horses", 1))
    if flag == "fish":
        return bool(getattr(rules, "fishing", True))
    return True


def _flag_order() -> tuple[str, ...]:
    from mjscore.engine.record import WIN_FLAGS

    return WIN_FLAGS


_HINTS = {
    "all_pungs": "pung pengpeng",
    "full_flush": "qing flush",
    "seven_pairs": "seven pairs",
    "luxury_seven_pairs": "luxury",
    "all_melded": "melded",
    "half_flush": "hun half",
    "no_flowers": "no flowers",
    "last_closed": "jue",
    "all_winds": "winds",
    "concealed": "menqing",
    "thirteen_lan": "thirteen",
    "seven_star_lan": "xing star",
    "clean": "de clean",
    "clean_sweep": "zhong sweep",
    "jing_single": "jing single",
}


def _hint(variant: Any, pid: str) -> str:
    return _HINTS.get(pid, pid.replace("_", " "))


# ---------------------------------------------------------------- confirmation
class ConfirmDialog(TypeAheadScreen, ModalScreen[bool]):
    """y/Enter or n/Esc; ``deliver`` gets the answer at once. Any other key rings the bell."""

    BINDINGS = [
        B("y", "yes", "yes"),
        B("enter", "yes", "confirm"),
        B("n", "no", "no"),
        B("escape", "no", "cancel"),
    ]

    def __init__(self, message: str, lang: str, *, enter_yes: bool = True) -> None:
        super().__init__()
        self.message = message
        self.lang = lang
        self.enter_yes = enter_yes  # False for destructive questions: only y says yes (QA N9)
        self.deliver: Callable[[bool], None] | None = None
        localize_bindings(self, lang)
        if not enter_yes:
            from textual.binding import BindingsMap

            keys = {
                k: [b for b in bs if k != "enter"]
                for k, bs in self._bindings.key_to_bindings.items()
            }
            keys["enter"] = [B("enter", "no", "no")]
            self._bindings = BindingsMap.from_keys(keys)

    def on_mount(self) -> None:
        self.mark_keys_ready()

    def route_key(self, event: Any) -> bool:
        if not run_binding_now(self, event.key) and event.character:
            self.app.bell()
        return True

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.message, markup=False)
            if self.enter_yes:
                yield Label(
                    f"y/Enter {tr('yes', self.lang)} · n/Esc {tr('no', self.lang)}", markup=False
                )
            else:
                yield Label(
                    f"y {tr('yes', self.lang)} · n/Esc/Enter {tr('no', self.lang)}", markup=False
                )

    def action_yes(self) -> None:
        self.finish(True)

    def action_no(self) -> None:
        self.finish(False)

    def finish(self, answer: bool) -> None:
        deliver, self.deliver = self.deliver, None
        self.dismiss(answer)
        if deliver is not None:
            deliver(answer)


DIALOGS: dict[str, Callable[[HandContext], EventDialog]] = {
    "win": WinDialog,
    "kong": KongDialog,
    "pung": PungDialog,
    "flowers": FlowersDialog,
    "penalty": PenaltyDialog,
    "jing": JingDialog,
    "jing_count": JingCountDialog,
    "false_win": FalseWinDialog,
    "draw": DrawDialog,
}
