"""A move from the browser is logged as the engine logs it (docs/api.md, "Symmetric
dominoes"): a domino with two identical halves placed facing W is the placement
facing E from its other square, and the table's save holds that canonical form, as
``kd play``'s does. (The table once skipped the check that canonicalises, and saved
the W.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from web_support import LOCAL, first_move

from kingdomino_core.saves.savegame import parse_save, verify
from kingdomino_web import make_app

SEATS = [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot", "agent": "greedy"}]


def symmetric(decision: dict[str, Any]) -> bool:
    place = decision.get("place")
    if not place:
        return False
    a, b = place["domino"]["halves"]
    return (a["terrain"], a["crowns"]) == (b["terrain"], b["crowns"])


def test_a_symmetric_domino_placed_facing_west_is_saved_facing_east(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path / "data"), base_url=LOCAL) as client:
        for seed in range(40):
            body: dict[str, Any] = {"ruleset": "base", "seats": SEATS, "seed": seed}
            made = client.post("/api/tables", json=body)
            tid, token = made.json()["id"], made.json()["host"]
            headers = {"X-KD-Token": token}
            state = client.get(f"/api/tables/{tid}", headers=headers).json()
            while state["decision"] is not None and not symmetric(state["decision"]):
                body = {"action": first_move(state["decision"])}
                state = client.post(f"/api/tables/{tid}/act", json=body, headers=headers).json()
            if state["decision"] is None:
                continue
            place = state["decision"]["place"]
            x, y = place["placements"]["E"][0]  # lies on x,y and x+1,y
            west = {
                "kind": "place",
                "seat": 0,
                "domino": place["domino"]["id"],
                "x": x + 1,
                "y": y,
                "direction": "W",
            }
            moves = state["view"]["moves"]
            response = client.post(f"/api/tables/{tid}/act", json={"action": west}, headers=headers)
            assert response.status_code == 200, response.text
            saved = parse_save(client.get(f"/api/tables/{tid}/save", headers=headers).text)
            logged = saved.log[moves]
            assert logged == dict(west, x=x, direction="E")
            on_disk = parse_save((tmp_path / "data" / f"{tid}.save.json").read_text("utf-8"))
            assert on_disk.log[moves] == logged
            assert verify(saved).ok
            return
    raise AssertionError("no symmetric domino to place in 40 games")
