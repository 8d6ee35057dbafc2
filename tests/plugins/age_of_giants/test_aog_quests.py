"""The 17 quest tiles, one test each, on hand-built kingdoms (docs/rules/age-of-giants.md).

Each test scores a kingdom written in the kingdom text format with the quest's own
function, and checks the points by hand from the tile's condition.
"""

from __future__ import annotations

import pytest
from kd_quests import context
from kd_quests.quests import all_quests, find, points
from kd_quests.scorers import folie_des_grandeurs

from kingdomino_core import DominoId, Engine
from kingdomino_core.testing import kingdom_from_text, make_engine

TERRAINS = ("wheat", "forest", "lake", "grassland", "swamp", "mine")


@pytest.fixture(scope="module")
def engine() -> Engine:
    return make_engine("age-of-giants", 4)


def score(engine: Engine, quest: str, text: str, **readings: object) -> int:
    kingdom = kingdom_from_text(engine, text)
    ctx = context(engine.config, engine.registry)
    if readings:
        import attrs

        ctx = attrs.evolve(ctx, **readings)
    found = find(quest)
    assert found is not None
    return points(found, kingdom, ctx)


def test_there_are_17_quests_with_their_printed_points() -> None:
    quests = all_quests()
    assert len(quests) == 17
    assert {q.points for q in quests.values() if q.kind == "local_business"} == {5}
    assert {q.points for q in quests.values() if q.kind == "four_corners"} == {5}
    assert [quests[q].points for q in ("harmony", "middle_kingdom", "lost_corner")] == [5, 10, 20]
    assert quests["folie_des_grandeurs"].points == 10
    assert quests["bleak_king"].points == 10
    # Six terrains each for Local Business and The Four Corners (not four).
    assert sorted(q.terrain for q in quests.values() if q.kind == "four_corners") == sorted(
        TERRAINS
    )
    assert find("Q15") == quests["lost_corner"]


# -- Local Business (6 tiles) -------------------------------------------------------------

AROUND_CASTLE = """
W0 F0 L0 W0
G0 C  S0 .
M0 W1 W0 .
"""
#: Squares of each terrain among the 8 around the castle (the W0 at 2,-1 is not).
AROUND_COUNTS = {"wheat": 3, "forest": 1, "lake": 1, "grassland": 1, "swamp": 1, "mine": 1}


@pytest.mark.parametrize("terrain", TERRAINS)
def test_local_business(engine: Engine, terrain: str) -> None:
    """+5 per square of the terrain among the 8 around the castle, diagonals included."""
    assert score(engine, f"local_business_{terrain}", AROUND_CASTLE) == 5 * AROUND_COUNTS[terrain]


def test_local_business_all_eight_squares(engine: Engine) -> None:
    text = """
    F0 F0 F0
    F0 C  F0
    F0 F0 F1
    """
    assert score(engine, "local_business_forest", text) == 40
    assert score(engine, "local_business_wheat", text) == 0


# -- The Four Corners (6 tiles) ------------------------------------------------------------

FULL = """
W0 F0 F0 L0 M0
G0 F0 L0 L0 S0
G0 G0 C  S0 S0
W0 G0 M1 M0 S0
W0 W0 W1 M0 M0
"""
CORNERS = {"wheat": 2, "forest": 0, "lake": 0, "grassland": 0, "swamp": 0, "mine": 2}


@pytest.mark.parametrize("terrain", TERRAINS)
def test_four_corners(engine: Engine, terrain: str) -> None:
    """+5 per corner square of the 5x5 with the terrain."""
    assert score(engine, f"four_corners_{terrain}", FULL) == 5 * CORNERS[terrain]


def test_four_corners_incomplete_kingdom_best_frame(engine: Engine) -> None:
    """I-G9: the best 5x5 frame holding the kingdom; an empty corner counts nothing."""
    wide = """
    C  W0 W0 W0 L0
    .  .  .  .  .
    L0 .  .  .  L0
    """
    # The frame whose bottom row is the kingdom's third row has both lakes as corners.
    assert score(engine, "four_corners_lake", wide) == 10
    small = """
    C  W0 .
    .  W0 .
    .  .  W0
    """
    assert score(engine, "four_corners_wheat", small) == 5


# -- the five single tiles -------------------------------------------------------------------


def test_harmony(engine: Engine) -> None:
    """+5 for a complete 5x5 kingdom with no discarded domino."""
    assert score(engine, "harmony", FULL) == 5
    assert score(engine, "harmony", AROUND_CASTLE) == 0
    kingdom = kingdom_from_text(engine, FULL)
    kingdom.discards.append((0, DominoId(number=12)))
    found = find("harmony")
    assert found is not None
    assert points(found, kingdom, context(engine.config, engine.registry)) == 0


def test_middle_kingdom(engine: Engine) -> None:
    """+10 with the castle at the centre; counts for an incomplete kingdom (I-G9)."""
    assert score(engine, "middle_kingdom", FULL) == 10
    assert score(engine, "middle_kingdom", AROUND_CASTLE) == 10  # within 2 of the castle
    off_centre = """
    C  W0 W0 W0 W0
    """
    assert score(engine, "middle_kingdom", off_centre) == 0


def test_lost_corner(engine: Engine) -> None:
    """+20 with the castle on a corner of the kingdom's frame."""
    assert score(engine, "lost_corner", FULL) == 0
    corner = """
    F0 F0 F0 F0 F0
    F0 F0 F0 F0 F0
    F0 F0 F0 F0 F0
    F0 F0 F0 F0 F0
    F0 F0 F0 F0 C
    """
    assert score(engine, "lost_corner", corner) == 20
    incomplete = """
    .  W0 W0
    W0 W0 C
    """
    assert score(engine, "lost_corner", incomplete) == 20  # a corner of its bounding box
    edge = """
    W0 C  W0
    """
    assert score(engine, "lost_corner", edge) == 0


def test_folie_des_grandeurs_lines(engine: Engine) -> None:
    """+10 per line of 3 adjacent crowned squares; terrains may differ."""
    three = """
    C  W1 F1 L2
    """
    assert score(engine, "folie_des_grandeurs", three) == 10
    four = """
    W1 F1 L1 M2
    C  .  .  .
    """
    assert score(engine, "folie_des_grandeurs", four) == 10  # a run of 4 holds one line
    diagonal = """
    W1 .  .
    .  C  .
    .  .  M1
    W1 .  .
    """
    # W1 at (-1,-1), castle, M1 at (1,1): the castle has no crown: no line.
    assert score(engine, "folie_des_grandeurs", diagonal) == 0
    real_diagonal = """
    C  W1 .  .
    .  .  F1 .
    .  .  .  L1
    """
    assert score(engine, "folie_des_grandeurs", real_diagonal) == 10


def test_folie_des_grandeurs_lines_sharing_a_square(engine: Engine) -> None:
    """Two counted lines share at most one square: a run of 5 is 2 lines; a cross is 2."""
    five = """
    W1 W1 W1 W1 W1
    .  .  C  .  .
    """
    assert score(engine, "folie_des_grandeurs", five) == 20
    cross = """
    .  W1 .
    W1 W1 W1
    .  W1 .
    .  C  .
    """
    assert score(engine, "folie_des_grandeurs", cross) == 20
    # The pure function agrees with the quest's points.
    assert folie_des_grandeurs(kingdom_from_text(engine, cross)) == 2


def test_folie_des_grandeurs_covered_crown(engine: Engine) -> None:
    """I-G7: a square whose only crown a giant covers has no crown (option: it has)."""
    covered = """
    C  W1 F0+giant L2
    """
    assert score(engine, "folie_des_grandeurs", covered) == 0
    assert score(engine, "folie_des_grandeurs", covered, folie_covered_crowns=True) == 10


def test_bleak_king(engine: Engine) -> None:
    """+10 per crownless wheat/forest/lake/grassland property of 5+ squares."""
    one = """
    W0 W0 W0 W0 W0
    .  .  C  .  .
    """
    assert score(engine, "bleak_king", one) == 10
    crowned = """
    W0 W0 W1 W0 W0
    .  .  C  .  .
    """
    assert score(engine, "bleak_king", crowned) == 0
    small = """
    W0 W0 W0 W0 .
    .  .  C  .  .
    """
    assert score(engine, "bleak_king", small) == 0
    swamp = """
    S0 S0 S0 S0 S0
    .  .  C  .  .
    """
    assert score(engine, "bleak_king", swamp) == 0  # swamps and mines never count
    two = """
    W0 W0 W0 W0 W0
    .  .  C  .  .
    F0 F0 F0 F0 F0
    """
    assert score(engine, "bleak_king", two) == 20


def test_bleak_king_large_property_counts_once(engine: Engine) -> None:
    """I-G10: a property of 10 squares still gives 10."""
    ten = """
    L0 L0 L0 L0 L0
    L0 L0 L0 L0 L0
    .  .  C  .  .
    """
    assert score(engine, "bleak_king", ten) == 10


def test_bleak_king_covered_crowns_count_as_none(engine: Engine) -> None:
    """A property whose every crown a giant covers is crownless (the card's ruling)."""
    covered = """
    W0 W0 W0+giant W0 W0
    .  .  C  .  .
    """
    assert score(engine, "bleak_king", covered) == 10
    half = """
    G0 G0 G1+giant G0 G0
    .  .  C  .  .
    """
    assert score(engine, "bleak_king", half) == 0  # a 2-crown square keeps one crown


def test_quests_use_the_7x7_frame_in_the_two_player_7x7_game() -> None:
    """I-G12: with the Grand Duel, corners and centre are those of the 7x7."""
    duel = make_engine(["base", "grand_duel", "quests", "age_of_giants"], 2)
    corner = "\n".join(["C  W0 W0 W0 W0 W0 W0", *[". " * 6 + "W0"] * 6])
    assert score(duel, "lost_corner", corner) == 20
    assert score(duel, "four_corners_wheat", corner) == 10  # (6,0) and (6,6); (0,6) is empty
    centred = "\n".join([".  .  .  W0 .  .  .", ".  .  .  W0 .  .  .", "W0 W0 W0 C  W0 W0 W0"])
    assert score(duel, "middle_kingdom", centred) == 10
    # The same 5-wide kingdom is off-centre in 5x5 terms only: 3 squares each side.
    assert score(make_engine("age-of-giants", 4), "middle_kingdom", "W0 W0 C  W0 W0") == 10
