"""A finished game at ``kd serve``, through a real server on 127.0.0.1 (issue 25):
after the end nothing can be taken back, so no page offers Undo and the server refuses
one, and the moves list names the players in every move."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

from web_support import LiveServer, first_move

from kingdomino_web.views import decision_moves

HUMAN_VS_BOT = [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot", "agent": "greedy"}]


def call(
    server: LiveServer, path: str, body: Any = None, token: str = "", language: str = "en"
) -> tuple[int, Any]:
    """One request as the page sends it (JSON body, same origin, the seat's token, the
    browser's language)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"X-KD-Token": token, "Content-Type": "application/json", "Origin": server.url}
    headers["Accept-Language"] = language
    request = urllib.request.Request(server.url + path, data=data, headers=headers)
    if body is not None:
        request.method = "POST"
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def giants_move(current: dict[str, Any]) -> dict[str, Any]:
    """Ann at Age of Giants: a domino with footprints when one is on the line (its
    note says so), then a giant sent; else her first legal move."""
    notes = " ".join(map(str, current["view"].get("info", [])))
    feet = re.findall(r"(\d+) has footprints", notes)
    moves = decision_moves(current["decision"])
    chosen = next((m for m in moves if m.get("domino") in feet), None)
    chosen = chosen or next((m for m in moves if m["kind"] == "send_giant"), None)
    return chosen or first_move(current["decision"])


def play_to_the_end(
    server: LiveServer, ruleset: str, seed: int, choose: Any = None
) -> tuple[str, str, Any]:
    """A table of Ann and a bot, Ann playing ``choose``'s move (default: her first
    legal move) until the end."""
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
        move = {"action": (choose or (lambda c: first_move(c["decision"])))(current)}
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


SEAT_NUMBER = re.compile(r"\bP[1-9]\b")


def test_the_moves_list_names_the_players_in_expansion_moves(live_server: LiveServer) -> None:
    """Before, an expansion's move said "send the giant ... to P2" in the browser's
    moves list although the players have names (the moves' words were the rules' own),
    in every language."""
    tid, token, _end = play_to_the_end(live_server, "age-of-giants", 1, giants_move)
    for language in ("en", "fr", "zh-Hant"):
        status, seen = call(live_server, f"/api/tables/{tid}", token=token, language=language)
        assert status == 200
        history = seen["view"]["history"]
        sent = [words for words in history if "Ann: " in words and "Bot" in words[5:]]
        assert sent, history  # Ann sent a giant to Bot, said with his name
        assert [w for w in history if SEAT_NUMBER.search(w)] == []


def test_the_replay_names_the_players_in_expansion_moves(live_server: LiveServer) -> None:
    """The replay viewer words each step as the table's moves list does: before, it
    said "send the giant ... to P2" there, and "chance" in English in every language."""
    tid, token, _end = play_to_the_end(live_server, "age-of-giants", 1, giants_move)
    status, info = call(live_server, f"/api/tables/{tid}/replay", {}, token)
    assert status in (200, 201), info
    lines = {}
    for move in range(1, info["moves"] + 1):
        status, step = call(live_server, f"/api/replays/{info['id']}?move={move}", language="fr")
        assert status == 200, step
        lines[move] = f"{step['last']} | {step.get('decided', '')}"
    assert [w for w in lines.values() if "Ann: " in w and "Bot" in w.split("Ann: ", 1)[1]]
    assert {m: w for m, w in lines.items() if SEAT_NUMBER.search(w)} == {}
    assert not [w for w in lines.values() if w.startswith("chance:")]
