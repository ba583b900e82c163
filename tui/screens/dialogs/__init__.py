"""Modal dialogs that produce one event: kong, pung, flowers, penalty, jing, jing counts,
false win, draw, and the win dialog with its live payment preview; and the yes/no question.

Each dialog is given a :class:`HandContext` (variant, rules, the state the hand is played
in, the events so far, the player names) and dismisses with an :class:`engine.record.Event`
or ``None``. Nothing here writes to the ledger; the table screen does that.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import EventDialog
from .confirm import ConfirmDialog
from .context import HandContext, InvalidField
from .ending import DrawDialog, FalseWinDialog
from .jing import JingCountDialog, JingDialog
from .melds import FlowersDialog, KongDialog, PungDialog
from .penalty import PenaltyDialog
from .win import WinDialog

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

__all__ = [
    "DIALOGS",
    "ConfirmDialog",
    "DrawDialog",
    "EventDialog",
    "FalseWinDialog",
    "FlowersDialog",
    "HandContext",
    "InvalidField",
    "JingCountDialog",
    "JingDialog",
    "KongDialog",
    "PenaltyDialog",
    "PungDialog",
    "WinDialog",
]
