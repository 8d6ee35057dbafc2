"""Independent checks for The Court (docs/rules/court.md), shared by the court tests.

Nothing here calls the plugin's scoring or legality code: the tables below are
copied by hand from docs/rules/court.md, and the checks
read only the game's raw state (placements, layers, the plugin's counters).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from kd_bots.greedy import GreedyAgent
from kd_bots.random_agent import RandomAgent

from kingdomino_core import Action, Engine, Game, Pass, Reveal, Step
from kingdomino_core.model.kingdom import CASTLE, EMPTY

#: Terrain -> resource of its crownless squares (docs/rules/court.md; swamp and mine: none).
RESOURCE_OF = {"wheat": "wheat", "forest": "wood", "lake": "fish", "grassland": "sheep"}
KINDS = ("wheat", "wood", "fish", "sheep")

#: Character -> (base, per unit, unit) from docs/rules/court.md.
CHARACTERS: dict[str, tuple[int, int, str | None]] = {
    "farmer": (3, 3, "wheat"),
    "lumberjack": (3, 3, "wood"),
    "fisherman": (3, 3, "fish"),
    "shepherdess": (3, 3, "sheep"),
    "merchant": (2, 2, "token"),
    "king": (0, 1, "crown"),
    "queen": (2, 2, "character"),
    "captain": (1, 3, "warrior"),
    "axe_warrior": (3, 0, None),
    "sword_warrior": (3, 0, None),
    "light_archer": (4, 0, None),
    "heavy_archer": (4, 0, None),
}
WARRIORS = {"captain", "axe_warrior", "sword_warrior", "light_archer", "heavy_archer"}
#: Building -> (terrain, crowns, copies) from docs/rules/court.md.
BUILDINGS: dict[str, tuple[str, int, int]] = {
    "wheat_building_1": ("wheat", 1, 3),
    "forest_building_1": ("forest", 1, 3),
    "lake_building_1": ("lake", 1, 3),
    "grassland_building_1": ("grassland", 1, 1),
    "grassland_building_2": ("grassland", 2, 1),
    "swamp_building_1": ("swamp", 1, 1),
    "swamp_building_2": ("swamp", 2, 1),
}
FULL_SET = Counter({**{c: 1 for c in CHARACTERS}, **{b: v[2] for b, v in BUILDINGS.items()}})
AROUND = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def layers(game: Game, k: int) -> tuple[dict[int, str], dict[int, str]]:
    kingdom = game.kingdoms[k]
    return (
        dict(kingdom.layers.get("court.resource", {})),
        dict(kingdom.layers.get("court.tile", {})),
    )


def printed_squares(game: Game, k: int) -> dict[tuple[int, int], tuple[str, int]]:
    """(x, y) -> (terrain, printed crowns) rebuilt from the dominoes placed."""
    kingdom = game.kingdoms[k]
    xy = kingdom.board.xy
    out = {}
    for _seat, domino, first, second in kingdom.placements:
        a, b = game.domino(domino).domino.squares
        out[xy(first)] = (a.terrain, a.crowns)
        out[xy(second)] = (b.terrain, b.crowns)
    return out


def recount_total(
    game: Game, k: int, *, squares: dict[tuple[int, int], tuple[str, int]] | None = None
) -> tuple[int, dict[str, int]]:
    """Kingdom ``k``'s total and character points, by docs/rules/base.md and 3 from raw data.

    ``squares`` defaults to the squares rebuilt from the placed dominoes; pass the
    printed squares of a kingdom read from text.
    """
    kingdom = game.kingdoms[k]
    xy = kingdom.board.xy
    sq = printed_squares(game, k) if squares is None else squares
    res_cells, tile_cells = layers(game, k)
    res = {xy(c): r for c, r in res_cells.items()}
    tiles = {xy(c): t for c, t in tile_cells.items()}
    crowns = {p: c + (BUILDINGS[tiles[p]][1] if tiles.get(p) in BUILDINGS else 0)
              for p, (_t, c) in sq.items()}  # fmt: skip
    total = 0
    seen: set[tuple[int, int]] = set()
    for start in sorted(sq):
        if start in seen:
            continue
        seen.add(start)
        todo, size, found = [start], 0, 0
        while todo:
            x, y = todo.pop()
            size += 1
            found += crowns[(x, y)]
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in sq and n not in seen and sq[n][0] == sq[start][0]:
                    seen.add(n)
                    todo.append(n)
        total += size * found
    chars = {}
    for (x, y), t in sorted(tiles.items()):
        if t not in CHARACTERS:
            continue
        base, per, unit = CHARACTERS[t]
        n = 0
        for dx, dy in AROUND:
            p = (x + dx, y + dy)
            if unit in KINDS:
                n += res.get(p) == unit
            elif unit == "token":
                n += p in res
            elif unit == "crown":
                n += crowns.get(p, 0)
            elif unit == "character":
                n += tiles.get(p) in CHARACTERS
            elif unit == "warrior":
                n += tiles.get(p) in WARRIORS
        chars[f"{t} at {x},{y}"] = base + per * n
    return total + sum(chars.values()), chars


def tokens_of(game: Game, domino: Any) -> list[str | None]:
    """The tokens docs/rules/court.md puts on a domino when its line is laid out."""
    out: list[str | None] = []
    for square in game.domino(domino).domino.squares:
        out.append(None if square.crowns else RESOURCE_OF.get(square.terrain))
    return out


def invariant_problems(game: Game, *, from_log: bool = True) -> list[str]:
    """Conservation of tokens and tiles, and where tokens and tiles may lie.

    ``from_log``: also recount the tokens laid out from the dominoes drawn in the log
    (only right for a single game: a Dynasty log holds every game's draws).
    """
    st = game.ext["court"]
    problems = []
    # Each tile in exactly one place.
    placed: Counter[str] = Counter()
    for k in range(len(game.kingdoms)):
        placed.update(layers(game, k)[1].values())
    where = Counter(st.visible) + Counter(st.pile) + placed
    if where != FULL_SET:
        problems.append(f"tiles: {where} != {FULL_SET}")
    if len(st.visible) > 3:
        problems.append(f"{len(st.visible)} visible tiles")
    # Tokens: laid out = spent + in kingdoms + on dominoes outside kingdoms.
    laid_out: Counter[str] = Counter()
    if from_log:
        for action in game.log:
            if isinstance(action, Reveal):
                laid_out.update(t for t in tokens_of(game, action.domino) if t)
    else:
        laid_out.update(dict(zip(KINDS, st.laid_out, strict=True)))
    in_kingdoms: Counter[str] = Counter()
    for k in range(len(game.kingdoms)):
        in_kingdoms.update(layers(game, k)[0].values())
    on_dominoes: Counter[str] = Counter(t for ts in st.on_dominoes.values() for t in ts if t)
    spent = Counter(dict(zip(KINDS, st.spent, strict=True)))
    if dict(zip(KINDS, st.laid_out, strict=True)) != {r: laid_out[r] for r in KINDS}:
        problems.append(f"laid out {st.laid_out} but the lines held {laid_out}")
    if laid_out != spent + in_kingdoms + on_dominoes:
        problems.append(
            f"tokens not conserved: laid out {laid_out}, spent {spent}, "
            f"in kingdoms {in_kingdoms}, on dominoes {on_dominoes}"
        )
    # Tokens stay on dominoes outside kingdoms only on lines, discards, unpicked.
    outside = set(game.line) | set(game.next_line) | set(game.unpicked)
    for kingdom in game.kingdoms:
        outside.update(d for _s, d in kingdom.discards)
        placed_ids = {d for _s, d, _a, _b in kingdom.placements}
        stray = placed_ids & set(st.on_dominoes)
        if stray:
            problems.append(f"placed dominoes still carry tokens: {stray}")
    if not set(st.on_dominoes) <= outside:
        problems.append(f"tokens on dominoes that are nowhere: {set(st.on_dominoes) - outside}")
    # Where things lie in each kingdom.
    for k, kingdom in enumerate(game.kingdoms):
        sq = printed_squares(game, k)
        xy = kingdom.board.xy
        res, tiles = layers(game, k)
        if set(res) & set(tiles):
            problems.append(f"kingdom {k}: a token and a tile share a square")
        for cell, r in res.items():
            p = xy(cell)
            if p not in sq or sq[p][1] or RESOURCE_OF.get(sq[p][0]) != r:
                problems.append(f"kingdom {k}: {r} token on {sq.get(p)} at {p}")
        for cell, t in tiles.items():
            p = xy(cell)
            if kingdom.terrain_at[cell] in (EMPTY, CASTLE) or p not in sq or sq[p][1]:
                problems.append(f"kingdom {k}: {t} on a crowned or missing square {p}")
            elif t in BUILDINGS and sq[p][0] != BUILDINGS[t][0]:
                problems.append(f"kingdom {k}: {t} on {sq[p][0]} at {p}")
    return problems


def expected_buys(game: Game) -> set[tuple[str, str, int, int]]:
    """At a ``court.buy`` step: every legal purchase, worked out from docs/rules/court.md."""
    step = game.step
    assert step is not None and step.kind == "court.buy"
    k = game.config.kingdom_of(step.seat)
    kingdom = game.kingdoms[k]
    st = game.ext["court"]
    res, tiles = layers(game, k)
    kinds = set(res.values())
    sq = printed_squares(game, k) if kingdom.placements else None
    xy = kingdom.board.xy
    terrains = game.engine.registry.terrains
    free = []
    for cell in kingdom.board.cells_of(kingdom.occupied):
        t = kingdom.terrain_at[cell]
        if t == CASTLE or cell in tiles:
            continue
        printed = sq[xy(cell)][1] if sq is not None else kingdom.crowns_at[cell]
        if not printed:
            free.append((xy(cell), terrains[t].name))
    out = set()
    for source, offered, affordable in (
        ("visible", set(st.visible), len(kinds) >= 2),
        ("pile", set(st.pile), len(kinds) == 4),
    ):
        if not affordable:
            continue
        for tile in offered:
            for (x, y), terrain in free:
                if tile in BUILDINGS and BUILDINGS[tile][0] != terrain:
                    continue
                out.add((source, tile, x, y))
    return out


Chooser = Callable[[Game], Action]


def agents(kind: str, players: int, seed: int) -> list[Any]:
    cls = GreedyAgent if kind == "greedy" else RandomAgent
    return [cls(random.Random(seed * 31 + i)) for i in range(players)]


def play(
    engine: Engine,
    seed: int,
    kind: str = "random",
    *,
    on_decision: Callable[[Game], None] | None = None,
) -> Game:
    """Play a whole Court game: chance by the game's generator, seats by ``kind`` bots."""
    game: Game = engine.new_game(seed=seed)
    bots = agents(kind, engine.config.players, seed)
    for _ in range(100_000):
        if game.is_terminal():
            return game
        if game.is_chance():
            game.resolve_chance()
            continue
        if on_decision is not None:
            on_decision(game)
        seat = game.current_seat
        assert seat is not None
        game.apply(bots[seat].act(game))
    raise AssertionError("the game did not end")


def force_buy_step(game: Game, seat: int) -> None:
    """Make a ``court.buy`` decision for ``seat`` the next thing the game waits for."""
    game.insert_steps([Step(kind="court.buy", seat=seat, king=game.engine.king_owner.index(seat))])


def first_buy(game: Game) -> Action:
    """A chooser's pick: the first purchase listed, else pass (then pay first listed)."""
    actions = game.legal_actions()
    for a in actions:
        if not isinstance(a, Pass):
            return a
    return actions[0]
