"""Forced placement (docs/rules/base.md, "Placement"): a domino that fits must be
placed. It is the base plugin's discard rule ``base.forced_placement``, registered
through ``kd_register_rules`` like any house rule's, not a rule of the core."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kingdomino_core import (
    Catalogue,
    Discard,
    DiscardRule,
    DominoId,
    Game,
    IllegalActionError,
    Place,
    RuleBook,
    default_catalogue,
    hookimpl,
)
from kingdomino_core.engine.encoding import ActionSpace
from kingdomino_core.testing import make_engine, place_step_game, play_random_game

ROOM = """
    W0 W0 W0 W0 W0
    W0 W0 W0 W0 W0
    W0 W0 C  W0 W0
    W0 W0 W0 W0 W0
    W0 W0 W0 .  .
"""


def catalogue_with(*plugins: object) -> Catalogue:
    catalogue = default_catalogue().copy()
    for plugin in plugins:
        catalogue.add_module(plugin)
    return catalogue


def house_rule(name: str, register: object) -> SimpleNamespace:
    """A plugin object whose ``kd_register_rules`` is ``register`` (marked)."""
    return SimpleNamespace(NAME=name, kd_register_rules=hookimpl(register))


def discards(game: Game) -> list[Discard]:
    return [a for a in game.legal_actions() if isinstance(a, Discard)]


def test_the_rule_is_the_base_plugins_not_the_cores() -> None:
    engine = make_engine(["base"], 2)
    [rule] = engine.rules.discard_rules
    assert rule.id == "base.forced_placement"
    assert engine.rules.provenance["base.forced_placement"] == "base"
    assert isinstance(rule, DiscardRule)
    assert not RuleBook().discard_rules  # the core registers none of its own
    # It refuses every discard of a domino that fits, and says so: moves skip asking.
    assert rule.unconditional and engine.must_place
    game = place_step_game(make_engine(["base"], 4), 1, kingdom=ROOM)
    assert rule.check(game, 0, game.step.domino)


def test_a_domino_that_fits_may_not_be_discarded() -> None:
    game = place_step_game(make_engine(["base"], 4), 1, kingdom=ROOM)
    discard = Discard(seat=0, domino=game.step.domino)
    assert discards(game) == []
    with pytest.raises(IllegalActionError) as info:
        game.apply(discard)
    assert info.value.rule == "base.forced_placement"
    assert (
        info.value.message == f"domino {game.step.domino} fits in the kingdom, so it must be placed"
    )
    assert game.explain(discard) == info.value.message
    # random play never samples it either, whatever the draw
    assert all(isinstance(game.sample_action(r / 100), Place) for r in range(100))


def test_a_domino_that_fits_nowhere_is_discarded_whatever_the_rules() -> None:
    engine = make_engine(["base"], 4)
    game = place_step_game(
        engine,
        1,
        kingdom="""
            F0 F0 F0 F0 F0
            F0 F0 F0 F0 F0
            F0 F0 C  F0 F0
            F0 F0 F0 F0 F0
            F0 F0 F0 F0 .
        """,
    )
    assert game.legal_actions() == [Discard(seat=0, domino=game.step.domino)]


def test_a_house_rule_removes_it_by_id() -> None:
    def kd_register_rules(rules: RuleBook) -> None:
        rules.remove("base.forced_placement")

    plugin = house_rule("free_discard", kd_register_rules)
    engine = make_engine(["base", "free_discard"], 4, catalogue=catalogue_with(plugin))
    assert engine.rules.discard_rules == [] and not engine.must_place
    game = place_step_game(engine, 1, kingdom=ROOM)
    assert discards(game) == [Discard(seat=0, domino=game.step.domino)]
    game.apply(Discard(seat=0, domino=game.step.domino))
    assert game.kingdoms[0].discards


def test_voluntary_discard_still_overrides_every_discard_rule() -> None:
    def kd_register_rules(rules: RuleBook) -> None:
        rules.voluntary_discard = True

    plugin = house_rule("voluntary", kd_register_rules)
    engine = make_engine(["base", "voluntary"], 4, catalogue=catalogue_with(plugin))
    assert not engine.must_place
    game = place_step_game(engine, 1, kingdom=ROOM)
    assert discards(game) == [Discard(seat=0, domino=game.step.domino)]


class OnlyInTheLastRound(DiscardRule):
    """A house rule: a domino that fits may be discarded in the final round only."""

    id = "house.last_round_discard"
    description = "a domino that fits may be discarded in the final round only"

    def check(self, game: Game, seat: int, domino: DominoId) -> str | None:
        return None if game.final_round else "discarding is allowed in the final round only"


def test_a_third_party_discard_rule_goes_through_the_same_door() -> None:
    def kd_register_rules(rules: RuleBook) -> None:
        rules.add_discard_rule(OnlyInTheLastRound(), replace=False)
        rules.remove("base.forced_placement")

    plugin = house_rule("last_round", kd_register_rules)
    engine = make_engine(["base", "last_round"], 2, catalogue=catalogue_with(plugin))
    assert not engine.must_place  # a rule that depends on the game is asked every time
    space = ActionSpace(engine)
    game = place_step_game(engine, 1, kingdom=ROOM)
    discard = Discard(seat=0, domino=game.step.domino)
    assert not game.final_round
    assert discards(game) == []
    with pytest.raises(IllegalActionError) as info:
        game.apply(discard)
    assert info.value.rule == "house.last_round_discard"
    assert space.numbers(game) == list(space.legal(game))  # the fast mask: no discard
    # Played to the end, every decision's list, mask and check agree.
    played = 0
    for seed in range(3):
        game = engine.new_game(seed=seed)
        while not game.is_terminal():
            if game.is_chance():
                game.resolve_chance()
                continue
            legal = game.legal_actions()
            assert sorted(space.numbers(game)) == sorted(space.legal(game))
            if game.step.kind == "place":
                fits = any(isinstance(a, Place) for a in legal)
                offered = any(isinstance(a, Discard) for a in legal)
                assert offered == (not fits or game.final_round)
                played += 1
            game.apply(legal[-1])
    assert played > 10


@pytest.mark.parametrize("ruleset", ["base", "origins-discovery"])
def test_random_games_offer_a_discard_only_when_nothing_fits(ruleset: str) -> None:
    """Origins plays without the base plugin but has the same forced placement
    (docs/rules/origins.md): it registers the same rule, so refusals read the same."""
    engine = make_engine(ruleset, 3)
    assert [r.id for r in engine.rules.discard_rules] == ["base.forced_placement"]
    space = ActionSpace(engine)
    seen = {"stuck": 0, "free": 0}

    def check(game: Game) -> None:
        if game.step is None or game.step.kind != "place":
            return
        legal = game.legal_actions()
        fits = any(isinstance(a, Place) for a in legal)
        assert any(isinstance(a, Discard) for a in legal) == (not fits)
        assert sorted(space.numbers(game)) == sorted(space.legal(game))
        seen["free" if fits else "stuck"] += 1
        if fits:
            discard = Discard(seat=game.step.seat, domino=game.step.domino)
            with pytest.raises(IllegalActionError) as info:
                game.check(discard)
            assert info.value.rule == "base.forced_placement"

    for seed in range(12):
        play_random_game(engine, seed=seed, on_decision=check)
    assert seen["free"] > 100 and seen["stuck"] > 0
