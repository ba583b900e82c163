"""Player names: the form a name is kept in, and the one key that says two names are the same
person.

A name is shown as typed. Its key is the name in Unicode NFC, format characters (zero-width
space and joiners, the byte-order mark, soft hyphen, direction marks) removed, runs of
whitespace collapsed to one space, then ``casefold()``-ed: ``Ann``, ``ANN`` and ``Ann``
followed by a zero-width space are one person. Two names of a record
with the same key are refused as duplicates; the ledger matches a returning player by key
and keeps the spelling entered first.
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
