"""Shortcuts the engine takes on its hot paths, each against the general way it replaced.

- ``results.advance`` builds the next TableState field by field: the same state as
  ``dataclasses.replace`` gives, for every field the state has.
- ``Win.flags_set`` reads the flags in one step: the same names as reading each flag.
- ``tiles.parse_tiles`` remembers plain runs: the same tiles and the same refusals as the
  tokenizer, with or without a location.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from mjscore.engine.errors import MjError
from mjscore.engine.events import WIN_FLAGS, Win
from mjscore.engine.results import TableState, advance
from mjscore.engine.tiles import _err, _tokenize, parse_tiles, tile_text


def test_advance_is_replace_for_every_field():
    names = [f.name for f in dataclasses.fields(TableState)]
    # a new field must be carried over by advance() too: this list is what it copies
    assert names == ["hand_number", "dealer", "prevailing_wind", "bixiahu", "flags", "passes"]
    rng = random.Random(7)
    for _ in range(500):
        st = TableState(
            hand_number=rng.randint(1, 99),
            dealer=rng.randrange(4),
            prevailing_wind=rng.choice("ESWN"),
            bixiahu=rng.random() < 0.5,
            flags=rng.randrange(5),
            passes=rng.randrange(20),
        )
        new = {
            "dealer": (st.dealer + 1) % 4,
            "prevailing_wind": rng.choice("ESWN"),
            "bixiahu": not st.bixiahu,
            "flags": rng.randrange(5),
            "passes": st.passes + 1,
        }
        changes = {n: new[n] for n in rng.sample(names[1:], rng.randrange(6))}
        want = dataclasses.replace(st, hand_number=st.hand_number + 1, **changes)
        assert advance(st, **changes) == want
        assert advance(st, hand_number=7, **changes) == dataclasses.replace(
            st, **changes, hand_number=7
        )


def test_advance_carries_a_wider_state_and_refuses_an_unknown_field():
    @dataclasses.dataclass(frozen=True)
    class Wider(TableState):
        __slots__ = ()

    st = TableState(dealer=2, flags=1)
    with pytest.raises(TypeError):
        advance(st, dealr=3)
    wide = Wider(dealer=1)
    assert advance(wide, flags=2) == dataclasses.replace(wide, hand_number=2, flags=2)
    assert type(advance(wide, dealer=0)) is Wider


def test_flags_set_reads_each_flag():
    rng = random.Random(8)
    values = (None, False, True, 0, 1, 2, 3)
    for _ in range(500):
        flags = {n: rng.choice(values) for n in rng.sample(WIN_FLAGS, rng.randrange(5))}
        flags = {n: v for n, v in flags.items() if v is not None}
        win = Win(player=0, from_=1, hand=None, **flags)
        want = tuple(n for n in WIN_FLAGS if getattr(win, n) not in (None, False))
        assert win.flags_set == want


def _old_parse_tiles(s, *, allow_flowers=False, where=None):
    try:
        s = tile_text(s)
        if any(ch in "[]|," for ch in s):
            bad = next(i for i, ch in enumerate(s) if ch in "[]|,")
            raise _err(bad + 1, f"{s[bad]!r} is not allowed in a plain tile list")
        return tuple(t for t, _ in _tokenize(s, 0, len(s), allow_flowers=allow_flowers))
    except MjError as e:
        if where:
            raise MjError(e.code, f"{e.where}: {e.message}", where=where) from None
        raise


@pytest.mark.parametrize(
    "s",
    [
        "19mEC",
        "aCC",
        "abcdefgh",
        "1m",
        "0m",
        "12",
        "m",
        "a1m",
        "1m,2m",
        "[1m]",
        "E S",
        "１２ｍ",
        "²",
    ],
)
def test_parse_tiles_remembered_gives_the_same(s):
    for allow in (False, True):
        for where in (None, "events[0].tiles"):
            for _ in range(2):  # the second call is answered from memory
                try:
                    want = ("ok", _old_parse_tiles(s, allow_flowers=allow, where=where))
                except MjError as e:
                    want = ("err", e.message, e.where)
                try:
                    got = ("ok", parse_tiles(s, allow_flowers=allow, where=where))
                except MjError as e:
                    got = ("err", e.message, e.where)
                assert got == want


def test_strict_loads_reads_whole_numbers_as_the_checked_reader_does():
    from mjscore.engine.jsonin import MAX_INT_DIGITS, strict_loads

    long = "9" * (MAX_INT_DIGITS + 1)
    ok = "-" + "9" * MAX_INT_DIGITS
    for text in (
        f'{{"a": {ok}, "b": [1, -2, 0]}}',
        f'{{"name": "{long}", "n": 3}}',  # a long run of digits inside a string only
        f'{{"a": {long}}}',
        f'{{"a": [1, -{long}]}}',
        f'{{"s": "{long}", "a": {long}5}}',
    ):
        for src in (text, text.encode()):
            try:
                got = ("ok", strict_loads(src))
            except MjError as e:
                got = ("err", e.message)
            want_long = any(len(t.lstrip("-")) > MAX_INT_DIGITS for t in _ints(text))
            if want_long:
                assert got[0] == "err", (text, got)
                assert got[1].startswith(f"a whole number with more than {MAX_INT_DIGITS} digits")
            else:
                import json

                assert got == ("ok", json.loads(text)), text


def _ints(text: str) -> list[str]:
    import re

    return re.findall(r'(?<![0-9"])-?[0-9]+(?![0-9"])', text)


def _slow_sets_and_pair(counts, pair):
    """nanchang_wild.sets_and_pair's search by fewest wildcards, with none to spend."""
    from mjscore.engine.variants import nanchang_wild as nw

    groups = nw._split(counts)
    nopair = [nw._group_min(k, g, False) for k, g in groups]
    base = sum(nopair)
    if not pair:
        return base <= 0
    return any(base - nopair[j] + nw._group_min(k, g, True) <= 0 for j, (k, g) in enumerate(groups))


def test_nanchang_split_without_wildcards_is_the_fewest_wildcards_search():
    from mjscore.engine.tiles import ALL_TILES
    from mjscore.engine.variants.nanchang_wild import sets_and_pair

    rng = random.Random(9)
    agree = complete = 0
    for _ in range(20_000):
        counts = [0] * 34
        n = rng.choice((2, 5, 8, 11, 14, 3, 6, 9, 12))
        if rng.random() < 0.5:  # built from sets, so that many split
            while sum(counts) < n - 2:
                i = rng.randrange(34)
                if i < 27 and i % 9 <= 6 and rng.random() < 0.6:
                    ks = (i, i + 1, i + 2)
                elif i >= 27 and rng.random() < 0.4:
                    ks = tuple(rng.sample(range(27, 31), 3)) if i < 31 else (31, 32, 33)
                else:
                    ks = (i, i, i)
                for k in ks:
                    counts[k] += 1
        while sum(counts) < n:
            counts[rng.randrange(len(ALL_TILES))] += 1
        if max(counts) > 4:
            continue
        for pair in (False, True):
            if sum(counts) % 3 != (2 if pair else 0):
                continue
            want = _slow_sets_and_pair(counts, pair)
            assert sets_and_pair(counts, 0, pair=pair) == want, (counts, pair)
            agree += 1
            complete += want
    assert agree > 5000 and complete > 500
