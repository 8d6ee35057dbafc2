"""``mcts`` decides the same with its playouts in the kernel as in Python: for a
fixed number of playouts, whole seeded games are move for move the same and the
agent's generator ends in the same state (docs/fast.md)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from kd_bots.fast_playouts import kernel_playouts
from kd_bots.mcts import MctsAgent

from kingdomino_cli.common import build_engine, resolve_ruleset
from kingdomino_cli.runner import Tables, _table, game_seed, play_one
from kingdomino_core import Game
from kingdomino_core.errors import ConfigError


def play(ruleset: str, players: int, seed: int, kernel: str, policy: str) -> tuple[list, tuple]:
    """A game with ``mcts`` in seat 0 and random players elsewhere."""
    engine = build_engine(resolve_ruleset(ruleset), players)
    game = Game(engine, seed)
    rng = random.Random(seed + 1)
    options = {"playouts": "24", "width": "6", "kernel": kernel, "policy": policy}
    agent = MctsAgent.from_options(options, rng)
    others = random.Random(seed + 2)
    game.play_chance()
    assert kernel_playouts(game, game.legal_actions(), random.Random(0), 6) is not None
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
        elif game.current_seat == 0:
            game.apply(agent.act(game))
        else:
            actions = game.legal_actions()
            game.apply(actions[int(others.random() * len(actions))])
    return game.log, rng.getstate()


@pytest.mark.parametrize(
    ("ruleset", "players", "seed", "policy"),
    [
        ("base", 4, 1, "sample"),
        ("base", 2, 2, "sample"),
        ("base", 2, 6, "greedy"),  # greedy's Python playouts are slow: the smallest game
        ("dynasty", 2, 3, "sample"),
        ("grand-duel", 2, 4, "sample"),
        ("xl", 3, 5, "sample"),
    ],
)
def test_mcts_plays_the_same_game_with_and_without_the_kernel(
    ruleset: str, players: int, seed: int, policy: str
) -> None:
    assert play(ruleset, players, seed, "auto", policy) == play(
        ruleset, players, seed, "off", policy
    )


def test_the_kernel_option_is_checked() -> None:
    with pytest.raises(ConfigError, match=r"kernel='fast'.*expected auto or off"):
        MctsAgent.from_options({"kernel": "fast"}, random.Random(0))
    with pytest.raises(ConfigError, match=r"policy='best'.*expected auto, greedy or sample"):
        MctsAgent.from_options({"policy": "best"}, random.Random(0))


@pytest.mark.parametrize(
    ("ruleset", "players", "policy"),
    [("base", 3, "sample"), ("dynasty", 2, "sample"), ("xl", 4, "sample"), ("base", 2, "greedy")],
)
def test_seated_mcts_plays_the_same_games_with_and_without_the_kernel(
    ruleset: str, players: int, policy: str
) -> None:
    """Through the runners' seats, whose agents draw from a DecisionRandom."""
    rs = resolve_ruleset(ruleset)
    logs = []
    for kernel in ("auto", "off"):
        mcts = f"mcts:playouts=8+width=4+kernel={kernel}+policy={policy}"
        specs = (mcts, "greedy", "random", "random")
        engine, seats = _table(rs, specs[:players], Tables(engines={}, seats={}))
        logs.append([play_one(engine, seats, game_seed(7, i)).log for i in range(2)])
    assert logs[0] == logs[1]


def test_the_auto_policy_is_greedy_in_the_kernel_and_sampled_in_python() -> None:
    """``policy=auto``: greedy's choices where the kernel plays the playouts, the
    cheaper sampled policy where Python does (docs/plugins/bots.md); the default
    is greedy's policy everywhere, with the kernel and without it."""
    greedy = play("base", 4, 8, "auto", "greedy")
    assert play("base", 4, 8, "auto", "auto") == greedy
    assert play("base", 4, 8, "off", "auto") == play("base", 4, 8, "off", "sample")
    sample = play("base", 4, 8, "auto", "sample")
    assert sample != greedy
    engine = build_engine(resolve_ruleset("base"), 4)
    game = Game(engine, 8)
    game.play_chance()
    default = MctsAgent.from_options({"playouts": "24", "width": "6"}, random.Random(9))
    greedy_policy = MctsAgent.from_options(
        {"playouts": "24", "width": "6", "policy": "greedy"}, random.Random(9)
    )
    assert default.act(game) == greedy_policy.act(game)
    assert default.rng.getstate() == greedy_policy.rng.getstate()
    assert MctsAgent(random.Random(1)).policy.greedy
