"""`kd play --ruleset teamdomino.toml`: a full team game and its JSON (docs/formats.md)."""

from __future__ import annotations

import json

import pytest

from kingdomino_core.rulesets.files import load_ruleset
from kingdomino_core.testing import kingdom_from_text, make_engine, recount

kd = pytest.importorskip("kingdomino_cli.app")

SIX = "greedy,random,greedy,random,greedy,random"


def play_json(capsys, *args: str) -> dict:
    code = kd.main(["play", *args, "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    return json.loads(out)


@pytest.mark.parametrize("seed", ["3", "8"])
def test_kd_play_teamdomino_six_players_lists_each_team_kingdom_with_both_seats(
    capsys, seed
) -> None:
    """The issue's command: a full 6-player team game; JSON kingdoms carry both seats."""
    data = play_json(capsys, "--ruleset", "teamdomino.toml", "--players", SIX, "--seed", seed)
    assert [p["agent"] for p in data["players"]] == SIX.split(",")
    assert [k["players"] for k in data["kingdoms"]] == [[0, 1], [2, 3], [4, 5]]
    engine = make_engine(load_ruleset("teamdomino.toml"), 6)
    totals = []
    for k in data["kingdoms"]:
        kingdom = kingdom_from_text(engine, "\n".join(k["grid"]))
        # 24 dominoes per team kingdom: 2 squares per placed domino, plus the discards.
        assert kingdom.squares // 2 + k["discarded"] == 24
        props = sorted((p["terrain"], p["squares"], p["crowns"]) for p in k["score"]["properties"])
        assert props == sorted((p.terrain, p.squares, p.crowns) for p in recount(kingdom, engine))
        assert k["score"]["total"] == sum(p["points"] for p in k["score"]["properties"]) + sum(
            b["points"] for b in k["score"]["bonuses"]
        )
        totals.append((k["score"]["total"], k["score"]["largest_property"], k["score"]["crowns"]))
    best = max(totals)
    expected = [
        s for k, t in zip(data["kingdoms"], totals, strict=True) if t == best for s in k["players"]
    ]
    assert sorted(data["winners"]) == sorted(expected)
    # Same seed, same game.
    again = play_json(capsys, "--ruleset", "teamdomino.toml", "--players", SIX, "--seed", seed)
    assert again["kingdoms"] == data["kingdoms"]


def test_kd_play_teamdomino_eight_players(capsys) -> None:
    data = play_json(capsys, "--ruleset", "teamdomino", "--players", ",".join(["random"] * 8))
    assert [k["players"] for k in data["kingdoms"]] == [[0, 1], [2, 3], [4, 5], [6, 7]]


@pytest.mark.parametrize("players", [5, 7])
def test_kd_play_teamdomino_refuses_5_or_7_players(capsys, players) -> None:
    code = kd.main(
        [
            "play",
            "--ruleset",
            "teamdomino.toml",
            "--players",
            ",".join(["random"] * players),
            "--json",
        ]
    )
    captured = capsys.readouterr()
    assert code != 0 and captured.out == ""
    assert f"{players} players is not allowed" in captured.err and "6, 8" in captured.err


def test_kd_play_reports_bad_teams_with_file_and_line(capsys, tmp_path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        '[ruleset]\nextends = "teamdomino"\nplayers = 6\n\n'
        "[options.teamdomino]\nteams = [[0, 1], [1, 2], [3, 4]]\n"
    )
    code = kd.main(["play", "--ruleset", str(path), "--players", SIX, "--json"])
    captured = capsys.readouterr()
    assert code != 0 and captured.out == ""
    assert f"{path}:6: options.teamdomino.teams: seat 1 is in two teams" in captured.err
    assert "seat 5 in no team" in captured.err
