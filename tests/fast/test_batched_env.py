"""The batched environment sees what the PettingZoo environment sees: for the same
seeds and actions, the same observations, action masks, seats to act, rewards and
final observations, step by step (docs/rl.md). Bot seats play ``kd simulate``'s
bots: the Python side plays them with the runner's own seats.

``KD_FAST_GAMES=N`` plays N times as many steps.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("pettingzoo")

from kingdomino_cli.common import resolve_ruleset
from kingdomino_cli.runner import Tables, _table
from kingdomino_rl import KingdominoEnv
from kingdomino_rl.aec import final_rewards
from kingdomino_rl.batched import BatchedEnv

SCALE = int(os.environ.get("KD_FAST_GAMES", "1"))

#: (ruleset, players, seats, reward, batch, steps)
MODES = [
    ("base", 2, ("learner", "learner"), "win", 6, 150),
    ("base", 4, ("learner",) * 4, "margin", 4, 200),
    ("base", 3, ("learner", "greedy", "random"), "win", 4, 120),
    ("base", 4, ("random", "learner", "greedy", "greedy"), "margin", 3, 80),
    ("middle-kingdom", 2, ("learner", "greedy"), "margin", 4, 100),
    ("harmony", 3, ("learner",) * 3, "win", 3, 120),
    ("dynasty", 2, ("learner", "random"), "margin", 3, 150),
    ("grand-duel", 2, ("learner", "learner"), "win", 2, 120),
    ("xl", 3, ("learner", "random", "learner"), "margin", 2, 150),
]


class Mirror:
    """One slot's game in the PettingZoo env, bot seats played by the runner's seats."""

    def __init__(self, ruleset: str, players: int, seats: tuple[str, ...], reward: str) -> None:
        self.env = KingdominoEnv(ruleset, players, reward=reward)
        rs = resolve_ruleset(ruleset)
        bots = tuple("random" if s == "learner" else s for s in seats)
        self.bots = _table(rs, bots, Tables(engines={}, seats={}))[1]
        self.learner = [s == "learner" for s in seats]
        self.reward = reward

    def start(self, seed: int) -> None:
        self.env.reset(seed=seed)
        game = self.env.game
        assert game is not None
        self.deciders = [seat.decider(game) for seat in self.bots]
        self.play_bots()

    def seat(self) -> int:
        return self.env.possible_agents.index(self.env.agent_selection)

    def over(self) -> bool:
        game = self.env.game
        return game is None or not game.pending

    def play_bots(self) -> None:
        env = self.env
        while not self.over() and not self.learner[self.seat()]:
            game = env.game
            assert game is not None
            action = self.deciders[self.seat()](game)
            env.step(env.action_space_map.encode(game, action))

    def step(self, number: int) -> None:
        self.env.step(number)
        self.play_bots()


def check_mode(
    ruleset: str, players: int, seats: tuple[str, ...], reward: str, batch: int, steps: int
) -> None:
    env = BatchedEnv(ruleset, players, batch=batch, seats=seats, reward=reward, seed=7)
    obs, info = env.reset()
    mirrors = [Mirror(ruleset, players, seats, reward) for _ in range(batch)]
    for g, mirror in enumerate(mirrors):
        mirror.start(int(info["seed"][g]))
    rng = np.random.default_rng(3)
    ended = 0
    for n in range(steps * SCALE):
        for g, mirror in enumerate(mirrors):
            where = f"{ruleset} {players}p {seats} slot {g} step {n} seed {int(info['seed'][g])}"
            seat = mirror.seat()
            assert int(info["seat"][g]) == seat, where
            expected = mirror.env.observe(mirror.env.agent_selection)
            assert np.array_equal(obs["action_mask"][g], expected["action_mask"]), where
            assert np.array_equal(obs["observation"][g], expected["observation"]), where
        acting = info["seat"].copy()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        for g, mirror in enumerate(mirrors):
            mirror.step(int(actions[g]))
            where = f"{ruleset} {players}p slot {g} step {n}"
            assert bool(terminated[g]) == mirror.over(), where
            if not terminated[g]:
                assert not rewards[g].any(), where
                continue
            ended += 1
            game = mirror.env.game
            assert game is not None
            assert rewards[g].tolist() == pytest.approx(final_rewards(game, reward)), where
            agent = mirror.env.possible_agents[int(acting[g])]
            final = mirror.env.observe(agent)["observation"]
            assert np.array_equal(info["final_observation"][g], final), where
            mirror.start(int(info["seed"][g]))
    assert ended > 0, "no match ended: play more steps"


@pytest.mark.parametrize(("ruleset", "players", "seats", "reward", "batch", "steps"), MODES)
def test_the_batched_env_sees_what_the_pettingzoo_env_sees(
    ruleset: str, players: int, seats: tuple[str, ...], reward: str, batch: int, steps: int
) -> None:
    check_mode(ruleset, players, seats, reward, batch, steps)


def test_a_wrong_action_raises_and_changes_nothing() -> None:
    env = BatchedEnv("base", 2, batch=3, seed=1)
    obs, info = env.reset()
    before = obs["observation"].copy(), obs["action_mask"].copy(), info["seat"].copy()
    actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    illegal = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    actions[1] = illegal
    with pytest.raises(ValueError, match=rf"slot 1: action {illegal} \(.*\) is not legal now"):
        env.step(actions)
    assert np.array_equal(obs["observation"], before[0])
    assert np.array_equal(obs["action_mask"], before[1])
    assert np.array_equal(info["seat"], before[2])
    with pytest.raises(TypeError, match="actions must be 3 integers"):
        env.step(actions[:2])
    with pytest.raises(TypeError, match="actions must be 3 integers"):
        env.step(actions.astype(float))
    actions[1] = int(np.flatnonzero(obs["action_mask"][1])[0])
    env.step(actions)  # the same env plays on


def test_the_arrays_returned_are_read_only() -> None:
    env = BatchedEnv("base", 2, batch=2, seed=1)
    obs, info = env.reset()
    with pytest.raises(ValueError, match="read-only"):
        obs["observation"][0, 0] = 5.0
    with pytest.raises(ValueError, match="read-only"):
        info["seat"][0] = 1


def test_copy_returns_fresh_arrays_with_the_same_numbers() -> None:
    own, copied = (
        BatchedEnv("base", 2, batch=2, seed=1),
        BatchedEnv("base", 2, batch=2, seed=1, copy=True),
    )
    a, _ = own.reset()
    b, _ = copied.reset()
    b["observation"][0, 0] = 5.0  # a copy: writeable, and the env's row is untouched
    actions = np.array([int(np.flatnonzero(m)[0]) for m in a["action_mask"]])
    first = copied.step(actions)
    second = copied.step(np.array([int(np.flatnonzero(m)[0]) for m in first[0]["action_mask"]]))
    mine = own.step(actions)
    assert np.array_equal(first[0]["observation"], mine[0]["observation"])
    assert not np.array_equal(first[0]["observation"], second[0]["observation"])
    assert first[4]["seat"] is not second[4]["seat"]


def test_the_same_seed_plays_the_same_matches() -> None:
    runs = []
    for _ in range(2):
        env = BatchedEnv("base", 3, batch=4, seats=("learner", "greedy", "learner"), seed=5)
        obs, info = env.reset()
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(60):
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
            obs, rewards, _, _, info = env.step(actions)
            seen.append((obs["observation"].copy(), rewards.copy(), info["episode"].copy()))
        runs.append(seen)
    for a, b in zip(*runs, strict=True):
        assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_the_ended_match_is_named_where_it_ended() -> None:
    """Where ``terminated``, ``episode``/``seed`` already name the slot's next match;
    ``final_episode``/``final_seed`` name the one that ended (its ``kd play --seed``)."""
    from kingdomino_cli.jobs import game_seed

    env = BatchedEnv("base", 2, batch=3, seed=11)
    obs, info = env.reset()
    before = info["episode"].copy()
    ended = 0
    for _ in range(120):
        obs, _, terminated, _, info = env.step(np.argmax(obs["action_mask"], axis=1))
        for g in np.flatnonzero(terminated):
            assert info["final_episode"][g] == before[g] != info["episode"][g]
            assert info["final_seed"][g] == game_seed(11, int(before[g]))
            assert info["seed"][g] == game_seed(11, int(info["episode"][g]))
            ended += 1
        before = info["episode"].copy()
    assert ended >= 3


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"ruleset": "court", "players": 2}, ValueError, "does not cover this ruleset"),
        (
            {"ruleset": "base", "players": 2, "seats": ("greedy", "random")},
            ValueError,
            "at least one seat must be a learner",
        ),
        ({"ruleset": "base", "players": 2, "seats": ("learner",)}, ValueError, "seats must be 2"),
        ({"ruleset": "base", "players": 2, "batch": 0}, ValueError, "batch must be at least 1"),
        ({"ruleset": "base", "players": 2, "reward": "points"}, ValueError, "reward"),
        ({"ruleset": "base", "players": 2, "seats": ("learner", None)}, TypeError, "strings"),
        ({"ruleset": "base", "players": 2, "seats": "learner"}, TypeError, "strings"),
    ],
)
def test_wrong_options_are_refused(kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        BatchedEnv(**kwargs)


def test_step_before_reset() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        BatchedEnv("base", 2, batch=1).step(np.zeros(1, np.int64))


def test_reset_takes_the_other_environments_options() -> None:
    """``reset(seed, options)`` as in the PettingZoo and Gymnasium environments."""
    env = BatchedEnv("base", 2, batch=2, seed=1)
    first = env.reset(options={})[0]["observation"].copy()
    assert np.array_equal(env.reset(seed=1, options={"unused": 1})[0]["observation"], first)
    with pytest.raises(TypeError, match="options must be None or a dict"):
        env.reset(options="fast")
