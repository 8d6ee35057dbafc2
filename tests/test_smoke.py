"""Smoke test: every player count of the base game plays to the end through the API."""

import pytest

from kingdomino_core import Engine, Ruleset


@pytest.mark.parametrize("players", [2, 3, 4])
def test_base_game_plays_to_the_end(players: int) -> None:
    engine = Engine(Ruleset(name="base", plugins=["base"]), players=players)
    game = engine.new_game(seed=players)
    game.play(lambda g: g.legal_actions()[0])
    assert game.is_terminal()
    assert all(k.squares + 2 * len(k.discards) == 24 for k in game.kingdoms)
