"""The shared replay path's fast readers give exactly what the checked ones give: the same
value for ordinary input, the same refusal (message and place) for anything else."""

from __future__ import annotations

import json

import pytest
from mjscore.engine import jsonin
from mjscore.engine.errors import MjError
from mjscore.engine.jsonin import MAX_DEPTH, MAX_INT_DIGITS, strict_loads


def _checked_loads(text):
    """strict_loads with its fast path turned off."""
    saved = jsonin._plain_loads
    jsonin._plain_loads = lambda text: jsonin._NOT_PLAIN
    try:
        return _outcome(strict_loads, text)
    finally:
        jsonin._plain_loads = saved


def _outcome(f, *args):
    try:
        return ("ok", f(*args))
    except MjError as e:
        return ("err", e.code, e.message, e.where)


TRICKY = [
    '{"a": 1, "b": [1, 2, {"c": null}]}',
    '{"a": 1, "a": 2}',  # a repeated key
    '{"a": {"x": 1, "x": 1}}',  # repeated with the same value
    '{"t": "12:00:00", "u": "a:b:c"}',  # colons inside strings
    '{"t": "12:00", "a": 1, "a": 2}',  # a colon in a string and a repeated key
    '{"a:": 1, "a:": 2}',  # the repeated key holds a colon
    '{"\\u003a": 1, "a": 2, "a": 3}',  # an escaped colon hides a repeat from a count
    '{"\\u003A": 1, "\\u003a": 2}',
    '{"k\\u003ax": "v", "k:x": "w"}',  # the same key, once escaped
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"a": -Infinity}',
    '[NaN, {"a": 1, "a": 2}]',  # which refusal comes first
    '[{"a": 1, "a": 2}, NaN]',
    f'{{"a": {"9" * (MAX_INT_DIGITS + 1)}}}',
    f'{{"a": -{"9" * MAX_INT_DIGITS}}}',
    f'{{"a": "{"9" * 40}"}}',
    '{"a": 1.50, "b": 1e400, "c": -0.0}',
    f'{{"a": 0.{"1" * 60}}}',
    '{"名前": "阿明", "小芳": ["老王", "Lee"], "x": "１２３ｍ"}',
    '{"a": "\\ud800"}',  # a lone surrogate escape
    '{"a": 1,}',
    '{"a" 1}',
    "",
    "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    "[" * MAX_DEPTH + "]" * MAX_DEPTH,
    "[" * 100_000 + "]" * 100_000,
    '"just a string: here"',
    "12",
]


@pytest.mark.parametrize("text", TRICKY)
def test_strict_loads_fast_path_agrees_with_the_checked_reader(text):
    got = _outcome(strict_loads, text)
    want = _checked_loads(text)
    assert got == want
    if got[0] == "ok":  # the same types too (Decimal, not float)
        assert json.dumps(got[1], default=repr) == json.dumps(want[1], default=repr)


def test_strict_loads_fast_path_takes_an_ordinary_record():
    text = json.dumps({"format": 2, "started_at": "2026-01-01T12:00:00Z", "hands": [{"a": 1}]})
    assert jsonin._plain_loads(text) is not jsonin._NOT_PLAIN
    assert jsonin._plain_loads('{"a": 1, "a": 2}') is jsonin._NOT_PLAIN


def test_a_repeated_key_is_refused_however_the_colons_fall():
    for text in ('{"t": "1:2", "a": 1, "a": 2}', '{"\\u003a": 0, "b": 1, "b": 1}'):
        with pytest.raises(MjError, match="twice"):
            strict_loads(text)


# ---------------------------------------------------------------- events of the common shapes
COMMON = [
    {"type": "win", "player": 1, "from": 2, "hand": "123m456p789s11zEEE"},
    {"type": "win", "player": 0, "from": None, "hand": "19m19p19sESWNCFPP"},
    {"type": "pung", "player": 2, "from": 0, "tile": "5p"},
    {"type": "kong", "player": 3, "kind": "concealed", "tile": "E"},
    {"type": "kong", "player": 3, "kind": "exposed", "from": 1, "tile": "9s"},
    {"type": "kong", "player": 1, "kind": "added", "from": 0, "tile": "C"},
    {"type": "flowers", "player": 0, "tiles": "abCC"},
    {
        "type": "jing",
        "indicator": "3m",
        "lower": "7p",
        "lower_counts": [[1, 0], [0, 0], [0, 2], [4, 4]],
    },
    {"type": "jing_count", "counts": [[0, 0], [1, 1], [0, 0], [2, 0]]},
]
ODD_VALUES = [
    None,
    True,
    False,
    0,
    1,
    3,
    4,
    -1,
    1.0,
    "0",
    "",
    "x",
    "5p",
    "E",
    "１m",
    "5P",
    "concealed",
    "exposed",
    "123m456p789s11zEEE",
    "12３m",
    "a" * 300,
    "abCC",
    "aa",
    "zz",
    [],
    [0, 0],
    [[1, 0]] * 4,
    [[1, 0]] * 3,
    [[5, 0]] * 4,
    [[True, 0]] * 4,
    [[1, 0, 0]] * 4,
    {},
    ["E"],
]


def _variants_of(event):
    yield event
    for key in event:
        if key == "type":
            continue
        rest = {k: v for k, v in event.items() if k != key}
        yield rest
        for v in ODD_VALUES:
            yield {**event, key: v}
    for key, v in (("from", 1), ("from", None), ("count", 2), ("tile", "5p"), ("fan", 8), ("x", 1)):
        yield {**event, key: v}
    yield dict(reversed(list(event.items())))


def _read(f, obj):
    try:
        return ("ok", f(obj, "hands[0].events[1]"))
    except MjError as e:
        return ("err", e.code, e.message, e.where)


@pytest.mark.parametrize("event", COMMON, ids=lambda e: e["type"])
def test_each_common_shape_reader_reads_and_refuses_as_the_field_loop(event):
    from mjscore.engine.event_shapes import read_common
    from mjscore.engine.events import event_from_json

    taken = 0
    for obj in _variants_of(event):
        want = _read(event_from_json, obj)
        quick = read_common(obj)
        if quick is not None:
            taken += 1
            assert want == ("ok", quick), obj
    assert read_common(event) is not None  # the shape as written is read at once
    assert taken > 1


def test_a_hand_of_common_events_reads_as_one_of_checked_events():
    from mjscore.engine import variants
    from mjscore.engine.checks import hand_from_json
    from mjscore.engine.events import Hand, event_from_json

    v = variants.get_variant("guobiao")
    evs = [COMMON[2], {"type": "win", "player": 1, "from": 0, "hand": "123m456p789s11s[555p]"}]
    got = hand_from_json({"events": evs}, v)
    assert got == Hand(tuple(event_from_json(e, "e") for e in evs))
    bad = [COMMON[2], {"type": "win", "player": 1, "from": 0, "hand": "123m456p789s11s[555p"}]
    with pytest.raises(MjError) as e:
        hand_from_json({"events": bad}, v)
    assert e.value.where.startswith("hand.events[1].hand")


def test_a_long_records_hands_are_parsed_once_between_reading_and_settling(monkeypatch):
    import itertools

    from mjscore.engine import tiles
    from mjscore.engine.tiles import parse_ascii_hand, parse_hand

    chows = [f"{r}{r + 1}{r + 2}{s}" for s in "mps" for r in range(1, 8)]
    hands = []
    for a, b, c, d in itertools.combinations(chows, 4):
        for pair in ("EE", "SS", "CC", "PP"):
            hands.append(a + b + c + d + pair)
        if len(hands) >= 10_000:
            break
    read = []
    plain = tiles._parse_plain
    monkeypatch.setattr(tiles, "_parse_plain", lambda s, v: read.append(s) or plain(s, v))
    first = [parse_hand(h, variant="guobiao", waiting_ok=False) for h in hands]  # a record read
    assert len(read) == len(set(hands))
    again = [parse_hand(h, variant="guobiao", waiting_ok=False) for h in hands]  # then valued
    again_by_position = [parse_ascii_hand(h, "guobiao", False) for h in hands]
    assert len(read) == len(set(hands))  # nothing read twice
    assert all(a is b is c for a, b, c in zip(first, again, again_by_position, strict=True))


def test_a_won_hands_memo_answers_as_a_fresh_reading():
    from mjscore.engine import tiles
    from mjscore.engine.tiles import parse_hand

    cases = [
        ("123m456p789s11s 555p", "nanjing"),  # a 13-tile hand: refused when won
        ("１２３ｍ456p789s111s55p", "nanjing"),  # full-width typing, read as ASCII
        ("123m456p789s111s55p", "nanjing"),
        ("123m456p789s111s55p|ab", "nanjing"),
        ("123m456p789s111s55p", "guobiao"),
        ("123m456p789s111s5", "nanjing"),  # too few tiles
    ]
    for s, v in cases:
        tiles._WON_HANDS.clear()
        for waiting_ok in (False, True, False):  # a 13-tile hand read when waiting, refused won
            fresh = _reading(tiles._parse_checked, tiles.tile_text(s), v, waiting_ok)
            first = _reading(parse_hand, s, variant=v, waiting_ok=waiting_ok)
            again = _reading(parse_hand, s, variant=v, waiting_ok=waiting_ok)
            assert first == again == fresh, (s, v, waiting_ok)
    for bad in (None, 5, ["1m"]):
        got = _reading(parse_hand, bad, variant="nanjing", waiting_ok=False)
        assert got == ("error", "BAD_TILES")


def _reading(read, *args, **kwargs):
    try:
        return read(*args, **kwargs)
    except MjError as e:
        return ("error", e.code.name)


# ---------------------------------------------------------------- results made at once
def test_maker_makes_the_frozen_object_init_makes():
    import dataclasses

    from mjscore.engine.frozen import maker
    from mjscore.engine.results import HandResult, TableState

    make = maker(TableState)
    got = make(hand_number=3, dealer=2, prevailing_wind="S", bixiahu=True, flags=1, passes=5)
    want = TableState(hand_number=3, dealer=2, prevailing_wind="S", bixiahu=True, flags=1, passes=5)
    assert type(got) is TableState and got == want and hash(got) == hash(want)
    assert make() == TableState()
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.dealer = 0  # type: ignore[misc]
    res = maker(HandResult)(payments=(), deltas=(0, 0, 0, 0), next_state=want, outcome="draw")
    assert res == HandResult(payments=(), deltas=(0, 0, 0, 0), next_state=want, outcome="draw")
    assert (
        res.details == {}
        and res.details
        is not maker(HandResult)(
            payments=(), deltas=(0, 0, 0, 0), next_state=want, outcome="draw"
        ).details
    )  # a fresh default each time, as the dataclass gives
    with pytest.raises(TypeError):
        make(dealer=1, nonsense=2)


def test_a_payment_book_shares_equal_payments_and_nets_them():
    from mjscore.engine.results import Payment, PaymentBook, TableState

    a, b = PaymentBook(), PaymentBook()
    for book in (a, b):
        book.pay(1, 0, 8, "胡分 自摸")
        book.pay(0, 2, -3, "杠分")  # a negative amount is paid the other way
        book.pay(3, 1, 0, "nothing")  # left out
        book.pay(2, 3, 2.0, "float")  # made a whole number
    assert a.items == [
        Payment(1, 0, 8, "胡分 自摸"),
        Payment(2, 0, 3, "杠分"),
        Payment(2, 3, 2, "float"),
    ]
    assert type(a.items[2].amount) is int
    assert a.items[0] is b.items[0] and a.items[1] is b.items[1]
    res = a.result(next_state=TableState(), outcome="win")
    assert res.deltas == (11, -8, -5, 2) and res.payments == tuple(a.items)


# ---------------------------------------------------------------- the replay's JSON text
def _standard_text(rep) -> str:
    return json.dumps(rep.to_json(), ensure_ascii=False, check_circular=False)


@pytest.mark.parametrize(
    "name",
    [
        "nanchang_session.json",
        "nanjing_streak.json",
        "nanning_session_full.json",
        "nanning_session_options.json",
    ],
)
def test_replay_json_text_is_the_standard_encoding(name):
    from pathlib import Path

    from mjscore.engine.core import replay
    from mjscore.engine.record import load_session

    text = (Path(__file__).parent / "data" / name).read_text(encoding="utf-8")
    rep = replay(load_session(text))
    assert rep.hands
    assert rep.json_text() == _standard_text(rep)


def test_replay_json_text_writes_odd_values_as_the_standard_encoder():
    from mjscore.engine.core import HandOutcome, Replay
    from mjscore.engine.results import HandResult, Payment, TableState

    odd = ['阿明 "quoted" \\ back', "line\nbreak\ttab\x00\x1f", "\u2028\u2029 \ud800", "", "×2 番"]
    pays = tuple(Payment(i % 4, (i + 1) % 4, 10**i, r) for i, r in enumerate(odd))
    pays += (pays[0], Payment(0, 1, True, "a bool amount"), Payment(2, 3, 7, "x"))
    # new payments sharing one half with those before (who pays whom, or amount and reason),
    # and ones that only a bool tells apart from them
    pays += (Payment(3, 0, 7, "x"), Payment(2, 3, 8, "x"), Payment(2, 3, 7, "y"))
    pays += (Payment(True, 3, 7, "x"), Payment(2, 3, 1, "z"), Payment(2, 3, True, "z"))
    net = [0, 0, 0, 0]
    for p in pays:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount

    class WideState(TableState):  # a state with more to say
        __slots__ = ()

        def to_json(self):
            return {**TableState.to_json(self), "extra": "风"}

    hands = []
    for i, st in enumerate((TableState(), TableState(bixiahu=True, flags=2), WideState())):
        res = HandResult(payments=pays, deltas=tuple(net), next_state=st, outcome="win")
        hands.append(HandOutcome(index=i + 1, state=st, result=res, totals=tuple(net)))
    for rep in (
        Replay(hands=tuple(hands), totals=(1, -1, 0, 0), next_state=TableState(dealer=3)),
        Replay(hands=(), totals=(0, 0, 0, 0), next_state=TableState()),
    ):
        assert rep.json_text() == _standard_text(rep)


def test_a_tile_tally_counts_the_logged_melds_in_a_counter():
    from collections import Counter

    from mjscore.engine.events import Hand, Kong, Pung
    from mjscore.engine.facts import TileTally

    hand = Hand(
        (
            Pung(player=1, from_=0, tile="5p"),
            Kong(player=1, kind="added", from_=0, tile="5p"),  # one meld with its pung
            Pung(player=2, from_=3, tile="E"),
            Kong(player=3, kind="concealed", tile="E"),
            Pung(player=0, from_=1),  # no tile: not counted
        )
    )
    t = TileTally.of(hand)
    assert type(t.seen) is Counter and t.seen == Counter({"5p": 4, "E": 7})
    assert t.seen["9s"] == 0 and t.over() == ["E"]
    assert t.first == {(1, "5p"): 0, (2, "E"): 2, (3, "E"): 3}
    shown = TileTally.of(hand, shown=(1, 2))
    assert shown.seen == Counter({"E": 4}) and TileTally.of(Hand(())).seen == Counter()


@pytest.mark.parametrize("event", COMMON, ids=lambda e: e["type"])
def test_a_common_shape_reader_makes_the_event_its_class_makes(event):
    # the readers make their events without __init__: nothing of __init__ may be missed
    from dataclasses import fields

    from mjscore.engine.event_shapes import read_common
    from mjscore.engine.events import event_from_json

    quick = read_common(event)
    want = event_from_json(event, "e")
    assert type(quick) is type(want)
    assert not hasattr(type(quick), "__post_init__")
    for f in fields(want):
        assert getattr(quick, f.name) == getattr(want, f.name), f.name
    assert hash(quick) == hash(want)


def test_a_repeated_pung_kong_or_jing_count_is_the_event_read_the_first_time():
    """The readers keep a pung, a kong and a jing count by their fields: read again, the
    same event; never one read from other values (a True or 1.0 for a 1 is not plainly
    valid, and is read by the field loop)."""
    import random

    from mjscore.engine.event_shapes import read_common
    from mjscore.engine.events import event_from_json

    rng = random.Random(8)
    seats, tiles = [0, 1, 2, 3, True, 1.0, -1, 4], ["1m", "5p", "E", "P", "5z", 3]
    for _ in range(3000):
        kind = rng.choice(("pung", "kong", "jing_count"))
        if kind == "pung":
            obj = {"type": "pung", "player": rng.choice(seats), "from": rng.choice(seats)}
            obj["tile"] = rng.choice(tiles)
        elif kind == "kong":
            obj = {"type": "kong", "player": rng.choice(seats), "kind": rng.choice(_KINDS)}
            if rng.random() < 0.6:
                obj["from"] = rng.choice([*seats, None])
            obj["tile"] = rng.choice(tiles)
        else:
            counts = [[rng.choice((0, 1, 2, 4, True, 5)), rng.choice((0, 1))] for _ in range(4)]
            obj = {"type": "jing_count", "counts": counts}
        want = _read(event_from_json, obj)
        first, again = read_common(obj), read_common(json.loads(json.dumps(obj)))
        assert first is again
        if first is not None:
            assert want == ("ok", first), obj


_KINDS = ("concealed", "exposed", "added", "other")
