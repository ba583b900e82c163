"""Frozen dataclasses that are cheap to make.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__`` (to get
past its own refusal of assignment), a generic call per field; settling a hand makes dozens
of payments, score items and states, and that call was a good part of the time. ``@frozen``
is ``@dataclass(frozen=True, slots=True)`` whose ``__init__`` sets each field through its
slot's own setter instead, fetched once: the same fields, defaults, ``__post_init__``,
equality, hashing, ``replace`` and refusal of assignment.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar

T = TypeVar("T")


def frozen(cls: type[T] | None = None, /, **options: Any) -> Any:
    """``@frozen`` or ``@frozen(kw_only=True, …)``: see the module docstring."""

    def wrap(c: type[T]) -> type[T]:
        # init=False: dataclasses need not write (exec) an __init__ only to have it replaced
        c = dataclass(frozen=True, slots=True, init=False, **options)(c)
        c.__init__ = _fast_init(c)  # type: ignore[misc]
        return c

    return wrap if cls is None else wrap(cls)


def _fast_init(cls: type) -> Callable[..., None]:
    env: dict[str, Any] = {"_MISSING": MISSING}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields(cls):
        if not f.init:  # pragma: no cover - no such field here
            raise TypeError(f"{cls.__name__}.{f.name}: init=False is not supported")
        if f.default is not MISSING:
            env[f"_d_{f.name}"] = f.default
            param = f"{f.name}=_d_{f.name}"
        elif f.default_factory is not MISSING:
            env[f"_f_{f.name}"] = f.default_factory
            param = f"{f.name}=_MISSING"
            body.append(f"    if {f.name} is _MISSING: {f.name} = _f_{f.name}()")
        else:
            param = f.name
        (keyword if f.kw_only else positional).append(param)
    names = [f.name for f in fields(cls)]
    params = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    for n in names:
        env[f"_set_{n}"] = cls.__dict__[n].__set__  # the slot's setter, past __setattr__
        body.append(f"    _set_{n}(self, {n})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    src = f"def __init__({params}) -> None:\n" + "\n".join(body) + "\n"
    exec(src, env)  # the way dataclasses writes its own __init__
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def maker(cls: type[T]) -> Callable[..., T]:
    """A constructor of the ``@frozen`` class ``cls``, called with keywords, that stores each
    field with a plain attribute store on a writable twin of the class (the same slots, in
    the same order, no refusal of assignment) and then makes the object a ``cls``: several
    times cheaper than the setters of ``__init__`` for a class of many fields. It does not
    run ``__post_init__``: for objects whose invariants the caller has made sure of.

    A field with a default is a parameter a call may also give by position (a default left
    out is then filled in from the function's defaults in one step, where a keyword-only
    parameter's default is looked up by name, one at a time: a win event has 21 of them); a
    field without one is keyword-only, so it cannot be left out. Callers name every field."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    env: dict[str, Any] = {"_twin": _writable_twin(cls), "_cls": cls, "_MISSING": MISSING}
    defaulted, required, body = [], [], []
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default is not MISSING:
            env[f"_d_{f.name}"] = f.default
            defaulted.append(f"{f.name}=_d_{f.name}")
        elif f.default_factory is not MISSING:
            env[f"_f_{f.name}"] = f.default_factory
            defaulted.append(f"{f.name}=_MISSING")
            body.append(f"    if {f.name} is _MISSING: {f.name} = _f_{f.name}()")
        else:
            required.append(f.name)
    body.append("    self = _twin()")
    body.extend(f"    self.{n} = {n}" for n in names)
    body.append("    self.__class__ = _cls")
    body.append("    return self")
    params = ", ".join([*defaulted, *(["*", *required] if required else [])])
    src = f"def make({params}):\n" + "\n".join(body) + "\n"
    exec(src, env)
    make = env["make"]
    make.__qualname__ = f"{cls.__qualname__}.make"
    return make


def positional_maker(cls: type[T], *given: str) -> Callable[..., T]:
    """:func:`maker` for the calls that give the fields ``given`` and no other: a constructor
    taking exactly those, by position in that order, every other field its default. A call
    by position skips the matching of keywords to parameters, and a default None is stored
    as a constant, not read from the function's defaults: the many fields of a win event
    that a common win leaves unset cost a store each and nothing more."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    unknown = set(given) - set(names)
    if unknown or len(set(given)) != len(given):
        raise TypeError(f"{cls.__name__}: not its fields, or given twice: {given}")
    env: dict[str, Any] = {"_twin": _writable_twin(cls), "_cls": cls}
    body = ["    self = _twin()"]
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name in given:
            value = f.name
        elif f.default is None:
            value = "None"
        elif f.default is not MISSING:
            env[f"_d_{f.name}"] = f.default
            value = f"_d_{f.name}"
        elif f.default_factory is not MISSING:
            env[f"_f_{f.name}"] = f.default_factory
            value = f"_f_{f.name}()"
        else:
            raise TypeError(f"{cls.__name__}.{f.name} has no default and is not given")
        body.append(f"    self.{f.name} = {value}")
    body.append("    self.__class__ = _cls")
    body.append("    return self")
    src = f"def make({', '.join(given)}, /):\n" + "\n".join(body) + "\n"
    exec(src, env)
    make = env["make"]
    make.__qualname__ = f"{cls.__qualname__}.make"
    return make


def _writable_twin(cls: type) -> type:
    """A class of the same slots as the ``@frozen`` class ``cls``, in the same order, with no
    refusal of assignment: an object made as one and then made a ``cls`` is a ``cls``. Called
    with no arguments it makes an empty object (the ``__new__`` and ``__init__`` of
    ``object``: a call of the class is cheaper than ``object.__new__`` of it)."""
    slots = cls.__dict__["__slots__"]
    twin = type(f"_Writable{cls.__name__}", cls.__bases__, {"__slots__": slots})
    if twin.__new__ is not object.__new__ or twin.__init__ is not object.__init__:
        raise TypeError(f"{cls.__name__}: its bases make or set up their objects themselves")
    probe = twin()
    probe.__class__ = cls  # TypeError here if the layouts differed
    return twin
