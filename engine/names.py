"""Player names: the form a name is kept in, the one key that says two names are the same
person, and how wide a name is on a terminal and how every screen cuts a long one.

A name is shown as typed. Its key is the name in Unicode NFC, format characters (zero-width
space and joiners, the byte-order mark, soft hyphen, direction marks) removed, runs of
whitespace collapsed to one space, then ``casefold()``-ed: ``Ann``, ``ANN`` and ``Ann``
followed by a zero-width space are one person. Two names of a record
with the same key are refused as duplicates; the ledger matches a returning player by key
and keeps the spelling entered first.

A name is at most :data:`NAME_WIDTH` terminal columns wide when it is first entered (a
Chinese character or an emoji counts two): the app refuses a longer one. A name that came
in longer (an older ledger, an imported record) is cut to that width, ending with …, by
:func:`shown_name` on every screen and in every report, so the figures beside it stay in
view at 80 columns.
"""

from __future__ import annotations

import unicodedata


def clean_name(name: str) -> str:
    """``name`` in NFC without format characters, whitespace runs collapsed to one space."""
    t = unicodedata.normalize("NFC", name)
    if not t.isascii():
        t = "".join(ch for ch in t if unicodedata.category(ch) != "Cf")
    return " ".join(t.split())


def name_key(name: str) -> str:
    """The matching key of a player name (see the module docstring). A name of invisible
    characters only (allowed, if odd) keys on those characters, so it is still one name."""
    return clean_name(name).casefold() or unicodedata.normalize("NFC", name).casefold()


NAME_WIDTH = 12
"""The widest a player name may be when first entered, and the widest it is shown, in
terminal columns: 12 letters or 6 Chinese characters."""

_ZWJ = "\u200d"


def _char_width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0  # accents, zero-width joiners, direction marks, variation selectors
    if "\ufe00" <= ch <= "\ufe0f":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def text_width(s: str) -> int:
    """Terminal columns of ``s``, as Textual/Rich count them: CJK and emoji take two,
    combining marks and format characters none, an emoji joined to the previous one by a
    zero-width joiner (a family, a profession) none since the sequence is one glyph, and
    a narrow symbol followed by the emoji selector U+FE0F two."""
    total = 0
    joined = False
    last = 0
    for ch in s:
        if joined:
            joined = False
            if _char_width(ch):
                continue
        if ch == _ZWJ:
            joined = True
            continue
        if ch == "\ufe0f" and last == 1:  # emoji presentation of a narrow symbol: ☺️
            total += 1
            last = 2
            continue
        last = _char_width(ch)
        total += last
    return total


def shown_name(s: str, width: int = NAME_WIDTH) -> str:
    """A name as every screen shows it: cut to at most ``width`` terminal columns (ending
    with … when cut), and followed by a left-to-right mark when it has right-to-left
    letters, so that a bidi terminal does not pull the numbers after it into its run."""
    if text_width(s) > width:
        out = ""
        for ch in s:
            if text_width(out + ch) > width - 1:
                break
            out += ch
        s = out.rstrip(_ZWJ + " ") + "…"
    if not s.endswith("\u200e") and any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in s):
        s += "\u200e"
    return s
