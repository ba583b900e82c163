"""JSON objects and arrays nobody can change.

A result made once and shared by every hand or call that comes to it (a 南京 valuation's
JSON, the 国标 calculator's answer) is handed out as a :class:`FrozenDict` or
:class:`FrozenList` instead of a fresh copy each time. They are a ``dict`` and a ``list``
to every reader (equality, ``json.dumps``, ``isinstance``); changing one raises TypeError;
a copy (``dict(x)``, ``list(x)``, ``copy.copy``, ``copy.deepcopy``, pickling) is a plain,
changeable one. (Standard library only, and nothing heavy: ``mjscore calc`` imports it.)
"""

from __future__ import annotations


def _refuse(self: object, *_a: object, **_k: object) -> None:
    raise TypeError(
        f"this {type(self).__name__} is shared and read-only; copy it (dict(...) or list(...)) "
        "to change it"
    )


class FrozenDict(dict):
    """A dict nobody can change (see the module docstring)."""

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return dict, (dict(self),)


class FrozenList(list):
    """A list nobody can change (see the module docstring)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = append = extend = insert = _refuse  # type: ignore[assignment]
    pop = remove = clear = sort = reverse = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return list, (list(self),)
