"""The mjscore Textual app: home → new session → the table, with dialogs for every event.

``make_app(...)`` builds the app (tests use it with ``Ledger.memory()``); ``run_app(...)``
is what ``mjscore`` with no subcommand calls. The screens only call db/ (``app.ledger``);
nothing here touches SQL.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import partial
from importlib import resources
from typing import Any

from textual import events
from textual.app import App
from textual.command import DiscoveryHit, Hit, Hits, Provider

from . import heap
from .errors import said, user_errors
from .i18n import tr

DEMO_NOTE = "mjscore demo"
WARM_UP_AFTER = 1.0  # seconds after the first paint: the screens are imported then
BACKGROUND_LATEST = 2.5  # seconds after start-up: the background work starts by then anyway


class ActionsProvider(Provider):
    """Every action of the current screen (its bindings, with their localized descriptions)."""

    def _commands(self) -> Iterable[tuple[str, str, Any]]:
        from .palette import binding_word

        screen = self.screen
        lang = self.app.lang
        seen: set[str] = set()
        for node in (screen, self.app):
            for key, bindings in node._bindings.key_to_bindings.items():
                for b in bindings:
                    if not b.description or b.action in seen:
                        continue
                    name, params = _split_action(b.action)
                    if node.check_action(name, params) is False:
                        continue
                    seen.add(b.action)
                    label = f"{binding_word(b.description, lang)}  ({b.key_display or key})"
                    yield (
                        label,
                        f"{tr('key', lang)}: {b.key_display or key}",
                        partial(node.run_action, b.action),
                    )

    async def discover(self) -> Hits:
        for label, help_text, run in self._commands():
            yield DiscoveryHit(label, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, help_text, run in self._commands():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), run, help=help_text)


def _split_action(action: str) -> tuple[str, tuple[object, ...]]:
    if "(" not in action:
        return action, ()
    name = action[: action.index("(")]
    inner = action[action.index("(") + 1 : action.rindex(")")]
    return name, tuple(p.strip().strip("'\"") for p in inner.split(",") if p.strip())


class MjscoreApp(App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "mjscore"
    COMMANDS = App.COMMANDS | {ActionsProvider}

    def __init__(self, ledger: Any, *, lang: str = "en", demo: bool = False) -> None:
        super().__init__()
        self.ledger = ledger
        self.lang = lang
        self.demo = demo
        self.current_session_id: int | None = None
        self._held_keys: list[events.Key] = []
        self._home_painted = False
        self._background = threading.Event()  # set when the background work starts
        self._leaving = False
        self._name_palette_key()

    def _name_palette_key(self) -> None:
        """The footer's command-palette key says "palette" in the app's language (Textual
        adds the binding in English)."""
        from dataclasses import replace

        keys = self._bindings.key_to_bindings
        for key, bindings in keys.items():
            keys[key] = [
                replace(
                    b, description=tr("palette", self.lang), tooltip=tr("palette_tip", self.lang)
                )
                if b.action == "command_palette"
                else b
                for b in bindings
            ]

    # ---- the command palette in the app's language (tui.palette)
    def get_system_commands(self, screen: Any) -> Iterable[Any]:
        from .palette import system_commands

        return system_commands(self, super().get_system_commands(screen))

    def action_command_palette(self) -> None:
        from .palette import Palette

        if self.use_command_palette and not Palette.is_open(self):
            self.push_screen(Palette(self.lang, id="--command-palette"))

    def search_themes(self) -> None:
        from textual.theme import ThemeProvider

        from .palette import Palette

        self.push_screen(Palette(self.lang, "palette_themes", providers=[ThemeProvider]))

    # ---- type-ahead (see tui.screens.common): every key is handled in the order typed
    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            self._held_keys.append(event)
            await self._release_keys()
            return
        await super().on_event(event)

    async def on_keys_ready(self, _message: Any) -> None:
        await self._release_keys()

    async def _release_keys(self) -> None:
        """Deliver held keys in order while the top screen can take them."""
        held = self._held_keys
        while held:
            screen = self.screen
            if not getattr(screen, "keys_ready", True):
                return  # a screen just pushed, not mounted yet: it posts KeysReady when it is
            event = held.pop(0)
            route = getattr(screen, "route_key", None)
            if route is not None and route(event):
                continue
            await super().on_event(event)

    def on_mount(self) -> None:
        from .screens.home import HomeScreen

        self._apply_settings()
        self.push_screen(HomeScreen(self.lang))
        if self.demo:
            self.open_demo()
        # The home screen is painted first (it calls home_painted once its list is on the
        # screen); a moment later every other screen and the rule sets are imported in the
        # background (see load_screens) and the ledger's pages are checked, so neither
        # competes with the first frames. (Should the home screen never say so, they start
        # all the same.)
        self.set_timer(BACKGROUND_LATEST, self._start_background)
        # the check's worker is there from the start, waiting for that moment; the ledger
        # itself refuses every write until the check has passed (a write before it makes
        # the check itself)
        self.run_worker(self._check_ledger, thread=True, group="ledger-check")

    def home_painted(self) -> None:
        """The home screen's first frame is out: the background work starts a moment later."""
        if not self._home_painted:
            self._home_painted = True
            self.set_timer(WARM_UP_AFTER, self._start_background)

    def _start_background(self) -> None:
        if self._background.is_set():
            return
        self._background.set()
        self.run_worker(self._warm_up, thread=True, group="warm-up", exit_on_error=False)

    def _warm_up(self) -> None:
        try:
            warm_up()
        finally:  # collections resume even if a screen failed to import
            if not self._leaving:
                heap.settle()

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self._stop_background()
        super().exit(*args, **kwargs)

    def on_unmount(self) -> None:
        self._stop_background()
        heap.release()

    def _stop_background(self) -> None:
        """On the way out, a check still waiting for its moment is not made (nor waited for)."""
        self._leaving = True
        self._background.set()

    def _check_ledger(self) -> None:
        self._background.wait(BACKGROUND_LATEST)
        if self._leaving:
            return
        verify = getattr(self.ledger, "verify", None)
        if verify is not None:
            try:
                verify()
            except user_errors() as e:
                self.call_from_thread(
                    self.notify, said(e, self.lang), severity="error", timeout=60, markup=False
                )
        for note in getattr(self.ledger, "notices", ()):
            self.call_from_thread(self.notify, note, severity="warning", timeout=20, markup=False)

    # ---- settings (tui.settings): the saved theme, and a bad config file said in one line
    def _apply_settings(self) -> None:
        from . import settings

        saved, problem = settings.load()
        if problem is not None:
            self.notify(problem, severity="warning", markup=False)
        if saved.theme and saved.theme in self.available_themes:
            self.theme = saved.theme
        self.theme_changed_signal.subscribe(self, self._theme_chosen)

    def _theme_chosen(self, theme: Any) -> None:
        from . import settings

        saved, problem = settings.load()
        if problem is None and saved.theme == theme.name:
            return
        problem = settings.update(theme=theme.name)
        if problem is not None:
            self.notify(problem, severity="warning", markup=False)

    # ---- navigation
    def open_session(self, session_id: int) -> None:
        from .screens.table import TableScreen

        try:  # a rule set that cannot be loaded must not take the app down
            from mjscore.engine.variants import get_variant

            get_variant(self.ledger.session_info(session_id).variant)
        except (ImportError, AttributeError, *user_errors()) as e:
            self.notify(f"{type(e).__name__}: {e}", severity="error", markup=False)
            return
        self.current_session_id = session_id
        self.push_screen(TableScreen(session_id, self.lang))

    def demo_session_id(self) -> int:
        """The demo session, imported from the bundled record the first time."""
        for s in self.ledger.list_sessions():
            if s.notes == DEMO_NOTE:
                return s.id
        from mjscore.engine.record import load_session

        text = resources.files("mjscore.tui").joinpath("data/demo.json").read_text(encoding="utf-8")
        return self.ledger.import_session(
            load_session(text), notes=DEMO_NOTE, ended=False, demo=True
        )

    def open_demo(self) -> None:
        try:
            sid = self.demo_session_id()
        except user_errors() as e:
            self.notify(said(e, self.lang), severity="error", markup=False)
            return
        self.open_session(sid)

    def action_reports(self) -> None:
        """Push the reports screen (issue 8's ``tui.screens.review``) for the current session."""
        sid = self.current_session_id
        try:
            from .screens.review import ReviewScreen
        except ImportError:
            self.notify(tr("reports_missing", self.lang))
            return
        if sid is None:
            self.notify(tr("reports_missing", self.lang))
            return

        def edit(index: int) -> None:
            """The review asked to edit hand ``index`` (0-based): open it on the table."""
            from .screens.table import TableScreen

            def go() -> None:
                if not isinstance(self.screen, TableScreen) or self.screen.session_id != sid:
                    self.open_session(sid)
                self.call_after_refresh(lambda: self.screen.edit_hand(index))

            self.call_after_refresh(go)

        self.push_screen(ReviewScreen.from_ledger(self.ledger, sid, lang=self.lang, on_edit=edit))


def load_screens() -> None:
    """Import every screen module now, not on first use: a screen imported lazily in the
    middle of a session could fail if mjscore's files were replaced meanwhile (an upgrade
    while the app is open), taking the app down. Run right after the first paint."""
    import importlib

    for name in ("table", "dialogs", "edit", "help", "new_session", "review", "stats", "club"):
        try:
            importlib.import_module(f"mjscore.tui.screens.{name}")
        except ImportError:  # the reports screens are optional; their action says so
            pass


def warm_up() -> None:
    """Import every screen and the rule sets in the background once the home screen is up,
    so opening a table or the new-session screen does not wait for them."""
    load_screens()
    from mjscore.engine.record import VARIANTS
    from mjscore.engine.variants import get_variant

    for vid in VARIANTS:
        try:
            get_variant(vid)
        except Exception:  # noqa: BLE001 - a broken rule set shows its error where it is used
            pass


def open_ledger(db_path: str | None) -> Any:
    from mjscore.db.ledger import Ledger

    return Ledger.open(db_path)


def open_demo_ledger() -> Any:
    from mjscore.db.ledger import Ledger

    return Ledger.memory()


def make_app(
    db_path: str | None = None, demo: bool = False, lang: str | None = None, *, ledger: Any = None
) -> MjscoreApp:
    """The app on ``ledger`` (or the ledger file at ``db_path``, default location if None).
    The demo never touches a ledger file: it plays in a ledger of its own, in memory, gone
    when the app closes."""
    from . import settings

    if ledger is None:
        ledger = open_demo_ledger() if demo else open_ledger(db_path)
    return MjscoreApp(ledger, lang=settings.language(lang), demo=demo)


def run_app(db_path: str | None, demo: bool = False, lang: str | None = None) -> int:
    app = make_app(db_path, demo, lang)
    try:
        app.run()
    finally:
        close = getattr(app.ledger, "close", None)
        if close:
            close()
    return app.return_code or 0
