"""The four rule sets, loaded lazily so one variant's import never costs another's."""

from __future__ import annotations

import importlib
from functools import cache

from ..errors import ErrorCode, MjError
from ..events import VARIANTS
from ..rules import Rules
from ..variant import Variant


@cache
def get_variant(variant_id: str) -> Variant[Rules]:
    """The :class:`engine.core.Variant` instance for ``variant_id``."""
    if variant_id not in VARIANTS:
        raise MjError(
            ErrorCode.UNKNOWN_VARIANT,
            f"unknown rule set {variant_id!r} (known: {', '.join(VARIANTS)})",
        )
    return importlib.import_module(f"{__name__}.{variant_id}").VARIANT
