"""No pattern or flag name or id (Chinese or English, from every variant's declared data)
appears in the TUI's source except in whole-line comments: the TUI renders the engine's
declared data and holds no rule words of its own (docstrings, examples and key maps count)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import mjscore.tui
from mjscore.engine.record import VARIANTS
from mjscore.engine.variants import get_variant

TUI = Path(mjscore.tui.__file__).parent


def rule_words() -> tuple[set[str], set[str]]:
    """(ids, names) of every declared pattern and flag of every variant."""
    ids: set[str] = set()
    names: set[str] = set()
    for vid in VARIANTS:
        data = get_variant(vid).data
        for item in (*data.patterns, *data.flags):
            ids.add(item.id)
            for name in (item.zh, item.en):
                names.update(n.strip() for n in name.split("/") if n.strip())
    return ids, names


def string_literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string literal (docstrings and f-string parts included)."""
    out = []
    toks = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for tok in toks:
        if tok.type == tokenize.STRING:
            out.append((tok.start[0], tok.string))
        elif tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):  # Python 3.12+
            out.append((tok.start[0], tok.string))
    return out


def names_in_code(path: Path) -> list[tuple[int, str]]:
    """(line, name) of every identifier outside strings and comments."""
    toks = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [(t.start[0], t.string) for t in toks if t.type == tokenize.NAME]


def test_the_declared_words_are_found_by_this_test():
    ids, names = rule_words()
    assert {"all_pungs", "kong_bloom", "clean_sweep", "gb_all_green"} <= ids
    assert {"碰碰胡", "杠上花", "德中德", "全求人", "all pungs", "All Green"} <= names


def test_no_pattern_or_flag_word_in_the_tui():
    ids, names = rule_words()
    id_re = re.compile(
        r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, sorted(ids))) + r")(?![A-Za-z0-9_])"
    )
    found = []
    for path in sorted(TUI.rglob("*.py")):
        rel = path.relative_to(TUI)
        for line, text in string_literals(path):
            for m in id_re.finditer(text):
                found.append(f"{rel}:{line}: id {m.group(1)!r}")
            found += [f"{rel}:{line}: name {n!r}" for n in sorted(names) if n in text]
        # a hotkey map or a table keyed by an id names it as an identifier too
        found += [f"{rel}:{line}: identifier {n!r}" for line, n in names_in_code(path) if n in ids]
    assert not found, (
        "rule words in tui/ (they belong in the variant's declared data):\n" + "\n".join(found)
    )
