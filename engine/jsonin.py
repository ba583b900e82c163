"""Reading JSON that a user hands over (a session record), with every size bounded up front.

``strict_loads`` is ``json.loads`` that refuses what the standard reader silently accepts or
chokes on: a key repeated in one object (the standard reader keeps the last one), ``NaN`` and
``Infinity``, whole numbers of more than :data:`MAX_INT_DIGITS` digits (Python refuses
4,300 and takes quadratic time before that), decimals of more than :data:`MAX_NUMBER_CHARS`
characters, nesting deeper than :data:`MAX_DEPTH`, and a text longer than
:data:`MAX_RECORD_CHARS`. Decimals become :class:`decimal.Decimal`, so no digit is lost.
Each refusal is an :class:`MjError` in one line.
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal, InvalidOperation
from typing import Any

from .errors import ErrorCode, MjError, Msg
from .texts_record import txt

MAX_RECORD_CHARS = 32_000_000  # a 1,000-hand session exports to about 1 MB
MAX_DEPTH = 16  # a record nests 7 levels deep (hands[].events[].lower_counts[][])
MAX_INT_DIGITS = 30
MAX_NUMBER_CHARS = 40


_LEAVES = frozenset((str, int, bool, float, Decimal, type(None)))  # what a JSON value ends in
# every ASCII digit as "0", so a run of too many digits is a plain substring search (a regular
# expression tries the run at every character of the text, several times slower)
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_RUN = b"0" * (MAX_INT_DIGITS + 1)


def _long_digits(text: str) -> bool:
    """Whether ``text`` has a run of more than :data:`MAX_INT_DIGITS` digits (UTF-8 writes
    no other character with an ASCII byte)."""
    return _LONG_RUN in text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO)


class _Refused(Exception):
    def __init__(self, msg: Msg) -> None:
        super().__init__(str(msg))
        self.msg = msg


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):  # no key repeated: the common case, without a loop in Python
        return out
    seen: set[str] = set()
    for k, _ in pairs:
        if k in seen:
            raise _Refused(txt("json_key_twice", key=json.dumps(k, ensure_ascii=False)))
        seen.add(k)
    raise AssertionError("a repeated key was not found")  # pragma: no cover


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(txt("json_long_int", n=MAX_INT_DIGITS, start=text[:12]))
    return int(text)


def _decimal(text: str) -> Decimal:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(txt("json_long_number", n=MAX_NUMBER_CHARS))
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the JSON grammar admits only decimals
        raise _Refused(txt("json_not_number", text=text[:20])) from None


def _constant(name: str) -> Any:
    raise _Refused(txt("json_constant", name=name))


def _bad(where: str, msg: str) -> MjError:
    return MjError(ErrorCode.BAD_RECORD, msg, where=where)


def strict_loads(text: str | bytes, what: str = "$") -> Any:
    """Decode a JSON document under the bounds above (``what`` names it in a refusal)."""
    _check_length(text, what)
    if isinstance(text, str):
        obj = _plain_loads(text)
        if obj is not _NOT_PLAIN:
            return obj
    try:
        obj = json.loads(
            text,
            object_pairs_hook=_pairs,
            # a whole number can only be too long where the text has a run of more digits
            # than allowed; without one the standard reader's own int is the same
            parse_int=None if isinstance(text, str) and not _long_digits(text) else _int,
            parse_float=_decimal,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as e:
        raise _bad(f"line {e.lineno} column {e.colno}", txt("valid_json", msg=e.msg)) from None
    except _Refused as e:
        raise _bad(what, e.msg) from None
    except RecursionError:
        raise _bad(what, txt("nested_more_than_levels_deep", MAX_DEPTH=MAX_DEPTH)) from None
    except UnicodeDecodeError:
        raise _bad(what, txt("utf_text")) from None
    check_depth(obj, what)
    return obj


def _check_length(text: str | bytes, what: str) -> None:
    if len(text) > MAX_RECORD_CHARS:
        raise _bad(what, txt("record_larger_than_mb", p1=MAX_RECORD_CHARS // 1_000_000))


_NOT_PLAIN = object()
NOT_PLAIN = _NOT_PLAIN  # what loads_keys_unchecked gives for a text the checked reader must read


def loads_keys_unchecked(text: str) -> Any:
    """The first half of the quick read below: ``text`` read by the standard reader under the
    same bounds of length and numbers, or :data:`NOT_PLAIN`. A key repeated in one object,
    nesting too deep and (see below) a whole number too long are not refused yet: a caller
    that reads the object whole (the session loader) may count its keys, vouch for its depth
    and look for long whole numbers itself, and must call :func:`strict_loads` whenever its
    count falls short of the text's colons, it finds a whole number of more than
    :data:`MAX_INT_DIGITS` digits (:func:`long_int`), or its reading fails, so that what is
    refused and how stays strict_loads' alone.

    Such a number is read as an int, as long as Python's own bound on the digits of an int
    read from text (4,300 unless changed) is on and no higher: a longer one is refused by the
    standard reader, so the quick read gives NOT_PLAIN. The text's digits are then not looked
    through here (a pass over every character, a sizable part of reading a record)."""
    _check_length(text, "$")
    # (where the bound is off or high, the text's runs of digits are looked through first)
    return _read_plain(text, not 0 < sys.get_int_max_str_digits() <= _INT_DIGITS_BOUND)


_INT_DIGITS_BOUND = 4300  # Python's default bound on the digits of an int read from text
_LONG_INT = 10**MAX_INT_DIGITS  # the least whole number of more than MAX_INT_DIGITS digits


def long_int(obj: Any) -> bool:
    """Whether the decoded ``obj`` holds a whole number of more than :data:`MAX_INT_DIGITS`
    digits, which :func:`strict_loads` refuses (walked level by level, however deep)."""
    level = [obj]
    while level:
        nxt: list[Any] = []
        for o in level:
            t = type(o)
            if t is dict:
                nxt.extend(o.values())
            elif t is list:
                nxt.extend(o)
            elif t is int and not -_LONG_INT < o < _LONG_INT:
                return True
        level = nxt
    return False


def _read_plain(text: str, long_digits_refused: bool = True) -> Any:
    if "\\u003a" in text or "\\u003A" in text:
        return _NOT_PLAIN
    try:
        return json.loads(
            text,
            parse_int=_int if long_digits_refused and _long_digits(text) else None,
            parse_float=_decimal,
            parse_constant=_constant,
        )
    except (ValueError, _Refused, RecursionError):
        return _NOT_PLAIN


def _plain_loads(text: str) -> Any:
    """The ordinary record, read by the standard reader without a call per object, or
    :data:`_NOT_PLAIN` when the checked reader must read it (to refuse it, or to be sure).

    A repeated key is the one refusal the checked reader makes per object. Every key of the
    text is followed by exactly one colon and any other colon is inside a string, so when the
    text has as many colons as the decoded objects have keys plus the decoded strings have
    colons (none of them written as an escape), no object lost a key to a repeat. Anything
    else (an error of any kind, nesting too deep, an escaped colon) is left to the checked
    reader, so what is refused and how is exactly as before.
    """
    obj = _read_plain(text)
    if obj is _NOT_PLAIN:
        return obj
    n = exact_colons(obj)
    if n < 0 or text.count(":") != n:
        return _NOT_PLAIN
    return obj


def exact_colons(obj: Any, depth: int = 0) -> int:
    """The colons a JSON text of ``obj`` has when written without escaped colons: one per
    key, and those inside the keys and strings; -1 if ``obj``, itself ``depth`` levels deep,
    nests more than :data:`MAX_DEPTH` levels deep."""
    level, n = [obj], 0
    while True:
        nxt: list[Any] = []
        for o in level:
            t = type(o)
            if t is dict:
                n += len(o) + "".join(o).count(":")
                nxt.extend(o.values())
            elif t is list:
                nxt.extend(o)
            elif t is str and ":" in o:
                n += o.count(":")
        if not nxt:
            return n
        depth += 1
        if depth > MAX_DEPTH:
            return -1
        level = nxt


def check_depth(obj: Any, what: str = "$") -> None:
    """Refuse lists and objects nested more than :data:`MAX_DEPTH` levels deep."""
    level, depth = [obj], 0
    while True:
        nxt: list[Any] = []
        for o in level:
            t = type(o)
            if t is dict:
                nxt.extend(o.values())
            elif t is list:
                nxt.extend(o)
            elif t in _LEAVES:
                continue
            elif isinstance(o, dict):
                nxt.extend(o.values())
            elif isinstance(o, list):
                nxt.extend(o)
        if not nxt:
            return
        depth += 1
        if depth > MAX_DEPTH:
            raise _bad(what, txt("nested_more_than_levels_deep", MAX_DEPTH=MAX_DEPTH))
        level = nxt


def show(v: Any, limit: int = 40) -> str:
    """A short JSON-like rendering of any decoded value for an error message (never fails)."""
    if isinstance(v, Decimal):
        text = str(v)
        return text if len(text) <= limit else text[: limit - 1] + "…"
    try:
        text = json.dumps(v, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        text = repr(v)
    return text if len(text) <= limit else text[: limit - 1] + "…"
