"""Issue 21: a seat name that is not printable text (a lone surrogate, a control or
bidirectional character) is refused with 400 before any table is created or saved;
before, the server answered 500 after saving the table, and a link seat so named kept
``kd serve`` from starting again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_support import LOCAL

from kingdomino_web import make_app


@pytest.mark.parametrize(
    "name", ["a\udcffb", "\ud800", "nul\x00", "esc\x1b[2J", "\u202eevil"],
    ids=["surrogate", "high-surrogate", "nul", "escape", "bidi"],
)  # fmt: skip
@pytest.mark.parametrize("kind", ["here", "link"])
def test_a_seat_name_that_is_not_text_is_refused_before_any_table(
    tmp_path: Path, name: str, kind: str
) -> None:
    data = tmp_path / "data"
    with TestClient(make_app(data), base_url=LOCAL) as client:
        seats = [{"name": name, "kind": kind}, {"name": "Bot", "kind": "bot"}]
        body = json.dumps({"ruleset": "base", "seats": seats})  # "\udcff" escaped, as a browser
        response = client.post(
            "/api/tables", content=body.encode(), headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 400, response.text
        assert "seats[0].name" in response.json()["error"]
        assert client.get("/api/rulesets").status_code == 200
    assert not [p for p in data.glob("*") if p.name.endswith((".save.json", ".table.json"))]
    with TestClient(make_app(data), base_url=LOCAL) as client:  # the server starts again
        assert client.get("/api/rulesets").status_code == 200
