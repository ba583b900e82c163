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


@pytest.mark.parametrize(
    ("lower_counts", "base"),
    [([[1, 0], [0, 1], [0, 0], [0, 0]], 1), ([[0, 0], [0, 0], [1, 1], [0, 0]], 2), (Z, 1)],
    ids=["one 正 one 副", "霸王, base 2", "none held"],
)
def test_lower_jing_is_paid_on_the_spot_with_the_settlements_own_lines(lower_counts, base):
    # RULES.md §4: 下精分 is paid at the reveal; what the table shows as paid now (and the
    # dialog previews) are the lines the hand's settlement stores, first, in that order
    from mjscore.engine.entry import add_event
    from mjscore.engine.events import event_from_json

    rules = V.rules({"base": base})
    state = TableState(dealer=0)
    reveal = event_from_json(jing("4m", "8s", lower_counts), "jing")
    spot = V.spot_payments((reveal,), state, rules)
    assert add_event(V, rules, state, (), reveal).paid_now == spot
    assert V.data.status(state, rules, (reveal,)).paid == (
        None
        if not spot
        else tuple(
            sum(p.amount * ((p.payee == s) - (p.payer == s)) for p in spot) for s in range(4)
        )
    )
    res = settle_events(
        V, [jing("4m", "8s", lower_counts), {"type": "draw"}], state, {"base": base}
    )
    assert res.payments[: len(spot)] == spot
    assert all("下精分" in p.reason for p in spot)
    assert all("下精分" not in p.reason for p in res.payments[len(spot) :])
    assert bool(spot) == any(any(c) for c in lower_counts)
