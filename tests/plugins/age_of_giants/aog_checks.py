"""Helpers shared by the Age of Giants tests: engines, scripted situations and an
independent recount that reads only the printed dominoes and the giants layer."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import attrs
from kd_age_of_giants.dominoes import giant_id

from kingdomino_core import Action, DominoId, Engine, Game, Place
from kingdomino_core.testing import make_engine, place_step_game

AOG = ["base", "quests", "age_of_giants"]
GIANT_A = giant_id("A")


@cache
def _engine(players: int, options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]) -> Engine:
    tables = {plugin: dict(items) for plugin, items in options}
    return make_engine("age-of-giants", players, **tables)


def aog(players: int = 4, **options: dict[str, Any]) -> Engine:
    """An Age of Giants engine (cached per player count and options)."""
    key = tuple(
        sorted(
            (p, tuple(sorted((k, _hashable(v)) for k, v in t.items()))) for p, t in options.items()
        )
    )
    return _engine(players, key)


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def placed(engine: Engine, domino: DominoId | int, kingdom: str, seat: int = 0) -> Game:
    """``seat`` has just placed ``domino`` (its first legal placement) in ``kingdom``."""
    game = place_step_game(engine, domino, seat=seat, kingdom=kingdom)
    place = next(a for a in game.legal_actions() if isinstance(a, Place))
    game.apply(place)
    return game


def giants_of(game: Game, kingdom: int) -> dict[int, int]:
    return dict(game.kingdoms[kingdom].layers.get("giants", {}))


def giants_in_play(game: Game) -> int:
    st = game.ext["age_of_giants"]
    return (
        st.supply
        + st.travelling
        + sum(sum(giants_of(game, k).values()) for k in range(len(game.kingdoms)))
    )


def from_supply(game: Game) -> None:
    """Take the giants of kingdoms set from text out of the supply (text does not)."""
    st = game.ext["age_of_giants"]
    standing = sum(sum(giants_of(game, k).values()) for k in range(len(game.kingdoms)))
    game.ext["age_of_giants"] = attrs.evolve(st, supply=6 - standing - st.travelling)


def printed_crowns(game: Game, kingdom: int) -> dict[int, int]:
    """Crowns printed on every placed square of ``kingdom``, by cell, from the dominoes."""
    found = {}
    for _seat, domino, first, second in game.kingdoms[kingdom].placements:
        a, b = game.domino(domino).domino.squares
        found[first] = a.crowns
        found[second] = b.crowns
    return found


def recount_properties(game: Game, kingdom: int) -> int:
    """Property points by flood fill: printed crowns minus one per giant.

    Squares placed in play are read from their printed dominoes; squares of a
    kingdom set from text (no placements) from the text's crowns plus its giants.
    """
    k = game.kingdoms[kingdom]
    board = k.board
    giants = giants_of(game, kingdom)
    terrain: dict[int, int] = {}
    printed: dict[int, int] = {}
    for cell in range(board.cells):
        if k.terrain_at[cell] >= 0:
            terrain[cell] = k.terrain_at[cell]
            printed[cell] = k.crowns_at[cell] + giants.get(cell, 0)
    for _seat, domino, first_cell, second in k.placements:
        played = game.domino(domino)
        a, b = played.domino.squares
        terrain[first_cell], terrain[second] = played.terrain_a, played.terrain_b
        printed[first_cell], printed[second] = a.crowns, b.crowns
    crowns = Counter(printed)
    for cell, n in giants.items():
        if cell != board.castle:
            crowns[cell] -= n
    seen: set[int] = set()
    total = 0
    for start in terrain:
        if start in seen:
            continue
        region, todo = [], [start]
        seen.add(start)
        while todo:
            cell = todo.pop()
            region.append(cell)
            x, y = board.xy(cell)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if not board.on_board(x + dx, y + dy):
                    continue
                other = board.cell(x + dx, y + dy)
                if other not in seen and terrain.get(other) == terrain[start]:
                    seen.add(other)
                    todo.append(other)
        total += len(region) * sum(crowns[c] for c in region)
    return total


def first(actions: list[Action], kind: type) -> Action:
    return next(a for a in actions if isinstance(a, kind))
