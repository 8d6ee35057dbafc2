"""Bots play Origins through the legal actions and the ruleset's scoring (issue 6:
"greedy values fire throws and recruits by points"): checked against an independent
recount of every alternative."""

from __future__ import annotations

import random

import kd_bots
import pytest
from origins_checks import (
    RICH,
    fire_step,
    origins,
    play_checked,
    position,
    recount_total,
    recruit_step,
    tribe_game,
)

from kingdomino_core import AgentRegistry


def agent(name: str, seed: int = 1):
    registry = AgentRegistry()
    kd_bots.kd_register_agents(agents=registry)
    return registry.make(name, random.Random(seed))


def best_by_recount(game, mode: str) -> tuple[int, set]:
    """The best total after each legal action, by the independent recount."""
    seat = game.current_seat
    values = {}
    for action in game.legal_actions():
        trial = game.clone()
        trial.apply(action)
        values[action] = recount_total(trial, game.config.kingdom_of(seat), mode)
    best = max(values.values())
    return best, {a for a, v in values.items() if v == best}


GREEDY_FIRE = """
J1 J0 J0 D0 D0
D0 D0 C  D0 D0
V0+craters=2 L1 L0 . .
"""


def test_greedy_throws_fire_where_it_scores_most() -> None:
    game = fire_step(position(origins(), GREEDY_FIRE), 0, (-2, 1))
    best, top = best_by_recount(game, "discovery")
    choice = agent("greedy").act(game)
    assert choice in top
    game.apply(choice)
    assert recount_total(game, 0, "discovery") == best > 0


def test_greedy_recruits_the_caveman_worth_most() -> None:
    game = recruit_step(tribe_game(RICH))
    best, top = best_by_recount(game, "tribe")
    choice = agent("greedy").act(game)
    assert choice in top and best > 0


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
@pytest.mark.parametrize("players", [2, 4])
def test_greedy_plays_whole_games_legally_and_beats_random(mode: str, players: int) -> None:
    engine = origins(players, mode)
    greedy, rnd = agent("greedy", 3), agent("random", 4)

    class Table:
        def act(self, game):
            return (greedy if game.current_seat == 0 else rnd).act(game)

    wins = 0
    for seed in range(4):
        game = play_checked(engine, seed, mode, agent=Table())
        wins += 0 in game.winners()
    assert wins >= 3
