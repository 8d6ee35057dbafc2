"""Tests of the six-by-six house rule: ``pytest examples/six-by-six``."""

from pathlib import Path

import pytest

from kingdomino_core import Direction, Game, Place, RulesetError
from kingdomino_core.testing import (
    conformance,
    domino_id,
    make_engine,
    make_game,
    place_step_game,
    play_random_game,
    set_kingdom,
)

RULESET = str(Path(__file__).with_name("six-by-six.toml"))


def place(x: int, y: int, direction: Direction) -> Place:
    return Place(seat=0, domino=domino_id(1), x=x, y=y, direction=direction)  # wheat | wheat


def test_a_kingdom_may_grow_six_wide() -> None:
    """Wheat from x=-1 to x=3: a sixth column (x=4) is legal, a seventh is not."""
    game = place_step_game(make_engine(RULESET, 2), 1, kingdom="W0 C W0 W0 W0")
    assert game.explain(place(4, 0, Direction.S)) is None
    reason = game.explain(place(4, 0, Direction.E))
    assert reason is not None and "6x6" in reason
    base = place_step_game(make_engine(["base"], 2), 1, kingdom="W0 C W0 W0 W0")
    assert base.explain(place(4, 0, Direction.S)) is not None  # 5x5 in the base game


@pytest.mark.parametrize(
    ("text", "bonus"),
    [
        # Castle in the central four of a 6x6 square: 2 on one side, 3 on the other.
        ("W0 . . . . .\n. . . . . .\n. . C . . W0\n. . . . . .\n. . . . . .\nW0 . . . . .", 10),
        ("W0 . . . . .\n. . . . . .\n. . . C . .\n. . . . . .\n. . . . . .\n. . . . . W0", 10),
        # Castle 1 from the edge: not central.
        ("W0 . . . . .\n. C . . . .\n. . . . . W0", 0),
        # Castle on the edge of a 6-wide kingdom.
        ("C . . . . W0", 0),
        # A small kingdom around the castle qualifies (it need not be complete).
        ("C W0", 10),
    ],
)
def test_middle_kingdom_six_by_six(text: str, bonus: int) -> None:
    game = make_game(RULESET, 2, seed=1)
    set_kingdom(game, 0, text)
    sheet = game.score_sheet(0)
    assert sum(b.points for b in sheet.bonuses if b.name == "middle kingdom 6x6") == bonus
    assert game.score_total(0) == sheet.total


@pytest.mark.parametrize(
    ("base", "message"),
    [
        ({"middle_kingdom": True}, "options.base.middle_kingdom: a 6x6 kingdom has no centre"),
        ({"harmony": True}, "options.base.harmony: a 6x6 kingdom has 35 squares"),
    ],
)
def test_base_bonuses_that_cannot_apply_are_refused(base: dict[str, bool], message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        make_engine(RULESET, 2, base=base)


def central(game: Game, kingdom: int) -> bool:
    """Independent check by coordinates: some 6x6 window holds every square and has the
    castle on one of its four central squares."""
    cells = [
        game.kingdoms[kingdom].board.xy(c) for c, _, _ in game.kingdoms[kingdom].iter_squares()
    ]
    cells.append((0, 0))
    return any(
        all(left <= x < left + 6 and top <= y < top + 6 for x, y in cells)
        for left in (-2, -3)
        for top in (-2, -3)
    )


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_score_the_bonus_exactly_when_central(players: int) -> None:
    engine = make_engine(RULESET, players)
    assert engine.config.kingdom_size == 6
    seen = set()
    for seed in range(6):
        game = play_random_game(engine, seed)
        for k in range(len(game.kingdoms)):
            width, height = game.kingdoms[k].extent
            assert width <= 6 and height <= 6
            bonus = sum(b.points for b in game.score_sheet(k).bonuses)
            assert bonus == (10 if central(game, k) else 0)
            seen.add(bonus)
    assert seen == {0, 10}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()
