"""The market and round examples (examples/two-lines, draft, last-swap) are playable in
``kd serve``: on a real server on 127.0.0.1 (``--trust``, the examples' folders on
``KD_RULESET_PATH``), a person plays each to its end over the HTTP API against bots;
the page's view shows the market offer by offer under its names, the rule's own
decision comes with its words, forced moves are played for the person, and the save
verifies."""

from __future__ import annotations

import json
import os
import random
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from web_support import LiveServer

from kingdomino_core import Trust
from kingdomino_core.saves.savegame import parse_save, verify
from kingdomino_web.views import decision_moves

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOLDERS = ("two-lines", "draft", "last-swap")


def call(server: LiveServer, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"X-KD-Token": token}
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(server.url + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            raw = response.read()
            return response.status, json.loads(raw) if path[-5:] != "/save" else raw.decode()
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    old = os.environ.get("KD_RULESET_PATH")
    os.environ["KD_RULESET_PATH"] = os.pathsep.join(str(EXAMPLES / f) for f in FOLDERS)
    live = LiveServer(tmp_path_factory.mktemp("data"), extra=["--trust"]).start()
    try:
        yield live
    finally:
        live.stop()
        if old is None:
            del os.environ["KD_RULESET_PATH"]
        else:
            os.environ["KD_RULESET_PATH"] = old


def play(server: LiveServer, ruleset: str, bots: int) -> tuple[dict[str, Any], list[Any], str]:
    """A table of ``ruleset`` with one person and ``bots`` greedy bots, played to the
    end by the person's random legal moves: (the last view, every view the person
    decided in, the table's id)."""
    seats = [{"name": "Me", "kind": "here"}] + [
        {"name": f"Bot{i}", "kind": "bot", "agent": "greedy"} for i in range(bots)
    ]
    status, table = call(server, "/api/tables", {"ruleset": ruleset, "seats": seats, "seed": 7})
    assert status == 201, table
    token, rng = table["host"], random.Random(ruleset)
    seen = []
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        status, state = call(server, f"/api/tables/{table['id']}", token=token)
        assert status == 200, state
        view, decision = state["view"], state["decision"]
        if view["finished"]:
            return view, seen, table["id"]
        if decision is None:  # chance and the bots, still moving
            time.sleep(0.05)
            continue
        seen.append((view, decision))
        move = rng.choice(decision_moves(decision))
        status, after = call(
            server,
            f"/api/tables/{table['id']}/act",
            {"action": move, "version": view["version"]},
            token,
        )
        assert status == 200, after
    raise AssertionError(f"{ruleset}: not over in time")


def test_two_lines_shows_both_lines_by_name(server: LiveServer) -> None:
    view, seen, _ = play(server, "two-lines", 1)
    names = {tuple(o["name"] for o in v["offers"]) for v, _ in seen if v["offers"]}
    assert names == {("left line", "right line")}
    assert view["result"]["winners"]


def test_draft_hands_are_held_by_their_seats(server: LiveServer) -> None:
    _view, seen, table = play(server, "draft", 1)
    hidden: set[str] = set()
    for v, decision in seen:
        if decision["kind"] == "claim":
            mine = next(o for o in v["offers"] if o["seat"] == 0)
            free = {d["id"] for d in mine["dominoes"] if d["king"] is None}
            assert {c["action"]["domino"] for c in decision["choices"]} == free
            assert len(free) > 1  # a single choice would have been played for the person
        # The other hand is private: only its picked dominoes (a king on them) are
        # sent to seat 0, and its name says how many are hidden.
        for other in (o for o in v["offers"] if o["seat"] != 0):
            assert all(d["king"] is not None for d in other["dominoes"]), other
            hidden.add(other["name"].partition(", ")[2])
    assert "3 hidden" in hidden and "2 hidden" in hidden
    status, text = call(server, f"/api/tables/{table}/save")
    assert status == 200
    trust = Trust(files=[EXAMPLES / "draft" / "draft.py"])
    assert verify(parse_save(text), trust=trust).ok


def test_last_swap_asks_the_round_s_last_player_in_words(server: LiveServer) -> None:
    _view, seen, _ = play(server, "last-swap", 2)
    asked = [(v, d) for v, d in seen if d["kind"] == "last_swap.choose"]
    assert asked, "the person never acted last in a round"
    for view, decision in asked:
        assert "you acted last" in view["current"]["words"]
        words = [c["words"] for c in decision["choices"]]
        assert words[0] == "keep the pick" and words[1].startswith("swap picks: take ")
