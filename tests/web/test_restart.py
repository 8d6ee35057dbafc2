"""A table survives a restart of the real server process (its files in ``--data``)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from web_support import LiveServer, first_move

from kingdomino_core.saves.savegame import parse_save, verify


def call(server: LiveServer, path: str, body: Any = None, token: str = "") -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server.url + path,
        data=data,
        headers={"X-KD-Token": token, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode()
    return json.loads(text) if text.startswith("{") and "kingdomino-save" not in text else text


def test_a_table_survives_a_server_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = LiveServer(data).start()
    try:
        table = call(
            first,
            "/api/tables",
            {
                "ruleset": "base",
                "seats": [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot"}],
                "seed": 99,
            },
        )
        tid, token = table["id"], table["host"]
        state = call(first, f"/api/tables/{tid}", token=token)
        for _ in range(6):
            state = call(
                first, f"/api/tables/{tid}/act", {"action": first_move(state["decision"])}, token
            )
        before = state
    finally:
        first.stop()
    assert (data / f"{tid}.save.json").is_file()
    second = LiveServer(data, port=first.port).start()
    try:
        assert any(tid in line for line in second.output)  # the unfinished table is announced
        after = call(second, f"/api/tables/{tid}", token=token)
        assert after["view"]["kingdoms"] == before["view"]["kingdoms"]
        assert after["view"]["moves"] == before["view"]["moves"]
        assert after["decision"]["choices"] == before["decision"]["choices"]
        state = after
        while not state["view"]["finished"]:
            state = call(
                second, f"/api/tables/{tid}/act", {"action": first_move(state["decision"])}, token
            )
        text = call(second, f"/api/tables/{tid}/save")
        assert verify(parse_save(text)).ok
    finally:
        second.stop()


def test_kd_serve_refuses_a_missing_ruleset_file(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kingdomino_cli.app",
            "serve",
            "--data",
            str(tmp_path),
            "--ruleset",
            str(tmp_path / "nope.toml"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "no such file" in done.stderr
