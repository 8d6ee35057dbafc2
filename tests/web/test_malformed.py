"""Malformed requests and live-channel messages get a 4xx or a clean close, never a
500, and leave no traceback in the log of a real ``kd serve`` (issue 21). Each case
here was a 500 or a traceback before; tests/fuzz/test_fuzz_web.py looks for more."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import websockets
from test_guard import raw
from web_support import LiveServer, run_async

SEATS = [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot", "agent": "greedy"}]
JSON = {"Content-Type": "application/json"}


def channel(server: LiveServer, table: str, *messages: str | bytes) -> tuple[list[Any], int]:
    """Send ``messages`` on a table's live channel: what came back, and the close code."""

    async def run() -> tuple[list[Any], int]:
        url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
        got: list[Any] = []
        async with websockets.connect(url, open_timeout=20) as ws:
            try:
                for message in messages:
                    await ws.send(message)
                    got.append(json.loads(await ws.recv()))
                await ws.close()
            except websockets.ConnectionClosed:
                pass
            return got, int(ws.close_code or 0)

    return run_async(run())


def test_malformed_input_is_refused_not_a_crash(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "data").start()
    try:
        body = json.dumps({"ruleset": "base", "seats": SEATS}).encode()
        got, made = raw(server, "POST", "/api/tables", JSON, body)
        assert got == 201
        tid = made["id"]
        half = {"ruleset": "base", "seats": [{"kind": "here", "name": "\ud800"}] * 2}
        cases = [
            (b'{"ruleset": "base", "seed": ' + b"9" * 5000 + b"}", "4300 digits"),
            (b"[" * 30000 + b"]" * 30000, "nested more than 32 levels"),
            (json.dumps(half).encode(), "seats[0].name"),  # half a character
        ]
        for case, words in cases:
            got, answer = raw(server, "POST", "/api/tables", JSON, case)
            assert got == 400 and words in answer["error"], answer
        assert len(list((tmp_path / "data").glob("*.table.json"))) == 1  # nothing saved
        # A token that cannot be one of ours is no token: a spectator.
        got, answer = raw(server, "GET", f"/api/tables/{tid}", {"X-KD-Token": "\xe9" * 32})
        assert got == 200 and answer["you"] == []
        got, answer = raw(server, "GET", f"/api/tables/{tid}/links", {"X-KD-Token": "\xe9"})
        assert got == 403
        # The live channel: a binary frame, a hello that is not JSON, an odd token.
        assert channel(server, tid, b"\x00\x01")[1] == 1003
        assert channel(server, tid, '{"type": "hello", "token": ' + "9" * 5000 + "}")[1] == 4400
        shown, code = channel(server, tid, json.dumps({"type": "hello", "token": "é" * 32}))
        assert shown[0]["type"] == "state" and shown[0]["you"] == [] and code == 1000
        hello = json.dumps({"type": "hello", "token": ""})
        shown, _code = channel(server, tid, hello, '{"type": "act", "x": ' + "9" * 5000 + "}")
        assert shown[1]["type"] == "error" and "digits" in shown[1]["reason"]
    finally:
        server.stop()
    log = "".join(server.output)
    assert "Traceback" not in log and "Exception in ASGI" not in log, log[-3000:]
