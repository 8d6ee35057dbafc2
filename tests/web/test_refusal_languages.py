"""``kd serve``'s refusals in the reader's language (issue 25 item 5): every refusal of the
API and of a table page's live channel (the lobby's form, a move out of turn or stale, an
undo too late, a save asked for too soon, an upload that is not a save, an unknown page,
another site's request) is a message of a catalog. In the pseudo-language every one is
marked whole; in French and Chinese it is in that language, for a live channel in its
page's; the status codes never change with the language."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_support import LOCAL, LOCAL_WS, first_move

from kingdomino_core import i18n
from kingdomino_web import make_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from pseudo_support import PSEUDO, pseudo_locale, unmarked_words

JSON = {"Content-Type": "application/json"}
TWO_HUMANS = [{"name": "Ann", "kind": "here"}, {"name": "Bea", "kind": "link"}]


@pytest.fixture(scope="module")
def pseudo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return pseudo_locale(tmp_path_factory.mktemp("pseudo-locale"))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "data"), base_url=LOCAL) as found:
        yield found


def _table(client: TestClient, headers: dict[str, str]) -> tuple[str, str, str, dict[str, Any]]:
    """A table of two people (host's seat 0 first): its id, the two tokens, seat 0's decision."""
    made = client.post("/api/tables", json={"ruleset": "base", "seats": TWO_HUMANS, "seed": 4})
    assert made.status_code == 201, made.text
    table = made.json()
    link = next(e["token"] for e in table["links"] if e["seat"] == 1)
    found = client.get(f"/api/tables/{table['id']}", headers={"X-KD-Token": table["host"]})
    return table["id"], table["host"], link, found.json()["decision"]


def refusals(client: TestClient, headers: dict[str, str]) -> dict[str, tuple[int, str]]:
    """Every refusal this test provokes: ``{what: (status, message)}``, over HTTP with
    ``headers`` (the language) and over a live channel opened with them."""
    found: dict[str, tuple[int, str]] = {}

    def note(name: str, response: Any) -> None:
        text = response.json()["error"] if "json" in response.headers["content-type"] else ""
        found[name] = (response.status_code, text or response.text)

    def post(path: str, body: Any, token: str = "", raw: bytes | None = None) -> Any:
        content = raw if raw is not None else json.dumps(body).encode()
        return client.post(path, content=content, headers={**headers, **JSON, "X-KD-Token": token})

    lobby = {"ruleset": "base"}
    note("seats missing", post("/api/tables", lobby))
    note("player count", post("/api/tables", {**lobby, "seats": TWO_HUMANS[:1]}))
    seats = [{"name": "Ann", "kind": "sofa"}, TWO_HUMANS[1]]
    note("seat kind", post("/api/tables", {**lobby, "seats": seats}))
    seats = [{"name": "Ann\x07", "kind": "here"}, TWO_HUMANS[1]]
    note("seat name", post("/api/tables", {**lobby, "seats": seats}))
    seats = [{"name": "x" * 41, "kind": "here"}, TWO_HUMANS[1]]
    note("long name", post("/api/tables", {**lobby, "seats": seats}))
    seats = [{"name": "B", "kind": "bot", "agent": "human"}, TWO_HUMANS[1]]
    note("bot seat", post("/api/tables", {**lobby, "seats": seats}))
    seats = [{"name": "B", "kind": "bot", "agent": "mcts:time=9999"}, TWO_HUMANS[1]]
    note("bot budget", post("/api/tables", {**lobby, "seats": seats}))
    seats = [{"name": "B", "kind": "here", "colour": "red"}, TWO_HUMANS[1]]
    note("seat fields", post("/api/tables", {**lobby, "seats": seats}))
    note("seed", post("/api/tables", {**lobby, "seats": TWO_HUMANS, "seed": -1}))
    note("ruleset", post("/api/tables", {"ruleset": "chess", "seats": TWO_HUMANS}))
    note("not an object", post("/api/tables", [1]))
    note("not JSON", post("/api/tables", None, raw=b"{"))
    note("no table", client.get("/api/tables/aaaaaaaaaaaaaaaa", headers=headers))
    tid, host, link, decision = _table(client, headers)
    move = first_move(decision)
    act = f"/api/tables/{tid}/act"
    note("spectator", post(act, {"action": move}))
    note("not your turn", post(act, {"action": move}, link))
    note("stale", post(act, {"action": move, "version": 99}, host))
    note("not a move", post(act, {"action": {"kind": "dance"}}, host))
    other = dict(move, domino=999) if "domino" in move else dict(move, x=40)
    note("illegal", post(act, {"action": other}, host))
    note("version", post(act, {"action": move, "version": "x"}, host))
    note("nothing to undo", post(f"/api/tables/{tid}/undo", {}, host))
    note("links", client.get(f"/api/tables/{tid}/links", headers={**headers, "X-KD-Token": link}))
    note("save too soon", client.get(f"/api/tables/{tid}/save", headers=headers))
    note("replay too soon", post(f"/api/tables/{tid}/replay", {}))
    note("upload", post("/api/replays", [1, 2]))
    note("upload text", post("/api/replays", None, raw=b"\xff\xfe"))
    note("no replay", client.get("/api/replays/unknown", headers=headers))
    note("no page", client.get("/tabel", headers=headers))
    note("no api", client.get("/api/tabels", headers=headers))
    note("method", client.delete("/api/rulesets", headers=headers))
    note("host", client.get("/", headers={**headers, "Host": "evil.example"}))
    evil = {**headers, **JSON, "Origin": "http://evil.example"}
    note("other site", client.post("/api/tables", content=b"{}", headers=evil))
    plain = {**headers, "Content-Type": "text/plain"}
    note("not JSON type", client.post("/api/tables", content=b"{}", headers=plain))
    # the live channel of Bea's page, opened in its language
    with client.websocket_connect(f"{LOCAL_WS}/ws/tables/{tid}", headers=headers) as ws:
        ws.send_text(json.dumps({"type": "hello", "token": link}))
        json.loads(ws.receive_text())
        for name, message in (
            ("live: not your turn", {"type": "act", "action": move}),
            ("live: not JSON", None),
            ("live: kind", {"type": "dance"}),
            ("live: undo", {"type": "undo"}),
        ):
            ws.send_text("{" if message is None else json.dumps(message))
            answer = json.loads(ws.receive_text())
            found[name] = (answer.get("status", 0), answer["reason"])
    return found


#: The status of each refusal, whatever the language.
STATUS = {
    "seats missing": 400, "player count": 400, "seat kind": 400, "seat name": 400,
    "long name": 400, "bot seat": 400, "bot budget": 400, "seat fields": 400, "seed": 400,
    "ruleset": 404, "not an object": 400, "not JSON": 400, "no table": 404,
    "spectator": 403, "not your turn": 409, "stale": 409, "not a move": 422,
    "illegal": 422, "version": 400, "nothing to undo": 409, "links": 403,
    "save too soon": 403, "replay too soon": 403, "upload": 422, "upload text": 400,
    "no replay": 404, "no page": 404, "no api": 404, "method": 405, "host": 400,
    "other site": 403, "not JSON type": 415, "live: not your turn": 409,
    "live: not JSON": 0, "live: kind": 0, "live: undo": 409,
}  # fmt: skip


#: Refusals whose words are still English (none: the save reader's problems,
#: the same as ``kd replay``'s, are in the core's catalog too).
NOT_YET: set[str] = set()


def test_every_refusal_of_kd_serve_is_marked_in_the_pseudo_language(
    client: TestClient, pseudo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(pseudo_dir))
    found = refusals(client, {"Accept-Language": PSEUDO})
    assert {name: status for name, (status, _text) in found.items()} == STATUS
    # What a refusal may hold unmarked: the values the request itself sent.
    sent = {"sofa", "chess", "dance", "unknown", "Ann", "Bea", "mcts", "time"}
    unmarked = {
        name: unmarked_words(text, sent)
        for name, (_status, text) in found.items()
        if name not in NOT_YET
    }
    assert {name: words for name, words in unmarked.items() if words} == {}, found


def test_refusals_are_in_the_requests_language_and_a_pages_language(client: TestClient) -> None:
    french = refusals(client, {"Accept-Language": "fr-FR,fr;q=0.9"})
    assert french["not your turn"] == (409, "ce n'est pas votre tour")
    assert french["live: not your turn"] == (409, "ce n'est pas votre tour")
    assert french["no table"] == (404, "table introuvable")
    assert french["seat kind"][1] == "seats[0].kind : l'un de here, link, bot était attendu"
    chinese = refusals(client, {"Accept-Language": "zh-TW"})
    assert chinese["stale"] == (409, "你選擇之後牌桌已經改變：請再看一次")
    assert chinese["live: undo"][1].startswith("沒有可復原的")
    english = refusals(client, {})
    assert english["not your turn"] == (409, "it is not your turn")
    assert english["other site"] == (403, "refused: this request comes from another site's page")
    assert {name: status for name, (status, _text) in english.items()} == STATUS


def test_a_table_makes_its_state_in_the_languages_its_pages_read(tmp_path: Path) -> None:
    """One language at a table costs one: its state is made in English and in each
    language a page of it asked for (docs/serve.md), and each page reads its own."""
    app = make_app(tmp_path / "data")
    with TestClient(app, base_url=LOCAL) as client:
        tid, host, link, _decision = _table(client, {})
        table = app.state.server.tables[tid]
        assert table.languages == {"en"}
        french = client.get(
            f"/api/tables/{tid}", headers={"Accept-Language": "fr", "X-KD-Token": host}
        ).json()
        assert table.languages == {"en", "fr"}
        with i18n.use_language("fr"):
            assert french["decision"] == table.decision_for(host)
        zh = {"Accept-Language": "zh-TW"}
        with client.websocket_connect(f"{LOCAL_WS}/ws/tables/{tid}", headers=zh) as ws:
            ws.send_text(json.dumps({"type": "hello", "token": link}))
            seen = json.loads(ws.receive_text())
            assert table.languages == {"en", "fr", "zh_Hant"}
            move = first_move(french["decision"])
            client.post(
                f"/api/tables/{tid}/act",
                content=json.dumps({"action": move}).encode(),
                headers={**JSON, "X-KD-Token": host},
            )
            after = json.loads(ws.receive_text())
            assert after["view"]["version"] > seen["view"]["version"]
            moved = after["view"]["recent"][-1]  # the move list, in Chinese
            assert moved.startswith("Ann: ") and re.search("[\u4e00-\u9fff]", moved), moved
        english = client.get(f"/api/tables/{tid}", headers={"X-KD-Token": link}).json()
        assert english["view"]["recent"][-1].startswith("Ann: take ")
        assert table.languages == {"en", "fr", "zh_Hant"}
