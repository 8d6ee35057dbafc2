"""The decision under the table: who decides what, and the numbered choices in words.

The words come from the step handlers (:func:`kingdomino_core.describe_step`,
:func:`kingdomino_core.describe_action`); this module lays them out for a terminal:
the choices in columns when they are short, cut to the rows that fit above the prompt.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from kingdomino_core import Action, Game
from kingdomino_core.engine.words import describe_action, describe_step

from .terminal import MINE, RULER


def describe_decision(game: Game, names: Sequence[str], colour: bool = False) -> str:
    """``P1: Place domino 23 (...)``: who decides what now (``describe_step`` with a name)."""
    step = game.step
    if step is None:
        return "The game is over."
    return f"{names[step.seat]}: {describe_step(game)}"


def choices_text(
    game: Game, actions: Sequence[Action], width: int, max_rows: int | None = None
) -> Text:
    """The numbered choices in words, in columns when they are short.

    At most ``max_rows`` rows; the rest is announced ("type 'list' to see all").
    """
    words = [describe_action(game, a) for a in actions]
    items = [f"{i:>3}. {w}" for i, w in enumerate(words, start=1)]
    cell = max(len(item) for item in items) + 2 if items else 1
    per_row = max(1, min(len(items), (width + 2) // cell)) if cell <= width // 2 else 1
    rows = ["".join(item.ljust(cell) for item in row).rstrip() for row in _chunks(items, per_row)]
    # Screen lines of each row: a long choice wraps.
    heights = [max(1, -(-len(row) // max(1, width))) for row in rows]
    shown = rows
    if max_rows is not None and sum(heights) > max_rows:
        used, count = 0, 0
        for h in heights:
            if count and used + h > max_rows - 1:  # one line stays for "... and N more"
                break
            used, count = used + h, count + 1
        shown = rows[:count]
    out = Text()
    for n, row in enumerate(shown):
        if n:
            out.append("\n")
        out.append(row)
    hidden = len(items) - min(len(items), len(shown) * per_row)
    if hidden:
        out.append(f"\n     ... and {hidden} more: type 'list' to see them all", style=RULER)
    return out


def _chunks(items: list[str], n: int) -> list[list[str]]:
    return [items[i : i + n] for i in range(0, len(items), n)]


def decision_text(game: Game, names: Sequence[str]) -> Text:
    """``P1 (you), round 3: Place domino 23 (...) in your kingdom...``."""
    step = game.step
    if step is None:
        return Text("The game is over.")
    out = Text(f"{names[step.seat]}, your decision: ", style=MINE)
    out.append(describe_step(game))
    return out
