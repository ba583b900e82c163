"""mjscore's rules engine: pure Python (stdlib + PyMahjongGB for Guobiao fans).

Entry points:
- :func:`engine.tiles.parse_hand` / :func:`engine.tiles.format_hand` — tile notation
- :func:`engine.record.load_session` / :func:`engine.record.dump_session` — session records
- :func:`get_variant` (``.settle_hand``, ``.calc``), :func:`replay`, :func:`settle_up`
"""

from .core import HandResult, Payment, Replay, TableState, replay, settle_up
from .errors import ErrorCode, MjError
from .record import Hand, Session, dump_session, load_session
from .variants import get_variant

__all__ = [
    "ErrorCode",
    "Hand",
    "HandResult",
    "MjError",
    "Payment",
    "Replay",
    "Session",
    "TableState",
    "dump_session",
    "get_variant",
    "load_session",
    "replay",
    "settle_up",
]
