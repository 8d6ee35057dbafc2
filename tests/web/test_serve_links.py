"""What ``kd serve`` prints: its address and one link per human seat.

``--host 0.0.0.0`` must print addresses other devices on the local network can open
(this machine's LAN address, never ``0.0.0.0``). Nothing here binds 0.0.0.0: the
address is computed by ``base_url`` with the LAN address given, and the command's own
output is checked with uvicorn's ``run`` replaced by a client that creates a table.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient
from typer.testing import CliRunner
from web_support import LOCAL

from kingdomino_cli import cmd_serve
from kingdomino_cli.app import app as kd
from kingdomino_cli.cmd_serve import base_url, seat_lines
from kingdomino_web import make_app

SEATS = [
    {"name": "Ann", "kind": "here"},
    {"name": "Bea", "kind": "link"},
    {"name": "Bot", "kind": "bot", "agent": "greedy"},
    {"name": "Cid", "kind": "link"},
]


def lan() -> str:
    return "192.168.1.20"


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("0.0.0.0", "http://192.168.1.20:8000"),
        ("::", "http://192.168.1.20:8000"),
        ("", "http://192.168.1.20:8000"),
        ("127.0.0.1", "http://127.0.0.1:8000"),
        ("kingdom.local", "http://kingdom.local:8000"),
        ("::1", "http://[::1]:8000"),
    ],
)
def test_every_interface_prints_the_lan_address(host: str, expected: str) -> None:
    assert base_url(host, 8000, lan=lan) == expected


def test_the_lan_address_is_a_real_address_of_this_machine() -> None:
    address = cmd_serve.lan_address()
    assert address and address != "0.0.0.0"


def test_one_link_per_human_seat(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    with TestClient(app, base_url=LOCAL) as client:
        made = client.post("/api/tables", json={"ruleset": "base", "seats": SEATS}).json()
        table = app.state.server.tables[made["id"]]
        lines = seat_lines(table, base_url("0.0.0.0", 8000, lan=lan))
        assert lines[0] == f"kd: table {made['id']} (base):"
        links = {link["seat"]: link["token"] for link in made["links"]}
        assert sorted(links) == [0, 1, 3]  # the bot has no link
        assert lines[1:] == [
            f"  seat 1 host (this device): http://192.168.1.20:8000/table/{made['id']}#t={links[0]}",
            f"  seat 2 Bea: http://192.168.1.20:8000/table/{made['id']}#t={links[1]}",
            f"  seat 4 Cid: http://192.168.1.20:8000/table/{made['id']}#t={links[3]}",
        ]
        # every printed link opens that seat's table, and only that seat acts through it
        for seat, token in links.items():
            response = client.get(f"/api/tables/{made['id']}", headers={"X-KD-Token": token})
            assert response.status_code == 200 and response.json()["you"] == [seat]
            assert client.get(f"/table/{made['id']}").status_code == 200


def test_kd_serve_on_every_interface_prints_each_seat_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: dict[str, Any] = {}

    def run(app: Any, *, host: str, port: int, **_options: Any) -> None:
        assert (host, port) == ("0.0.0.0", 8123)  # what would be bound; nothing is
        with TestClient(app, base_url=LOCAL) as client:
            made.update(client.post("/api/tables", json={"ruleset": "base", "seats": SEATS}).json())

    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(cmd_serve, "lan_address", lan)
    data = tmp_path / "data"
    result = CliRunner().invoke(
        kd, ["serve", "--host", "0.0.0.0", "--port", "8123", "--data", str(data)]
    )
    assert result.exit_code == 0, result.output
    assert "kd: serving on http://192.168.1.20:8123/" in result.output
    assert "0.0.0.0" not in result.output
    links = re.findall(r"seat (\d) .*: (http://\S+)", result.output)
    assert links == [
        (str(link["seat"] + 1), f"http://192.168.1.20:8123/table/{made['id']}#t={link['token']}")
        for link in made["links"]
    ]
    assert len(links) == 3
