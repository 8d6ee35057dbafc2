"""Tests of the "lakes score double" house rule: ``pytest docs/tutorial/test_lakes.py``."""

from pathlib import Path

import pytest

from kingdomino_core import RulesetError
from kingdomino_core.testing import conformance, make_engine, make_game, set_kingdom

RULESET = str(Path(__file__).with_name("lakes.toml"))

# One lake property of 3 squares and 2 crowns (6 points), one forest square with a crown.
KINGDOM = """
L1 L1 .
C  L0 F1
"""


def test_lakes_score_double() -> None:
    game = make_game(RULESET, 2, seed=1)
    set_kingdom(game, 0, KINGDOM)
    sheet = game.score_sheet(0)
    assert [(b.name, b.points) for b in sheet.bonuses] == [("lakes", 6)]
    assert sheet.total == 6 + 6 + 1  # lakes twice, the forest once
    assert game.score_total(0) == sheet.total  # the fast total agrees


def test_factor_option() -> None:
    game = make_game(RULESET, 2, seed=1, lakes={"factor": 3})
    set_kingdom(game, 0, KINGDOM)
    assert game.score_sheet(0).total == 3 * 6 + 1


def test_no_lake_no_bonus() -> None:
    game = make_game(RULESET, 2, seed=1)
    set_kingdom(game, 0, "C F1 F1")
    assert game.score_sheet(0).bonuses == ()


def test_bad_factor_is_refused() -> None:
    with pytest.raises(RulesetError, match="factor"):
        make_engine(RULESET, 2, lakes={"factor": 0})


def test_plays_whole_games_correctly() -> None:
    conformance(RULESET, 2, seeds=range(3)).raise_for_problems()
