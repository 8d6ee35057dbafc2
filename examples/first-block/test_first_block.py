"""Tests of the first-block house rule: ``pytest examples/first-block``."""

from pathlib import Path

import pytest

from kingdomino_core import Direction, Game, Place, RulesetError
from kingdomino_core.testing import (
    conformance,
    domino_id,
    make_engine,
    place_step_game,
    play_random_game,
    set_kingdom,
)

RULESET = str(Path(__file__).with_name("first-block.toml"))
NAME = "first_block"

#: Seven wheat squares of a 3x3 block north of the castle; (1,-1) and (2,-1) missing.
NEARLY = """
W0 W0 W0
W0 W0 W0
W0 .  .
C  .  .
"""


def complete_the_block(players: int = 2) -> Game:
    """Seat 0 places domino 1 (wheat | wheat) into the two missing squares."""
    game = place_step_game(make_engine(RULESET, players), 1, kingdom=NEARLY)
    assert game.ext[NAME].winner is None
    game.apply(Place(seat=0, domino=domino_id(1), x=1, y=-1, direction=Direction.E))
    return game


def test_completing_a_block_scores_seven() -> None:
    game = complete_the_block()
    winner = game.ext[NAME].winner
    assert (winner.kingdom, winner.terrain) == (0, "wheat")
    sheet = game.score_sheet(0)
    assert [(b.name, b.points) for b in sheet.bonuses] == [("first block", 7)]
    assert game.score_total(0) == sheet.total == 7  # no crowns: only the bonus
    assert game.score_sheet(1).bonuses == ()


def test_eight_squares_are_not_a_block() -> None:
    game = place_step_game(make_engine(RULESET, 2), 1, kingdom=NEARLY)
    game.apply(Place(seat=0, domino=domino_id(1), x=1, y=-1, direction=Direction.S))
    assert game.ext[NAME].winner is None


def test_only_the_first_block_counts() -> None:
    """Kingdom 1 gets a block later: the bonus stays with kingdom 0."""
    game = complete_the_block()
    set_kingdom(game, 1, NEARLY.replace(".  .\nC", "W0 W0\nC"))
    while not game.is_terminal():
        game.play_chance()
        if not game.is_terminal():
            game.apply(game.legal_actions()[0])
    assert game.ext[NAME].winner.kingdom == 0
    assert game.score_sheet(1).bonuses == ()


def test_the_winner_is_kept_by_clones_and_is_per_game() -> None:
    game = complete_the_block()
    copy = game.clone()
    assert copy.ext[NAME].winner == game.ext[NAME].winner
    assert game.engine.new_game(seed=0).ext[NAME].winner is None


def test_options() -> None:
    game = place_step_game(make_engine(RULESET, 2, first_block={"points": 3}), 1, kingdom=NEARLY)
    game.apply(Place(seat=0, domino=domino_id(1), x=1, y=-1, direction=Direction.E))
    assert game.score_total(0) == 3
    with pytest.raises(RulesetError, match=r"options\.first_block\.size: must be 2 to 5, not 6"):
        make_engine(RULESET, 2, first_block={"size": 6})


def holds_block(game: Game, kingdom: int, size: int = 3) -> bool:
    """Independent check: some ``size x size`` window of one terrain, by coordinates."""
    k = game.kingdoms[kingdom]
    at = {k.board.xy(cell): terrain for cell, terrain, _ in k.iter_squares()}
    return any(
        len({at.get((x + i, y + j)) for i in range(size) for j in range(size)}) == 1
        and at.get((x, y)) is not None
        for (x, y) in at
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_award_the_block_to_a_kingdom_that_holds_one(players: int) -> None:
    """2x2 blocks, which random play completes often enough to test."""
    engine = make_engine(RULESET, players, first_block={"size": 2})
    awarded = 0
    for seed in range(8):
        game = play_random_game(engine, seed)
        winner = game.ext[NAME].winner
        for k in range(len(game.kingdoms)):
            bonus = sum(b.points for b in game.score_sheet(k).bonuses if b.name == "first block")
            assert bonus == (7 if winner is not None and winner.kingdom == k else 0)
        if winner is not None:
            awarded += 1
            assert holds_block(game, winner.kingdom, 2)
        else:
            assert not any(holds_block(game, k, 2) for k in range(len(game.kingdoms)))
    assert awarded >= 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()
