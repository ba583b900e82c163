"""Fuzzing the inputs a user controls, bounded for CI (a few seconds per test).

The contract: the command line exits 0, or 2 with exactly one line on standard error; the
engine, called in-process, raises nothing but MjError. Never a traceback, never a hang (each
example has a deadline). ``python -m tests.fuzz_campaign`` runs a larger campaign.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from mjscore.engine.core import replay
from mjscore.engine.errors import MjError
from mjscore.engine.record import load_session
from mjscore.engine.variants import get_variant

from tests.builders import RECORDS, mjscore

VARIANTS = ("nanning", "nanjing", "guobiao", "nanchang")
FUZZ = settings(
    max_examples=120,
    deadline=5000,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

SEEDS = [
    "123m456p789s123m55p",
    "[345s,2]3p55p5567p[7777s]4p|EE0100|cbaghdfe",
    "19m19p19sESWNCFPP|EE1000",
    "[ESW,1]123m456p789s5m5m",
    "11224455668899p",
]
# the notation's characters, and the hostile ones: full-width, superscript, circled and
# Arabic-Indic digits, invisible characters, a NUL, a leading dash
CHARS = list("0123456789mpsESWNCFPabcdefgh[],| -") + list("１５ｍｐ｜，\u3000²①٣\u200bé\x00")


@st.composite
def hands(draw) -> str:
    s = list(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.integers(0, 2))
        i = draw(st.integers(0, len(s)))
        if op == 0:
            s.insert(i, draw(st.sampled_from(CHARS)))
        elif s:
            j = min(i, len(s) - 1)
            if op == 1:
                s[j] = draw(st.sampled_from(CHARS))
            else:
                del s[j]
    return "".join(s)


def one_line_or_success(r) -> None:
    assert r.returncode in (0, 2), (r.returncode, r.stderr)
    if r.returncode == 2:
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert "Traceback" not in r.stderr


# inputs that once escaped as tracebacks or two-line usage messages, always tried first
KNOWN_HANDS = ["-5m123m456p789s55p", "1０3m456p789s123m55p", "123m456p789s123m55p|²"]


@FUZZ
@given(variant=st.sampled_from(VARIANTS), hand=hands(), as_json=st.booleans())
@example(variant="nanjing", hand=KNOWN_HANDS[0], as_json=False)
@example(variant="nanjing", hand=KNOWN_HANDS[1], as_json=False)
@example(variant="guobiao", hand=KNOWN_HANDS[2], as_json=True)
def test_calc_on_the_command_line(variant, hand, as_json):
    one_line_or_success(mjscore("calc", variant, hand, *(["--json"] if as_json else [])))


@FUZZ
@given(variant=st.sampled_from(VARIANTS), hand=hands())
@example(variant="nanjing", hand=KNOWN_HANDS[1])
@example(variant="nanning", hand=KNOWN_HANDS[2])
def test_calc_in_process_raises_only_mjerror(variant, hand):
    v = get_variant(variant)
    try:
        v.calc(hand, v.rules({}))
    except MjError:
        pass


# ---------------------------------------------------------------- records
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**25), 10**25),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(alphabet=CHARS, max_size=12),
    st.sampled_from(["５p", "", "x" * 300]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=10,
)


def paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths(v, (*prefix, i))


@st.composite
def mutated_records(draw) -> str:
    rec = copy.deepcopy(RECORDS[draw(st.sampled_from(VARIANTS))])
    path = draw(st.sampled_from(list(paths(rec))[1:]))
    cur = rec
    for p in path[:-1]:
        cur = cur[p]
    marker = "\ue000"
    cur[path[-1]] = marker
    text = json.dumps(rec, ensure_ascii=False)
    kind = draw(st.integers(0, 3))
    if kind == 0:  # any JSON value
        value = json.dumps(draw(VALUES), ensure_ascii=False)
    elif kind == 1:  # numbers written out of every bound
        value = draw(
            st.sampled_from(
                ["1e999999999", "1e5000", "1e-999999999", "1" * 5000, "8.0", "-0.0", "1E+30"]
            )
        )
    elif kind == 2:  # nesting
        depth = draw(st.sampled_from([20, 1500, 50_000]))
        value = "[" * depth + "]" * depth
    else:  # a repeated key next to the original
        key = path[-1] if isinstance(path[-1], str) else "type"
        value = f'1, "{key}": 2' if isinstance(path[-1], str) else '{"type": 1, "type": 2}'
    return text.replace(json.dumps(marker), value, 1)


def _known(variant: str, patch: dict | None = None, event: dict | None = None) -> str:
    rec = copy.deepcopy(RECORDS[variant]) | (patch or {})
    if event is not None:
        rec["hands"] = [{"events": [event]}]
    return json.dumps(rec, ensure_ascii=False)


# records that once escaped as tracebacks, always tried first
KNOWN_RECORDS = [
    _known("guobiao", event={"type": [], "player": 0}),
    _known("guobiao", {"first_dealer": 1.5}),
    _known("guobiao", {"options": 0}),
    _known("guobiao", event={"type": "win", "player": 0, "from": 1, "fan": 10**20}),
    _known(
        "nanning", {"options": {"false_win_penalty": 10**19}}, {"type": "false_win", "player": 0}
    ),
    _known("guobiao", {"first_dealer": "\ue001"}).replace('"\ue001"', "1" * 5000),
    _known("guobiao").replace('"options": {}', '"options": ' + "[" * 5000 + "]" * 5000, 1),
]


@FUZZ
@given(text=mutated_records())
@example(text=KNOWN_RECORDS[0])
@example(text=KNOWN_RECORDS[1])
@example(text=KNOWN_RECORDS[2])
@example(text=KNOWN_RECORDS[3])
@example(text=KNOWN_RECORDS[5])
@example(text=KNOWN_RECORDS[6])
def test_loading_and_settling_a_mutated_record_raises_only_mjerror(text):
    try:
        replay(load_session(text))
    except MjError:
        pass


@settings(FUZZ, max_examples=60)
@given(text=mutated_records(), command=st.sampled_from(["replay", "import"]))
@example(text=KNOWN_RECORDS[3], command="import")
@example(text=KNOWN_RECORDS[4], command="import")
@example(text=KNOWN_RECORDS[0], command="replay")
def test_the_ledger_commands_on_mutated_records(text, command):
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "r.json"
        src.write_text(text, encoding="utf-8")
        db = str(Path(tmp) / "l.sqlite3")
        r = mjscore("--db", db, command, str(src))
        one_line_or_success(r)
        if command == "import" and r.returncode == 0:
            one_line_or_success(mjscore("--db", db, "export", "1"))
            one_line_or_success(mjscore("--db", db, "export", "1", "--format", "csv"))
            one_line_or_success(mjscore("--db", db, "sessions"))
