"""The fixed action space of a ruleset (kingdomino_core.engine.encoding)."""

from __future__ import annotations

import random
import types
from typing import Any, ClassVar

import pytest
from attrs import frozen

from kingdomino_core import (
    Action,
    ConfigError,
    Engine,
    Game,
    Ruleset,
    Step,
    StepHandler,
    default_catalogue,
    hookimpl,
)
from kingdomino_core.engine.encoding import (
    DEFAULT_SLOTS,
    ActionEncoder,
    ActionSpace,
    EncodingError,
)
from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_core.testing.build import make_engine

SHIPPED = sorted(e.name for e in list_rulesets() if e.where == "shipped")


def check_decisions(engine: Engine, space: ActionSpace, seed: int, limit: int = 400) -> int:
    """Play a random game, checking the numbering at every decision; return decisions."""
    game = engine.new_game(seed=seed)
    rng = random.Random(seed)
    seen = 0
    while game.pending and seen < limit:
        if game.is_chance():
            game.resolve_chance()
            continue
        legal = space.legal(game)
        actions = game.legal_actions()
        assert len(legal) == len(actions)  # one number per action, none shared
        assert all(0 <= n < space.size for n in legal)
        assert sorted(space.numbers(game)) == sorted(legal)
        number = rng.choice(sorted(legal))
        action = space.decode(game, number)
        assert action == legal[number]
        assert space.encode(game, action) == number
        game.apply(action)
        seen += 1
    return seen


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_legal_action_of_every_shipped_ruleset_has_its_own_number(ruleset: str) -> None:
    engine = make_engine(ruleset)
    space = ActionSpace(engine)
    for seed in range(2):
        assert check_decisions(engine, space, seed) > 10


def test_the_base_game_space_has_one_slice_per_player_action() -> None:
    space = ActionSpace(make_engine(["base"], 2))
    assert list(space.slices) == ["place", "discard", "claim", "pass"]
    assert space.size == 9 * 9 * 4 + 1 + 4 + 1
    assert space.name(325) == "claim #0"


# -- a plugin action declared without an encoder gets the documented default -----------


@frozen(kw_only=True, slots=True)
class Tip(Action):
    kind: ClassVar[str] = "test.tip"
    seat: int
    coins: int


class TipHandler(StepHandler):
    kind = "test.tip"

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return [Tip(seat=step.seat, coins=c) for c in self.choices]

    def apply(self, game: Game, step: Step, action: Action) -> None:
        pass

    choices: ClassVar[list[int]] = [0, 1, 2]


def tip_plugin(encoder: ActionEncoder | None = None) -> types.ModuleType:
    module = types.ModuleType("kd_test_tip")
    module.NAME = "test_tip"  # type: ignore[attr-defined]

    @hookimpl
    def kd_register_components(registry: Any) -> None:
        registry.add_action(Tip, encoder=encoder)

    @hookimpl
    def kd_register_rules(rules: Any) -> None:
        rules.add_step_handler(TipHandler())

    @hookimpl
    def kd_end_of_turn(game: Game, seat: int, king: int, final: bool) -> list[Step]:
        return [Step(kind="test.tip", seat=seat, king=king)]

    for fn in (kd_register_components, kd_register_rules, kd_end_of_turn):
        setattr(module, fn.__name__, fn)
    return module


def tip_engine(encoder: ActionEncoder | None = None) -> Engine:
    catalogue = default_catalogue().copy()
    catalogue.add_module(tip_plugin(encoder))
    return Engine(Ruleset(name="tip", plugins=["base", "test_tip"]), 2, catalogue=catalogue)


def test_an_action_without_an_encoder_is_numbered_by_its_place_in_the_legal_list() -> None:
    engine = tip_engine()
    space = ActionSpace(engine)
    offset, size, encoder = space.slices["test.tip"]
    assert (size, encoder) == (DEFAULT_SLOTS, None)
    assert check_decisions(engine, space, seed=1) > 10
    game = engine.new_game(seed=1)
    while game.step is None or game.step.kind != "test.tip":
        game.play_chance()
        game.apply(game.legal_actions()[0])
    assert space.legal(game) == {offset + c: Tip(seat=game.step.seat, coins=c) for c in range(3)}


class Collide(ActionEncoder):
    def size(self, engine: Engine) -> int:
        return 2

    def encode(self, game: Game, action: Action) -> int:
        return 0


def test_an_encoder_giving_two_actions_one_number_is_reported() -> None:
    engine = tip_engine(Collide())
    game = engine.new_game(seed=1)
    while game.step is None or game.step.kind != "test.tip":
        game.play_chance()
        game.apply(game.legal_actions()[0])
    with pytest.raises(EncodingError, match="same number"):
        ActionSpace(engine).legal(game)


def test_too_many_actions_for_the_default_slice_name_the_fix() -> None:
    engine = tip_engine()
    game = engine.new_game(seed=1)
    while game.step is None or game.step.kind != "test.tip":
        game.play_chance()
        game.apply(game.legal_actions()[0])
    space = ActionSpace(engine, default_slots=2)
    with pytest.raises(EncodingError, match="declare an encoder"):
        space.legal(game)


def test_set_encoder_needs_a_registered_kind() -> None:
    from kingdomino_core import Registry

    with pytest.raises(ConfigError, match="no action kind"):
        Registry().set_encoder("nothing", Collide())


def test_decoding_an_illegal_number_is_an_encoding_error() -> None:
    engine = make_engine(["base"], 2)
    space = ActionSpace(engine)
    game = engine.new_game(seed=0)
    game.play_chance()
    illegal = next(n for n in range(space.size) if n not in space.legal(game))
    with pytest.raises(EncodingError, match="not legal"):
        space.decode(game, illegal)
