"""engine.core.settle_up: the fewest transfers that settle balances."""

import math
from decimal import Decimal
from fractions import Fraction
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


STAKES = st.sampled_from(
    ["0.50", "1.000", "0.5", "1", "0.25", "0.3", "2", "0.01", "0.125", "1e-9", "3.33", "1e400"]
)
UNITS = st.sampled_from(["0.01", "1", "0.1", "5", "0.05", "10"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(-(10**6), 10**6), min_size=3, max_size=3), STAKES, UNITS)
def test_settled_amounts_are_the_settlements_amounts(three, stake, unit):
    """A player's lifetime takes each session's money from settled_amounts (no transfers
    worked out): the same amounts as the whole settlement, or the same refusal."""
    from mjscore.engine.money import settle_money, settled_amounts

    pts = [*three, -sum(three)]
    try:
        want: object = settle_money(pts, stake, unit).amounts
    except Exception as e:  # noqa: BLE001 - a refusal must be the same refusal
        want = (type(e), str(e))
    try:
        got: object = settled_amounts(pts, stake, unit)
    except Exception as e:  # noqa: BLE001
        got = (type(e), str(e))
    assert got == want


def _reference_amounts(pts: list[int], stake: str, unit: str) -> list[Fraction]:
    """The rounding rule of engine.money's docstring worked out in exact fractions."""
    s, u = Fraction(Decimal(stake)), Fraction(Decimal(unit))
    exact = [p * s / u for p in pts]  # in units
    units = [
        math.floor(x + Fraction(1, 2)) if x >= 0 else -math.floor(-x + Fraction(1, 2))
        for x in exact
    ]
    residual = sum(units)
    while residual:
        step = 1 if residual > 0 else -1
        seat = max(range(len(units)), key=lambda i: ((units[i] - exact[i]) * step, -i))
        units[seat] -= step
        residual -= step
    return [n * u for n in units]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-(10**6), 10**6), min_size=3, max_size=3), STAKES, UNITS)
def test_both_settlements_follow_the_rounding_rule(three, stake, unit):
    """settle_money and settled_amounts share their arithmetic, so their agreement above is
    checked here against the rule itself, and the transfers against the amounts."""
    from mjscore.engine.money import settle_money, settled_amounts

    pts = [*three, -sum(three)]
    want = _reference_amounts(pts, stake, unit)
    settled = settle_money(pts, stake, unit)
    assert [Fraction(a) for a in settled.amounts] == want
    assert [Fraction(a) for a in settled_amounts(pts, stake, unit)] == want
    paid = [Fraction(0)] * 4
    for t in settled.transfers:
        paid[t.payer] -= Fraction(t.amount)
        paid[t.payee] += Fraction(t.amount)
    assert paid == want


def test_settled_amounts_refuse_as_the_settlement_does():
    from mjscore.engine.errors import MjError
    from mjscore.engine.money import settle_money, settled_amounts

    for stake, unit, pts in (("0", "0.01", [1, -1, 0, 0]), ("1", "-1", [1, -1, 0, 0])):
        for f in (settle_money, settled_amounts):
            try:
                f(pts, stake, unit)
            except MjError as e:
                assert e.code is not None
            else:  # pragma: no cover - the point of the test
                raise AssertionError(f"{f.__name__} took stake {stake}, unit {unit}")
    for f in (settle_money, settled_amounts):
        try:
            f([1, 0, 0, 0], "1", "0.01")
        except ValueError:
            pass
        else:  # pragma: no cover
            raise AssertionError("points that do not sum to zero were settled")
