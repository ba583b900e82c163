"""engine.core.settle_up: the fewest transfers that settle balances."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st
from mjscore.engine.core import settle_up


def apply(bal, transfers):
    out = list(bal)
    for a, b, amt in transfers:
        assert amt > 0
        out[a] += amt
        out[b] -= amt
    return out


def min_transfers_bruteforce(bal):
    nz = [b for b in bal if b]
    n = len(nz)
    # n minus the largest number of disjoint zero-sum groups
    best = 0
    idx = list(range(n))

    def groups(rem):
        if not rem:
            return 0
        first, rest = rem[0], rem[1:]
        g = -1
        for k in range(len(rest) + 1):
            for combo in combinations(rest, k):
                if nz[first] + sum(nz[i] for i in combo) == 0:
                    sub = groups([i for i in rest if i not in combo])
                    if sub >= 0:
                        g = max(g, 1 + sub)
        return g

    best = groups(idx)
    return n - best if n else 0


def test_pairs_settle_in_two():
    t = settle_up([5, -5, 3, -3])
    assert len(t) == 2 and apply([5, -5, 3, -3], t) == [0, 0, 0, 0]


def test_one_winner():
    assert settle_up([10, -4, -3, -3]) == [(1, 0, 4), (2, 0, 3), (3, 0, 3)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=3, max_size=3))
def test_minimal_and_exact(three):
    bal = three + [-sum(three)]
    t = settle_up(bal)
    assert apply(bal, t) == [0, 0, 0, 0]
    assert len(t) == min_transfers_bruteforce(bal) <= 3


def test_score_item_label_shows_the_whole_worth():
    # QA: "花牌×2 1" read as "2 flowers = 1 fan"; the label now gives the total
    from mjscore.engine.core import ScoreItem

    assert ScoreItem(id="flower", zh="花牌", en="Flower", value=1, count=2).label() == "花牌×2 2"
    assert ScoreItem(id="kb", zh="大杠开", en="Kong bloom", value="×2").label() == "大杠开 ×2"
