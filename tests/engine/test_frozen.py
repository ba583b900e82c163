"""``@frozen``: a frozen dataclass whose constructor writes the fields straight in."""

import dataclasses
import pickle

import pytest
from mjscore.engine.frozen import frozen


@frozen(kw_only=True)
class _Item:
    id: str
    count: int = 1
    extras: dict = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        assert self.count > 0, "count must be positive"


@frozen
class _Pair:
    a: int
    b: str = "x"


def test_fields_defaults_and_factories_as_a_dataclass_sets_them():
    one, two = _Item(id="p"), _Item(id="p")
    assert (one.id, one.count, one.extras) == ("p", 1, {})
    assert one.extras is not two.extras  # a fresh default per instance
    assert _Pair(1) == _Pair(1, "x") and _Pair(a=2, b="y").b == "y"
    assert [f.name for f in dataclasses.fields(_Item)] == ["id", "count", "extras"]


def test_post_init_runs_and_keyword_only_is_kept():
    with pytest.raises(AssertionError, match="positive"):
        _Item(id="p", count=0)
    with pytest.raises(TypeError):
        _Item("p")  # type: ignore[misc]


def test_frozen_hashable_replaceable_and_picklable():
    p = _Pair(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.a = 2  # type: ignore[misc]
    assert hash(p) == hash(_Pair(1))
    assert dataclasses.replace(p, b="z") == _Pair(1, "z")
    assert pickle.loads(pickle.dumps(p)) == p


def test_frozen_json_reads_as_json_refuses_change_and_copies_plain():
    import copy
    import json

    from mjscore.engine.frozen import FrozenDict, FrozenList

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
