"""Keeping long-lived objects out of Python's cyclic garbage collections.

A full collection walks every tracked object, so once the app holds a lifetime screen's rows
or a long session it costs a tenth of a second and more, at moments nobody chose (while a
dialog is being built). Two moments freeze what is alive: the app once start-up's imports are
done and the home screen is up, and the table once a session is drawn. Leaving the table lets
the session's objects be collected again, and a second later what is still alive is frozen
again; closing the app releases everything (several apps in one process — the tests — must
not keep each other's objects for good).

Before that first freeze, start-up runs no collection at all (:func:`starting`): it creates
hundreds of thousands of objects (modules, classes, the home screen's widgets) that all stay
alive, so every collection it triggered walked them for nothing, about a tenth of start-up.
Collections resume when the start-up heap is frozen or the app closes, whichever comes first.
"""

from __future__ import annotations

import gc

# typing's own TYPE_CHECKING would import typing, which `mjscore calc` and `replay` (that use
# this module as they start) do not otherwise load
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_settled = False  # the app's start-up heap is frozen (until it closes)
_ends_at_once = False  # the process ends as soon as its command returns (tui/cli.py run())
_kept: list[tuple] = []  # what keep_until_exit was given


def ending_at_once() -> None:
    """The process ends as soon as its command returns, without the interpreter's teardown
    (tui/cli.py ``run()`` for ``calc`` and ``replay``): what the command makes goes with the
    process, so no collection runs from here on, and :func:`keep_until_exit` keeps what it
    is given."""
    global _ends_at_once
    _ends_at_once = True
    gc.disable()


def keep_until_exit(*objects: object) -> None:
    """What a command that ends the process at once has made (a replay's record and results:
    thousands of objects) stays alive until the process ends and goes with it, instead of
    being freed one at a time as the command returns (3% of a long replay's work). Called
    in-process (``main()`` without ``run()``, as the tests do), it keeps nothing."""
    if _ends_at_once:
        _kept.append(objects)


def starting() -> None:
    """Start-up begins: no collection until :func:`settle` or :func:`release`."""
    gc.disable()


def settle() -> None:
    """Collect what start-up left and freeze the rest (modules, classes, the app's widgets);
    collections run again from here on."""
    global _settled
    gc.collect()
    gc.freeze()
    _settled = True
    gc.enable()


def keep() -> None:
    """Freeze what is alive now (an open table's session, rows and widgets) without a pass."""
    gc.freeze()


def release_session(app: Any) -> None:
    """The table is being left: its objects may be collected again; once it is gone (a second
    later, if the app is still open and had settled) the rest is frozen again."""
    gc.unfreeze()
    if _settled:
        app.set_timer(1.0, lambda: _settled and settle())


def release() -> None:
    """Undo everything when the app closes."""
    global _settled
    _settled = False
    gc.unfreeze()
    gc.enable()
