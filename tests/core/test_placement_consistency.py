"""The fast bit-mask legal placement list equals a brute-force enumeration of every cell
and direction filtered by ``placement_violations`` (minus symmetric duplicates), so
``legal_actions``, ``check`` and ``explain`` never disagree (docs/rules/base.md,
"Placement"; section 5: why a choice is illegal)."""

from __future__ import annotations

import random

import pytest

from kingdomino_core import DIRECTIONS, Place
from kingdomino_core.engine.steps import legal_placements
from kingdomino_core.testing import (
    brute_force_placements,
    check_placement_consistency,
    make_engine,
    place_step_game,
    play_random_game,
    set_kingdom,
)

TERRAINS = "WFLGSM"


def random_kingdom_text(rng: random.Random, size: int, fill: float) -> str:
    """A random grid up to size x size, castle anywhere, random squares and holes.

    Not necessarily a reachable kingdom: odd shapes test the masks harder.
    """
    width, height = rng.randint(1, size), rng.randint(1, size)
    cx, cy = rng.randrange(width), rng.randrange(height)
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            if (x, y) == (cx, cy):
                row.append("C")
            elif rng.random() < fill:
                row.append(f"{rng.choice(TERRAINS[:3])}{rng.choice('0001')}")
            else:
                row.append(".")
        rows.append(" ".join(row))
    return "\n".join(rows)


# Dominoes of every kind: identical halves (1), one terrain with a crown on one half
# (none in the base set has that, so 19: wheat+crown / forest), two terrains (13, 17),
# crowns on the second half (41), three crowns (48).
DOMINOES = [1, 3, 13, 17, 19, 41, 48]


@pytest.mark.parametrize(("plugins", "size"), [(["base"], 5), (["base", "grand_duel"], 7)])
def test_legal_list_equals_brute_force_on_random_kingdoms(plugins, size) -> None:
    """Random kingdoms of every shape: mask generator == per-placement rule checks."""
    engine = make_engine(plugins, 2)
    rng = random.Random(size)
    count = 100 if size == 5 else 40
    for number in DOMINOES:
        game = place_step_game(engine, number)
        for _ in range(count):
            text = random_kingdom_text(rng, size, rng.choice([0.2, 0.5, 0.8]))
            set_kingdom(game, 0, text)
            assert check_placement_consistency(game) == [], text


@pytest.mark.parametrize(
    ("plugins", "players", "options"),
    [
        (["base"], 2, {}),
        (["base"], 3, {}),
        (["base"], 4, {}),
        (["base"], 3, {"three_player_all_dominoes": True}),
        (["base", "grand_duel"], 2, {}),
    ],
)
def test_legal_list_equals_brute_force_in_random_games(plugins, players, options) -> None:
    """Every placement decision of random games: mask generator == rule checks."""
    engine = make_engine(plugins, players, base=options)
    checked = 0

    def check(game) -> None:
        nonlocal checked
        if game.step.kind == "place":
            checked += 1
            assert check_placement_consistency(game) == []

    for seed in range(2):
        play_random_game(engine, seed, on_decision=check)
    assert checked >= 2 * 24


def test_brute_force_sees_both_orientations_of_a_two_faced_domino() -> None:
    """The comparison is not vacuous: a two-faced domino next to a lone castle has 24
    placements, an identical-halves one 12 (hand count: 12 positions touch the castle)."""
    engine = make_engine(["base"], 4)
    game = place_step_game(engine, 13)
    assert len(brute_force_placements(game, 0, game.step.domino)) == 24
    assert len(legal_placements(game, 0, game.step.domino)) == 24
    game = place_step_game(engine, 1)
    assert len(brute_force_placements(game, 0, game.step.domino)) == 12
    assert len(legal_placements(game, 0, game.step.domino)) == 12


def test_explain_agrees_with_the_legal_list_for_every_candidate() -> None:
    """explain() is None exactly for listed placements (every cell, every direction)."""
    engine = make_engine(["base"], 4)
    game = place_step_game(engine, 19, kingdom="W0 W0 C F0\n.  L1 . F0\n. . . .")
    listed = set(legal_placements(game, 0, game.step.domino))
    for y in range(-4, 5):
        for x in range(-4, 5):
            for d in DIRECTIONS:
                action = Place(seat=0, domino=game.step.domino, x=x, y=y, direction=d)
                assert (game.explain(action) is None) == (action in listed), action


@pytest.mark.parametrize(("plugins", "players"), [(["base"], 4), (["base", "grand_duel"], 2)])
def test_sampled_action_equals_the_listed_one(plugins, players) -> None:
    """Game.sample_action(r) (random players' fast path) is legal_actions()[int(r * n)]."""
    engine = make_engine(plugins, players)
    rng = random.Random(1)

    def check(game) -> None:
        actions = game.legal_actions()
        for r in (0.0, rng.random(), rng.random(), 0.999999):
            assert game.sample_action(r) == actions[int(r * len(actions))]

    for seed in range(2):
        play_random_game(engine, seed, on_decision=check)
