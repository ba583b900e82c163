"""``mjscore serve``: the board (and with ``--edit`` the scorekeeper's app) in browsers.

textual-serve runs one process per browser connection (``mjscore board`` for the board);
this module decides where it listens and what it serves:

- it binds to 127.0.0.1 unless ``--host`` names another address;
- bound to every address (0.0.0.0), the pages and their websocket use this computer's
  address on the local network (textual-serve's public URL), printed with a QR code;
- ``--edit`` adds the scorekeeper's app under ``/edit/<token>``: a random token printed
  once, checked on the page and on its websocket; any other path under ``/edit`` is
  "not found", and without ``--edit`` nothing that writes is served at all.
"""

from __future__ import annotations

import ipaddress
import secrets
import shlex
import socket
import sys
from typing import Any

LOOPBACK = "127.0.0.1"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This computer's address on its local network (the interface of its default route).

    Connecting a UDP socket sends nothing: it only asks the kernel which address it would
    use. ``None`` without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 9))
            addr = s.getsockname()[0]
        except OSError:
            return None
    return None if is_loopback(addr) or addr == "0.0.0.0" else addr


def public_url(host: str, port: int) -> str:
    """The address browsers use: the LAN address when bound to every address."""
    if host in ("0.0.0.0", "::", ""):
        host = lan_address() or LOOPBACK
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def qr_text(url: str) -> str | None:
    """``url`` as a QR code drawn with block characters, or ``None`` without segno."""
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is a dependency; the URL alone still works
        return None
    import io

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def mjscore_command(*args: str, lang: str | None) -> str:
    """The shell command textual-serve starts per browser: this Python running mjscore."""
    words = [sys.executable, "-m", "mjscore"]
    if lang:
        words += ["--lang", lang]
    return shlex.join([*words, *args])


def make_server(
    board_command: str,
    *,
    host: str,
    port: int,
    url: str,
    edit_command: str | None = None,
    token: str | None = None,
) -> Any:
    """The textual-serve server of the board, with the scorekeeper's app under
    ``/edit/<token>`` when ``edit_command`` is given."""
    from aiohttp import web
    from textual_serve.server import Server

    class BoardServer(Server):
        async def _make_app(self) -> web.Application:
            import aiohttp_jinja2
            import jinja2

            app = web.Application()
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
            routes = [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, name="static"),
            ]
            if edit_command is not None:
                routes += [
                    web.get("/edit/{token}", self.handle_edit_index, name="edit"),
                    web.get("/edit/{token}/ws", self.handle_edit_websocket, name="edit-ws"),
                ]
            app.add_routes(routes)
            return app

        def _check_token(self, request: web.Request) -> None:
            given = request.match_info.get("token", "")
            if token is None or not secrets.compare_digest(given.encode(), token.encode()):
                raise web.HTTPNotFound()

        async def handle_edit_index(self, request: web.Request) -> web.StreamResponse:
            import aiohttp_jinja2

            self._check_token(request)
            context = await self.handle_index.__wrapped__(self, request)  # type: ignore[attr-defined]
            ws = self.public_url.replace("http", "ws", 1) + f"/edit/{token}/ws"
            context["app_websocket_url"] = ws
            context["application"] = {"name": "mjscore"}
            return aiohttp_jinja2.render_template("app_index.html", request, context)

        async def handle_edit_websocket(self, request: web.Request) -> web.StreamResponse:
            self._check_token(request)
            return await self._serve_command(request, edit_command)

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            return await self._serve_command(request, board_command)

        async def _serve_command(self, request: web.Request, command: str) -> Any:
            """textual-serve's websocket handler, for the given command (the base class
            reads ``self.command``, which two pages cannot share)."""
            import asyncio

            from textual_serve.app_service import AppService
            from textual_serve.server import to_int

            websocket = web.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            service = None
            try:
                await websocket.prepare(request)
                service = AppService(
                    command,
                    write_bytes=websocket.send_bytes,
                    write_str=websocket.send_str,
                    close=websocket.close,
                    download_manager=self.download_manager,
                    debug=self.debug,
                )
                await service.start(width, height)
                await self._process_messages(websocket, service)
            except asyncio.CancelledError:
                await websocket.close()
            finally:
                if service is not None:
                    await service.stop()
            return websocket

        async def on_startup(self, app: web.Application) -> None:
            pass  # the address was printed before the server started

    from pathlib import Path

    return BoardServer(
        board_command,
        host=host,
        port=port,
        title="mjscore",
        public_url=url,
        # this package's page: sized for phones, no web font to fetch
        templates_path=Path(__file__).parent / "templates",
    )


def run_serve(
    db_path: str | None,
    session_id: int | None,
    *,
    host: str | None,
    port: int,
    edit: bool,
    lang: str | None,
) -> int:
    from mjscore.db import Ledger, LedgerError, resolve_path

    if not 0 < port < 65536:
        raise LedgerError(f"--port {port}: choose a port from 1 to 65535")
    path = resolve_path(db_path).absolute()
    with Ledger.open_to_read(path) as led:  # NotFound / damaged: one line, before serving
        if session_id is not None:
            led.session_info(session_id)
    bind = host if host is not None else LOOPBACK
    check_port(bind, port)
    url = public_url(bind, port)
    board = ["board", "--db", str(path)] + ([str(session_id)] if session_id is not None else [])
    token = secrets.token_urlsafe(18) if edit else None
    server = make_server(
        mjscore_command(*board, lang=lang),
        host=bind,
        port=port,
        url=url,
        edit_command=mjscore_command("--db", str(path), lang=lang) if edit else None,
        token=token,
    )
    print(banner(bind, url, token, lang or _lang()), flush=True)
    try:
        server.serve()
    except OSError as e:
        raise LedgerError(f"cannot listen on {bind}:{port}: {e.strerror or e}") from None
    return 0


def check_port(bind: str, port: int) -> None:
    """Refuse, before printing any address, a port that is taken or an address this
    computer does not have."""
    from mjscore.db import LedgerError

    try:
        infos = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(infos[0][4])
    except OSError as e:
        raise LedgerError(f"cannot listen on {bind}:{port}: {e.strerror or e}") from None


def _lang() -> str:
    from ..i18n import detect_lang

    return detect_lang()


def banner(bind: str, url: str, token: str | None, lang: str) -> str:
    """What ``serve`` prints: where to open the board, and how to open it to the table."""
    zh = lang == "zh"
    lines = [("记分牌：" if zh else "The board: ") + f"{url}/"]
    if is_loopback(bind):
        lines.append(
            "只有这台电脑能打开。要让大家用手机看：mjscore serve --host 0.0.0.0（同一个 Wi-Fi）"
            if zh
            else "Only this computer can open it. To show it on the players' phones (same "
            "Wi-Fi), run: mjscore serve --host 0.0.0.0"
        )
    else:
        if url.startswith(f"http://{LOOPBACK}"):
            lines.append(
                "找不到本机的局域网地址；用本机的 IP 地址代替 127.0.0.1"
                if zh
                else "No local network address found: use this computer's IP address "
                "instead of 127.0.0.1"
            )
        qr = qr_text(f"{url}/")
        if qr:
            lines.append("用手机扫码打开：" if zh else "Scan to open it on a phone:")
            lines.append(qr.rstrip("\n"))
    if token is not None:
        lines.append(
            (
                "记分（可以改账本，只给记分的人）："
                if zh
                else "Scorekeeping (can change the ledger: for the scorekeeper only): "
            )
            + f"{url}/edit/{token}"
        )
    lines.append("Ctrl+C 停止" if zh else "Ctrl+C stops it")
    return "\n".join(lines)
