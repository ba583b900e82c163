"""Start-up imports only what the home screen shows: not the rule sets, not the table, not
the subcommands' parsers; and the screens never import the app or the command line back.

Each check is a fresh process (``sys.modules`` of this one holds whatever other tests
imported), which opens the app the way ``mjscore`` does and exits once the home screen is up.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.builders import session

ROOT = Path(__file__).resolve().parents[2]

HOME = """
import sys
from mjscore.tui.cli import read_command_line
args = read_command_line(["--db", sys.argv[1]])  # as `mjscore --db FILE` reads it
from mjscore.tui.app import make_app
async def auto(pilot):
    while type(pilot.app.screen).__name__ != "HomeScreen":
        await pilot.pause()
    await pilot.pause()
    loaded = sorted(m for m in sys.modules if m.startswith("mjscore."))
    pilot.app.exit()
    print(" ".join(loaded))
app = make_app(db_path=args.db, lang="en")
app.run(headless=True, size=(80, 24), auto_pilot=auto)
app.ledger.close()
"""

# what the home screen never needs: the settlement, the records' event types, the rule
# sets, the screens behind it and their describing helpers, the subcommands
HEAVY = (
    "mjscore.engine.core",
    "mjscore.engine.entry",
    "mjscore.engine.events",
    "mjscore.engine.record",
    "mjscore.engine.results",
    "mjscore.engine.rules",
    "mjscore.engine.variant",
    "mjscore.engine.variants",
    "mjscore.engine.checks",
    "mjscore.tui.screens.base",
    "mjscore.tui.screens.table",
    "mjscore.tui.widgets.describe",
)


def _loaded_at_home(db: Path) -> set[str]:
    r = subprocess.run(
        [sys.executable, "-c", HOME, str(db)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return set(r.stdout.split())


@pytest.mark.parametrize("sessions", [0, 2])
def test_home_screen_imports_no_rule_set(tmp_path, sessions):
    from mjscore.db.ledger import Ledger

    db = tmp_path / "ledger.sqlite3"
    with Ledger.open(str(db)) as led:
        for _ in range(sessions):
            sid = session(led, "nanning")
            led.add_event(sid, {"type": "win", "player": 3, "from": 0, "patterns": ["all_pungs"]})
    loaded = _loaded_at_home(db)
    assert "mjscore.tui.screens.home" in loaded  # the script did reach the home screen
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))
    assert not any(m.startswith("mjscore.tui.commands") for m in loaded), sorted(loaded)
    # the rule sets' names come from their own small table: listing sessions loads neither
    # the declared data nor the tile reader
    assert not loaded & {"mjscore.engine.declare", "mjscore.engine.tiles"}, sorted(loaded)


def test_a_subcommand_still_reads_its_own_options(capsys):
    from mjscore.tui.cli import read_command_line

    args = read_command_line(["--lang", "zh", "rules", "nanning"])
    assert args.command == "rules" and args.lang == "zh" and callable(args.func)
    args = read_command_line(["--lang", "zh"])
    assert args.command is None and args.lang == "zh"
    with pytest.raises(SystemExit) as e:
        read_command_line(["--bogus"])
    assert e.value.code == 2 and "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_help_still_lists_every_subcommand(capsys):
    from mjscore.tui.cli import COMMAND_MODULES, read_command_line

    with pytest.raises(SystemExit):
        read_command_line(["--help"])
    out = capsys.readouterr().out
    assert all(c in out for commands in COMMAND_MODULES.values() for c in commands)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it, as absolute names."""
    package = ".".join(("mjscore", *path.relative_to(ROOT).parent.parts))
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            mod = ".".join(p for p in (base, node.module or "") if p)
            names.add(mod)
            names.update(f"{mod}.{a.name}" for a in node.names)
    return names


def test_screens_never_import_the_app_or_the_command_line():
    screens = sorted((ROOT / "tui" / "screens").rglob("*.py"))
    assert screens
    for path in screens:
        back = {m for m in _imports(path) if m in ("mjscore.tui.app", "mjscore.tui.cli")}
        assert not back, (path.relative_to(ROOT), back)
