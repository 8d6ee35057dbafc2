"""The terminal display of a game: kingdoms as coloured grids, the lines, the scores.

Everything here returns lines of text; callers choose the stream. Colours are ANSI
256-colour backgrounds from ``Terrain.ansi``, and only when the stream is a terminal
and ``NO_COLOR`` is not set (https://no-color.org).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TextIO

from kingdomino_core import Game
from kingdomino_core.components import DominoId
from kingdomino_core.kingdom import CASTLE, EMPTY, Kingdom
from kingdomino_core.kingdom_text import format_square

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
_CASTLE_BG = 255
_EMPTY_FG = 244


def use_colour(stream: TextIO) -> bool:
    """Colour only for a terminal, and never when ``NO_COLOR`` is set."""
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _is_light(ansi: int) -> bool:
    """Whether an ANSI 256 colour is light enough for black text."""
    if ansi < 16:
        return ansi in (3, 7, 10, 11, 14, 15)
    if ansi >= 232:
        return ansi >= 244
    c = ansi - 16
    r, g, b = c // 36, (c // 6) % 6, c % 6
    return 0.299 * r + 0.587 * g + 0.114 * b >= 2.6


def paint(text: str, ansi: int) -> str:
    fg = 16 if _is_light(ansi) else 231
    return f"\x1b[48;5;{ansi}m\x1b[38;5;{fg}m{text}{RESET}"


def seat_mark(seat: int) -> str:
    """The letter that marks a seat's squares in a shared (team) kingdom."""
    return chr(ord("a") + seat % 26)


def domino_text(game: Game, domino: DominoId, colour: bool = False) -> str:
    """``17 W0|F1``: number, then first and second half (terrain letter and crowns)."""
    dom = game.domino(domino)
    terrains = game.engine.registry.terrains
    halves = []
    for t, crowns in ((dom.terrain_a, dom.crowns_a), (dom.terrain_b, dom.crowns_b)):
        label = f"{terrains[t].letter}{crowns}"
        halves.append(paint(label, terrains[t].ansi) if colour else label)
    return f"{domino} {halves[0]}|{halves[1]}"


def kingdom_lines(
    game: Game,
    index: int,
    names: Sequence[str],
    *,
    colour: bool = False,
    window: bool = True,
) -> list[str]:
    """One kingdom with its header, coordinate rulers and notes.

    ``window`` shows every square the kingdom could still grow into (so a player
    can read placement coordinates off it); otherwise just the occupied extent.
    """
    kingdom = game.kingdoms[index]
    engine = game.engine
    seats = game.config.seats_of(index)
    shared = len(seats) > 1
    sheet = game.score_sheet(index)
    who = " + ".join(f"{names[s]}" for s in seats)
    points = "point" if sheet.total in (1, -1) else "points"
    header = f"Kingdom {index + 1}: {who} ({sheet.total} {points}"
    if kingdom.discards:
        header += f", {len(kingdom.discards)} discarded"
    header += ")"
    if window:
        reach = kingdom.board.size - 1
        xs = range(kingdom.maxx - reach, kingdom.minx + reach + 1)
        ys = range(kingdom.maxy - reach, kingdom.miny + reach + 1)
    else:
        xs = range(kingdom.minx, kingdom.maxx + 1)
        ys = range(kingdom.miny, kingdom.maxy + 1)
    placed_by = _placed_by(kingdom) if shared else {}
    cells: dict[tuple[int, int], tuple[str, int | None]] = {}
    notes = []
    board = kingdom.board
    for y in ys:
        for x in xs:
            cell = board.cell(x, y)
            label, bg = _cell(game, kingdom, cell, placed_by)
            token = format_square(kingdom, engine, cell)
            if "+" in token:
                label += "+"
                notes.append(f"({x},{y}) {token.partition('+')[2]}")
            cells[x, y] = (label, bg)
    width = max([len(label) for label, _ in cells.values()] + [len(str(x)) for x in xs])
    lines = [header]
    lines.append("    " + " ".join(f"{x:>{width}}" for x in xs))
    for y in ys:
        row = []
        for x in xs:
            label, bg = cells[x, y]
            text = f"{label:<{width}}"
            if colour and bg is not None:
                text = paint(text, bg)
            elif colour and label == ".":
                text = f"\x1b[38;5;{_EMPTY_FG}m{text}{RESET}"
            row.append(text)
        lines.append(f"{y:>3} " + " ".join(row))
    if shared:
        legend = ", ".join(f"{seat_mark(s)} = {names[s]}" for s in seats)
        lines.append(f"    placed by: {legend}")
    if notes:
        lines.append("    notes: " + "; ".join(notes))
    return lines


def _placed_by(kingdom: Kingdom) -> dict[int, int]:
    out = {}
    for seat, _domino, a, b in kingdom.placements:
        out[a] = seat
        out[b] = seat
    return out


def _cell(
    game: Game, kingdom: Kingdom, cell: int, placed_by: dict[int, int]
) -> tuple[str, int | None]:
    t = kingdom.terrain_at[cell]
    if t == EMPTY:
        return ".", None
    if t == CASTLE:
        return "C", _CASTLE_BG
    terrain = game.engine.registry.terrains[t]
    label = f"{terrain.letter}{kingdom.crowns_at[cell]}"
    if cell in placed_by:
        label += seat_mark(placed_by[cell])
    return label, terrain.ansi


def line_text(
    game: Game,
    dominoes: Sequence[DominoId],
    kings: Sequence[int | None],
    names: Sequence[str],
    colour: bool = False,
) -> str:
    parts = []
    for domino, king in zip(dominoes, kings, strict=True):
        owner = "free" if king is None else f"king {king} {names[game.owner(king)]}"
        parts.append(f"[{domino_text(game, domino, colour)} {owner}]")
    return " ".join(parts)


def table_lines(
    game: Game, names: Sequence[str], *, colour: bool = False, window: bool = True
) -> list[str]:
    """The whole table: kingdoms, the two lines with their kings, scores, plugin lines."""
    lines: list[str] = []
    if game.config.games > 1:
        lines.append(f"Game {game.game_number} of {game.config.games}")
    for k in range(len(game.kingdoms)):
        lines.extend(kingdom_lines(game, k, names, colour=colour, window=window))
        lines.append("")
    if game.line:
        lines.append("Placing: " + line_text(game, game.line, game.line_kings, names, colour))
    if game.next_line:
        lines.append("Picking: " + line_text(game, game.next_line, game.next_kings, names, colour))
    scores = []
    for k, sheet in enumerate(game.scores()):
        who = "+".join(names[s] for s in game.config.seats_of(k))
        earlier = sum(sheets[k].total for sheets in game.match_sheets)
        total = f"{sheet.total}" + (f" (match {earlier + sheet.total})" if earlier else "")
        scores.append(f"{who} {total}")
    lines.append("Scores: " + ", ".join(scores))
    for contributed in game.engine.hooks.describe_game(game=game):
        lines.extend(contributed)
    return lines


def describe_decision(game: Game, names: Sequence[str], colour: bool = False) -> str:
    """Who decides what now, in words."""
    step = game.step
    if step is None:
        return "The game is over."
    seat = step.seat
    who = f"{names[seat]} (seat {seat}" + (f", king {step.king})" if step.king >= 0 else ")")
    if step.kind == "place" and step.domino is not None:
        return (
            f"{who}: place {domino_text(game, step.domino, colour)} "
            "(first half at x y, second half towards E, S, W or N)"
        )
    if step.kind == "claim":
        return f"{who}: put your king on a domino of the line being picked"
    return f"{who}: {step.kind.replace('_', ' ')}"
