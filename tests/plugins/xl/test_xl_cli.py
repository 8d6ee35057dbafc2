"""`kd play --ruleset xl.toml`: full XL games and their JSON (docs/formats.md)."""

from __future__ import annotations

import json

import pytest

kd = pytest.importorskip("kingdomino_cli.app")


@pytest.mark.parametrize("players", [3, 4])
def test_kd_play_xl_full_game(capsys, players) -> None:
    agents = (["greedy", "random"] * 2)[:players]
    code = kd.main(["play", "--ruleset", "xl.toml", "--players", ",".join(agents), "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    data = json.loads(out)
    assert [k["players"] for k in data["kingdoms"]] == [[s] for s in range(players)]
    for k in data["kingdoms"]:
        squares = sum(1 for row in k["grid"] for cell in row.split() if cell not in (".", "C"))
        assert squares // 2 + k["discarded"] == 24  # 24 dominoes per 7x7 kingdom
        assert len(k["grid"]) <= 7 and all(len(row.split()) <= 7 for row in k["grid"])


def test_kd_play_xl_refuses_2_players(capsys) -> None:
    code = kd.main(["play", "--ruleset", "xl.toml", "--players", "random,random", "--json"])
    captured = capsys.readouterr()
    assert code != 0 and captured.out == ""
    assert "2 players is not allowed" in captured.err and "3, 4" in captured.err
