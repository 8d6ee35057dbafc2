"""Fuzz: every value a training program may hand the RL environments (issue 21).

Actions, seeds, options and agent names of every kind (Python and numpy numbers at
their extremes, floats, strings, bools, lists, arrays, objects) go to both
environments in the middle of a game. Each either does what an integer in range
does, or raises the documented error type (docs/rl.md, "Wrong inputs") and leaves
the game, the agent to act, the rewards and the mask exactly as they were.
``FUZZ_EXAMPLES`` sets the number of examples (see ``fuzz_support``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from fuzz_support import FUZZ
from hypothesis import given
from hypothesis import strategies as st

from kingdomino_core.testing import digest
from kingdomino_rl import KingdominoEnv, KingdominoGymEnv
from kingdomino_rl.checks import MAX_SEED, integer

NUMPY_INTS = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)


def numpy_int(kind: type) -> st.SearchStrategy[Any]:
    info = np.iinfo(kind)
    return st.integers(int(info.min), int(info.max)).map(kind)


VALUES = st.one_of(
    st.integers(-5, 400),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, 2**63 - 1, 2**63, 2**64, -(2**63)]),
    st.one_of(*(numpy_int(kind) for kind in NUMPY_INTS)),
    st.integers(0, 400).map(np.array),  # a 0-d integer array
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(0, 400).map(float),
    st.floats(width=32).map(np.float32),
    st.booleans(),
    st.just(np.bool_(True)),
    st.none(),
    st.text(max_size=6),
    st.integers(0, 400).map(str),
    st.lists(st.integers(0, 400), max_size=2),
    st.integers(0, 400).map(lambda n: np.array([n])),
    st.sampled_from([object(), {}, (1,), b"3", 3j, Ellipsis]),
)

OUTCOMES: Counter[tuple[str, str]] = Counter()

#: Either None (use the fuzzed value) or (index, kind): the legal action of that index
#: (modulo their number) as that kind of integer.
LEGAL = st.one_of(
    st.none(),
    st.tuples(st.integers(0, 10**6), st.sampled_from([int, np.int64, np.uint16, np.array])),
)


def pick(value: Any, legal: tuple[int, Any] | None, mask: np.ndarray) -> Any:
    if legal is None:
        return value
    numbers = np.flatnonzero(mask)
    index, kind = legal
    return kind(int(numbers[index % len(numbers)]))


def snapshot(env: KingdominoEnv) -> tuple[Any, ...]:
    assert env.game is not None
    return (
        digest(env.game),
        env.agent_selection,
        list(env.agents),
        dict(env.rewards),
        dict(env._cumulative_rewards),
        dict(env.terminations),
        env.action_mask().tobytes(),
    )


def mid_game(moves: int) -> KingdominoEnv:
    env = KingdominoEnv("base", players=3)
    env.reset(seed=11)
    for _ in range(moves):
        env.step(int(np.flatnonzero(env.action_mask())[0]))
    return env


def expected_step_error(value: Any, env: KingdominoEnv) -> type[BaseException] | None:
    number = integer(value)
    if number is None:
        return TypeError
    size = env.action_space_map.size
    if not 0 <= number < size or not env.action_mask()[number]:
        return ValueError
    return None


@FUZZ
@given(value=VALUES, legal=LEGAL, moves=st.integers(0, 12))
def test_aec_step_takes_a_legal_integer_or_raises_the_documented_error(value, legal, moves) -> None:
    env = mid_game(moves)
    value = pick(value, legal, env.action_mask())
    before = snapshot(env)
    expected = expected_step_error(value, env)
    try:
        env.step(value)
    except (TypeError, ValueError, RuntimeError) as exc:
        OUTCOMES[("aec.step", type(exc).__name__)] += 1
        assert type(exc) is expected, (value, exc)
        assert snapshot(env) == before
    else:
        OUTCOMES[("aec.step", "played")] += 1
        assert expected is None, value
        assert snapshot(env) != before


@FUZZ
@given(value=VALUES, legal=LEGAL)
def test_gym_step_takes_an_action_of_the_space_or_raises(value, legal) -> None:
    env = KingdominoGymEnv("base", players=2, opponents="random")
    env.reset(seed=5)
    value = pick(value, legal, env.action_masks())
    before = snapshot(env._aec)
    number = integer(value)
    try:
        _, reward, done, _, info = env.step(value)
    except (TypeError, ValueError) as exc:
        OUTCOMES[("gym.step", type(exc).__name__)] += 1
        size = env._aec.action_space_map.size
        assert type(exc) is (TypeError if number is None else ValueError), (value, exc)
        assert number is None or not 0 <= number < size
        assert snapshot(env._aec) == before
    else:
        assert number is not None
        if info.get("illegal_action"):  # documented: a masked action ends the episode
            OUTCOMES[("gym.step", "illegal: episode ended")] += 1
            assert done and reward == env.illegal_reward
            assert digest(env._aec.game) == before[0]
        else:
            OUTCOMES[("gym.step", "played")] += 1


@FUZZ
@given(seed=VALUES, options=st.one_of(st.none(), st.just({}), VALUES))
def test_reset_takes_a_seed_in_range_or_raises_and_keeps_the_game(seed, options) -> None:
    env = mid_game(4)
    before = snapshot(env)
    number = integer(seed)
    good_seed = seed is None or (number is not None and 0 <= number <= MAX_SEED)
    good_options = options is None or isinstance(options, dict)
    try:
        env.reset(seed=seed, options=options)
    except (TypeError, ValueError) as exc:
        OUTCOMES[("aec.reset", type(exc).__name__)] += 1
        assert not (good_seed and good_options), (seed, options, exc)
        wrong_type = (seed is not None and number is None) or not good_options
        assert type(exc) is (TypeError if wrong_type else ValueError), (seed, options, exc)
        assert snapshot(env) == before
    else:
        OUTCOMES[("aec.reset", "reset")] += 1
        assert good_seed and good_options
    gym = KingdominoGymEnv("base", players=2, opponents="random")
    try:
        gym.reset(seed=seed, options=options)
    except (TypeError, ValueError):
        assert not (good_seed and good_options)
    else:
        assert good_seed and good_options


@FUZZ
@given(agent=st.one_of(VALUES, st.sampled_from(["player_0", "player_2", "player_3", ""])))
def test_agent_names_are_checked(agent) -> None:
    env = mid_game(2)
    before = snapshot(env)
    try:
        env.observe(agent)
    except (TypeError, ValueError) as exc:
        OUTCOMES[("aec.observe", type(exc).__name__)] += 1
        assert type(exc) is (ValueError if isinstance(agent, str) else TypeError)
        assert agent not in env.possible_agents
    else:
        OUTCOMES[("aec.observe", "observed")] += 1
        assert agent in env.possible_agents
    assert snapshot(env) == before


@pytest.fixture(scope="module", autouse=True)
def _report(request: pytest.FixtureRequest) -> Any:
    """Print the outcomes by call and error type at the end of the module (``-s``)."""
    yield
    if OUTCOMES and request.config.getoption("capture") == "no":
        for (call, outcome), n in sorted(OUTCOMES.items()):
            print(f"rl fuzz: {call:<12} {outcome:<24} {n:>6}")
