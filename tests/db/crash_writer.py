"""Child process of test_crash.py: writes hands to a ledger forever, reporting each commit.

Usage: python crash_writer.py LEDGER SESSION_ID
Prints "hand N" after hand N is committed, and "amend K" after the K-th amend of hand 1
(which re-settles every hand) is committed; flushes after each line.
"""

from __future__ import annotations

import sys

from mjscore.db import Ledger

FLUSH = "11224455668899p"


def hand_events(n: int) -> list[dict]:
    """The deterministic events of hand n."""
    if n % 3 == 0:
        return [{"type": "draw"}]
    evs = []
    if n % 2:
        evs.append({"type": "kong", "player": n % 4, "kind": "concealed", "tile": "3s"})
    evs.append(
        {"type": "win", "player": (n + 1) % 4, "from": None if n % 2 == 0 else n % 4, "hand": FLUSH}
    )
    return evs


def amended_first(k: int) -> list[dict]:
    """Hand 1 after the k-th amend (k ≥ 1)."""
    return [{"type": "draw"}] if k % 2 else hand_events(1)


def main() -> None:
    path, sid = sys.argv[1], int(sys.argv[2])
    led = Ledger.open(path)
    n = led.current_hand(sid).number
    amends = sum(1 for e in led.history(sid) if e.action == "amend")
    while True:
        led.record_hand(sid, hand_events(n))
        print(f"hand {n}", flush=True)
        if n % 7 == 0:
            amends += 1
            led.amend_hand(sid, 1, amended_first(amends))
            print(f"amend {amends}", flush=True)
        n += 1


if __name__ == "__main__":
    main()
