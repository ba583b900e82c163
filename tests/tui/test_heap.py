"""The app's start-up freeze and the open table's freeze share one place (tui/heap.py):
leaving the table must not undo the start-up freeze for the rest of the night."""

import gc

from mjscore.tui import heap


class Timers:
    """Stands in for the app's set_timer: runs what was scheduled when asked."""

    def __init__(self) -> None:
        self.due: list = []

    def set_timer(self, _delay: float, callback) -> None:
        self.due.append(callback)

    def run_due(self) -> None:
        for callback in self.due:
            callback()
        self.due.clear()


def test_leaving_the_table_freezes_again_once_it_is_gone_and_closing_releases_all():
    app = Timers()
    try:
        heap.settle()  # start-up done
        heap.keep()  # a table drawn
        assert gc.get_freeze_count() > 0
        heap.release_session(app)  # the table is left
        assert gc.get_freeze_count() == 0  # its objects can be collected now
        app.run_due()  # a second later
        assert gc.get_freeze_count() > 0  # the start-up heap is frozen again
        heap.release()  # the app closes
        assert gc.get_freeze_count() == 0
        heap.release_session(app)  # a table left while closing schedules nothing
        app.run_due()
        assert gc.get_freeze_count() == 0
    finally:
        heap.release()


def test_a_table_left_before_start_up_settled_does_not_freeze_later():
    app = Timers()
    try:
        heap.keep()
        heap.release_session(app)
        app.run_due()
        assert gc.get_freeze_count() == 0
    finally:
        heap.release()
