"""Running ``mjscore serve`` for a test: a free loopback port, the banner it prints, and
plain HTTP requests to it (tests reach 127.0.0.0/8 only)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """``mjscore serve`` in a subprocess, stopped (with its board processes) on exit."""

    def __init__(self, db: Path, *args: str, lang: str = "en") -> None:
        self.port = free_port()
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mjscore", "--lang", lang, "serve", "--db", str(db)]
            + ["--port", str(self.port), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            start_new_session=True,
        )
        self.banner = ""

    def __enter__(self) -> Served:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                out = self.proc.stdout.read() if self.proc.stdout else ""
                raise AssertionError(f"mjscore serve exited ({self.proc.returncode}): {out}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("mjscore serve did not start listening within 30 s")
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.banner = self.proc.stdout.read() or ""
        return self

    def __exit__(self, *exc: object) -> None:
        import signal

        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
        req = urllib.request.Request(self.url + path, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, r.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode("utf-8", "replace")


def listening(port: int) -> list[str]:
    """The local addresses with a socket listening on ``port`` (from /proc/net/tcp{,6})."""
    import ipaddress

    out = []
    for name, v6 in (("/proc/net/tcp", False), ("/proc/net/tcp6", True)):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, state = fields[1], fields[3]
            if state != "0A":  # LISTEN
                continue
            addr_hex, port_hex = local.split(":")
            if int(port_hex, 16) != port:
                continue
            raw = bytes.fromhex(addr_hex)
            if v6:
                raw = b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4))
                out.append(str(ipaddress.IPv6Address(raw)))
            else:
                out.append(str(ipaddress.IPv4Address(raw[::-1])))
    return out
