"""``mjscore calc`` starts at once: the light 国标 path answers exactly as the variant does, and
the commands import only what they need.

The light path (``engine.variants.quick_calc``) must give the same JSON and text as
``Guobiao.calc`` under the default options for every string it answers, and decline (None)
whatever needs the checked path. Checked on seeded random hands and on mutations of them.
"""

from __future__ import annotations

import random
import subprocess
import sys

from mjscore.engine.errors import MjError
from mjscore.engine.tiles import ALL_TILES, format_tiles
from mjscore.engine.variants import get_variant, quick_calc

GB = get_variant("guobiao")
RULES = GB.rules({})


def _hand(rng: random.Random) -> str:
    melds, closed = [], []
    for _ in range(4):
        if rng.random() < 0.5:
            s, r = rng.choice("mps"), rng.randint(1, 7)
            ts = [f"{r + i}{s}" for i in range(3)]
        else:
            ts = [rng.choice(ALL_TILES)] * 3
        how = rng.random()
        if how < 0.2:
            melds.append(f"[{format_tiles(ts)},{rng.randint(1, 3)}]")
        elif how < 0.25 and ts[0] == ts[1]:
            melds.append(f"[{format_tiles([ts[0]] * 4)}{rng.choice(['', ',1', ',6'])}]")
        else:
            closed += ts
    closed += [rng.choice(ALL_TILES)] * 2
    rng.shuffle(closed)
    body = "".join(melds) + format_tiles(sorted(closed[:-1])) + closed[-1]
    r = rng.random()
    if r < 0.3:
        return body
    ctx = "".join(rng.choice("ESWN") for _ in range(2)) + "".join(
        rng.choice("0001") for _ in range(4)
    )
    if r < 0.7:
        return f"{body}|{ctx}"
    return f"{body}|{ctx}|{rng.choice(['', '3', 'ab', 'hgf', '9'])}"


def _mutate(rng: random.Random, s: str) -> str:
    i = rng.randrange(len(s))
    return s[:i] + rng.choice("123456789mpsESWNCFP[],|0a ") + s[i + 1 :]


def _agree(hand: str) -> bool:
    quick = quick_calc("guobiao", hand)
    try:
        res = GB.calc(hand, RULES)
    except MjError:
        assert quick is None, hand
        return False
    if quick is None:
        return False
    assert quick == (res.json, res.lines), hand
    return True


def test_light_path_answers_as_the_variant():
    rng = random.Random(1415)
    answered = 0
    for _ in range(3000):
        h = _hand(rng)
        answered += _agree(h)
        _agree(_mutate(rng, h))
    assert answered > 500
    for h in ("19m19p19sESWNCFPP|EE1000", "11223344556677m|EE0000|", "[555p,2]123456789m11s"):
        assert _agree(h), h


def test_light_path_is_only_for_plain_calls():
    assert quick_calc("nanning", "123m456m789p234s55s") is None  # no light path there
    assert quick_calc("guobiao", "19m19p19sESWNCFPP|EE0100") is None  # 和绝张 needs the checks
    assert quick_calc("guobiao", "19m19p19sESWNCFP") is None  # refused: the checked path words it


def test_each_command_module_registers_the_commands_the_command_line_lists():
    import argparse
    import importlib

    from mjscore.tui.cli import COMMAND_MODULES

    for name, commands in COMMAND_MODULES.items():
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(f"mjscore.tui.commands.{name}").register(sub)
        assert tuple(sub.choices) == commands, name


def _modules_after(argv: list[str]) -> set[str]:
    code = (
        "import contextlib, io, sys\n"
        "from mjscore.tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({argv!r}) == 0\n"
        "print(' '.join(sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_calc_imports_only_what_it_needs(tmp_path):
    heavy = {"textual", "rich", "sqlite_utils", "platformdirs", "sqlite3", "mjscore.db"}
    loaded = _modules_after(["calc", "guobiao", "19m19p19sESWNCFPP|EE1000"])
    # the plain 国标 calc: neither the records and settlement types nor dataclasses
    assert not loaded & (heavy | {"mjscore.engine.events", "mjscore.engine.results"})
    assert "dataclasses" not in loaded and "MahjongGB" in loaded
    assert "typing" not in loaded  # (the engine's errors name typing's Any in annotations only)
    # every other calc and replay: the engine, but still no UI and no ledger
    record = tmp_path / "r.json"
    record.write_text(
        '{"variant": "nanning", "players": ["a", "b", "c", "d"], "hands": [{"events": '
        '[{"type": "win", "player": 0, "from": 1, "hand": "123m456m789p234s55s"}]}]}',
        encoding="utf-8",
    )
    for argv in (
        ["calc", "nanning", "123m456m789p234s55s|SS0000"],
        ["calc", "guobiao", "19m19p19sESWNCFPP|EE1000", "--json", "--option", "min_fan=10"],
        ["replay", str(record), "--json"],
    ):
        assert not _modules_after(argv) & heavy, argv


def test_the_calc_process_loads_no_typing_as_it_starts_and_ends():
    # the whole command as a user runs it (run(), which ends the process at once), not main()
    out = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "mjscore",
            "calc",
            "guobiao",
            "19m19p19sESWNCFPP|EE1000",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = {line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines() if "|" in line}
    assert "MahjongGB" in loaded and "mjscore.tui.heap" in loaded
    assert "typing" not in loaded
