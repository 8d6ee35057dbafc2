"""House rule "first block": the first kingdom to complete a 3x3 block of one
terrain scores +7.

A scoring rule whose state is carried across turns, shipped as a single file:
``first-block.toml`` beside it names it in ``plugin_files``.

The rule, as we play it:

* After every placement, if the placing kingdom now holds a 3x3 square of nine
  squares of one terrain (any terrain, crowns or not), and no kingdom has done so
  before in this game, that kingdom wins the block: +7 at the end (a ``bonus``
  score line, "first block").
* Only the first block counts, for one kingdom: later blocks, in that kingdom or
  another, score nothing. Teammates sharing a kingdom (Teamdomino) share it.
* Placements are played one at a time, so "first" is never a tie.
* Options: ``size`` (the block's side, 3) and ``points`` (7).

Why state: whether a kingdom holds a block can be seen at the end, but who was
first cannot; the winner is remembered in a state slice (``RuleBook.add_state``),
which the engine creates per game, shares between clones (it is frozen) and
rebuilds from the log.

Hooks used: ``kd_register_rules`` (the state slice and a fast score total),
``kd_after_place`` (spot the block), ``kd_score_kingdom`` (the bonus line),
``kd_validate`` (the options), ``kd_describe_game`` (a line for the displays).
"""

from __future__ import annotations

from functools import cache

from attrs import frozen

from kingdomino_core import (
    Board,
    Discard,
    Game,
    GameConfig,
    Place,
    Problem,
    Registry,
    RuleBook,
    ScoreLine,
    hookimpl,
)

NAME = "first_block"
HOOK_API = 1
REQUIRES = ("base",)


@frozen(kw_only=True)
class Options:
    """``[options.first_block]`` in a ruleset."""

    #: Side of the block (3 for 3x3).
    size: int = 3
    #: Points for the first kingdom to complete one.
    points: int = 7


@frozen(kw_only=True)
class Winner:
    """Who completed the first block."""

    #: The kingdom index.
    kingdom: int
    #: The block's terrain, by name.
    terrain: str
    #: How many dominoes the kingdom had placed then (for the displays).
    placed: int


@frozen(kw_only=True)
class State:
    """The state slice's value: frozen, so the engine shares it between clones and the
    plugin replaces it (never changes it) when the block is completed."""

    #: The first kingdom to complete a block, None until one does.
    winner: Winner | None = None


@cache
def blocks_through(board: Board, size: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the masks of every ``size x size`` block of the board holding it.

    Computed once per board size: a placement then checks only the blocks through
    its two new squares.
    """
    through: list[list[int]] = [[] for _ in range(board.cells)]
    last = board.reach - size + 1
    for top in range(-board.reach, last + 1):
        for left in range(-board.reach, last + 1):
            cells = [board.cell(left + i, top + j) for j in range(size) for i in range(size)]
            mask = sum(1 << c for c in cells)
            for c in cells:
                through[c].append(mask)
    return tuple(tuple(masks) for masks in through)


def completed_block(game: Game, kingdom_index: int, cells: tuple[int, ...], size: int) -> str:
    """The terrain of a ``size x size`` one-terrain block through ``cells``, or ""."""
    kingdom = game.kingdoms[kingdom_index]
    through = blocks_through(kingdom.board, size)
    for cell in cells:
        terrain = kingdom.terrain_at[cell]
        mask = kingdom.terrain_masks[terrain]
        for block in through[cell]:
            if block & mask == block:
                return game.engine.registry.terrains[terrain].name
    return ""


@hookimpl
def kd_register_rules(rules: RuleBook, config: GameConfig) -> None:
    rules.add_state(NAME, State)
    points = config.option(NAME, Options).points

    def total(game: Game, kingdom: int) -> int:
        winner = game.ext[NAME].winner
        return points if winner is not None and winner.kingdom == kingdom else 0

    rules.add_fast_scoring(total=total)


@hookimpl
def kd_after_place(game: Game, seat: int, action: Place | Discard) -> None:
    if game.ext[NAME].winner is not None or not isinstance(action, Place):
        return
    index = game.config.kingdom_of(seat)
    kingdom = game.kingdoms[index]
    _seat, _domino, first, second = kingdom.placements[-1]
    terrain = completed_block(game, index, (first, second), game.config.option(NAME, Options).size)
    if terrain:
        winner = Winner(kingdom=index, terrain=terrain, placed=len(kingdom.placements))
        game.ext[NAME] = State(winner=winner)


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine] | None:
    winner = game.ext[NAME].winner
    if winner is None or winner.kingdom != kingdom:
        return None
    points = game.config.option(NAME, Options).points
    return [ScoreLine(kind="bonus", name="first block", points=points, source=NAME)]


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[Problem | str]:
    size = config.option(NAME, Options).size
    if not 2 <= size <= config.kingdom_size:
        return [
            Problem.option("first_block", "size", f"must be 2 to {config.kingdom_size}, not {size}")
        ]
    return []


@hookimpl
def kd_describe_game(game: Game) -> list[str]:
    winner = game.ext[NAME].winner
    if winner is None:
        return ["first block: nobody yet"]
    return [f"first block: kingdom {winner.kingdom} ({winner.terrain}, domino {winner.placed})"]
