"""Volcanoes and fire (docs/rules/origins.md "Volcanoes"; docs/rules/origins.md; I-O2, I-O9)."""

from __future__ import annotations

import pytest
from kd_origins.fire import FireLost, FireThrow, Volcanoes
from origins_checks import cell, fire_step, origins, position

from kingdomino_core import Claim, IllegalActionError, Place
from kingdomino_core.testing import ScriptedChance, digest

#: docs/rules/origins.md: 1 crater throws up to 3 squares, 2 up to 2, 3 exactly 1.
REACH = {1: 3, 2: 2, 3: 1}

DESERT_WITH_VOLCANO = """
D0 D0 D0 D0 D0
D0 D0 D0 D0 D0
D0 D0 C  D0 D0
D0 D0 D0 D0 D0
V0+craters={c} D0 D0 D0 D0
"""
VOLCANO = (-2, 2)


def targets(game, seat=0):
    return {
        (a.tx, a.ty) for a in game.legal_actions() if isinstance(a, FireThrow) and a.seat == seat
    }


@pytest.mark.parametrize("craters", [1, 2, 3])
def test_fire_reach_is_the_king_move_distance_of_the_craters(craters: int) -> None:
    """Each crater count throws within its Chebyshev reach, diagonals included; not the
    volcano itself, not the starting tile (I-O2)."""
    game = position(origins(), DESERT_WITH_VOLCANO.format(c=craters))
    fire_step(game, 0, VOLCANO)
    vx, vy = VOLCANO
    expected = {
        (x, y)
        for x in range(-2, 3)
        for y in range(-2, 3)
        if 1 <= max(abs(x - vx), abs(y - vy)) <= REACH[craters] and (x, y) != (0, 0)
    }
    assert targets(game) == expected


@pytest.mark.parametrize("craters", [1, 2, 3])
def test_a_throw_beyond_reach_is_refused_and_changes_nothing(craters: int) -> None:
    game = position(origins(), DESERT_WITH_VOLCANO.format(c=craters))
    fire_step(game, 0, VOLCANO)
    too_far = (VOLCANO[0] + REACH[craters] + 1, VOLCANO[1])
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(FireThrow(seat=0, x=-2, y=2, tx=too_far[0], ty=too_far[1]))
    assert err.value.rule == "origins.fire_reach"
    assert f"{REACH[craters] + 1} squares" in err.value.message
    assert digest(game) == before


FORBIDDEN = """
D0           D1 V0+craters=1
D0           C  D2+fire=2
V0+craters=3 .  D0
"""


@pytest.mark.parametrize(
    ("target", "rule"),
    [
        ((-1, 1), "origins.fire_on_volcano"),  # another volcano
        ((0, -1), "origins.fire_on_fire"),  # printed fire icon
        ((1, 0), "origins.fire_on_fire"),  # a fire token
        ((0, 1), "origins.fire_outside"),  # an empty square of the grid
        ((5, 5), "origins.fire_outside"),  # off the board altogether
        ((0, 0), "origins.fire_start_tile"),  # I-O2
    ],
)
def test_forbidden_landing_squares_are_refused_with_their_rule(target, rule) -> None:
    game = fire_step(position(origins(), FORBIDDEN), 0, (1, -1))
    assert targets(game) == {(-1, -1), (-1, 0), (1, 1)}
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(FireThrow(seat=0, x=1, y=-1, tx=target[0], ty=target[1]))
    assert err.value.rule == rule
    assert digest(game) == before


def test_fire_never_lands_on_another_volcano() -> None:
    text = "V0+craters=2 V0+craters=1 D0\nC D0 D0"
    game = fire_step(position(origins(), text), 0, (0, -1))
    assert targets(game) == {(2, -1), (1, 0), (2, 0)}


def test_start_tile_allowed_by_option_i_o2() -> None:
    game = position(origins(fire_on_start_tile=True), DESERT_WITH_VOLCANO.format(c=1))
    fire_step(game, 0, VOLCANO)
    assert (0, 0) in targets(game)
    game.apply(FireThrow(seat=0, x=-2, y=2, tx=0, ty=0))
    assert game.kingdom_of(0).layers["origins.fire"] == {cell(game, 0, 0, 0): 1}


def test_no_legal_square_discards_the_token() -> None:
    """docs/rules/origins.md: no legal square: the token is discarded (a single forced choice)."""
    text = "V0+craters=3 D1\nD2 C"
    game = fire_step(position(origins(), text), 0, (-1, -1))
    assert game.legal_actions() == [FireLost(seat=0, x=-1, y=-1)]
    game.apply(FireLost(seat=0, x=-1, y=-1))
    state = game.ext["origins"]
    assert state.fire_discarded == {3: 1} and state.fire_taken == {3: 1}
    assert "origins.fire" not in game.kingdom_of(0).layers


def test_discarding_a_token_that_has_a_square_is_refused() -> None:
    game = fire_step(position(origins(), DESERT_WITH_VOLCANO.format(c=1)), 0, VOLCANO)
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(FireLost(seat=0, x=-2, y=2))
    assert err.value.rule == "origins.fire_must_throw"
    assert digest(game) == before


def test_a_throw_from_a_square_with_no_pending_volcano_is_refused() -> None:
    game = fire_step(position(origins(), DESERT_WITH_VOLCANO.format(c=1)), 0, VOLCANO)
    with pytest.raises(IllegalActionError) as err:
        game.apply(FireThrow(seat=0, x=1, y=1, tx=2, ty=2))
    assert err.value.rule == "origins.fire_volcano"


def test_the_token_adds_its_fire_to_the_region_score() -> None:
    """Regions score squares x fire icons, printed plus tokens (docs/rules/origins.md)."""
    text = "J1 J0 J0\nC D0 V0+craters=2"
    game = fire_step(position(origins(), text), 0, (2, 0))
    before = {p.terrain: p.points for p in game.score_sheet(0).properties}
    assert before == {"jungle": 3 * 1, "desert": 0}
    game.apply(FireThrow(seat=0, x=2, y=0, tx=1, ty=-1))
    after = {p.terrain: (p.squares, p.crowns, p.points) for p in game.score_sheet(0).properties}
    assert after == {"jungle": (3, 3, 9), "desert": (1, 0, 0)}


def test_a_volcano_region_never_scores() -> None:
    text = "V0+craters=1 V0+craters=2\nC D1"
    game = position(origins(), text)
    sheet = game.score_sheet(0)
    assert [p.terrain for p in sheet.properties] == ["desert"]
    assert sheet.total == 1


def _play_until_volcano_placed(engine, script):
    game = script.new_game(engine, seed=3)
    while True:
        step = game.step
        if step.kind == "place" and game.domino(step.domino).domino.squares[0].terrain == "volcano":
            place = next(a for a in game.legal_actions() if isinstance(a, Place))
            game.apply(place)
            return game, step
        game.apply(game.legal_actions()[0])
        script.advance(game)


def test_placing_a_volcano_domino_asks_for_the_throw_before_the_claim() -> None:
    """'Straight after placing a domino with a volcano' (docs/rules/origins.md)."""
    engine = origins(4)
    script = ScriptedChance(dominoes=[[48, 1, 2, 3], [4, 5, 6, 7]], kings=[0, 1, 2, 3])
    game, placed = _play_until_volcano_placed(engine, script)
    assert game.step.kind == "origins.fire" and game.step.seat == placed.seat
    throws = game.legal_actions()
    assert throws and all(isinstance(a, FireThrow) for a in throws)
    game.apply(throws[0])
    assert game.step.kind == "claim" and game.step.seat == placed.seat
    assert isinstance(game.legal_actions()[0], Claim)
    layer = game.kingdom_of(placed.seat).layers["origins.fire"]
    assert list(layer.values()) == [3]  # 48 is the 3-crater volcano: a 3-fire token


TWO_VOLCANOES = "V0+craters=1 V0+craters=2\nD0 C"


def test_two_volcanoes_resolve_one_at_a_time_in_the_players_order_i_o9() -> None:
    game = fire_step(position(origins(), TWO_VOLCANOES), 0, (-1, -1), (0, -1))
    sources = {(a.x, a.y) for a in game.legal_actions()}
    assert sources == {(-1, -1), (0, -1)}
    game.apply(FireThrow(seat=0, x=0, y=-1, tx=-1, ty=0))  # the 2-crater one first
    assert game.step.kind == "origins.fire" and game.step.data == Volcanoes(squares=((-1, -1),))
    # The only square in reach is now burning: the 1-crater token is lost.
    assert game.legal_actions() == [FireLost(seat=0, x=-1, y=-1)]


def test_two_volcanoes_in_printed_order_by_option() -> None:
    game = fire_step(
        position(origins(volcano_order="printed"), TWO_VOLCANOES), 0, (-1, -1), (0, -1)
    )
    assert {(a.x, a.y) for a in game.legal_actions()} == {(-1, -1)}
    with pytest.raises(IllegalActionError) as err:
        game.apply(FireThrow(seat=0, x=0, y=-1, tx=-1, ty=0))
    assert err.value.rule == "origins.fire_volcano"
