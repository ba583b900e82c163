"""Tile notation of spec/RECORD.md: valid strings, round trips, and every error class."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.tiles import (
    ALL_TILES,
    Context,
    HandTiles,
    format_hand,
    parse_hand,
    parse_tiles,
    predecessor,
    successor,
)


@pytest.mark.parametrize(
    "text",
    [
        "19m19p19sESWNCFPP|EE1000",  # RECORD/issue 2: 十三幺
        "[345s,2]3p55p5567p[7777s]4p|EE0100|cbaghdfe",  # RECORD.md example
        "[EEE,2][SSSS,1]WWWNN55pN|EE1000",
        "123m456p789s1122s ",
        "[5555p,6]123m678p789s11s",
        "[5555p]123m678p789s11s",
        "[ESW,1]123m456p789s11s",
    ],
)
def test_round_trip(text):
    variant = "nanchang" if "ESW," in text else None
    h = parse_hand(text, variant=variant)
    again = parse_hand(format_hand(h), variant=variant)
    assert again == h
    assert format_hand(again) == format_hand(h)


def test_record_example_fields():
    # RECORD.md: `[345s,2]3p55p5567p[7777s]4p|EE0100|cbaghdfe`
    h = parse_hand("[345s,2]3p55p5567p[7777s]4p|EE0100|cbaghdfe")
    chow, kong = h.melds
    assert chow.kind == "chow" and chow.tiles == ("3s", "4s", "5s") and chow.claimed_tile == "4s"
    assert chow.from_rel == 1  # a chow is always claimed from 上家
    assert kong.kind == "kong" and kong.concealed and kong.from_rel is None
    assert h.win_tile == "4p"  # the last tile written outside brackets
    assert h.concealed == ("3p", "5p", "5p", "5p", "5p", "6p", "7p")
    assert h.context == Context("E", "E", False, True, False, False)
    assert h.flowers == tuple("abcdefgh") and h.flower_count == 8


def test_meld_seats():
    h = parse_hand("[555p,2][6666p,1][7777p,7][1111s]9s9s")
    pung, exposed, added, concealed = h.melds
    assert pung.kind == "pung" and pung.from_rel == 2 and pung.from_seat(0) == 2
    assert exposed.from_rel == 1 and exposed.from_seat(0) == 3  # 上家 of seat 0 is seat 3
    assert added.added and added.from_rel == 3 and added.from_seat(0) == 1  # 下家
    assert concealed.concealed
    assert parse_hand("[555p]123m456p789s11s").melds[0].from_rel == 1  # default 1


def test_waiting_hand_and_counts():
    h = parse_hand("1112345678999m ")
    assert h.win_tile is None and len(h.concealed) == 13
    assert parse_hand("123m456p789s111s22s|EE0000|3").flower_count == 3


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("123m4", "position 5: digits '4' have no suit"),
        ("123x", "position 4: unknown character 'x'"),
        ("11111m22m33m44m5m", "fifth copy of 1m"),
        ("123m456p789s11s", "too few tiles"),
        ("123m456p789s11s2222s", "too many tiles"),
        ("[1234m]123m456p789s11s", "[1234m] is not a pung, kong or chow"),
        ("[135m]123m456p789s11s", "not a pung, kong or chow"),
        ("[555p,4]123m456p789s1s", "meld seat must be one of"),
        ("[555p,5]123m456p789s1s", "5/6/7 mark an added kong"),
        ("[555p123m456p789s1s", "never closed"),
        ("555p]123m456p789s1s", "without '['"),
        ("123m456p789s111s22s|EE000", "six characters"),
        ("123m456p789s111s22s|XE0000", "wind must be one of"),
        ("123m456p789s111s22s|EE2000", "must be 0 or 1"),
        ("123m456p789s111s22s|EE0011", "robbed kong"),
        ("123m456p789s111s22s|EE0000|z", "not a flower"),
        ("123m456p789s111s22s|EE0000|aa", "more than 1 time"),
        ("123m456p789s111s22s|EE0000|9", "more than the 8"),
        ("123m456p789s1a1s2s", "flower section"),
        ("1 23m456p789s11s2s", "a space may only end"),
        ("0m123m456p789s11s", "'0' is not a tile rank"),
        (
            "[ESW,1]123m456p789s11s",
            "[ESW] is not a pung, kong or chow",
        ),  # honour chows are Nanchang's
        ("", "no tiles"),
    ],
)
def test_errors_name_position_and_reason(text, fragment):
    with pytest.raises(MjError) as e:
        parse_hand(text)
    assert e.value.code == ErrorCode.BAD_TILES
    assert fragment in str(e.value)
    assert "position" in str(e.value)


def test_empty_flower_section_is_accepted():
    # GB-Mahjong strings (RECORD.md: "compatible") may end in an empty flower section
    h = parse_hand("[NNN,3]77789m11888p7m|EE0000|")
    assert h.flowers is None and h.context == Context()


def test_nanjing_dragons_are_flowers():
    h = parse_hand("123m456p789s111s22s|EE0000|aCCC", variant="nanjing")
    assert h.flowers == ("C", "C", "C", "a")
    with pytest.raises(MjError, match="flower in Nanjing"):
        parse_hand("123m456p789s11sCC", variant="nanjing")
    assert parse_hand("123m456p789s111s22s|EE0000|20", variant="nanjing").flowers == 20


def test_plain_tiles_and_cycles():
    assert parse_tiles("159mEC") == ("1m", "5m", "9m", "E", "C")
    assert parse_tiles("aCC", allow_flowers=True) == ("a", "C", "C")
    with pytest.raises(MjError):
        parse_tiles("12")
    # RULES.md §4: suits wrap 9→1; 东→南→西→北→东; 中→发→白→中
    assert successor("9m") == "1m" and successor("N") == "E" and successor("P") == "C"
    assert all(predecessor(successor(t)) == t for t in ALL_TILES)


# random well-formed hands: melds + standing tiles, then round trip
@st.composite
def hands(draw):
    pool = {t: 4 for t in ALL_TILES}
    melds = []
    n = draw(st.integers(0, 4))
    text = ""
    for _ in range(n):
        t = draw(st.sampled_from([t for t in ALL_TILES if pool[t] == 4]))
        kind = draw(st.sampled_from(["pung", "kong"]))
        k = 3 if kind == "pung" else 4
        pool[t] -= k
        claim = draw(
            st.sampled_from(["", ",1", ",2", ",3"] + ([",5", ",6", ",7"] if kind == "kong" else []))
        )
        tt = t * k if len(t) == 1 else t[0] * k + t[1]
        text += f"[{tt}{claim}]"
        melds.append(t)
    rest = 14 - 3 * n
    loose = []
    for _ in range(rest):
        t = draw(st.sampled_from([t for t in ALL_TILES if pool[t] > 0]))
        pool[t] -= 1
        loose.append(t)
    text += "".join(loose)
    return text


@settings(max_examples=200, deadline=None)
@given(hands())
def test_round_trip_property(text):
    h = parse_hand(text)
    assert isinstance(h, HandTiles)
    assert parse_hand(format_hand(h)) == h


# RECORD.md: "Optional flowers after a second |"; a lone section of flower letters or a count
# cannot be a context ("six characters WSZJHK", two winds first), so it reads as the flowers
@pytest.mark.parametrize(
    ("lone", "full", "variant"),
    [
        ("123m456s789s11p555s|ab", "123m456s789s11p555s||ab", None),
        ("123m456s789s11p555s|3", "123m456s789s11p555s||3", None),
        ("123m456s789s11p555s|aCC", "123m456s789s11p555s||aCC", "nanjing"),
        ("123m456s789s11p555s|12", "123m456s789s11p555s||12", "nanjing"),
    ],
)
def test_a_lone_flower_section_reads_as_the_flowers(lone, full, variant):
    assert parse_hand(lone, variant=variant) == parse_hand(full, variant=variant)
    assert parse_hand(lone, variant=variant).context is None


@pytest.mark.parametrize(
    "text",
    ["123m456s789s11p555s|aE", "123m456s789s11p555s|ab|cd", "123m456s789s11p555s|EE01"],
)
def test_a_section_that_mixes_flowers_and_context_is_still_refused(text):
    with pytest.raises(MjError) as e:
        parse_hand(text)
    assert "context must be six characters" in e.value.message


def test_a_context_keeps_its_meaning_before_the_flowers():
    h = parse_hand("123m456s789s11p555s|EE0100|ab")
    assert h.context == Context("E", "E", False, True, False, False) and h.flowers == ("a", "b")
    with pytest.raises(MjError):
        parse_hand("123m456s789s11p555s|aCC")  # C is 中, a flower only in 南京
