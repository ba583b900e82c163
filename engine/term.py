"""A word of the rules (:class:`Term`) and how a term is shown in each language.

Kept apart from the declared data (:mod:`engine.declare`) so that a screen that only names
things (the home list names each session's rule set) need not load the rest.
"""

from __future__ import annotations

from dataclasses import dataclass


def term_text(zh: str, en: str, lang: str) -> str:
    """A rule term as shown: the Chinese name, followed by the English gloss in English."""
    if lang == "zh" or not en or en == zh:
        return zh
    return f"{zh} {en}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Term:
    """A word of the rules: an id, the Chinese name and an English gloss."""

    id: str
    zh: str
    en: str

    def name(self, lang: str = "zh") -> str:
        return term_text(self.zh, self.en, lang)
