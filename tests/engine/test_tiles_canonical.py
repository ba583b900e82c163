"""parse_hand's reading of hand strings as format_hand writes them agrees with the checked parser.

The plain reading reads such a string (melds, then the standing tiles by suit and the winning
tile apart, then ``|context|flowers``) part by part from memos; any other order of the
standing tiles is read token by token. On seeded random hands written both ways, of every rule
set, with fifth copies, dragons (flowers in 南京), honour chows and malformed sections, and on
single-character mutations of them, the plain reading answers only what the checked parser
answers, and the same HandTiles. ``parse_tiles`` of letters alone is held against its reader.
"""

from __future__ import annotations

import random

import pytest
from mjscore.engine import tiles_plain as tiles_mod
from mjscore.engine.errors import MjError
from mjscore.engine.tiles import (
    ALL_TILES,
    HONOURS,
    _parse_plain,
    _plain_run,
    format_tiles,
    parse_hand,
    parse_tiles,
    sort_tiles,
)

from tests.engine.hand_strings import VARIANTS, mutate, plain_agrees, with_sections

FEW = ["1m", "2m", "5m", "9m", "3p", "5p", "7s", "9s", "E", "N", "C", "P"]  # fifth copies happen


def _meld(rng: random.Random) -> str:
    kind = rng.random()
    t = rng.choice(FEW)
    if kind < 0.4:
        return f"[{format_tiles([t] * 3)}{rng.choice(['', ',1', ',2', ',3', ',5'])}]"
    if kind < 0.6:
        return f"[{format_tiles([t] * 4)}{rng.choice(['', ',1', ',3', ',6', ',7'])}]"
    if kind < 0.9:
        s, r = rng.choice("mps"), rng.randint(1, 7)
        run = [f"{r + i}{s}" for i in range(3)]
        rng.shuffle(run)
        return f"[{format_tiles(run)}{rng.choice(['', ',1', ',2', ',3', ',6'])}]"
    return f"[{''.join(rng.sample(rng.choice(['ESWN', 'CFP']), 3))},1]"


def _hand(rng: random.Random) -> str:
    melds = [_meld(rng) for _ in range(rng.choice((0, 0, 1, 2, 3, 4)))]
    n = 14 - 3 * len(melds) + rng.choice((0, 0, 0, 0, 0, 1, -1))
    pool = FEW if rng.random() < 0.5 else ALL_TILES
    loose = [rng.choice(pool) for _ in range(max(n, 1))]
    standing = loose[:-1]
    if rng.random() < 0.85:
        standing = list(sort_tiles(standing))  # as format_hand writes them
    body = "".join(melds) + format_tiles(standing) + loose[-1]
    return with_sections(rng, body, 0.4, 0.7)


def test_the_reading_by_parts_agrees_with_the_checked_parser():
    rng = random.Random(2718)
    answered = by_parts = 0
    for _ in range(8000):
        s = _hand(rng)
        v = rng.choice(VARIANTS)
        if plain_agrees(s, v):
            answered += 1
            by_parts += tiles_mod._CANON.fullmatch(s) is not None
        for _ in range(3):
            plain_agrees(mutate(rng, s), v)
    assert by_parts > 1500  # the strings format_hand writes are read by parts
    assert answered - by_parts > 100  # and the others token by token


def test_every_part_in_order_is_read_by_parts_and_no_other():
    # _CANON itself vouches for each part's order and its at most four of a kind: a hand in
    # the order format_hand writes, four of a kind at most, is read by parts (the winning
    # tile an honour like the last one held too), and a part out of order or with a fifth
    # copy is not (the token-by-token reading then answers, or the checked parser)
    rng = random.Random(4242)
    honours_won = 0
    for _ in range(3000):
        kinds = ALL_TILES if rng.random() < 0.5 else {*rng.sample(ALL_TILES, 3), *HONOURS}
        pool = [t for t in kinds for _ in range(4)]
        loose = rng.sample(pool, 14)
        standing = list(sort_tiles(loose[:-1]))
        s = format_tiles(standing) + loose[-1]
        honours_won += loose[-1] in HONOURS and loose[-1] == standing[-1]
        assert tiles_mod._CANON.fullmatch(s) is not None, s
        assert plain_agrees(s, "guobiao"), s
        i = rng.randrange(len(standing) - 1)
        if standing[i] != standing[i + 1] and standing[i][-1] == standing[i + 1][-1]:
            swapped = [*standing[:i], standing[i + 1], standing[i], *standing[i + 2 :]]
            assert tiles_mod._CANON.fullmatch(format_tiles(swapped) + loose[-1]) is None
            assert plain_agrees(format_tiles(swapped) + loose[-1], "guobiao")
    assert honours_won > 50
    for s in ("11111m23p456s789s9s", "123m456p789sEEEEE1s", "123m456p789s1sEEEEE"):
        assert tiles_mod._CANON.fullmatch(s) is None, s


def test_a_bracket_holding_no_meld_is_left_to_the_checked_parser():
    # _CANON only brackets the melds: what is between is read when first met, and anything
    # but tiles and a claim digit is declined (the checked parser then words the error)
    for inner in ("12x3m", "[123m", "123m|EE0000", "123m,4", "123m,", ",1", "1m 2m3m", "EEE,11"):
        s = f"[{inner}]123m456p1789s1s"
        assert tiles_mod._CANON.fullmatch(s) is not None, s
        for v in VARIANTS:
            assert _parse_plain(s, v) is None, (s, v)
            assert not plain_agrees(s, v), (s, v)
    assert plain_agrees("[123p]123m456p1789s1s", "nanjing")  # a meld there is read


def test_the_memos_give_the_same_reading_again():
    rng = random.Random(31)
    hands = [(_hand(rng), rng.choice(VARIANTS)) for _ in range(2000)]
    first = [_parse_plain(s, v) for s, v in hands]
    again = [_parse_plain(s, v) for s, v in hands]
    assert first == again
    for memo in (*tiles_mod._PARTS, *tiles_mod._MELDS):
        memo.clear()
    assert [_parse_plain(s, v) for s, v in hands] == first


def test_a_fifth_copy_or_a_dragon_in_nanjing_is_left_to_the_checked_parser():
    for s, v in (
        ("11111m23p456s789s9s", None),  # five alike standing
        ("1111m123p456s789s1m", None),  # the winning tile is the fifth
        ("[111m,1]11m456p789s23s1m", None),  # a pung, one standing and the winning tile
        ("[1111m]1m23456p789s99s", None),  # a kong and one standing
        ("[111m,1][111m,2]456p789s23s4s", None),  # the melds alone
        ("123m456p789s11sCCC|EE0000", "nanjing"),  # a dragon standing
        ("[CCC,1]123m456p789s1s1s", "nanjing"),  # a dragon melded
        ("123m456p789s1122sC", "nanjing"),  # the winning tile a dragon
    ):
        assert _parse_plain(s, v) is None, s
        assert not plain_agrees(s, v), s
    assert plain_agrees("123m456p789s11sCCC", "guobiao")
    assert plain_agrees("[CCC,1]123m456p789s1s1s", "guobiao")


def test_parse_hand_reads_a_string_once_and_words_a_refusal_as_before():
    s = "[3333m][EEE,1]35678p88s4p"
    assert parse_hand(s, variant="nanjing", waiting_ok=False) is parse_hand(
        s, variant="nanjing", waiting_ok=False
    )
    wide = "１２３ｍ456p789s11s222s"  # full-width digits: read as ASCII
    assert parse_hand(wide) == parse_hand("123m456p789s11s222s")
    for bad in ("123m456p789s11s22", "123m" * 60, 5, "123m456p789s11s2²s"):
        with pytest.raises(MjError):
            parse_hand(bad)  # type: ignore[arg-type]


def test_letters_alone_are_read_as_the_run_reader_reads_them():
    rng = random.Random(5)
    for _ in range(3000):
        s = "".join(rng.choice("abcdefghESWNCFP1m ") for _ in range(rng.randint(0, 6)))
        for flowers in (False, True):
            try:
                want = ("ok", _plain_run.__wrapped__(s, flowers))
            except MjError as e:
                want = ("err", e.code, e.message, e.where)
            try:
                got = ("ok", parse_tiles(s, allow_flowers=flowers))
            except MjError as e:
                got = ("err", e.code, e.message, e.where)
            assert got == want, (s, flowers)
    assert parse_tiles(HONOURS) == tuple(HONOURS)
    with pytest.raises(MjError, match="at most 200"):
        parse_tiles("a" * 201, allow_flowers=True)


def test_the_tally_of_melded_and_standing_tiles_finds_a_fifth_copy():
    """The plain reading's tally (tiles_plain._WEIGHT) of up to 21 of a kind, as a hand with
    melds reaches it: a kind held five times or more, and only then, sets its top bit."""
    rng = random.Random(21)
    kinds = list(tiles_mod._WEIGHT)
    for _ in range(3000):
        counts = {t: rng.choice((0, 0, 1, 2, 3, 4)) for t in kinds}
        if rng.random() < 0.5:  # one kind held five times or more
            counts[rng.choice(kinds)] = rng.randint(5, 21)
        tally = sum(n * tiles_mod._WEIGHT[t] for t, n in counts.items())
        fifth = bool((tally + tiles_mod._ADD) & tiles_mod._FIFTH)
        assert fifth == any(n > 4 for n in counts.values()), counts
        dragons = bool(tally & tiles_mod._DRAGON_BITS)
        assert dragons == any(counts[d] for d in "CFP")
