"""Every shipped ruleset can be played at a browser table: created in the lobby's API,
played to the end over the live channel by one scripted human (random legal moves,
seeded) and bots, and its save verifies."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_support import LOCAL, LOCAL_WS

from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_core.saves.savegame import parse_save, verify
from kingdomino_web import make_app
from kingdomino_web.views import decision_moves

SHIPPED = sorted(e.name for e in list_rulesets() if e.where == "shipped")


def random_move(decision: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Any legal move the page offers: a placement or a choice, uniformly."""
    moves = decision_moves(decision)
    assert moves, decision
    return rng.choice(moves)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    with TestClient(make_app(tmp_path_factory.mktemp("data")), base_url=LOCAL) as c:
        yield c


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_shipped_ruleset_plays_to_the_end_in_the_browser(
    client: TestClient, ruleset: str
) -> None:
    info = {r["key"]: r for r in client.get("/api/rulesets").json()}[ruleset]
    assert "error" not in info, info
    count = info["players"][0]
    seats = [{"name": "Me", "kind": "here"}] + [
        {"name": f"Bot{i}", "kind": "bot", "agent": "greedy"} for i in range(1, count)
    ]
    response = client.post("/api/tables", json={"ruleset": ruleset, "seats": seats, "seed": 17})
    assert response.status_code == 201, response.text
    table = response.json()
    rng = random.Random(ruleset)
    kinds: set[str] = set()
    with client.websocket_connect(f"{LOCAL_WS}/ws/tables/{table['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": table["host"]}))
        message = json.loads(ws.receive_text())
        for _ in range(3000):
            if message["view"]["finished"]:
                break
            decision = message["decision"]
            if decision is None:  # the bots' moves are still arriving
                message = json.loads(ws.receive_text())
                continue
            kinds.add(decision["kind"])
            assert message["view"]["current"]["words"]
            for choice in decision["choices"]:
                assert choice["words"]
            move = random_move(decision, rng)
            ws.send_text(
                json.dumps({"type": "act", "action": move, "version": message["view"]["version"]})
            )
            message = json.loads(ws.receive_text())
            assert message["type"] == "state", message
        assert message["view"]["finished"], f"{ruleset}: not over"
    result = message["view"]["result"]
    assert len(result["sheets"]) == len(message["view"]["kingdoms"])
    assert result["ranking"] and result["winners"]
    saved = parse_save(client.get(f"/api/tables/{table['id']}/save").text)
    assert verify(saved).ok
    assert {"claim", "place"} <= kinds
