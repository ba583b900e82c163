"""New session: rule set and its options (defaults and a one-line meaning each), four
players with autocomplete from past players, first dealer, stake. Each invalid field is
explained beside it; the session is created only when everything is valid."""

from __future__ import annotations

from typing import Any

from mjscore.engine.errors import MjError
from mjscore.engine.names import NAME_WIDTH, name_key
from mjscore.engine.people import new_name_problem
from mjscore.engine.record import VARIANTS, check_player_name, check_stake
from mjscore.engine.rules import parse_option_value
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Footer, Input, Label, Static

from ..errors import said, user_errors
from ..i18n import tr, variant_name
from ..widgets.picker import Choice, Picker
from .common import (
    B,
    TypeAheadScreen,
    edit_input_now,
    focus_now,
    localize_bindings,
    mark_current_row,
    run_binding_now,
    select_all_now,
)


def load_variant(variant_id: str) -> tuple[Any, str | None]:
    from mjscore.engine.variants import get_variant

    try:
        return get_variant(variant_id), None
    except (ImportError, AttributeError) as e:  # a rule set not built yet
        return None, f"{variant_id}: not available ({e})"


class NewSessionScreen(TypeAheadScreen, Screen[int | None]):
    BINDINGS = [
        B("ctrl+s", "create", "ns_create"),
        B("escape", "cancel", "back"),
    ]

    def __init__(self, lang: str, variant: str = "nanning") -> None:
        super().__init__()
        self.lang = lang
        self.variant_id = variant
        self.variant: Any = None
        self.variant_error = ""
        self.shown_errors: dict[str, str] = {}
        self.known: list[str] = []  # past players, offered as each name is typed
        self.known_keys: set[str] = set()
        self.declined: dict[str, str] = {}  # field id -> the text whose offer Delete turned down
        self.deliver: Any = None  # receives the new session's id (or None) when the form closes
        from .. import settings

        self.settings, _ = settings.load()  # a bad file was reported when the app started
        localize_bindings(self, lang)

    def t(self, key: str, **kw: Any) -> str:
        return tr(key, self.lang, **kw)

    def compose(self) -> ComposeResult:
        names = self.app.ledger.player_names()
        self.known = list(names)
        self.known_keys = {name_key(n) for n in names}
        suggester = SuggestFromList(names, case_sensitive=False) if names else None
        yield Static(f"mjscore · {self.t('ns_title')}", id="title-bar", markup=False)
        with VerticalScroll(id="form"):
            presets = self.settings.presets
            if presets:
                yield Horizontal(
                    Label(self.t("ns_preset"), classes="flabel"),
                    Picker(
                        [Choice("0", self.t("ns_no_preset"), None)]
                        + [
                            Choice(chr(ord("a") + i), p.name, i) for i, p in enumerate(presets[:26])
                        ],
                        value=None,
                        id="preset",
                    ),
                    classes="frow",
                )
            choices = [
                Choice(str(i + 1), variant_name(v, self.lang), v) for i, v in enumerate(VARIANTS)
            ]
            yield Horizontal(
                Label(self.t("ns_variant"), classes="flabel"),
                Picker(choices, value=self.variant_id, id="variant"),
                Label("", id="err-variant", classes="ferr", markup=False),
                classes="frow",
            )
            yield Label(self.t("ns_players"), classes="section", markup=False)
            for i in range(4):
                yield Horizontal(
                    Label(f"{self.t('ns_player')} {i + 1}", classes="flabel", markup=False),
                    Input(
                        compact=True,
                        id=f"player{i}",
                        classes="name",  # narrow: a name is at most 12 columns, its error fits beside it
                        suggester=suggester,
                        max_length=64,
                        placeholder=("东家 A", "南家 B", "西家 C", "北家 D")[i],
                    ),
                    Label("", id=f"err-player{i}", classes="ferr", markup=False),
                    Label("", id=f"new-player{i}", classes="fnew", markup=False),
                    classes="frow",
                )
            yield Horizontal(
                Label(self.t("ns_dealer"), classes="flabel"),
                Picker(self.dealer_choices(), value=0, id="dealer"),
                Label("", id="err-dealer", classes="ferr"),
                classes="frow",
            )
            yield Horizontal(
                Label(self.t("ns_stake"), classes="flabel"),
                Input(self.settings.stake or "1", compact=True, id="stake", classes="short"),
                Label("", id="err-stake", classes="ferr", markup=False),
                classes="frow",
            )
            yield Label(self.t("ns_options"), classes="section", markup=False)
            for vid in VARIANTS:
                yield self.options_box(vid)
            yield Button(self.t("ns_create") + " (Ctrl+S)", id="create", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.show_options()
        self.set_focus(self.query_one("#variant", Picker))
        self.mark_keys_ready()
        self.untouched = self.typed()

    def typed(self) -> dict[str, str]:
        """What the form's text fields hold, by id."""
        return {inp.id: inp.value for inp in self.query(Input) if inp.id}

    def on_descendant_focus(self, _event: Any) -> None:
        mark_current_row(self)  # also after a mouse click or a focus move Textual made

    def route_key(self, event: Any) -> bool:
        """Keys in the order typed (see common.TypeAheadScreen): ``1 Alice Tab Bob …`` typed
        in one burst picks the rule set, then fills each name in turn."""
        key, ch = event.key, event.character
        if run_binding_now(self, key):
            return True
        focused = self.focused
        if isinstance(focused, Input) and self.offer_key(focused, key):
            if key in ("right", "delete"):
                return True
        if key in ("tab", "shift+tab"):
            self.focus_next() if key == "tab" else self.focus_previous()
            select_all_now(self.focused)
            return True
        if isinstance(focused, Input):
            if key == "enter":
                self.focus_next()
                select_all_now(self.focused)
                return True
            return edit_input_now(focused, key, ch)
        if isinstance(focused, Picker):
            if focused.handle_key_now(key, ch):
                if focused.id == "variant":
                    self.variant_id = focused.value
                    self.show_options()
                    if key not in ("left", "right"):
                        focus_now(self, self.query_one("#player0", Input))
                return True
            if focused.id == "variant" and ch and ch.isprintable() and not ch.isspace():
                first = self.query_one("#player0", Input)  # typing a name starts the first player's
                self.set_focus(first)
                first.insert_text_at_cursor(ch)
                return True
        return False

    # ---- past players offered while a name is typed
    def offer(self, inp: Input) -> str | None:
        """The past player offered for what ``inp`` holds: the first whose name starts with
        it (case aside), unless it is already whole or Delete turned the offer down."""
        if not (inp.id or "").startswith("player"):
            return None
        typed = inp.value
        if not typed.strip() or self.declined.get(inp.id or "") == typed:
            return None
        folded = typed.casefold()
        for name in self.known:
            if name.casefold().startswith(folded) and len(name) > len(typed):
                return name
        return None

    def offer_key(self, inp: Input, key: str) -> bool:
        """Enter, Tab and → (at the end of the text) take the offered name, as the field
        shows it; Delete at the end turns the offer down (the typed name is kept as a new
        player's). True when the key did one of these."""
        at_end = inp.cursor_position >= len(inp.value)
        if key == "delete" and at_end and self.offer(inp) is not None:
            self.declined[inp.id or ""] = inp.value
            inp._suggestion = ""
            self.show_new(inp)
            return True
        if key in ("enter", "tab", "shift+tab") or key == "right" and at_end:
            name = self.offer(inp)
            if name is not None:
                inp.value = name
                inp.cursor_position = len(name)
                return True
        return False

    def show_new(self, inp: Input) -> None:
        """Mark a name never seen before as a new player (no offer pending, no error)."""
        fid = inp.id or ""
        if not fid.startswith("player"):
            return
        typed = inp.value.strip()
        new = (
            bool(typed)
            and name_key(typed) not in self.known_keys
            and self.offer(inp) is None
            and not self.shown_errors.get(fid)
        )
        label = self.query_one(f"#new-{fid}", Label)
        text = self.t("ns_new_player") if new else ""
        if str(label.content) != text:
            label.update(text)
            label.display = bool(text)

    def dealer_choices(self) -> list[Choice]:
        out = []
        for i in range(4):
            try:
                name = self.query_one(f"#player{i}", Input).value.strip()
            except Exception:
                name = ""
            out.append(Choice(str(i + 1), name or f"{self.t('ns_player')} {i + 1}", i))
        return out

    def shown_value(self, value: Any) -> str:
        """An option's value as the form shows it (no Python reprs)."""
        if isinstance(value, bool):
            return self.t("yes" if value else "no")
        if value is None:
            return self.t("none")
        return str(value)

    # ---- options of the chosen rule set
    def options_box(self, vid: str) -> Vertical:
        """The options of rule set ``vid`` (all four are built once; one is shown)."""
        variant, err = load_variant(vid)
        rows: list[Any] = []
        if variant is not None:
            for spec in variant.option_specs():
                wid = f"opt-{vid}-{spec.name}"
                if spec.kind is bool:
                    widget: Any = Picker(
                        [Choice("y", self.t("yes"), True), Choice("n", self.t("no"), False)],
                        value=bool(spec.default),
                        id=wid,
                    )
                elif spec.choices:
                    widget = Picker(
                        [
                            Choice(str(i + 1), spec.choice_name(c, self.lang), c)
                            for i, c in enumerate(spec.choices)
                        ],
                        value=spec.default,
                        id=wid,
                    )
                else:
                    widget = Input(
                        "" if spec.default is None else str(spec.default),
                        compact=True,
                        id=wid,
                        classes="short",
                        placeholder=self.t("opt_empty_none") if spec.nullable else "",
                    )
                meaning = spec.describe(self.lang)
                default = (
                    spec.choice_name(spec.default, self.lang) if spec.choices else spec.default
                )
                help_line = Label(
                    Text(f"{meaning} · {self.t('default')} {self.shown_value(default)}"),
                    classes="fmeaning",
                    markup=False,
                )
                help_line.styles.padding = (0, 0, 0, 2)  # wrapped lines keep the indent
                rows.append(
                    Vertical(
                        Horizontal(
                            Label(spec.label(self.lang), classes="flabel", markup=False),
                            widget,
                            Label("", id=f"err-{wid}", classes="ferr", markup=False),
                            classes="frow",
                        ),
                        help_line,
                        classes="optrow",
                    )
                )
        box = Vertical(*rows, id=f"options-{vid}", classes="options")
        box.variant = variant  # type: ignore[attr-defined]
        box.variant_error = err or ""  # type: ignore[attr-defined]
        return box

    def show_options(self) -> None:
        for vid in VARIANTS:
            box = self.query_one(f"#options-{vid}", Vertical)
            box.display = vid == self.variant_id
            if vid == self.variant_id:
                self.variant = box.variant  # type: ignore[attr-defined]
                self.variant_error = box.variant_error  # type: ignore[attr-defined]
        self.query_one("#err-variant", Label).update(self.variant_error)

    @on(Picker.Chosen, "#preset")
    def preset_chosen(self, event: Picker.Chosen) -> None:
        if event.value is not None:
            self.apply_preset(self.settings.presets[event.value])

    def apply_preset(self, preset: Any) -> None:
        """Fill the form from a preset of the config file: rule set, its options, stake and
        the players it names (the other fields keep what is typed)."""
        if preset.variant != self.variant_id:
            self.query_one("#variant", Picker).choose(preset.variant)
            self.variant_id = preset.variant
            self.show_options()
        if self.variant is not None:
            for spec in self.variant.option_specs():
                w = self.query_one(f"#opt-{self.variant_id}-{spec.name}")
                value = preset.options.get(spec.name, spec.default)
                if isinstance(w, Picker):
                    w.choose(value)
                else:
                    w.value = "" if value is None else str(value)
        if preset.stake is not None:
            self.query_one("#stake", Input).value = preset.stake
        for i, name in enumerate(preset.players):
            self.query_one(f"#player{i}", Input).value = name
        self.validate(quiet_empty=True)

    @on(Picker.Chosen, "#variant")
    def variant_chosen(self, event: Picker.Chosen) -> None:
        self.variant_id = event.value
        self.show_options()
        if event.picker.has_focus and event.advance:
            self.query_one("#player0", Input).focus()
        self.validate(quiet_empty=True)

    def on_key(self, event) -> None:
        """Typing a name while the rule-set chooser has focus starts the first player's
        name (nothing typed is lost if the focus move is still pending)."""
        focused = self.focused
        ch = event.character
        if (
            isinstance(focused, Picker)
            and focused.id == "variant"
            and ch
            and ch.isprintable()
            and not ch.isspace()
        ):
            first = self.query_one("#player0", Input)
            first.focus()
            first.insert_text_at_cursor(ch)
            event.stop()

    @on(Input.Changed)
    def changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("player"):
            self.query_one("#dealer", Picker).set_choices(self.dealer_choices())
        self.validate(quiet_empty=True)
        self.show_new(event.input)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    @on(Button.Pressed, "#create")
    def pressed(self) -> None:
        self.action_create()

    # ---- validation
    def validate(self, quiet_empty: bool = False) -> dict[str, Any] | None:
        errors: dict[str, str] = {}
        names = []
        for i in range(4):
            value = self.query_one(f"#player{i}", Input).value.strip()
            names.append(value)
            if not value:
                if not quiet_empty:
                    errors[f"player{i}"] = self.t("err_name_empty")
                continue
            try:
                check_player_name(value, f"players[{i}]")
            except MjError as e:
                errors[f"player{i}"] = e.text(self.lang)
                continue
            # a returning player keeps the name he has, however wide (an older ledger's)
            problem = None if name_key(value) in self.known_keys else new_name_problem(value)
            if problem is not None:
                errors[f"player{i}"] = self.t(f"err_name_{problem}", limit=NAME_WIDTH)
        for i, n in enumerate(names):
            if n and names.count(n) > 1 and names.index(n) != i:
                errors[f"player{i}"] = self.t("err_name_dup")
        stake_text = self.query_one("#stake", Input).value.strip()
        stake = None
        try:
            stake = check_stake(stake_text)
        except MjError as e:
            errors["stake"] = e.text(self.lang)
        options: dict[str, Any] = {}
        if self.variant is None:
            errors["variant"] = self.variant_error or "?"
        else:
            for spec in self.variant.option_specs():
                w = self.query_one(f"#opt-{self.variant_id}-{spec.name}")
                if isinstance(w, Picker):
                    value: Any = w.value
                else:
                    text = w.value.strip()
                    value = (
                        parse_option_value(spec, text)
                        if text
                        else (None if spec.nullable else text)
                    )
                    if value == "" or isinstance(value, str) and spec.kind is int:
                        errors[f"opt-{self.variant_id}-{spec.name}"] = self.t("err_number")
                        continue
                if value != spec.default:
                    options[spec.name] = value
            try:
                self.variant.rules(options)
            except MjError as e:
                name = (e.where or "").split(".")[-1]
                errors[f"opt-{self.variant_id}-{name}"] = e.text(self.lang)
        self.show_errors(errors)
        if errors or any(not n for n in names):
            return None
        return {
            "variant": self.variant_id,
            "players": names,
            "options": options,
            "stake": stake,
            "first_dealer": self.query_one("#dealer", Picker).value or 0,
        }

    def show_errors(self, errors: dict[str, str]) -> None:
        """Update only the error labels whose text changes (each update costs a layout)."""
        shown = self.shown_errors
        for fid in set(shown) | set(errors):
            text = errors.get(fid, "")
            if shown.get(fid, "") != text:
                self.query_one(f"#err-{fid}", Label).update(text)
        self.shown_errors = {k: v for k, v in errors.items() if v}

    def action_create(self) -> None:
        form = self.validate()
        if form is None:
            self.app.bell()
            return
        try:
            sid = self.app.ledger.create_session(**form)
        except Exception as e:
            if not isinstance(e, user_errors()):
                raise
            self.notify(said(e, self.lang), severity="error", markup=False)
            return
        self.finish(sid)

    def action_cancel(self) -> None:
        if self.typed() == getattr(self, "untouched", None):
            self.finish(None)
            return
        from .dialogs import ConfirmDialog  # what was typed would be lost: ask first

        ask = ConfirmDialog(self.t("ns_discard"), self.lang, enter_yes=False)
        ask.deliver = lambda yes: self.finish(None) if yes else None
        self.app.push_screen(ask)

    def finish(self, result: int | None) -> None:
        deliver, self.deliver = self.deliver, None
        self.dismiss(result)
        if deliver is not None:
            deliver(result)
