"""The terminal table, drawn with rich: every kingdom, the lines, the scores, on one screen.

:func:`table` builds the screen as a rich renderable; :func:`table_text` renders it
to text of a given width, coloured or plain (:mod:`kingdomino_cli.terminal` decides
colour and width). The decision under the table is :mod:`kingdomino_cli.choices`.
The kingdoms are drawn by :mod:`kingdomino_cli.grid`, the round, the lines, the key
and the plugins' notes by :mod:`kingdomino_cli.panels`; this module lays them out.

Layout: the kingdoms side by side, each drawn at its real size (its squares plus the
room it can still grow into), then the lines. When they do not all fit across, the
other kingdoms come first and the player's own kingdom is drawn next to the lines,
right above the prompt, so the bottom of the screen holds all a decision needs.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from kingdomino_core import Game, view_of
from kingdomino_core.i18n import package_translation

from .grid import kingdom_block, last_moves, opponent_block
from .panels import key_text, line_blocks, lines_block, plugin_text, round_text
from .terminal import RULER, render

_ = package_translation("kingdomino_cli")


def _grid(
    blocks: Sequence[RenderableType], widths: Sequence[int], width: int, gap: int = 1
) -> list[Table]:
    """Blocks side by side, ``gap`` columns apart, as many per row as fit in ``width``."""
    rows: list[Table] = []
    row: list[RenderableType] = []
    used = 0
    for block, w in zip(blocks, widths, strict=True):
        if row and used + gap + w > width:
            rows.append(_row(row, gap))
            row, used = [], 0
        row.append(block)
        used += w + (gap if used else 0)
    if row:
        rows.append(_row(row, gap))
    return rows


def _row(blocks: Sequence[RenderableType], gap: int, *, wrap_last: bool = False) -> Table:
    """Blocks side by side; with ``wrap_last`` the last one takes the rest of the width
    and its words wrap in it (the others never wrap)."""
    grid = Table.grid(padding=(0, gap))
    for n, _block in enumerate(blocks):
        last = wrap_last and n == len(blocks) - 1
        grid.add_column(no_wrap=not last, ratio=1 if last else None)
    grid.add_row(*blocks)
    return grid


def _text_width(text: Text) -> int:
    return max((len(line) for line in text.plain.splitlines()), default=0)


#: Rows a decision needs under the table: its words, a few choices, the prompt.
DECISION_ROWS = 7
#: Columns between kingdoms side by side: a title longer than its grid (``P1 6 points,
#: 2 discarded``) stays apart from the next one's.
KINGDOM_GAP = 2


def table(
    game: Game,
    names: Sequence[str],
    *,
    width: int = 100,
    height: int | None = None,
    me: int | None = None,
    window: bool = True,
    recap: str = "",
) -> Group:
    """The whole table for a screen ``width`` columns wide (and ``height`` rows, if known).

    ``me``: the seat of the player looking at it. Their kingdom is marked; when the
    table does not fit across (or, with a ``height``, down) the screen, the notes and
    the other kingdoms come first, drawn small (their squares only, an empty one
    folded to its title line), and their kingdom is drawn next to the lines, at the
    bottom, right above the decision. ``recap``: the others' moves since the
    player's last decision (:mod:`kingdomino_cli.recap`), shown under the lines.
    The key is left out when it would not leave ``DECISION_ROWS`` rows (``key``
    shows it).
    """
    game = view_of(game, me)  # what the seat looking may see (the game itself: no secret)
    last = last_moves(game)
    count = len(game.kingdoms)
    blocks = [kingdom_block(game, k, names, me=me, last=last, window=window) for k in range(count)]
    widths = [_text_width(b) for b in blocks]
    said = plugin_text(game, me, names)
    notes: list[RenderableType] = [Text(line, overflow="fold") for line in said]
    news: list[RenderableType] = [_recap_text(recap)] if recap else []
    mine = game.config.kingdom_of(me) if me is not None else None
    if mine is None or sum(widths) + KINGDOM_GAP * (count - 1) <= width:
        parts: list[RenderableType] = [*_grid(blocks, widths, width, gap=KINGDOM_GAP)]
        parts.append(Text(round_text(game), style=Style(bold=True)))
        found = line_blocks(game, names, me)
        parts += _grid(found, [_text_width(b) for b in found], width, gap=4)
        wide = Group(*parts, *news, *notes, key_text(game))
        if mine is None or height is None:
            return wide
        if _rows(wide, width) + DECISION_ROWS <= height:
            return wide
    assert mine is not None
    others = [k for k in range(count) if k != mine]
    small = [opponent_block(game, k, names, me=me, last=last) for k in others]
    top = _grid(small, [_text_width(b) for b in small], width, gap=3)
    room = width - widths[mine] - 2
    found = line_blocks(game, names, me)
    side = sum(_text_width(b) for b in found) + 2 * (len(found) - 1)
    if len(found) > 1 and side <= room:
        lines: list[RenderableType] = [Text(round_text(game), style=Style(bold=True))]
        lines.append(_row(found, 2))
    else:
        lines = [lines_block(game, names, me)]
    bottom = _row([blocks[mine], Group(*lines, *news)], 2, wrap_last=True)
    compact = Group(*notes, key_text(game), *top, bottom)
    if height is not None and _rows(compact, width) + DECISION_ROWS > height:
        compact = Group(*notes, *top, bottom)  # the key costs two rows: 'key' shows it
    return compact


def _recap_text(recap: str) -> Text:
    out = Text(_("Since your last move: "), style=RULER)
    out.append(recap)
    return out


def _rows(renderable: RenderableType, width: int) -> int:
    return render(renderable, width).count("\n") + 1


def table_text(
    game: Game,
    names: Sequence[str],
    *,
    width: int = 100,
    height: int | None = None,
    colour: bool = False,
    me: int | None = None,
    window: bool = True,
    recap: str = "",
) -> str:
    """:func:`table` rendered to text."""
    found = table(game, names, width=width, height=height, me=me, window=window, recap=recap)
    return render(found, width, colour=colour)


def table_lines(
    game: Game, names: Sequence[str], *, colour: bool = False, window: bool = True
) -> list[str]:
    """The table as lines of plain (or coloured) text, 100 columns wide."""
    return table_text(game, names, colour=colour, window=window).splitlines()
