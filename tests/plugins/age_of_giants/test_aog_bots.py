"""Bots play every Age of Giants decision; greedy values covering and sending by the
points they change, checked against an independent recount of every alternative."""

from __future__ import annotations

import json
import random

import kd_bots
from aog_checks import GIANT_A, aog, from_supply, placed, recount_properties
from kd_age_of_giants.giants import SendGiant

from kingdomino_cli.app import main
from kingdomino_core import AgentRegistry, Discard, DominoId, Pass
from kingdomino_core.testing import place_step_game, set_kingdom


def agent(name: str, seed: int = 1):
    registry = AgentRegistry()
    kd_bots.kd_register_agents(agents=registry)
    return registry.make(name, random.Random(seed))


def best_by_recount(game) -> set:
    """The legal actions that leave the deciding seat's properties worth the most."""
    seat = game.current_seat
    values = {}
    for action in game.legal_actions():
        trial = game.clone()
        trial.apply(action)
        values[action] = recount_properties(trial, game.config.kingdom_of(seat))
    best = max(values.values())
    return {a for a, v in values.items() if v == best}


def test_greedy_covers_the_crown_that_costs_least() -> None:
    # Covering the wheat crown costs 3 (three wheat squares); the lake's costs 1.
    game = placed(aog(), GIANT_A, "C W1 W0 W0\n. . . L1")
    assert game.step.kind == "aog.giant"
    best = best_by_recount(game)
    assert len(best) < len(game.legal_actions())
    for seed in range(5):
        assert agent("greedy", seed).act(game) in best


def test_greedy_sends_a_giant_and_the_receiver_covers_its_cheapest_crown() -> None:
    engine = aog()
    game = place_step_game(engine, DominoId(number=49), kingdom="C W1+giant W0 W0")
    set_kingdom(game, 1, "C L1 L0 L0 G1")
    from_supply(game)
    game.apply(next(a for a in game.legal_actions() if not isinstance(a, Discard)))
    assert game.step.kind == "aog.footprint"
    choice = agent("greedy").act(game)
    assert isinstance(choice, SendGiant)  # a crown back is worth more than passing
    assert choice in best_by_recount(game) and Pass(seat=0) not in best_by_recount(game)
    game.apply(choice)
    assert game.step.kind == "aog.receive" and game.current_seat == 1
    best = best_by_recount(game)
    assert len(best) == 1  # the grassland crown (1 square) rather than the lake (3)
    assert agent("greedy").act(game) in best


def test_random_and_mcts_play_the_new_decisions() -> None:
    game = placed(aog(), GIANT_A, "C W1 L2")
    for name in ("random", "mcts:playouts=4"):
        assert agent(name).act(game) in game.legal_actions()


def test_five_player_game_with_every_bot_plays_to_the_end(capsys) -> None:
    """The issue's "done when": greedy, random and mcts at a five-player table."""
    players = "greedy,random,mcts:playouts=6,greedy,random"
    code = main(
        ["play", "--ruleset", "age-of-giants-5p", "--players", players, "--seed", "3", "--json"]
    )
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert len(result["kingdoms"]) == 5
    assert result["winners"]
