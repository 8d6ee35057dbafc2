"""Tests of the joker house rule: ``pytest examples/joker``.

Written with the testing kit (``kingdomino_core.testing``), as a plugin author would.
"""

from pathlib import Path

import pytest

from kingdomino_core import Direction, Place, RulesetError
from kingdomino_core.testing import (
    conformance,
    domino_id,
    make_engine,
    make_game,
    place_step_game,
    set_kingdom,
)

RULESET = str(Path(__file__).with_name("joker.toml"))


def place(domino: int, x: int, y: int, direction: Direction) -> Place:
    return Place(seat=0, domino=domino_id(domino), x=x, y=y, direction=direction)


def test_joker_square_connects_to_any_terrain() -> None:
    """Domino 50 (joker | forest with a crown): its joker square may touch wheat."""
    engine = make_engine(RULESET, 2)
    game = place_step_game(engine, 50, kingdom="C W0 W0")
    # Joker under the second wheat, the forest to its east: only the joker connects.
    assert game.explain(place(50, 2, 1, Direction.E)) is None
    game.apply(place(50, 2, 1, Direction.E))


def test_ordinary_square_connects_to_a_joker() -> None:
    """Domino 3 (forest | forest) may touch a joker square, and nothing else here."""
    engine = make_engine(RULESET, 2)
    game = place_step_game(engine, 3, kingdom="C J0")
    assert game.explain(place(3, 2, 0, Direction.E)) is None


def test_ordinary_squares_still_need_a_match() -> None:
    """Away from jokers the base rule holds: forest next to wheat only is refused."""
    engine = make_engine(RULESET, 2)
    game = place_step_game(engine, 3, kingdom="C W0 W0")
    reason = game.explain(place(3, 2, 1, Direction.E))
    assert reason is not None and "joker" in reason


def test_jokers_never_score_and_split_properties() -> None:
    game = make_game(RULESET, 2, seed=1)
    set_kingdom(game, 0, "W1 J0 W1\n. C .")
    sheet = game.score_sheet(0)
    assert [(p.terrain, p.squares, p.crowns) for p in sheet.properties] == [
        ("wheat", 1, 1),
        ("wheat", 1, 1),
    ]
    assert sheet.total == 2


def test_the_deck_has_the_joker_dominoes() -> None:
    assert len(make_engine(RULESET, 4).deck) == 48 + 4
    assert len(make_engine(RULESET, 4, joker={"dominoes": 2}).deck) == 48 + 2


def test_bad_count_is_refused() -> None:
    with pytest.raises(RulesetError, match=r"options\.joker\.dominoes.*not 5"):
        make_engine(RULESET, 4, joker={"dominoes": 5})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()
