"""Issue 21: player names that are not printable text, from the command line and from a
save, give one message and a documented status (never exit 1 or a traceback). The
check is ``kingdomino_core.inputs.names.name_problem``, shared by every door."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from play_support import kd

from kingdomino_core.inputs.names import MAX_PLAYER_NAME, name_problem

USAGE = 2
INPUT = 4
ODD = {
    "surrogate": "a\udcffb",
    "nul": "a\x00b",
    "newline": "a\nb",
    "escape": "\x1b[31mred",
    "bidi": "\u202eevil",
    "long": "x" * (MAX_PLAYER_NAME + 1),
}


@pytest.mark.parametrize("kind", list(ODD))
def test_play_names_refuses_a_name_that_is_not_text(
    tmp_path: Path, capsys, monkeypatch, kind: str
) -> None:
    save = tmp_path / "g.json"
    names = f"{ODD[kind]},Bob"
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--names", names,
           "--seed", "1", "--save", str(save))  # fmt: skip
    assert r.code == USAGE, r.err
    assert "--names" in r.err and "Traceback" not in r.err
    assert not save.exists()


@pytest.fixture
def save(tmp_path: Path, capsys, monkeypatch) -> Path:
    path = tmp_path / "g.json"
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "1", "--save", str(path))
    assert r.code == 0, r.err
    return path


@pytest.mark.parametrize("kind", [k for k in ODD if k != "long"])
@pytest.mark.parametrize(
    "command", [("replay",), ("replay", "--verify"), ("replay", "--json"), ("play", "--resume")]
)
def test_a_save_with_such_a_name_is_a_malformed_save(
    save: Path, capsys, monkeypatch, kind: str, command: tuple[str, ...]
) -> None:
    data = json.loads(save.read_text())
    data["players"][0]["name"] = ODD[kind]
    save.write_text(json.dumps(data))
    before = save.read_bytes()
    r = kd(capsys, monkeypatch, *command, str(save))
    assert r.code == INPUT, r.err
    assert "players[0].name" in r.err and "Traceback" not in r.err
    assert save.read_bytes() == before


def test_a_long_name_in_an_older_save_still_reads(save: Path, capsys, monkeypatch) -> None:
    data = json.loads(save.read_text())
    data["players"][0]["name"] = "y" * 100
    save.write_text(json.dumps(data))
    assert kd(capsys, monkeypatch, "replay", "--verify", str(save)).code == 0


@pytest.mark.parametrize("name", ["Ann", "Zoë", "李", "👑 King", "a b"])
def test_ordinary_names_pass(name: str) -> None:
    assert name_problem(name) is None
