"""Subcommands (placeholder until this module's issue is built)."""


def register(sub) -> None:  # noqa: ARG001
    """Adds no subcommands yet."""
