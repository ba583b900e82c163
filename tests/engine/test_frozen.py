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
