"""kd serve's lobby lists the shipped rulesets with their descriptions in the page's
language (the ``kingdomino_rulesets`` catalog, as ``kd ruleset list`` shows them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_support import LOCAL

from kingdomino_core import i18n
from kingdomino_web import make_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "data"), base_url=LOCAL) as found:
        yield found
    i18n.set_language("en")


def _description(client: TestClient, language: str) -> str:
    found = client.get("/api/rulesets", headers={"Accept-Language": language})
    assert found.status_code == 200
    (base,) = [row for row in found.json() if row.get("key") == "base"]
    return str(base["description"])


def test_the_lobbys_descriptions_in_the_pages_language(client: TestClient) -> None:
    """English, French and traditional Chinese pages each read base's description in
    their language."""
    assert _description(client, "en") == "Kingdomino: 2-4 players, 5x5 kingdoms"
    assert _description(client, "fr-FR,fr;q=0.9") == "Kingdomino : 2 à 4 joueurs, royaumes de 5x5"
    chinese = _description(client, "zh-TW")
    assert chinese != "Kingdomino: 2-4 players, 5x5 kingdoms" and "5x5" in chinese
