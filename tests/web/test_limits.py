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


# -- tables leave memory ----------------------------------------------------------------


def new(client: TestClient, seed: int) -> dict[str, Any]:
    seats = [HERE, bot("greedy")]
    response = client.post("/api/tables", json={"ruleset": "base", "seats": seats, "seed": seed})
    assert response.status_code == 201, response.text
    return response.json()


def look(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/tables/{made['id']}", headers={"X-KD-Token": made["host"]})
    assert response.status_code == 200, response.text
    return response.json()


def test_any_number_of_tables_with_a_few_in_memory(tmp_path: Path) -> None:
    """Far more tables than fit in memory: each is created, kept on disk, reopened
    on demand as it was, and moves on; memory holds at most ``max_open``."""
    from web_support import first_move

    app = make_app(tmp_path / "data", max_open=3)
    server = app.state.server
    with TestClient(app, base_url=LOCAL) as c:
        made = [new(c, seed) for seed in range(12)]
        assert len(server.tables) <= 3
        first = [look(c, m) for m in made]
        assert len(server.tables) <= 3
        for m, shown in zip(made, first, strict=True):
            assert look(c, m)["view"] == shown["view"]  # reopened as it was left
        # A move at a table that left memory long ago.
        m, shown = made[0], first[0]
        move = first_move(shown["decision"])
        response = c.post(
            f"/api/tables/{m['id']}/act", json={"action": move}, headers={"X-KD-Token": m["host"]}
        )
        assert response.status_code == 200, response.text
        assert response.json()["view"]["moves"] > shown["view"]["moves"]
    # A restart opens none of them, and knows them all.
    again = make_app(tmp_path / "data", max_open=3)
    assert again.state.server.tables == {}
    assert sorted(again.state.server.store.kept) == sorted(m["id"] for m in made)
    with TestClient(again, base_url=LOCAL) as c:
        assert look(c, made[0])["view"]["moves"] > shown["view"]["moves"]


def test_tables_in_use_stay_and_the_next_one_waits(tmp_path: Path) -> None:
    """Every table in memory has its page open: one more is refused (503, in words),
    until a page closes."""
    from web_support import LOCAL_WS

    app = make_app(tmp_path / "data", max_open=2)
    with TestClient(app, base_url=LOCAL) as c:
        a, b = new(c, 1), new(c, 2)
        with (
            c.websocket_connect(f"{LOCAL_WS}/ws/tables/{a['id']}") as wa,
            c.websocket_connect(f"{LOCAL_WS}/ws/tables/{b['id']}") as wb,
        ):
            for ws in (wa, wb):
                ws.send_text('{"type": "hello", "token": ""}')
                ws.receive_text()
            seats = [HERE, bot("greedy")]
            refused = c.post("/api/tables", json={"ruleset": "base", "seats": seats})
            assert refused.status_code == 503
            assert "tables in play" in refused.json()["error"]
        import time

        for _ in range(100):  # the pages closed: room again, once their handlers end
            again = c.post("/api/tables", json={"ruleset": "base", "seats": seats})
            if again.status_code != 503:
                break
            time.sleep(0.05)
        assert again.status_code == 201, again.text


def test_finished_and_idle_tables_leave_memory(tmp_path: Path) -> None:
    import time

    from kingdomino_web.store import FINISHED_GRACE, IDLE_SECONDS

    app = make_app(tmp_path / "data")
    server = app.state.server
    with TestClient(app, base_url=LOCAL) as c:
        done = c.post(
            "/api/tables",
            json={"ruleset": "base", "seats": [bot("greedy"), bot("random")], "seed": 4},
        ).json()
        playing = new(c, 5)
        assert look(c, done)["view"]["finished"]
        now = time.monotonic()
        assert server.store.sweep(now + FINISHED_GRACE / 2) == []
        assert server.store.sweep(now + FINISHED_GRACE + 1) == [done["id"]]
        assert server.store.sweep(now + IDLE_SECONDS + 1) == [playing["id"]]
        assert server.tables == {}
        assert look(c, done)["view"]["finished"] and not look(c, playing)["view"]["finished"]


# -- bots of different tables ------------------------------------------------------------


def test_a_thinking_bot_never_holds_up_another_tables_quick_bot(tmp_path: Path) -> None:
    """A real server: while one table's mcts bot thinks (8 s a move), moves at a table
    against greedy are answered, the bot's reply included, long before it is done."""
    import json
    import threading
    import time
    import urllib.request

    from web_support import LiveServer, first_move

    def call(server: LiveServer, path: str, body: Any = None, token: str = "") -> Any:
        request = urllib.request.Request(
            server.url + path,
            data=None if body is None else json.dumps(body).encode(),
            headers={"X-KD-Token": token, "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.loads(response.read())

    def moves(made: dict[str, Any], until: threading.Event, log: list[Any]) -> None:
        """The human of ``made`` plays; each call that includes a bot's reply is logged
        as (start, end) in monotonic seconds."""
        shown = call(server, f"/api/tables/{made['id']}", token=made["host"])
        while not until.is_set() and not shown["view"]["finished"]:
            begun = time.monotonic()
            before = shown["view"]["moves"]
            move = first_move(shown["decision"])
            shown = call(server, f"/api/tables/{made['id']}/act", {"action": move}, made["host"])
            if shown["view"]["moves"] > before + 1:
                log.append((begun, time.monotonic()))

    server = LiveServer(tmp_path / "data").start()
    try:
        seats = {"ruleset": "base", "seed": 11}
        slow = call(server, "/api/tables", {**seats, "seats": [HERE, bot("mcts:time=8")]})
        quick = call(server, "/api/tables", {**seats, "seats": [HERE, bot("greedy")]})
        slow_log: list[Any] = []
        quick_log: list[Any] = []
        stop = threading.Event()
        thinking = threading.Thread(target=moves, args=(slow, stop, slow_log))
        thinking.start()
        try:
            deadline = time.monotonic() + 90

            def thought() -> list[Any]:  # calls during which the mcts bot thought
                return [(b, e) for b, e in slow_log if e - b > 4]

            while not thought() and time.monotonic() < deadline:
                moves(quick, threading.Event(), quick_log)  # a whole game against greedy
                quick = call(server, "/api/tables", {**seats, "seats": [HERE, bot("greedy")]})
        finally:
            stop.set()
            thinking.join(timeout=120)
        assert thought(), ("the mcts bot never thought", slow_log)
        begun, ended = thought()[0]
        inside = [(b, e) for b, e in quick_log if b > begun + 0.5 and e < ended - 0.5]
        assert inside, (slow_log, quick_log)
    finally:
        server.stop()


def test_a_kept_table_naming_an_endless_budget_is_not_reopened(tmp_path: Path) -> None:
    """A table file whose bot asks for more than the server allows (edited, or from
    another server) is not opened, after a restart either; its page says why."""
    import json

    data = tmp_path / "data"
    with TestClient(make_app(data), base_url=LOCAL) as c:
        made = new(c, 6)
    meta_path = data / f"{made['id']}.table.json"
    meta = json.loads(meta_path.read_text())
    meta["seats"][1]["agent"] = "mcts:time=100000"
    meta_path.write_text(json.dumps(meta))
    app = make_app(data)
    assert any("time=100000" in p for p in app.state.server.resume_problems)
    with TestClient(app, base_url=LOCAL) as c:
        response = c.get(f"/api/tables/{made['id']}", headers={"X-KD-Token": made["host"]})
        assert response.status_code == 403
        assert "time=100000 is over the most a bot may think here" in response.json()["error"]
