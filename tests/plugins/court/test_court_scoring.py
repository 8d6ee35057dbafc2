"""Court scoring against hand-computed kingdoms (docs/rules/court.md, I-C2, I-C7, I-C8).

Each kingdom is written in the kingdom text format; the expected points are worked
out by hand in the comments from the tile's printed formula (court_tiles.csv):
base + per unit x units on the 8 surrounding squares.
"""

from __future__ import annotations

import pytest

from kingdomino_core import Game
from kingdomino_core.testing import make_engine, recount, reported_properties, set_kingdom

_ENGINES: dict[tuple[tuple[str, object], ...], object] = {}


def scored(text: str, **court: object) -> Game:
    key = tuple(sorted(court.items()))
    if key not in _ENGINES:
        _ENGINES[key] = make_engine(["base", "court"], 2, court=dict(court))
    game: Game = _ENGINES[key].new_game(seed=0)  # type: ignore[attr-defined]
    set_kingdom(game, 0, text)
    return game


def characters(game: Game) -> dict[str, int]:
    return {
        line.name: line.points for line in game.score_sheet(0).lines if line.kind == "character"
    }


def properties(game: Game) -> list[tuple[str | None, int, int, int]]:
    return sorted(
        (p.terrain, p.squares, p.crowns, p.points) for p in game.score_sheet(0).properties
    )


# Castle at (0, 0) in the bottom-left; x grows east, y south.
FARMER = """
W0+wheat W0+wheat W0
W0+wheat G0+farmer F0+wood
C        W1       W0+wheat
"""


def test_farmer_counts_wheat_tokens_on_its_8_surrounding_squares() -> None:
    """Farmer at (1,-1): wheat tokens at (0,-2), (1,-2), (0,-1), (2,0) = 4, diagonals
    included; the wheat square without a token (2,-2), the crowned W1 and the wood
    token do not count. 3 + 3 x 4 = 15."""
    game = scored(FARMER)
    assert characters(game) == {"farmer at 1,-1": 15}


@pytest.mark.parametrize(
    ("character", "terrain", "token"),
    [
        ("lumberjack", "F", "wood"),
        ("fisherman", "L", "fish"),
        ("shepherdess", "G", "sheep"),
    ],
)
def test_resource_characters_count_their_own_token_only(
    character: str, terrain: str, token: str
) -> None:
    """3 + 3 per token of their kind around them (docs/rules/court.md); other tokens count 0.
    Here: 2 of their kind (one diagonal), a wheat token beside: 3 + 3 x 2 = 9."""
    t = f"{terrain}0+{token}"
    text = f"""
    {t}   W0+wheat    {terrain}0
    S0    M0+{character} {t}
    C     S0          S0
    """
    assert characters(scored(text)) == {f"{character} at 1,-1": 9}


def test_merchant_counts_every_resource_token() -> None:
    """Merchant: 2 + 2 per token of any kind. Tokens around (1,-1): wheat, wood, fish,
    sheep = 4 (the tile and the castle count nothing): 2 + 2 x 4 = 10."""
    text = """
    W0+wheat F0+wood    L0+fish
    G0+sheep S0+merchant M0+axe_warrior
    C        W0         S0
    """
    assert characters(scored(text))["merchant at 1,-1"] == 10


KING = """
W1 F2          W0
M3 G0+king     W1+building=1
C  L0+fish     S0
"""


def test_king_counts_printed_and_building_crowns_by_default_I_C7() -> None:
    """King: 1 per crown around (1,-1): W1 + F2 + W0 + M3 + the wheat building's 1
    (I-C7) + castle 0 + L0 + S0 = 7. Tokens do not count."""
    assert characters(scored(KING)) == {"king at 1,-1": 7}


def test_king_counts_printed_crowns_only_when_I_C7_is_off() -> None:
    """I-C7 alternative: the building's crown is left out: 1 + 2 + 3 = 6."""
    game = scored(KING, king_counts_building_crowns=False)
    assert characters(game) == {"king at 1,-1": 6}


def test_queen_counts_characters_warriors_included_buildings_not() -> None:
    """Queen: 2 + 2 per character. Around (1,-1): farmer, axe warrior (a warrior is a
    character), a building (not one), a token: 2 + 2 x 2 = 6."""
    text = """
    G0+farmer  W0         W0+building=1
    W0+wheat   S0+queen   M0
    C          S0+axe_warrior S0
    """
    assert characters(scored(text))["queen at 1,-1"] == 6


def test_captain_counts_warrior_tiles_around_it() -> None:
    """Captain: 1 + 3 per warrior. Around (1,-1): axe warrior, light archer (warriors),
    the queen (not a warrior), a building: 1 + 3 x 2 = 7. The Captain is itself a
    warrior (it counts for the Queen), but its own square is not one of its 8."""
    text = """
    S0+axe_warrior S0+queen   W0+building=1
    M0             S0+captain M0
    C              S0         S0+light_archer
    """
    points = characters(scored(text))
    assert points["captain at 1,-1"] == 7
    # Queen at (1,-2): captain, axe warrior around (both characters) -> 2 + 2 x 2 = 6.
    assert points["queen at 1,-2"] == 6


@pytest.mark.parametrize(
    ("warrior", "points"),
    [("axe_warrior", 3), ("sword_warrior", 3), ("light_archer", 4), ("heavy_archer", 4)],
)
def test_warriors_score_their_fixed_points_whatever_surrounds_them(
    warrior: str, points: int
) -> None:
    """Axe and sword warriors 3, archers 4 (court_tiles.csv), tokens and crowns around
    them notwithstanding."""
    text = f"""
    W0+wheat W1 F0+wood
    L0+fish  S0+{warrior} G0+sheep
    C        M2 G0+king
    """
    assert characters(scored(text))[f"{warrior} at 1,-1"] == points


def test_neighbours_off_the_edge_of_the_board_count_nothing() -> None:
    """A farmer in the far corner of the board (4 squares from the castle both ways):
    5 of its 8 neighbours are off the board. Wheat tokens on the 3 that exist:
    3 + 3 x 3 = 12."""
    text = """
    G0+farmer W0+wheat .  .  .
    W0+wheat  W0+wheat .  .  .
    .         .        .  .  .
    .         .        .  .  .
    .         .        .  .  C
    """
    assert characters(scored(text)) == {"farmer at -4,-4": 12}


def test_neighbours_outside_the_kingdom_and_the_castle_count_nothing() -> None:
    """A merchant beside the castle at the kingdom's west edge: the squares west of it
    are empty, the castle holds no token, the wood token two squares east is not a
    neighbour. One wheat token below it: 2 + 2 x 1 = 4."""
    text = """
    G0+merchant C  F0+wood
    W0+wheat    .  .
    """
    assert characters(scored(text)) == {"merchant at -1,0": 4}


def test_building_crowns_count_in_their_property_I_C2() -> None:
    """A wheat building on a crownless wheat square: the 3-square wheat property has
    the building's crown: 3 x 1 = 3. It still counts as wheat and joins the squares
    on both sides of it."""
    game = scored("C W0 W1+building=1 W0")
    assert properties(game) == [("wheat", 3, 1, 3)]
    assert game.score_sheet(0).total == 3


def test_two_crown_building_adds_to_printed_crowns_and_the_crown_tie_break() -> None:
    """Grassland: G1 printed + a 2-crown building = 3 crowns over 3 squares = 9; the
    crowns tie-break (I-C9: the host game's) sees all 3."""
    game = scored("C G0 G2+building=2 G1")
    assert properties(game) == [("grassland", 3, 3, 9)]
    assert game.score_sheet(0).crowns == 3
    assert recount(game.kingdoms[0], game.engine) == reported_properties(game.score_sheet(0))


def test_buildings_score_nothing_by_themselves() -> None:
    """A building in a property with no other crowns gives squares x its crowns and no
    separate line: the sheet has only the property."""
    game = scored("C S0 S1+building=1")
    assert [line.kind for line in game.score_sheet(0).lines] == ["property"]
    assert game.score_sheet(0).total == 2


def test_leftover_resources_score_nothing_I_C8() -> None:
    """Three tokens and no character: the sheet is the properties alone (0 points)."""
    game = scored("C W0+wheat W0+wheat F0+wood")
    assert game.score_sheet(0).total == 0
    assert game.score_sheet(0).others == ()


def test_leftover_resources_score_the_option_points_I_C8() -> None:
    """I-C8 as an option: 1 point per leftover token gives 3."""
    game = scored("C W0+wheat W0+wheat F0+wood", leftover_resource_points=1)
    assert [(line.kind, line.points) for line in game.score_sheet(0).others] == [("resources", 3)]


def test_score_breakdown_names_each_character_and_totals_add_up() -> None:
    """The sheet lists each character by name and square; the total adds properties
    and characters."""
    text = """
    W1        W0+wheat    F0+lumberjack
    C         W0+farmer   F0+wood
    """
    game = scored(text)
    # Wheat property: (0,-1) W1, (1,-1) W0, (1,0) W0 -> 3 squares x 1 crown = 3.
    # Forest property: (2,-1), (2,0) no crown -> 0.
    # Farmer at (1,0): wheat token at (1,-1) -> 3 + 3 = 6.
    # Lumberjack at (2,-1): wood token at (2,0) -> 3 + 3 = 6.
    assert characters(game) == {"lumberjack at 2,-1": 6, "farmer at 1,0": 6}
    assert game.score_sheet(0).total == 3 + 6 + 6
    assert game.score_total(0) == 15
    assert game.score_sheet(0).as_dict()["other"] == [
        {"kind": "character", "name": "lumberjack at 2,-1", "points": 6},
        {"kind": "character", "name": "farmer at 1,0", "points": 6},
    ]
