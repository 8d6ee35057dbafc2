"""Independent checks: state digests, a flood-fill recount, placement consistency."""

from __future__ import annotations

import copy
import hashlib
from typing import Any

import attrs

from ..engine.engine import Engine
from ..engine.game import Game
from ..engine.steps import legal_placements, placement_violations
from ..model.actions import Discard, Place
from ..model.components import DominoId
from ..model.geometry import DIRECTIONS
from ..model.kingdom import CASTLE, EMPTY, Kingdom

# -- state digest ---------------------------------------------------------------------------


def _kingdom_state(k: Kingdom) -> tuple[Any, ...]:
    return (
        tuple(k.terrain_at),
        tuple(k.crowns_at),
        (k.minx, k.maxx, k.miny, k.maxy),
        tuple(sorted(k.regions)),
        tuple(k.placements),
        tuple(k.discards),
        tuple(sorted(k.marks.items())),
        tuple(sorted((n, tuple(sorted(v.items(), key=repr))) for n, v in k.layers.items())),
    )


@attrs.frozen(eq=False)
class Digest:
    """A fingerprint of a whole game state; equal digests, equal games.

    The engine's own state is hashed; plugin state slices are kept as their
    ``key`` values (``RuleBook.add_state``) and compared with ``==``, never by
    ``repr``: a slice whose repr shows less than its content cannot hide a change.
    """

    #: SHA-256 of the engine's own state.
    core: str
    #: ``(slice name, key(value))`` of every plugin state slice, by name.
    plugins: tuple[tuple[str, Any], ...]

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Digest) and self.core == other.core and self.plugins == other.plugins
        )

    def __hash__(self) -> int:
        return hash(self.core)

    def __str__(self) -> str:
        return self.core


def digest(game: Game) -> Digest:
    """A fingerprint of the whole game state: equal digests, equal games.

    Covers the generator state, kingdoms, pile, lines, kings, pending steps, log,
    match scores and plugin state (compared by each slice's ``key``). Compare it
    before and after an illegal action to prove the state is unchanged.
    """
    state = (
        game.seed,
        game.rng.getstate(),
        game.game_number,
        [_kingdom_state(k) for k in game.kingdoms],
        game.pile,
        game.pool,
        game.drawn,
        game.line,
        game.line_kings,
        game.next_line,
        game.next_kings,
        game.upcoming,
        game.lines_drawn,
        game.undrawn_kings,
        game.unpicked,
        game.pending,
        game.log,
        game.match_sheets,
    )
    slices = game.engine.rules.state
    # A deep copy: the digest must not change when the live state does later.
    plugins = tuple(
        (name, copy.deepcopy(slices[name].key(game.ext[name]))) for name in sorted(game.ext)
    )
    return Digest(core=hashlib.sha256(repr(state).encode()).hexdigest(), plugins=plugins)


# -- independent scoring ------------------------------------------------------------------


@attrs.frozen(kw_only=True, order=True)
class Property:
    """A property found by :func:`recount`."""

    #: The terrain's name.
    terrain: str
    #: Its number of squares.
    squares: int
    #: Its number of crowns.
    crowns: int

    @property
    def points(self) -> int:
        """Squares times crowns (the base game's property score)."""
        return self.squares * self.crowns


def recount(kingdom: Kingdom, engine: Engine) -> list[Property]:
    """The properties of ``kingdom``, found by a flood fill of its per-cell data.

    Uses only ``terrain_at`` and ``crowns_at`` with (x, y) coordinates (not the bit
    masks, not ``kingdom.regions``, not any plugin's scoring). Terrains registered
    with ``scores=False`` form no property. Sorted, so two lists compare directly.
    """
    board = kingdom.board
    terrains = engine.registry.terrains
    squares: dict[tuple[int, int], tuple[int, int]] = {}
    for cell in range(board.cells):
        t = kingdom.terrain_at[cell]
        if t in (EMPTY, CASTLE):
            continue
        squares[board.xy(cell)] = (t, kingdom.crowns_at[cell])
    seen: set[tuple[int, int]] = set()
    found = []
    for start in sorted(squares):
        if start in seen:
            continue
        terrain = squares[start][0]
        seen.add(start)
        todo, size, crowns = [start], 0, 0
        while todo:
            x, y = todo.pop()
            size += 1
            crowns += squares[(x, y)][1]
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt not in seen and nxt in squares and squares[nxt][0] == terrain:
                    seen.add(nxt)
                    todo.append(nxt)
        if terrains[terrain].scores:
            found.append(Property(terrain=terrains[terrain].name, squares=size, crowns=crowns))
    return sorted(found)


def reported_properties(sheet: Any) -> list[Property]:
    """The property lines of a score sheet as :class:`Property` values, sorted."""
    return sorted(
        Property(terrain=str(p.terrain), squares=p.squares, crowns=p.crowns)
        for p in sheet.properties
    )


def kingdom_problems(kingdom: Kingdom, engine: Engine) -> list[str]:
    """What is wrong with a kingdom's shape, from its per-cell data (empty if nothing)."""
    board = kingdom.board
    problems = []
    if kingdom.terrain_at[board.castle] != CASTLE:
        problems.append("the castle is missing from its square")
    cells = [board.xy(c) for c in range(board.cells) if kingdom.terrain_at[c] != EMPTY]
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if not board.fits(width, height):
        problems.append(
            f"the kingdom spans {width}x{height} (columns x rows), more than {board.shape_words}"
        )
    if (min(xs), max(xs), min(ys), max(ys)) != (
        kingdom.minx,
        kingdom.maxx,
        kingdom.miny,
        kingdom.maxy,
    ):
        problems.append("the kingdom's recorded bounding box differs from its squares")
    if len(cells) - 1 != 2 * len(kingdom.placements):
        problems.append(f"{len(cells) - 1} squares for {len(kingdom.placements)} dominoes placed")
    return problems


# -- placement consistency -----------------------------------------------------------------


def _canonical(place: Place, symmetric: bool) -> tuple[Any, ...]:
    """A placement as the set of (cell, half) it fills; a symmetric domino's halves match."""
    second = place.second
    if symmetric:
        return (frozenset({(place.x, place.y), second}),)
    return ((place.x, place.y), second)


def brute_force_placements(game: Game, seat: int, domino: DominoId) -> set[tuple[Any, ...]]:
    """Every placement with no rule violation, tried cell by cell, direction by direction."""
    board = game.kingdom_of(seat).board
    symmetric = game.domino(domino).symmetric
    out = set()
    r = board.reach
    for y in range(-r, r + 1):
        for x in range(-r, r + 1):
            for d in DIRECTIONS:
                place = Place(seat=seat, domino=domino, x=x, y=y, direction=d)
                if not placement_violations(game, place):
                    out.add(_canonical(place, symmetric))
    return out


def check_placement_consistency(game: Game) -> list[str]:
    """At a ``place`` step: the fast legal list equals the brute-force one, no duplicates.

    So ``legal_actions``, ``check`` and ``explain`` never disagree.
    """
    step = game.step
    if step is None or step.kind != "place" or step.domino is None:
        return []
    fast = legal_placements(game, step.seat, step.domino)
    symmetric = game.domino(step.domino).symmetric
    fast_set = {_canonical(p, symmetric) for p in fast}
    problems = []
    if len(fast_set) != len(fast):
        problems.append(f"domino {step.domino}: the legal list repeats a placement")
    slow = brute_force_placements(game, step.seat, step.domino)
    if fast_set != slow:
        problems.append(
            f"domino {step.domino} for seat {step.seat}: legal list and rule checks differ: "
            f"only listed {sorted(fast_set - slow)[:3]}, only allowed {sorted(slow - fast_set)[:3]}"
        )
    discard = Discard(seat=step.seat, domino=step.domino)
    listed = discard in game.legal_actions()
    if listed != (game.explain(discard) is None):
        problems.append(f"domino {step.domino}: legal list and check disagree on discarding")
    return problems
