"""Settlement types shared by every variant, the variant interface, and replay.

A variant (:class:`Variant`) turns one :class:`~engine.events.Hand` played in a
:class:`TableState` into a :class:`HandResult`: itemised payments (one per rule item, each with
a reason a player can read), zero-sum deltas and the next table state. Replay folds a
session's hands. The types live in :mod:`engine.results` and the interface in
:mod:`engine.variant`; both are importable from here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from json.encoder import encode_basestring
from typing import Any

from . import variants
from .errors import ErrorCode, MjError
from .events import Session
from .frozen import frozen, maker
from .results import (
    WIND_ORDER,
    CalcResult,
    HandResult,
    Payment,
    PaymentBook,
    ScoreItem,
    TableState,
    WinResult,
    advance,
)
from .texts_checks import txt
from .transfers import settle_up
from .variant import Rules, Variant, false_win_payments

__all__ = [
    "WIND_ORDER",
    "CalcResult",
    "HandOutcome",
    "HandResult",
    "Payment",
    "PaymentBook",
    "Replay",
    "Rules",
    "ScoreItem",
    "TableState",
    "Variant",
    "WinResult",
    "advance",
    "false_win_payments",
    "replay",
    "settle_up",
]


# ---------------------------------------------------------------- replay
@frozen(kw_only=True)
class HandOutcome:
    index: int  # 1-based
    state: TableState  # the state the hand was played in
    result: HandResult
    totals: tuple[int, int, int, int]

    def to_json(self) -> dict[str, Any]:
        res = self.result
        return {
            "index": self.index,
            **self.state.to_json(),
            "payments": list(map(Payment.to_json, res.payments)),
            "deltas": list(res.deltas),
            "totals": list(self.totals),
        }


@frozen(kw_only=True)
class Replay:
    hands: tuple[HandOutcome, ...]
    totals: tuple[int, int, int, int]
    next_state: TableState

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [h.to_json() for h in self.hands],
            "totals": list(self.totals),
            "next": self.next_state.to_json(),
        }

    def json_text(self) -> str:
        """``json.dumps(self.to_json(), ensure_ascii=False)`` written directly (see
        :meth:`json_parts`)."""
        return "".join(self.json_parts())

    def json_parts(self) -> Iterator[str]:
        """The pieces of :meth:`json_text`, one hand at a time, for a caller that writes them
        as they come instead of holding the whole text: each distinct payment and table
        state is encoded once (a session repeats the same few), the rest joined as the
        standard encoder joins it."""
        pay: dict[int, str] = {}  # by id: the payments are alive for the whole call
        states: dict[tuple, str] = {}
        yield '{"hands": ['
        for n, h in enumerate(self.hands):
            res = h.result
            st = h.state
            if type(st) is TableState:
                key = (st.dealer, st.prevailing_wind, st.bixiahu, st.flags)
                head = states.get(key)
                if head is None:
                    head = states[key] = _encode(st.to_json())[1:-1]
            else:
                head = _encode(st.to_json())[1:-1]
            texts = [pay.get(id(p)) or _remember(pay, p) for p in res.payments]
            i = h.index
            index = i if type(i) is int else _encode(i)
            yield (
                f'{", " if n else ""}{{"index": {index}, {head}, "payments": '
                f'[{", ".join(texts)}], "deltas": {_four(res.deltas)}, "totals": {_four(h.totals)}}}'
            )
        yield f'], "totals": {_four(self.totals)}, '
        yield f'"next": {_encode(self.next_state.to_json())}}}'


_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_encode_str = encode_basestring  # a str as the encoder above writes it


def _remember(texts: dict[int, str], p: Payment) -> str:
    t = texts[id(p)] = _payment_text(p)
    return t


def _payment_text(p: Payment) -> str:
    if type(p.payer) is type(p.payee) is type(p.amount) is int and type(p.reason) is str:
        return (
            f'{{"from": {p.payer}, "to": {p.payee}, "amount": {p.amount}, '
            f'"reason": {_encode_str(p.reason)}}}'
        )
    return _encode(p.to_json())


def _four(xs: tuple[int, ...]) -> str:
    """A tuple of whole numbers as the encoder writes it as a list."""
    if len(xs) == 4 and type(xs[0]) is type(xs[1]) is type(xs[2]) is type(xs[3]) is int:
        return f"[{xs[0]}, {xs[1]}, {xs[2]}, {xs[3]}]"
    return _encode(list(xs))


_make_outcome = maker(HandOutcome)  # HandOutcome without the setters of its __init__


def replay(session: Session) -> Replay:
    """Settle every finished hand of ``session`` in order (an unfinished last hand is skipped;
    ``next_state`` is the state it is being played in)."""
    v = variants.get_variant(session.variant)
    rules = v.rules(session.options)
    state = v.initial_state(session.first_dealer, rules)
    totals = (0, 0, 0, 0)  # four seats: a HandResult checks that its deltas are four
    out: list[HandOutcome] = []
    for i, hand in enumerate(session.hands):
        if not hand.finished:
            if i != len(session.hands) - 1:
                raise MjError(
                    ErrorCode.BAD_RECORD,
                    txt("last_hand_may_unfinished"),
                    where=f"hands[{i}].events",
                )
            break
        try:
            res = v.settle_hand(hand, state, rules)
        except MjError as e:
            raise e.at(f"hands[{i}]") from None
        d = res.deltas
        totals = (totals[0] + d[0], totals[1] + d[1], totals[2] + d[2], totals[3] + d[3])
        out.append(_make_outcome(index=i + 1, state=state, result=res, totals=totals))
        state = res.next_state
    return Replay(hands=tuple(out), totals=totals, next_state=state)
