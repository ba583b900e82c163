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


def test_start_up_runs_no_collection_until_the_heap_settles_or_the_app_closes():
    try:
        heap.starting()
        assert not gc.isenabled()
        heap.settle()  # the home screen is up and the screens imported
        assert gc.isenabled()
        heap.starting()
        heap.release()  # closed before settling: collections run again all the same
        assert gc.isenabled()
    finally:
        heap.release()


def test_the_command_line_turns_collections_off_before_the_app_starts():
    import subprocess
    import sys

    code = (
        "import gc; import mjscore.tui.app as app\n"
        "app.run_app = lambda *a, **k: print(gc.isenabled())\n"
        "from mjscore.tui.cli import main; main(['--db', ':memory:'])\n"
        "from mjscore.tui import heap; heap.settle(); print(gc.isenabled())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def test_the_app_collects_again_once_its_warm_up_is_done():
    import asyncio

    from mjscore.db.ledger import Ledger
    from mjscore.tui.app import make_app

    async def run() -> None:
        app = make_app(ledger=Ledger.memory(), lang="en")
        heap.starting()  # as a fresh process would be
        async with app.run_test(headless=True, size=(120, 36)) as pilot:
            app._start_background()
            for _ in range(200):
                await pilot.pause(0.05)
                if gc.isenabled():
                    break
            assert gc.isenabled()

    try:
        asyncio.run(run())
    finally:
        heap.release()
