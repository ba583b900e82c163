"""The errors a user can cause (a refused record, a ledger that cannot be written): the
command line prints them in one line, the app shows them in a notice. Anything else is a bug."""

from __future__ import annotations


def user_errors() -> tuple[type[BaseException], ...]:
    # imported here, not at the top: ``mjscore.db.errors`` runs ``mjscore.db``'s package
    # import (the ledger, sqlite-utils), which ``mjscore calc`` and ``replay`` never need;
    # an ``except user_errors()`` clause only calls this once an exception is raised
    from mjscore.db.errors import LedgerError
    from mjscore.engine.errors import MjError

    return (MjError, LedgerError)


def said(e: BaseException, lang: str, names=None) -> str:
    """A user error in the run's language: an engine refusal by its code (no field path),
    anything else as it reads."""
    from mjscore.engine.errors import MjError

    return e.text(lang, names) if isinstance(e, MjError) else str(e)


def run_language(args) -> str:
    """The language of a command's run: ``--lang`` (before or after the command), then the
    config file, then the locale; a config file that cannot be read falls back to the locale
    (for an error line: it is not what went wrong)."""
    if getattr(args, "lang", None):
        return args.lang
    try:
        from mjscore.tui import settings

        return settings.language(None)
    except Exception:  # noqa: BLE001 - the message must still be printed
        from .i18n import detect_lang

        return detect_lang()


def line(e: BaseException, lang: str) -> str:
    """The command line's one line for a user error: the field path kept, the message in
    ``lang`` (SQLite's reports span several lines: joined)."""
    from mjscore.engine.errors import MjError

    text = e.line(lang) if isinstance(e, MjError) else str(e)
    return " / ".join(text.splitlines())
