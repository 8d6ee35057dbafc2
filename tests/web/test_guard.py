"""Cross-site and host safety of ``kd serve`` (kingdomino_web/guard.py, docs/serve.md).

Against a real server on 127.0.0.1, with the headers a browser sends from another
site's page: its ``text/plain`` POSTs (no preflight needed) create nothing, a foreign
``Host`` (DNS rebinding) is not served, and the live channel refuses another site's
page and a foreign host. The server's own pages, and scripts, are unaffected.
"""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

import pytest
import websockets
from web_support import LiveServer, run_async

from kingdomino_web.guard import HostPolicy, split_host

SEATS = [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot", "agent": "greedy"}]
BODY = json.dumps({"ruleset": "base", "seats": SEATS}).encode()


def raw(
    server: LiveServer, method: str, path: str, headers: dict[str, str], body: bytes | None = None
) -> tuple[int, Any]:
    """One request with exactly these headers (``Host`` included when given)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.putrequest(method, path, skip_host="Host" in headers, skip_accept_encoding=True)
        for key, value in headers.items():
            conn.putheader(key, value)
        if body is not None:
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        response = conn.getresponse()
        text = response.read().decode()
        try:
            return response.status, json.loads(text)
        except ValueError:
            return response.status, text
    finally:
        conn.close()


def tables_on_disk(server: LiveServer) -> int:
    return len(list(server.data.glob("*.table.json")))


def test_another_sites_posts_create_nothing(live_server: LiveServer) -> None:
    own = f"http://127.0.0.1:{live_server.port}"
    evil = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}
    tries = [
        # A form or a no-preflight fetch from another site's page.
        ({**evil, "Content-Type": "text/plain;charset=UTF-8"}, 403),
        ({**evil, "Content-Type": "application/x-www-form-urlencoded"}, 403),
        ({**evil, "Content-Type": "application/json"}, 403),  # would need a preflight
        ({"Origin": "http://evil.example", "Content-Type": "application/json"}, 403),
        ({"Sec-Fetch-Site": "same-site", "Content-Type": "application/json"}, 403),
        ({"Origin": "null", "Content-Type": "application/json"}, 403),  # a sandboxed frame
        ({"Origin": f"http://127.0.0.1:{live_server.port + 1}"}, 403),  # another port
        ({"Content-Type": "text/plain"}, 415),  # a script: JSON or nothing
        ({}, 415),  # no content type at all
    ]
    for headers, status in tries:
        for path in ("/api/tables", "/api/replays"):
            got, answer = raw(live_server, "POST", path, headers, BODY)
            assert got == status, (headers, path, answer)
            assert "error" in answer
    assert tables_on_disk(live_server) == 0
    # The server's own page (what Chromium sends), and a script sending JSON.
    page = {"Origin": own, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}
    got, made = raw(live_server, "POST", "/api/tables", page, BODY)
    assert got == 201, made
    got, made = raw(live_server, "POST", "/api/tables", {"Content-Type": "application/json"}, BODY)
    assert got == 201, made
    assert tables_on_disk(live_server) == 2
    # A move of another site's page is refused too, even with the seat's token.
    tid, token = made["id"], made["host"]
    got, _ = raw(
        live_server,
        "POST",
        f"/api/tables/{tid}/undo",
        {"Origin": "http://evil.example", "X-KD-Token": token},
    )
    assert got == 403


def test_a_foreign_host_is_not_served(live_server: LiveServer) -> None:
    port = live_server.port
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1.evil.example:{port}", ""):
        for method, path, body in (
            ("GET", "/", None),
            ("GET", "/api/rulesets", None),
            ("POST", "/api/tables", BODY),
        ):
            headers = {"Host": host, "Content-Type": "application/json"}
            got, answer = raw(live_server, method, path, headers, body)
            assert got == 400, (host, path, answer)
            assert "unknown host" in answer["error"]
    assert tables_on_disk(live_server) == 0
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "LOCALHOST", f"[::1]:{port}"):
        got, _ = raw(live_server, "GET", "/api/rulesets", {"Host": host})
        assert got == 200, host


def ws_try(url: str, port: int, **headers: str) -> str:
    """Open the live channel at ``url`` (its host is the ``Host`` header sent) on
    127.0.0.1:``port`` with these headers: ``"ok"`` (said hello, got the state) or
    how the handshake was refused."""

    async def run() -> str:
        try:
            async with websockets.connect(
                url, additional_headers=headers, open_timeout=20, host="127.0.0.1", port=port
            ) as ws:
                await ws.send(json.dumps({"type": "hello", "token": ""}))
                return "ok" if json.loads(await ws.recv())["type"] == "state" else "?"
        except websockets.InvalidStatus as exc:
            return f"refused {exc.response.status_code}"

    return run_async(run())


def test_the_live_channel_refuses_another_site_and_a_foreign_host(
    live_server: LiveServer,
) -> None:
    got, made = raw(live_server, "POST", "/api/tables", {"Content-Type": "application/json"}, BODY)
    assert got == 201
    port = live_server.port
    url = f"ws://127.0.0.1:{port}/ws/tables/{made['id']}"
    assert ws_try(url, port, Origin="http://evil.example") == "refused 403"
    assert ws_try(url, port, Origin=f"http://evil.example:{port}") == "refused 403"
    assert ws_try(url, port, Origin="null") == "refused 403"
    rebound = f"ws://evil.example:{port}/ws/tables/{made['id']}"
    assert ws_try(rebound, port) == "refused 403"
    assert ws_try(rebound, port, Origin=f"http://evil.example:{port}") == "refused 403"
    assert ws_try(url, port, Origin=f"http://127.0.0.1:{port}") == "ok"  # the table's page
    assert ws_try(url, port) == "ok"  # a script


def test_allow_host_adds_a_name(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "data", extra=["--allow-host", "kingdom.lan"]).start()
    try:
        got, _ = raw(server, "GET", "/api/rulesets", {"Host": f"kingdom.lan:{server.port}"})
        assert got == 200
        got, _ = raw(server, "GET", "/api/rulesets", {"Host": f"queen.lan:{server.port}"})
        assert got == 400
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("header", "host"),
    [
        ("127.0.0.1:8000", "127.0.0.1"),
        ("Kingdom.LAN.", "kingdom.lan"),
        ("[::1]:8000", "::1"),
        ("[fd00::5]", "fd00::5"),
        ("a:b:c", None),
        ("evil.example:80x", None),
        ("[::1]x", None),
        ("user@evil.example", None),
        ("", None),
    ],
)
def test_host_headers_are_read_strictly(header: str, host: str | None) -> None:
    assert split_host(header) == host


def test_every_interface_answers_to_addresses_and_this_computers_names() -> None:
    import socket

    every = HostPolicy.serving("0.0.0.0")
    assert every.allows("192.168.1.20") and every.allows("fd00::5") and every.allows("localhost")
    assert every.allows(socket.gethostname().lower())
    assert not every.allows("evil.example")
    local = HostPolicy.serving("127.0.0.1")
    assert local.allows("localhost") and not local.allows("192.168.1.20")
    named = HostPolicy.serving("kingdom.local", ["games.lan"])
    assert named.allows("kingdom.local") and named.allows("games.lan")
    assert not named.allows("192.168.1.20")


def test_the_servers_own_pages_still_change_things(
    live_server: LiveServer, page: Any, tmp_path: Path
) -> None:
    """In Chromium: the replay viewer uploads a save (now sent as JSON) and opens it;
    the same save posted by another site's page would be refused (above)."""
    from kingdomino_core import Engine, Ruleset
    from kingdomino_core.saves.savegame import PlayerEntry, save_of, to_json

    engine = Engine(Ruleset(name="base", plugins=("base",)), 2)
    game = engine.new_game(seed=3)
    for _ in range(12):
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    save = tmp_path / "game.json"
    save.write_text(
        to_json(
            save_of(
                game, [PlayerEntry(name="A", agent="human"), PlayerEntry(name="B", agent="human")]
            )
        )
    )
    page.goto(live_server.url + "/replay")
    page.set_input_files("#file", str(save))
    page.wait_for_function("() => document.body.dataset.move === '0'", timeout=20_000)
    assert page.locator("#error").is_hidden()
    # 12 moves, 4 of them decisions: the viewer steps by decisions (chance folded in).
    assert "decision 0 of 4" in page.locator("#position").inner_text()
