"""Expected rule and input violations: a stable code plus a human message.

Every bad input a user can produce (a malformed tile string, a record that contradicts
itself, a hand below the minimum) raises :class:`MjError`. Front ends catch it and show
``str(err)``; anything else escaping is a programmer error.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    BAD_TILES = "bad_tiles"  # tile notation
    BAD_RECORD = "bad_record"  # session record shape / fields
    BAD_OPTION = "bad_option"  # unknown or ill-typed option
    BAD_FLAG = "bad_flag"  # situation flag the variant does not know or that contradicts the hand
    UNKNOWN_VARIANT = "unknown_variant"
    NOT_A_WIN = "not_a_win"  # tiles do not form a winning hand under the variant
    BELOW_MINIMUM = "below_minimum"  # GB: fewer fans than min_fan
    SMALL_WIN = "small_win"  # Nanjing 小胡 rule
    CONTRADICTION = "contradiction"  # events/facts that contradict each other
    BAD_PATTERN = "bad_pattern"  # declared pattern unknown or impossible here
    MULTIPLE_WINS = "multiple_wins"  # a second win where the variant forbids it


class MjError(Exception):
    """An expected violation: ``code`` is stable, ``message`` is for people.

    ``where`` names the offending place: a position in a tile string ("position 7"),
    a JSON path ("hands[3].events[2].from"), or a field name.
    """

    def __init__(self, code: ErrorCode, message: str, *, where: str | None = None) -> None:
        self.code = code
        self.message = message
        self.where = where
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message

    def at(self, prefix: str) -> MjError:
        """The same error with ``prefix`` prepended to its location."""
        where = (
            f"{prefix}.{self.where}"
            if self.where and not self.where.startswith("position")
            else (f"{prefix} ({self.where})" if self.where else prefix)
        )
        return MjError(self.code, self.message, where=where)
