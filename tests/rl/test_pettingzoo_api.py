"""PettingZoo's own API and seed tests, for every shipped ruleset.

``api_test`` plays random masked games and checks the AEC protocol (agents,
rewards, terminations, observation bounds); ``seed_test`` plays two environments
with the same seed side by side and requires identical observations, masks and
rewards.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_rl import KingdominoEnv

SHIPPED = sorted(e.name for e in list_rulesets() if e.where == "shipped")
# A house rule showing lines ahead (``lookahead_lines``): more rows in ``lines``.
LOOKAHEAD = str(Path(__file__).resolve().parents[2] / "examples" / "lookahead" / "lookahead.toml")


def test_every_shipped_ruleset_is_covered() -> None:
    assert {"base", "court", "origins-tribe", "teamdomino", "xl", "dynasty"} <= set(SHIPPED)


@pytest.mark.parametrize("ruleset", [*SHIPPED, LOOKAHEAD])
def test_api_test(ruleset: str) -> None:
    with warnings.catch_warnings():
        # Advice about Dict observation spaces, not failures.
        warnings.simplefilter("ignore", UserWarning)
        api_test(KingdominoEnv(ruleset), num_cycles=40)


@pytest.mark.parametrize("ruleset", [*SHIPPED, LOOKAHEAD])
def test_seed_test(ruleset: str) -> None:
    seed_test(lambda: KingdominoEnv(ruleset), num_cycles=40)


def test_api_test_with_dict_observations_and_margin_rewards() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(KingdominoEnv("base", 3, observation="dict", reward="margin"), num_cycles=40)
