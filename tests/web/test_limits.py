"""A ``kd serve`` that cannot be stalled or filled (issue 21): bot budgets bounded on
the server, bots of different tables taking turns, idle and finished tables leaving
memory (kept on disk, reopened on demand). Limits: docs/serve.md, "Limits"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_support import LOCAL

from kingdomino_web import make_app

HERE = {"name": "Ann", "kind": "here"}


def bot(agent: str) -> dict[str, str]:
    return {"kind": "bot", "agent": agent}


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(make_app(tmp_path / "data"), base_url=LOCAL) as c:
        yield c


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ([HERE, bot("mcts:time=100000")], "seats[1].agent: time=100000 is over the most"),
        ([HERE, bot("mcts:cpu=11")], "seats[1].agent: cpu=11 is over the most"),
        ([HERE, bot("mcts:playouts=1000000")], "playouts=1000000 is over the most"),
        ([HERE, bot("mcts:time=10.5+c=1")], "time=10.5 is over the most"),
        (
            [HERE, bot("mcts:time=8"), bot("mcts:time=8"), bot("mcts:time=8")],
            "would think 24 seconds a round together; at most 20",
        ),
    ],
)
def test_a_lobby_seat_over_the_bot_budget_is_refused_in_words(
    client: TestClient, seats: list[dict[str, str]], words: str
) -> None:
    response = client.post("/api/tables", json={"ruleset": "base", "seats": seats})
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert client.app.state.server.tables == {}


def test_a_budget_within_the_limits_plays(client: TestClient) -> None:
    seats = [HERE, bot("mcts:playouts=3"), bot("mcts:time=0.01+playouts=2")]
    response = client.post("/api/tables", json={"ruleset": "base", "seats": seats, "seed": 3})
    assert response.status_code == 201, response.text
