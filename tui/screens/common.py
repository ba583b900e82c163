"""Small helpers shared by the screens: localized bindings and the seat labels."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual import events
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode
from textual.message import Message

from ..i18n import tr

if TYPE_CHECKING:
    from mjscore.engine.record import Session


def localize_bindings(node: DOMNode, lang: str) -> None:
    """Replace each binding's description by the label named by its id (ids are i18n keys)."""
    keys: dict[str, list[Binding]] = {}
    for key, bindings in node._bindings.key_to_bindings.items():
        keys[key] = [replace(b, description=tr(b.id, lang)) if b.id else b for b in bindings]
    node._bindings = BindingsMap.from_keys(keys)


def group_keys(node: DOMNode, lang: str, grouped: bool) -> None:
    """The compact footer (a small terminal): the keys that record an event share one label,
    and so do the corrections (undo, redo, insert, edit, delete), so that every key stays in view; the
    help screen names each. ``grouped=False`` gives each key its own label again."""
    record = Binding.Group(tr("keys_record", lang))
    correct = Binding.Group(tr("keys_correct", lang))

    def group_of(b: Binding) -> Binding.Group | None:
        if not grouped:
            return None
        if b.action.startswith("add("):
            return record
        corrections = ("undo", "redo", "insert_hand", "edit", "delete_hand")
        return correct if b.action in corrections else None

    node._bindings = BindingsMap.from_keys(
        {
            key: [replace(b, group=group_of(b)) for b in bindings]
            for key, bindings in node._bindings.key_to_bindings.items()
        }
    )


def share_labels(
    node: DOMNode,
    lang: str,
    groups: dict[str, str] | None,
    short: dict[str, str] | None = None,
) -> None:
    """Keys that share a label on a narrow footer: ``groups`` maps an action to the label key
    of its group (actions of one label key share one group), ``short`` an action to a
    shorter label of its own; None gives each key its own full label again (its id)."""
    made = {k: Binding.Group(tr(k, lang)) for k in set((groups or {}).values())}

    def narrow(b: Binding) -> Binding:
        group = made[groups[b.action]] if groups and b.action in groups else None
        label = (short or {}).get(b.action, b.id)
        return replace(b, group=group, description=tr(label, lang) if label else b.description)

    node._bindings = BindingsMap.from_keys(
        {key: [narrow(b) for b in bs] for key, bs in node._bindings.key_to_bindings.items()}
    )


def B(
    key: str,
    action: str,
    label: str,
    *,
    show: bool = True,
    priority: bool = False,
    key_display: str | None = None,
) -> Binding:
    """A binding whose id is its i18n label key; the English label is the default description."""
    return Binding(
        key,
        action,
        tr(label, "en"),
        show=show,
        priority=priority,
        id=label,
        key_display=key_display,
    )


def event_bindings() -> list[Binding]:
    """The keys that add an event to a hand, the same on the table and in Edit hand."""
    return [
        B("w", "add('win')", "act_win"),
        B("k", "add('kong')", "act_kong"),
        B("p", "add('pung')", "act_pung"),
        B("f", "add('flowers')", "act_flowers"),
        B("x", "add('penalty')", "act_penalty"),
        B("j", "add('jing')", "act_jing"),
        B("c", "add('jing_count')", "act_jing_count"),
        B("z", "add('false_win')", "act_false_win"),
        B("d", "add('draw')", "act_draw"),
    ]


def event_key(event_type: str) -> str:
    """The key that adds an event of ``event_type`` (see :func:`event_bindings`)."""
    action = f"add('{event_type}')"
    return next((b.key for b in event_bindings() if b.action == action), "?")


# ---------------------------------------------------------------- type-ahead
# A terminal delivers a burst of typing as several key events at once. Textual forwards each
# key to the widget focused *when the app dequeues it*, and bindings, focus moves and screen
# pushes happen later (after the key has travelled through message queues), so a fast second
# key could reach the wrong field. The app therefore asks the top screen to handle each key
# synchronously (``route_key``) as it dequeues it, and holds keys while a freshly pushed
# screen is not mounted yet (``keys_ready``), releasing them in order once it is.


class KeysReady(Message):
    """Posted to the app when a screen that was holding keys can take them."""


def run_binding_now(node: DOMNode, key: str) -> bool:
    """Run ``node``'s (non-priority) binding for ``key`` right now, if it has one whose
    action is allowed and is a plain method. Returns True if one ran."""
    import inspect

    from textual.actions import parse

    for b in node._bindings.key_to_bindings.get(key, ()):
        if b.priority:
            continue
        name, params = _action(b.action, parse)
        method = getattr(node, f"action_{name}", None)
        if method is None or inspect.iscoroutinefunction(method):
            continue
        if not node.check_action(name, params):  # False: not here; None: disabled now
            continue
        method(*params)
        return True
    return False


def _action(action: str, parse) -> tuple[str, tuple[object, ...]]:
    _ns, name, params = parse(action)
    return name, tuple(params)


class TypeAheadScreen:
    """Mixin for screens: keys typed before the screen is mounted are held by the app, then
    handled in order; ``route_key`` handles a key synchronously (return True) or lets Textual
    deliver it as usual (return False)."""

    keys_ready: bool = False

    def mark_keys_ready(self) -> None:
        # Textual selects a field's text when its Focus event is handled, i.e. after keys
        # typed into it at once may already be there (the next key would then replace
        # them). The screens select on focus themselves, at once (``focus_now``).
        from textual.widgets import Input

        for inp in self.query(Input):  # type: ignore[attr-defined]
            inp.select_on_focus = False
        self.keys_ready = True
        self.app.post_message(KeysReady())

    def route_key(self, event: events.Key) -> bool:
        return False


INPUT_EDITS = {
    "backspace": "delete_left",
    "delete": "delete_right",
    "left": "cursor_left",
    "right": "cursor_right",
    "home": "home",
    "end": "end",
    "ctrl+u": "delete_left_all",
    "ctrl+w": "delete_left_word",
}


def edit_input_now(inp: Any, key: str, ch: str | None) -> bool:
    """Apply a typing key to a text field at once (so the next key sees its new text)."""
    restart_blink = getattr(inp, "_restart_blink", None)  # as Input's own key handler does
    if restart_blink is not None:
        restart_blink()
    if ch is not None and len(ch) == 1 and ch.isprintable():
        sel = inp.selection
        if sel.is_empty:
            inp.insert_text_at_cursor(ch)
        else:
            inp.replace(ch, *sel)
        return True
    if key in INPUT_EDITS:
        getattr(inp, f"action_{INPUT_EDITS[key]}")()
        return True
    return False


def focus_now(screen: Any, widget: Any) -> None:
    """Focus ``widget`` at once (``Widget.focus`` waits for the next idle moment); a text
    field gets its text selected, so typing replaces a prefilled value."""
    screen.set_focus(widget)
    select_all_now(widget)
    mark_current_row(screen)


def mark_current_row(screen: Any) -> None:
    """Mark the form row holding the focus (its label is drawn reversed: visible without
    colours)."""
    focused = screen.focused
    row = focused.parent if focused is not None else None
    for r in screen.query(".frow"):
        r.set_class(r is row, "current")


def select_all_now(widget: Any) -> None:
    from textual.widgets import Input
    from textual.widgets.input import Selection

    if isinstance(widget, Input):
        widget.selection = Selection(0, len(widget.value))


def get_session(ledger: Any, session_id: int) -> Session:
    """``ledger.get_session`` (db.Ledger) or ``ledger.session`` (older ports)."""
    getter = getattr(ledger, "get_session", None) or ledger.session
    return getter(session_id)


def localize(node: Any, labels: dict[str, tuple[str, str]], prefix: str, lang: str) -> None:
    """Binding descriptions in ``lang``: a binding with id ``prefix + key`` gets ``labels[key]``."""
    keys: dict[str, list[Binding]] = {}
    for key, bindings in node._bindings.key_to_bindings.items():
        out = []
        for b in bindings:
            k = (b.id or "").removeprefix(prefix)
            if b.id and b.id.startswith(prefix) and k in labels:
                zh, en = labels[k]
                b = replace(b, description=zh if lang == "zh" else en)
            out.append(b)
        keys[key] = out
    node._bindings = BindingsMap.from_keys(keys)
