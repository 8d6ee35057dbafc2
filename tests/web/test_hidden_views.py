"""Player views through the real server (issue 23 item 4): at a ``kd serve`` table of
a rule with hidden information (examples/secret-objective), each seat's API replies
and live-channel messages carry its own card and never another seat's, a spectator
sees none, and everyone sees every card once the game is over.
"""

from __future__ import annotations

import contextlib
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from web_support import LiveServer, first_move

websockets = pytest.importorskip("websockets.sync.client")

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "examples" / "secret-objective"
CARDS = (
    "a wheat property of 7 squares",
    "a forest property of 6 squares",
    "a lake property of 6 squares",
    "a grassland property of 5 squares",
    "a swamp property of 4 squares",
    "a mine property of 3 squares",
)


def call(server: LiveServer, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"X-KD-Token": token}
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(server.url + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return response.status, json.loads(text) if text[:1] in b"{[" else text
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def cards_named(reply: Any) -> set[str]:
    text = json.dumps(reply)
    return {card for card in CARDS if card in text}


@pytest.fixture
def server(tmp_path: Path):  # type: ignore[no-untyped-def]
    extra = ["--ruleset", str(FOLDER / "secret-objective.toml")]
    extra += ["--allow-code", str(FOLDER / "secret_objective.py")]
    live = LiveServer(tmp_path / "data", extra=extra).start()
    try:
        yield live
    finally:
        live.stop()


def test_each_seat_sees_only_its_own_card(server: LiveServer) -> None:
    status, offered = call(server, "/api/rulesets")
    key = next(r["key"] for r in offered if r["key"].startswith("secret-objective"))
    seats = [{"name": n, "kind": "link"} for n in ("Ann", "Bob")] + [
        {"name": "Bot", "kind": "bot", "agent": "greedy"}
    ]
    status, table = call(server, "/api/tables", {"ruleset": key, "seats": seats, "seed": 5})
    assert status == 201, table
    tid = table["id"]
    tokens = {link["seat"]: link["token"] for link in table["links"]}
    own: dict[int, str] = {}
    for seat, token in tokens.items():
        _, reply = call(server, f"/api/tables/{tid}", token=token)
        shown = cards_named(reply)
        assert len(shown) == 1, (seat, reply["view"]["info"])
        own[seat] = shown.pop()
        assert f"Your objective: {own[seat]}" in " ".join(reply["view"]["info"])
    assert own[0] != own[1]
    _, spectator = call(server, f"/api/tables/{tid}")
    assert cards_named(spectator) == set()
    # Mid-game the save (every move, the deals included) is nobody's, the host's neither.
    status, refused = call(server, f"/api/tables/{tid}/save", token=table["host"])
    assert status == 403 and "hides" in refused["error"]

    # The live channel: each page gets its own view after every move, to the end.
    with contextlib.ExitStack() as opened:
        pages = {
            seat: opened.enter_context(
                websockets.connect(f"ws://127.0.0.1:{server.port}/ws/tables/{tid}", open_timeout=20)
            )
            for seat in tokens
        }
        play_to_the_end(server, tid, tokens, own, pages)
    _, final = call(server, f"/api/tables/{tid}")
    assert len(cards_named(final)) == 3  # shown to everyone at the end


def play_to_the_end(
    server: LiveServer, tid: str, tokens: dict[int, str], own: dict[int, str], pages: dict[int, Any]
) -> None:
    """Play the people's first legal moves over the API until the end; after every
    move each seat's reply and live-channel messages name its own card alone."""
    for seat, ws in pages.items():
        ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
        assert cards_named(json.loads(ws.recv(timeout=20))) == {own[seat]}
    for _ in range(400):
        _, reply = call(server, f"/api/tables/{tid}", token=tokens[0])
        if reply["view"]["finished"]:
            break
        mover = next(
            (
                s
                for s in tokens
                if call(server, f"/api/tables/{tid}", token=tokens[s])[1]["decision"]
            ),
            None,
        )
        if mover is None:
            continue  # the bot is thinking
        decision = call(server, f"/api/tables/{tid}", token=tokens[mover])[1]["decision"]
        status, after = call(
            server, f"/api/tables/{tid}/act", {"action": first_move(decision)}, tokens[mover]
        )
        assert status == 200, after
        if not after["view"]["finished"]:
            assert cards_named(after) == {own[mover]}
            other = 1 - mover
            assert cards_named(call(server, f"/api/tables/{tid}", token=tokens[other])[1]) == {
                own[other]
            }
    else:
        raise AssertionError("the game did not end")
    for seat, ws in pages.items():  # every message a page got showed its card alone
        while True:
            try:
                message = json.loads(ws.recv(timeout=2))
            except TimeoutError:
                break
            if message.get("type") == "state" and not message["view"]["finished"]:
                assert cards_named(message) == {own[seat]}
