"""What 8 phones watching the board cost the laptop: memory, CPU and update delay.

``mjscore serve`` runs one ``mjscore board`` process per browser connection (textual-serve).
This starts the server on a temporary ledger holding a Nanjing session, connects N viewers
(default 8) to its websocket the way a browser page does (a 120×36 page), and watches the output
each one receives. It reports:

- memory: resident (RSS) and proportional (PSS, shared pages split) size of the server and
  of its board processes, per viewer, against the anchor: one bare Textual app (a single
  Static) started by textual-serve in the same run;
- CPU: the whole process tree's CPU time while nobody writes (the boards polling the
  ledger), and while a hand is written every 2 s, as % of one core;
- update delay: from a hand committed by another connection to the new total on every
  viewer's screen (median and worst over the writes).

Run: .venv/bin/python bench/bench_board_viewers.py [VIEWERS]
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLUSH = "11224455668899p"
NAMES = ["Alice", "Bruno", "Chen", "Dara"]
BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("bare 12345")

Bare().run()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid: int) -> list[int]:
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(d.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of one process in kB."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def cpu_seconds(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for p in pids:
        try:
            f = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(f[11]) + int(f[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / tick


def is_python(pid: int) -> bool:
    try:
        return "python" in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode()
    except OSError:
        return False


class Viewer:
    """One browser page's websocket. The terminal output is searched as it arrives (a total
    is one run of text in Textual's output), without emulating the terminal: a Python
    terminal emulator for 8 viewers in this one process would be slower than the boards."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws = None
        self.needle: bytes | None = None
        self.seen_at: float | None = None

    def watch(self, needle: str) -> None:
        self.needle, self.seen_at = needle.encode(), None

    async def run(self, session) -> None:
        self.ws = await session.ws_connect(self.url, max_msg_size=0)
        async for msg in self.ws:
            if msg.type.name == "BINARY":
                if self.needle and self.seen_at is None and self.needle in msg.data:
                    self.seen_at = time.monotonic()


async def wait_all(
    viewers, needle: str, timeout: float = 60, start: float | None = None
) -> list[float]:
    """Seconds from ``start`` (default now) until the frame that shows ``needle`` reached
    each viewer."""
    start = time.monotonic() if start is None else start
    for v in viewers:
        if v.needle != needle.encode():
            v.watch(needle)
    while any(v.seen_at is None for v in viewers):
        if time.monotonic() - start > timeout:
            missing = sum(v.seen_at is None for v in viewers)
            raise SystemExit(f"{missing} viewers never showed {needle!r}")
        await asyncio.sleep(0.05)
    return [v.seen_at - start for v in viewers]


def start_server(command: list[str]) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen(
        [*command, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc, port
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, signal.SIGKILL)


def tree_memory(pid: int) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """(server RSS/PSS, [RSS/PSS of each app process]) in kB."""
    pids = descendants(pid)
    apps = [memory_kb(p) for p in pids if p != pid and is_python(p)]
    return memory_kb(pid), apps


async def bare_anchor(tmp: Path) -> tuple[int, int]:
    """RSS/PSS of one bare Textual app started by textual-serve, as a board is."""
    import aiohttp

    script = tmp / "bare.py"
    script.write_text(BARE)
    serve = (
        "from textual_serve.server import Server; import sys; "
        "Server(sys.argv[1], host='127.0.0.1', port=int(sys.argv[3])).serve()"
    )
    proc, port = start_server([sys.executable, "-c", serve, f"{sys.executable} {script}"])
    try:
        async with aiohttp.ClientSession() as s:
            v = Viewer(f"ws://127.0.0.1:{port}/ws?width=120&height=36")
            v.watch("bare 12345")
            task = asyncio.create_task(v.run(s))
            await wait_all([v], "bare 12345")
            await asyncio.sleep(1)
            _, apps = tree_memory(proc.pid)
            task.cancel()
        return apps[0]
    finally:
        stop(proc)


async def main(n: int) -> None:
    import aiohttp
    from mjscore.db import Ledger

    tmp = Path(tempfile.mkdtemp(prefix="mjscore-bench-"))
    db = tmp / "ledger.sqlite3"
    with Ledger.open(db) as led:
        sid = led.create_session("nanjing", NAMES, stake="1")
        for k in range(6):
            led.record_hand(
                sid, [{"type": "win", "player": k % 4, "from": (k + 1) % 4, "hand": FLUSH}]
            )
    anchor = await bare_anchor(tmp)
    proc, port = start_server(
        [sys.executable, "-m", "mjscore", "--lang", "en", "serve", "--db", str(db)]
    )
    try:
        async with aiohttp.ClientSession() as s:
            viewers = [Viewer(f"ws://127.0.0.1:{port}/ws?width=120&height=36") for _ in range(n)]
            with Ledger.open(db) as led:
                first = led.session_info(sid).totals
            opened = time.monotonic()
            for v in viewers:
                v.watch(f"{first[0]:+d}")
            tasks = [asyncio.create_task(v.run(s)) for v in viewers]
            started = await wait_all(viewers, f"{first[0]:+d}", start=opened)
            await asyncio.sleep(3)  # let start-up settle
            server_mem, apps = tree_memory(proc.pid)
            pids = descendants(proc.pid)
            c0, t0 = cpu_seconds(pids), time.monotonic()
            await asyncio.sleep(10)
            idle = (cpu_seconds(pids) - c0) / (time.monotonic() - t0) * 100
            delays: list[float] = []
            c0, t0 = cpu_seconds(pids), time.monotonic()
            with Ledger.open(db) as led:
                for _ in range(5):
                    written = time.monotonic()
                    led.record_hand(
                        sid, [{"type": "win", "player": 1, "from": None, "hand": FLUSH}]
                    )
                    total = led.session_info(sid).totals[1]
                    delays += await wait_all(viewers, f"{total:+d}", timeout=30, start=written)
                    await asyncio.sleep(2)
            busy = (cpu_seconds(pids) - c0) / (time.monotonic() - t0) * 100
            for t in tasks:
                t.cancel()
    finally:
        stop(proc)

    def mb(kb: float) -> str:
        return f"{kb / 1024:.1f} MB"

    rss = [a[0] for a in apps]
    pss = [a[1] for a in apps]
    print(f"viewers: {n} (board processes found: {len(apps)})")
    print(
        f"first screen on every viewer: median {statistics.median(started):.2f} s, worst {max(started):.2f} s"
    )
    print(f"server (textual-serve): RSS {mb(server_mem[0])}, PSS {mb(server_mem[1])}")
    print(
        f"per viewer: RSS {mb(statistics.median(rss))}, PSS {mb(statistics.median(pss))} (median)"
    )
    print(
        f"anchor, one bare Textual app under textual-serve: RSS {mb(anchor[0])}, PSS {mb(anchor[1])}"
    )
    print(f"per viewer / anchor (RSS): {statistics.median(rss) / anchor[0]:.2f}×")
    total_pss = server_mem[1] + sum(pss)
    print(
        f"all {n} viewers with the server: PSS {mb(total_pss)} (RSS sum {mb(server_mem[0] + sum(rss))})"
    )
    print(f"CPU, nobody writing: {idle:.1f}% of one core for the whole tree")
    print(f"CPU, a hand every 2 s: {busy:.1f}% of one core")
    print(
        f"update delay (write → new total on a viewer's screen, {len(delays)} samples): "
        f"median {statistics.median(delays) * 1000:.0f} ms, worst {max(delays) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 8))
