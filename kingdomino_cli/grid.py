"""The kingdoms as the terminal draws them: a grid of two-character squares.

Squares are two characters, the terrain letter and its crowns (``W1``, ``F``); when
the rules put pieces on squares (Court tokens, Origins fire and cro-magnons) a third
character shows the piece (``W •``). The squares of each player's last move are
highlighted; in plain text their letters are lower case. Each kingdom is drawn at its
real size (its squares plus the room it can still grow into) with x and y rulers, or,
for an opponent on a small screen, its squares only (:func:`opponent_block`).
:mod:`kingdomino_cli.display` lays the kingdoms out on the screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from kingdomino_core import Discard, Game, Place, match_total
from kingdomino_core.engine.words import mark_pieces, pieces_at
from kingdomino_core.i18n import package_translation
from kingdomino_core.model.components import DominoId
from kingdomino_core.model.kingdom import CASTLE, EMPTY, Kingdom

from .terminal import MINE, ROOM, RULER

_ = package_translation("kingdomino_cli")
_n = _.ngettext

_CASTLE = Style(color="black", bgcolor="grey85", bold=True)
_LAST = Style(bold=True, underline=True, reverse=True)


def _fg_for(ansi: int) -> str:
    """Black or white text, whichever reads on ANSI 256 background ``ansi``."""
    if ansi < 16:
        light = ansi in (3, 7, 10, 11, 14, 15)
    elif ansi >= 232:
        light = ansi >= 244
    else:
        c = ansi - 16
        r, g, b = c // 36, (c // 6) % 6, c % 6
        light = 0.299 * r + 0.587 * g + 0.114 * b >= 2.6
    return "black" if light else "white"


def terrain_style(game: Game, terrain: int) -> Style:
    ansi = game.engine.registry.terrains[terrain].ansi
    return Style(color=_fg_for(ansi), bgcolor=f"color({ansi})")


def _has_pieces(game: Game) -> bool:
    return bool(game.engine.registry.annotations)


def last_moves(game: Game) -> dict[int, set[tuple[int, int]]]:
    """Per seat, the squares its last turn touched (placement, purchases, throws)."""
    out: dict[int, set[tuple[int, int]]] = {}
    done: set[int] = set()
    for action in reversed(game.log):
        seat = getattr(action, "seat", None)
        if not isinstance(seat, int) or seat in done:
            continue
        cells = out.setdefault(seat, set())
        if isinstance(action, Place):
            cells.update(((action.x, action.y), action.second))
            done.add(seat)  # a turn starts with its placement
        elif isinstance(action, Discard):
            done.add(seat)
        else:
            for fx, fy in (("x", "y"), ("tx", "ty")):
                x, y = getattr(action, fx, None), getattr(action, fy, None)
                if isinstance(x, int) and isinstance(y, int):
                    cells.add((x, y))
    return out


def _square(game: Game, kingdom: Kingdom, cell: int, width: int, last: bool) -> Text:
    """Two characters (terrain letter, crowns), after the piece's symbol if ``width`` is 3."""
    t = kingdom.terrain_at[cell]
    if t == EMPTY:
        return Text(" " * (width - 2) + "· ", style=ROOM)
    pieces = pieces_at(game.engine, kingdom, cell)
    mark = " " * (width - 2)
    if pieces and width > 2:
        mark = pieces[0].symbol
    if t == CASTLE:
        return Text(mark + "C ", style=_CASTLE)
    terrain = game.engine.registry.terrains[t]
    crowns = kingdom.crowns_at[cell]
    letter = terrain.letter.lower() if last else terrain.letter
    style = terrain_style(game, t)
    return Text(
        mark + letter + (str(crowns) if crowns else " "), style=style + _LAST if last else style
    )


def _window(kingdom: Kingdom) -> tuple[range, range]:
    """The occupied squares plus the room the kingdom can still grow into."""
    return kingdom.room()  # the ruleset's shape: no row or column it can never use


def kingdom_title(game: Game, index: int, names: Sequence[str], me: int | None) -> Text:
    """``P1 (you) 12 points``: who builds it, the score, discards."""
    seats = game.config.seats_of(index)
    who = "+".join(names[s] for s in seats)  # a team, as Teamdomino writes it
    mine = me is not None and me in seats
    total = game.score_sheet(index).total
    match = match_total(game, index, total)
    title = Text(
        _("{name} (you)").format(name=who) if mine else who,
        style=MINE if mine else Style(bold=True),
    )
    title.append(" " + _n("{n} point", "{n} points", total).format(n=total))
    if match != total:  # points from the finished games of a match (Dynasty)
        title.append(" " + _("(match {n})").format(n=match))
    lost = len(game.kingdoms[index].discards)
    if lost:
        title.append(", " + _n("{n} discarded", "{n} discarded", lost).format(n=lost))
    return title


def kingdom_block(
    game: Game,
    index: int,
    names: Sequence[str],
    *,
    me: int | None = None,
    last: dict[int, set[tuple[int, int]]] | None = None,
    window: bool = True,
    rulers: bool = True,
) -> Text:
    """One kingdom: its title, an x ruler, and its rows with a y ruler.

    ``window`` shows every square the kingdom could still grow into (with the
    rulers, a player reads placement coordinates off it); otherwise just its squares.
    Without ``rulers`` only the title and the squares (an opponent's kingdom on a
    small screen: the castle ``C`` is the landmark).
    """
    kingdom = game.kingdoms[index]
    board = kingdom.board
    if window:
        xs, ys = _window(kingdom)
    else:
        xs = range(kingdom.minx, kingdom.maxx + 1)
        ys = range(kingdom.miny, kingdom.maxy + 1)
    width = 3 if _has_pieces(game) else 2
    highlighted: set[tuple[int, int]] = set()
    for seat in game.config.seats_of(index):
        highlighted |= (last or {}).get(seat, set())
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append_text(kingdom_title(game, index, names, me))
    if not rulers:
        for y in ys:
            out.append("\n")
            for x in xs:
                cell = board.cell(x, y)
                out.append_text(_square(game, kingdom, cell, width, (x, y) in highlighted))
        return out
    out.append("\n")
    # The y ruler is followed by a space unless the squares start with their pieces.
    # (A square with a piece in the first column occurs only once the kingdom spans its
    # full width, and then there is room for the space.)
    ruler = 2 if width == 3 and xs.start < kingdom.minx else 3
    out.append(" " * ruler + "".join(f"{x:>2}".ljust(width) for x in xs), style=RULER)
    for y in ys:
        out.append("\n")
        out.append(f"{y:>2}".ljust(ruler), style=RULER)
        for x in xs:
            cell = board.cell(x, y)
            out.append_text(_square(game, kingdom, cell, width, (x, y) in highlighted))
    return out


def opponent_block(
    game: Game,
    index: int,
    names: Sequence[str],
    *,
    me: int | None = None,
    last: dict[int, set[tuple[int, int]]] | None = None,
) -> Text:
    """An opponent's kingdom where rows are few: its squares only, no rulers, and
    folded to its title line while it holds nothing but its castle."""
    kingdom = game.kingdoms[index]
    if not kingdom.placements:
        title = kingdom_title(game, index, names, me)
        title.append(_(", nothing built yet"), style=ROOM)
        return title
    return kingdom_block(game, index, names, me=me, last=last, window=False, rulers=False)


def domino_cells(game: Game, domino: DominoId) -> Text:
    """``W1|F`` in the grid's terms (coloured halves); a half with no crowns shows its
    printed mark's symbol instead, when a plugin registered one (Origins: ``V²``)."""
    dom = game.domino(domino)
    terrains = game.engine.registry.terrains
    out = Text()
    halves = ((dom.terrain_a, dom.crowns_a), (dom.terrain_b, dom.crowns_b))
    for i, ((t, crowns), square) in enumerate(zip(halves, dom.domino.squares, strict=True)):
        if i:
            out.append("|")
        marks = mark_pieces(game.engine, square)
        second = str(crowns) if crowns else (marks[0].symbol[:1] if marks else " ")
        out.append(terrains[t].letter + second, terrain_style(game, t))
    return out
