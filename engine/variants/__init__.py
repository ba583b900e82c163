"""The four rule sets, loaded lazily so one variant's import never costs another's.

This package's own import is kept light (no records, no settlement types): ``mjscore calc``
of a plain 国标 hand needs nothing else (:func:`quick_calc`).
"""

from __future__ import annotations

import importlib
from functools import cache

from ..errors import ErrorCode, MjError
from ..texts_record import txt

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from ..rules import Rules
    from ..variant import Variant


@cache
def get_variant(variant_id: str) -> Variant[Rules]:
    """The :class:`engine.core.Variant` instance for ``variant_id``."""
    from ..events import VARIANTS

    if variant_id not in VARIANTS:
        raise MjError(
            ErrorCode.UNKNOWN_VARIANT,
            txt("unknown_rule_set_known", variant_id=variant_id, p2=", ".join(VARIANTS)),
        )
    return importlib.import_module(f"{__name__}.{variant_id}").VARIANT


# rule sets whose ``calc`` has a path that imports only what it needs: module, function
_QUICK_CALC = {"guobiao": ("gb_quick", "quick")}


def quick_calc(variant_id: str, hand: str) -> tuple[dict, tuple[str, ...]] | None:
    """``calc`` of ``hand`` under the default options with no flag and no jing, as (JSON,
    text lines), by the rule set's light path; None where ``get_variant(id).calc`` must
    answer (no such path, an unusual string, anything to refuse). Same answer either way."""
    where = _QUICK_CALC.get(variant_id)
    if where is None:
        return None
    return getattr(importlib.import_module(f"{__name__}.{where[0]}"), where[1])(hand)
