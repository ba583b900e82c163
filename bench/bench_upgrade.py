"""How long an existing ledger takes to upgrade to the current schema, and what it saves.

Run: ``.venv/bin/python bench/bench_upgrade.py OLD.sqlite3``

``OLD.sqlite3`` is a ledger written by an older mjscore, e.g. the 1,000 × 100 ledger that
``bench/bench_ledger.py --path OLD.sqlite3`` of an older checkout builds. It is copied to a
temporary folder (never changed), then opened with this checkout's ``Ledger.open``, which
copies it aside to ``<name>.schema-<old>.bak`` and applies the pending migrations in place.
Prints the time of that open (the copy aside included), the file size before, after, and
after a ``VACUUM`` (the upgrade frees pages inside the file; later writes reuse them), the
bytes per hand of the vacuumed file, and what the ``PRAGMA quick_check`` every writer runs
first costs on the file before the upgrade, after it, and vacuumed (best of 3, warm cache).
"""

from __future__ import annotations

import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mjscore.db import Ledger  # noqa: E402


def quick_check_ms(path: Path) -> float:
    """Best of 3 ``PRAGMA quick_check`` on ``path`` (a connection of its own), in ms."""
    con = sqlite3.connect(path)
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        assert con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        best = min(best, time.perf_counter() - t)
    con.close()
    return best * 1e3


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    src = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / src.name
        shutil.copyfile(src, path)
        con = sqlite3.connect(path)
        old = con.execute("PRAGMA user_version").fetchone()[0]
        hands = con.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
        sessions = con.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
        con.close()
        before = path.stat().st_size
        checks = [quick_check_ms(path)]
        t, c = time.perf_counter(), time.process_time()
        led = Ledger.open(path)
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        new = led.schema_version
        led.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        led.close()
        after = path.stat().st_size
        checks.append(quick_check_ms(path))
        con = sqlite3.connect(path)
        con.execute("VACUUM")
        con.close()
        vacuumed = path.stat().st_size
        checks.append(quick_check_ms(path))
    mib = 2**20
    print(f"{sessions} sessions, {hands} hands; schema {old} → {new}")
    print(f"upgrade (Ledger.open: copy to .bak + migrations): {wall:.1f} s wall, {cpu:.1f} s cpu")
    print(
        f"file {before / mib:.1f} MiB before, {after / mib:.1f} MiB after, "
        f"{vacuumed / mib:.1f} MiB vacuumed ({before / hands:.0f} → {vacuumed / hands:.0f} bytes per hand)"
    )
    print(
        "PRAGMA quick_check: {:.0f} ms before, {:.0f} ms after, {:.0f} ms vacuumed".format(*checks)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
