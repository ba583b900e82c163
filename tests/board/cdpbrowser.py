"""Headless Chromium driven over the Chrome DevTools Protocol, reading what textual-serve
draws: the page paints with xterm.js on a canvas, so the screen is rebuilt from the
terminal output the page receives over its websocket (``Network.webSocketFrameReceived``)
with the ``pyte`` terminal emulator.

The browser is Debian's ``chromium`` (``.ci/run`` installs it). If it cannot start, the
test fails saying so.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--remote-debugging-port=0",
    # the tests reach 127.0.0.0/8 only: every host name but that one resolves to nothing
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

ARTIFACTS = Path(os.environ.get("MJSCORE_TEST_ARTIFACTS", Path(__file__).parents[2] / "artifacts"))


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium with a fresh profile, and its one page."""

    def __init__(self, profile: Path, size: tuple[int, int] = (1200, 900)) -> None:
        exe = chromium_path()
        if exe is None:
            raise RuntimeError(
                "the browser test needs Debian's chromium (apt-get install chromium); "
                "it is not installed"
            )
        self.profile = profile
        self.proc = subprocess.Popen(
            [
                exe,
                *CHROMIUM_FLAGS,
                f"--window-size={size[0]},{size[1]}",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        self.port = self._devtools_port()
        self.ws = None
        self.session = None
        self._id = 0
        self._pending: dict[int, asyncio.Future] = {}
        self.frames: list[bytes] = []
        self.sizes: list[tuple[int, int]] = []
        self._reader: asyncio.Task | None = None

    def _devtools_port(self) -> int:
        marker = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode("utf-8", "replace") if self.proc.stderr else ""
                raise RuntimeError(
                    f"chromium exited at start ({self.proc.returncode}): {err[-800:]}"
                )
            if marker.exists():
                text = marker.read_text().split()
                if text:
                    return int(text[0])
            time.sleep(0.1)
        self.close()
        raise RuntimeError("chromium started but opened no DevTools port within 30 s")

    async def open(self) -> None:
        import aiohttp

        self.session = aiohttp.ClientSession()
        async with self.session.get(f"http://127.0.0.1:{self.port}/json/list") as r:
            targets = await r.json(content_type=None)
        page = next(t for t in targets if t.get("type") == "page")
        self.ws = await self.session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        self._reader = asyncio.create_task(self._read())
        await self.call("Network.enable")
        await self.call("Page.enable")

    async def _read(self) -> None:
        async for msg in self.ws:
            data = json.loads(msg.data)
            if "id" in data and data["id"] in self._pending:
                self._pending.pop(data["id"]).set_result(data)
                continue
            method = data.get("method")
            params = data.get("params", {})
            if method == "Network.webSocketFrameReceived":
                resp = params["response"]
                if resp.get("opcode") == 2:
                    self.frames.append(base64.b64decode(resp["payloadData"]))
            elif method == "Network.webSocketFrameSent":
                self._note_size(params["response"].get("payloadData", ""))
            elif method == "Network.webSocketCreated":
                self._note_size_from_url(params.get("url", ""))

    def _note_size(self, payload: str) -> None:
        try:
            msg = json.loads(payload)
        except ValueError:
            return
        if isinstance(msg, list) and msg and msg[0] == "resize":
            self.sizes.append((int(msg[1]["width"]), int(msg[1]["height"])))

    def _note_size_from_url(self, url: str) -> None:
        from urllib.parse import parse_qs, urlparse

        q = parse_qs(urlparse(url).query)
        if "width" in q and "height" in q:
            self.sizes.append((int(q["width"][0]), int(q["height"][0])))

    async def call(self, method: str, **params) -> dict:
        self._id += 1
        fut = asyncio.get_running_loop().create_future()
        self._pending[self._id] = fut
        await self.ws.send_str(json.dumps({"id": self._id, "method": method, "params": params}))
        reply = await asyncio.wait_for(fut, 30)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def screen_text(self) -> str:
        """The terminal screen as the page shows it, rebuilt from every frame so far."""
        import pyte

        cols, rows = self.sizes[-1] if self.sizes else (80, 24)
        screen = pyte.Screen(cols, rows)
        stream = pyte.ByteStream(screen)
        for f in self.frames:
            stream.feed(f)
        return "\n".join(screen.display)

    async def wait_for(self, *needles: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.screen_text()
            if all(n in text for n in needles):
                return text
            await asyncio.sleep(0.2)
        raise AssertionError(f"not on the page after {timeout:g} s: {needles}\n{text}")

    async def screenshot(self, path: Path) -> Path:
        shot = await self.call("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    async def aclose(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self.session is not None:
            await self.session.close()
        self.close()

    def close(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
