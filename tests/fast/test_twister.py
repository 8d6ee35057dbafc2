"""The chance numbers drawn ahead for the batched environment are Python's own:
``twister.first_numbers`` gives ``random.Random(seed).random()``'s first numbers for
many seeds at once, and a match never needs more than ``twister.chance_count``."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from kingdomino_fast import twister
from kingdomino_fast.batch import seed_words
from kingdomino_rl.batched import BatchedEnv


def expected(seed: int, count: int) -> list[float]:
    numbers = random.Random(seed)
    return [numbers.random() for _ in range(count)]


@settings(max_examples=30, deadline=None)
@given(
    seeds=st.lists(st.integers(min_value=-(2**300), max_value=2**300), min_size=1, max_size=40),
    count=st.integers(min_value=0, max_value=700),
)
def test_first_numbers_are_random_randoms(seeds: list[int], count: int) -> None:
    """Any number of seeds (full and partial blocks of lanes), keys of different
    lengths side by side, and more numbers than one refill of the state (312)."""
    keys, lengths = seed_words(seeds)
    out = twister.first_numbers(keys, lengths, count)
    assert out.shape == (len(seeds), count)
    for seed, row in zip(seeds, out, strict=True):
        assert row.tolist() == expected(seed, count)


def test_a_key_longer_than_the_state_is_seeded_alone() -> None:
    seeds = [3, 2 ** (32 * 700) + 12345, -7]
    keys, lengths = seed_words(seeds)
    out = twister.first_numbers(keys, lengths, 5)
    for seed, row in zip(seeds, out, strict=True):
        assert row.tolist() == expected(seed, 5)


def test_the_count_is_what_a_base_game_draws() -> None:
    """Base game, 2 players: 4 kings drawn, then 6 lines of 4 dominoes revealed."""
    env = BatchedEnv("base", 2, batch=1)
    assert twister.chance_count(env._t.params) == 4 + 6 * 4


def test_a_match_that_would_need_more_numbers_stops_the_step(monkeypatch) -> None:
    """The kernel's guard: with one number too few drawn ahead, the step refuses
    (a RuntimeError) rather than play a game Python would not."""
    bound = twister.chance_count
    monkeypatch.setattr(twister, "chance_count", lambda params: bound(params) - 1)
    env = BatchedEnv("base", 2, batch=2, seed=1)
    obs, _ = env.reset()
    with pytest.raises(RuntimeError, match="more chance numbers"):
        for _ in range(200):
            mask = obs["action_mask"]
            obs = env.step(np.argmax(mask, axis=1))[0]
