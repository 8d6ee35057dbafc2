"""Agents picking legal moves only (issue 16, item 5): the built-in bots declare
``legal_moves_only`` so that ``kd simulate`` skips re-checking their moves; this is
only sound because they can never submit an action outside the engine's legal list,
which is checked here over many seeded games of every shipped ruleset. Other agents
are still checked."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_cli.players import make_seats
from kingdomino_cli.runner import play_one
from kingdomino_core import Action, Direction, Game, IllegalActionError, Place
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_core.saves.savegame import PlayerEntry
from kingdomino_core.testing.build import make_engine
from kingdomino_play import DecisionRandom, Seat

SHIPPED = sorted(e.name for e in list_rulesets() if e.where == "shipped")
BUILT_IN = ["random", "greedy", "mcts:playouts=2+width=2"]


def test_every_built_in_bot_declares_legal_moves_only() -> None:
    registry = installed_agents()
    for spec in BUILT_IN:
        assert registry.make(spec, random.Random(0)).legal_moves_only is True  # type: ignore[attr-defined]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from(SHIPPED),
    seed=st.integers(0, 2**32),
    agent=st.sampled_from(BUILT_IN),
)
def test_a_built_in_bot_never_submits_an_action_outside_the_legal_list(
    ruleset: str, seed: int, agent: str
) -> None:
    engine = make_engine(ruleset)
    players = engine.config.players
    registry = installed_agents()
    bots = [registry.make(agent, random.Random(seed + i)) for i in range(players)]
    game = engine.new_game(seed=seed)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        action = bots[game.current_seat or 0].act(game)
        assert action in game.legal_actions(), f"{agent} chose {action} in {ruleset}"
        game.apply(action, check=False)


class Cheater:
    """A third-party agent that does not declare ``legal_moves_only`` and tries an illegal move."""

    def act(self, game: Game) -> Action:
        step = game.step
        assert step is not None
        if step.kind == "place" and step.domino is not None:  # far outside the kingdom
            return Place(seat=step.seat, domino=step.domino, x=9, y=9, direction=Direction.E)
        return game.legal_actions()[0]


def test_an_agent_that_does_not_declare_it_is_still_checked() -> None:
    entries = [PlayerEntry(name="a", agent="random"), PlayerEntry(name="b", agent="random")]
    seats = make_seats(entries, allow_human=False)
    seats[0] = Seat(index=0, entry=entries[0], agent=Cheater(), rng=DecisionRandom(0))
    assert [s.legal_moves_only for s in seats] == [False, True]
    with pytest.raises(IllegalActionError, match=r"core\.on_board|more than"):
        play_one(make_engine(["base"], 2), seats, seed=1)
