"""The joker example (examples/joker): a placement rule replacing ``base.connects``.

Checked against the base game's own rule object: over whole games, every placement
the base game allows is still allowed, and every extra one involves a joker square.
"""

from __future__ import annotations

import random

from example_support import JOKER
from hypothesis import given, settings
from hypothesis import strategies as st
from kd_base.api import Connects

from kingdomino_core import Direction, Game, Place
from kingdomino_core.engine.steps import placement_violations
from kingdomino_core.testing import (
    conformance,
    make_engine,
    place_step_game,
    play_random_game,
    random_choice,
)

BASE_CONNECTS = Connects()
ENGINES = {n: make_engine(str(JOKER), n) for n in (2, 3, 4)}


def compare_with_base(game: Game) -> tuple[int, list[str]]:
    """At a place step: (extra placements the joker allows, problems found)."""
    step = game.step
    assert step is not None and step.domino is not None
    kingdom = game.kingdom_of(step.seat)
    board = kingdom.board
    dom = game.domino(step.domino)
    joker = game.engine.registry.terrain_index("joker")
    jokers = kingdom.terrain_masks[joker]
    extra, problems = 0, []
    for cell in range(board.cells):
        if not board.valid >> cell & 1:
            continue
        x, y = board.xy(cell)
        for d in Direction:
            place = Place(seat=step.seat, domino=step.domino, x=x, y=y, direction=d)
            found = placement_violations(game, place)
            if any(rule != "base.connects" for rule, _ in found):
                continue  # off the board, overlapping or too wide: not our business
            joker_ok = not found
            first, second = cell, board.cell(*place.second)
            base_ok = BASE_CONNECTS.check(game, kingdom, dom, first, second) is None
            if base_ok and not joker_ok:
                problems.append(f"{place.describe()}: legal in the base game, refused")
            if joker_ok and not base_ok:
                extra += 1
                near = board.neighbours[first] | board.neighbours[second]
                if joker not in (dom.terrain_a, dom.terrain_b) and not near & jokers:
                    problems.append(f"{place.describe()}: allowed without any joker")
    return extra, problems


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_joker_only_adds_placements_that_involve_a_joker(seed: int, players: int) -> None:
    """docs/rules/base.md placement, loosened only where a joker square is involved."""
    problems: list[str] = []

    def check(game: Game) -> None:
        if game.step is not None and game.step.kind == "place":
            problems.extend(compare_with_base(game)[1])

    play_random_game(ENGINES[players], seed, on_decision=check)
    assert problems == []


def test_jokers_are_drawn_placed_and_widen_the_choice() -> None:
    """Over whole 4-player games (all 52 dominoes but 4 drawn) jokers get placed, and
    some decisions have placements the base rule would refuse."""
    engine = ENGINES[4]
    joker = engine.registry.terrain_index("joker")
    placed_jokers = widened = 0
    for seed in range(4):
        game = engine.new_game(seed=seed)
        choose = random_choice(random.Random(seed))
        while not game.is_terminal():
            if game.is_chance():
                game.resolve_chance()
                continue
            if game.step is not None and game.step.kind == "place":
                widened += compare_with_base(game)[0] > 0
            game.apply(choose(game))
        placed_jokers += sum(k.terrain_masks[joker].bit_count() for k in game.kingdoms)
    assert placed_jokers >= 4
    assert widened >= 1


def test_a_placement_refused_by_the_base_rule_is_legal_with_a_joker() -> None:
    game = place_step_game(ENGINES[2], 50, kingdom="C W0 W0")  # 50: joker | forest 1
    place = Place(seat=0, domino=game.step.domino, x=2, y=1, direction=Direction.E)  # type: ignore[union-attr]
    kingdom, dom = game.kingdom_of(0), game.domino(place.domino)
    board = kingdom.board
    first, second = board.cell(2, 1), board.cell(3, 1)
    assert BASE_CONNECTS.check(game, kingdom, dom, first, second) is not None
    assert place in game.legal_actions()


def test_greedy_bots_play_the_joker_ruleset() -> None:
    """Issue 7: bots work in every ruleset, this one included."""
    from kingdomino_core.engine.agents import installed_agents

    engine = ENGINES[3]
    agents = [installed_agents().make("greedy", random.Random(i)) for i in range(3)]
    game = engine.new_game(seed=5)
    game.play(lambda g: agents[g.current_seat or 0].act(g))
    assert all(s.total == game.score_total(s.kingdom) for s in game.scores())


def test_conformance_with_every_player_count() -> None:
    for players, engine in ENGINES.items():
        report = conformance(engine, seeds=range(2))
        assert report.problems == [], players
