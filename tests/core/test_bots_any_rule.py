"""Bots follow any rule (issue 11 item 2): ``random``, ``greedy`` and ``mcts`` choose
among whatever a decision offers, whatever the class of its actions, in the core's
own steps too (actions added by plugins, wrapped handlers, other seats' decisions)."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest
import round_rules
from attrs import frozen
from round_rules import GiveUp, TakeLast, engine

from kingdomino_core import (
    Action,
    DominoId,
    Engine,
    ExtraActions,
    Game,
    Place,
    Registry,
    RuleBook,
    Ruleset,
    ScoreLine,
    Step,
    hookimpl,
)
from kingdomino_core.engine.agents import installed_agents

AGENTS = ["random", "greedy", "mcts:playouts=6+width=4"]
RULES = [
    ("redraw",),
    ("humble",),
    ("narrow",),
    ("salutes", "reverse_score"),
    ("middle_discard", "lookahead"),
    ("redraw", "humble", "narrow", "salutes"),
]


def play(eng: Engine, specs: list[str], seed: int) -> Game:
    """A whole game; every decision checked against the legal actions."""
    registry = installed_agents()
    agents = [registry.make(s, random.Random(seed * 10 + i)) for i, s in enumerate(specs)]
    game = eng.new_game(seed=seed)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        seat = game.current_seat
        action = agents[seat].act(game)
        assert action in game.legal_actions(), f"{specs[seat]} chose an illegal {action}"
        game.apply(action)
    return game


@pytest.mark.parametrize("rules", RULES, ids="+".join)
@pytest.mark.parametrize("agent", AGENTS)
def test_bots_play_plugin_actions_in_core_steps_legally(rules: tuple[str, ...], agent: str) -> None:
    eng = engine(*rules, players=2)
    game = play(eng, [agent, "greedy"], seed=7)
    assert game.is_terminal() and game.ranking().winners


def test_greedy_and_mcts_use_plugin_actions_in_place_and_claim_steps() -> None:
    """Over a few games both take the plugin's actions at least once (values come
    from playing them on a copy, not from their class)."""
    eng = engine("redraw", "humble", players=2)
    for spec in ("greedy", "mcts:playouts=30"):
        kinds: set[str] = set()
        for seed in range(3):
            game = play(eng, [spec, spec], seed=seed)
            kinds |= {a.kind for a in game.log}
        assert TakeLast.kind in kinds, spec


# -- an action added to the place step that is obviously the best ---------------------------


@frozen(kw_only=True, slots=True)
class Bank(Action):
    """Give up the domino to be placed for ``POINTS`` points (once per game)."""

    kind: ClassVar[str] = "bank.bank"
    seat: int
    domino: DominoId


POINTS = 60


class BankChoice(ExtraActions):
    id = "bank.bank"
    action_types = (Bank,)

    def actions(self, game: Game, step: Step) -> list[Action]:
        assert step.domino is not None
        used = game.ext["bank"]
        return [] if step.seat in used else [Bank(seat=step.seat, domino=step.domino)]

    def apply(self, game: Game, step: Step, action: Action) -> None:
        game.ext["bank"] = game.ext["bank"] | {step.seat}
        game.discard(step.domino, seat=step.seat)


class BankPlugin:
    @hookimpl
    def kd_register_components(self, registry: Registry) -> None:
        registry.add_action(Bank)

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_state("bank", frozenset)
        rules.add_actions("place", BankChoice())

    @hookimpl
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine]:
        banked = [s for s in game.ext["bank"] if game.config.kingdom_of(s) == kingdom]
        return [ScoreLine(kind="bonus", name="bank", points=POINTS * len(banked), source="bank")]


@pytest.mark.parametrize("spec", ["greedy", "mcts:playouts=100+width=4"])
def test_an_extra_place_action_listed_after_the_places_is_valued(spec: str) -> None:
    """The first actions are Places, the last is not: the bots must still see it."""
    cat = round_rules.catalogue()
    cat.add_module(BankPlugin(), "bank")
    eng = Engine(Ruleset(name="t", plugins=("base", "bank")), 2, catalogue=cat)
    game = eng.new_game(seed=1)
    while game.is_chance() or game.step.kind != "place":
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    actions = game.legal_actions()
    assert isinstance(actions[0], Place) and isinstance(actions[-1], Bank)
    agent = installed_agents().make(spec, random.Random(0))
    assert agent.act(game) == actions[-1]


def test_greedy_values_a_redraw_by_the_domino_it_brings() -> None:
    """GiveUp is valued by playing it on a copy: the drawn domino's best placement,
    never below the score the kingdom has now."""
    from kd_bots.greedy import action_values

    eng = engine("redraw", players=2)
    game = eng.new_game(seed=2)
    while game.is_chance() or game.step.kind != "place":
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    actions = game.legal_actions()
    assert isinstance(actions[-1], GiveUp)
    values = action_values(game, actions, random.Random(0))
    now = game.score_total(game.config.kingdom_of(game.current_seat))
    assert values[-1][0] >= now
    assert len(values) == len(actions)
