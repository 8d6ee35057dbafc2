"""Test helpers for the two-box modes (XL, Teamdomino): an observed game and its checks.

``play_observed`` plays a game with a seeded random player and records, from the
outside, every line laid out, every turn and every placement or discard. The
checks then compare the engine's end state with facts recomputed here without the
engine's scoring: the kingdoms are rebuilt square by square from the placement log
and the printed dominoes (read straight from the data file), every placement is
re-checked against the base rules (docs/rules/base.md: no overlap, connection,
7x7 fit), and properties are recounted by a flood fill.

The Teamdomino tests import this module too (one recount, not two).
"""

from __future__ import annotations

import csv
import random
from collections import Counter
from importlib import resources

from attrs import define, field

from kingdomino_core import Discard, DominoId, Engine, Game, Place

SIZE = 7


def printed_dominoes() -> dict[int, tuple[tuple[str, int], tuple[str, int]]]:
    """Number -> the two printed squares (terrain, crowns), read from the CSV itself."""
    text = resources.files("kd_base").joinpath("data/base_dominoes.csv").read_text("utf-8")
    out = {}
    for row in csv.DictReader(text.splitlines()):
        out[int(row["number"])] = (
            (row["left_terrain"], int(row["left_crowns"])),
            (row["right_terrain"], int(row["right_crowns"])),
        )
    return out


PRINTED = printed_dominoes()


@define
class Observed:
    """What an observer at the table saw during one game."""

    game: Game
    #: Every line as laid out, in order.
    lines: list[tuple[DominoId, ...]] = field(factory=list)
    #: Every placement or discard: (seat, action).
    moves: list[tuple[int, Place | Discard]] = field(factory=list)
    #: Problems with turn order seen during play (should stay empty).
    turn_problems: list[str] = field(factory=list)


def play_observed(engine: Engine, seed: int) -> Observed:
    """Play a whole game (random player seeded from ``seed``) and record it."""
    game = engine.new_game(seed=seed)
    rng = random.Random(seed * 7919 + 1)
    seen = Observed(game=game)
    current_line: tuple[DominoId, ...] = ()
    last_slot = -1
    while not game.is_terminal():
        if game.next_line and (not seen.lines or tuple(game.next_line) != seen.lines[-1]):
            seen.lines.append(tuple(game.next_line))
        if game.is_chance():
            game.resolve_chance()
            continue
        step = game.step
        assert step is not None
        if step.kind == "place":
            # Turn order follows the kings: line order, whatever the teams.
            if tuple(game.line) != current_line:
                current_line, last_slot = tuple(game.line), -1
            slot = game.line.index(step.domino)
            if slot <= last_slot:
                seen.turn_problems.append(f"{step.domino} placed after slot {last_slot}")
            if game.line_kings[slot] != step.king or game.owner(step.king) != step.seat:
                seen.turn_problems.append(f"seat {step.seat} placing {step.domino} out of turn")
            last_slot = slot
        action = rng.choice(game.legal_actions())
        if isinstance(action, Place | Discard):
            seen.moves.append((action.seat, action))
        game.apply(action)
    return seen


# -- an independent recount ------------------------------------------------------------


@define
class Recount:
    total: int
    largest: int
    crowns: int
    properties: list[tuple[str, int, int]]
    squares: int


def rebuild(game: Game, kingdom: int) -> dict[tuple[int, int], tuple[str, int]]:
    """The kingdom's squares rebuilt from its placement log, each placement re-checked.

    Raises AssertionError if a placement overlapped, did not connect, or made the
    kingdom larger than 7x7 at the moment it was made.
    """
    board = game.kingdoms[kingdom].board
    grid: dict[tuple[int, int], tuple[str, int]] = {}
    for seat, domino, first, second in game.kingdoms[kingdom].placements:
        cells = (board.xy(first), board.xy(second))
        squares = PRINTED[domino.number]
        assert all(c not in grid and c != (0, 0) for c in cells), f"{domino} overlaps"
        connects = any(
            n == (0, 0) or grid.get(n, ("", 0))[0] == sq[0]
            for (x, y), sq in zip(cells, squares, strict=True)
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
        )
        assert connects, f"seat {seat}: {domino} at {cells} connects to nothing"
        for c, sq in zip(cells, squares, strict=True):
            grid[c] = sq
        xs = [x for x, _ in grid] + [0]
        ys = [y for _, y in grid] + [0]
        assert max(xs) - min(xs) < SIZE and max(ys) - min(ys) < SIZE, f"{domino}: over 7x7"
    return grid


def recount(
    grid: dict[tuple[int, int], tuple[str, int]],
    *,
    discards: int,
    middle_kingdom: bool = False,
    harmony: bool = False,
) -> Recount:
    """Score a rebuilt kingdom by flood fill (docs/rules/base.md, Scoring; I-B2; I-B3)."""
    seen: set[tuple[int, int]] = set()
    props = []
    for start in sorted(grid):
        if start in seen:
            continue
        terrain = grid[start][0]
        stack, squares, crowns = [start], 0, 0
        seen.add(start)
        while stack:
            x, y = stack.pop()
            squares += 1
            crowns += grid[(x, y)][1]
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in grid and n not in seen and grid[n][0] == terrain:
                    seen.add(n)
                    stack.append(n)
        props.append((terrain, squares, crowns))
    total = sum(s * c for _, s, c in props)
    half = (SIZE - 1) // 2
    if middle_kingdom and all(max(abs(x), abs(y)) <= half for x, y in grid):
        total += 10
    if harmony and len(grid) == SIZE * SIZE - 1 and discards == 0:
        total += 5
    return Recount(
        total=total,
        largest=max((s for _, s, _ in props), default=0),
        crowns=sum(c for _, _, c in props),
        properties=sorted(props),
        squares=len(grid),
    )


# -- the checks ------------------------------------------------------------------------


def check_two_box_game(
    seen: Observed,
    *,
    teams: list[tuple[int, ...]],
    line_size: int,
    lines: int,
    in_play: int,
    unpicked: int,
    first_box: int = 1,
    middle_kingdom: bool = False,
    harmony: bool = False,
) -> None:
    """Every invariant of a finished two-box game (docs/rules/xl.md).

    ``teams[k]`` are the seats that build kingdom ``k`` (one seat each in XL).
    """
    game = seen.game
    assert game.is_terminal()
    assert seen.turn_problems == []

    # Lines: the right number and size, each from one box, boxes alternating, sorted.
    assert len(seen.lines) == lines
    for n, line in enumerate(seen.lines, start=1):
        assert len(line) == line_size
        boxes = {d.box for d in line}
        expected_box = first_box if n % 2 == 1 else 3 - first_box
        assert boxes == {expected_box}, f"line {n} {[str(d) for d in line]} mixes or misses box"
        assert [d.number for d in line] == sorted(d.number for d in line)

    # Every domino in play (drawn) is placed or discarded exactly once.
    drawn = [d for line in seen.lines for d in line]
    assert len(drawn) == len(set(drawn)) == in_play
    placed = [d for k in game.kingdoms for _s, d, _a, _b in k.placements]
    discarded = [d for k in game.kingdoms for _s, d in k.discards]
    ended = Counter(placed + discarded + list(game.unpicked))
    assert ended == Counter(drawn), "a domino in play was lost or used twice"
    assert len(game.unpicked) == unpicked

    # What the observer saw matches the kingdoms: each seat's moves in its team's kingdom.
    kingdom_of = {seat: k for k, team in enumerate(teams) for seat in team}
    for k, kingdom in enumerate(game.kingdoms):
        mine = [(s, a.domino) for s, a in seen.moves if kingdom_of[s] == k]
        logged = [(s, d) for s, d, _a, _b in kingdom.placements] + list(kingdom.discards)
        assert Counter(mine) == Counter(logged)
        # 24 dominoes placed or discarded per kingdom; each seat made 24 / team size.
        assert len(kingdom.placements) + len(kingdom.discards) == 24
        for seat in teams[k]:
            assert sum(1 for s, _ in mine if s == seat) == 24 // len(teams[k])

    # Scores equal an independent recount; ranking by total, largest property, crowns.
    sheets = game.scores()
    keys = {}
    for k in range(len(game.kingdoms)):
        grid = rebuild(game, k)
        xs = [x for x, _ in grid] + [0]
        ys = [y for _, y in grid] + [0]
        assert max(xs) - min(xs) < SIZE and max(ys) - min(ys) < SIZE
        team_discards = sum(
            1 for s, a in seen.moves if kingdom_of[s] == k and isinstance(a, Discard)
        )
        got = recount(grid, discards=team_discards, middle_kingdom=middle_kingdom, harmony=harmony)
        sheet = sheets[k]
        assert sheet.total == got.total
        assert sorted((p.terrain, p.squares, p.crowns) for p in sheet.properties) == got.properties
        assert (sheet.largest_property, sheet.crowns) == (got.largest, got.crowns)
        keys[k] = (got.total, got.largest, got.crowns)
    best = max(keys.values())
    win_kingdoms = [k for k, v in keys.items() if v == best]
    assert sorted(game.winners()) == sorted(s for k in win_kingdoms for s in teams[k])


def same_game(engine: Engine, seed: int) -> bool:
    """The same seed (and the same player choices) gives the same game, move for move."""
    a, b = play_observed(engine, seed), play_observed(engine, seed)
    return a.game.log == b.game.log and [s.total for s in a.game.scores()] == [
        s.total for s in b.game.scores()
    ]
