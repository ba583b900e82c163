"""Sessions for the board's tests, one per rule set, each leaving the table in a state the
board must show (written through the ledger like the scorekeeper's app writes them)."""

from __future__ import annotations

from mjscore.db import Ledger

NAMES = ["阿明", "小芳", "老王", "Lee"]
FLUSH = "11224455668899p"  # seven pairs in one suit: a win in every rule set


def nanjing(led: Ledger) -> int:
    """RULES §2: a draw makes the next hand a 比下胡 hand; a concealed kong is paid on the
    spot (现场汇), ×2 in that hand."""
    sid = led.create_session("nanjing", NAMES, stake="0.5")
    led.record_hand(sid, [{"type": "win", "player": 1, "from": 2, "hand": FLUSH}])
    led.record_hand(sid, [{"type": "draw"}])
    led.add_event(sid, {"type": "kong", "player": 0, "kind": "concealed", "tile": "3s"})
    return sid


def nanning(led: Ledger) -> int:
    """RULES §1: three exposed melds claimed from the same player seal that player (封胡)."""
    sid = led.create_session("nanning", NAMES)
    led.record_hand(sid, [{"type": "win", "player": 2, "from": None, "hand": FLUSH}])
    for tile in ("1s", "5s", "9s"):
        led.add_event(sid, {"type": "pung", "player": 0, "from": 1, "tile": tile})
    return sid


def guobiao(led: Ledger) -> int:
    """RULES §3: four hands of 东风圈 with the deal passing each time, then 南风圈."""
    sid = led.create_session("guobiao", NAMES)
    for winner, discarder in ((1, 0), (2, 0), (3, 0), (0, 1)):
        led.record_hand(sid, [{"type": "win", "player": winner, "from": discarder, "hand": FLUSH}])
    return sid


def nanchang(led: Ledger) -> int:
    """RULES §4: the jing of the hand once revealed (翻精), with its 副精."""
    sid = led.create_session("nanchang", NAMES)
    led.record_hand(
        sid,
        [
            {
                "type": "jing",
                "indicator": "4m",
                "lower": "2p",
                "lower_counts": [[0, 0], [1, 0], [0, 0], [0, 0]],
            },
            {"type": "win", "player": 1, "from": 2},
        ],
    )
    led.add_event(
        sid,
        {
            "type": "jing",
            "indicator": "5m",
            "lower": "2p",
            "lower_counts": [[0, 0], [0, 0], [0, 0], [0, 0]],
        },
    )
    return sid


SESSIONS = {"nanjing": nanjing, "nanning": nanning, "guobiao": guobiao, "nanchang": nanchang}
