"""docs/record.schema.json describes format 1 as the engine reads it: every example record in
tests/ and docs/ and an export of each rule set is valid; records the engine refuses for their
shape are refused by the schema too."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from jsonschema import Draft202012Validator
from mjscore.engine.errors import MjError
from mjscore.engine.record import load_session
from mjscore.engine.variants import get_variant

from tests.builders import RECORDS, ROOT, mjscore
from tests.test_docs import DOCS, fenced, named_records

SCHEMA = json.loads((DOCS / "record.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)
VARIANTS = ("nanning", "nanjing", "guobiao", "nanchang")


def schema_errors(record) -> list[str]:
    return [f"{e.json_path}: {e.message[:200]}" for e in VALIDATOR.iter_errors(record)]


def _docs_records() -> dict[str, dict]:
    """Every record a docs page shows: its named examples and its plain ``json`` blocks that
    are records (``bad-…`` names are examples of refused records)."""
    out = {}
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for name, body in named_records(text).items():
            out[f"{page.name}/{name}"] = json.loads(body)
        for info, body, line in fenced(text):
            if info == "json":
                obj = json.loads(body)
                if isinstance(obj, dict) and "variant" in obj:
                    out[f"{page.name}:{line}"] = obj
    return out


def _example_records() -> dict[str, dict]:
    files = sorted((ROOT / "tests").rglob("*.json"))
    out = {str(p.relative_to(ROOT)): json.loads(p.read_text(encoding="utf-8")) for p in files}
    out.update({f"tests/builders.py RECORDS[{v}]": r for v, r in RECORDS.items()})
    out.update(_docs_records())
    return out


EXAMPLES = _example_records()
GOOD = {k: v for k, v in EXAMPLES.items() if not k.rpartition("/")[2].startswith("bad-")}
BAD = {k: v for k, v in EXAMPLES.items() if k not in GOOD}


def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_examples_cover_every_rule_set_and_the_docs():
    assert {r["variant"] for r in GOOD.values()} == set(VARIANTS)
    assert any(k.startswith("record-format.md") for k in GOOD)
    assert len([k for k in GOOD if k.startswith("tests/engine/data/")]) >= 4


@pytest.mark.parametrize("name", sorted(GOOD))
def test_every_example_record_is_valid(name):
    record = GOOD[name]
    load_session(copy.deepcopy(record))  # the engine reads it
    assert schema_errors(record) == []


@pytest.mark.parametrize("name", sorted(BAD))
def test_refused_example_records_are_refused_by_both(name):
    with pytest.raises(MjError):
        load_session(copy.deepcopy(BAD[name]))
    assert schema_errors(BAD[name])


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_export_of_each_rule_set_is_valid(tmp_path, variant):
    src = tmp_path / "in.json"
    src.write_text(json.dumps(RECORDS[variant], ensure_ascii=False), encoding="utf-8")
    db = str(tmp_path / "l.sqlite3")
    assert mjscore("--db", db, "import", str(src)).returncode == 0
    r = mjscore("--db", db, "export", "1")
    assert r.returncode == 0, r.stderr
    exported = json.loads(r.stdout)
    assert exported["variant"] == variant and exported["hands"]
    assert schema_errors(exported) == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_schema_knows_each_rule_sets_options(variant):
    """The options the schema lists are the rule set's (from the engine's own option data)."""
    rules = get_variant(variant).rules({})
    names = {f.name for f in dataclasses.fields(rules)}
    (branch,) = [b for b in SCHEMA["allOf"] if b["if"]["properties"]["variant"]["const"] == variant]
    options = branch["then"]["properties"]["options"]["anyOf"][1]
    assert set(options["properties"]) == names


BASE = {
    "format": 1,
    "variant": "nanning",
    "players": ["A", "B", "C", "D"],
    "hands": [{"events": [{"type": "draw"}]}],
}


def _with(patch: dict | None = None, events: list | None = None, drop: str | None = None):
    rec = copy.deepcopy(BASE) | (patch or {})
    if events is not None:
        rec["hands"] = [{"events": events}]
    if drop:
        del rec[drop]
    return rec


INVALID = {
    "an unknown top-level field": _with({"notes": "x"}),
    "format 2": _with({"format": 2}),
    "an unknown rule set": _with({"variant": "riichi"}),
    "no players": _with(drop="players"),
    "three players": _with({"players": ["A", "B", "C"]}),
    "the same name twice": _with({"players": ["A", "B", "C", "A"]}),
    "a name with a leading space": _with({"players": [" A", "B", "C", "D"]}),
    "a name with a newline": _with({"players": ["A\nB", "B", "C", "D"]}),
    "a stake of zero": _with({"stake": 0}),
    "a stake of true": _with({"stake": True}),
    "a first dealer of 4": _with({"first_dealer": 4}),
    "another rule set's option": _with({"options": {"bixiahu_stack": True}}),
    "an option of the wrong type": _with({"options": {"horses": "two"}}),
    "an option out of range": _with({"options": {"horses": 9}}),
    "a hand with another field": _with({"hands": [{"events": [], "note": "x"}]}),
    "a seat of 4": _with(events=[{"type": "false_win", "player": 4}]),
    "an unknown event type": _with(events=[{"type": "chow", "player": 0}]),
    "an unknown event field": _with(events=[{"type": "draw", "who": 1}]),
    "null for an optional field": _with(
        events=[{"type": "pung", "player": 0, "from": 1, "tile": None}, {"type": "draw"}]
    ),
    "a concealed kong with a from": _with(
        events=[{"type": "kong", "player": 0, "kind": "concealed", "from": 1}, {"type": "draw"}]
    ),
    "an exposed kong without a from": _with(
        events=[{"type": "kong", "player": 0, "kind": "exposed"}, {"type": "draw"}]
    ),
    "a kong of an unknown kind": _with(
        events=[{"type": "kong", "player": 0, "kind": "big", "from": 1}, {"type": "draw"}]
    ),
    "two tiles where one is expected": _with(
        events=[{"type": "pung", "player": 0, "from": 1, "tile": "55p"}, {"type": "draw"}]
    ),
    "flowers with both tiles and a count": _with(
        {"variant": "nanjing"},
        events=[{"type": "flowers", "player": 0, "tiles": "ab", "count": 2}, {"type": "draw"}],
    ),
    "a win without from": _with(events=[{"type": "win", "player": 0, "hand": "11224455668899p"}]),
    "another rule set's flag": _with(
        events=[
            {"type": "win", "player": 0, "from": 1, "hand": "11224455668899p", "last_copy": True}
        ]
    ),
    "another rule set's pattern": _with(
        events=[{"type": "win", "player": 0, "from": 1, "patterns": ["half_flush"]}]
    ),
    "another rule set's declared field": _with(
        events=[{"type": "win", "player": 0, "from": 1, "fan": 8}]
    ),
    "a chain of five kongs": _with(
        events=[
            {"type": "win", "player": 0, "from": None, "hand": "11224455668899p", "kong_bloom": 5}
        ]
    ),
    "both a hand and a declared fan": _with(
        {"variant": "guobiao"},
        events=[{"type": "win", "player": 0, "from": 1, "hand": "11224455668899p", "fan": 24}],
    ),
    "jing counts for three seats": _with(
        {"variant": "nanchang"},
        events=[{"type": "jing_count", "counts": [[0, 0], [0, 0], [0, 0]]}, {"type": "draw"}],
    ),
}


@pytest.mark.parametrize("why", sorted(INVALID))
def test_invalid_records_are_refused_by_the_schema_and_the_engine(why):
    record = INVALID[why]
    with pytest.raises(MjError):
        load_session(copy.deepcopy(record))
    assert schema_errors(record), why


def test_the_base_of_the_invalid_records_is_valid():
    load_session(copy.deepcopy(BASE))
    assert schema_errors(BASE) == []
