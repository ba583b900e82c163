"""A session's people and money: the players' names and the stake, as a record gives them.

A name is kept as typed; :func:`engine.names.name_key` says who it is. A stake is kept as an
exact decimal, so every digit survives export and import.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from .errors import ErrorCode, MjError
from .jsonin import show
from .names import NAME_WIDTH, name_key, text_width
from .texts_record import txt
from .tiles import ascii_text

MAX_NAME = 64
MAX_STAKE_DIGITS = 20  # significant digits of a stake
MAX_STAKE_PLACES = 8  # decimal places of a stake


def _bad(where: str, msg: str) -> MjError:
    return MjError(ErrorCode.BAD_RECORD, msg, where=where)


def check_player_name(name: Any, where: str) -> str:
    """A player name, kept as typed (its key, :func:`engine.names.name_key`, says who it
    is), or MjError in one line."""
    if not isinstance(name, str) or not name.strip():
        raise _bad(where, txt("player_name_non_empty_string"))
    if name != name.strip():
        raise _bad(where, txt("player_name_start_end_spaces"))
    if len(name) > MAX_NAME:
        raise _bad(where, txt("player_name_most_characters_given", MAX_NAME=MAX_NAME, p2=len(name)))
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in name):
        raise _bad(where, txt("player_name_contain_control_characters"))
    if any("\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u2069" for ch in name):
        # bidi embeddings/overrides/isolates reorder the rest of a report line
        raise _bad(where, txt("player_name_contain_text_direction"))
    return name


def new_name_problem(name: str) -> str | None:
    """What keeps a (valid) name from being entered as a new player's: ``"too_wide"`` over
    :data:`~engine.names.NAME_WIDTH` terminal columns (a Chinese character or an emoji
    counts two), ``"digits"`` for digits only (a digit picks a seat wherever a player is
    chosen), else None."""
    if text_width(name) > NAME_WIDTH:
        return "too_wide"
    if name.isdigit():
        return "digits"
    return None


def check_new_name(name: Any, where: str = "name") -> str:
    """A player name as it is first entered in the app: a valid name
    (:func:`check_player_name`) without a :func:`new_name_problem`. Records keep
    :func:`check_player_name` alone, so every file valid before still loads."""
    name = check_player_name(name, where)
    problem = new_name_problem(name)
    if problem == "too_wide":
        raise _bad(where, txt("player_name_too_wide", limit=NAME_WIDTH, width=text_width(name)))
    if problem == "digits":
        raise _bad(where, txt("player_name_digits_only"))
    return name


def check_four_names(players: Any, where: str = "players") -> tuple[str, str, str, str]:
    """Four player names in turn order, no two the same person (:func:`name_key`)."""
    if not isinstance(players, list | tuple) or len(players) != 4:
        raise _bad(where, txt("expected_list_four_player_names"))
    names = tuple(check_player_name(p, f"{where}[{i}]") for i, p in enumerate(players))
    keys = [name_key(n) for n in names]
    for i, k in enumerate(keys):
        j = keys.index(k)
        if j != i:
            why = (
                f"{names[i]!r} appears twice"
                if names[i] == names[j]
                else f"{names[j]!r} and {names[i]!r} are the same name apart from case or"
                " invisible characters"
            )
            raise _bad(where, txt("four_player_names_different_distinct", why=why))
    return names  # type: ignore[return-value]


def check_stake(v: Any, where: str = "stake") -> Decimal:
    """Money per point: a positive decimal of at most :data:`MAX_STAKE_DIGITS` significant
    digits and :data:`MAX_STAKE_PLACES` decimal places, given as a number or a decimal
    string. Kept exactly (every digit survives export and import)."""
    d: Decimal | None = None
    if isinstance(v, bool):
        d = None
    elif isinstance(v, Decimal):
        d = v
    elif isinstance(v, int):
        d = Decimal(v) if -(10**40) < v < 10**40 else Decimal("Infinity")
    elif isinstance(v, float):
        d = Decimal(repr(v))
    elif isinstance(v, str) and len(v) <= 40:
        try:
            d = Decimal(ascii_text(v.strip()))
        except (InvalidOperation, MjError):
            d = None
    if d is None or not d.is_finite() or d <= 0:
        raise _bad(where, txt("stake_positive_number_money_per", p1=show(v)))
    _, digits, exp = d.as_tuple()
    assert isinstance(exp, int)
    places = max(0, -exp)
    significant = len(digits) + max(0, exp)
    if places > MAX_STAKE_PLACES:
        raise _bad(
            where, txt("stake_most_decimal_places", MAX_STAKE_PLACES=MAX_STAKE_PLACES, p2=show(v))
        )
    if significant > MAX_STAKE_DIGITS:
        raise _bad(
            where,
            txt("stake_most_significant_digits", MAX_STAKE_DIGITS=MAX_STAKE_DIGITS, p2=show(v)),
        )
    return d


def stake_text(d: Decimal) -> str:
    """The stake as a plain decimal with every digit it was given (no exponent)."""
    return format(d, "f")
