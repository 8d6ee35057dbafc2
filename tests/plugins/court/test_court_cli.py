"""``kd score`` and ``kd play`` with the Court (docs/formats.md; docs/plugins/court.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kingdomino_cli.app import main
from kingdomino_core.testing import make_engine, set_kingdom

DOC = Path(__file__).resolve().parents[3] / "docs" / "plugins" / "court.md"


def _doc_example() -> str:
    text = DOC.read_text(encoding="utf-8")
    found = [b for b in re.findall(r"```text\n(.*?)```", text, re.S) if "G0+farmer" in b]
    assert len(found) == 1, "docs/plugins/court.md should hold one example kingdom"
    return found[0]


def test_kd_score_scores_a_court_kingdom_with_each_character_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The documented example: farmer 3 + 3 x 3 = 12; wheat W1 W1+building=1 is
    2 squares x 2 crowns = 4; the top wheat has no crown. Total 16."""
    path = tmp_path / "court.txt"
    path.write_text(_doc_example(), encoding="utf-8")
    assert main(["score", str(path), "--ruleset", "court", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["total"] == 16
    assert out["other"] == [{"kind": "character", "name": "farmer at 1,-1", "points": 12}]
    assert {"terrain": "wheat", "squares": 2, "crowns": 2, "points": 4} in out["properties"]
    assert out["crowns"] == 2


def test_kd_score_refuses_an_impossible_court_square(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("C W0+wheat\nF0+wheat .\n", encoding="utf-8")
    assert main(["score", str(path), "--ruleset", "court", "--json"]) != 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{path}:2:1" in captured.err
    assert "a wheat token lies only on wheat, not on forest" in captured.err


def test_kd_play_json_grids_carry_the_court_notation(capsys: pytest.CaptureFixture[str]) -> None:
    """``kd play --json``: each grid reads back to the kingdom it describes, and its
    ``score`` is what that grid scores (docs/formats.md)."""
    args = ["play", "--ruleset", "court", "--players", "greedy,random,greedy", "--seed", "3"]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    engine = make_engine("court", 3)
    grids = [k["grid"] for k in out["kingdoms"]]
    assert any("+" in row for grid in grids for row in grid)
    for kingdom in out["kingdoms"]:
        game = engine.new_game(seed=0)
        set_kingdom(game, 0, "\n".join(kingdom["grid"]))
        assert game.score_sheet(0).total == kingdom["score"]["total"]
        assert game.score_sheet(0).as_dict()["other"] == kingdom["score"].get("other", [])
