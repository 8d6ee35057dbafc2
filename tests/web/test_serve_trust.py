"""``kd serve`` runs no plugin code it was not told to trust (docs/trust.md, "kd serve").

A ruleset of ``KD_RULESET_PATH`` whose plugin file leaves a mark when it runs: a real
server started without a flag lists it, marked, offers no table of it and never runs
the file, not at start-up, not for any request, not for a kept table of it; started
with ``--allow-code FILE`` (or ``--trust``) it offers the ruleset and a table plays.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from web_support import LiveServer, first_move

MARKING = """
from pathlib import Path

from kingdomino_core import hookimpl

NAME = "marking"
Path({marker!r}).write_text("ran")


@hookimpl
def kd_describe_game(game):
    return ["the marking house rule is on"]
"""


def call(server: LiveServer, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"X-KD-Token": token}
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(server.url + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.fixture
def marking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A ``KD_RULESET_PATH`` folder with the marking ruleset; (its plugin file, the mark)."""
    folder = tmp_path / "house"
    folder.mkdir()
    marker = tmp_path / "marker"
    plugin = folder / "marking.py"
    plugin.write_text(MARKING.format(marker=str(marker)))
    (folder / "marking.toml").write_text(
        '[ruleset]\nname = "marking"\nextends = "base"\nplugin_files = ["marking.py"]\n'
        'plugins = ["marking"]\nplayers = 2\n'
    )
    monkeypatch.setenv("KD_RULESET_PATH", str(folder))
    return plugin, marker


SEATS = [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot", "agent": "greedy"}]


def test_a_ruleset_path_plugin_runs_only_when_the_server_is_told(
    tmp_path: Path, marking: tuple[Path, Path]
) -> None:
    plugin, marker = marking
    data = tmp_path / "data"
    server = LiveServer(data).start()
    try:
        assert not marker.exists()  # nothing ran at start-up
        status, offered = call(server, "/api/rulesets")
        entry = next(r for r in offered if r["key"] == "marking")
        assert entry["runs_code"] == [str(plugin)]
        assert "not checked (runs code" in entry["error"] and "--allow-code" in entry["error"]
        status, refused = call(server, "/api/tables", {"ruleset": "marking", "seats": SEATS})
        assert status == 403 and "not offered" in refused["error"]
        status, _ = call(server, "/api/tables", {"ruleset": "base", "seats": SEATS})
        assert status == 201  # the rest of the lobby works
    finally:
        server.stop()
    assert not marker.exists()

    trusted = LiveServer(data, extra=["--allow-code", str(plugin)]).start()
    try:
        status, table = call(trusted, "/api/tables", {"ruleset": "marking", "seats": SEATS})
        assert status == 201, table
        assert marker.read_text() == "ran"
        tid, token = table["id"], table["host"]
        status, state = call(trusted, f"/api/tables/{tid}", token=token)
        assert "the marking house rule is on" in state["view"]["info"]
        status, state = call(
            trusted, f"/api/tables/{tid}/act", {"action": first_move(state["decision"])}, token
        )
        assert status == 200 and state["view"]["moves"] > 0
    finally:
        trusted.stop()

    # Restarted without the flag: the kept table of that ruleset runs nothing either.
    marker.unlink()
    again = LiveServer(data).start()
    try:
        status, shown = call(again, f"/api/tables/{tid}", token=token)
        assert status in (403, 404) and "marking.py" in shown["error"]
        assert any("marking.py" in line for line in again.output)  # said so at start-up
    finally:
        again.stop()
    assert not marker.exists()


def test_trust_offers_every_ruleset_path_ruleset(
    tmp_path: Path, marking: tuple[Path, Path]
) -> None:
    _plugin, marker = marking
    server = LiveServer(tmp_path / "data", extra=["--trust"]).start()
    try:
        status, table = call(server, "/api/tables", {"ruleset": "marking", "seats": SEATS})
        assert status == 201, table
        assert marker.read_text() == "ran"
    finally:
        server.stop()
