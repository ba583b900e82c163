"""Fixtures every test folder shares; the builders behind them are in ``tests/builders.py``.

tests/ is a package (``tests/__init__.py``), so test modules import helpers as
``from tests.builders import ...`` and ``from tests.db import toy``, with no sys.path edits.
"""

from __future__ import annotations

import pytest

from tests.builders import Ran, mjscore, new_ledger


@pytest.fixture
def ledger():
    """A ledger in memory with the real rule sets (closed after the test)."""
    led = new_ledger()
    yield led
    led.close()


@pytest.fixture
def file_ledger(tmp_path):
    """A ledger in a real file (closed after the test)."""
    from mjscore.db import Ledger

    led = Ledger.open(tmp_path / "ledger.sqlite3")
    yield led
    led.close()


@pytest.fixture
def cli():
    """``cli(*argv, stdin=b"", env={})`` runs ``mjscore ARGV`` in-process and returns
    ``Ran(returncode, stdout, stderr)``."""

    def run(*argv: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> Ran:
        return mjscore(*argv, stdin=stdin, env=env)

    return run


@pytest.fixture(autouse=True)
def own_config(tmp_path_factory, monkeypatch):
    """Every test reads and writes its own settings file, never the user's."""
    monkeypatch.setenv("MJSCORE_CONFIG", str(tmp_path_factory.mktemp("config") / "config.json"))


@pytest.fixture
def steady_cursor(monkeypatch):
    """Text fields keep their cursor shown instead of blinking, so a snapshot does not depend on
    whether half a second passed before it was taken (the blink toggles every 0.5 s)."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
