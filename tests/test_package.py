"""What a user installs: one top-level package, ``mjscore``, with everything under it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd)


def test_only_mjscore_is_importable(tmp_path):
    for name in ("engine", "db", "tui"):
        r = _run(f"import {name}", tmp_path)
        assert r.returncode != 0 and "No module named" in r.stderr, name
    r = _run("import mjscore.engine, mjscore.db, mjscore.tui.cli; print('ok')", tmp_path)
    assert r.stdout.strip() == "ok", r.stderr


def test_python_dash_m_and_version(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "mjscore", "--help"], capture_output=True, text=True, cwd=tmp_path
    )
    assert r.returncode == 0 and "usage: mjscore" in r.stdout
    r = subprocess.run(
        [sys.executable, "-m", "mjscore", "--version"], capture_output=True, text=True, cwd=tmp_path
    )
    from importlib.metadata import version

    assert r.returncode == 0 and r.stdout.strip() == f"mjscore {version('mjscore')}"


def test_version_metadata_is_not_read_at_startup(tmp_path):
    code = "import sys; from mjscore.tui.cli import build_parser; build_parser(); print('importlib.metadata' in sys.modules)"
    assert _run(code, tmp_path).stdout.strip() == "False"


def test_the_whole_command_line_is_built_without_the_engine(tmp_path):
    """`mjscore --help` builds every command's parser: the rule sets' ids come from a module
    of their own, not from the engine's records."""
    code = (
        "import sys; from mjscore.tui.cli import build_parser; build_parser(); "
        "print(sorted(m for m in sys.modules if m.startswith('mjscore.engine.')))"
    )
    loaded = _run(code, tmp_path).stdout.strip()
    assert loaded == "['mjscore.engine.errors', 'mjscore.engine.variant_ids']", loaded


def _tracked_tree(dest: Path) -> None:
    """A fresh copy of the project: the files git tracks (or, outside git, the tree without
    build products), plus a stale ``build/`` that must not leak into the wheel."""
    r = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if r.returncode == 0 and r.stdout:
        names = [n for n in r.stdout.decode().split("\0") if n]
    else:  # pragma: no cover - a source archive without .git
        skip = {".venv", ".git", "build", "__pycache__", ".pytest_cache", ".hypothesis"}
        names = [
            str(p.relative_to(ROOT))
            for p in ROOT.rglob("*")
            if p.is_file() and not skip & set(p.relative_to(ROOT).parts)
        ]
    for n in names:
        if (ROOT / n).is_file():
            (dest / n).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / n, dest / n)


def test_wheel_holds_only_mjscore(tmp_path):
    src = tmp_path / "src"
    _tracked_tree(src)
    out = tmp_path / "wheel"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(out),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    (wheel,) = out.glob("mjscore-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"mjscore"}
    # every source module of the three rooms is in the wheel (no subpackage forgotten)
    for room in ("engine", "db", "tui"):
        for py in (ROOT / room).rglob("*.py"):
            if "__pycache__" not in py.parts:
                assert f"mjscore/{py.relative_to(ROOT).as_posix()}" in names, py
    assert "mjscore/__main__.py" in names and "mjscore/__init__.py" not in names
    assert "mjscore/tui/app.tcss" in names and "mjscore/tui/data/demo.json" in names
