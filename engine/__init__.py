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

The names below are loaded on first use, so that importing one small module of the engine
(``engine.errors`` for instance) does not import the records and the settlement types too.
"""

from __future__ import annotations

import importlib

_WHERE = {
    "HandResult": "core",
    "Payment": "core",
    "Replay": "core",
    "TableState": "core",
    "replay": "core",
    "settle_up": "core",
    "Settled": "entry",
    "add_event": "entry",
    "settle_events": "entry",
    "ErrorCode": "errors",
    "MjError": "errors",
    "Hand": "record",
    "Session": "record",
    "dump_session": "record",
    "load_session": "record",
    "Variant": "variant",
    "get_variant": "variants",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
