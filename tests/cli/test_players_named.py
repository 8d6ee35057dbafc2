"""``kd play`` names the players where the rules' words name seats (issue 25: "players
named everywhere"), as ``kd serve`` does, through the one naming of the play layer
(:func:`kingdomino_play.name_seats`): the expansions' notes under the table, the
choices, the bots' moves, the recap and forced moves say ``Bea's kingdom``, never
``P2's kingdom`` (in every language: ``Bea的王國`` in Chinese). The save keeps the
game as before: names are display only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_support import kd_process

THREE = ("human,greedy,greedy", "Ann,Bea,Cy")
SIX = ("human,greedy,greedy,greedy,greedy,greedy", "Ann,Bea,Cy,Dan,Eve,Fay")


@pytest.mark.parametrize(
    ("ruleset", "lang", "seats", "named"),
    [
        ("age-of-giants", "en", THREE, "standing in Ann's kingdom: 0, Bea's kingdom: 0"),
        ("age-of-giants", "zh-Hant", THREE, "站在Ann的王國：0、Bea的王國：0"),
        ("origins-totem", "en", THREE, "held by Bea's kingdom"),
        ("origins-totem", "fr", THREE, "royaume de Bea"),
        ("teamdomino", "en", SIX, "(Ann+Bea): Ann placed"),
    ],
)
def test_a_whole_game_at_the_terminal_names_every_player(
    tmp_path: Path, ruleset: str, lang: str, seats: tuple[str, str], named: str
) -> None:
    players, names = seats
    save = tmp_path / "game.json"
    done = kd_process(
        "--lang", lang, "play", "-r", ruleset, "--players", players, "--names", names,
        "--seed", "5", "--save", str(save), input="1\n" * 400,
    )  # fmt: skip
    assert done.code == 0, done.err
    shown = done.out + done.err
    assert named in shown
    assert re.findall(r".{0,30}P[1-9].{0,30}", shown) == []
    assert '"name": "Bea"' in save.read_text("utf-8")
