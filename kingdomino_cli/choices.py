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
from kingdomino_core.i18n import package_translation
from kingdomino_play import name_seats

from .terminal import MINE, RULER

_ = package_translation("kingdomino_cli")


def describe_decision(game: Game, names: Sequence[str], colour: bool = False) -> str:
    """``P1: Place domino 23 (...)``: who decides what now (``describe_step`` with a
    name, the seats its words name named too, :func:`kingdomino_play.name_seats`)."""
    step = game.step
    if step is None:
        return _("The game is over.")
    return f"{names[step.seat]}: {name_seats(describe_step(game), names)}"


def choices_text(
    game: Game,
    actions: Sequence[Action],
    width: int,
    max_rows: int | None = None,
    page: int = 0,
    names: Sequence[str] = (),
) -> Text:
    """The numbered choices in words, in columns when they are short.

    At most ``max_rows`` rows: the choices are cut into pages that fit, ``page``
    (counted from 0, past the last one it starts again) is shown, and the last row
    says what is left ("type 'list' for the next ones"). The seats the choices'
    words name (``give the wood totem to P2's kingdom``) are named by ``names``.
    """
    words = [name_seats(describe_action(game, a), names) for a in actions]
    items = [f"{i:>3}. {w}" for i, w in enumerate(words, start=1)]
    cell = max(len(item) for item in items) + 2 if items else 1
    per_row = max(1, min(len(items), (width + 2) // cell)) if cell <= width // 2 else 1
    rows = ["".join(item.ljust(cell) for item in row).rstrip() for row in _chunks(items, per_row)]
    # Screen lines of each row: a long choice wraps.
    heights = [max(1, -(-len(row) // max(1, width))) for row in rows]
    pages = [(0, len(rows))]
    if max_rows is not None and sum(heights) > max_rows:
        pages = _pages(heights, max_rows - 1)  # one line stays for what is left
    first, end = pages[page % len(pages)]
    out = Text()
    for n, row in enumerate(rows[first:end]):
        if n:
            out.append("\n")
        out.append(row)
    if len(pages) > 1:
        out.append(
            "\n     " + _page_note(page % len(pages), len(pages), first, end, per_row, len(items)),
            style=RULER,
        )
    return out


def _pages(heights: Sequence[int], room: int) -> list[tuple[int, int]]:
    """Rows ``[first, end)`` of each page: as many rows as fit in ``room`` lines (one
    at least, however long)."""
    pages: list[tuple[int, int]] = []
    first, used = 0, 0
    for n, h in enumerate(heights):
        if n > first and used + h > room:
            pages.append((first, n))
            first, used = n, 0
        used += h
    pages.append((first, len(heights)))
    return pages


def _page_note(page: int, pages: int, first: int, end: int, per_row: int, count: int) -> str:
    """What the other pages hold: ``... and 21 more: type 'list' for the next ones``."""
    low, high = first * per_row + 1, min(count, end * per_row)
    if page == 0:
        return _("... and {n} more: type 'list' for the next ones").format(n=count - high)
    if page == pages - 1:
        return _("(choices {low}-{high} of {count}; 'list' starts again from 1)").format(
            low=low, high=high, count=count
        )
    return _("(choices {low}-{high} of {count}; 'list' for the next ones)").format(
        low=low, high=high, count=count
    )


def _chunks(items: list[str], n: int) -> list[list[str]]:
    return [items[i : i + n] for i in range(0, len(items), n)]


def decision_text(game: Game, names: Sequence[str]) -> Text:
    """``P1 (you), round 3: Place domino 23 (...) in your kingdom...``."""
    step = game.step
    if step is None:
        return Text(_("The game is over."))
    out = Text(_("{name}, your decision: ").format(name=names[step.seat]), style=MINE)
    out.append(name_seats(describe_step(game), names))
    return out
