"""Row mapping: what the ledger's tables hold <-> the engine's types, and the records the
ledger hands out (:class:`SessionInfo`, :class:`StoredHand`, :class:`AuditEntry`, ...).

Decoding a stored value that does not decode means the file was damaged or edited by hand:
it raises :class:`LedgerDamaged`, never a traceback.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from mjscore.engine.frozen import frozen, maker

from .. import packing
from ..errors import LedgerDamaged

if TYPE_CHECKING:
    from mjscore.engine.core import HandResult, Payment, TableState, WinResult
    from mjscore.engine.record import Event, Hand


# ---------------------------------------------------------------- encoding
def dumps(obj: Any) -> str:
    """Compact JSON as the ledger stores it (non-ASCII kept, decimals as strings)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=_json_default)


def _json_default(o: Any) -> Any:
    if isinstance(o, Decimal):
        return str(o)
    if isinstance(o, set | frozenset | tuple):
        return list(o)
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return dataclasses.asdict(o)
    to_json = getattr(o, "to_json", None)
    if callable(to_json):
        return to_json()
    return str(o)


# the stored form of a table state (m005): its values as a JSON array, in this order
STATE_ARRAY = ("hand_number", "dealer", "prevailing_wind", "bixiahu", "flags", "passes")


@functools.cache
def state_fields() -> tuple[str, ...]:
    """The fields of :class:`engine.core.TableState` (read on first use, so that opening a
    ledger does not import the engine)."""
    from mjscore.engine.core import TableState

    fields = tuple(f.name for f in dataclasses.fields(TableState))
    assert set(fields) == set(STATE_ARRAY), "a new TableState field needs a new stored form"
    return fields


def __getattr__(name: str) -> Any:
    if name == "STATE_FIELDS":  # the old constant, for code that read it
        return state_fields()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def state_json(state: TableState) -> str:
    """``[hand_number, dealer, prevailing_wind, bixiahu (0/1), flags, passes]``."""
    return dumps(
        [int(v) if k == "bixiahu" else v for k in STATE_ARRAY for v in (getattr(state, k),)]
    )


def state_columns(state: TableState) -> dict[str, Any]:
    """The ``hands`` columns that describe the table a hand is played in."""
    return {
        "dealer": state.dealer,
        "prevailing_wind": state.prevailing_wind,
        "bixiahu": int(state.bixiahu),
        "flags": state.flags,
        "state": state_json(state),
    }


def open_columns(state: TableState) -> dict[str, Any]:
    """The ``hands`` columns of a hand being played (nothing settled)."""
    return {
        "status": "open",
        **state_columns(state),
        "next_state": None,
        "summary": "",
        "wins": packing.pack([]),
        "settled_at": None,
    }


def settled_columns(
    hand: Hand, state: TableState, result: HandResult, now: str, hand_at: str | None = None
) -> dict[str, Any]:
    """The ``hands`` columns of a settled hand; ``hand_at``: the row's ``created_at`` (a
    hand settled at that time stores ``settled_at`` ``''``, m007)."""
    return {
        "status": hand.outcome,
        **state_columns(state),
        "next_state": state_json(result.next_state),
        "summary": result.summary,
        "wins": packing.pack([w.to_json() for w in result.wins]),
        "settled_at": "" if now == hand_at else now,
    }


def event_rows(
    hand_id: int, events: Sequence[Event], *, start: int = 0, at: str, hand_at: str | None = None
) -> list[dict[str, Any]]:
    """The ``events`` rows; ``hand_at``: the hand row's ``created_at`` (an event recorded
    at that time stores ``''``, m007)."""
    when = "" if at == hand_at else at
    return [
        {
            "hand_id": hand_id,
            "seq": start + i,
            "type": e.type,
            "payload": dumps(e.to_json()),
            "recorded_at": when,
        }
        for i, e in enumerate(events)
    ]


def payment_runs(hand_id: int, result: HandResult) -> list[tuple[int, packing.Run]]:
    """``(hand_id, run)`` for each run of the hand's payment lines (``db.packing``)."""
    lines = [(p.payer, p.payee, p.amount, p.reason) for p in result.payments]
    return [(hand_id, run) for run in packing.payment_runs(lines)]


def payment_rows(
    runs: Sequence[tuple[int, packing.Run]], reason_ids: Mapping[str, int]
) -> list[dict[str, Any]]:
    """The ``payments`` rows of ``runs`` (reasons by their ``payment_reasons`` id)."""
    return [
        {
            "hand_id": hid,
            "seq": seq,
            "from_seats": mask,
            "to_seat": to,
            "amount": amount,
            "reason_id": reason_ids[reason],
        }
        for hid, (seq, mask, to, amount, reason) in runs
    ]


def seat_result_rows(
    hand_id: int,
    session_id: int,
    hand: Hand,
    result: HandResult,
    seat_ids: Sequence[int],
    variant: str,
) -> list[dict[str, Any]]:
    """Four rows: each seat's delta and role in the hand (the report views read them); who
    dealt in is who paid for a win, as :func:`engine.stats.dealt_in` says."""
    from mjscore.engine.record import Draw, FalseWin, Win
    from mjscore.engine.stats import dealt_in, side_payments

    won, selfd, dealt, falsew = [0] * 4, [0] * 4, [0] * 4, [0] * 4
    wins = [e for e in hand.events if isinstance(e, Win)]
    for seat in dealt_in(wins, result.payments, side_payments(variant)) if wins else ():
        dealt[seat] = 1
    for e in hand.events:
        if isinstance(e, Win):
            won[e.player] = 1
            if e.from_ is None:
                selfd[e.player] = 1
        elif isinstance(e, FalseWin):
            falsew[e.player] = 1
        elif isinstance(e, Draw):
            pass
    return [
        {
            "hand_id": hand_id,
            "session_id": session_id,
            "seat": s,
            "player_id": seat_ids[s],
            "delta": result.deltas[s],
            "won": won[s],
            "self_draw": selfd[s],
            "dealt_in": dealt[s],
            "false_win": falsew[s],
        }
        for s in range(4)
    ]


def events_json(events: Iterable[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def sqlite_int(n: object) -> bool:
    """An int SQLite can store (64-bit); anything else cannot be an id in the ledger."""
    return isinstance(n, int) and not isinstance(n, bool) and -(2**63) <= n < 2**63


# ---------------------------------------------------------------- decoding
def damaged(what: str, e: Exception) -> LedgerDamaged:
    return LedgerDamaged(f"the ledger holds damaged data ({what}: {e}); it was not changed")


def loads(text: str, what: str = "JSON") -> Any:
    try:
        return json.loads(text)
    except (ValueError, TypeError) as e:
        raise damaged(what, e) from None


def decimal(text: str) -> Decimal:
    try:
        d = Decimal(text)
    except (ArithmeticError, ValueError, TypeError) as e:
        raise damaged("stake", e) from None
    if not d.is_finite():
        raise damaged("stake", ValueError(text))
    return d


def stored_event(payload: str, where: str) -> Event:
    from mjscore.engine.errors import MjError
    from mjscore.engine.record import event_from_json

    try:
        return event_from_json(loads(payload, where), where)
    except MjError as e:
        raise damaged(where, e) from None


def state_from(text: str | None) -> TableState | None:
    from mjscore.engine.core import TableState

    if text is None:
        return None
    data = loads(text, "table state")
    try:
        if isinstance(data, list):  # the stored form since m005
            if len(data) != len(STATE_ARRAY):
                raise TypeError(f"{len(data)} values, not {len(STATE_ARRAY)}")
            data = dict(zip(STATE_ARRAY, data, strict=True))
            data["bixiahu"] = bool(data["bixiahu"])
        fields = state_fields()
        return TableState(**{k: v for k, v in data.items() if k in fields})
    except (AttributeError, TypeError) as e:
        raise damaged("table state", e) from None


def wins_from(value: bytes | str) -> list[Any]:
    """The stored ``hands.wins``: each win's :meth:`engine.core.WinResult.to_json`."""
    try:
        data = packing.unpack(value)
    except (ValueError, TypeError) as e:
        raise damaged("wins", e) from None
    if not isinstance(data, list):
        raise damaged("wins", TypeError("not a list"))
    return data


def win_result(d: Mapping[str, Any]) -> WinResult:
    """A stored :meth:`engine.core.WinResult.to_json` back as the object."""
    from mjscore.engine.core import ScoreItem, WinResult

    return WinResult(
        player=d["player"],
        from_=d["from"],
        items=tuple(
            ScoreItem(id=i["id"], zh=i["name"], en=i["name_en"], value=i["value"], count=i["count"])
            for i in d["items"]
        ),
        value=d["value"],
        unit=d["unit"],
        summary=d["summary"],
    )


def to_event(obj: Event | Mapping[str, Any], where: str = "event") -> Event:
    """An event given as an :class:`engine.record.Event` or a RECORD.md dict."""
    from mjscore.engine.record import Event, event_from_json

    if isinstance(obj, Event):
        return obj
    return event_from_json(obj, where)


def events_from_json(items: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
    from mjscore.engine.errors import MjError
    from mjscore.engine.record import event_from_json

    try:
        return tuple(event_from_json(e, f"events[{i}]") for i, e in enumerate(items))
    except MjError as e:
        raise damaged("audit entry", e) from None


# ---------------------------------------------------------------- public records
@frozen(kw_only=True)  # (a frozen dataclass, cheap to make: the home list makes one a session)
class SessionInfo:
    """One session's metadata and running totals (points; money = points × stake)."""

    id: int
    variant: str
    players: tuple[str, str, str, str]
    options: Mapping[str, Any]
    stake: Decimal
    first_dealer: int
    started_at: str
    ended_at: str | None
    notes: str
    hands_played: int
    totals: tuple[int, int, int, int]
    uuid: str = ""
    table: str = ""
    demo: bool = False

    @property
    def ended(self) -> bool:
        return self.ended_at is not None

    @property
    def money(self) -> tuple[Decimal, Decimal, Decimal, Decimal]:
        return tuple(self.stake * t for t in self.totals)  # type: ignore[return-value]


make_session_info = maker(SessionInfo)  # without the setters of __init__


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredHand:
    """A hand as the ledger holds it.

    ``status`` is ``'open'`` (being played; ``events`` may be empty for the hand about to
    start), ``'win'``, ``'draw'`` or ``'false_win'``. ``state`` is the table state the hand
    is (being) played in. For a finished hand, ``payments``/``deltas``/``next_state`` are the
    stored settlement, ``wins`` the JSON of each :class:`engine.core.WinResult` (items with
    names and values, for explanations). ``result`` is the live
    :class:`engine.core.HandResult` when this object comes straight from a write that
    settled the hand, else ``None``.
    """

    session_id: int
    number: int
    status: str
    state: TableState
    events: tuple[Event, ...]
    payments: tuple[Payment, ...] = ()
    deltas: tuple[int, int, int, int] | None = None
    next_state: TableState | None = None
    summary: str = ""
    wins: tuple[Mapping[str, Any], ...] = ()
    result: HandResult | None = None

    @property
    def finished(self) -> bool:
        return self.status != "open"


@dataclass(frozen=True, slots=True, kw_only=True)
class AuditEntry:
    """One superseded version of a hand. ``before``/``after`` are the hand's events before
    and after the change (``None``: the hand did not exist / no longer exists)."""

    id: int
    session_id: int
    hand_number: int
    action: str  # 'amend' | 'delete' | 'insert' | 'undo_event' | 'undo'
    before: tuple[Event, ...] | None
    after: tuple[Event, ...] | None
    before_deltas: tuple[int, int, int, int] | None
    at: str
    undoes: int | None
    undone_by: int | None
    note: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatTotal:
    seat: int
    player: str
    points: int
    money: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerStats:
    """Lifetime figures of one player over every session in the ledger.

    ``net_money`` adds each session's points × that session's stake. ``biggest_hand`` is
    the largest gain in one hand (``None`` before any hand), found in
    ``biggest_hand_at = (session_id, hand_number)``.
    """

    player: str
    sessions: int
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    false_wins: int
    net_points: int
    net_money: Decimal
    biggest_hand: int | None
    biggest_hand_at: tuple[int, int] | None


def session_info(
    row: Mapping[str, Any], names: Sequence[str], totals: Sequence[int]
) -> SessionInfo:
    """A ``sessions`` row with its seats' names and points."""
    return SessionInfo(
        id=row["id"],
        variant=row["variant"],
        players=tuple(names),  # type: ignore[arg-type]
        options=loads(row["options"], "options"),
        stake=decimal(row["stake"]),
        first_dealer=row["first_dealer"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        notes=row["notes"],
        hands_played=row["hands_played"],
        totals=tuple(totals),  # type: ignore[arg-type]
        uuid=row["uuid"] or "",
        table=row["table_label"],
        demo=bool(row["demo"]),
    )


def stored_hand(
    session_id: int,
    row: Mapping[str, Any],
    events: Sequence[Event],
    payments: Sequence[Payment],
    deltas: Sequence[int] | None,
) -> StoredHand:
    """A ``hands`` row with its events, payments and seat deltas."""
    return StoredHand(
        session_id=session_id,
        number=row["number"],
        status=row["status"],
        state=state_from(row["state"]),  # type: ignore[arg-type]
        events=tuple(events),
        payments=tuple(payments),
        deltas=tuple(deltas) if deltas is not None else None,  # type: ignore[arg-type]
        next_state=state_from(row["next_state"]),
        summary=row["summary"],
        wins=tuple(wins_from(row["wins"])),
    )


def audit_entry(r: Mapping[str, Any]) -> AuditEntry:
    """An ``audit`` row."""

    def evs(text: str | None) -> tuple[Event, ...] | None:
        return None if text is None else events_from_json(loads(text, "audit entry"))

    return AuditEntry(
        id=r["id"],
        session_id=r["session_id"],
        hand_number=r["hand_number"],
        action=r["action"],
        before=evs(r["before"]),
        after=evs(r["after"]),
        before_deltas=tuple(loads(r["before_deltas"], "audit entry"))
        if r["before_deltas"]
        else None,
        at=r["at"],
        undoes=r["undoes"],
        undone_by=r["undone_by"],
        note=r["note"],
    )
