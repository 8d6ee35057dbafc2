"""Shared helpers for the Origins tests: engines, crafted positions, independent recounts.

The recounts here re-derive everything from the rules text (docs/rules/origins.md):
squares come from the dominoes placed (``kingdom.placements`` and the printed
squares), fire tokens, resources and cro-magnons from what lies on the squares;
regions are found by a flood fill over (x, y) coordinates. No Origins scoring code
is used.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from kd_origins.fire import Volcanoes
from kd_origins.tribe import CaveDraw

from kingdomino_core import Action, Engine, Game, Step
from kingdomino_core.mechanics import Choosing
from kingdomino_core.model.kingdom import CASTLE, EMPTY, Kingdom
from kingdomino_core.testing import make_engine, set_kingdom

FIRE = "origins.fire"
RESOURCE = "origins.resource"
CAVEMAN = "origins.caveman"

#: From origins_fire_tokens.csv, restated: craters -> (fire, min reach, max reach, supply).
TOKENS = {1: (1, 1, 3, 5), 2: (2, 1, 2, 4), 3: (3, 1, 1, 1)}
#: From docs/rules/origins.md/2.5: resource of each terrain, supply and totem points.
RESOURCE_OF = {"grassland": "mammoth", "lake": "fish", "jungle": "mushroom", "quarry": "flint"}
SUPPLY = {"mammoth": 16, "fish": 13, "mushroom": 11, "flint": 9}
TOTEM_POINTS = {"mammoth": 3, "fish": 4, "mushroom": 5, "flint": 6}
#: From origins_cavemen.csv: id -> (count, power, points per unit, unit).
CAVEMEN = {
    "hunter": (2, 0, 3, "mammoth"),
    "fishing_child": (2, 0, 3, "fish"),
    "gatherer": (2, 0, 4, "mushroom"),
    "sculptor": (2, 0, 5, "flint"),
    "painter": (2, 0, 2, "resource"),
    "fire_lady": (2, 0, 1, "fire"),
    "shaman": (2, 0, 2, "caveman"),
    "small_warrior": (4, 1, 0, "horde"),
    "amazon": (3, 2, 0, "horde"),
    "oafish_warrior": (1, 3, 0, "horde"),
}


def origins(players: int = 4, mode: str = "discovery", **options: Any) -> Engine:
    return make_engine(["origins"], players, origins={"mode": mode, **options})


def position(engine: Engine, text: str, seat: int = 0, seed: int = 0) -> Game:
    """A new game (advanced to its first decision) with seat's kingdom replaced by ``text``."""
    game: Game = engine.new_game(seed=seed)
    game.play_chance()
    set_kingdom(game, game.config.kingdom_of(seat), text)
    return game


def fire_step(game: Game, seat: int, *volcanoes: tuple[int, int]) -> Game:
    """Make the game wait for ``seat`` to throw the tokens of these volcanoes."""
    data = Volcanoes(squares=tuple(volcanoes))
    game.insert_steps([Step(kind="origins.fire", seat=seat, data=data)])
    return game


def cell(game: Game, seat: int, x: int, y: int) -> int:
    return game.kingdom_of(seat).board.cell(x, y)


# -- Tribe positions ------------------------------------------------------------------------

RICH = """
G0+res=mammoth L0+res=fish     J0+res=mushroom
C              Q0+res=flint    D0
V0+craters=1   D1              G0+res=mammoth
"""


def tribe_game(text: str, visible=("hunter", "amazon", "shaman", "painter"), **options):
    """A 4-player Tribe game with the cave showing ``visible`` and seat 0's kingdom ``text``."""
    game: Game = origins(4, "tribe", **options).new_game(seed=5)
    wanted = list(visible)
    while game.is_chance():
        if game.step.kind == "origins.cave_draw" and wanted:
            game.apply(CaveDraw(caveman=wanted.pop(0)))
        else:
            game.resolve_chance()
    set_kingdom(game, 0, text)
    return game


def recruit_step(game, seat: int = 0, recruits: int = 1):
    game.insert_steps([Step(kind="origins.recruit", seat=seat, data=Choosing(purchases=recruits))])
    return game


# -- independent recount ------------------------------------------------------------------


def printed_squares(game: Game, kingdom: Kingdom) -> dict[tuple[int, int], tuple[str, int, int]]:
    """(x, y) -> (terrain, printed fire, craters) from the dominoes placed."""
    board = kingdom.board
    out = {}
    for _seat, domino, first, second in kingdom.placements:
        a, b = game.domino(domino).domino.squares
        for c, sq in ((first, a), (second, b)):
            out[board.xy(c)] = (sq.terrain, sq.crowns, sq.mark("craters"))
    return out


def squares_of(game: Game, kingdom: Kingdom) -> dict[tuple[int, int], tuple[str, int]]:
    """(x, y) -> (terrain, printed fire); from the placements, or the cells of a text kingdom."""
    if kingdom.placements:
        return {xy: (t, f) for xy, (t, f, _) in printed_squares(game, kingdom).items()}
    board = kingdom.board
    terrains = game.engine.registry.terrains
    tokens = kingdom.layers.get(FIRE, {})
    out = {}
    for c in range(board.cells):
        t = kingdom.terrain_at[c]
        if t not in (EMPTY, CASTLE):
            out[board.xy(c)] = (terrains[t].name, kingdom.crowns_at[c] - tokens.get(c, 0))
    return out


def regions(game: Game, kingdom: Kingdom) -> list[tuple[str, int, int]]:
    """(terrain, squares, fire) of every non-volcano region, by flood fill."""
    board = kingdom.board
    tokens = {board.xy(c): v for c, v in kingdom.layers.get(FIRE, {}).items()}
    squares = squares_of(game, kingdom)
    seen: set[tuple[int, int]] = set()
    out = []
    for start in sorted(squares):
        if start in seen:
            continue
        terrain = squares[start][0]
        seen.add(start)
        todo, size, fire = [start], 0, 0
        while todo:
            x, y = todo.pop()
            size += 1
            fire += squares[(x, y)][1] + tokens.get((x, y), 0)
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt not in seen and nxt in squares and squares[nxt][0] == terrain:
                    seen.add(nxt)
                    todo.append(nxt)
        if terrain != "volcano":
            out.append((terrain, size, fire))
    return sorted(out)


def caveman_points(game: Game, kingdom: Kingdom) -> int:
    board = kingdom.board
    people = {board.xy(c): v for c, v in kingdom.layers.get(CAVEMAN, {}).items()}
    res = {board.xy(c): v for c, v in kingdom.layers.get(RESOURCE, {}).items()}
    tokens = {board.xy(c): v for c, v in kingdom.layers.get(FIRE, {}).items()}
    squares = squares_of(game, kingdom)
    total = 0
    for (x, y), who in people.items():
        _count, _power, per, unit = CAVEMEN[who]
        if unit == "horde":
            continue
        around = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        for p in around:
            if unit == "fire":
                total += per * (squares.get(p, ("", 0))[1] + tokens.get(p, 0))
            elif unit == "caveman":
                total += per * (p in people)
            elif unit == "resource":
                total += per * (p in res)
            else:
                total += per * (res.get(p) == unit)
    warriors = {p for p, who in people.items() if CAVEMEN[who][3] == "horde"}
    seen: set[tuple[int, int]] = set()
    for start in sorted(warriors):
        if start in seen:
            continue
        seen.add(start)
        todo, members = [start], []
        while todo:
            x, y = todo.pop()
            members.append((x, y))
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt in warriors and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        total += len(members) * sum(CAVEMEN[people[m]][1] for m in members)
    return total


def recount_total(game: Game, index: int, mode: str) -> int:
    """A kingdom's total under docs/rules/origins.md, without the optional bonuses."""
    kingdom = game.kingdoms[index]
    total = sum(size * fire for _t, size, fire in regions(game, kingdom))
    if mode == "totem":
        total += len(kingdom.layers.get(RESOURCE, {}))
        for res, holder in game.ext["origins"].totems.items():
            if holder == index:
                total += TOTEM_POINTS[res]
    if mode == "tribe":
        total += caveman_points(game, kingdom)
    return total


# -- invariants -------------------------------------------------------------------------------


def fire_problems(game: Game, action: Action) -> list[str]:
    """Before a fire throw is applied: it lands in reach, on no volcano and no fire."""
    if action.kind != "origins.fire":
        return []
    kingdom = game.kingdom_of(action.seat)  # type: ignore[attr-defined]
    squares = printed_squares(game, kingdom)
    a: Any = action
    target = (a.tx, a.ty)
    problems = []
    if target not in squares:
        problems.append(f"fire thrown onto {target}, not a domino square")
        return problems
    terrain, printed, _ = squares[target]
    craters = squares[(a.x, a.y)][2]
    if terrain == "volcano":
        problems.append(f"fire thrown onto the volcano at {target}")
    if printed or kingdom.layers.get(FIRE, {}).get(kingdom.board.cell(*target)):
        problems.append(f"fire thrown onto burning square {target}")
    dist = max(abs(a.tx - a.x), abs(a.ty - a.y))
    _fire, lo, hi, _ = TOKENS[craters]
    if not lo <= dist <= hi:
        problems.append(f"fire thrown {dist} squares from a {craters}-crater volcano")
    return problems


def ledger_problems(game: Game, mode: str) -> list[str]:
    """Fire tokens, resources and cro-magnons are conserved (call between decisions)."""
    state = game.ext["origins"]
    problems = []
    step = game.step
    pending: Counter[int] = Counter()
    for s in game.pending:
        if s.kind == "origins.fire":
            squares = printed_squares(game, game.kingdom_of(s.seat))
            pending.update(squares[xy][2] for xy in s.payload(Volcanoes).squares)
    on_board: Counter[int] = Counter()
    volcanoes: Counter[int] = Counter()
    res_board: Counter[str] = Counter()
    people: Counter[str] = Counter()
    for k in game.kingdoms:
        squares = printed_squares(game, k)
        board = k.board
        for c, v in k.layers.get(FIRE, {}).items():
            on_board[v] += 1
            t, printed, _ = squares[board.xy(c)]
            if t == "volcano" or printed or k.crowns_at[c] != v:
                problems.append(f"fire token {v} on {t} with printed fire {printed}")
        for c, r in k.layers.get(RESOURCE, {}).items():
            res_board[r] += 1
            t, printed, _ = squares.get(board.xy(c), ("?", 0, 0))
            if RESOURCE_OF.get(t) != r or printed or c in k.layers.get(FIRE, {}):
                problems.append(f"{r} on {t} (printed fire {printed}) or on a fire token")
        for c, who in k.layers.get(CAVEMAN, {}).items():
            people[who] += 1
            if k.crowns_at[c] or c in k.layers.get(RESOURCE, {}) or c == board.castle:
                problems.append(f"{who} on a square with fire or a resource, or the castle")
        for t, _printed, craters in squares.values():
            if t == "volcano":
                volcanoes[craters] += 1
    for craters, (fire, _lo, _hi, supply) in TOKENS.items():
        taken = state.fire_taken.get(craters, 0)
        if taken != on_board[fire] + state.fire_discarded.get(craters, 0):
            problems.append(f"{craters}-crater tokens: taken {taken} != on board + discarded")
        if taken + pending[craters] != volcanoes[craters]:
            problems.append(
                f"{craters}-crater tokens taken {taken} + pending {pending[craters]}, "
                f"volcanoes {volcanoes[craters]}"
            )
        if taken > supply:
            problems.append(f"{taken} {craters}-crater tokens taken from a supply of {supply}")
    if mode != "discovery":
        laid: Counter[str] = Counter()
        revealed = [a.domino for a in game.log if a.kind == "reveal"]  # type: ignore[attr-defined]
        for d in revealed:
            for sq in game.domino(d).domino.squares:
                if not sq.crowns and sq.terrain in RESOURCE_OF:
                    laid[RESOURCE_OF[sq.terrain]] += 1
        # Resources go on a line once it is complete: drop a line still being drawn.
        for d in game.drawn:
            for sq in game.domino(d).domino.squares:
                if not sq.crowns and sq.terrain in RESOURCE_OF:
                    laid[RESOURCE_OF[sq.terrain]] -= 1
        market: Counter[str] = Counter(r for pair in state.market.values() for r in pair if r)
        for r, supply in SUPPLY.items():
            accounted = (
                res_board[r]
                + market[r]
                + state.res_destroyed.get(r, 0)
                + state.res_spent.get(r, 0)
                + state.res_discarded.get(r, 0)
            )
            if state.res_laid.get(r, 0) != laid[r] or accounted != laid[r]:
                problems.append(
                    f"{r}: laid {laid[r]} (state {state.res_laid.get(r, 0)}), accounted {accounted}"
                )
            if laid[r] > supply:
                problems.append(f"{laid[r]} {r} laid from a supply of {supply}")
    if mode == "tribe":
        for who, (count, *_rest) in CAVEMEN.items():
            found = (
                state.cave_visible.count(who)
                + state.cave_pile.get(who, 0)
                + people[who]
                + state.cavemen_destroyed.get(who, 0)
            )
            if found != count:
                problems.append(f"{who}: {found} accounted for, {count} printed")
        if len(state.cave_visible) > 4:
            problems.append(f"{len(state.cave_visible)} cro-magnons visible")
    if mode == "totem" and (step is None or step.kind != "origins.totem"):
        counts = [Counter(k.layers.get(RESOURCE, {}).values()) for k in game.kingdoms]
        for res, holder in state.totems.items():
            have = [c[res] for c in counts]
            if holder is None:
                if sorted(have)[-1] > 0 and have.count(max(have)) == 1:
                    problems.append(f"{res} totem in the middle but {have} has a strict leader")
            elif have[holder] < max(have):
                problems.append(f"{res} totem held by {holder} with {have}")
    return problems


def play_checked(engine: Engine, seed: int, mode: str, agent: Any = None) -> Game:
    """Play a whole game with random (or ``agent``) choices, checking every invariant."""
    game: Game = engine.new_game(seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    problems: list[str] = []
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
        else:
            if agent is not None:
                action = agent.act(game)
            else:
                actions = game.legal_actions()
                action = actions[int(rng.random() * len(actions))]
            problems += fire_problems(game, action)
            game.apply(action)
        problems += ledger_problems(game, mode)
        assert not problems, f"seed {seed}, after {game.log[-1].describe()}: {problems}"
    return game
