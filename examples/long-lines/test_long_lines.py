"""Tests of the long-lines house rule: ``pytest examples/long-lines``."""

from pathlib import Path

import pytest

from kingdomino_core import Reveal, RulesetError
from kingdomino_core.testing import conformance, make_engine, play_random_game

RULESET = str(Path(__file__).with_name("long-lines.toml"))


@pytest.mark.parametrize(("players", "kings"), [(2, 4), (3, 3)])
def test_each_line_has_one_domino_more_than_the_kings(players: int, kings: int) -> None:
    engine = make_engine(RULESET, players)
    assert engine.config.line_size == kings + 1
    game = play_random_game(engine, seed=3)
    lines = engine.config.lines_total
    assert sum(isinstance(a, Reveal) for a in game.log) == lines * (kings + 1)
    # One domino of every line is left unpicked and discarded.
    assert len(game.unpicked) == lines


def test_two_extra_dominoes() -> None:
    engine = make_engine(RULESET, 2, long_lines={"extra": 2})
    game = play_random_game(engine, seed=1)
    assert len(game.unpicked) == 2 * engine.config.lines_total


def test_four_players_need_fewer_rounds() -> None:
    with pytest.raises(RulesetError, match=r"60 dominoes, but the deck has 48.*rounds"):
        make_engine(RULESET, 4)
    engine = make_engine(RULESET, 4, long_lines={"rounds": 9})
    assert (engine.config.line_size, engine.config.lines_total) == (5, 9)


def test_the_display_says_how_many_were_discarded() -> None:
    game = play_random_game(make_engine(RULESET, 3), seed=2)
    assert game.hooks.kd_describe_game(game=game, viewer=None) == [
        ["long lines: 4 dominoes a line; 12 discarded unpicked so far"]
    ]


@pytest.mark.parametrize("players", [2, 3])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()
