"""The table screen's corrections beyond the last event: redo what `u` undid, insert a
forgotten hand, and the end of a game (一局) with its subtotal. A mixin of
:class:`.table.TableScreen` (its ledger, view, hand log and ``write``)."""

from __future__ import annotations

from typing import Any

from ..i18n import tr
from ..widgets.describe import deltas_line
from ..widgets.table import HandLog
from .dialogs import HandContext


class TableCorrections:
    """Undo/redo bookkeeping, inserting a hand, and the game shown as it ends."""

    done: list[tuple[int, int, str] | None]
    undone: list[tuple[int, int, str]]
    result: Any
    view: Any
    lang: str
    session_id: int

    def did(self, change: tuple[int, int, str] | None) -> None:
        """Something new was done here (a change's audit entry, or None for an entered
        event): it is what `u` undoes next, and nothing undone before can be redone."""
        self.done.append(change)
        self.undone.clear()

    def undoable(self) -> tuple[int, int, str] | None:
        """The correction `u` would undo (the newest change made here), or None when `u`
        removes the last event of the ledger's last hand."""
        return self.done[-1] if self.done else None

    def action_redo(self) -> None:
        """Do again what `u` undid last (the ledger reverts that undo)."""
        if self.refresh_if_stale():
            return
        if self.view is None or self.view.ended:
            return
        if not self.undone:
            self.app.bell()
            self.show_status(tr("nothing_to_redo", self.lang))
            return
        aid, number, what = self.undone.pop()
        if self.write(
            lambda: self.ledger.undo_change(aid),
            f"{tr('redone', self.lang)}: {what} · {tr('u_undoes', self.lang)}",
            number,
        ):
            self.done.append((self.result, number, what))

    def action_insert_hand(self) -> None:
        """Insert a forgotten hand before the highlighted one: it is played in the state
        that hand was played in; every later hand is re-settled (the deal moves on)."""
        if self.refresh_if_stale():
            return
        i = self.selected_hand()
        v = self.view
        if i is None or v is None or v.ended:
            return
        from .edit import HandEditScreen

        number = i + 1
        ctx = self.hand_context(i)
        ctx = HandContext(ctx.variant, ctx.rules, ctx.state, (), ctx.names, ctx.lang)

        def done(events: Any) -> None:
            what = tr("inserted", self.lang, n=number)
            if events is not None and self.write(
                lambda: self.ledger.insert_hand(self.session_id, number, list(events)),
                f"{what} · {tr('u_undoes', self.lang)}",
                number,
            ):
                self.did((self.result, number, what))
                log = self.query_one(HandLog)  # the new hand stays under the cursor
                log.call_after_refresh(lambda: log.move_cursor(row=log.row_of(i)))

        editor = HandEditScreen(ctx, number, title=tr("insert_title", self.lang, n=number))
        editor.deliver = done
        self.app.push_screen(editor)

    def game_of(self, state: Any) -> int | None:
        """The game (一局) a hand played in ``state`` belongs to, as the variant declares it
        (``None``: the rule set has no games)."""
        v = self.view
        assert v is not None
        return v.variant.data.status(state, v.rules, ()).game

    def game_over(self, game: int) -> None:
        """A game has just ended (its last wind round complete): say so with its totals."""
        v = self.view
        assert v is not None
        sub = self.query_one(HandLog).game_totals(game)
        if sub is None:
            return
        # on the history's heading line, as every note of the table (a toast would cover
        # the newest rows); the session's totals are the log's last row
        self.game_note = f"{tr('game_over', self.lang, n=game)} {deltas_line(sub, v.names)}"
        self.show_status("")
