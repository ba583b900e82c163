"""Settling up: the fewest transfers that clear a set of zero-sum balances."""

from __future__ import annotations

from collections.abc import Sequence


def settle_up(balances: Sequence[int]) -> list[tuple[int, int, int]]:
    """The fewest transfers ``(payer, payee, amount)`` that settle integer balances summing
    to zero (an exact minimum: n minus the largest number of zero-sum groups)."""
    bal = list(balances)
    if sum(bal) != 0:
        raise ValueError(f"balances do not sum to zero: {bal}")
    people = [i for i, b in enumerate(bal) if b]
    n = len(people)
    if n == 0:
        return []
    if n > 12:  # exact search is exponential; greedy is at most n-1 transfers
        return _greedy(bal, people)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask ^ (1 << low)] + bal[people[low]]
    # best[mask] = max number of zero-sum groups partitioning mask (mask must sum to 0)
    best = [-1] * (1 << n)
    choice = [0] * (1 << n)
    best[0] = 0
    for mask in range(1, 1 << n):
        if sums[mask] != 0:
            continue
        low = mask & -mask
        sub = mask
        while sub:
            if (
                sub & low
                and sums[sub] == 0
                and best[mask ^ sub] >= 0
                and best[mask ^ sub] + 1 > best[mask]
            ):
                best[mask] = best[mask ^ sub] + 1
                choice[mask] = sub
            sub = (sub - 1) & mask
    out: list[tuple[int, int, int]] = []
    mask = full
    while mask:
        g = choice[mask]
        out.extend(_greedy(bal, [people[i] for i in range(n) if g >> i & 1]))
        mask ^= g
    return sorted(out)


def _greedy(bal: Sequence[int], group: Sequence[int]) -> list[tuple[int, int, int]]:
    b = {i: bal[i] for i in group}
    out = []
    while True:
        debtors = sorted((i for i in b if b[i] < 0), key=lambda i: (b[i], i))
        creditors = sorted((i for i in b if b[i] > 0), key=lambda i: (-b[i], i))
        if not debtors:
            return out
        d, c = debtors[0], creditors[0]
        amt = min(-b[d], b[c])
        out.append((d, c, amt))
        b[d] += amt
        b[c] -= amt
