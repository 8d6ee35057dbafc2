"""Tests of the lakes-double plugin package: ``pytest tests`` in this folder.

The rule is tested with the module added to a catalogue under its entry-point name,
so these run with the package installed or only on ``PYTHONPATH``. The last test
needs the package installed (``pip install -e .``): it checks the entry point, as
``kd plugins list`` and a ruleset naming ``lakes_double`` find it.
"""

from pathlib import Path
from typing import Any

import kd_lakes_double
import pytest

from kingdomino_core import Engine, RulesetError, default_catalogue
from kingdomino_core.testing import conformance, make_engine, make_game, set_kingdom

RULESET = str(Path(__file__).parent.parent / "lakes-double.toml")
CATALOGUE = default_catalogue().copy()
CATALOGUE.add_module(kd_lakes_double, "lakes_double")

# A lake property of 3 squares and 2 crowns (6 points), one forest square with a crown.
KINGDOM = """
L1 L1 .
C  L0 F1
"""


def engine(players: int = 2, **options: Any) -> Engine:
    return make_engine(["base", "lakes_double"], players, catalogue=CATALOGUE, **options)


def test_lakes_score_double() -> None:
    game = engine().new_game(seed=1)
    set_kingdom(game, 0, KINGDOM)
    sheet = game.score_sheet(0)
    assert [(b.name, b.points) for b in sheet.bonuses] == [("lake x2", 6)]
    assert sheet.total == 6 + 6 + 1
    assert game.score_total(0) == sheet.total  # the fast total agrees with the sheet


def test_another_terrain_and_factor() -> None:
    game = engine(lakes_double={"terrain": "forest", "factor": 3}).new_game(seed=1)
    set_kingdom(game, 0, KINGDOM)
    assert game.score_sheet(0).total == 6 + 3 * 1
    assert game.score_total(0) == 9


def test_no_lake_no_bonus() -> None:
    game = engine().new_game(seed=1)
    set_kingdom(game, 0, "C F1 F1")
    assert game.score_sheet(0).bonuses == ()


def test_bad_options_are_refused_with_their_names() -> None:
    with pytest.raises(RulesetError, match=r"factor: must be 1 or more, not 0"):
        engine(lakes_double={"factor": 0})
    with pytest.raises(RulesetError, match=r"unknown terrain 'lava'"):
        engine(lakes_double={"terrain": "lava"})


@pytest.mark.parametrize("players", [2, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(engine(players), seeds=range(2)).raise_for_problems()


def test_the_ruleset_activates_it_by_name() -> None:
    if "lakes_double" not in default_catalogue().names():
        pytest.skip("the package is not installed: pip install -e . to test its entry point")
    assert default_catalogue().get("lakes_double").source == "entry point"
    game = make_game(RULESET, 2, seed=1)
    set_kingdom(game, 0, KINGDOM)
    assert game.score_sheet(0).total == 13
