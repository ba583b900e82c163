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
from operator import attrgetter
from typing import Any

from . import variants
from .errors import ErrorCode, MjError
from .events import Session
from .frozen import frozen, positional_maker
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
        :meth:`json_chunks`)."""
        return b"".join(self.json_chunks()).decode("utf-8", "surrogatepass")

    def json_parts(self) -> Iterator[str]:
        """The pieces of :meth:`json_text`, one hand at a time (see :meth:`json_chunks`)."""
        for chunk in self.json_chunks():
            yield chunk.decode("utf-8", "surrogatepass")

    def json_chunks(self, errors: str = "surrogatepass") -> Iterator[bytes]:
        """:meth:`json_text` in UTF-8 (each text encoded with the error handler ``errors``:
        a text stream's own, so that its bytes are the ones it would write), one hand at a
        time, for a caller that writes them as they come instead of holding the whole text.
        Each distinct payment, reason and table state is encoded once (a session repeats
        the same few); the numbers of a hand are put in by one bytes formatting.
        A hand of anything but whole numbers and plain states is written by the standard
        encoder; the bytes come out the same either way."""
        pay: dict[int, bytes] = {}  # by id: the payments are alive for the whole call
        halves: dict[tuple, bytes] = {}  # by who pays whom, or by amount and reason
        states: dict[tuple, bytes] = {}
        yield b'{"hands": ['
        sep = b""
        for h in self.hands:
            st = h.state
            res = h.result
            i = h.index
            try:
                a, b, c, d = res.deltas
                e, f, g, k = h.totals
            except ValueError:  # not four of each: the standard encoder below
                a = None
            if (
                type(st) is TableState
                and type(i) is type(a) is type(b) is type(c) is type(d) is int
                and type(e) is type(f) is type(g) is type(k) is int
            ):
                key = (st.dealer, st.prevailing_wind, st.bixiahu, st.flags)
                head = states.get(key)
                if head is None:
                    head = states[key] = _encode(st.to_json())[1:-1].encode("utf-8", errors)
                ps = res.payments
                if type(ps) is tuple and len(ps) > 8:
                    # many, most often all written before: fetched by C code alone
                    try:
                        body = b", ".join(map(_text_of, ps))
                    except AttributeError:  # one not written yet: each kept on it now
                        body = b", ".join(
                            [_payment_bytes(p, pay, halves, errors, True) for p in ps]
                        )
                else:  # a few, as often new as not (an exception would cost more than it saves)
                    body = b", ".join(
                        [pay.get(id(p)) or _payment_bytes(p, pay, halves, errors) for p in ps]
                    )
                yield _HAND % (sep, i, head, body, a, b, c, d, e, f, g, k)
            else:
                yield sep + _encode(h.to_json()).encode("utf-8", errors)
            sep = b", "
        end = f'], "totals": {_encode(list(self.totals))}, '
        end += f'"next": {_encode(self.next_state.to_json())}}}'
        yield end.encode("utf-8", errors)


# a plain hand as the standard encoder writes it: the separator before it, its index, the
# state's fields, the payments, then the deltas and the totals
_HAND = (
    b'%b{"index": %d, %b, "payments": [%b], "deltas": [%d, %d, %d, %d], "totals": [%d, %d, %d, %d]}'
)
_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


# a payment of whole numbers: who pays whom, then its amount and reason (the reason written
# as a JSON string)
_PAYMENT_HEAD = b'{"from": %d, "to": %d, "amount": '
_PAYMENT_TAIL = b'%d, "reason": %b}'


def _payment_bytes(
    p: Payment,
    texts: dict[int, bytes],
    halves: dict[tuple, bytes],
    errors: str,
    keep: bool = False,
) -> bytes:
    """The payment as the standard encoder writes it, kept in ``texts`` by its id, and with
    ``keep`` (a hand of many payments) on the payment too (its ``json_bytes``) when its
    reason's bytes are the same for every error handler (the text is then the same in every
    call, and a payment is immutable: a session shares its payments among the hands that pay
    them). Its two halves are kept in
    ``halves``: a win's amount and reason are paid by several players, and the same few
    players pay each other."""
    a, b, c, r = p.payer, p.payee, p.amount, p.reason
    if type(a) is type(b) is type(c) is int and type(r) is str:
        head = halves.get((a, b))
        if head is None:
            head = halves[a, b] = _PAYMENT_HEAD % (a, b)
        tail = halves.get((c, r))
        if tail is None:
            try:
                reason = encode_basestring(r).encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate: as the handler ``errors`` writes it
                reason = encode_basestring(r).encode("utf-8", errors)
                t = texts[id(p)] = head + _PAYMENT_TAIL % (c, reason)
                return t
            tail = halves[c, r] = _PAYMENT_TAIL % (c, reason)
        t = texts[id(p)] = head + tail
        if keep:
            _keep_text(p, t)
    else:
        t = texts[id(p)] = _encode(p.to_json()).encode("utf-8", errors)
    return t


_text_of = attrgetter("json_bytes")  # a payment's text, kept on it by _payment_bytes
_keep_text = Payment.json_bytes.__set__  # past the refusal of assignment of a frozen class


_make_outcome = positional_maker(HandOutcome, "index", "state", "result", "totals")


def replay(session: Session) -> Replay:
    """Settle every finished hand of ``session`` in order (an unfinished last hand is skipped;
    ``next_state`` is the state it is being played in)."""
    v = variants.get_variant(session.variant)
    rules = v.rules(session.options)
    state = v.initial_state(session.first_dealer, rules)
    totals = (0, 0, 0, 0)  # four seats: a HandResult checks that its deltas are four
    e = f = g = k = 0  # the totals, seat by seat
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
        a, b, c, d = res.deltas
        e += a
        f += b
        g += c
        k += d
        totals = (e, f, g, k)
        out.append(_make_outcome(i + 1, state, res, totals))
        state = res.next_state
    return Replay(hands=tuple(out), totals=totals, next_state=state)
