"""A modal screen whose closing does not lay out the screen below it again.

When Textual removes a popped screen it asks the screen's parent (the app) for a layout
once the removal is done, and the app passes that on to the screen now shown: the table is
laid out and drawn again, twice (the removal's callback runs twice), although a modal
screen never changes the size or place of anything below it. The screen below is drawn
again anyway when it resumes (``ScreenResume`` repaints it), and a change made from the
dialog's result asks for its own layout if it needs one.

This is the one place that uses a private Textual method (``App._prune``, what
``Widget.remove`` calls with the widget's parent): Textual is pinned in pyproject.toml, and
tests/tui/test_quiet_modal.py fails if the method or its ``parent`` argument disappears."""

from __future__ import annotations

from typing import Any

from textual.screen import ModalScreen, ScreenResultType


class QuietModal(ModalScreen[ScreenResultType]):
    """A ModalScreen removed without a layout of the screen below (see the module's text)."""

    def remove(self) -> Any:
        # as Widget.remove, without the parent: nothing is laid out again once it is gone
        return self.app._prune(self, parent=None)
