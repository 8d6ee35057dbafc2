"""The plugin contract items the plugin guide documents (issue 23 item 6), each held
by a test: the field types a plugin ``Action`` may have in saves; ``insert_steps``
from ``kd_setup_game``; a ``StepWrapper`` that lists actions of its own.
"""

from __future__ import annotations

import enum
import json
import random
from typing import ClassVar

import pytest
from attrs import frozen

from kingdomino_core import (
    Action,
    Catalogue,
    Claim,
    Direction,
    DominoId,
    Engine,
    Game,
    Registry,
    RuleBook,
    Ruleset,
    Step,
    StepWrapper,
    default_catalogue,
    hookimpl,
)
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.saves.serialize import action_from_dict, action_to_dict
from kingdomino_core.testing import conformance


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@frozen(kw_only=True, slots=True)
class Everything(Action):
    """One field of every type the guide lists as allowed in saves."""

    kind: ClassVar[str] = "contract.everything"
    seat: int
    label: str
    flag: bool
    share: float
    domino: DominoId
    direction: Direction
    colour: Colour
    maybe: int | None
    many: tuple[int, ...]
    dominoes: tuple[DominoId, ...]


def test_every_documented_field_type_round_trips_through_a_save() -> None:
    registry = Registry()
    registry.add_action(Everything)
    action = Everything(
        seat=1, label="x", flag=True, share=0.5, domino=DominoId(box=2, number=17),
        direction=Direction.N, colour=Colour.BLUE, maybe=None, many=(1, 2),
        dominoes=(DominoId(number=3),),
    )  # fmt: skip
    text = json.dumps(action_to_dict(action))
    assert action_from_dict(json.loads(text), registry) == action


@frozen(kw_only=True, slots=True)
class Skip(Action):
    """The wrapper's own action: leave the claim to chance (the first free domino)."""

    kind: ClassVar[str] = "contract.skip"
    seat: int
    king: int

    def describe(self) -> str:
        return "take whatever domino is first free"


class SkipWrapper(StepWrapper):
    """Wraps the core's claim: its actions, then one of its own."""

    kind = "claim"

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return [*self.inner.legal_actions(game, step), Skip(seat=step.seat, king=step.king)]

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, Skip):
            self.inner.check(game, step, action)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        if isinstance(action, Skip):
            first = self.inner.legal_actions(game, step)[0]
            assert isinstance(first, Claim)
            action = first
        self.inner.apply(game, step, action)


class SkipPlugin:
    """The plugin: registers the action and the wrapper."""

    @hookimpl
    def kd_register_components(self, registry: Registry) -> None:
        registry.add_action(Skip)

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.wrap_step_handler(SkipWrapper())


@pytest.fixture(scope="module")
def skipping() -> Engine:
    catalogue: Catalogue = default_catalogue().copy()
    catalogue.add_module(SkipPlugin(), "skip")
    return Engine(Ruleset(name="skip", plugins=("base", "skip")), 3, catalogue=catalogue)


def test_a_wrapper_may_list_actions_of_its_own(skipping: Engine) -> None:
    conformance(skipping, seeds=range(2)).raise_for_problems()
    for spec in ("random", "greedy", "mcts:playouts=10+width=4"):
        agent = installed_agents().make(spec, random.Random(1))
        game = skipping.new_game(seed=4)
        game.play(agent.act)
        assert game.is_terminal()
    game = skipping.new_game(seed=4)
    game.play(
        lambda g: next((a for a in g.legal_actions() if isinstance(a, Skip)), g.legal_actions()[0])
    )
    assert any(isinstance(a, Skip) for a in game.log) and game.is_terminal()
