"""Property tests over many seeded games, every mode and player count (docs/rules/origins.md).

Fire tokens, resources and cro-magnons are conserved; fire never lands on a volcano
or a burning square; scores equal an independent recount; the same seed gives the
same game, and the saved log replays it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from origins_checks import origins, play_checked, recount_total

from kingdomino_core.saves.serialize import action_from_dict, action_to_dict
from kingdomino_core.testing import conformance, digest, replay

MODES = ["discovery", "totem", "tribe"]
SEEDS = st.integers(min_value=0, max_value=2**32)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_random_games_conserve_pieces_and_score_as_recounted(
    mode: str, players: int, seed: int
) -> None:
    engine = origins(players, mode)
    game = play_checked(engine, seed, mode)
    for k, sheet in enumerate(game.scores()):
        assert sheet.total == recount_total(game, k, mode)
    dominoes = sum(len(k.placements) + len(k.discards) for k in game.kingdoms)
    assert dominoes == (48 if players != 3 else 36)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_same_seed_same_game_and_the_saved_log_replays(mode: str, players: int, seed: int) -> None:
    engine = origins(players, mode)
    first = play_checked(engine, seed, mode)
    again = play_checked(engine, seed, mode)
    assert first.log == again.log
    saved = [action_to_dict(a) for a in first.log]
    loaded = [action_from_dict(d, engine.registry) for d in saved]
    assert loaded == first.log
    assert digest(replay(engine, seed, loaded)) == digest(first)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", MODES)
def test_the_testing_kits_conformance_check_passes(mode: str, players: int) -> None:
    """Placements match the rule checks, clones are independent, logs replay."""
    conformance(["origins"], players, seeds=range(2), origins={"mode": mode}).raise_for_problems()
