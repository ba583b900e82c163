"""mjscore's rules engine: pure Python (stdlib + PyMahjongGB for Guobiao fans).

Entry points:
- :func:`engine.tiles.parse_hand` / :func:`engine.tiles.format_hand` — tile notation
- :func:`engine.record.load_session` / :func:`engine.record.dump_session` — session records
- :func:`get_variant` — a rule set (:class:`engine.variant.Variant`: ``.settle_hand``, ``.calc``,
  ``.data``, the declared patterns, flags and scoring table)
- :func:`engine.entry.settle_events` / :func:`engine.entry.add_event` — an event or a finished
  hand checked once and settled once (what the ledger stores and the preview shows)
- :func:`replay` (a whole record, hand after hand), :func:`settle_up`

Layers, lowest first: errors, tiles, hands, rules, declare, events, results, variant, checks,
facts; then the variants (engine.variants.*), which import only those; then record, core,
entry, stats and money, which may import the variants.
"""

from .core import HandResult, Payment, Replay, TableState, replay, settle_up
from .entry import Settled, add_event, settle_events
from .errors import ErrorCode, MjError
from .record import Hand, Session, dump_session, load_session
from .variant import Variant
from .variants import get_variant

__all__ = [
    "ErrorCode",
    "Hand",
    "HandResult",
    "MjError",
    "Payment",
    "Replay",
    "Session",
    "Settled",
    "TableState",
    "Variant",
    "add_event",
    "dump_session",
    "get_variant",
    "load_session",
    "replay",
    "settle_events",
    "settle_up",
]
