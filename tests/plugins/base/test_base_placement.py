"""Placement rules of the base game (docs/rules/base.md, "Placement (connection rules)")."""

from __future__ import annotations

import pytest

from kingdomino_core import Claim, Direction, Discard, IllegalActionError, Place
from kingdomino_core.engine.steps import legal_placements
from kingdomino_core.saves.kingdom_text import format_kingdom
from kingdomino_core.testing import digest, make_engine, place_step_game

E, S, W, N = Direction.E, Direction.S, Direction.W, Direction.N


@pytest.fixture(scope="module")
def engine():
    return make_engine(["base"], 4)


def place(game, x, y, d):
    return Place(seat=game.current_seat, domino=game.step.domino, x=x, y=y, direction=d)


def refused(game, action) -> str:
    """Apply an illegal action: it raises, names a rule, and leaves the game unchanged."""
    before = digest(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert digest(game) == before
    assert game.explain(action) == info.value.message
    return info.value.rule


def test_castle_only_kingdom_offers_every_placement_touching_the_castle(engine) -> None:
    """Section 1: a square must touch the castle; 12 domino positions touch it, each in
    2 orientations for a two-faced domino, 1 for a domino with identical halves."""
    game = place_step_game(engine, 19)  # wheat+crown / forest
    assert len(legal_placements(game, 0, game.step.domino)) == 24
    game = place_step_game(engine, 1)  # wheat / wheat, identical halves
    assert len(legal_placements(game, 0, game.step.domino)) == 12


def test_rotation_decides_which_half_goes_where(engine) -> None:
    """Section 1: a domino may be rotated; the first half goes on (x, y)."""
    game = place_step_game(engine, 19)
    game.apply(place(game, 2, 0, W))  # wheat on (2, 0), forest on (1, 0) touching the castle
    assert format_kingdom(game.kingdoms[0], engine) == ["C F0 W1"]
    game = place_step_game(engine, 19)
    game.apply(place(game, 0, -1, N))
    assert format_kingdom(game.kingdoms[0], engine) == ["F0", "W1", "C"]


def test_kingdom_must_fit_in_5x5_castle_included(engine) -> None:
    """Section 1: the kingdom, castle square included, must fit in 5x5."""
    game = place_step_game(engine, 1, kingdom="W0 C W0 W0")
    assert refused(game, place(game, 3, 0, E)) == "base.within_size"  # would be 6 wide
    game.apply(place(game, 3, 0, S))  # 5 wide, 2 high: fits
    assert game.kingdoms[0].extent == (5, 2)


def test_frame_is_the_bounding_box_not_fixed_in_advance(engine) -> None:
    """Section 1: the 5x5 frame is the bounding box of what is placed, not fixed."""
    east = place_step_game(engine, 1, kingdom="C W0 W0 W0")
    west = place_step_game(engine, 1, kingdom="W0 W0 W0 C")
    xs_east = {p.x for p in legal_placements(east, 0, east.step.domino)}
    xs_west = {p.x for p in legal_placements(west, 0, west.step.domino)}
    assert max(xs_east) == 4 and min(xs_east) == -1
    assert min(xs_west) == -4 and max(xs_west) == 1


def test_castle_need_not_be_central(engine) -> None:
    """Section 1: a corner castle; the kingdom may grow 4 squares east and south of it."""
    text = """
        C  W0 W0 W0 .
        W0 .  .  .  .
        W0 .  .  .  .
        W0 .  .  .  .
    """
    game = place_step_game(engine, 1, kingdom=text)
    game.apply(place(game, 0, 4, E))
    assert game.kingdoms[0].extent == (4, 5)
    assert game.kingdoms[0].minx == 0 and game.kingdoms[0].miny == 0


def test_domino_is_placed_whole_and_never_overlaps(engine) -> None:
    """Section 1: both squares are placed, on free squares (not the castle, not a square)."""
    game = place_step_game(engine, 1, kingdom="C W0")
    assert refused(game, place(game, 1, 0, E)) == "core.free"
    assert refused(game, place(game, -1, 0, E)) == "core.free"  # second half on the castle
    game.apply(place(game, 2, 0, E))
    assert game.kingdoms[0].squares == 3  # castle excluded: 1 + both new squares


def test_squares_off_the_board_are_refused(engine) -> None:
    """Section 1: a square 5 or more squares from the castle can never be in its 5x5."""
    game = place_step_game(engine, 1)
    assert refused(game, place(game, 4, 0, E)) == "core.on_board"  # second half at x=5
    assert refused(game, place(game, 7, 0, E)) == "core.on_board"


def test_must_touch_the_castle_or_the_same_terrain_orthogonally(engine) -> None:
    """Section 1: at least one square touches the castle or a square of its terrain."""
    game = place_step_game(engine, 14, kingdom="C F0 .\n. . .")  # wheat / lake
    assert refused(game, place(game, 2, 0, E)) == "base.connects"  # touches forest only
    assert refused(game, place(game, 2, 1, E)) == "base.connects"  # diagonal to forest
    game.apply(place(game, 0, 1, E))  # wheat below the castle: touches the castle
    assert game.kingdoms[0].squares == 3


def test_second_half_may_make_the_connection(engine) -> None:
    """Section 1: either square may make the connection."""
    game = place_step_game(engine, 14, kingdom="C L0")  # wheat / lake
    game.apply(place(game, 3, 0, W))  # wheat touches nothing, its lake touches the lake
    assert format_kingdom(game.kingdoms[0], engine) == ["C L0 L0 W0"]


def test_other_neighbours_need_not_match(engine) -> None:
    """Section 1: once one square matches, the other neighbours may be anything."""
    text = """
        C  W0 M0
        .  .  F0
        .  .  S0
    """
    game = place_step_game(engine, 14, kingdom=text)  # wheat / lake
    # Wheat (1, 1) touches the wheat above and a forest; the lake (1, 2) touches a swamp.
    game.apply(place(game, 1, 1, S))
    assert game.kingdoms[0].squares == 6


def test_mismatched_neighbours_alone_do_not_connect(engine) -> None:
    """Section 1: touching only other terrains is not enough."""
    text = """
        C  F0 .
        .  S0 .
    """
    game = place_step_game(engine, 14, kingdom=text)  # wheat / lake
    assert refused(game, place(game, 2, 0, S)) == "base.connects"


def test_discard_only_when_nothing_fits_and_the_player_still_picks(engine) -> None:
    """Section 1: no legal placement: the domino is discarded; a discarding player picks."""
    full = """
        W0 W0 W0 W0 W0
        W0 W0 W0 W0 W0
        W0 W0 C  W0 W0
        W0 W0 W0 W0 W0
        W0 W0 W0 W0 .
    """
    game = place_step_game(engine, 1, kingdom=full)
    assert game.legal_actions() == [Discard(seat=0, domino=game.step.domino)]
    assert refused(game, place(game, 2, 2, N)) == "core.free"  # onto a square
    game.apply(Discard(seat=0, domino=game.step.domino))
    assert game.kingdoms[0].discards == [(0, game.log[-1].domino)]
    assert game.kingdoms[0].squares == 23
    assert game.step.kind == "claim" and game.current_seat == 0
    assert all(isinstance(a, Claim) for a in game.legal_actions())


def test_no_voluntary_discard_when_a_placement_exists(engine) -> None:
    """Section 1: if a legal placement exists the domino must be placed."""
    almost = """
        W0 W0 W0 W0 W0
        W0 W0 W0 W0 W0
        W0 W0 C  W0 W0
        W0 W0 W0 W0 W0
        W0 W0 W0 .  .
    """
    game = place_step_game(engine, 1, kingdom=almost)
    discard = Discard(seat=0, domino=game.step.domino)
    assert discard not in game.legal_actions()
    assert refused(game, discard) == "base.forced_placement"
    assert game.legal_actions() == [place(game, 1, 2, E)]


def test_a_domino_fitting_only_by_the_size_limit_is_discarded(engine) -> None:
    """Section 1: a hole outside the 5x5 frame does not count as room."""
    text = """
        F0 F0 F0 F0 F0
        F0 F0 F0 F0 F0
        F0 F0 C  F0 F0
        F0 F0 F0 F0 F0
        F0 F0 F0 F0 F0
    """
    game = place_step_game(engine, 3, kingdom=text)  # forest / forest: would connect outside
    assert refused(game, place(game, 3, 0, E)) == "base.within_size"
    assert game.legal_actions() == [Discard(seat=0, domino=game.step.domino)]


def test_illegal_actions_name_their_rule(engine) -> None:
    """Illegal actions raise IllegalActionError naming the rule; the state is unchanged."""
    game = place_step_game(engine, 1, seat=0)  # domino 1 is the first of its line
    dom = game.step.domino
    assert refused(game, Place(seat=1, domino=dom, x=1, y=0, direction=E)) == "core.turn"
    other = game.line[1]
    assert refused(game, Place(seat=0, domino=other, x=1, y=0, direction=E)) == "core.domino"
    assert refused(game, Claim(seat=0, king=0, domino=game.next_line[0])) == "core.step"
    game.apply(place(game, 1, 0, E))
    # The claim step: a domino not in the new line, the wrong king, a taken domino.
    assert refused(game, Claim(seat=0, king=0, domino=game.line[1])) == "core.claim"
    assert refused(game, Claim(seat=1, king=1, domino=game.next_line[0])) == "core.turn"
    a_placement = Place(seat=game.current_seat, domino=game.line[0], x=2, y=0, direction=E)
    assert refused(game, a_placement) == "core.step"
    game.apply(Claim(seat=0, king=0, domino=game.next_line[0]))
    # The next king may not take the domino king 0 just took.
    while game.step.kind != "claim":
        game.apply(game.legal_actions()[0])
    taken = Claim(seat=game.current_seat, king=game.step.king, domino=game.next_line[0])
    assert refused(game, taken) == "core.claim"
