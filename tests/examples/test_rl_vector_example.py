"""examples/rl_vector.py: masked play in a Gymnasium vector environment that skips
the final observation's empty mask instead of crashing on it."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from example_support import EXAMPLES, load_example  # noqa: E402

rl_vector = load_example(EXAMPLES / "rl_vector.py")


def test_the_vectorised_sampler_finishes_games_past_their_final_observations() -> None:
    found = rl_vector.run(envs=3, episodes=6, seed=0)
    assert found["episodes"] >= 6
    assert found["final_observations"] >= 3  # met, and skipped, at least once per game reset
    assert 0.0 <= found["win_rate"] <= 1.0


def test_a_naive_masked_sampler_fails_on_the_final_observation() -> None:
    """Why the example checks the mask: choosing among no legal action raises."""
    empty = np.zeros(330, dtype=np.int8)
    with pytest.raises(ValueError):
        np.random.default_rng(0).choice(np.flatnonzero(empty))
    assert rl_vector.sample(empty, np.random.default_rng(0)) == 0
