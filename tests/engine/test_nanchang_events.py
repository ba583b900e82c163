"""南昌: the jing events of a hand read in one pass (engine.variants.nanchang_hand.read_jing):
a second reveal or count is refused at the second one."""

from __future__ import annotations

import pytest
from mjscore.engine.core import TableState
from mjscore.engine.errors import ErrorCode, MjError
from mjscore.engine.variants import get_variant

from tests.builders import jing_count_event as count
from tests.builders import jing_event as jing
from tests.builders import settle_events

V = get_variant("nanchang")
Z = [[0, 0], [0, 0], [0, 0], [0, 0]]


def settle(events: list[dict]):
    return settle_events(V, events, TableState(dealer=0), None)


@pytest.mark.parametrize(
    ("events", "at"),
    [
        ([jing("5m"), jing("5m"), {"type": "draw"}], "events[1]"),
        ([jing("5m"), count(Z), jing("6m"), count(Z), {"type": "draw"}], "events[2]"),
        ([count(Z), jing("5m"), count(Z), {"type": "draw"}], "events[2]"),
    ],
    ids=["two reveals", "two reveals beside two counts", "two counts"],
)
def test_a_jing_event_twice_is_refused_at_the_second(events, at):
    with pytest.raises(MjError) as e:
        settle(events)
    assert e.value.code == ErrorCode.CONTRADICTION
    assert e.value.where == at
