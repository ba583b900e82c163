"""The quick paths of a settlement agree with the checked ones: the winner's melds against the
events (variants/claims.py) and the plain 国标 win (variants/gb_settle.py) — same answer, or
no answer and the checked path speaks (then with its own refusal)."""

from __future__ import annotations

import random

import pytest
from mjscore.engine.errors import MjError
from mjscore.engine.events import Hand, event_from_json
from mjscore.engine.facts import claimed_melds
from mjscore.engine.results import TableState, WinResult
from mjscore.engine.tiles import HandTiles, Meld
from mjscore.engine.variants import get_variant
from mjscore.engine.variants.claims import melds_agree
from mjscore.engine.variants.gb_settle import plain_win

GB = get_variant("guobiao")
TILES = ["1m", "5m", "9p", "3s", "E", "C"]


def _hand(events: list[dict]) -> Hand:
    """The hand of these events (a meld's ``from: None`` left out, as records do)."""
    evs = [{k: v for k, v in e.items() if v is not None or e["type"] == "win"} for e in events]
    return Hand(tuple(event_from_json(e, f"events[{i}]") for i, e in enumerate(evs)))


def _random_case(rng: random.Random) -> tuple[Hand, HandTiles]:
    """0-3 melds in the hand string and meld events that mostly, not always, agree."""
    player = rng.randrange(4)
    melds, events = [], []
    for t in rng.sample(TILES, rng.randrange(4)):
        kind = rng.choice(["pung", "pung", "kong"])
        claim = rng.choice([1, 2, 3]) if kind == "pung" else rng.choice([None, 1, 2, 3, 5, 6, 7])
        melds.append(Meld(kind, (t,) * (3 if kind == "pung" else 4), claim))
        rel = None if claim is None else claim - 4 if claim >= 5 else claim
        frm = None if rel is None else (player - rel) % 4
        ev = {"type": kind, "player": player, "from": frm, "tile": t}
        if kind == "kong":
            ev["kind"] = "concealed" if claim is None else "added" if claim >= 5 else "exposed"
            if ev["kind"] == "added" and rng.random() < 0.7:
                events.append({"type": "pung", "player": player, "from": frm, "tile": t})
        roll = rng.random()
        if roll < 0.1:
            continue  # no event for this meld
        if roll < 0.2:
            ev["from"] = (player + rng.choice([1, 2, 3])) % 4
            if kind == "kong" and ev["kind"] == "concealed":
                ev["kind"] = "exposed"
        elif roll < 0.3:
            del ev["tile"]
        elif roll < 0.35 and kind == "kong":
            ev["kind"] = rng.choice(["concealed", "exposed", "added"])
            if ev["kind"] == "concealed":
                ev["from"] = None
            elif ev["from"] is None:
                ev["from"] = (player + 1) % 4
        events.append(ev)
    if rng.random() < 0.2:
        other = (player + 1) % 4
        events.append({"type": "pung", "player": other, "from": player, "tile": "7s"})
    if rng.random() < 0.1:  # a pung event the hand string does not show
        events.append({"type": "pung", "player": player, "from": (player + 2) % 4, "tile": "2p"})
    rng.shuffle(events)
    events.append({"type": "win", "player": player, "from": None, "hand": "11m"})
    return _hand(events), HandTiles(concealed=(), melds=tuple(melds), win_tile=None)


def test_melds_agree_is_claimed_melds_where_it_answers():
    rng = random.Random(20261202)
    answered = refused = 0
    for _ in range(4000):
        hand, tiles = _random_case(rng)
        win = hand.events[-1]
        quick = melds_agree(hand, win, tiles)
        try:
            full = claimed_melds(hand, win, tiles, where="events[0]")
        except MjError:
            assert quick is None
            refused += 1
            continue
        if quick is not None:
            assert quick == full
            answered += 1
    assert answered > 1000 and refused > 300


def test_melds_match_is_whether_melds_agree_answers():
    from mjscore.engine.events import Kong, Pung
    from mjscore.engine.variants.claims import melds_match

    rng = random.Random(20261204)
    answered = declined = 0
    for _ in range(4000):
        hand, tiles = _random_case(rng)
        win = hand.events[-1]
        mine = [e for e in hand.events if type(e) in (Pung, Kong) and e.player == win.player]
        want = melds_agree(hand, win, tiles) is not None
        assert melds_match(win.player, mine, tiles.melds) == want
        answered += want
        declined += not want
    assert answered > 1000 and declined > 300


STATE = TableState(hand_number=1, dealer=0, prevailing_wind="E", passes=0)
C_PUNG = {"type": "pung", "player": 1, "from": 0, "tile": "C"}
E_KONG = {"type": "kong", "player": 1, "kind": "concealed", "tile": "E"}
# (meld events, the winner's hand, from, more win fields, whether the quick path values it)
CASES = [
    ([], "11224455668899p", None, {}, True),
    ([], "11224455668899p", 2, {}, True),
    ([C_PUNG], "[CCC,1]1179p555999s8p", None, {}, True),
    ([E_KONG], "[EEEE]123m456p789s5s5s", 3, {}, True),
    ([{**C_PUNG, "player": 2}], "11224455668899p", 3, {}, False),  # another player's pung
    ([{**C_PUNG, "from": 2}], "[CCC,1]1179p555999s8p", None, {}, False),  # melds disagree
    ([], "[NNN,3]77789m11888p7m", None, {}, False),  # below the minimum
    ([], "11224455668899p", None, {"last_tile": True}, False),  # a flag
    ([], "1122334455667m9p", None, {}, False),  # not a win
    ([], "1111224455668899p", None, {}, False),  # too many tiles
]


@pytest.mark.parametrize("case", CASES)
def test_plain_win_agrees_with_the_checked_path(case):
    melds, hand_s, frm, extra, answers = case
    hand = _hand([*melds, {"type": "win", "player": 1, "from": frm, "hand": hand_s, **extra}])
    w = hand.events[-1]
    idx = len(hand.events) - 1
    rules = GB.rules({})
    counts, letters = [0, 0, 0, 0], {}
    try:
        want = GB._value_win(hand, w, idx, STATE, rules, counts, letters)
    except MjError as e:
        want = (e.code, str(e), e.where)
    try:
        got = plain_win(GB, hand, w, idx, STATE, rules, counts, letters)
    except MjError as e:
        got = (e.code, str(e), e.where)  # a check both paths make: the same refusal
    assert isinstance(got, WinResult) == answers
    if got is not None:
        assert got == want


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"last_tile": True},
        {"kong_bloom": 1},
        {"horse_hits": 0},
        {"horses": "1m"},
        {"fish": [None, None, None, None]},
    ],
)
def test_no_flags_is_an_empty_flags_set(fields):
    from mjscore.engine.variants.claims import no_flags

    win = _hand([{"type": "win", "player": 0, "from": None, "hand": "11m", **fields}]).events[0]
    assert no_flags(win) == (not win.flags_set)


def test_over_four_counts_melds_and_standing_tiles():
    from mjscore.engine.tiles import parse_hand
    from mjscore.engine.variants.claims import over_four

    assert not over_four(parse_hand("[1111m]234m456p789s55s", waiting_ok=False))
    kong = Meld("kong", ("1m",) * 4, None)  # the parser refuses a fifth copy; a caller may not
    fifth = HandTiles(concealed=("2m", "3m", "5s", "5s"), melds=(kong,), win_tile="1m")
    assert over_four(fifth)
    waiting = HandTiles(concealed=("2m", "3m", "5s"), melds=(kong,), win_tile=None)
    assert waiting.win_tile is None and not over_four(waiting)


def _hand_case(rng: random.Random) -> tuple[list[dict], dict]:
    """A 国标 hand (events and options): a random complete hand, some of its pungs and kongs
    claimed with their events, now and then another player's pung, a flowers event, a flag or
    a typing mistake."""
    from mjscore.engine.tiles import ALL_TILES, format_tiles

    w = rng.randrange(4)
    others = [p for p in range(4) if p != w]
    frm = None if rng.random() < 0.4 else rng.choice(others)
    closed, melds, events = [], [], []
    for _ in range(4):
        if rng.random() < 0.5:
            t = rng.choice([t for t in ALL_TILES if len(t) == 2 and int(t[0]) <= 7])
            closed += [f"{int(t[0]) + i}{t[1]}" for i in range(3)]
            continue
        t = rng.choice(ALL_TILES)
        roll = rng.random()
        if roll < 0.5:
            closed += [t] * 3
        elif roll < 0.8:
            f = rng.choice(others)
            melds.append(f"[{format_tiles([t] * 3)},{(w - f) % 4}]")
            events.append({"type": "pung", "player": w, "from": f, "tile": t})
        else:
            melds.append(f"[{format_tiles([t] * 4)}]")
            events.append({"type": "kong", "player": w, "kind": "concealed", "tile": t})
    closed += [rng.choice(ALL_TILES)] * 2
    rng.shuffle(closed)
    win_tile = closed.pop()
    hand = "".join(melds) + format_tiles(sorted(closed, key=ALL_TILES.index)) + win_tile
    if rng.random() < 0.1:
        i = rng.randrange(len(hand))
        hand = hand[:i] + rng.choice("123456789mpsESWNCFP[],") + hand[i + 1 :]
    if rng.random() < 0.2:
        p = rng.choice(others)
        events.append(
            {
                "type": "pung",
                "player": p,
                "from": rng.choice([q for q in range(4) if q != p]),
                "tile": rng.choice(ALL_TILES),
            }
        )
    if rng.random() < 0.1:
        events.append({"type": "flowers", "player": rng.randrange(4), "tiles": "a"})
    rng.shuffle(events)
    win = {"type": "win", "player": w, "from": frm, "hand": hand}
    if rng.random() < 0.05:
        win["last_tile"] = True
    options: dict = {}
    if rng.random() < 0.5:
        options["payment"] = "competition"
    if rng.random() < 0.5:
        options["dealer_repeats"] = True
    if rng.random() < 0.3:
        options["min_fan"] = rng.choice([0, 1, 8])
    return [*events, win], options


def test_plain_settlement_is_the_full_one_where_it_answers():
    from mjscore.engine.record import hand_from_json
    from mjscore.engine.variants.gb_settle import settle_plain

    rng = random.Random(20261203)
    answered = declined = 0
    for _ in range(4000):
        events, options = _hand_case(rng)
        try:
            hand = hand_from_json({"events": events}, GB)
        except MjError:
            continue
        rules = GB.rules(options)
        state = TableState(
            hand_number=rng.randint(1, 30),
            dealer=rng.randrange(4),
            passes=rng.randrange(40),
            prevailing_wind=rng.choice("ESWN"),
        )
        try:
            full = GB.settle_full(hand, state, rules)
        except MjError as e:
            full = (e.code, str(e), e.where)
        plain = settle_plain(GB, hand, state, rules)
        if plain is None:
            declined += 1
            continue
        assert plain == full, events
        answered += 1
    assert answered > 1000 and declined > 300


def test_parse_hand_refuses_a_fifth_copy_so_the_plain_paths_need_not_count():
    """The plain 国标 and 南宁 paths count no copies in the winner's own tiles: they come from
    ``parse_hand``, which refuses a fifth copy (a kong counted as four)."""
    from mjscore.engine.tiles import parse_hand
    from mjscore.engine.variants.claims import over_four

    rng = random.Random(5)
    parsed = 0
    for _ in range(3000):
        t = rng.choice(["1m", "5p", "E"])
        head = f"[{t * 4 if len(t) == 1 else t[0] * 4 + t[1]}]" if rng.random() < 0.5 else ""
        if rng.random() < 0.5:
            head += f"[{t * 3 if len(t) == 1 else t[0] * 3 + t[1]},1]"
        n = 14 - 3 * head.count("[")
        rest = [rng.choice([t, "2m", "3m", "4m", "6p", "7p", "S"]) for _ in range(n)]
        s = head + "".join(rest)
        for variant in ("guobiao", "nanning"):
            try:
                tiles = parse_hand(s, variant=variant, waiting_ok=False)
            except MjError:
                continue
            parsed += 1
            assert not over_four(tiles), s
    assert parsed > 500


def test_seed_payments_are_the_payment_book_s():
    from mjscore.engine.results import PaymentBook
    from mjscore.engine.variants.gb_settle import _seed_payments

    rules = GB.rules({})
    for player in range(4):
        for frm in [None, *(p for p in range(4) if p != player)]:
            for value in (1, 8, 89):
                win = _hand([{"type": "win", "player": player, "from": frm, "hand": "11m"}])
                w = win.events[0]
                wr = WinResult(
                    player=player, from_=frm, items=(), value=value, unit="番", summary="x"
                )
                book = PaymentBook()
                GB._pay_win(book, w, wr, rules)
                want = (tuple(book.items), book.deltas())
                assert _seed_payments(player, frm, value, "x") == want
