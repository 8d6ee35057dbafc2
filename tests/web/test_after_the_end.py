"""A finished game at ``kd serve``, through a real server on 127.0.0.1 (issue 25):
after the end nothing can be taken back, so no page offers Undo and the server refuses
one."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from web_support import LiveServer, first_move

HUMAN_VS_BOT = [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot", "agent": "greedy"}]


def call(server: LiveServer, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
    """One request as the page sends it (JSON body, same origin, the seat's token)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"X-KD-Token": token, "Content-Type": "application/json", "Origin": server.url}
    request = urllib.request.Request(server.url + path, data=data, headers=headers)
    if body is not None:
        request.method = "POST"
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def play_to_the_end(server: LiveServer, ruleset: str, seed: int) -> tuple[str, str, Any]:
    """A table of Ann and a bot, Ann playing her first legal move until the end."""
    status, table = call(
        server, "/api/tables", {"ruleset": ruleset, "seats": HUMAN_VS_BOT, "seed": seed}
    )
    assert status == 201, table
    tid, token = table["id"], table["host"]
    status, current = call(server, f"/api/tables/{tid}", token=token)
    for _ in range(400):
        if current["view"]["finished"]:
            return tid, token, current
        assert current["decision"] is not None, current["view"]["current"]
        move = {"action": first_move(current["decision"])}
        status, current = call(server, f"/api/tables/{tid}/act", move, token)
        assert status == 200, current
    raise AssertionError("the game did not end")


def test_no_undo_once_the_game_is_over(live_server: LiveServer) -> None:
    """Before, the last decision stayed undoable: the page showed Undo on the final
    screen and the server took the game back from its end."""
    tid, token, end = play_to_the_end(live_server, "base", 5)
    assert end["undo"] is False
    status, again = call(live_server, f"/api/tables/{tid}", token=token)
    assert status == 200 and again["undo"] is False and again["view"]["finished"]
    status, refused = call(live_server, f"/api/tables/{tid}/undo", {}, token)
    assert status == 409, refused
    assert refused["error"] == "the game is over"
    status, still = call(live_server, f"/api/tables/{tid}", token=token)
    assert still["view"]["finished"] and still["view"]["moves"] == end["view"]["moves"]
