"""Tests of the secret-objective house rule: ``pytest examples/secret-objective``."""

from pathlib import Path

import pytest

from kingdomino_core import SPECTATOR, view_of
from kingdomino_core.engine.views import describe_game
from kingdomino_core.testing import conformance, make_engine, make_game

RULESET = str(Path(__file__).with_name("secret-objective.toml"))
CARDS = "secret_objective"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_gets_a_different_card(players: int) -> None:
    for seed in range(5):
        game = make_game(RULESET, players, seed=seed)
        game.play_chance()
        cards = game.ext[CARDS]
        assert len(cards) == players and len(set(cards)) == players
        assert all(0 <= c < 6 for c in cards)


def test_a_player_sees_their_own_card_only_until_the_end() -> None:
    game = make_game(RULESET, 3, seed=1)
    game.play_chance()
    for seat in range(3):
        seen = view_of(game, seat).ext[CARDS]
        assert [c == game.ext[CARDS][s] for s, c in enumerate(seen)] == [
            s == seat for s in range(3)
        ]
        words = " ".join(describe_game(view_of(game, seat), seat))
        assert words.count("hidden until the end") == 2 and "Your objective" in words
    assert "Your" not in " ".join(describe_game(view_of(game, SPECTATOR), SPECTATOR))
    game.play(lambda g: g.legal_actions()[0])
    assert view_of(game, 0).ext[CARDS] == game.ext[CARDS]


def test_a_met_objective_scores_ten() -> None:
    met = 0
    for seed in range(12):
        game = make_game(RULESET, 2, seed=seed)
        game.play(lambda g: g.legal_actions()[-1])
        for sheet in game.scores():
            bonus = [line for line in sheet.lines if line.kind == "objective"]
            assert sum(line.points for line in bonus) in (0, 10)
            assert game.score_total(sheet.kingdom) == sheet.total
            met += bool(bonus)
    assert met > 0


@pytest.mark.parametrize("players", [2, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(make_engine(RULESET, players), seeds=range(2)).raise_for_problems()
