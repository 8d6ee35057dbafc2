"""The testing kit itself (``kingdomino_core.testing``, issue 8): its helpers work, and
each conformance check fails on a plugin that breaks the invariant it guards."""

from __future__ import annotations

import itertools

import pytest

from kingdomino_core import (
    DominoId,
    IllegalActionError,
    PlacementRule,
    Reveal,
    ScoreLine,
    default_catalogue,
    hookimpl,
)
from kingdomino_core.testing import (
    Property,
    ScriptedChance,
    check_placement_consistency,
    conformance,
    digest,
    game_with_draws,
    kingdom_from_text,
    make_engine,
    make_game,
    place_step_game,
    play_random_game,
    recount,
)


def catalogue_with(*plugins):
    catalogue = default_catalogue().copy()
    for plugin in plugins:
        catalogue.add_module(plugin, plugin.NAME)
    return catalogue


# -- helpers ------------------------------------------------------------------------------


def test_make_engine_accepts_plugins_rulesets_and_options() -> None:
    """One line builds an engine from plugin names, a ruleset name, and option tables."""
    assert make_engine(["base"], 3).config.players == 3
    assert make_engine("base", 2).config.kingdom_size == 5
    assert make_engine(["base"], 2, base={"dynasty": True}).config.games == 3
    assert make_game(["base", "grand_duel"], 2, seed=3).seed == 3


def test_recount_scores_by_its_own_flood_fill() -> None:
    """recount finds properties from the cells: diagonal squares stay apart."""
    engine = make_engine(["base"], 2)
    kingdom = kingdom_from_text(engine, "F1 . W2\n. F1 W0\nC . .")
    assert recount(kingdom, engine) == [
        Property(terrain="forest", squares=1, crowns=1),
        Property(terrain="forest", squares=1, crowns=1),
        Property(terrain="wheat", squares=2, crowns=2),
    ]
    assert [p.points for p in recount(kingdom, engine)] == [1, 1, 4]


def test_scripted_chance_draws_what_it_is_told() -> None:
    """ScriptedChance applies the scripted reveals and king draws, then the generator."""
    engine = make_engine(["base"], 4)
    script = ScriptedChance(dominoes=[[48, 1, 30, 7], [2, 3, 4, 5]], kings=[3, 1])
    game = script.new_game(engine)
    assert game.next_line == [DominoId(number=n) for n in (1, 7, 30, 48)]
    assert game.step.king == 3
    game.apply(game.legal_actions()[0])
    script.advance(game)
    assert game.step.king == 1
    game.apply(game.legal_actions()[0])
    script.advance(game)  # kings 0 and 2 in the generator's order
    assert game.step.king in (0, 2)


def test_scripted_chance_refuses_impossible_draws_and_can_be_strict() -> None:
    """A scripted draw goes through apply: one not in the pile is refused."""
    engine = make_engine(["base"], 4)
    with pytest.raises(IllegalActionError, match=r"core\.reveal"):
        game_with_draws(engine, dominoes=[5, 5])
    with pytest.raises(IllegalActionError, match="no scripted outcome"):
        ScriptedChance(dominoes=[1], strict=True).new_game(engine)


def test_place_step_game_puts_the_domino_before_the_seat() -> None:
    engine = make_engine(["base"], 3)
    game = place_step_game(engine, 45, seat=2, kingdom="C M1")
    assert game.step.kind == "place" and game.current_seat == 2
    assert game.step.domino == DominoId(number=45)
    assert game.kingdoms[2].squares == 1


def test_digest_sees_every_change() -> None:
    """digest() changes with any action, and not without one."""
    engine = make_engine(["base"], 2)
    game = engine.new_game(seed=1)
    seen = {digest(game)}
    while not game.is_terminal():
        before = digest(game)
        assert digest(game) == before
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
        seen.add(digest(game))
    assert len(seen) == len(game.log) + 1


def test_conformance_passes_for_the_shipped_base_rulesets() -> None:
    for players in (2, 3, 4):
        report = conformance(["base"], players, seeds=range(2))
        assert report.ok and report.games == 2, report.problems


# -- each check can fail ----------------------------------------------------------------


class WrongScore:
    """Reports a forest property that is not there."""

    NAME = "wrong_score"

    @hookimpl
    def kd_score_kingdom(self, game, kingdom):
        return [ScoreLine(kind="property", name="x", terrain="forest", squares=1, points=0)]


class NoSizeLimit:
    """Removes the 5x5 limit but leaves the configured size at 5."""

    NAME = "no_size_limit"

    @hookimpl
    def kd_register_rules(self, rules):
        rules.remove("base.within_size")


class NotColumnOne(PlacementRule):
    """A rule whose mask allows everything while its check refuses column x = 1."""

    id = "test.not_column_one"

    def allowed(self, game, kingdom, domino, direction):
        return kingdom.board.valid

    def check(self, game, kingdom, domino, first, second):
        if 1 in (kingdom.board.xy(first)[0], kingdom.board.xy(second)[0]):
            return "column 1 is forbidden"
        return None


class LyingMask:
    NAME = "lying_mask"

    @hookimpl
    def kd_register_rules(self, rules):
        rules.add_placement_rule(NotColumnOne())


_calls = itertools.count()


class Nondeterministic:
    """Orders some lines by a process-wide counter: same seed, different games."""

    NAME = "nondeterministic"

    @hookimpl
    def kd_order_line(self, dominoes):
        return list(reversed(sorted(dominoes))) if next(_calls) % 5 == 0 else None


class LeakyState:
    """A mutable state slice copied by reference: clones share it."""

    NAME = "leaky"

    @hookimpl
    def kd_register_rules(self, rules):
        rules.add_state("leaky", list, copy=lambda v: v)  # a "copy" that shares the list

    @hookimpl
    def kd_after_place(self, game, seat):
        game.ext["leaky"].append(seat)


@pytest.mark.parametrize(
    ("plugin", "players", "expected"),
    [
        (WrongScore, 2, "reported properties"),
        (NoSizeLimit, 4, "more than 5x5"),
        (LyingMask, 2, "legal list and rule checks differ"),
        (Nondeterministic, 4, "the same seed gave a different log"),
        (LeakyState, 2, "playing on a clone changed the original"),
    ],
)
def test_conformance_catches_a_broken_plugin(plugin, players, expected) -> None:
    engine = make_engine(["base", plugin.NAME], players, catalogue=catalogue_with(plugin()))
    report = conformance(engine, seeds=range(3))
    assert not report.ok
    assert any(expected in p for p in report.problems), report.problems
    with pytest.raises(AssertionError, match=expected):
        report.raise_for_problems()


def test_placement_consistency_catches_a_lying_mask_at_once() -> None:
    engine = make_engine(["base", "lying_mask"], 2, catalogue=catalogue_with(LyingMask()))
    game = place_step_game(engine, 13)
    problems = check_placement_consistency(game)
    assert len(problems) == 1 and "only listed" in problems[0]


def test_every_drawn_domino_is_accounted_for() -> None:
    """A plugin that loses a placed domino's record is caught."""

    class Forgetful:
        NAME = "forgetful"

        @hookimpl
        def kd_after_place(self, game, seat, action):
            kingdom = game.kingdom_of(seat)
            if len(kingdom.placements) == 3:
                kingdom.placements.pop()

    engine = make_engine(["base", "forgetful"], 4, catalogue=catalogue_with(Forgetful()))
    report = conformance(engine, seeds=range(1), placements=False)
    assert any("left play without being placed" in p for p in report.problems), report.problems
    assert any("squares for" in p for p in report.problems)


def test_play_random_game_reaches_the_end_and_reveals_every_domino() -> None:
    game = play_random_game(make_engine(["base"], 4), seed=2, agent_seed=9)
    assert game.is_terminal()
    assert sum(isinstance(a, Reveal) for a in game.log) == 48
