"""Base scoring and ranking (docs/rules/base.md, "Scoring"), with the worked examples
and the classic mistakes. Expected values are worked out by hand from the rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino_core import Direction, Place
from kingdomino_core.testing import (
    Property,
    make_engine,
    make_game,
    place_step_game,
    play_random_game,
    recount,
    set_kingdom,
)


@pytest.fixture(scope="module")
def engine():
    return make_engine(["base"], 2)


def sheet_of(engine, text):
    game = make_game(engine)
    set_kingdom(game, 0, text)
    sheet = game.score_sheet(0)
    assert sheet.total == sum(line.points for line in sheet.lines)
    return sheet


def props(sheet):
    return sorted((p.terrain, p.squares, p.crowns, p.points) for p in sheet.properties)


WORKED = """
    F1 F1 F0 W1 W0
    F0 F0 F0 W0 L0
    .  .  C  L0 L0
    .  .  .  L0 .
"""


def test_worked_example_seed_003(engine) -> None:
    """Section 1 worked example: 6 forests 2 crowns = 12; 3 wheat 1 crown = 3; 4 lakes
    without crown = 0; kingdom total 15."""
    sheet = sheet_of(engine, WORKED)
    assert props(sheet) == [("forest", 6, 2, 12), ("lake", 4, 0, 0), ("wheat", 3, 1, 3)]
    assert sheet.total == 15
    assert sheet.largest_property == 6 and sheet.crowns == 3


def test_worked_example_growing_a_forest_by_a_crownless_square(engine) -> None:
    """Section 1: 5 forests with 2 crowns (10) grown by one crownless forest become 12."""
    text = """
        F1 F1 F0
        F0 F0 C
    """
    game = place_step_game(make_engine(["base"], 4), 17, kingdom=text)  # forest / lake
    assert props(game.score_sheet(0)) == [("forest", 5, 2, 10)]
    # The forest half under the forests at (-1, 1), the lake half east of it.
    game.apply(Place(seat=0, domino=game.step.domino, x=-1, y=1, direction=Direction.E))
    assert props(game.score_sheet(0)) == [("forest", 6, 2, 12), ("lake", 1, 0, 0)]


def test_no_crowns_no_points(engine) -> None:
    """Section 1: a property without crowns scores nothing, whatever its size."""
    sheet = sheet_of(engine, "L0 L0 L0 L0\nL0 L0 L0 C")
    assert props(sheet) == [("lake", 7, 0, 0)] and sheet.total == 0


def test_diagonal_contact_does_not_connect(engine) -> None:
    """Section 1 / classic mistake: diagonal squares are two properties (1 + 1, not 2 x 2)."""
    sheet = sheet_of(engine, "F1 .\n.  F1\nC  .")
    assert props(sheet) == [("forest", 1, 1, 1), ("forest", 1, 1, 1)]
    assert sheet.total == 2


def test_castle_connects_nothing(engine) -> None:
    """Section 1 / classic mistake: the castle belongs to no property and joins none."""
    sheet = sheet_of(engine, "W1 C W1\n.  W0 .")
    # (-1,0) and (1,0) both touch the castle and (0,1) only touches the castle: three
    # separate wheat properties.
    assert props(sheet) == [("wheat", 1, 0, 0), ("wheat", 1, 1, 1), ("wheat", 1, 1, 1)]
    assert sheet.total == 2


def test_several_properties_of_one_terrain_score_separately(engine) -> None:
    """Section 1: two forests apart score 2x1 + 2x1 = 4, not 4x2 = 8."""
    sheet = sheet_of(engine, "F1 F0 C F1 F0")
    assert sheet.total == 4 and len(sheet.properties) == 2


def test_a_lone_crowned_square_scores(engine) -> None:
    """Classic mistake: one square with 2 crowns is a property worth 1 x 2 = 2."""
    assert sheet_of(engine, "C M2").total == 2


def test_corner_castle_scores_like_any_other(engine) -> None:
    """Classic mistake: a corner castle changes nothing to scoring."""
    text = """
        C  W1 W0 W0 W0
        F0 F1 L0 L0 W0
        F0 F0 L1 M2 M0
        S0 S0 G0 G2 G1
        S1 S0 G0 W0 W0
    """
    sheet = sheet_of(engine, text)
    assert props(sheet) == [
        ("forest", 4, 1, 4),
        ("grassland", 4, 3, 12),
        ("lake", 3, 1, 3),
        ("mine", 2, 2, 4),
        ("swamp", 4, 1, 4),
        ("wheat", 2, 0, 0),
        ("wheat", 5, 1, 5),
    ]
    assert sheet.total == 32


def test_a_one_terrain_domino_bridging_two_regions_merges_them() -> None:
    """Classic mistake: a forest/forest domino between two forests makes one property."""
    engine = make_engine(["base"], 4)
    game = place_step_game(engine, 3, kingdom="F1 . . F1\n.  C . .")  # forest / forest
    assert game.score_sheet(0).total == 2
    game.apply(Place(seat=0, domino=game.step.domino, x=0, y=-1, direction=Direction.E))
    assert props(game.score_sheet(0)) == [("forest", 4, 2, 8)]
    assert recount(game.kingdoms[0], engine) == [Property(terrain="forest", squares=4, crowns=2)]


def test_holes_and_discards_score_nothing() -> None:
    """Section 1: holes, the castle and discarded dominoes score nothing."""
    engine = make_engine(["base"], 4)
    game = place_step_game(engine, 48, kingdom="C M1")
    before = game.score_sheet(0).total
    game.kingdoms[0].discards.append((0, game.step.domino))  # a discard adds no square
    assert game.score_sheet(0).total == before == 1


# -- ranking ---------------------------------------------------------------------------


def ranked(texts, players=None, **options):
    game = make_game(["base"], players or len(texts), base=options)
    for i, text in enumerate(texts):
        set_kingdom(game, i, text)
    return game.ranking(), game


def test_highest_total_wins() -> None:
    """Section 1: the highest total wins."""
    ranking, game = ranked(["C F1 F1", "C F1"])
    assert ranking.places == ((0,), (1,)) and ranking.decided_by == ("total",)
    assert game.winners() == (0,)


def test_tie_broken_by_the_largest_property_crowned_or_not() -> None:
    """Section 1: a tie on points goes to the largest property, crowns or not."""
    ranking, _ = ranked(["C F1 F0", "C F1 F0\n. L0 L0\n. L0 L0"])
    assert ranking.places == ((1,), (0,)) and ranking.decided_by == ("largest_property",)


def test_then_by_most_crowns() -> None:
    """Section 1: then the most crowns in total (2 points and largest 2 each; 1 vs 2 crowns)."""
    ranking, _ = ranked(["C F1 F0", "C M2 . .\n. W0 W0 ."])
    # Kingdom 0: forest 2 squares 1 crown = 2. Kingdom 1: mine 1 x 2 = 2, wheat 2 squares.
    assert ranking.places == ((1,), (0,)) and ranking.decided_by == ("crowns",)


def test_then_a_shared_victory() -> None:
    """Section 1: equal on all three, the victory is shared."""
    ranking, game = ranked(["C F1 F0", "C W0 W1", "C M1"])
    assert ranking.places == ((0, 1), (2,)) and ranking.decided_by == ("total",)
    assert game.winners() == (0, 1)


def test_tiebreaks_are_an_option() -> None:
    """Section 1 tie-breaks as the `tiebreaks` option: none configured means shared."""
    ranking, _ = ranked(["C F1 F0", "C F1 F0\n. L0 L0\n. L0 L0"], tiebreaks=[])
    assert ranking.places == ((0, 1),)
    ranking, _ = ranked(["C F1 F0", "C M2 . .\n. W0 W0 ."], tiebreaks=["crowns"])
    assert ranking.places == ((1,), (0,)) and ranking.decided_by == ("crowns",)


@pytest.mark.parametrize("rules", [{}, {"middle_kingdom": True, "harmony": True}])
@given(seed=st.integers(0, 10_000), extra=st.lists(st.integers(0, 9), max_size=12))
@settings(max_examples=40, deadline=None)
def test_the_fast_total_equals_the_score_sheet(rules, seed, extra) -> None:
    """``score_total`` (what bots use) adds up exactly what the score sheet shows, with
    the printed crowns (0-3) and with more crowns on a square (Court buildings), which
    the fast total counts another way."""
    engine = make_engine(["base"], 2, base=rules)
    game = play_random_game(engine, seed=seed)
    for k, kingdom in enumerate(game.kingdoms):
        assert game.score_total(k) == game.score_sheet(k).total
        cells = [cell for cell, _, _ in kingdom.iter_squares()]
        for i, crowns in enumerate(extra):
            kingdom.set_crowns(cells[(seed + i * 7) % len(cells)], crowns)
        assert game.score_total(k) == game.score_sheet(k).total
