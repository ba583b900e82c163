"""Home: the sessions in the ledger, newest first; open one, start one, open the demo."""

from __future__ import annotations

from typing import Any

from mjscore.engine.names import shown_name
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, Static

from ..errors import said, user_errors
from ..i18n import tr, variant_name
from ..widgets.footer import KeyFooter
from ..widgets.plain_table import PlainTable
from . import home_list
from .common import B, TypeAheadScreen, localize_bindings, run_binding_now, share_labels

# below this many columns the footer is compact and the rematch keys and the delete/restore
# keys share a label each, so that every key (q and the palette's ^p too) stays in view
WIDE_FOOTER = 130
SHARED_LABELS = {
    "rematch": "keys_rematch",
    "rematch(True)": "keys_rematch",
    "delete_session": "keys_delete_restore",
    "restore_session": "keys_delete_restore",
}
SHORT_LABELS = {"new": "foot_new", "demo": "foot_demo", "standings": "foot_standings"}


class SessionList(PlainTable):
    pass


class HomeFooter(KeyFooter):
    """The footer, its keys made compact (or not) as they are built: Textual's keys take
    the footer's ``compact`` once mounted, and so were each styled twice on the first
    frame of a narrow terminal."""

    def compose(self) -> ComposeResult:
        from textual.widgets._footer import FooterKey

        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_class(self.compact, "-compact", update=False)
            yield widget


class HomeScreen(TypeAheadScreen, Screen):
    BINDINGS = [
        B("n", "new", "new_session"),
        B("enter", "open", "open_session", show=False),
        B("d", "demo", "demo"),
        B("r", "reports", "reports"),
        B("m", "rematch", "rematch"),
        B("M", "rematch(True)", "rematch_rotated", key_display="M"),
        B("s", "standings", "standings"),
        B("delete", "delete_session", "act_delete_session", key_display="Del"),
        B("u", "restore_session", "act_restore_session"),
        B("q", "app.quit", "quit"),
    ]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self._first_show = True  # the first resume follows the mount, which drew the list
        localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        # laid out for the terminal's width before anything is mounted, so the first frame
        # does not restyle every widget when the first resize says the terminal is narrow
        narrow = self._fit(self.app.size.width)
        self._compact = self.app.size.width < home_list.COMPACT_BELOW  # the list's layout
        yield Static(f"mjscore · {tr('home_title', self.lang)}", id="title-bar", markup=False)
        yield Label(tr("no_sessions", self.lang), id="empty", markup=False)
        yield SessionList(id="sessions", cursor_type="row", zebra_stripes=True)
        yield HomeFooter(compact=narrow)  # built once for the first frame, not once per focus

    def on_resize(self, event: Any) -> None:
        self.query_one(Footer).compact = self._fit(event.size.width)
        compact = event.size.width < home_list.COMPACT_BELOW
        if compact != self._compact:  # built again only when its layout changes
            self._compact = compact
            self.refresh_list()

    def _fit(self, width: int) -> bool:
        """The grouped keys and short labels of a narrow footer, or the full ones."""
        narrow = width < WIDE_FOOTER
        if narrow != self.has_class("grouped-keys"):
            self.set_class(narrow, "grouped-keys")
            share_labels(self, self.lang, *((SHARED_LABELS, SHORT_LABELS) if narrow else (None,)))
            self.refresh_bindings()
        return narrow

    def on_mount(self) -> None:
        self._shown_version: int | None = None
        self.refresh_list()
        self.mark_keys_ready()
        painted = getattr(self.app, "home_painted", None)
        if painted is not None:
            self.call_after_refresh(painted)
        # another window or `mjscore import` may change the ledger underneath: one PRAGMA
        # a second tells, and only then is the list read again
        self.set_interval(1.0, self.refresh_if_changed)

    def route_key(self, event: Any) -> bool:
        """Keys in the order typed: ``n`` opens the form before the next key is looked at."""
        table = self.query_one(SessionList)
        if event.key == "enter":
            self.action_open()
            return True
        if self.focused is table and run_binding_now(table, event.key):
            return True
        return run_binding_now(self, event.key)

    def on_screen_resume(self) -> None:
        if self._first_show:  # on_mount has just drawn it: not twice
            self._first_show = False
            return
        self.refresh_list()

    def ledger_version(self) -> int:
        """The ledger's ``data_version``: it moves when another connection wrote (this app's
        own writes are shown when the home screen comes back)."""
        version = getattr(self.app.ledger, "data_version", None)
        return version() if version else 0

    def refresh_if_changed(self) -> None:
        if self.app.screen is not self:
            return
        try:
            now = self.ledger_version()
        except user_errors():
            return
        if now != self._shown_version:
            self.refresh_list()

    def refresh_list(self) -> None:
        try:
            self._shown_version = self.ledger_version()
        except user_errors():
            self._shown_version = 0
        lang = self.lang
        table = self.query_one(SessionList)
        keep = self.selected_id()
        table.clear(columns=True)
        for key, label, width in home_list.columns(lang, self._compact):
            table.add_column(label, key=key, width=width)
        sessions = self.app.ledger.list_sessions()
        table.add_plain_rows(
            home_list.rows(sessions, lang, self._compact), justify=home_list.justify(self._compact)
        )
        self.query_one("#empty").display = not sessions
        table.display = bool(sessions)
        if sessions:
            table.focus()
            if keep is not None and str(keep) in table.rows:
                table.move_cursor(row=table.get_row_index(str(keep)))

    def selected_id(self) -> int | None:
        table = self.query_one(SessionList)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key((table.cursor_row, 0)).row_key
        return int(key.value) if key.value is not None else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        sid = self.selected_id()
        if sid is not None:
            self.app.open_session(sid)

    def action_new(self) -> None:
        from .new_session import NewSessionScreen

        def created(sid: int | None) -> None:
            if sid is not None:
                self.app.open_session(sid)

        form = NewSessionScreen(self.lang)
        form.deliver = created
        self.app.push_screen(form)

    def action_demo(self) -> None:
        self.app.open_demo()

    def action_reports(self) -> None:
        self.app.current_session_id = self.selected_id()
        self.app.action_reports()

    def action_rematch(self, rotate: bool = False) -> None:
        """A new session with the selected one's players and rules (``M``: seats rotated)."""
        from mjscore.db.club import rematch

        sid = self.selected_id()
        if sid is None:
            self.app.bell()
            return
        try:
            new = rematch(self.app.ledger, sid, rotate=rotate)
        except user_errors() as e:
            self.notify(said(e, self.lang), severity="error", markup=False)
            return
        self.app.open_session(new)

    def action_delete_session(self) -> None:
        """Delete the highlighted session after asking (only ``y`` says yes). The ledger
        keeps it whole; ``u`` brings it back."""
        sid = self.selected_id()
        if sid is None:
            self.app.bell()
            return
        ask_delete_session(self, sid, self.lang, self.refresh_list)

    def action_restore_session(self) -> None:
        """Bring back the session deleted last (with its hands and corrections)."""
        ledger = self.app.ledger
        try:
            gone = ledger.deleted_sessions()
            if not gone:
                self.app.bell()
                self.notify(tr("nothing_deleted", self.lang), timeout=4, markup=False)
                return
            sid = ledger.restore_session(gone[0].id)
        except user_errors() as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self.refresh_list()
        table = self.query_one(SessionList)
        if str(sid) in table.rows:
            table.move_cursor(row=table.get_row_index(str(sid)))
        self.notify(tr("session_restored", self.lang, id=sid), timeout=6, markup=False)

    def action_standings(self) -> None:
        from .club import StandingsScreen

        self.app.push_screen(StandingsScreen(self.app.ledger, self.lang))


def ask_delete_session(screen: Any, sid: int, lang: str, then: Any) -> None:
    """Ask whether to delete session ``sid`` (only ``y`` says yes), delete it, say how to
    restore it and call ``then()``; the home screen and the review ask the same way."""
    from .dialogs import ConfirmDialog

    ledger = screen.app.ledger
    try:
        info = ledger.session_info(sid)
    except user_errors() as e:
        screen.notify(str(e), severity="error", markup=False)
        return
    question = tr(
        "confirm_delete_session",
        lang,
        id=sid,
        variant=variant_name(info.variant, lang),
        players=" · ".join(shown_name(p, 10) for p in info.players),
        hands=info.hands_played,
    )

    def done(yes: bool | None) -> None:
        if not yes:
            return
        try:
            ledger.delete_session(sid)
        except user_errors() as e:
            screen.notify(str(e), severity="error", markup=False)
            return
        screen.app.notify(tr("session_deleted", lang, id=sid), timeout=8, markup=False)
        then()

    dialog = ConfirmDialog(question, lang, enter_yes=False)
    dialog.deliver = done
    screen.app.push_screen(dialog)
