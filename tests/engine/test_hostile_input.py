"""Hostile records and tile strings: each is refused in one MjError naming where, never a
traceback, and nothing valid today is refused (the bounds of docs/record-format.md)."""

from __future__ import annotations

import copy
import json
from decimal import Decimal

import pytest
from mjscore.engine.core import replay
from mjscore.engine.errors import MjError
from mjscore.engine.names import name_key
from mjscore.engine.record import dump_session, load_session
from mjscore.engine.tiles import ascii_text, parse_hand, parse_tiles
from mjscore.engine.variants import get_variant

from tests.builders import RECORDS


def text_with(patch: str, base: str = "guobiao") -> str:
    """The JSON text of a record with ``patch`` (one raw JSON member) in place of its field."""
    key = patch.split('"')[1]
    rec = {k: v for k, v in RECORDS[base].items() if k != key}
    return "{" + patch + ", " + json.dumps(rec, ensure_ascii=False)[1:]


def refused(src, where: str | None = None, fragment: str = "") -> MjError:
    with pytest.raises(MjError) as e:
        load_session(src)
    if where is not None:
        assert e.value.where == where, str(e.value)
    assert fragment in str(e.value)
    assert "\n" not in str(e.value)
    return e.value


# ---------------------------------------------------------------- duplicate keys
def test_a_repeated_key_is_refused_not_the_last_one_kept():
    rec = json.dumps(RECORDS["guobiao"], ensure_ascii=False)
    twice = rec.replace('"hands": [', '"hands": [], "hands": [', 1)
    refused(twice, "$", '"hands" appears twice')


def test_a_repeated_key_inside_an_event_is_refused():
    rec = json.dumps(RECORDS["guobiao"], ensure_ascii=False)
    twice = rec.replace('"player": ', '"player": 3, "player": ', 1)
    refused(twice, fragment='"player" appears twice')


# ---------------------------------------------------------------- the stake
@pytest.mark.parametrize(
    "literal", ["100000000000000000.01", "0.12345678", "12345678901234567890", "1.50", "0.5"]
)
def test_the_stake_keeps_every_digit_through_dump_and_load(literal):
    s = load_session(text_with(f'"stake": {literal}'))
    assert s.stake == Decimal(literal)
    text = dump_session(s)
    assert f'"stake": {literal},' in text  # a JSON number literal, not a float's digits
    assert json.loads(text, parse_float=str, parse_int=str)["stake"] == literal
    assert json.loads(text)["format"] == 1  # still format 1
    assert str(load_session(text).stake) == literal


def test_a_stake_as_a_decimal_string_is_read_exactly():
    assert load_session(text_with('"stake": "0.12345678"')).stake == Decimal("0.12345678")


@pytest.mark.parametrize(
    "literal, fragment",
    [
        ("1e999999999", "significant digits"),
        ("1e5000", "significant digits"),
        ("1e-999999999", "decimal places"),
        ("0.123456789", "decimal places"),
        ("123456789012345678901", "significant digits"),
        ('"1e5000"', "significant digits"),
        ("0", "positive"),
        ("-1", "positive"),
        ("true", "positive"),
        ("[]", "positive"),
    ],
)
def test_a_stake_out_of_bounds_is_refused_with_its_path(literal, fragment):
    refused(text_with(f'"stake": {literal}'), "stake", fragment)


# ---------------------------------------------------------------- types and bounds
@pytest.mark.parametrize(
    "patch, where",
    [
        ('"first_dealer": 1.0', "first_dealer"),
        ('"format": true', "format"),
        ('"format": 1.0', "format"),
        ('"options": 0', "options"),
        ('"options": false', "options"),
        ('"options": ""', "options"),
        ('"options": []', "options"),
        ('"variant": []', "variant"),
        ('"options": {"false_win_penalty": 10000000000000000000}', "options.false_win_penalty"),
        ('"options": {"min_fan": 8.0}', "options.min_fan"),
        ('"options": {"min_fan": true}', "options.min_fan"),
    ],
)
def test_ill_typed_or_unbounded_top_level_fields_are_refused(patch, where):
    refused(text_with(patch), where)


def _event_record(event: dict) -> dict:
    rec = copy.deepcopy(RECORDS["guobiao"])
    rec["hands"] = [{"events": [event]}]
    return rec


@pytest.mark.parametrize(
    "event, where",
    [
        ({"type": [], "player": 0}, "hands[0].events[0].type"),
        ({"type": {}, "player": 0}, "hands[0].events[0].type"),
        ({"type": "win", "player": 0, "from": 1, "fan": 8.0}, "hands[0].events[0].fan"),
        ({"type": "win", "player": 0, "from": 1, "fan": 10**20}, "hands[0].events[0].fan"),
        ({"type": "win", "player": 0, "from": 1, "fan": True}, "hands[0].events[0].fan"),
        ({"type": "false_win", "player": 1.0}, "hands[0].events[0].player"),
        ({"type": "win", "player": 0, "from": 1, "hand": "1" * 10_000_000}, None),
    ],
)
def test_ill_typed_or_unbounded_event_fields_are_refused(event, where):
    refused(json.dumps(_event_record(event)), where)


def test_the_error_message_of_a_decimal_in_a_whole_number_field_prints():
    e = refused(text_with('"first_dealer": 1.0'), "first_dealer")
    assert "1.0" in e.message


def test_numbers_written_with_thousands_of_digits_are_refused_up_front():
    refused(text_with('"first_dealer": ' + "1" * 5000), "$", "more than 30 digits")


@pytest.mark.parametrize("depth", [100, 5000, 200_000])
def test_deep_nesting_is_refused_in_one_line(depth):
    refused(text_with('"options": ' + "[" * depth + "]" * depth), "$", "nested")


def test_nesting_of_an_already_decoded_record_is_bounded_too():
    rec = copy.deepcopy(RECORDS["guobiao"])
    deep: list = []
    for _ in range(50):
        deep = [deep]
    rec["options"] = {"min_fan": deep}
    with pytest.raises(MjError, match="nested"):
        load_session(rec)


def test_nan_and_infinity_are_refused():
    refused(text_with('"stake": NaN'), "$", "NaN")
    refused(text_with('"stake": Infinity'), "$", "Infinity")


def test_the_bounds_admit_todays_values():
    assert get_variant("guobiao").rules({"min_fan": 0}).min_fan == 0
    load_session(text_with('"options": {"min_fan": 0, "false_win_penalty": 1000000}'))
    for rec in RECORDS.values():
        load_session(copy.deepcopy(rec))


# ---------------------------------------------------------------- the tile reader
def test_full_width_typing_reads_as_ascii():
    assert ascii_text("１２３ｍ｜ＥＥ") == "123m|EE"
    assert ascii_text("123m\u3000") == "123m "
    wide = "１２３ｍ４５６ｐ７８９ｓ１２３ｍ５５ｐ"
    assert parse_hand(wide) == parse_hand("123m456p789s123m55p")


@pytest.mark.parametrize(
    "text, position", [("1²3m", 2), ("①23m", 1), ("12٣m", 3), ("12\u200b3m", 3), ("1０3m", 2)]
)
def test_other_non_ascii_digits_are_refused_with_their_position(text, position):
    with pytest.raises(MjError) as e:
        parse_tiles(text)
    assert f"position {position}" in str(e.value)


@pytest.mark.parametrize("flowers", ["²", "٣", "①"])
def test_a_flower_count_in_other_digits_is_refused(flowers):
    with pytest.raises(MjError):
        parse_hand(f"123m456p789s123m55p|EE0000|{flowers}", variant="nanjing")


def test_a_ten_megabyte_hand_string_is_refused_at_once():
    with pytest.raises(MjError, match="at most 200 characters"):
        parse_hand("1" * 10_000_000)


def test_an_events_full_width_tile_is_stored_as_ascii_and_counted_as_a_copy():
    rec = copy.deepcopy(RECORDS["nanning"])
    s = load_session(
        json.dumps(
            {
                **rec,
                "hands": [
                    {
                        "events": [
                            {"type": "pung", "player": 1, "from": 0, "tile": "５ｐ"},
                            {"type": "draw"},
                        ]
                    }
                ],
            },
            ensure_ascii=False,
        )
    )
    assert s.hands[0].events[0].tile == "5p"
    # a fifth 5p: the kong's four and the winner's pung's copy are refused as five copies
    five = {
        **rec,
        "hands": [
            {
                "events": [
                    {"type": "kong", "player": 1, "kind": "concealed", "tile": "５ｐ"},
                    {"type": "win", "player": 0, "from": 2, "hand": "555p123m456m789m11s"},
                ]
            }
        ],
    }
    with pytest.raises(MjError, match="5p appears 7 times"):
        replay(load_session(json.dumps(five, ensure_ascii=False)))


# ---------------------------------------------------------------- names
def test_the_name_key_ignores_case_invisible_characters_and_spacing():
    assert name_key("Ann") == name_key("ann\u200b") == name_key("A\u00adnn") == name_key("ANN")
    assert name_key("老  王") == name_key("老 王")
    assert name_key("Zoe\u0308") == name_key("Zoë")  # NFC
    assert name_key("Ann") != name_key("Anne")


@pytest.mark.parametrize(
    "second", ["Ann\u200b", "ann", "ANN", "A\ufeffnn"], ids=["zwsp", "lower", "upper", "bom"]
)
def test_two_names_with_one_key_in_a_record_are_refused(second):
    rec = copy.deepcopy(RECORDS["guobiao"])
    rec["players"] = ["Ann", second, "Bo", "Cy"]
    refused(rec, "players", "different")
