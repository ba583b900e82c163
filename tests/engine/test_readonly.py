"""engine/readonly.py: shared JSON that reads as JSON and cannot be changed."""

from __future__ import annotations

import pickle

import pytest


def test_read_only_json_reads_as_json_refuses_change_and_copies_plain():
    import copy
    import json

    from mjscore.engine.readonly import FrozenDict, FrozenList

    src = {"a": [1, {"b": [2, 3]}], "c": None, "d": "二"}
    fz = FrozenDict(a=FrozenList([1, FrozenDict(b=FrozenList([2, 3]))]), c=None, d="二")
    assert fz == src and isinstance(fz, dict) and isinstance(fz["a"], list)
    assert type(fz) is FrozenDict and type(fz["a"]) is FrozenList and type(fz["a"][1]) is FrozenDict
    assert json.dumps(fz, ensure_ascii=False) == json.dumps(src, ensure_ascii=False)
    changes = [
        lambda: fz.__setitem__("a", 1),
        lambda: fz.update(x=1),
        lambda: fz.pop("c"),
        lambda: fz["a"].append(4),
        lambda: fz["a"].sort(),
        lambda: fz["a"][1]["b"].extend([4]),
        lambda: fz["a"].__setitem__(0, 9),
    ]
    for change in changes:
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert fz == src
    for made in (copy.deepcopy(fz), pickle.loads(pickle.dumps(fz))):
        assert made == src and type(made) is dict and type(made["a"]) is list
        made["a"].append(4)  # a copy is the caller's to change
    assert type(copy.copy(fz)) is dict and fz == src
