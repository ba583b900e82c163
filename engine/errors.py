"""Expected rule and input violations: a stable code, the message's own code and its values.

Every bad input a user can produce (a malformed tile string, a record that contradicts
itself, a hand below the minimum) raises :class:`MjError`. Front ends catch it: the command
line prints :meth:`MjError.line` (the field path kept), the app :meth:`MjError.text` (no path,
players as the app shows them). Anything else escaping is a programmer error.

A message is a :class:`Msg`: a fine-grained code (``jing_count_twice``) whose English and
Chinese templates sit in a ``texts_*`` table next to the code that raises it, and the values
it is filled with. The English template is the message as the command line has always
printed it, so ``str(err)`` does not depend on the language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing, which calc does not need)
if TYPE_CHECKING:
    from typing import Any


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


# A template table: code -> (English, Chinese) or (English, Chinese, English for the app),
# the third when the command line's English names record fields ('from', null) the app
# never shows.
Templates = Mapping[str, tuple[str, ...]]


class Seat(int):
    """A player's seat (0–3, as in the record) among a message's values: the command line
    says "seat 2" ("player 2" where the message always said so, the bare "2" with
    ``word=""``) or "座位 2", the app the player's name and the number it shows ("Mei [3]")."""

    word: str

    def __new__(cls, seat: int, word: str = "seat") -> Seat:
        obj = super().__new__(cls, seat)
        obj.word = word
        return obj

    def shown(self, lang: str, names: Sequence[str] | None) -> str:
        if names is not None:
            i = int(self)
            return f"{names[i]} [{i + 1}]" if 0 <= i < len(names) else f"[{i + 1}]"
        if not self.word:  # a number the command line has always printed bare
            return str(int(self))
        return f"座位 {int(self)}" if lang == "zh" else f"{self.word} {int(self)}"


def bare_seat(seat: int | None) -> Seat | None:
    """A seat the command line prints as its bare number and the app as the player."""
    return None if seat is None else Seat(seat, word="")


class Seats(tuple):
    """Several seats among a message's values: the command line lists their numbers
    ("1, 3"), the app the players as it shows them ("小芳 [2], Lee [4]")."""

    def shown(self, lang: str, names: Sequence[str] | None) -> str:
        if names is None:
            return ", ".join(str(int(s)) for s in self)
        sep = "、" if lang == "zh" else ", "
        return sep.join(Seat(int(s)).shown(lang, names) for s in self)


# the messages every table shares: an error located inside another one, and a bare text
_SHARED: dict[str, tuple[str, ...]] = {
    "located": ("{where}: {inner}", "{where}：{inner}"),
    "text": ("{text}", "{text}"),
}
_POSITION = re.compile(r"^position (\d+)$")


class Msg:
    """A message: its code, its values and the table holding its templates."""

    __slots__ = ("key", "params", "table")

    def __init__(self, key: str, params: dict[str, Any], table: Templates) -> None:
        self.key = key
        self.params = params
        self.table = table

    @classmethod
    def literal(cls, text: str) -> Msg:
        """Text that needs no translation (a file name, the operating system's report)."""
        return cls("text", {"text": text}, _SHARED)

    @classmethod
    def located(cls, where: str | None, inner: Msg) -> Msg:
        """``inner`` at ``where`` (a position in a tile string, a field)."""
        return inner if not where else cls("located", {"where": where, "inner": inner}, _SHARED)

    def template(self, lang: str, app: bool = False) -> str:
        texts = self.table[self.key]
        if lang == "zh":
            return texts[1]
        return texts[2] if app and len(texts) > 2 else texts[0]

    def render(
        self, lang: str = "en", names: Sequence[str] | None = None, app: bool = False
    ) -> str:
        """The message in ``lang``; ``app``: as the app shows it (players by ``names``)."""
        if self.key == "located" and app:
            where = str(self.params["where"])
            pos = _POSITION.match(where.rsplit(" ", 1)[0] if "(" in where else where)
            inner = self.params["inner"].render(lang, names, app)
            if not pos:
                return inner
            where = f"第 {pos.group(1)} 个字符" if lang == "zh" else where
            return f"{where}: {inner}" if lang != "zh" else f"{where}：{inner}"
        values = {k: _shown(v, lang, names, app) for k, v in self.params.items()}
        return self.template(lang, app).format(**values)

    def __str__(self) -> str:
        return self.render("en")


def _shown(value: Any, lang: str, names: Sequence[str] | None, app: bool) -> Any:
    if isinstance(value, Seat | Seats):
        return value.shown(lang, names if app else None)
    if isinstance(value, Msg):
        return value.render(lang, names, app)
    return value


def messages(table: Templates) -> Callable[..., Msg]:
    """The message maker of one template table: ``txt("code", name=value, ...)``."""

    def txt(key: str, /, **params: Any) -> Msg:
        if key not in table:  # a programmer error: a code without templates
            raise KeyError(f"no message template {key!r}")
        return Msg(key, params, table)

    txt.table = table  # type: ignore[attr-defined]
    return txt


class MjError(Exception):
    """An expected violation: ``code`` is the stable class, ``key`` the message's own code,
    ``params`` its values, ``message`` the English text.

    ``where`` names the offending place: a position in a tile string ("position 7"),
    a JSON path ("hands[3].events[2].from"), or a field name.
    """

    def __init__(self, code: ErrorCode, message: Msg | str, *, where: str | None = None) -> None:
        self.code = code
        self.msg = message if isinstance(message, Msg) else Msg.literal(message)
        self.message = self.msg.render("en")
        self.where = where
        super().__init__(str(self))

    @property
    def key(self) -> str:
        return self.msg.key

    @property
    def params(self) -> dict[str, Any]:
        return self.msg.params

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message

    def line(self, lang: str = "en") -> str:
        """The command line's one line: the field path, then the message in ``lang``."""
        text = self.msg.render(lang)
        return f"{self.where}: {text}" if self.where else text

    def text(self, lang: str, names: Sequence[str] | None = None) -> str:
        """The message as the app shows it: no field path (a tile-string position is
        kept), players by name and number."""
        pos = _POSITION.search(self.where or "") or re.search(r"position (\d+)", self.where or "")
        text = self.msg.render(lang, names, app=True)
        text = re.sub(r"\bevents\[(\d+)\]", lambda m: f"event {int(m.group(1)) + 1}", text)
        if pos:
            at = f"第 {pos.group(1)} 个字符" if lang == "zh" else pos.group(0)
            return f"{at}：{text}" if lang == "zh" else f"{at}: {text}"
        return text

    def at(self, prefix: str) -> MjError:
        """The same error with ``prefix`` prepended to its location."""
        where = (
            f"{prefix}.{self.where}"
            if self.where and not self.where.startswith("position")
            else (f"{prefix} ({self.where})" if self.where else prefix)
        )
        return MjError(self.code, self.msg, where=where)
