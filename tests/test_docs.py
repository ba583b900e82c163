"""The documentation tells the truth: every worked example in docs/*.md is run.

A fenced block whose info string is ``console`` holds commands (lines starting with
``$ mjscore``) each followed by its exact output. A fenced ``json`` block whose info string names
a file (```` ```json nanning-evening.json ````) is a record the commands of the same page can
read by that name. Every such record is also valid against docs/record.schema.json
(tests/test_record_schema.py).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.builders import mjscore

DOCS = Path(__file__).resolve().parents[1] / "docs"
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```\s*$", re.M | re.S)


def fenced(text: str) -> list[tuple[str, str, int]]:
    """(info string, body, line number) of every fenced block."""
    return [
        (m.group(1).strip(), m.group(2), text.count("\n", 0, m.start()) + 1)
        for m in FENCE.finditer(text)
    ]


def named_records(text: str) -> dict[str, str]:
    """The ``json NAME`` blocks of a page: file name -> the record's text."""
    out = {}
    for info, body, _ in fenced(text):
        words = info.split()
        if len(words) == 2 and words[0] == "json" and words[1].endswith(".json"):
            out[words[1]] = body
    return out


def examples(text: str) -> list[tuple[int, str, str]]:
    """(line, command, expected output) of every command in the page's console blocks."""
    out = []
    for info, body, line in fenced(text):
        if info != "console":
            continue
        cmd, expected, at = None, [], line
        for i, row in enumerate(body.splitlines()):
            if row.startswith("$ "):
                if cmd is not None:
                    out.append((at, cmd, "\n".join(expected)))
                cmd, expected, at = row[2:], [], line + 1 + i
            else:
                expected.append(row)
        if cmd is not None:
            out.append((at, cmd, "\n".join(expected)))
    return out


def run_example(cmd: str, records: dict[str, str], where: Path):
    """Run one documented command in ``where`` (holding the page's records); the text a
    terminal would show (standard output, then standard error) and the exit status."""
    argv = shlex.split(cmd)
    assert argv[0] == "mjscore", cmd
    for name, body in records.items():
        (where / name).write_text(body, encoding="utf-8")
    argv = [str(where / a) if a in records else a for a in argv[1:]]
    r = mjscore(*argv)
    shown = (r.stdout + r.stderr).rstrip("\n")
    return r.returncode, "\n".join(line.rstrip() for line in shown.splitlines())


PAGES = sorted(DOCS.glob("*.md"))
CASES = [
    pytest.param(page, line, cmd, expected, id=f"{page.name}:{line}")
    for page in PAGES
    for line, cmd, expected in examples(page.read_text(encoding="utf-8"))
]


def test_every_rule_set_has_a_page_with_examples():
    pages = {c.values[0].stem for c in CASES}
    assert {"nanning", "nanjing", "guobiao", "nanchang", "record-format"} <= pages


@pytest.mark.parametrize(("page", "line", "cmd", "expected"), CASES)
def test_documented_command_prints_what_the_page_says(tmp_path, page, line, cmd, expected):
    records = named_records(page.read_text(encoding="utf-8"))
    code, shown = run_example(cmd, records, tmp_path)
    want = "\n".join(row.rstrip() for row in expected.splitlines())
    assert shown == want, f"{page.name} line {line}: {cmd}"
    # an example of an error shows the one-line message; every other example succeeds
    assert code == (2 if want.startswith("mjscore: ") else 0), shown


def test_the_docs_link_only_inside_the_repository():
    root = DOCS.parent
    for page in [*PAGES, root / "README.md"]:
        text = page.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/" not in text, page.name
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if re.match(r"[a-z]+://", target):
                continue
            assert (page.parent / target).exists(), f"{page.name} links to missing {target}"
