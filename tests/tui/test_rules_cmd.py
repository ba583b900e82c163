"""``mjscore rules VARIANT [--lang]`` prints the scoring table, the house rules and the
situation flags from the variant's declared data (the same the app's help screen shows)."""

from __future__ import annotations

import dataclasses

import pytest
from mjscore.engine.declare import Pattern
from mjscore.engine.record import VARIANTS
from mjscore.engine.variants import get_variant


@pytest.mark.parametrize("variant_id", VARIANTS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rules_prints_the_declared_table_options_and_flags(cli, variant_id, lang):
    v = get_variant(variant_id)
    ran = cli("rules", variant_id, "--lang", lang)
    assert ran.returncode == 0 and ran.stderr == ""
    out = ran.stdout
    assert out.startswith(v.data.name.name(lang))
    assert v.data.scoring.formula_in(lang) in out
    lines = out.splitlines()
    for r in v.data.scoring_rows:
        assert any(
            line.startswith(r.name(lang)) and line.endswith(r.worth(lang)) for line in lines
        ), r
    for spec in v.option_specs():
        desc = spec.zh if lang == "zh" else spec.en
        assert any(line.startswith(spec.name) and desc in line for line in lines), spec.name
    for f in v.data.flags:
        assert any(line.startswith(f.id) and f.name(lang) in line for line in lines), f.id
        if f.option:
            spec = next(s for s in v.option_specs() if s.name == f.option)
            assert spec.label(lang) in next(line for line in lines if line.startswith(f.id))


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_rules_in_chinese_has_no_english_words(cli, variant_id):
    """Every word Chinese: the formula, the worths, option values and choices. What stays
    ASCII is notation: the ids the command line takes (first column, ``--option id=…``),
    tile and formula letters, PyMahjongGB's name."""
    import re

    out = cli("rules", variant_id, "--lang", "zh").stdout
    v = get_variant(variant_id)
    ids = {s.name for s in v.option_specs()} | {f.id for f in v.data.flags}
    ids |= {d.id for d in v.data.declared} | {c for s in v.option_specs() for c in s.choices or ()}
    for line in out.splitlines()[1:]:
        words = set(re.findall(r"[A-Za-z][A-Za-z_]+", line)) - ids - {"PyMahjongGB", "max", "min"}
        assert not words, line


def test_rules_language_before_the_command_and_the_default(cli):
    assert cli("--lang", "en", "rules", "nanning").stdout.startswith("南宁 Nanning · Scoring table")
    zh = cli("rules", "nanning", env={"LANG": "zh_CN.UTF-8", "LC_ALL": ""}).stdout
    assert zh.startswith("南宁 · 计分表")


def test_rules_shows_a_pattern_added_to_the_data(cli, monkeypatch):
    v = get_variant("nanjing")
    new = Pattern(id="test_windfall", zh="测试大胡", en="test windfall", value=70)
    monkeypatch.setattr(
        type(v), "data", dataclasses.replace(v.data, patterns=(*v.data.patterns, new))
    )
    out = cli("rules", "nanjing", "--lang", "en").stdout
    assert any(
        line.startswith("测试大胡 test windfall") and line.endswith("70")
        for line in out.splitlines()
    )


def test_rules_refuses_an_unknown_rule_set(cli):
    ran = cli("rules", "tokyo")
    assert ran.returncode == 2 and "invalid choice" in ran.stderr and ran.stdout == ""
