from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toy  # noqa: E402
from mjscore.db import Ledger  # noqa: E402

PLAYERS = ["阿明", "小芳", "[bold]老王[/bold]", "Lee 🀄"]


@pytest.fixture
def toy_variant(monkeypatch):
    """Every variant id resolves to the deterministic toy variant (tests/db/toy.py)."""
    import mjscore.engine.variants

    monkeypatch.setattr(mjscore.engine.variants, "get_variant", toy.lookup)
    return toy.TOY


@pytest.fixture
def ledger(toy_variant):
    led = Ledger.memory()
    yield led
    led.close()


@pytest.fixture
def file_ledger(toy_variant, tmp_path):
    led = Ledger.open(tmp_path / "ledger.sqlite3")
    yield led
    led.close()


@pytest.fixture
def session(ledger):
    return ledger.create_session("guobiao", PLAYERS, {}, "0.5", 0, "notes <i>")
