"""国标 Guobiao: the fast path of ``mjscore calc`` — the common hand-string shapes read straight
into the calculator's positional arguments (checked against ``parse_hand`` by property tests)."""

from __future__ import annotations

from .gb_eval import WINDS, CalcInput, Situation
from .gb_quick import _fast_args  # the reader lives there (light imports)

_SITUATIONS: dict[tuple, Situation] = {}  # (context facts, flowers): at most 4·4·16·9


def fast_input(s: str) -> tuple[CalcInput, Situation] | None:
    """:func:`_fast_args` as (calculator input, situation of the |context and flowers), or None."""
    fast = _fast_args(s)
    if fast is None:
        return None
    (pack, hand, win, flowers, sd, l4, kong, wl, sw, pw, _), has_kong, copies = fast
    key = (sd, l4, kong, wl, sw, pw, flowers)
    sit = _SITUATIONS.get(key)
    if sit is None:
        sit = _SITUATIONS[key] = Situation(
            prevailing_wind=WINDS[pw],
            seat_wind=WINDS[sw],
            self_drawn=sd,
            last_copy=l4,
            last_tile=wl,
            kong=kong,
            flowers=flowers,
        )
    return CalcInput(pack, hand, win, has_kong, copies), sit
