"""RULES.md §0 conventions shared by all variants (engine/facts.py)."""

import pytest
from mjscore.engine.core import TableState
from mjscore.engine.errors import MjError
from mjscore.engine.facts import check_context, claimed_melds, kong_chain
from mjscore.engine.record import Hand, Kong, Pung, Win
from mjscore.engine.tiles import parse_hand


def H(*events):
    return Hand(tuple(events))


def test_kong_chain_takes_the_players_last_n():
    # §0 "kong_bloom: n / kong_cannon: n refer to that player's last n kong events of the hand"
    k1 = Kong(player=0, kind="exposed", from_=2, tile="5p")
    k2 = Kong(player=1, kind="concealed", tile="E")
    k3 = Kong(player=0, kind="concealed", tile="9s")
    assert kong_chain(H(k1, k2, k3), 0, 2) == (k1, k3)
    assert kong_chain(H(k1, k2, k3), 0, 1) == (k3,)
    with pytest.raises(MjError, match="only 2 kong event"):
        kong_chain(H(k1, k2, k3), 0, 3)


def test_chain_only_first_kong_may_be_direct_exposed():
    # §0 "In a chain only the first kong can be a direct exposed kong"
    ks = (
        Kong(player=0, kind="concealed", tile="E"),
        Kong(player=0, kind="exposed", from_=1, tile="5p"),
    )
    with pytest.raises(MjError, match="only the first kong"):
        kong_chain(H(*ks), 0, 2)


def test_claimed_melds_from_the_hand_string_use_absolute_seats():
    # §0 "when they are not [logged], the ,n seats of the winner's melds are used (turned into absolute seats)"
    win = Win(player=1, from_=None, hand="[555p,2][666s,3]123m789p2s2s")
    melds = claimed_melds(H(win), win, parse_hand(win.hand))
    assert [(m.kind, m.tile, m.from_seat) for m in melds] == [("pung", "5p", 3), ("pung", "6s", 2)]


def test_pung_events_must_agree_with_the_hand():
    # §0 "when both exist they must agree"
    win = Win(player=1, from_=None, hand="[555p,2]123m456p789s2s2s")
    ok = claimed_melds(H(Pung(player=1, from_=3, tile="5p"), win), win, parse_hand(win.hand))
    assert [(m.tile, m.from_seat, m.source) for m in ok] == [("5p", 3, "event")]
    with pytest.raises(MjError, match="do not agree"):
        claimed_melds(H(Pung(player=1, from_=0, tile="5p"), win), win, parse_hand(win.hand))


def test_added_kong_is_one_meld_with_its_pung():
    # §0 "A pung later turned into an added kong is one meld: the added kong's from equals the pung's"
    p = Pung(player=0, from_=2, tile="7m")
    k = Kong(player=0, kind="added", from_=2, tile="7m")
    win = Win(player=0, from_=1, hand="[7777m,6]123m456p789s1s1s")
    melds = claimed_melds(H(p, k, win), win, parse_hand(win.hand))
    assert [(m.kind, m.kong_kind, m.from_seat) for m in melds] == [("kong", "added", 2)]
    with pytest.raises(MjError, match="one meld"):
        claimed_melds(H(p, Kong(player=0, kind="added", from_=3, tile="7m"), win), win, None)


def test_kong_in_hand_needs_an_event():
    # §0 "A kong shown in a winner's hand string must have a matching kong event (same player and tile)"
    win = Win(player=0, from_=1, hand="[7777m]123m456p789s1s1s")
    with pytest.raises(MjError, match="no matching kong event"):
        claimed_melds(H(win), win, parse_hand(win.hand))
    with pytest.raises(MjError, match="does not show it"):
        w2 = Win(player=0, from_=1, hand="777m123m456p789s1s1s")
        claimed_melds(H(Kong(player=0, kind="concealed", tile="7m"), w2), w2, parse_hand(w2.hand))
    good = claimed_melds(
        H(Kong(player=0, kind="concealed", tile="7m"), win), win, parse_hand(win.hand)
    )
    assert good[0].kong_kind == "concealed" and good[0].from_seat is None


def test_context_must_agree_with_the_table():
    # RECORD.md "a context or flags that contradict them are an error"
    st = TableState(dealer=1, prevailing_wind="S")
    tiles = parse_hand("123m456p789s11s22s2s|SW1000")  # seat 3 is 西 when seat 1 deals
    check_context(tiles, Win(player=3, from_=None), st, "events[0]")
    with pytest.raises(MjError, match="self-drawn"):
        check_context(tiles, Win(player=3, from_=2), st, "events[0]")
    with pytest.raises(MjError, match="seat wind W"):
        check_context(tiles, Win(player=2, from_=None), st, "events[0]")
