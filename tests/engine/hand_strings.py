"""What the tests of parse_hand's quick readings share: seeded hand strings' sections and
one-character mutations, and the check that a quick reading answers only what the checked
parser answers (tests/engine/test_tiles_fast.py, tests/engine/test_tiles_canonical.py)."""

from __future__ import annotations

import random

from mjscore.engine.errors import MjError
from mjscore.engine.tiles import _parse_checked, _parse_plain

VARIANTS = (None, "nanning", "nanjing", "guobiao", "nanchang")
ALPHABET = "123456789mpsESWNCFPabcdefgh[],|0 "


def with_sections(rng: random.Random, body: str, bare: float, context_only: float) -> str:
    """``body`` alone (with chance ``bare``), with a ``|context`` (up to ``context_only``),
    else with a ``|context|flowers`` section too (a count or flower letters)."""
    r = rng.random()
    if r < bare:
        return body
    ctx = "".join(rng.choice("ESWN") for _ in range(2)) + "".join(
        rng.choice("01") for _ in range(4)
    )
    if r < context_only:
        return f"{body}|{ctx}"
    flowers = (
        str(rng.randint(0, 21))
        if rng.random() < 0.3
        else "".join(rng.sample("abcdefghCCFP", rng.randint(1, 5)))
    )
    return f"{body}|{ctx}|{flowers}"


def mutate(rng: random.Random, s: str) -> str:
    """``s`` with one character replaced, put in or taken out."""
    i = rng.randrange(len(s) + 1)
    op = rng.random()
    if op < 0.4 and i < len(s):
        return s[:i] + rng.choice(ALPHABET) + s[i + 1 :]
    if op < 0.7:
        return s[:i] + rng.choice(ALPHABET) + s[i:]
    return s[:i] + s[i + 1 :]


def plain_agrees(s: str, variant: str | None) -> bool:
    """True when the quick reading answered (and agreed with the checked parser); it must
    decline every string the checked parser refuses."""
    fast = _parse_plain(s, variant)
    try:
        slow = _parse_checked(s, variant, True)
    except MjError:
        assert fast is None, (s, variant, fast)
        return False
    assert fast is None or fast == slow, (s, variant, fast, slow)
    return fast is not None
