"""The ``mjscore`` command: the TUI with no subcommand, scriptable subcommands otherwise.

Subcommands live in ``tui/commands/*.py``; each module has ``register(subparsers)`` which adds
its parsers with ``set_defaults(func=handler)``. A handler returns the exit status.
Expected errors (bad input, a locked ledger) print one line on stderr and exit with 2.
"""

from __future__ import annotations

import argparse
import codecs
import os
import sys
from collections.abc import Sequence

from mjscore.tui.errors import user_errors

# each command module and the subcommands its register() adds: a command imports only its
# own module (tests/engine/test_calc_start.py checks this table against the modules)
COMMAND_MODULES = {
    "engine_cmds": ("calc", "replay"),
    "ledger_cmds": ("import", "export", "merge", "sessions"),
    "report_cmds": ("report", "stats"),
    "rules_cmds": ("rules",),
    "board_cmds": ("board", "serve"),
    "rebuild_cmds": ("rebuild",),
    "chase_cmds": ("chase",),
    "club_cmds": ("night", "standings", "publish"),
}


class _Version(argparse.Action):
    """``--version``: the installed distribution's version. The package metadata is read
    only when asked for (importlib.metadata costs more to import than the whole engine)."""

    def __init__(self, option_strings, dest, **kw):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kw)

    def __call__(self, parser, namespace, values, option_string=None):
        from importlib.metadata import PackageNotFoundError, version

        try:
            text = version("mjscore")
        except PackageNotFoundError:  # pragma: no cover - run from a tree never installed
            text = "unknown (not installed)"
        print(f"mjscore {text}")
        parser.exit(0)


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter, with the terminal width read as ``shutil.get_terminal_size``
    reads it (``$COLUMNS``, else the terminal, else 80) but without importing shutil, which
    brings the compression modules in: every parser builds a formatter, even for ``calc``."""

    def __init__(self, prog: str, **kw) -> None:
        if kw.get("width") is None:
            kw["width"] = _columns() - 2
        super().__init__(prog, **kw)


def _columns() -> int:
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Parser(argparse.ArgumentParser):
    """A command-line mistake is one line on stderr and exit status 2, like every other
    refusal (argparse would print its usage first). Help is laid out by :class:`_Formatter`."""

    def __init__(self, *a, **kw) -> None:
        kw.setdefault("formatter_class", _Formatter)
        super().__init__(*a, **kw)

    def error(self, message: str):  # type: ignore[override]
        hint = ""
        if any(a.startswith("-") and a[1:2] not in ("", "-") for a in _ARGV) and (
            "required" in message or "unrecognized" in message
        ):
            hint = "; an argument beginning with '-' is read as an option (no tile string begins with '-'; write -- before it to pass it as it is)"
        self.exit(2, f"{self.prog}: {message}{hint} (see {self.prog} --help)\n")


_ARGV: list[str] = []


def build_parser(
    command: str | None = None, *, subcommands: bool = True
) -> argparse.ArgumentParser:
    """The whole command line; with ``command`` (one the argument list names), only the
    module that owns it registers its subcommands: a parser costs more to build than
    ``mjscore calc`` takes to run, and the others would never be used. Without
    ``subcommands``, only the options that open the app (see :func:`read_command_line`)."""
    import importlib

    p = _Parser(
        prog="mjscore",
        description="Terminal scorekeeper for table mahjong (南宁 南京 国标 南昌). "
        "With no subcommand, opens the scoring app.",
    )
    p.add_argument(
        "--db", metavar="PATH", help="ledger file (default: $MJSCORE_DB or the user data directory)"
    )
    p.add_argument("--demo", action="store_true", help="open the app on a ready-made demo session")
    p.add_argument("--version", action=_Version, help="print the version and exit")
    p.add_argument(
        "--lang",
        choices=("zh", "en"),
        help="interface language (default: the config file's, else from the locale)",
    )
    p.add_argument(
        "--config",
        metavar="PATH",
        help="settings file (default: $MJSCORE_CONFIG or config.json in the user config directory)",
    )
    if not subcommands:
        p.set_defaults(command=None)
        return p
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    owners = [n for n, commands in COMMAND_MODULES.items() if command in commands]
    for name in owners or COMMAND_MODULES:  # an unknown command: all, so the error lists them
        importlib.import_module(f"mjscore.tui.commands.{name}").register(sub)
    return p


_TOP_OPTIONS_WITH_VALUE = ("--db", "--lang", "--config")


def _command_named(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` asks for (its first word that is not a top-level option or
    an option's value), or None: no subcommand, or ``-h`` before it (then every command is
    registered, so help and errors list them all)."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word in _TOP_OPTIONS_WITH_VALUE:
            skip = True
        elif word in ("-h", "--help"):
            return None
        elif not word.startswith("-"):
            return word
    return None


def read_command_line(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """``argv`` (default: the process's arguments) read as ``mjscore`` reads it. When it
    names no subcommand and asks for no help, the app opens: then no subcommand's parser is
    built (building them all costs as much as a tenth of the app's start-up), and the
    options are read by the top-level parser alone, with the same errors."""
    _ARGV[:] = sys.argv[1:] if argv is None else list(argv)
    command = _command_named(_ARGV)
    app_only = command is None and not any(w in ("-h", "--help") for w in _ARGV)
    return build_parser(command, subcommands=not app_only).parse_args(_ARGV)


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    if _command_named(words) is None:  # the app (or --help): start-up runs no collections,
        from mjscore.tui import heap  # see tui/heap.py

        heap.starting()
    args = read_command_line(words)
    if args.config is not None or "mjscore.tui.settings" in sys.modules:
        # only then: the settings module (dataclasses, json, decimal) is not needed by calc
        # or replay, and with it not loaded there is no earlier --config to undo
        from mjscore.tui import settings

        settings.use_path(args.config)
    try:
        if args.command is None:
            from mjscore.tui.app import run_app

            return (
                run_app(
                    db_path=args.db or os.environ.get("MJSCORE_DB"), demo=args.demo, lang=args.lang
                )
                or 0
            )
        return args.func(args) or 0
    except user_errors() as e:
        # one line, whatever the message carries, in the run's language
        from .errors import line, run_language

        print("mjscore: " + line(e, run_language(args)), file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - `mjscore … | head`
        return 0
    except UnicodeEncodeError as e:  # e.g. PYTHONIOENCODING=ascii, or a Latin-1 terminal
        enc = getattr(sys.stdout, "encoding", None) or ""
        if codecs.lookup(e.encoding).name != codecs.lookup(enc or "utf-8").name:
            raise  # not the output's encoding: a bug, not the terminal
        print(
            f"mjscore: the output ({enc}) cannot show these names or rule terms; "
            "use a UTF-8 locale (e.g. LANG=C.UTF-8) or PYTHONIOENCODING=utf-8",
            file=sys.stderr,
        )
        return 2


# Commands that read their input and write only to standard output and standard error: once
# such a command has returned and both are flushed, nothing is left to finish, so the process
# ends there, without the interpreter's teardown, which frees every object and memo entry
# one at a time and collects them all once more (5% of a long replay's work, and a third
# of the time `calc` takes after start-up).
ENDS_AT_ONCE = frozenset({"calc", "replay"})


def run() -> None:
    """The ``mjscore`` command (and ``python -m mjscore``): :func:`main` on the process's
    arguments, then the exit with its status."""
    words = sys.argv[1:]
    ends_at_once = _command_named(words) in ENDS_AT_ONCE
    if ends_at_once:
        from mjscore.tui import heap  # see tui/heap.py

        heap.ending_at_once()
    status = main(words)
    if ends_at_once:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:  # e.g. a closed pipe: the ordinary exit reports it as it always has
            pass
        else:
            os._exit(status)
    sys.exit(status)


if __name__ == "__main__":  # pragma: no cover
    run()
