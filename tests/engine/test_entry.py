"""engine.entry: one event or a finished hand is checked once and settled once, and what it
returns is what settling the hand directly gives (the ledger stores it; the preview shows it)."""

import pytest
from mjscore.engine.core import TableState
from mjscore.engine.entry import add_event, settle_events
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.record import Kong, Win
from mjscore.engine.variants import get_variant

NANNING = get_variant("nanning")
RULES = NANNING.rules()
STATE = TableState(dealer=0)
KONG = Kong(player=1, kind="concealed", tile="9s")
WIN = Win(player=0, from_=None, hand="123m456m789p234s55s")


def test_an_open_hand_is_checked_and_not_settled():
    s = settle_events(NANNING, RULES, STATE, [KONG])
    assert s.result is None and not s.finished
    assert s.hand.events == (KONG,) and s.next_state == STATE


def test_a_finished_hand_is_settled_as_the_variant_settles_it():
    s = add_event(NANNING, RULES, STATE, [KONG], WIN)
    direct = NANNING.settle_hand(s.hand, STATE, RULES)
    assert s.finished and s.result == direct
    assert s.next_state == direct.next_state
    # RULES.md §1: a concealed kong takes 1 from each other player
    assert any(p.reason.startswith("杠分 暗杠") and p.payee == 1 for p in s.result.payments)


def test_refusals_name_where_they_happened():
    # a structure refusal: an event after the hand ended
    with pytest.raises(MjError) as e:
        settle_events(NANNING, RULES, STATE, [WIN, KONG], where="hand 3")
    assert e.value.code is ErrorCode.BAD_RECORD and e.value.where.startswith("hand 3.events[1]")
    # a settlement refusal: kong_bloom 2 needs two kongs of the winner
    bloom = Win(player=0, from_=None, hand="123m456m789p234s55s", kong_bloom=2)
    with pytest.raises(MjError) as e:
        settle_events(NANNING, RULES, STATE, [bloom], where="hand 3")
    assert e.value.where == "hand 3.events[0].kong_bloom"
    with pytest.raises(MjError) as e:
        settle_events(NANNING, RULES, STATE, [bloom], label=False)
    assert e.value.where == "events[0].kong_bloom"
