"""Loading a record text counts its keys after reading it (engine.record._read_counted)
instead of walking every value first: the same sessions, or the same refusal (message and
place), as strict_loads followed by the loader, on records mutated at random."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from mjscore.engine import record
from mjscore.engine.errors import MjError
from mjscore.engine.jsonin import MAX_DEPTH

DATA = Path(__file__).parent / "data"
_MARK = "zz_repeat_zz"  # a key written in place of one already in its object


def _outcome(f, text):
    try:
        got = f(text)
    except MjError as e:
        return ("err", e.code, e.message, e.where)
    return ("ok", [s.to_json() for s in got] if isinstance(got, list) else got.to_json())


def _reference_records(text):
    return record._records(record._decode(text))


def _reference_session(text):
    return record._session(record._decode(text))


def _format_2(obj, uid):
    rec = {"format": 2, "id": uid, "started_at": "2026-01-01T12:00:00Z", "notes": "at 10:30"}
    rec.update({k: v for k, v in obj.items() if k != "format"})
    rec["hands"] = copy.deepcopy(rec["hands"])
    if len(rec["hands"]) > 1:
        rec["hands"][1]["substitutes"] = [{"seat": 1, "player": "Kim: the cousin"}]
    rec["hands"].append({"events": [], "substitutes": [{"seat": 2, "player": "Sam"}]})
    return rec


def _bases():
    out = []
    for p in sorted(DATA.glob("*.json")):
        obj = json.loads(p.read_text(encoding="utf-8"))
        out.append(obj)
        out.append(_format_2(obj, "0c7d8e1a-7f4b-4c2e-9a55-1d2f3e4a5b6c"))
    two = [_format_2(out[0], "1c7d8e1a-7f4b-4c2e-9a55-1d2f3e4a5b6c")]
    two.append(_format_2(out[2], "2c7d8e1a-7f4b-4c2e-9a55-1d2f3e4a5b6c"))
    out.append({"format": 2, "sessions": two})
    return out


def _places(obj, kind):
    """Every (container, key) of ``obj`` whose value is of ``kind`` (dict, list or leaf)."""
    found = []
    stack = [obj]
    while stack:
        o = stack.pop()
        items = o.items() if isinstance(o, dict) else enumerate(o)
        for k, v in items:
            if isinstance(v, dict | list):
                stack.append(v)
            if kind == "leaf" and not isinstance(v, dict | list):
                found.append((o, k))
            elif kind == "dict" and isinstance(v, dict) and v:
                found.append((o, k))
    return found


def _mutate(obj, rng):
    """A record text with one or two random changes, most of them to be refused."""
    obj = copy.deepcopy(obj)
    repeat = None
    for _ in range(rng.choice((1, 1, 2))):
        how = rng.choice(("repeat", "repeat", "deep", "colon", "junk", "drop", "none"))
        if how == "repeat":
            places = _places(obj, "dict") + [(None, None)]
            holder, k = rng.choice(places)
            d = obj if holder is None else holder[k]
            repeat = rng.choice(list(d))
            d[_MARK] = copy.deepcopy(rng.choice(list(d.values()) + [1, "x", None]))
        elif how == "deep":
            holder, k = rng.choice(_places(obj, "leaf"))
            v = holder[k]
            for _ in range(rng.randint(MAX_DEPTH - 9, MAX_DEPTH + 2)):
                v = [v]
            holder[k] = v
        elif how == "colon":
            strings = [(h, k) for h, k in _places(obj, "leaf") if isinstance(h[k], str)]
            holder, k = rng.choice(strings)
            holder[k] = holder[k] + rng.choice((":", " 10:30", "\\u003a"))
        elif how == "junk":
            holder, k = rng.choice(_places(obj, "leaf"))
            holder[k] = rng.choice((None, -1, 7, "", "E", [], {}, True, 1.5))
        elif how == "drop":
            dicts = [h[k] for h, k in _places(obj, "dict")]
            d = rng.choice(dicts)
            d.pop(rng.choice(list(d)))
    text = json.dumps(obj, ensure_ascii=False)
    if repeat is not None:
        text = text.replace(json.dumps(_MARK), json.dumps(repeat, ensure_ascii=False), 1)
    return text.replace("\\\\u003a", "\\u003a")


@pytest.mark.parametrize("seed", range(8))
def test_counted_loading_agrees_with_strict_loading(seed):
    rng = random.Random(seed)
    bases = _bases()
    refused = 0
    for _ in range(150):
        text = _mutate(rng.choice(bases), rng)
        want = _outcome(_reference_records, text)
        assert _outcome(record.load_records, text) == want, text[:300]
        refused += want[0] == "err"
        if not json.loads(text).get("sessions"):
            assert _outcome(record.load_session, text) == _outcome(_reference_session, text)
    assert 30 < refused < 150  # both outcomes are tried


def test_the_unmutated_records_load_as_before():
    for obj in _bases():
        text = json.dumps(obj, ensure_ascii=False, indent=2)
        want = _outcome(_reference_records, text)
        assert want[0] == "ok"
        assert _outcome(record.load_records, text) == want


def test_the_count_of_a_loaded_record_is_its_colons():
    for obj in _bases():
        text = json.dumps(obj, ensure_ascii=False)
        got = record._keys_read(json.loads(text))
        # strings outside the events are counted exactly, the events' own strings are not
        assert 0 < got <= text.count(":")
        if "sessions" not in obj and obj["format"] == 1:
            assert got == text.count(":")


_LONG = (10**30, -(10**30), 10**35, 7 * 10**200, 10**4000)  # more than 30 digits
_SHORT = (10**30 - 1, -(10**30) + 1, 0, 3)


def test_a_long_whole_number_anywhere_is_refused_as_strict_loading_refuses_it():
    """The quick read takes whole numbers of any length (Python's own bound on the digits
    of an int stops the longest); the loader refuses one of more than 30 digits, wherever it
    sits, with strict_loads' refusal."""
    rng = random.Random(30)
    bases = _bases()
    for _ in range(300):
        obj = copy.deepcopy(rng.choice(bases))
        holder, k = rng.choice(_places(obj, "leaf"))
        holder[k] = rng.choice(_LONG)
        text = json.dumps(obj, ensure_ascii=False)
        want = _outcome(_reference_records, text)
        assert want[0] == "err" and "digits" in str(want[2]), want
        assert _outcome(record.load_records, text) == want
        if "sessions" not in obj:
            assert _outcome(record.load_session, text) == want


def _inside_events(obj):
    """The ids of the objects and lists inside the events of hands of the one key
    ``events``, each event's own included."""
    found = set()
    stack = [
        e
        for rec in obj.get("sessions", [obj])
        for hand in rec["hands"]
        if list(hand) == ["events"]
        for e in hand["events"]
    ]
    while stack:
        o = stack.pop()
        found.add(id(o))
        stack.extend(
            v for v in (o.values() if isinstance(o, dict) else o) if isinstance(v, dict | list)
        )
    return found


def test_a_long_whole_number_outside_the_events_is_found():
    """What the count of a loaded record's keys looks through for a long whole number (and
    then gives -1): every value but the events of hands of the one key ``events`` (whose
    checks take no long whole number)."""
    for obj in _bases():
        assert record._keys_read(obj) > 0
        for i in range(len(_places(obj, "leaf"))):
            for n in (_LONG[0], _LONG[1], _SHORT[0], _SHORT[1]):
                changed = copy.deepcopy(obj)
                holder, key = _places(changed, "leaf")[i]
                holder[key] = n
                want = n in _LONG and id(holder) not in _inside_events(changed)
                assert (record._keys_read(changed) < 0) == want, (key, n)


def test_without_pythons_bound_on_int_digits_the_text_is_looked_through_first():
    import sys

    from mjscore.engine import jsonin

    text = json.dumps(_bases()[0] | {"first_dealer": 10**40})
    want = _outcome(_reference_records, text)
    bound = sys.get_int_max_str_digits()
    try:
        sys.set_int_max_str_digits(0)  # off: a long run of digits is refused before reading
        assert jsonin.loads_keys_unchecked(text) is jsonin.NOT_PLAIN
        assert _outcome(record.load_records, text) == want
    finally:
        sys.set_int_max_str_digits(bound)
    assert jsonin.loads_keys_unchecked(text)["first_dealer"] == 10**40
    assert _outcome(record.load_records, text) == want
