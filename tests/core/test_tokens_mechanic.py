"""Tokens riding on dominoes, ``kingdomino_core.mechanics.tokens`` (issue 11 item 6).

The rule it carries, for The Court (docs/rules/court.md: "each crownless square
producing a resource gets a token of it" when a line is laid out; I-C5 when a finite
supply runs out) and Origins (docs/rules/origins.md: resources on the new line's
crownless squares, moved into the kingdom with the domino). Tested through the
public API and through both plugins over seeded games.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from kd_court.state import RESOURCE_LAYER, CourtState
from kd_court.tiles import court_data
from kd_origins.data import RESOURCE_OF_TERRAIN
from kd_origins.state import RESOURCE, STATE, OriginsState

from kingdomino_core import Direction, Game, Place
from kingdomino_core.mechanics import line_tokens, put_tokens
from kingdomino_core.testing import make_engine

COURT = make_engine("court", 2)
TRIBE = make_engine(["origins"], 2, origins={"mode": "tribe"})


def laid_out(seed: int) -> Game:
    """A Court game whose first lines are on the table."""
    game = COURT.new_game(seed=seed)
    game.play_chance()
    assert game.next_line
    return game


def expected(game: Game, domino, of_terrain) -> tuple:  # type: ignore[no-untyped-def]
    """The rule read directly: crownless squares of a producing terrain get its token."""
    return tuple(
        None if s.crowns else of_terrain.get(s.terrain) for s in game.domino(domino).domino.squares
    )


def test_crownless_producing_squares_get_their_terrains_token() -> None:
    game = laid_out(3)
    of_terrain = court_data().resource_of_terrain
    for domino in (*game.line, *game.next_line):
        assert line_tokens(game, domino, of_terrain) == expected(game, domino, of_terrain)


def test_a_refused_token_is_not_laid_and_take_is_asked_once_per_token() -> None:
    """I-C5 ``discard``: a supply that ran out lays no token; ``take`` sees each one."""
    game = laid_out(4)
    of_terrain = court_data().resource_of_terrain
    for domino in game.next_line:
        asked: list[str] = []

        def refuse(resource: str, asked: list[str] = asked) -> bool:
            asked.append(resource)
            return False

        assert line_tokens(game, domino, of_terrain, refuse) == (None, None)
        assert asked == [r for r in expected(game, domino, of_terrain) if r is not None]


def test_put_tokens_lays_each_token_on_the_square_its_half_covers() -> None:
    game = laid_out(5)
    kingdom = game.kingdoms[0]
    action = Place(seat=0, domino=game.next_line[0], x=1, y=0, direction=Direction.E)
    put_tokens(kingdom, "test.tokens", action, ("wheat", None))
    layer = kingdom.layer("test.tokens")
    assert layer == {kingdom.board.cell(1, 0): "wheat"}
    put_tokens(kingdom, "test.tokens", action, (None, "wood"))
    assert layer[kingdom.board.cell(*action.second)] == "wood"
    assert len(layer) == 2


def play_until_placed(game: Game, rng: random.Random):  # type: ignore[no-untyped-def]
    """Play randomly up to a placement of a domino that carries tokens; apply it."""
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        action = rng.choice(game.legal_actions())
        seat = game.step.seat if game.step else -1
        tokens = on_domino(game, action.domino) if isinstance(action, Place) else None
        game.apply(action)
        if tokens and tokens != (None, None):
            return seat, action, tokens
    return None


def on_domino(game: Game, domino):  # type: ignore[no-untyped-def]
    state = game.ext.get(STATE)
    if isinstance(state, OriginsState):
        return state.market.get(domino)
    court = game.ext["court"]
    assert isinstance(court, CourtState)
    return court.on_dominoes.get(domino)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), tribe=st.booleans())
def test_both_plugins_move_a_placed_dominos_tokens_onto_its_squares(seed: int, tribe: bool) -> None:
    engine = TRIBE if tribe else COURT
    layer = RESOURCE if tribe else RESOURCE_LAYER
    of_terrain = RESOURCE_OF_TERRAIN if tribe else court_data().resource_of_terrain
    rng = random.Random(seed)
    game = engine.new_game(seed=seed)
    found = play_until_placed(game, rng)
    assert found is not None, "every game places a domino carrying tokens"
    seat, action, tokens = found
    assert tokens == expected(game, action.domino, of_terrain)
    kingdom = game.kingdom_of(seat)
    board = kingdom.board
    laid = kingdom.layer(layer)
    for (x, y), token in zip(((action.x, action.y), action.second), tokens, strict=True):
        if token is not None:
            assert laid.get(board.cell(x, y)) == token
    assert on_domino(game, action.domino) is None
