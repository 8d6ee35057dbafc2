"""Every route and live-channel message of ``kd serve``, through Starlette's test client.

The engine is the real one: moves are checked by it, refusals carry its reasons, and
a finished table's save is verified by replaying it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_support import LOCAL, LOCAL_WS, first_move

from kingdomino_core import Place, describe_action
from kingdomino_core.inputs.trust import Trust
from kingdomino_core.saves.savegame import engine_for_save, parse_save, read_actions, verify
from kingdomino_web import make_app
from kingdomino_web.views import table_move_words

#: The content type the server takes (any other body is refused: guard.py).
JSON = {"Content-Type": "application/json"}
HUMAN_VS_BOT = [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot", "agent": "greedy"}]


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    with TestClient(make_app(tmp_path / "data"), base_url=LOCAL) as c:
        yield c


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"ruleset": "base", "seats": seats, **extra})
    assert response.status_code == 201, response.text
    return response.json()


def state(client: TestClient, table: str, token: str = "") -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}", headers={"X-KD-Token": token})
    assert response.status_code == 200
    return response.json()


def act(client: TestClient, table: str, token: str, action: Any, **extra: Any) -> Any:
    return client.post(
        f"/api/tables/{table}/act",
        json={"action": action, **extra},
        headers={"X-KD-Token": token},
    )


def play_out(client: TestClient, table: str, token: str, limit: int = 400) -> dict[str, Any]:
    """Play every decision of ``token`` with its first legal move until the end."""
    current = state(client, table, token)
    for _ in range(limit):
        if current["view"]["finished"]:
            return current
        assert current["decision"] is not None, current["view"]["current"]
        response = act(client, table, token, first_move(current["decision"]))
        assert response.status_code == 200, response.text
        current = response.json()
    raise AssertionError("the game did not end")


# -- pages and static files ----------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/table/abcdefghijklmnop", "/replay"])
def test_pages_are_served_with_a_strict_content_policy(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert "<!doctype html>" in response.text
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "http" not in policy.replace("https:", "")


def test_every_asset_is_local(client: TestClient) -> None:
    for page in ("/", "/table/abcdefghijklmnop", "/replay"):
        html = client.get(page).text
        assert "http://" not in html and "https://" not in html  # no CDN
    for asset in ("common.js", "table.js", "lobby.js", "replay.js", "style.css", "icon.svg"):
        assert client.get(f"/static/{asset}").status_code == 200


def test_no_path_escapes_the_static_folder(client: TestClient) -> None:
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2Ftables.py"):
        assert client.get(path).status_code == 404


# -- lobby ---------------------------------------------------------------------------


def test_rulesets_lists_every_shipped_ruleset_with_its_player_counts(client: TestClient) -> None:
    found = {r["key"]: r for r in client.get("/api/rulesets").json()}
    for name in ("base", "court", "origins-tribe", "teamdomino", "xl", "grand-duel"):
        assert name in found
    assert found["base"]["players"] == [2, 3, 4]
    assert found["teamdomino"]["players"] == [4, 6, 8] or 6 in found["teamdomino"]["players"]


def test_agents_lists_the_bots_not_the_terminal_human(client: TestClient) -> None:
    names = [a["name"] for a in client.get("/api/agents").json()]
    assert {"greedy", "random", "mcts"} <= set(names)
    assert "human" not in names


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"ruleset": "nope", "seats": HUMAN_VS_BOT}, 404, "unknown ruleset"),
        ({"ruleset": "../../etc/passwd", "seats": HUMAN_VS_BOT}, 404, "unknown ruleset"),
        ({"ruleset": "base", "seats": HUMAN_VS_BOT[:1]}, 400, "played by 2, 3, 4 players"),
        ({"ruleset": "base", "seats": [{"kind": "robot"}, {"kind": "here"}]}, 400, "kind"),
        (
            {"ruleset": "base", "seats": [{"kind": "here"}, {"kind": "bot", "agent": "human"}]},
            400,
            "needs a bot",
        ),
        (
            {"ruleset": "base", "seats": [{"kind": "here"}, {"kind": "bot", "agent": "nobot"}]},
            400,
            "unknown agent",
        ),
        (
            {
                "ruleset": "base",
                "seats": [{"kind": "here"}, {"kind": "bot", "agent": "greedy:x=1"}],
            },
            400,
            "seats[1]",
        ),
        ({"ruleset": "base", "seats": [{"kind": "here", "name": "x" * 41}] * 2}, 400, "name"),
        ({"ruleset": "base", "seats": HUMAN_VS_BOT, "seed": -1}, 400, "seed"),
        ({"ruleset": "base", "seats": HUMAN_VS_BOT, "seed": True}, 400, "seed"),
        ([], 400, "JSON object"),
    ],
)
def test_create_refuses_bad_requests_with_a_reason(
    client: TestClient, body: Any, status: int, words: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert words in response.json()["error"]


def test_create_refuses_non_json_and_oversized_bodies(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json", headers=JSON)
    assert response.status_code == 400
    big = json.dumps({"ruleset": "base", "seats": HUMAN_VS_BOT, "pad": "x" * 70_000})
    response = client.post("/api/tables", content=big.encode(), headers=JSON)
    assert response.status_code == 413


def test_create_returns_the_table_and_plays_bots_to_the_first_human_decision(
    client: TestClient,
) -> None:
    table = create(client, HUMAN_VS_BOT, seed=5)
    assert len(table["id"]) == 16 and len(table["host"]) == 32
    current = state(client, table["id"], table["host"])
    assert current["view"]["current"]["seat"] == 0
    assert current["decision"]["seat"] == 0
    assert current["you"] == [0] and current["host"] is True
    assert "Ann" in current["view"]["current"]["words"]
    # Nothing hidden leaks: the seed stays on the server until the end.
    assert "seed" not in json.dumps(current["view"])


# -- playing -------------------------------------------------------------------------


def test_a_whole_game_against_a_bot_over_http_and_its_save_verifies(
    client: TestClient, tmp_path: Path
) -> None:
    table = create(client, HUMAN_VS_BOT, seed=11)
    end = play_out(client, table["id"], table["host"])
    result = end["view"]["result"]
    assert [s["kingdom"] for s in result["sheets"]] == [0, 1]
    for sheet in result["sheets"]:
        assert sheet["total"] == sum(line["points"] for line in sheet["lines"])
    assert result["ranking"][0]["place"] == 1
    assert result["winners"]
    response = client.get(f"/api/tables/{table['id']}/save")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    saved = parse_save(response.text)
    assert verify(saved).ok and saved.finished
    assert [p.name for p in saved.players] == ["Ann", "Bot"]
    # The same file is what the data directory holds.
    on_disk = (tmp_path / "data" / f"{table['id']}.save.json").read_text()
    assert on_disk == response.text


def test_an_illegal_placement_is_refused_with_the_engines_reason(client: TestClient) -> None:
    table = create(client, HUMAN_VS_BOT, seed=3)
    tid, token = table["id"], table["host"]
    current = state(client, tid, token)
    while current["decision"]["kind"] != "place":
        current = act(client, tid, token, first_move(current["decision"])).json()
    domino = current["decision"]["place"]["domino"]["id"]
    far = {"kind": "place", "seat": 0, "domino": domino, "x": 3, "y": 3, "direction": "E"}
    response = act(client, tid, token, far)
    assert response.status_code == 422
    reason = response.json()["error"]
    explained = client.post(f"/api/tables/{tid}/explain", json={"action": far}).json()
    assert explained == {"legal": False, "reason": reason}
    assert state(client, tid, token)["view"]["version"] == current["view"]["version"]


def test_malformed_moves_are_refused_not_crashes(client: TestClient) -> None:
    table = create(client, HUMAN_VS_BOT, seed=3)
    tid, token = table["id"], table["host"]
    for bad in (None, "claim", {"kind": "nothing"}, {"kind": "claim", "seat": "0"}):
        response = act(client, tid, token, bad)
        assert response.status_code == 422
        assert "not a move" in response.json()["error"]
    response = act(
        client, tid, token, first_move(state(client, tid, token)["decision"]), version="1"
    )
    assert response.status_code == 400


def test_a_stale_move_is_refused(client: TestClient) -> None:
    table = create(client, HUMAN_VS_BOT, seed=3)
    tid, token = table["id"], table["host"]
    current = state(client, tid, token)
    version = current["view"]["version"]
    response = act(client, tid, token, first_move(current["decision"]), version=version - 1)
    assert response.status_code == 409
    response = act(client, tid, token, first_move(current["decision"]), version=version)
    assert response.status_code == 200


def test_undo_against_bots_goes_back_to_the_previous_decision(client: TestClient) -> None:
    table = create(client, HUMAN_VS_BOT, seed=8)
    tid, token = table["id"], table["host"]
    first = state(client, tid, token)
    assert first["decision"]["undo"] is False
    after = act(client, tid, token, first_move(first["decision"])).json()
    assert after["decision"]["undo"] is True
    back = client.post(f"/api/tables/{tid}/undo", headers={"X-KD-Token": token})
    assert back.status_code == 200
    view = back.json()["view"]
    assert view["moves"] == first["view"]["moves"]
    assert view["kingdoms"] == first["view"]["kingdoms"]
    again = client.post(f"/api/tables/{tid}/undo", headers={"X-KD-Token": token})
    assert again.status_code == 409 and "nothing to undo" in again.json()["error"]


# -- security ------------------------------------------------------------------------


def two_links(client: TestClient) -> tuple[str, str, str]:
    table = create(
        client, [{"name": "Ann", "kind": "link"}, {"name": "Bob", "kind": "link"}], seed=21
    )
    tokens = {link["seat"]: link["token"] for link in table["links"]}
    return table["id"], tokens[0], tokens[1]


def test_a_seat_can_never_act_for_another(client: TestClient) -> None:
    tid, ann, bob = two_links(client)
    current = state(client, tid, ann)
    seat = current["view"]["current"]["seat"]
    mover, other = (ann, bob) if seat == 0 else (bob, ann)
    move = first_move(state(client, tid, mover)["decision"])
    assert state(client, tid, other)["decision"] is None
    # Not your turn, with your own token.
    response = act(client, tid, other, move)
    assert response.status_code == 409 and "not your turn" in response.json()["error"]
    # No token, a wrong token, the host's token (it holds no seat here).
    for token in ("", "x" * 32, client.app.state.server.table(tid).host):
        assert act(client, tid, token, move).status_code == 403
    # The other seat's move when it is yours: refused, never played for them.
    response = act(client, tid, mover, first_move(state(client, tid, mover)["decision"]))
    assert response.status_code == 200
    nxt = response.json()["view"]["current"]["seat"]
    if nxt != seat:
        bad = first_move(state(client, tid, other)["decision"])
        assert act(client, tid, mover, bad).status_code == 409
    forged = dict(move, seat=1 - seat)
    now = state(client, tid, mover)
    if now["decision"] is not None:
        assert act(client, tid, mover, forged).status_code in (403, 409, 422)


def test_with_friends_a_person_takes_back_a_decision_until_someone_else_decides(
    client: TestClient,
) -> None:
    tid, ann, bob = two_links(client)
    seat = state(client, tid, ann)["view"]["current"]["seat"]
    mover, other = (ann, bob) if seat == 0 else (bob, ann)
    names = {0: "Ann", 1: "Bob"}
    before = state(client, tid, mover)
    assert before["undo"] is False  # nothing decided yet
    act(client, tid, mover, first_move(before["decision"]))
    # Right after: the mover may take it back (the other has not decided), the other not.
    assert state(client, tid, mover)["undo"] is True
    assert state(client, tid, other)["undo"] is False
    refused = client.post(f"/api/tables/{tid}/undo", headers={"X-KD-Token": other})
    assert refused.status_code == 409
    back = client.post(f"/api/tables/{tid}/undo", headers={"X-KD-Token": mover})
    assert back.status_code == 200, back.text
    view = back.json()["view"]
    assert view["moves"] == before["view"]["moves"] and view["history"] == []
    # Everyone is told who took back what.
    seen = state(client, tid, other)["view"]["notice"]
    assert seen.startswith(f"{names[seat]} took back their last decision: ")
    # Once someone else has decided, it is too late.
    act(client, tid, mover, first_move(state(client, tid, mover)["decision"]))
    assert state(client, tid, mover)["view"]["notice"] == ""
    while state(client, tid, mover)["decision"] is not None:
        act(client, tid, mover, first_move(state(client, tid, mover)["decision"]))
    act(client, tid, other, first_move(state(client, tid, other)["decision"]))
    late = client.post(f"/api/tables/{tid}/undo", headers={"X-KD-Token": mover})
    assert late.status_code == 409
    assert late.json()["error"] == f"too late to undo: {names[1 - seat]} has decided since"


def test_links_are_for_the_host_only(client: TestClient) -> None:
    tid, ann, _bob = two_links(client)
    assert client.get(f"/api/tables/{tid}/links", headers={"X-KD-Token": ann}).status_code == 403
    host = client.app.state.server.table(tid).host
    links = client.get(f"/api/tables/{tid}/links", headers={"X-KD-Token": host}).json()["links"]
    assert [(link["seat"], link["kind"]) for link in links] == [(0, "link"), (1, "link")]


def test_the_save_of_an_unfinished_game_is_for_the_host_only(client: TestClient) -> None:
    tid, ann, _bob = two_links(client)
    assert client.get(f"/api/tables/{tid}/save").status_code == 403
    assert client.get(f"/api/tables/{tid}/save", headers={"X-KD-Token": ann}).status_code == 403
    host = client.app.state.server.table(tid).host
    assert client.get(f"/api/tables/{tid}/save", headers={"X-KD-Token": host}).status_code == 200


@pytest.mark.parametrize(
    "table_id", ["nope", "..%2F..%2Fetc%2Fpasswd", "aaaaaaaaaaaaaaaa", "a" * 200]
)
def test_unknown_or_malformed_table_ids_are_404(client: TestClient, table_id: str) -> None:
    assert client.get(f"/api/tables/{table_id}").status_code == 404
    assert client.get(f"/api/tables/{table_id}/save").status_code == 404


# -- persistence and replays -----------------------------------------------------------


def test_tables_are_kept_on_disk_and_resumed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with TestClient(make_app(data), base_url=LOCAL) as c:
        table = create(c, HUMAN_VS_BOT, seed=4)
        tid, token = table["id"], table["host"]
        before = act(c, tid, token, first_move(state(c, tid, token)["decision"])).json()
    meta = data / f"{tid}.table.json"
    assert meta.stat().st_mode & 0o077 == 0  # the tokens are the server user's only
    with TestClient(make_app(data), base_url=LOCAL) as c:
        after = state(c, tid, token)
        assert after["view"]["kingdoms"] == before["view"]["kingdoms"]
        # The same decision; undo history is not kept across a restart (as kd play --resume).
        assert dict(after["decision"], undo=True) == before["decision"]
        play_out(c, tid, token)


def test_a_damaged_table_file_is_reported_not_fatal(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "abcdefghijklmnop.table.json").write_text("{not json")
    app = make_app(data)
    assert app.state.server.tables == {}
    assert "abcdefghijklmnop.table.json" in app.state.server.resume_problems[0]


def test_replay_viewer_steps_through_a_finished_table(client: TestClient) -> None:
    table = create(client, HUMAN_VS_BOT, seed=2)
    play_out(client, table["id"], table["host"])
    info = client.post(f"/api/tables/{table['id']}/replay").json()
    assert info["moves"] > 40 and info["players"] == ["Ann", "Bot"]
    start = client.get(f"/api/replays/{info['id']}?move=0").json()
    assert start["move"] == 0 and not start["view"]["finished"]
    end = client.get(f"/api/replays/{info['id']}?move={info['moves']}").json()
    assert end["view"]["finished"] and end["view"]["result"]["winners"]
    middle = client.get(f"/api/replays/{info['id']}?move=20").json()
    assert middle["move"] == 20 and middle["last"]
    assert client.get(f"/api/replays/{info['id']}?move=x").status_code == 400


def test_uploaded_saves_replay_and_bad_ones_are_refused(client: TestClient) -> None:
    table = create(client, HUMAN_VS_BOT, seed=2)
    play_out(client, table["id"], table["host"])
    text = client.get(f"/api/tables/{table['id']}/save").text
    response = client.post("/api/replays", content=text.encode(), headers=JSON)
    assert response.status_code == 201
    assert client.get(f"/api/replays/{response.json()['id']}?move=5").json()["move"] == 5
    # Not a save, a save that would run plugin files, too big, not UTF-8.
    assert client.post("/api/replays", content=b"[1, 2]", headers=JSON).status_code == 422
    data = json.loads(text)
    data["ruleset"]["plugin_files"] = ["/tmp/evil.py"]
    response = client.post("/api/replays", content=json.dumps(data).encode(), headers=JSON)
    assert response.status_code == 422
    assert "never runs code" in response.json()["error"] and "evil.py" in response.json()["error"]
    assert (
        client.post("/api/replays", content=b" " * (2 * 1024 * 1024 + 1), headers=JSON).status_code
        == 413
    )
    assert client.post("/api/replays", content=b"\xff\xfe", headers=JSON).status_code == 400
    assert client.get("/api/replays/unknown").status_code == 404


# -- the live channel ------------------------------------------------------------------


def receive(ws: Any) -> dict[str, Any]:
    return json.loads(ws.receive_text())


def test_live_channel_messages(client: TestClient) -> None:
    table = create(client, HUMAN_VS_BOT, seed=6)
    tid, token = table["id"], table["host"]
    with client.websocket_connect(f"{LOCAL_WS}/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        first = receive(ws)
        assert first["type"] == "state" and first["decision"]["seat"] == 0
        move = first_move(first["decision"])
        ws.send_text(json.dumps({"type": "explain", "action": move}))
        assert receive(ws) == {"type": "explained", "legal": True, "reason": None}
        ws.send_text(
            json.dumps({"type": "act", "action": move, "version": first["view"]["version"]})
        )
        shown = receive(ws)
        assert shown["type"] == "state" and shown["view"]["version"] > first["view"]["version"]
        while shown["decision"] is None:  # the bot's moves follow
            shown = receive(ws)
        ws.send_text(json.dumps({"type": "act", "action": move, "version": 0}))
        assert receive(ws)["type"] == "refused"
        ws.send_text(json.dumps({"type": "undo"}))
        undone = receive(ws)
        assert undone["view"]["moves"] == first["view"]["moves"]
        ws.send_text("not json")
        assert receive(ws)["type"] == "error"
        ws.send_text(json.dumps({"type": "dance"}))
        assert receive(ws)["type"] == "error"


def test_live_channel_spectator_sees_but_cannot_act(client: TestClient) -> None:
    table = create(client, HUMAN_VS_BOT, seed=6)
    tid, token = table["id"], table["host"]
    with client.websocket_connect(f"{LOCAL_WS}/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": ""}))
        seen = receive(ws)
        assert seen["decision"] is None and seen["you"] == []
        move = first_move(state(client, tid, token)["decision"])
        ws.send_text(json.dumps({"type": "act", "action": move}))
        refused = receive(ws)
        assert refused["type"] == "refused" and refused["status"] == 403
        # The host plays over HTTP: the spectator's page is told.
        act(client, tid, token, move)
        assert receive(ws)["type"] == "state"


def test_live_channel_refuses_other_sites_big_messages_and_unknown_tables(
    client: TestClient,
) -> None:
    from starlette.websockets import WebSocketDisconnect

    table = create(client, HUMAN_VS_BOT, seed=6)
    tid = table["id"]
    with (
        pytest.raises(WebSocketDisconnect) as info,
        client.websocket_connect(
            f"{LOCAL_WS}/ws/tables/{tid}", headers={"origin": "http://evil.example"}
        ) as ws,
    ):
        ws.receive_text()
    assert info.value.code == 4403
    with (
        pytest.raises(WebSocketDisconnect) as info,
        client.websocket_connect(f"{LOCAL_WS}/ws/tables/aaaaaaaaaaaaaaaa") as ws,
    ):
        ws.receive_text()
    assert info.value.code == 4404
    with client.websocket_connect(f"{LOCAL_WS}/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": ""}))
        receive(ws)
        ws.send_text("x" * (64 * 1024 + 1))
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_text()
        assert info.value.code == 1009


JOKER = Path(__file__).resolve().parents[2] / "examples" / "joker" / "joker.toml"


def test_a_house_rule_given_on_the_command_line_plays_and_resumes(tmp_path: Path) -> None:
    """The operator's ruleset file runs its plugin file; a restarted server offering it
    resumes the table, one that does not refuses to run the file; an upload never runs it."""
    data = tmp_path / "data"
    with TestClient(make_app(data, rulesets=[JOKER]), base_url=LOCAL) as c:
        offered = {r["key"]: r for r in c.get("/api/rulesets").json()}
        assert offered["joker"]["where"] == "command line"
        seats = [{"kind": "here"}] + [{"kind": "bot"}] * 3
        response = c.post("/api/tables", json={"ruleset": "joker", "seats": seats, "seed": 1})
        assert response.status_code == 201, response.text
        table = response.json()
        tid, token = table["id"], table["host"]
        before = act(c, tid, token, first_move(state(c, tid, token)["decision"])).json()
        text = c.get(f"/api/tables/{tid}/save", headers={"X-KD-Token": token}).text
        upload = c.post("/api/replays", content=text.encode(), headers=JSON)
        assert upload.status_code == 422 and "joker.py" in upload.json()["error"]
    with TestClient(make_app(data, rulesets=[JOKER]), base_url=LOCAL) as c:
        assert state(c, tid, token)["view"]["kingdoms"] == before["view"]["kingdoms"]
    app = make_app(data)
    assert tid not in app.state.server.tables
    assert any("joker.py" in p for p in app.state.server.resume_problems)


FAULTY = """
from kingdomino_core import hookimpl

NAME = "faulty"


@hookimpl
def kd_after_place(game, seat, action):
    if seat == 1 and len(game.log) > 20:
        raise RuntimeError("the faulty house rule broke")
"""


def test_a_failing_plugin_stops_the_table_with_a_message_and_keeps_the_moves(
    tmp_path: Path,
) -> None:
    (tmp_path / "faulty.py").write_text(FAULTY)
    ruleset = tmp_path / "faulty.toml"
    ruleset.write_text(
        '[ruleset]\nname = "faulty"\nextends = "base"\nplugin_files = ["faulty.py"]\n'
        'plugins = ["faulty"]\nplayers = 2\n'
    )
    with TestClient(make_app(tmp_path / "data", rulesets=[ruleset]), base_url=LOCAL) as c:
        response = c.post("/api/tables", json={"ruleset": "faulty", "seats": HUMAN_VS_BOT})
        assert response.status_code == 201, response.text
        tid, token = response.json()["id"], response.json()["host"]
        current = state(c, tid, token)
        for _ in range(100):
            if current["view"]["failure"] or current["decision"] is None:
                break
            current = act(c, tid, token, first_move(current["decision"])).json()
        failure = state(c, tid, token)["view"]["failure"]
        assert "faulty" in failure and "broke" in failure
        saved = parse_save(c.get(f"/api/tables/{tid}/save", headers={"X-KD-Token": token}).text)
        assert len(saved.log) > 20 and not saved.finished
        # The failing move is not half-kept: the save replays up to it.
        assert verify(saved, trust=Trust(everything=True)).ok


def test_replay_viewer_words_moves_as_the_table_does(client: TestClient) -> None:
    """Each move in the replay viewer reads as at the table: in the plugin's words (the
    decision handler's ``describe_action``), not the action's bare ``describe()``, and a
    placement by where each half lies from the castle (the boards show no coordinates)."""
    table = create(client, HUMAN_VS_BOT, seed=5)
    end = play_out(client, table["id"], table["host"])
    text = client.get(f"/api/tables/{table['id']}/save").text
    replay = client.post("/api/replays", content=text.encode(), headers=JSON).json()
    shown = [
        client.get(f"/api/replays/{replay['id']}?move={n}").json()["last"]
        for n in range(1, replay["moves"] + 1)
    ]
    # The same words, worked out with the engine from the save, move by move.
    saved = parse_save(text, "test")
    engine = engine_for_save(saved, "test", trust=Trust())
    game = engine.new_game(saved.seed)
    expected, bare = [], []
    for action in read_actions(saved, engine, "test"):
        seat = game.current_seat
        who = "chance" if seat is None or seat < 0 else saved.players[seat].name
        expected.append(f"{who}: {table_move_words(game, action)}")
        if not isinstance(action, Place):
            assert table_move_words(game, action) == describe_action(game, action, game.step)
        bare.append(f"{who}: {action.describe()}")
        game.apply(action)
    assert shown == expected
    assert sum(s != b for s, b in zip(shown, bare, strict=True)) > len(shown) // 3
    placements = [words for words in shown if ": places " in words]
    assert placements and all(words.endswith(" the castle)") for words in placements)
    assert not any(re.search(r"-?\d+,-?\d+", words) for words in shown)  # no coordinates
    # The table's own log of the last moves reads exactly as the replay does.
    recent = [line for line in end["view"]["recent"] if not line.startswith("(")]
    played = [words for words in shown if not words.startswith("chance:")]
    assert recent and played[-len(recent) :] == recent
    # Asking for the same move twice shows its words again.
    again = client.get(f"/api/replays/{replay['id']}?move={replay['moves']}").json()
    assert again["last"] == shown[-1]


def test_the_replay_viewer_steps_by_decisions_with_chance_folded_in(client: TestClient) -> None:
    """``stops``: the moves where each step of the viewer lands (before each decision,
    then the end), so a step never shows a draw of chance alone; ``decided``: the words
    of the decision that step shows; the whole move list of the table, numbered."""
    table = create(client, HUMAN_VS_BOT, seed=5)
    end = play_out(client, table["id"], table["host"])
    text = client.get(f"/api/tables/{table['id']}/save").text
    replay = client.post("/api/replays", content=text.encode(), headers=JSON).json()
    stops = replay["stops"]
    saved = parse_save(text, "test")
    engine = engine_for_save(saved, "test", trust=Trust())
    game = engine.new_game(saved.seed)
    decisions, words = [], []
    for i, action in enumerate(read_actions(saved, engine, "test")):
        seat = game.current_seat
        if seat is not None and seat >= 0:
            decisions.append(i)
            words.append(f"{saved.players[seat].name}: {table_move_words(game, action)}")
        game.apply(action)
    assert stops == [*decisions, replay["moves"]]
    assert len(stops) < replay["moves"]  # chance's draws are no steps of their own
    for k in (1, 2, len(stops) // 2, len(stops) - 1):
        shown = client.get(f"/api/replays/{replay['id']}?move={stops[k]}").json()
        assert shown["decided"] == words[k - 1]
    # The table's move list is the whole game, one entry per decision.
    assert end["view"]["history"] == words
