"""The shared replay path's fast readers give exactly what the checked ones give: the same
value for ordinary input, the same refusal (message and place) for anything else."""

from __future__ import annotations

import json

import pytest
from mjscore.engine import jsonin
from mjscore.engine.errors import MjError
from mjscore.engine.jsonin import MAX_DEPTH, MAX_INT_DIGITS, strict_loads


def _checked_loads(text):
    """strict_loads with its fast path turned off."""
    saved = jsonin._plain_loads
    jsonin._plain_loads = lambda text: jsonin._NOT_PLAIN
    try:
        return _outcome(strict_loads, text)
    finally:
        jsonin._plain_loads = saved


def _outcome(f, *args):
    try:
        return ("ok", f(*args))
    except MjError as e:
        return ("err", e.code, e.message, e.where)


TRICKY = [
    '{"a": 1, "b": [1, 2, {"c": null}]}',
    '{"a": 1, "a": 2}',  # a repeated key
    '{"a": {"x": 1, "x": 1}}',  # repeated with the same value
    '{"t": "12:00:00", "u": "a:b:c"}',  # colons inside strings
    '{"t": "12:00", "a": 1, "a": 2}',  # a colon in a string and a repeated key
    '{"a:": 1, "a:": 2}',  # the repeated key holds a colon
    '{"\\u003a": 1, "a": 2, "a": 3}',  # an escaped colon hides a repeat from a count
    '{"\\u003A": 1, "\\u003a": 2}',
    '{"k\\u003ax": "v", "k:x": "w"}',  # the same key, once escaped
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"a": -Infinity}',
    '[NaN, {"a": 1, "a": 2}]',  # which refusal comes first
    '[{"a": 1, "a": 2}, NaN]',
    f'{{"a": {"9" * (MAX_INT_DIGITS + 1)}}}',
    f'{{"a": -{"9" * MAX_INT_DIGITS}}}',
    f'{{"a": "{"9" * 40}"}}',
    '{"a": 1.50, "b": 1e400, "c": -0.0}',
    f'{{"a": 0.{"1" * 60}}}',
    '{"名前": "阿明", "小芳": ["老王", "Lee"], "x": "１２３ｍ"}',
    '{"a": "\\ud800"}',  # a lone surrogate escape
    '{"a": 1,}',
    '{"a" 1}',
    "",
    "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    "[" * MAX_DEPTH + "]" * MAX_DEPTH,
    "[" * 100_000 + "]" * 100_000,
    '"just a string: here"',
    "12",
]


@pytest.mark.parametrize("text", TRICKY)
def test_strict_loads_fast_path_agrees_with_the_checked_reader(text):
    got = _outcome(strict_loads, text)
    want = _checked_loads(text)
    assert got == want
    if got[0] == "ok":  # the same types too (Decimal, not float)
        assert json.dumps(got[1], default=repr) == json.dumps(want[1], default=repr)


def test_strict_loads_fast_path_takes_an_ordinary_record():
    text = json.dumps({"format": 2, "started_at": "2026-01-01T12:00:00Z", "hands": [{"a": 1}]})
    assert jsonin._plain_loads(text) is not jsonin._NOT_PLAIN
    assert jsonin._plain_loads('{"a": 1, "a": 2}') is jsonin._NOT_PLAIN


def test_a_repeated_key_is_refused_however_the_colons_fall():
    for text in ('{"t": "1:2", "a": 1, "a": 2}', '{"\\u003a": 0, "b": 1, "b": 1}'):
        with pytest.raises(MjError, match="twice"):
            strict_loads(text)
