"""The dialog base: :class:`EventDialog`, the keys, fields, errors and the live payment
preview every event dialog shares (the hand it adds to is in :mod:`.context`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mjscore.engine.core import HandResult
from mjscore.engine.entry import Settled, add_event
from mjscore.engine.errors import MjError
from mjscore.engine.record import Event, Hand, event_from_json, validate_hand_structure
from mjscore.engine.results import Payment, PaymentBook
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from ...i18n import tr, word
from ...widgets.describe import (
    deltas_line,
    describe_event,
    explain_error,
    payment_line,
    seats_named,
)
from ...widgets.picker import Picker, SeatPicker
from ...widgets.toggles import Toggles
from ..base import is_terminal, settle_preview
from ..common import (
    B,
    TypeAheadScreen,
    edit_input_now,
    event_key,
    focus_now,
    localize_bindings,
    mark_current_row,
)
from .context import HandContext, InvalidField, digits_only
from .fit import fit_fields, shown, unreserve
from .quiet import QuietModal


class EventDialog(TypeAheadScreen, QuietModal[Event | None]):
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
        # the settled hand the preview shows: the ledger stores it as it is (not settled again)
        self.settled: Settled | None = None
        self._error_field: str | None = None
        # what the event in the fields pays on the spot once confirmed (some rule sets only)
        self.paid_now: tuple[Payment, ...] = ()
        self.refusal: MjError | None = None  # the engine's refusal of the previewed hand
        self.deliver: Callable[[Any], None] | None = None
        self._preview_pending = False
        self._settled_for: tuple[tuple[Event, ...], HandResult] | None = None  # the last settle
        self.refused = False  # Enter was refused at least once (the draft is then kept)
        self.restore: dict[str, Any] | None = None  # a draft to fill the fields from
        # an event (record JSON) the dialog corrects: its fields start from it
        self.load: dict[str, Any] | None = None
        localize_bindings(self, self.lang)

    # ---- helpers for subclasses
    def nodes(self, selector: str | type[Widget]) -> list[Widget]:
        """The dialog's widgets that ``selector`` matches, looked up once: a dialog composes
        all its widgets up front and never adds or removes one, and a query walks the whole
        dialog (several of them on every key cost more than the rest of the key's work)."""
        cache: dict[Any, list[Widget]] = self.__dict__.setdefault("_node_cache", {})
        found = cache.get(selector)
        if found is None:
            found = list(self.query(selector))
            if self.is_mounted:  # (before, its widgets may not all be there yet)
                cache[selector] = found
        return found

    def t(self, key: str, **fmt: Any) -> str:
        return tr(key, self.lang, **fmt)

    def row(self, label: str, widget: Widget, field_id: str | None = None) -> Horizontal:
        parts: list[Widget] = [Label(label, classes="flabel", markup=False), widget]
        if field_id:
            # beside a text field (of a fixed width) the message takes the rest of the row:
            # a new message is then drawn without laying the dialog out again (see shown)
            fill = " fill" if isinstance(widget, Input) else ""
            parts.append(Label("", id=f"err-{field_id}", classes="ferr" + fill, markup=False))
        return Horizontal(*parts, classes="frow")

    def seat_picker(
        self, id: str, extra: tuple[str, str, Any] | None = None, value: Any = ...
    ) -> SeatPicker:
        return SeatPicker(self.ctx.names, extra=extra, value=value, id=id)

    def compose(self) -> ComposeResult:
        # The fields scroll (the focused one kept in view); the error line, the payment
        # preview and the confirm line stay pinned below them, whatever the terminal's size.
        with Vertical(id="dialog", classes="event"):
            yield Label(self.title_text(), id="dialog-title", markup=False)
            with VerticalScroll(id="dialog-fields", can_focus=False):
                yield from self.compose_fields()
            yield Static("", id="dialog-error", markup=False)
            with VerticalScroll(id="preview-box", can_focus=False):
                yield Static("", id="preview", markup=False)
            yield Label(self.keys_text(), id="dialog-keys", markup=False)

    def keys_text(self) -> str:
        return f"Enter {self.t('confirm')} · Esc {self.t('cancel')} · Tab ↹ · PgUp/PgDn ⇅"

    def title_text(self) -> str:
        st = self.ctx.state
        title = f"{self.t(self.TITLE_KEY)} — {self.t('hand_no', n=st.hand_number)}"
        return title + (f" · {self.t('correcting')}" if self.load else "")

    def compose_fields(self) -> ComposeResult:  # pragma: no cover - abstract
        yield from ()

    def build(self) -> dict[str, Any]:
        """The event as RECORD.md JSON, or raise InvalidField / ValueError."""
        raise NotImplementedError

    def draft(self) -> dict[str, Any]:
        """What the fields hold, by field id (seat choices, texts, ticks)."""
        out: dict[str, Any] = {}
        for p in self.query(Picker):
            if p.id and p.chosen:
                out[p.id] = ("pick", p.value)
        for inp in self.query(Input):
            if inp.id and inp.value:
                out[inp.id] = ("text", inp.value)
        for tog in self.query(Toggles):
            if tog.id:
                out[tog.id] = ("ticks", {it.id: it.value for it in tog.items})
        return out

    def fill_from(self, draft: dict[str, Any]) -> None:
        """Put a draft (see :meth:`draft`) back into the fields it came from."""
        for fid, (kind, val) in draft.items():
            for w in self.query(f"#{fid}"):
                if kind == "pick" and isinstance(w, Picker):
                    w.index = w._index_of(val)
                elif kind == "text" and isinstance(w, Input):
                    w.value = val
                elif kind == "ticks" and isinstance(w, Toggles):
                    for it in w.items:
                        it.value = min(val.get(it.id, 0), it.max_count)
                    w.refresh()

    # record fields that a dialog's field of the same role holds (by field id)
    FIELD_OF = {"player": "who", "from": "from", "kind": "kind", "tile": "tile"}

    def draft_of(self, obj: dict[str, Any]) -> dict[str, Any]:
        """The draft (see :meth:`draft`) that shows the event ``obj`` (record JSON)."""
        out: dict[str, Any] = {}
        for key, fid in self.FIELD_OF.items():
            if key not in obj:
                continue
            for w in self.query(f"#{fid}"):
                if isinstance(w, Picker):
                    out[fid] = ("pick", obj[key])
                elif isinstance(w, Input):
                    out[fid] = ("text", str(obj[key]))
        return out

    def on_mount(self) -> None:
        start = self.load or self.ctx.variant.data.prefill(self.EVENT_TYPE, self.ctx.events)
        if start:
            self.fill_from(self.draft_of(start))
        if self.restore:
            self.fill_from(self.restore)
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
        return [w for w in self.nodes("Picker, Toggles, Input") if w.focusable]

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
        if key in ("pageup", "pagedown"):  # the preview scrolls, wherever the focus is
            box = self.query_one("#preview-box", VerticalScroll)
            (box.scroll_page_up if key == "pageup" else box.scroll_page_down)(animate=False)
            return True
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
            if ch and ch.isalpha() and digits_only(focused):
                # a field that takes digits only: a letter is one of the dialog's hotkeys
                if self.other_key(key, ch):
                    return True
                self.app.bell()
                return True
            if getattr(self.app, "_held_keys", None):  # more keys to come: previewed later
                return self.input_key(focused, key, ch)
            # the last key typed so far: the preview follows in the same frame as the field
            # (a burst of keys is previewed once, after the last of them). The field's
            # Changed message is not sent: it would only travel up the dialog's containers
            # to ask for the preview shown here.
            with self.prevent(Input.Changed):
                took = self.input_key(focused, key, ch)
            if took:
                self.sync_fields()
                self.update_preview()
            return took
        if isinstance(focused, Picker):
            picks = focused.picks
            if focused.handle_key_now(key, ch):
                self.sync_fields()
                if focused.pending:  # the start of two names: the row waits for more
                    self.say_pending(focused)
                elif key not in ("left", "right") and focused.picks != picks:
                    self.focus_after(focused)
                return True
            if ch and ch.isprintable():
                self.refuse_key(focused, key)
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

    def label_of(self, widget: Widget) -> str:
        """The label of the form row holding ``widget``."""
        row = widget.parent
        labels = row.query(".flabel") if row is not None else ()
        return str(labels.first().render()).strip() if labels else ""

    def say_pending(self, picker: Picker) -> None:
        """Several names start with the letters typed: name them, and wait for more."""
        err = self.query_one("#dialog-error", Static)
        err.set_class(False, "bad")
        names = " / ".join(f"[{c.key}] {c.label}" for c in picker.pending)
        shown(err, Text(self.t("name_more", names=names), style="bold"))

    def refuse_key(self, picker: Picker, key: str | None = None) -> None:
        """A key the focused chooser cannot use: say so; never hand it to another field."""
        self.app.bell()
        label = self.label_of(picker) or "?"
        taken = picker.disabled_choice(key) if key else None
        msg = self.t("pick_first", what=label)
        if taken is not None:
            # the seat is already chosen in another row: say which, not "press a key in [ ]"
            other = next(
                (
                    p
                    for p in self.nodes(Picker)
                    if p is not picker and p.chosen and p.value == taken.value
                ),
                None,
            )
            what = self.label_of(other) if other is not None else ""
            msg = (
                self.t("seat_taken", name=taken.label, other=what, what=label)
                if what
                else self.t("seat_unavailable", name=taken.label, what=label)
            )
        err = self.query_one("#dialog-error", Static)
        err.set_class(True, "bad")
        shown(err, Text(msg, style="bold"))

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
            for lab in self.nodes(f"#err-{fid}"):
                if str(lab.render()) == want:
                    continue
                if lab.has_class("fill"):
                    shown(lab, Text(want))  # its width is the row's: laid out only if it wraps
                else:
                    lab.update(want)
        self._error_field = field_id if text else None

    def make_event(self) -> Event:
        try:
            obj = self.build()
        except InvalidField as e:
            self.show_field_error(None if e.missing else e.field_id, str(e))
            raise
        self.show_field_error(None)
        ev = event_from_json(obj, self.EVENT_TYPE)
        events = self.hand_events(ev)
        if is_terminal(ev) or events[-1] is not ev:
            # the preview settles a finished hand through the engine's entry point
            validate_hand_structure(Hand(events), self.ctx.variant, "hand", last=True)
        else:  # checked against the hand so far now, not only when the hand ends
            ctx = self.ctx
            added = add_event(ctx.variant, ctx.rules, ctx.state, events[:-1], ev, label=False)
            self.paid_now = added.paid_now
        return ev

    def hand_events(self, ev: Event) -> tuple[Event, ...]:
        """The whole hand if ``ev`` is confirmed."""
        return self.ctx.with_event(ev)

    def fit_fields(self) -> None:
        """See :func:`.fit.fit_fields`: the fields scroll, the preview and the confirm line
        stay on screen."""
        fit_fields(self)

    def on_resize(self) -> None:
        for prev in self.query("#preview"):
            unreserve(prev)  # type: ignore[arg-type]  (the next key measures it anew)
        self.call_after_refresh(self.fit_fields)

    def update_preview(self) -> None:
        """Show the preview and the error line for the fields as they are, then fit the
        fields to what is left (the preview's height may change).

        The fitting is asked for last, once every widget of the key has been given its new
        text: asking the dialog for anything wakes it up, and a dialog woken before its
        widgets have reported their changes draws the field alone in one frame and the
        error line and the preview in a second one (each frame is a compositor pass)."""
        self.show_preview()
        self.call_after_refresh(self.fit_fields)

    def show_preview(self) -> None:
        """See :meth:`update_preview` (what a dialog shows; it asks the dialog for nothing)."""
        err = self.query_one("#dialog-error", Static)
        prev = self.query_one("#preview", Static)
        self.paid_now = ()
        self.refusal = None
        try:
            ev = self.make_event()
        except (InvalidField, ValueError, MjError) as e:
            self.result_event = None
            missing = isinstance(e, InvalidField) and e.missing
            if isinstance(e, InvalidField):
                said = str(e)
            elif isinstance(e, MjError) and self.refused_as_empty(e):
                missing = True
                said = f"{self.t('still_needed')}: {seats_named(e.text(self.lang, self.ctx.names), self.ctx.names)}"
            else:
                said = explain_error(e, self.lang, self.ctx.names)
            shown(err, Text(said, style="" if missing else "bold"))
            err.set_class(not missing, "bad")
            err.set_class(missing, "missing")
            shown(prev, Text(""), reserve=True)
            return
        self.result_event = ev
        if is_terminal(ev):
            text = self.preview_text(self.hand_events(ev))
        else:
            text = self.paid_now_text(self.paid_now)
        if self.result_event is None:  # the engine refused the hand: say why, in place of ✓
            missing = self.refusal is not None and self.refused_as_empty(self.refusal)
            if missing:  # nothing entered is refused: say what is still to be given
                text = Text(
                    f"{self.t('still_needed')}: " + self.refusal.text(self.lang, self.ctx.names)  # type: ignore[union-attr]
                )
            err.set_class(not missing, "bad")
            err.set_class(missing, "missing")
            shown(err, text)
            shown(prev, Text(""), reserve=True)
            return
        err.set_class(False, "bad")
        err.set_class(False, "missing")
        shown(err, Text("✓ " + describe_event(ev, self.ctx.names, self.ctx.variant, self.lang)))
        shown(prev, text, reserve=True)

    def preview_text(self, events: Sequence[Event]) -> Text:
        names = self.ctx.names
        events = tuple(events)
        try:
            if self._settled_for is not None and self._settled_for[0] == events:
                res = self._settled_for[1]  # the same hand as the last key's: not settled again
            else:
                res = settle_preview(self.ctx.variant, self.ctx.rules, self.ctx.state, events)
                self._settled_for = (events, res)
        except MjError as e:
            self.result_event = self.settled = None
            self.refusal = e
            return Text(f"✗ {explain_error(e, self.lang, self.ctx.names)}", style="bold")
        except Exception as e:  # a variant bug must not take the table down
            self.result_event = self.settled = None
            return Text(f"✗ {self.t('engine_error')}: {type(e).__name__}: {e}", style="bold")
        self.settled = Settled(hand=Hand(tuple(events)), state=self.ctx.state, result=res)
        out = Text(style="bold")
        for note in self.ctx.variant.data.without_event:
            # what the hand settles without an event not logged yet: first, so a long
            # preview cannot scroll it out of view
            if not any(getattr(e, "type", "") == note.id for e in events):
                line = self.t(
                    "missing_event",
                    note=word(note, self.lang),
                    press=event_key(note.id),
                    what=self.t(f"act_{note.id}"),
                )
                out.append(line + "\n", style="bold reverse")
        for line in self.preview_lead(res):
            out.append(line + "\n", style="bold reverse")
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
            out.append(self.t("no_payments"), style="dim")  # not a stray "(0)"
        out.rstrip()
        return out

    def paid_now_text(self, paid: Sequence[Payment]) -> Text:
        """The payments an event makes as soon as it is entered, as the ledger stores them."""
        if not paid:
            return Text("")
        book = PaymentBook()
        book.items.extend(paid)
        out = Text(style="bold")
        out.append(self.t("paid_now_preview") + ": ")
        out.append(deltas_line(book.deltas(), self.ctx.names) + "\n", style="bold")
        for p in paid:
            out.append(payment_line(p, self.ctx.names) + "\n")
        out.rstrip()
        return out

    def refused_as_empty(self, refusal: MjError) -> bool:
        """Whether the engine's refusal is about what is not entered yet rather than about
        anything entered: the dialog with only its choosers filled is refused the same."""
        try:
            ev = event_from_json(self.build(), self.EVENT_TYPE)
        except (InvalidField, ValueError, MjError):
            return False
        return self.only_missing(ev, refusal)

    def only_missing(self, ev: Event, refusal: MjError) -> bool:
        """See :meth:`refused_as_empty` (``ev``: the event the fields make)."""
        return False

    def preview_lead(self, res: HandResult) -> list[str]:
        """Lines the preview starts with, before the payments (none by default)."""
        return []

    def action_confirm(self) -> None:
        self.update_preview()
        if self.result_event is not None:
            self.finish(self.result_event)
        else:
            self.refused = True
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
            raise InvalidField(field_id, f"{label}?", missing=True)
        return p.value

    def text(self, input_id: str) -> str:
        return self.query_one(f"#{input_id}", Input).value.strip()
