"""Hidden information and outcomes in a real Chromium at a real ``kd serve`` (issue 23
items 4 and 5): a seat's page of the secret-objective example shows its own card and
not the others'; a solo challenge whose target is missed ends with "Nobody won." and
the rule's words, no row of the ranking marked as the winner's.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import LiveServer

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def post(server: LiveServer, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        server.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    extra = []
    for folder, name in (
        ("secret-objective", "secret_objective"),
        ("solo-challenge", "solo_challenge"),
    ):
        extra += ["--ruleset", str(EXAMPLES / folder / f"{folder}.toml")]
        extra += ["--allow-code", str(EXAMPLES / folder / f"{name}.py")]
    live = LiveServer(tmp_path / "data", extra=extra).start()
    try:
        yield live
    finally:
        live.stop()


def key_of(server: LiveServer, name: str) -> str:
    with urllib.request.urlopen(server.url + "/api/rulesets", timeout=30) as response:
        offered = json.loads(response.read())
    return str(next(r["key"] for r in offered if r["key"].startswith(name)))


def test_a_seats_page_shows_its_own_card_only(server: LiveServer, page: Any) -> None:
    seats = [{"name": "Ann", "kind": "link"}, {"name": "Bob", "kind": "link"}]
    table = post(
        server,
        "/api/tables",
        {"ruleset": key_of(server, "secret-objective"), "seats": seats, "seed": 3},
    )
    shown = {}
    for link in table["links"]:
        page.goto("about:blank")  # a new page load (only the #t= part differs)
        page.goto(f"{server.url}/table/{table['id']}#t={link['token']}")
        page.wait_for_selector("#info pre.info", timeout=20_000)
        shown[link["seat"]] = page.inner_text("#info")
    for text in shown.values():
        assert text.count("Your objective: a ") == 1, text
        assert text.count("hidden until the end") == 1, text
    mine = [t.split("Your objective: ")[1].split(" (")[0] for t in shown.values()]
    assert mine[0] != mine[1] and mine[1] not in shown[0] and mine[0] not in shown[1]


def test_a_missed_solo_target_ends_with_nobody_won(server: LiveServer, page: Any) -> None:
    seats = [{"name": "Bot", "kind": "bot", "agent": "random"}]
    table = post(
        server,
        "/api/tables",
        {"ruleset": key_of(server, "solo-challenge"), "seats": seats, "seed": 2},
    )
    page.goto(f"{server.url}/table/{table['id']}#t={table['host']}")
    page.wait_for_selector("#end:not([hidden]) .winners", timeout=60_000)
    assert page.inner_text(".winners") == "Nobody won."
    assert "the target of 50 points is missed by" in page.inner_text("#end .verdict")
    assert page.locator("#end table.ranking tr.winner").count() == 0
