"""The db tests' ledgers run on the deterministic toy rule set (tests/db/toy.py)."""

from __future__ import annotations

import pytest

from tests.builders import MARKUP_NAMES as PLAYERS
from tests.db import toy


@pytest.fixture
def toy_variant(monkeypatch):
    """Every variant id resolves to the deterministic toy variant (tests/db/toy.py)."""
    import mjscore.engine.variants

    monkeypatch.setattr(mjscore.engine.variants, "get_variant", toy.lookup)
    return toy.TOY


@pytest.fixture
def ledger(toy_variant, ledger):
    """The shared in-memory ledger, on the toy rule set."""
    return ledger


@pytest.fixture
def file_ledger(toy_variant, file_ledger):
    """The shared file ledger, on the toy rule set."""
    return file_ledger


@pytest.fixture
def session(ledger):
    return ledger.create_session("guobiao", PLAYERS, {}, "0.5", 0, "notes <i>")
