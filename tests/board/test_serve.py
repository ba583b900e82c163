"""``mjscore serve``: loopback unless --host says otherwise, the LAN address and QR code as
printed, and --edit serving nothing writable without its token. Requests go to 127.0.0.1
only; the LAN address is read from the output, never connected to."""

from __future__ import annotations

import re

import pytest
from mjscore.db import Ledger
from mjscore.tui.board import serve

from tests.board.servehelp import Served, listening

NAMES = ["Alice", "Bruno", "Chen", "Dara"]


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as led:
        led.create_session("nanjing", NAMES)
    return path


def test_default_bind_is_loopback_only(db):
    with Served(db) as s:
        addrs = listening(s.port)
        status, page = s.get("/")
    assert addrs and all(a.startswith("127.") or a == "::1" for a in addrs), addrs
    assert status == 200
    assert f"ws://127.0.0.1:{s.port}/ws" in page
    # the page fits a phone's width and fetches nothing from the internet
    assert 'name="viewport" content="width=device-width' in page
    assert "googleapis" not in page and "https://" not in page
    assert "--host 0.0.0.0" in s.banner  # how to open it to the table


def test_only_an_explicit_host_binds_beyond_loopback(db):
    with Served(db, "--host", "0.0.0.0") as s:
        addrs = listening(s.port)
        status, page = s.get("/")  # bound to every address, so loopback answers too
    assert "0.0.0.0" in addrs
    url = re.search(r"http://[0-9.]+:\d+/", s.banner).group(0)
    assert url.endswith(f":{s.port}/")
    # the page's websocket goes to the printed address, not to the bind address
    host = url[len("http://") : url.rindex(":")]
    assert f"ws://{host}:{s.port}/ws" in page
    if host != "127.0.0.1":
        assert serve.qr_text(url).rstrip("\n") in s.banner


def test_public_url_is_the_lan_address_when_bound_to_all(monkeypatch):
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.23")
    assert serve.public_url("0.0.0.0", 8000) == "http://192.168.1.23:8000"
    assert serve.public_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    text = serve.banner("0.0.0.0", "http://192.168.1.23:8000", None, "en")
    assert "http://192.168.1.23:8000/" in text
    assert serve.qr_text("http://192.168.1.23:8000/").rstrip("\n") in text
    monkeypatch.setattr(serve, "lan_address", lambda: None)
    text = serve.banner("0.0.0.0", serve.public_url("0.0.0.0", 8000), None, "en")
    assert "No local network address found" in text


def test_without_edit_nothing_writable_is_served(db):
    with Served(db) as s:
        assert s.get("/edit/anything")[0] == 404
        assert s.get("/edit/anything/ws")[0] == 404
        assert "edit" not in s.get("/")[1]


def test_edit_needs_its_token_on_the_page_and_the_websocket(db):
    with Served(db, "--edit") as s:
        token = re.search(r"/edit/([A-Za-z0-9_-]+)", s.banner).group(1)
        assert s.banner.count(token) == 1  # printed once
        ws = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13"}
        ws["Sec-WebSocket-Key"] = "dGhlIHNhbXBsZSBub25jZQ=="
        for wrong in ("", "x", token[:-1], token + "x", token.upper()):
            if wrong == token:
                continue
            assert s.get(f"/edit/{wrong}")[0] == 404, wrong
            assert s.get(f"/edit/{wrong}/ws", ws)[0] == 404, wrong
        assert s.get("/edit")[0] == 404
        status, page = s.get(f"/edit/{token}")
        assert status == 200 and f"/edit/{token}/ws" in page
        # the board's own page stays the read-only board
        assert f"ws://127.0.0.1:{s.port}/ws" in s.get("/")[1]


def test_bad_requests_are_one_line(cli, db, tmp_path):
    import socket

    r = cli("serve", "7", "--db", str(db))
    assert r.returncode == 2 and r.stderr.strip() == "mjscore: there is no session 7 in the ledger"
    r = cli("board", "--db", str(tmp_path / "none.sqlite3"))
    assert r.returncode == 2 and "there is no ledger" in r.stderr and r.stdout == ""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = cli("serve", "--db", str(db), "--port", str(port))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith(f"mjscore: cannot listen on 127.0.0.1:{port}: ")
    assert len(r.stderr.strip().splitlines()) == 1
