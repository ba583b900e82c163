"""Session records (RECORD.md): loading, validation with paths, stable dumping.

A stand-in variant keeps these tests about the record format, not about any rule set.
"""

import copy
import json
from dataclasses import dataclass

import mjscore.engine.variants
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.core import Variant
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.names import name_key
from mjscore.engine.record import Draw, Kong, Win, dump_session, load_session
from mjscore.engine.rules import option
from mjscore.engine.variants import guobiao_data


@dataclass(frozen=True, slots=True, kw_only=True)
class _Rules:
    false_win_penalty: int = option(10, "诈胡罚分", "false-win penalty", minimum=0)
    mode: str = option("a", "模式", "mode", choices=("a", "b"))


class _Stand(Variant):
    id = "guobiao"
    name_zh = "测试"
    name_en = "Stand-in"
    Rules = _Rules
    data = guobiao_data.DATA  # a stand-in shows Guobiao's declared data
    flags = frozenset({"kong_bloom", "robbed_kong", "last_tile"})
    declared_fields = frozenset({"fan", "patterns"})
    pattern_ids = frozenset({"p1", "p2"})
    event_types = frozenset({"pung", "kong", "flowers", "win", "false_win", "draw"})

    def settle_hand(self, hand, state, rules):
        raise NotImplementedError("a stand-in rule set only loads records")

    def calc(self, hand, rules, *, flags=None, jing=None):
        raise NotImplementedError("a stand-in rule set values no hand strings")


@pytest.fixture(autouse=True)
def stand_in(monkeypatch):
    monkeypatch.setattr(mjscore.engine.variants, "get_variant", lambda vid: _Stand())


BASE = {
    "format": 1,
    "variant": "guobiao",
    "options": {"mode": "b"},
    "stake": 0.5,
    "players": ["阿明", "小芳", "老王", "Lee"],
    "first_dealer": 2,
    "hands": [
        {
            "events": [
                {"type": "kong", "player": 1, "kind": "exposed", "from": 3, "tile": "5p"},
                {"type": "pung", "player": 0, "from": 2},
                {
                    "type": "win",
                    "player": 0,
                    "from": None,
                    "hand": "[5555p,1]123m678p789s1s1s",
                    "kong_bloom": 1,
                },
            ]
        },
        {"events": [{"type": "draw"}]},
        {"events": [{"type": "win", "player": 2, "from": 1, "fan": 12}]},
        {"events": [{"type": "false_win", "player": 3}]},
    ],
}


def test_load_fields():
    s = load_session(BASE)
    assert s.players == ("阿明", "小芳", "老王", "Lee") and s.first_dealer == 2
    assert str(s.stake) == "0.5" and s.options == {"mode": "b"}
    k, _, w = s.hands[0].events
    assert isinstance(k, Kong) and k.from_ == 3 and k.tile == "5p"
    assert (
        isinstance(w, Win) and w.self_drawn and w.kong_bloom == 1 and w.flags_set == ("kong_bloom",)
    )
    assert isinstance(s.hands[1].events[0], Draw)
    assert [h.outcome for h in s.hands] == ["win", "draw", "win", "false_win"]


def test_dump_is_stable_and_round_trips():
    text = dump_session(load_session(json.dumps(BASE)))
    assert dump_session(load_session(text)) == text
    assert load_session(text) == load_session(BASE)
    assert '"from": null' in text  # a self-draw keeps its explicit null


def test_defaults_are_filled():
    rec = {"variant": "guobiao", "players": ["a", "b", "c", "d"], "hands": []}
    s = load_session(rec)
    assert s.first_dealer == 0 and s.stake == 1 and s.options == {}
    assert json.loads(dump_session(s))["stake"] == 1


def _mutate(path, value, *, delete=False):
    rec = copy.deepcopy(BASE)
    obj = rec
    for p in path[:-1]:
        obj = obj[p]
    if delete:
        del obj[path[-1]]
    else:
        obj[path[-1]] = value
    return rec


@pytest.mark.parametrize(
    "path,value,where,fragment",
    [
        (("bogus",), 1, "bogus", "unknown field"),
        (("variant",), "riichi", "variant", "variant must be one of"),
        (("options", "colour"), "red", "options.colour", "unknown option"),
        (("options", "mode"), "z", "options.mode", "takes one of"),
        (("options", "false_win_penalty"), True, "options.false_win_penalty", "whole number"),
        (("stake",), -1, "stake", "positive number"),
        (("players",), ["a", "b", "c"], "players", "four player names"),
        (("players",), ["a", "a", "c", "d"], "players", "distinct"),
        (("players",), ["a", "", "c", "d"], "players[1]", "non-empty"),
        (("players",), ["a", "b\nc", "c", "d"], "players[1]", "control characters"),
        (("players",), ["a", "x" * 65, "c", "d"], "players[1]", "at most 64"),
        (("first_dealer",), 4, "first_dealer", "a seat is 0, 1, 2 or 3"),
        (("hands", 0, "events", 0, "player"), 7, "hands[0].events[0].player", "a seat is"),
        (("hands", 0, "events", 0, "kind"), "big", "hands[0].events[0].kind", "expected one of"),
        (("hands", 0, "events", 0, "from"), 1, "hands[0].events[0].from", "from himself"),
        (("hands", 0, "events", 0, "tile"), "5x", "hands[0].events[0].tile", "unknown character"),
        (("hands", 0, "events", 0, "colour"), 1, "hands[0].events[0].colour", "unknown field"),
        (("hands", 0, "events", 1, "type"), "chi", "hands[0].events[1].type", "unknown event type"),
        (("hands", 0, "events", 2, "from"), 0, "hands[0].events[2].from", "his own discarder"),
        (
            ("hands", 0, "events", 2, "hand"),
            "123m4",
            "hands[0].events[2].hand (position 5)",
            "no suit letter",
        ),
        (
            ("hands", 0, "events", 2, "human"),
            True,
            "hands[0].events[2].human",
            "does not know the flag",
        ),
        (
            ("hands", 0, "events", 2, "kong_bloom"),
            5,
            "hands[0].events[2].kong_bloom",
            "out of range",
        ),
        (
            ("hands", 0, "events", 2, "quads"),
            2,
            "hands[0].events[2].quads",
            "does not take a declared",
        ),
        (
            ("hands", 2, "events", 0, "patterns"),
            ["p9"],
            "hands[2].events[0].patterns[0]",
            "unknown pattern",
        ),
        (
            ("hands", 1, "events"),
            [{"type": "draw"}, {"type": "pung", "player": 0, "from": 1}],
            "hands[1].events[1]",
            "after the hand ended",
        ),
        (
            ("hands", 1, "events"),
            [{"type": "pung", "player": 0, "from": 1}],
            "hands[1].events",
            "never ends",
        ),
        (
            ("hands", 1, "events"),
            [{"type": "penalty", "player": 0, "kind": "same_round"}, {"type": "draw"}],
            "hands[1].events[0].type",
            "has no penalty events",
        ),
        (
            ("hands", 3, "events"),
            [
                {"type": "win", "player": 0, "from": 1, "fan": 8},
                {"type": "win", "player": 2, "from": 1, "fan": 8},
            ],
            "hands[3].events",
            "one winner",
        ),
        # RECORD.md "a fifth copy of a tile" — refused at the event that makes it
        (
            ("hands", 1, "events"),
            [
                {"type": "kong", "player": 1, "kind": "concealed", "tile": "7m"},
                {"type": "pung", "player": 2, "from": 1, "tile": "7m"},
                {"type": "draw"},
            ],
            "hands[1].events[1].tile",
            "7 copies of 7m",
        ),
        (
            ("hands", 1, "events"),
            [
                {"type": "flowers", "player": 1, "tiles": "a"},
                {"type": "flowers", "player": 2, "tiles": "ab"},
                {"type": "draw"},
            ],
            "hands[1].events[1].tiles",
            "flower 'a' is shown 2 times",
        ),
        # RULES.md §0: "the added kong's `from` equals the pung's"
        (
            ("hands", 1, "events"),
            [
                {"type": "pung", "player": 1, "from": 0, "tile": "5s"},
                {"type": "kong", "player": 1, "kind": "added", "from": 2, "tile": "5s"},
                {"type": "draw"},
            ],
            "hands[1].events[1].from",
            "differs from the pung's (seat 0)",
        ),
    ],
)
def test_invalid_records_name_the_path(path, value, where, fragment):
    with pytest.raises(MjError) as e:
        load_session(_mutate(path, value))
    assert e.value.where == where, str(e.value)
    assert fragment in e.value.message


def test_missing_required_and_bad_json():
    with pytest.raises(MjError, match=r"hands\[0\].events\[2\].from: a win event needs 'from'"):
        load_session(_mutate(("hands", 0, "events", 2, "from"), None, delete=True))
    with pytest.raises(MjError) as e:
        load_session('{"variant": ')
    assert e.value.code == ErrorCode.BAD_RECORD and "not valid JSON" in str(e.value)


def test_pung_then_added_kong_is_four_copies():
    rec = _mutate(
        ("hands", 1, "events"),
        [
            {"type": "pung", "player": 1, "from": 0, "tile": "7m"},
            {"type": "kong", "player": 1, "kind": "added", "from": 0, "tile": "7m"},
            {"type": "draw"},
        ],
    )
    assert load_session(rec).hands[1].outcome == "draw"


def test_last_hand_may_be_open():
    rec = _mutate(
        ("hands",),
        BASE["hands"] + [{"events": [{"type": "kong", "player": 0, "kind": "concealed"}]}],
    )
    s = load_session(rec)
    assert s.hands[-1].outcome == "open"


names = (
    st.text(
        # no text-direction controls: a record refuses them in a name
        st.characters(
            blacklist_categories=("Cc", "Cs"),
            blacklist_characters="\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
        ),
        min_size=1,
        max_size=20,
    )
    .map(str.strip)
    .filter(bool)
)


@settings(max_examples=100, deadline=None)
@given(
    # four different people: names unique by their matching key (case, invisible characters)
    st.lists(names, min_size=4, max_size=4, unique_by=name_key),
    st.integers(0, 3),
    st.decimals("0.01", "100", places=2),
)
def test_odd_names_and_stakes_round_trip(players, dealer, stake):
    rec = {
        "variant": "guobiao",
        "players": players,
        "first_dealer": dealer,
        "stake": str(stake),
        "hands": [],
    }
    s = load_session(rec)
    text = dump_session(s)
    assert load_session(text) == s
    assert dump_session(load_session(text)) == text


@pytest.mark.parametrize(
    ("event", "where", "text"),
    [
        # two offences: the one earlier in the event's field list is named, in any key order
        ({"type": "pung", "tile": "xx", "player": 9, "from": 1}, ".player", "not 9"),
        # a missing required field before a bad optional one
        ({"type": "kong", "tile": "zz", "player": 0}, ".kind", "needs 'kind'"),
        ({"type": "pung", "from": 7}, ".player", "needs 'player'"),
        ({"type": "win", "fish": 5, "hand": None, "player": 0, "from": None}, ".hand", "null"),
        ({"type": "win", "from": 2, "kong_bloom": None}, ".player", "needs 'player'"),
        ({"type": "flowers", "count": 0, "tiles": "q", "player": 1}, ".tiles", "'q'"),
    ],
)
def test_first_offence_follows_the_field_list_not_the_key_order(event, where, text):
    from mjscore.engine.record import event_from_json

    with pytest.raises(MjError) as e:
        event_from_json(event, "e")
    assert e.value.where == "e" + where
    assert text in str(e.value.msg)


def test_loaded_event_equals_the_constructed_one():
    """An event read from a record is equal to, hashes like and writes back as the one its
    constructor makes, and refuses assignment."""
    from mjscore.engine.record import event_from_json

    read = event_from_json({"type": "win", "player": 1, "from": None, "kong_bloom": 1})
    made = Win(player=1, from_=None, kong_bloom=1)
    assert read == made and hash(read) == hash(made)
    assert read.to_json() == made.to_json() and read.fish is None
    with pytest.raises(AttributeError):
        read.player = 2  # type: ignore[misc]
