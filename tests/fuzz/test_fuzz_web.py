"""Fuzzed web requests and live-channel messages against a real ``kd serve`` (issue 21).

The invariant: every answer is below 500 (a malformed request is the client's
error, 4xx), a live channel is never closed as an internal error (1011), and the
server's log holds no traceback. Requests come from mutations of the real ones:
lobby bodies with odd seats, agents and seeds, moves with every field changed
(huge or negative numbers, wrong types, extra or missing keys), raw bytes (not UTF-8,
huge integers, deep nesting), odd paths, methods and headers. The tally counts
outcomes by HTTP status (``web-http``) and by how each live channel ended
(``web-ws``: the close code, 1000 when it was still open, or the HTTP status of
a refused handshake); ``FUZZ_EXAMPLES`` scales the run.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from fuzz_support import EXAMPLES, FUZZ, TALLY
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from web_support import free_port, run_async

from kingdomino_web.views import decision_moves

#: The run is scaled like the other targets: a request is cheap, so several per example.
HTTP_EXAMPLES = EXAMPLES * 10
WS_EXAMPLES = EXAMPLES * 2


class Served:
    """``kd serve`` on 127.0.0.1 with its output in a file, and a table to aim at."""

    def __init__(self, root: Path) -> None:
        self.port = free_port()
        self.log = root / "serve.log"
        self._out = self.log.open("w")
        cmd = [sys.executable, "-m", "kingdomino_cli.app", "serve", "--host", "127.0.0.1"]
        cmd += ["--port", str(self.port), "--data", str(root / "data")]
        self.proc = subprocess.Popen(cmd, stdout=self._out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while "serving on" not in self.log.read_text():
            assert self.proc.poll() is None and time.monotonic() < deadline, self.log.read_text()
            time.sleep(0.05)
        while True:  # "serving on" is printed just before it listens
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, self.log.read_text()
                time.sleep(0.05)
        status, made = request(self, "POST", "/api/tables", body=CREATE)
        assert status == 201, made
        self.table, self.token = made["id"], made["host"]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._out.close()


def request(
    served: Served,
    method: str,
    path: str,
    *,
    body: Any = None,
    raw: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json", **(headers or {})}
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=60)
    try:
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        text = response.read()
    finally:
        conn.close()
    try:
        return response.status, json.loads(text)
    except ValueError:
        return response.status, text


SEATS = [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot", "agent": "greedy"}]
CREATE = {"ruleset": "base", "seats": SEATS, "seed": 7}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    found = Served(tmp_path_factory.mktemp("fuzz-web"))
    try:
        yield found
    finally:
        found.stop()
        log = found.log.read_text()
        assert "Traceback" not in log, log[-4000:]
        assert "Exception in ASGI application" not in log, log[-4000:]


def moves_now(served: Served) -> list[dict[str, Any]]:
    """The legal moves at the fuzzed table now (none when it is over)."""
    status, state = request(
        served, "GET", f"/api/tables/{served.table}", headers={"X-KD-Token": served.token}
    )
    assert status == 200
    return decision_moves(state["decision"]) if state["decision"] else []


# -- strategies ---------------------------------------------------------------------------

#: Text without lone surrogates in names (the server refuses them at the door anyway).
TEXT = st.text(max_size=30)
NUMBERS = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, 2**63, 2**63 - 1, 10**30, -(10**30)]),
    st.floats(allow_nan=False),
)
ODD = st.one_of(
    st.none(), st.booleans(), NUMBERS, TEXT, st.lists(st.integers(), max_size=3), st.just({})
)
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), NUMBERS, TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=12,
)
AGENTS = st.one_of(
    st.sampled_from(
        [
            "greedy",
            "random",
            "mcts:playouts=2",
            "mcts:time=100000",
            "mcts:playouts=-1",
            "mcts:width=0+playouts=1",
            "mcts:sample=0+playouts=1",
            "mcts:c=nan+playouts=1",
            "mcts:time=1e999",
            "human",
            "nobot",
            "greedy:x=1",
            "mcts:",
            "mcts:=",
            ":",
        ]
    ),
    TEXT,
)


@st.composite
def seat(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 9)) == 0:
        return draw(ODD)
    out: dict[str, Any] = {"kind": draw(st.sampled_from(["here", "link", "bot", "x", 1]))}
    if draw(st.booleans()):
        out["name"] = draw(st.one_of(TEXT, ODD))
    if draw(st.booleans()):
        out["agent"] = draw(AGENTS)
    if draw(st.integers(0, 5)) == 0:
        out[draw(TEXT)] = draw(ODD)
    return out


@st.composite
def create_body(draw: st.DrawFn) -> Any:
    body: dict[str, Any] = {
        "ruleset": draw(
            st.one_of(st.sampled_from(["base", "court", "xl", "nope", "../base"]), ODD)
        ),
        "seats": draw(st.one_of(st.lists(seat(), max_size=9), ODD)),
    }
    if draw(st.booleans()):
        body["seed"] = draw(ODD)
    if draw(st.integers(0, 5)) == 0:
        body[draw(TEXT)] = draw(JSON)
    return body


@st.composite
def mutated_move(draw: st.DrawFn, moves: list[dict[str, Any]]) -> Any:
    if not moves or draw(st.integers(0, 6)) == 0:
        return draw(JSON)
    move = dict(draw(st.sampled_from(moves)))
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from([*move, "kind", "seat", "domino", "x", "y", "extra"]))
        if draw(st.integers(0, 4)) == 0:
            move.pop(key, None)
        else:
            move[key] = draw(
                st.one_of(ODD, st.sampled_from(["claim", "place", "discard", "N", "E", "-6"]))
            )
    return move


RAW = st.one_of(
    st.binary(max_size=200),
    st.sampled_from(
        [
            b"",
            b"{",
            b"\xff\xfe",
            b'{"seed": ' + b"9" * 5000 + b"}",
            b"[" * 30000 + b"]" * 30000,
            b'{"action": {"kind": "\\ud800"}}',
            b"null",
            b'"x"',
            b"1e999999",
            b"NaN",
        ]
    ),
)
METHODS = st.sampled_from(["GET", "POST", "POST", "POST", "PUT", "DELETE", "HEAD", "OPTIONS"])
CONTENT_TYPES = st.sampled_from(
    ["application/json", "application/json; charset=utf-8", "text/plain", "", "x/y"]
)


@st.composite
def http_request(draw: st.DrawFn, served: Served) -> tuple[str, str, bytes | None, dict[str, str]]:
    table = draw(
        st.one_of(
            st.just(served.table),
            st.text(
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-",
                min_size=16,
                max_size=16,
            ),
            st.sampled_from(["..%2F..%2Fetc", "%00", "a" * 300, "%ff", "x%20y", "%C3%A9"]),
        )
    )
    route = draw(
        st.sampled_from(
            [
                "/api/tables",
                f"/api/tables/{table}",
                f"/api/tables/{table}/act",
                f"/api/tables/{table}/explain",
                f"/api/tables/{table}/undo",
                f"/api/tables/{table}/links",
                f"/api/tables/{table}/save",
                f"/api/tables/{table}/replay",
                "/api/replays",
                f"/api/replays/{table}",
                "/api/rulesets",
                "/api/agents",
                f"/table/{table}",
                "/static/../app.py",
                "/static/%2e%2e/tables.py",
                "/nothing",
            ]
        )
    )
    if draw(st.booleans()):
        route += "?" + draw(
            st.sampled_from(["move=3", "move=-1", "move=x", "move=" + "9" * 5000, "move=%ff", "a"])
        )
    posts = ("/api/tables", "/act", "/explain", "/undo", "/replay", "/api/replays")
    usual = "POST" if route.split("?")[0].endswith(posts) else "GET"
    method = usual if draw(st.integers(0, 4)) else draw(METHODS)
    kind = draw(st.integers(0, 3))
    if kind == 0:
        body: bytes | None = draw(RAW)
    elif route == "/api/tables":
        body = json.dumps(draw(create_body())).encode()
    elif route.endswith(("/act", "/explain")):
        moves = moves_now(served) if table == served.table else []
        payload: dict[str, Any] = {"action": draw(mutated_move(moves))}
        if draw(st.booleans()):
            payload["version"] = draw(ODD)
        body = json.dumps(payload).encode()
    else:
        body = json.dumps(draw(JSON)).encode() if draw(st.booleans()) else None
    headers = {
        "Content-Type": "application/json" if draw(st.integers(0, 4)) else draw(CONTENT_TYPES)
    }
    token = draw(st.sampled_from(["", served.token, "x" * 32, "é", "a" * 5000]))
    if token:
        headers["X-KD-Token"] = token.encode("utf-8").decode("latin-1")
    return method, route, body, headers


@given(data=st.data())
@FUZZ
def test_fuzzed_requests_are_answered_below_500(served: Served, data: st.DataObject) -> None:
    for _ in range(HTTP_EXAMPLES // max(EXAMPLES, 1)):
        method, path, body, headers = data.draw(http_request(served))
        status, answer = request(served, method, path, raw=body, headers=headers)
        TALLY[("web-http", status)] += 1
        assert status < 500, (method, path, body and body[:200], headers, answer)


# -- the live channel ------------------------------------------------------------------------


@st.composite
def ws_script(draw: st.DrawFn, served: Served) -> list[str | bytes]:
    moves = moves_now(served)
    hello: str | bytes = draw(
        st.one_of(
            st.just(json.dumps({"type": "hello", "token": served.token})),
            st.just(json.dumps({"type": "hello", "token": draw(ODD)})),
            st.builds(json.dumps, JSON),
            RAW.map(lambda b: b.decode("utf-8", "replace")),
            st.binary(max_size=20),
        )
    )
    messages: list[str | bytes] = [hello]
    for _ in range(draw(st.integers(0, 4))):
        choice = draw(st.integers(0, 5))
        if choice == 0:
            messages.append(draw(st.binary(max_size=20)))
        elif choice == 1:
            messages.append(draw(RAW).decode("utf-8", "replace"))
        elif choice == 2:
            messages.append(json.dumps(draw(JSON)))
        else:
            kind = draw(st.sampled_from(["act", "explain", "undo", "dance", None, 5]))
            message: dict[str, Any] = {"type": kind, "action": draw(mutated_move(moves))}
            if draw(st.booleans()):
                message["version"] = draw(ODD)
            messages.append(json.dumps(message))
    return messages


def run_channel(served: Served, path: str, messages: list[str | bytes]) -> int:
    """Send the messages, reading what comes back; how the channel ended: its close
    code (1000 when it was still open and this side closed it), or the HTTP status
    of a refused handshake."""

    async def run() -> int:
        url = f"ws://127.0.0.1:{served.port}{path}"
        try:
            async with websockets.connect(url, open_timeout=30, max_size=2**24) as ws:
                for message in messages:
                    await ws.send(message)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(ws.recv(), timeout=0.5)
                await ws.close()
                return 1000 if ws.close_code is None else int(ws.close_code)
        except websockets.ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd is not None else 1006
        except websockets.InvalidStatus as exc:
            return int(exc.response.status_code)

    return run_async(run())


@given(data=st.data())
@FUZZ
def test_fuzzed_live_channel_messages_never_end_in_an_internal_error(
    served: Served, data: st.DataObject
) -> None:
    for _ in range(WS_EXAMPLES // max(EXAMPLES, 1)):
        table = data.draw(st.sampled_from([served.table, served.table, "abcdefghijklmnop", "x"]))
        messages = data.draw(ws_script(served))
        outcome = run_channel(served, f"/ws/tables/{table}", messages)
        TALLY[("web-ws", outcome)] += 1
        assert outcome not in (1006, 1011) and not 500 <= outcome < 600, (table, messages)


def test_the_fuzzed_server_logged_no_traceback(served: Served) -> None:
    """Checked again at the end of the module (the fixture's teardown)."""
    log = served.log.read_text()
    assert "Traceback" not in log, log[-4000:]
    if os.environ.get("FUZZ_REPORT_LOG"):
        print(log[-2000:])
