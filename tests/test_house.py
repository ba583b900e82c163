"""The shape of the house: no import circles, no oversized files, the layers, SQL only in db/.

Everything here reads the source with ``ast`` (nothing is imported), so an import written
anywhere counts: at the top, inside a function (a lazy import), under ``if TYPE_CHECKING:``,
relative (``from .x import y``), ``from pkg import module``, and ``importlib.import_module``
with a literal name (or an f-string naming modules of one package).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# the repository's folders and the names they install as (pyproject ``package-dir``)
PACKAGES = {"engine": "mjscore.engine", "db": "mjscore.db", "tui": "mjscore.tui"}
MAX_LINES = 600


def source_files(root: Path = ROOT, packages: dict[str, str] = PACKAGES) -> dict[str, Path]:
    """Every installed module name -> its file, for the packages' folders under ``root``."""
    mods: dict[str, Path] = {}
    for folder, name in packages.items():
        for path in sorted((root / folder).rglob("*.py")):
            parts = list(path.relative_to(root / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            mods[".".join([name, *parts])] = path
    return mods


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _target(name: str, known: dict[str, Path]) -> str | None:
    """The known module ``name`` stands for: itself, or the nearest known package above it
    (``import mjscore.engine.core.Thing`` is no module; its nearest module counts)."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The known modules that ``module`` (the file ``path``) imports, anywhere in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if _is_package(path) else module.rpartition(".")[0]
    found: set[str] = set()

    def add(name: str) -> None:
        t = _target(name, known)
        if t is not None and t != module:
            found.add(t)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                if node.level > 1:
                    base_parts = base_parts[: -(node.level - 1)]
                base = ".".join(base_parts)
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                add(sub if sub in known else base)
        elif isinstance(node, ast.Call) and _is_import_module(node.func) and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                add(arg.value)
            elif isinstance(arg, ast.JoinedStr) and arg.values:
                head = arg.values[0]
                if isinstance(head, ast.Constant) and str(head.value).endswith("."):
                    prefix = str(head.value)
                    for name in known:  # every module of the package it names
                        if name.startswith(prefix) and "." not in name[len(prefix) :]:
                            add(name)
    return found


def _is_import_module(func: ast.expr) -> bool:
    return (isinstance(func, ast.Attribute) and func.attr == "import_module") or (
        isinstance(func, ast.Name) and func.id == "import_module"
    )


def import_graph(known: dict[str, Path]) -> dict[str, set[str]]:
    return {m: imports_of(m, p, known) for m, p in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def _describe(comps: Iterable[list[str]], graph: dict[str, set[str]]) -> str:
    lines = []
    for comp in comps:
        edges = [f"{a} -> {b}" for a in comp for b in sorted(graph[a]) if b in comp]
        lines.append(" | ".join(edges))
    return "\n".join(lines)


# --- the finder itself, on a small made-up tree ---------------------------------------------


def _write(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return source_files(root, {"pkg": "top.pkg"})


@pytest.mark.parametrize(
    "a_text",
    [
        pytest.param("def f():\n    from top.pkg.b import g\n", id="lazy import in a function"),
        pytest.param(
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from top.pkg import b\n",
            id="under TYPE_CHECKING, from pkg import module",
        ),
        pytest.param("from .b import g\n", id="relative"),
        pytest.param("from . import b\n", id="relative module"),
        pytest.param("import top.pkg.b.g\n", id="dotted name below a module"),
        pytest.param(
            "import importlib\ndef f():\n    importlib.import_module('top.pkg.b')\n",
            id="importlib.import_module",
        ),
    ],
)
def test_the_finder_sees_every_kind_of_import(tmp_path, a_text):
    known = _write(
        tmp_path, {"pkg/__init__.py": "", "pkg/a.py": a_text, "pkg/b.py": "import top.pkg.a\n"}
    )
    assert circles(import_graph(known)) == [["top.pkg.a", "top.pkg.b"]]


def test_the_finder_resolves_parent_relative_imports_and_packages(tmp_path):
    known = _write(
        tmp_path,
        {
            "pkg/__init__.py": "from .sub import x\n",
            "pkg/sub/__init__.py": "from ..c import y\n",
            "pkg/c.py": "def f():\n    from top.pkg import z\n",
        },
    )
    assert circles(import_graph(known)) == [["top.pkg", "top.pkg.c", "top.pkg.sub"]]


def test_the_finder_finds_no_circle_in_a_layered_tree(tmp_path):
    known = _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/low.py": "import os\n",
            "pkg/mid.py": "from .low import x\n",
            "pkg/high.py": "from top.pkg import mid, low\n",
        },
    )
    assert circles(import_graph(known)) == []


# --- the house ------------------------------------------------------------------------------


def test_no_import_circles():
    graph = import_graph(source_files())
    found = circles(graph)
    assert not found, "import circles:\n" + _describe(found, graph)


def test_no_source_file_over_the_limit():
    too_long = {}
    for path in source_files().values():
        with path.open(encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > MAX_LINES:
            too_long[str(path.relative_to(ROOT))] = n
    assert not too_long, f"over {MAX_LINES} lines: {too_long}"


def test_layers_import_only_downwards():
    """engine/ imports nothing from db/ or tui/; db/ nothing from tui/ (lazy imports count)."""
    below = {
        "mjscore.engine": ("mjscore.db", "mjscore.tui"),
        "mjscore.db": ("mjscore.tui",),
    }
    graph = import_graph(source_files())
    wrong = [
        f"{m} -> {t}"
        for m, targets in graph.items()
        for layer, banned in below.items()
        if m == layer or m.startswith(layer + ".")
        for t in targets
        if any(t == b or t.startswith(b + ".") for b in banned)
    ]
    assert not wrong, wrong


def test_no_import_of_the_bare_folder_names():
    """Installed, the folders are mjscore.engine, mjscore.db, mjscore.tui: ``import engine``
    would only work from a checkout."""
    wrong = []
    for module, path in source_files().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module]
            wrong += [f"{module}: {n}" for n in names if n.split(".")[0] in PACKAGES]
    assert not wrong, wrong


# SQL as db/ writes it (upper-case keywords), or lower-case that no English sentence starts with
SQL = re.compile(
    r"^\s*("
    r"SELECT\s.+\sFROM\s|INSERT\s+(OR\s+\w+\s+)?INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s"
    r"|CREATE\s+(TEMP\s+)?(TABLE|VIEW|INDEX|TRIGGER)\s|DROP\s+(TABLE|VIEW|INDEX|TRIGGER)\s"
    r"|ALTER\s+TABLE\s|PRAGMA\s+\w+|WITH\s+\w+\s+AS\s*\("
    r"|(?i:select\s+(\*|count\(|distinct\s|[\w.]+\s*,)|insert\s+into\s+\w+\s*\(|pragma\s+\w+\s*[=(;]?$)"
    r")",
    re.S,
)
EXECUTE = {"execute", "executemany", "executescript"}
# sqlite-utils' table and database calls (names no Textual or stdlib API shares)
SQLITE_UTILS = {"rows_where", "insert_all", "upsert_all", "create_view", "create_table"}


def sql_uses(path: Path) -> list[str]:
    """SQL in a file: SQL text in a string literal, a cursor ``execute*`` call, the ledger's
    connection (``.conn``), or an import of sqlite3 / sqlite_utils."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if SQL.search(node.value):
                found.append(f"{line}: SQL text {node.value[:40]!r}")
        elif isinstance(node, ast.Attribute) and node.attr == "conn":
            found.append(f"{line}: .conn")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in EXECUTE | SQLITE_UTILS:
                found.append(f"{line}: .{node.func.attr}()")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            found += [f"{line}: import {n}" for n in names if n and n.split(".")[0] in SQL_LIBS]
    return found


SQL_LIBS = {"sqlite3", "sqlite_utils"}


def test_the_sql_finder_sees_sql(tmp_path):
    p = tmp_path / "x.py"
    p.write_text(
        "import sqlite3\n"
        "def f(led):\n"
        "    led.conn.execute('SELECT total FROM hands WHERE id = ?', (1,))\n"
        "    q = '''\n  insert into players (name) values (?)'''\n"
        "    screen.query('#flags')\n"
        "    rows = list(led.store['hands'].rows_where('session = ?', [1]))\n"
        "    print('select the winner from the list')\n",
        encoding="utf-8",
    )
    assert sorted(u.split(":")[0] for u in sql_uses(p)) == ["1", "3", "3", "3", "4", "7"]


def test_no_sql_outside_db():
    found = {
        str(path.relative_to(ROOT)): uses
        for module, path in source_files().items()
        if not module.startswith("mjscore.db")
        for uses in [sql_uses(path)]
        if uses
    }
    assert not found, found
