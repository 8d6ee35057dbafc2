"""The built-in players (issue 7): legal, deterministic, and blind to the draw order."""

from __future__ import annotations

import random

import pytest

from kingdomino_core import Engine, Game, Ruleset
from kingdomino_core.engine.agents import installed_agents

SETUPS = [
    (("base",), 2),
    (("base",), 3),
    (("base",), 4),
    (("base", "grand_duel"), 2),
]
AGENTS = ["random", "greedy", "mcts:playouts=4"]


def engine(plugins: tuple[str, ...], players: int, **options: object) -> Engine:
    return Engine(Ruleset(name="t", plugins=plugins, options=options), players)


def play(engine: Engine, specs: list[str], seed: int) -> Game:
    """Play a game, checking every decision against the legal-action list."""
    registry = installed_agents()
    agents = [registry.make(s, random.Random(seed * 10 + i)) for i, s in enumerate(specs)]
    game = engine.new_game(seed=seed)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        seat = game.current_seat
        assert seat is not None
        action = agents[seat].act(game)
        assert action in game.legal_actions(), f"{specs[seat]} chose an illegal {action}"
        game.apply(action)
    return game


@pytest.mark.parametrize(("plugins", "players"), SETUPS)
@pytest.mark.parametrize("agent", AGENTS)
def test_agents_only_choose_legal_actions(
    plugins: tuple[str, ...], players: int, agent: str
) -> None:
    specs = [agent] + ["random"] * (players - 1)
    game = play(engine(plugins, players), specs, seed=3)
    assert game.is_terminal()


@pytest.mark.parametrize("agent", AGENTS)
def test_agents_are_deterministic_with_a_seed(agent: str) -> None:
    e = engine(("base",), 3)
    first = play(e, [agent, "greedy", "random"], seed=11)
    second = play(e, [agent, "greedy", "random"], seed=11)
    assert first.log == second.log


def decision_points(e: Engine, seed: int, count: int) -> list[Game]:
    rng = random.Random(seed)
    found = []
    game = e.new_game(seed=seed)
    while not game.is_terminal() and len(found) < count:
        if game.is_chance():
            game.resolve_chance()
        else:
            if rng.random() < 0.3:
                found.append(game.clone())
            game.apply(game.sample_action(rng.random()))
    return found


@pytest.mark.parametrize("agent", AGENTS)
def test_agents_do_not_depend_on_the_hidden_draw_order(agent: str) -> None:
    """Issue 7, information rule: two games that differ only in the order the undrawn
    dominoes will come out (the game's chance stream) get the same decision."""
    registry = installed_agents()
    for game in decision_points(engine(("base",), 4), seed=5, count=8):
        a = game.clone(seed=1)
        b = game.clone(seed=2)
        choice_a = registry.make(agent, random.Random(99)).act(a)
        choice_b = registry.make(agent, random.Random(99)).act(b)
        assert choice_a == choice_b


def test_greedy_takes_the_best_immediate_points() -> None:
    """Greedy's placement scores at least as much as every other legal placement."""
    registry = installed_agents()
    e = engine(("base",), 2)
    for game in decision_points(e, seed=8, count=30):
        step = game.step
        assert step is not None
        if step.kind != "place":
            continue
        k = game.config.kingdom_of(step.seat)
        after = {}
        for action in game.legal_actions():
            trial = game.clone()
            trial.apply(action)
            after[action] = trial.score_sheet(k).total
        chosen = registry.make("greedy", random.Random(1)).act(game)
        assert after[chosen] == max(after.values())


def test_greedy_beats_random_most_of_the_time() -> None:
    e = engine(("base",), 4)
    wins = 0.0
    for i in range(12):
        seat = i % 4
        specs = ["random"] * 4
        specs[seat] = "greedy"
        game = play(e, specs, seed=100 + i)
        if seat in game.winners():
            wins += 1 / len(game.winners())
    assert wins >= 9


def test_unknown_agent_and_bad_options_are_clear_errors() -> None:
    from kingdomino_core import ConfigError

    registry = installed_agents()
    with pytest.raises(ConfigError, match=r"unknown agent 'nobody'.*available"):
        registry.make("nobody", random.Random(0))
    with pytest.raises(ConfigError, match="mcts option time='fast'"):
        registry.make("mcts:time=fast", random.Random(0))
    with pytest.raises(ConfigError, match="unknown mcts option 'depth'"):
        registry.make("mcts:depth=3", random.Random(0))


def test_fast_score_total_matches_the_score_sheet() -> None:
    """``Game.score_total`` (the bots' fast path) equals the full breakdown's total."""
    for options in ({}, {"base": {"middle_kingdom": True, "harmony": True}}):
        e = Engine(Ruleset(name="t", plugins=("base",), options=options), 4)
        assert e.score_totals is not None
        rng = random.Random(4)
        for seed in range(20):
            game = e.new_game(seed=seed)
            game.play(lambda g, rng=rng: g.sample_action(rng.random()))
            for k in range(4):
                assert game.score_total(k) == game.score_sheet(k).total


SHIPPED = [
    ("court", 3),
    ("origins-discovery", 2),
    ("origins-totem", 3),
    ("origins-tribe", 4),
    ("xl", 3),
    ("teamdomino", 6),
    ("dynasty", 2),
]


@pytest.mark.parametrize(("name", "players"), SHIPPED)
@pytest.mark.parametrize("agent", ["greedy", "mcts:playouts=2+width=3"])
def test_agents_play_every_shipped_ruleset_legally(name: str, players: int, agent: str) -> None:
    """Issue 7: bots act through the engine's legal actions in every ruleset
    (Court purchases, Origins fire throws and recruits, team games, matches)."""
    from kingdomino_core.testing import make_engine

    e = make_engine(name, players)
    specs = [agent if seat % 2 == 0 else "random" for seat in range(players)]
    game = play(e, specs, seed=2)
    assert game.is_terminal()
    kinds = {type(a).kind for a in game.log}
    # The plugins' own decisions were actually taken, not only placements and picks.
    expected = {"court": "court.buy", "origins-tribe": "origins.recruit"}.get(name)
    if name.startswith("origins-"):
        assert kinds & {"origins.fire", "origins.fire_lost"}
    if expected:
        assert expected in kinds
