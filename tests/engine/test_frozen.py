"""``@frozen``: a frozen dataclass whose constructor writes the fields straight in."""

import dataclasses
import pickle
import random

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


def test_maker_makes_what_init_makes_from_any_fields_given():
    """``maker``: each field given or left to its default (a factory's called afresh), a field
    without a default required; the object is the class's own, equal to ``__init__``'s."""
    from mjscore.engine.events import Win
    from mjscore.engine.frozen import maker

    rng = random.Random(7)
    for cls, given in (
        (_Item, {"id": ["p", "q"], "count": [2, 5], "extras": [{"a": 1}]}),
        (_Pair, {"a": [1, 3], "b": ["y"]}),
        (Win, {"player": [0, 2], "from_": [None, 1], "hand": ["123m456p789s11s22s2s"], "fan": [8]}),
    ):
        make = maker(cls)
        required = [f.name for f in dataclasses.fields(cls) if f.default is f.default_factory]
        for _ in range(40):
            kw = {k: rng.choice(v) for k, v in given.items() if k in required or rng.random() < 0.5}
            got = make(**kw)
            assert type(got) is cls and got == cls(**kw)
        with pytest.raises(TypeError):
            make(**{k: v[0] for k, v in given.items() if k != required[0]})
    assert _Item.__init__ is not maker(_Item)  # the class keeps its own __init__ (post-init)
    assert maker(_Item)(id="p").extras is not maker(_Item)(id="p").extras


def test_positional_maker_makes_what_init_makes_from_the_fields_it_takes():
    """``positional_maker``: the fields it names given by position, in that order, every
    other one its default (a factory's called afresh); the object is the class's own, equal
    to ``__init__``'s; a field it cannot fill, or one not the class's, is refused at once."""
    from mjscore.engine.events import Kong, Win
    from mjscore.engine.frozen import positional_maker

    rng = random.Random(11)
    for cls, given in (
        (_Item, {"id": ["p", "q"], "count": [2, 5], "extras": [{"a": 1}]}),
        (_Pair, {"a": [1, 3], "b": ["y"]}),
        (Win, {"player": [0, 2], "from_": [None, 1], "hand": ["123m456p789s11s22s2s"], "fan": [8]}),
        (Kong, {"player": [1], "kind": ["concealed", "added"], "from_": [None, 3], "tile": ["E"]}),
    ):
        required = [f.name for f in dataclasses.fields(cls) if f.default is f.default_factory]
        for _ in range(40):
            names = [k for k in given if k in required or rng.random() < 0.5]
            rng.shuffle(names)
            values = [rng.choice(given[k]) for k in names]
            got = positional_maker(cls, *names)(*values)
            assert type(got) is cls and got == cls(**dict(zip(names, values, strict=True)))
    make = positional_maker(_Item, "id")
    assert make("p").extras == {} and make("p").extras is not make("p").extras
    for bad in (("count",), ("id", "nope"), ("id", "id")):
        with pytest.raises(TypeError):
            positional_maker(_Item, *bad)


def test_a_maker_refuses_a_class_whose_bases_make_their_objects_themselves():
    """The makers make an empty object by calling a twin of the class (``object``'s own
    ``__new__`` and ``__init__``): a base with an ``__init__`` or a ``__new__`` of its own
    would run there, so such a class is refused when its maker is made."""
    from mjscore.engine.frozen import maker, positional_maker

    class _SetsUp:
        __slots__ = ()

        def __init__(self) -> None:
            raise AssertionError("never run")

    class _Makes:
        __slots__ = ()

        def __new__(cls):  # noqa: ANN204
            raise AssertionError("never run")

    for base in (_SetsUp, _Makes):

        @frozen
        class _Child(base):  # type: ignore[misc, valid-type]
            a: int = 0

        for make in (maker, lambda c: positional_maker(c, "a")):
            with pytest.raises(TypeError):
                make(_Child)
