"""The table: scoreboard, hand log, the hand being played, and every action on them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from .. import heap
from ..errors import user_errors
from ..i18n import tr, variant_name
from ..widgets.describe import deltas_line, describe_event, explain_error, short
from ..widgets.footer import KeyFooter
from ..widgets.table import CurrentHand, HandLog, Scoreboard, repaint
from .base import SessionView
from .common import (
    B,
    TypeAheadScreen,
    event_bindings,
    group_keys,
    localize_bindings,
    run_binding_now,
)
from .corrections import TableCorrections
from .dialogs import DIALOGS, ConfirmDialog, HandContext

EVENT_ACTIONS = {  # action name → event type the variant must know
    "win": "win",
    "kong": "kong",
    "pung": "pung",
    "flowers": "flowers",
    "penalty": "penalty",
    "jing": "jing",
    "jing_count": "jing_count",
    "false_win": "false_win",
    "draw": "draw",
}


class TableScreen(TableCorrections, TypeAheadScreen, Screen):
    BINDINGS = [
        *event_bindings(),
        B("g", "chase", "act_chase"),
        B("u", "undo", "act_undo"),
        B("U,ctrl+r", "redo", "act_redo", key_display="U"),
        B("i", "insert_hand", "act_insert"),
        B("e", "edit", "act_edit"),
        B("delete", "delete_hand", "act_delete", key_display="Del"),
        B("ctrl+e", "end", "act_end", show=False),
        B("o", "reopen", "act_reopen"),
        B("t", "substitute", "act_substitute", show=False),
        B("question_mark,f1", "help", "act_help", key_display="?"),
        B("r", "reports", "reports", show=False),
        B("escape", "home", "act_home"),
    ]

    def __init__(self, session_id: int, lang: str) -> None:
        super().__init__()
        self.session_id = session_id
        self.lang = lang
        self.view: SessionView | None = None
        # the chase panel: None = hidden; else how many presses of its key into the cycle
        # leader → each other player → first place
        self.chase_step: int | None = None
        # what `u` undoes and `U` redoes here, newest last: (audit id, hand number, what)
        # of each change made on this screen; None for an entered event, which `u` removes
        # from the ledger's last hand as before. Every undone change stays in the ledger's
        # audit, so a redo (or `mjscore`'s undo of any change) brings it back.
        self.done: list[tuple[int, int, str] | None] = []
        self.undone: list[tuple[int, int, str]] = []
        # each dialog kind's fields after a refusal: (hand number, its events, the fields)
        self._drafts: dict[str, tuple[Any, ...]] = {}
        self.game: int | None = None
        localize_bindings(self, lang)

    @property
    def ledger(self) -> Any:
        return self.app.ledger

    def compose(self) -> ComposeResult:
        yield Static("", id="title-bar", markup=False)
        with Horizontal(id="table-top"):
            yield Scoreboard(id="scoreboard")
            yield CurrentHand("", id="current-hand", markup=False)
        yield Label(tr("hand_log", self.lang), id="hand-log-label", classes="section", markup=False)
        yield HandLog(id="hand-log", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="chase-panel"):
            yield Static("", id="chase-text", markup=False)
        yield KeyFooter()

    def on_resize(self, event: Any) -> None:
        """A small terminal (80×24) gets the compact layout: a shorter scoreboard, so the
        log shows the last hands and the totals, and a compact footer that keeps every key."""
        compact = event.size.height < 34 or event.size.width < 110
        self.set_class(compact, "compact")
        footer = self.query_one(Footer)
        footer.compact = compact
        footer.show_command_palette = not compact  # Ctrl+P still opens it
        # every key with its own label needs about 170 columns (in English); below that the
        # event keys and the corrections share a label each, so none falls off the footer
        grouped = compact or event.size.width < 180
        if grouped != self.has_class("grouped-keys"):
            self.set_class(grouped, "grouped-keys")
            group_keys(self, self.lang, grouped)
            self.refresh_bindings()
        self.query_one(Scoreboard).compact = compact

    def on_mount(self) -> None:
        self.reload()
        self.set_focus(self.query_one(HandLog))
        self.mark_keys_ready()
        self.call_after_refresh(self.keep_out_of_collections)

    def keep_out_of_collections(self) -> None:
        """The session read and the table drawn live as long as the table: keep them out of
        Python's cyclic garbage collections, whose full passes would otherwise walk the
        whole session (its hands, rows and widgets) while a dialog is being built, a cost
        that grows with the session. Freed as usual once the table is left."""
        heap.keep()

    def on_unmount(self) -> None:
        heap.release_session(self.app)  # what was kept out can be collected again

    def route_key(self, event: Any) -> bool:
        """Every key of this screen is handled as it is dequeued, so ``w 1 3`` typed fast
        opens the win dialog before ``1`` is looked at (see common.TypeAheadScreen)."""
        log = self.query_one(HandLog)
        if event.key == "enter" and self.focused is log:
            if self.view is not None and log.hand_at(log.cursor_row) is not None:
                self.action_edit()
            return True
        if self.focused is log and event.key != "enter" and run_binding_now(log, event.key):
            return True
        if run_binding_now(self, event.key):
            return True
        if (
            self.view is not None
            and self.view.ended
            and any(
                b.action.startswith(
                    ("add(", "undo", "redo", "edit", "delete_hand", "insert_hand", "substitute")
                )
                for b in self._bindings.key_to_bindings.get(event.key, ())
            )
        ):
            self.app.bell()  # say why nothing happens
            self.notify(tr("session_ended", self.lang), severity="warning", timeout=4, markup=False)
            return True
        return False

    def reload(self, from_hand: int | None = None) -> None:
        """Draw the session as the ledger holds it. ``from_hand`` (1-based): only hands from
        that one on can have changed (a new event, an undo, a correction of that hand), so
        only they are read and only their rows redrawn; else everything is read again."""
        v = self.view
        partial = from_hand is not None and v is not None and v.refresh_from(self.ledger, from_hand)
        if not partial:
            v = self.view = SessionView.load(self.ledger, self.session_id)
        assert v is not None
        self.app.current_session_id = self.session_id
        lang = self.lang
        n = v.state.hand_number
        title = (
            f"{variant_name(v.session.variant, lang)} · {' / '.join(short(p, 12) for p in v.names)}"
        )
        if v.ended:
            title += f" · {tr('session_ended', lang)}"
        repaint(self.query_one("#title-bar", Static), title)  # one line, the full width
        status = v.variant.data.status(v.state, v.rules, v.open_events)
        self.query_one(Scoreboard).show(
            self.ledger.hand_players(self.session_id, n),  # who plays each seat now (替打)
            v.replay.totals,
            v.state,
            v.variant,
            lang,
            hand_number=n,
            ended=v.ended,
            open_events=len(v.open_events),
            status=status,
        )
        log = self.query_one(HandLog)
        games = self.game_of if status.game is not None else None
        if partial:
            log.show_from(
                v.names, v.replay.hands, lang, from_hand, hands=v.session.hands, games=games
            )
        else:
            log.show(
                v.names, v.replay.hands, lang, hands=v.session.hands, errors=v.error, games=games
            )
        self.query_one(CurrentHand).show(
            v.open_events, v.names, v.variant, lang, n, paid=status.paid
        )
        if self.game is not None and status.game is not None and status.game > self.game:
            self.game_over(self.game)
        self.game = status.game
        self.show_chase()
        self.refresh_bindings()

    # ---- 追分
    def chase_targets(self) -> list[Any]:
        """The cycle of the chase key: the leader, then every other seat, then first place."""
        from mjscore.engine.chase import FIRST, leader_of

        assert self.view is not None
        lead = leader_of(self.view.replay.totals)
        return [None, *(p for p in range(4) if p != lead), FIRST]

    def show_chase(self) -> None:
        """Draw the chase panel (or hide it) for the session as it stands now."""
        shown = self.chase_step is not None and self.view is not None
        for sel in ("#table-top", "#hand-log-label", "#hand-log"):
            self.query_one(sel).display = not shown
        self.query_one("#chase-panel").display = shown
        if not shown:
            return
        from mjscore.engine.chase import chase

        from ..widgets.chase import chase_lines

        v = self.view
        assert v is not None and self.chase_step is not None
        target = self.chase_targets()[self.chase_step]
        try:
            lines = [tr("chase_title", self.lang) + " · " + tr("chase_target_hint", self.lang), ""]
            lead = chase(v.session, totals=v.replay.totals, state=v.state)
            lines += chase_lines(lead, self.lang, assumptions=target is None)
            if target is not None:
                other = chase(v.session, target=target, totals=v.replay.totals, state=v.state)
                lines += ["", *chase_lines(other, self.lang, margin=False)]
        except user_errors() as e:
            lines = [explain_error(e, self.lang, v.names)]
        self.query_one("#chase-text", Static).update("\n".join(lines))

    def action_chase(self) -> None:
        """The chase key: show the panel against the leader, then each other target in turn;
        the press after the last one hides it."""
        if self.view is None:
            return
        step = 0 if self.chase_step is None else self.chase_step + 1
        self.chase_step = step if step < len(self.chase_targets()) else None
        self.show_chase()

    def open_hand_number(self) -> int:
        """The ledger number of the hand being played (or about to start)."""
        v = self.view
        assert v is not None
        hands = v.session.hands
        return len(hands) if hands and not hands[-1].finished else len(hands) + 1

    # ---- which actions apply
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        v = self.view
        if v is None:
            return True
        if action == "add":
            etype = EVENT_ACTIONS.get(str(parameters[0]) if parameters else "", "")
            if etype not in v.variant.event_types:
                return False
            return None if v.ended else True
        if action == "undo":
            return None if v.ended or not (v.session.hands or self.undoable()) else True
        if action == "redo":  # with nothing to redo the key says so
            return None if v.ended else True
        if action == "insert_hand":
            return None if v.ended or not v.replay.hands else True
        if action in ("edit", "delete_hand"):
            return None if v.ended or not v.replay.hands else True
        if action == "end":
            return not v.ended
        if action == "reopen":
            return v.ended
        return True

    def hand_context(self, index: int | None = None) -> HandContext:
        v = self.view
        assert v is not None
        state, events = v.hand_context(index)
        return HandContext(v.variant, v.rules, state, tuple(events), v.names, self.lang)

    # ---- another window on the same ledger
    def is_stale(self) -> bool:
        """Has the ledger's current hand (or the session's ended flag) changed since this
        screen last read it (e.g. in another window on the same ledger file)?"""
        v = self.view
        if v is None:
            return False
        try:
            cur = self.ledger.current_hand(self.session_id)
            ended = self.ledger.session_info(self.session_id).ended
        except user_errors():
            return False
        return (
            cur.number != v.state.hand_number
            or tuple(cur.events) != tuple(v.open_events)
            or ended != v.ended
        )

    def refresh_if_stale(self) -> bool:
        """Reload and say so if another window changed the session. True if it had."""
        if not self.is_stale():
            return False
        self.done.clear()  # what this screen did may no longer be what the ledger holds
        self.undone.clear()
        self.reload()
        self.notify(tr("stale", self.lang), severity="warning", timeout=6, markup=False)
        return True

    # ---- actions
    def action_add(self, kind: str) -> None:
        self.refresh_if_stale()  # the dialog must settle the hand as the ledger holds it
        if self.view is None or self.view.ended or not self.check_action("add", (kind,)):
            return
        ctx = self.hand_context()
        # an event a hand holds once: the dialog opens on the one entered and replaces it
        etype = EVENT_ACTIONS[kind]
        once = etype in self.view.variant.data.once
        at = next((i for i, e in enumerate(ctx.events) if once and e.type == etype), None)
        if at is not None:
            ctx = replace(ctx, events=ctx.events[:at] + ctx.events[at + 1 :])
        dialog = DIALOGS[kind](ctx)
        if at is not None:
            dialog.load = self.hand_context().events[at].to_json()
        seen = (self.view.state.hand_number, tuple(self.view.open_events))
        # refused, then Esc: the fields come back as they were at the next try, in the same
        # hand, also after what was missing has been entered (the kong the hand shows); a
        # correction of an event entered comes back only to that same hand so far
        drafts = self._drafts
        draft = drafts.get(kind)
        if draft is not None and draft[0] == seen[0] and (draft[1] == seen[1] or at is None):
            dialog.restore = draft[2]

        def done(ev: Any) -> None:
            if ev is None and dialog.refused:
                drafts[kind] = (*seen, dialog.draft())
            else:  # entered, or let go without a refusal: nothing to bring back
                drafts.pop(kind, None)
            if ev is not None and (
                self.is_stale()
                or seen != (self.view.state.hand_number, tuple(self.view.open_events))
            ):
                self.reload()  # what the preview showed is not what would be stored
                self.notify(
                    tr("stale_not_saved", self.lang), severity="error", timeout=10, markup=False
                )
                return
            number = self.open_hand_number()
            if ev is not None:
                self.did(None)
            if isinstance(ev, tuple):  # several winners on one discard: one write
                what = "; ".join(
                    describe_event(e, self.view.names, self.view.variant, self.lang) for e in ev
                )
                self.write(
                    lambda: self.ledger.add_events(
                        self.session_id, list(ev), settled=dialog.settled
                    ),
                    what,
                    number,
                )
            elif ev is not None and at is not None:
                events = list(self.view.open_events)
                events[at] = ev
                self.write(
                    lambda: self.ledger.amend_hand(self.session_id, number, events),
                    describe_event(ev, self.view.names, self.view.variant, self.lang),
                    number,
                )
            elif ev is not None:
                # the hand the preview settled is stored as it is, not settled again
                self.write(
                    lambda: self.ledger.add_event(self.session_id, ev, settled=dialog.settled),
                    describe_event(ev, self.view.names, self.view.variant, self.lang),
                    number,
                )

        dialog.deliver = done
        self.app.push_screen(dialog)

    def write(self, fn, what: str, from_hand: int | None = None) -> bool:
        """Run one ledger write; report success or the error, then redraw (only hands
        ``from_hand``… when the write can only have changed those)."""
        try:
            self.result = fn()
        except user_errors() as e:
            self.notify(
                explain_error(e, self.lang, self.view.names if self.view else None),
                severity="error",
                timeout=8,
                markup=False,
            )
            self.reload()
            return False
        self.reload(from_hand)
        self.show_status(f"✓ {tr('saved', self.lang)}: {what}")
        return True

    game_note: str | None = None  # a game's end, said with what was saved next

    def show_status(self, text: str) -> None:
        """Say what was just saved on the log's heading line, not in a toast: a toast would
        cover the newest rows, or the preview of the next dialog opened at once. A game
        that has just ended (:attr:`game_note`) is said after it, once."""
        said = " · ".join(t for t in (text, self.game_note) if t)
        if text:
            self.game_note = None
        # one line, the full width (app.tcss): a new text is drawn without a layout pass
        repaint(self.query_one("#hand-log-label", Label), f"{tr('hand_log', self.lang)} · {said}")

    def action_undo(self) -> None:
        """Undo the newest change made here: a deleted, inserted or amended hand comes back
        as it was; else remove the last event. If that event ended a hand (the open hand
        is empty), the finished hand would be reopened and re-settled: ask first.
        What is undone can be redone (`U`)."""
        if self.refresh_if_stale():
            return  # the last event is not what this screen showed: look again first
        v = self.view
        if v is None:
            return
        change = self.undoable()
        if change is not None:
            self.done.pop()
            aid, number, what = change
            if self.write(
                lambda: self.ledger.undo_change(aid),
                f"{tr('undone', self.lang)}: {what} · {tr('U_redoes', self.lang)}",
                number,
            ):
                self.undone.append((self.result, number, what))
            return
        if not v.session.hands:
            return
        hand = v.session.hands[-1]
        last = hand.events[-1]
        what = describe_event(last, v.names, v.variant, self.lang)

        def undo() -> None:
            number = len(v.session.hands)
            if self.write(
                lambda: self.ledger.undo_last_event(self.session_id),
                f"{tr('act_undo', self.lang)} {what} · {tr('U_redoes', self.lang)}",
                number,
            ):
                if self.done:
                    self.done.pop()
                aid = self.ledger.last_change(self.session_id)
                if aid is not None:
                    self.undone.append((aid, number, what))

        if not hand.finished:
            undo()
            return
        ask = ConfirmDialog(
            tr("confirm_undo_result", self.lang, n=len(v.session.hands), what=what),
            self.lang,
            enter_yes=False,
        )
        ask.deliver = lambda yes: undo() if yes else None
        self.app.push_screen(ask)

    def selected_hand(self) -> int | None:
        """0-based index of the hand under the log's cursor."""
        v = self.view
        log = self.query_one(HandLog)
        if v is None or not v.replay.hands:
            return None
        i = log.hand_at(log.cursor_row, before=True)
        if i is not None and 0 <= i < len(v.replay.hands):
            return i
        return len(v.replay.hands) - 1

    def action_edit(self) -> None:
        if self.refresh_if_stale():
            return
        i = self.selected_hand()
        if i is None or self.view is None or self.view.ended:
            return
        from .edit import HandEditScreen

        def done(events: Any) -> None:
            what = tr("edit_title", self.lang, n=i + 1)
            if events is not None and self.write(
                lambda: self.ledger.amend_hand(self.session_id, i + 1, list(events)),
                f"{what} · {tr('u_undoes', self.lang)}",
                i + 1,
            ):
                self.did((self.result, i + 1, what))
                v = self.view
                self.show_status(
                    f"✓ {tr('edit_title', self.lang, n=i + 1)} · "
                    f"{tr('totals', self.lang)}: {deltas_line(v.replay.totals, v.names)}"
                )

        editor = HandEditScreen(self.hand_context(i), i + 1)
        editor.deliver = done
        self.app.push_screen(editor)

    def on_data_table_row_selected(self, event: HandLog.RowSelected) -> None:
        """Enter (or a click) on a settled hand opens it for editing."""
        event.stop()
        if self.view is not None and self.query_one(HandLog).hand_at(event.cursor_row) is not None:
            self.action_edit()

    def edit_hand(self, index: int) -> None:
        """Open hand ``index`` (0-based) for editing (used by the review screen)."""
        log = self.query_one(HandLog)
        log.move_cursor(row=log.row_of(index))
        self.action_edit()

    def action_delete_hand(self) -> None:
        if self.refresh_if_stale():
            return
        i = self.selected_hand()
        if i is None or self.view is None or self.view.ended:
            return

        def done(yes: bool | None) -> None:
            what = f"{tr('act_delete', self.lang)} {i + 1}"
            if yes and self.write(
                lambda: self.ledger.delete_hand(self.session_id, i + 1),
                f"{what} · {tr('u_undoes', self.lang)}",
                i + 1,
            ):
                self.did((self.result, i + 1, what))

        ask = ConfirmDialog(tr("confirm_delete", self.lang, n=i + 1), self.lang, enter_yes=False)
        ask.deliver = done
        self.app.push_screen(ask)

    def action_substitute(self) -> None:
        """From the hand being played on, a seat is played by another person (替打)."""
        if self.refresh_if_stale():
            return
        v = self.view
        if v is None or v.ended:
            return
        from .dialogs.substitute import SubstituteDialog

        n = v.state.hand_number
        dialog = SubstituteDialog(self.ledger.hand_players(self.session_id, n), n, self.lang)

        def done(answer: Any) -> None:
            if answer is None:
                return
            seat, name = answer
            self.write(
                lambda: self.ledger.set_substitute(self.session_id, seat, name, n),
                tr("substitute_done", self.lang, seat=seat + 1, name=name, n=n),
            )

        dialog.deliver = done
        self.app.push_screen(dialog)

    def ask(self, question: str, then: Any) -> None:
        """A yes/no question where only ``y`` says yes (Enter and Esc say no)."""
        dialog = ConfirmDialog(question, self.lang, enter_yes=False)
        dialog.deliver = lambda yes: then() if yes else None
        self.app.push_screen(dialog)

    def action_end(self) -> None:
        self.ask(
            tr("confirm_end", self.lang),
            lambda: self.write(
                lambda: self.ledger.end_session(self.session_id), tr("act_end", self.lang)
            ),
        )

    def action_reopen(self) -> None:
        self.ask(
            tr("confirm_reopen", self.lang),
            lambda: self.write(
                lambda: self.ledger.reopen_session(self.session_id), tr("act_reopen", self.lang)
            ),
        )

    def action_help(self) -> None:
        from .help import HelpScreen

        if self.view is not None:
            self.app.push_screen(HelpScreen(self.view.variant, self.view.rules, self.lang, self))

    def action_reports(self) -> None:
        self.app.action_reports()

    def action_home(self) -> None:
        self.app.pop_screen()
