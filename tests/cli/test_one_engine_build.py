"""Issue 22, item 3: a command builds its engine once.

The ruleset loader checks a ruleset by building an engine (the plugins' own checks
run there); the command then plays with that very engine instead of building a
second one. A house-rule plugin that notes each ``kd_configure`` call in a file
counts the builds, through the real command.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import kd

COUNTER = '''
from pathlib import Path

from kingdomino_core import hookimpl

NAME = "counter"
HOOK_API = 1
NOTES = Path(__file__).with_name("builds.txt")


@hookimpl
def kd_configure(config):
    """One line per engine built."""
    with NOTES.open("a", encoding="utf-8") as out:
        out.write(f"{config.players}\\n")
'''


def counted_ruleset(folder: Path) -> tuple[Path, Path]:
    (folder / "counter.py").write_text(COUNTER, encoding="utf-8")
    path = folder / "counted.toml"
    path.write_text(
        '[ruleset]\nextends = "base"\nplugin_files = ["counter.py"]\nplugins = ["counter"]\n',
        encoding="utf-8",
    )
    return path, folder / "builds.txt"


@pytest.mark.parametrize("players", ["random,random", "random,random,random,random"])
def test_kd_play_builds_one_engine(tmp_path, capsys, monkeypatch, players) -> None:
    ruleset, notes = counted_ruleset(tmp_path)
    result = kd(
        capsys, monkeypatch, "play", "--ruleset", str(ruleset), "--players", players,
        "--seed", "3", "--json",
    )  # fmt: skip
    assert result.code == 0, result.err
    count = players.count(",") + 1
    assert notes.read_text().split() == [str(count)]
    assert len(result.json()["players"]) == count


def test_kd_simulate_builds_one_engine(tmp_path, capsys, monkeypatch) -> None:
    ruleset, notes = counted_ruleset(tmp_path)
    result = kd(
        capsys, monkeypatch, "simulate", "--ruleset", str(ruleset), "--players",
        "random,random,random", "-n", "2", "--seed", "1", "--engine", "python",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert notes.read_text().split() == ["3"]


def test_a_player_count_the_ruleset_refuses_is_still_reported(tmp_path, capsys, monkeypatch):
    """The loader's check falls back to the default count; the command reports the
    count asked for (exit 3), as before."""
    ruleset, _notes = counted_ruleset(tmp_path)
    result = kd(
        capsys, monkeypatch, "play", "--ruleset", str(ruleset), "--players",
        ",".join(["random"] * 7), "--seed", "3", "--json",
    )  # fmt: skip
    assert result.code == 3
    assert "7 players is not allowed" in result.err
