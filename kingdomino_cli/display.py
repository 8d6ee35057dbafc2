"""The terminal table, drawn with rich: every kingdom, the lines, the scores, on one screen.

:func:`table` builds the screen as a rich renderable; :func:`table_text` renders it
to text of a given width, coloured or plain (:mod:`kingdomino_cli.terminal` decides
colour and width). The decision under the table is :mod:`kingdomino_cli.choices`.

Layout: the kingdoms side by side, each drawn at its real size (its squares plus the
room it can still grow into), then the lines. When they do not all fit across, the
other kingdoms come first and the player's own kingdom is drawn next to the lines,
right above the prompt, so the bottom of the screen holds all a decision needs.

Squares are two characters, the terrain letter and its crowns (``W1``, ``F``); when
the rules put pieces on squares (Court tokens, Origins fire and cro-magnons) a third
character shows the piece (``W •``). The squares of each player's last move are
highlighted; in plain text their letters are lower case.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from kingdomino_core import Discard, Game, Place, match_total, view_of
from kingdomino_core.engine.views import describe_game
from kingdomino_core.engine.words import domino_name, kingdom_name, mark_pieces, pieces_at
from kingdomino_core.i18n import package_translation
from kingdomino_core.model.components import DominoId
from kingdomino_core.model.kingdom import CASTLE, EMPTY, Kingdom
from kingdomino_core.model.pieces import note_words

from .terminal import MINE, RULER, render

_ = package_translation("kingdomino_cli")
_n = _.ngettext

_CASTLE = Style(color="black", bgcolor="grey85", bold=True)
_ROOM = Style(color="grey42")
_LAST = Style(bold=True, underline=True, reverse=True)


# -- pieces of the table ---------------------------------------------------------------


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
        return Text(" " * (width - 2) + "· ", style=_ROOM)
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
        title.append(_(", nothing built yet"), style=_ROOM)
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


def domino_text(game: Game, domino: DominoId) -> str:
    """``17 W|F1``: name (label or number), then the first and second half (letter,
    crowns if any)."""
    return f"{domino_name(game, domino)} {domino_cells(game, domino).plain}"


def _placed(game: Game) -> set[DominoId]:
    done: set[DominoId] = set()
    for kingdom in game.kingdoms:
        done.update(d for _seat, d, _a, _b in kingdom.placements)
        done.update(d for _seat, d in kingdom.discards)
    return done


def round_text(game: Game) -> str:
    """``Round 3 of 12, 28 dominoes left``, counted as the rules count rounds: one per
    line, the round of a line being the one in which its dominoes are placed (the
    first line is picked during the set-up, the last round only places)."""
    cfg = game.config
    rounds = cfg.lines_total
    # The dominoes still to come into play (a 2-player game leaves half the box out).
    left = min(len(game.pile), max(0, cfg.lines_total - game.lines_drawn) * cfg.line_size)
    dominoes = _n("{n} domino left", "{n} dominoes left", left).format(n=left)
    match = game.config.games > 1
    fields = {"game": game.game_number, "games": game.config.games, "rounds": rounds}
    if not game.line and (game.next_line or not game.lines_drawn):
        # The kings go onto the first line: no domino is placed yet.
        if match:
            said = _("Game {game} of {games}, set-up before round 1 of {rounds}, {dominoes}")
        else:
            said = _("Set-up before round 1 of {rounds}, {dominoes}")
        return said.format(dominoes=dominoes, **fields)
    # (after the last round both lines are empty)
    now = game.lines_drawn - 1 if game.next_line else game.lines_drawn
    if match:
        said = _("Game {game} of {games}, round {n} of {rounds}, {dominoes}")
    else:
        said = _("Round {n} of {rounds}, {dominoes}")
    return said.format(n=min(max(now, 1), rounds), dominoes=dominoes, **fields)


def thinking_text(game: Game, names: Sequence[str], who: str, *, scores: bool = True) -> str:
    """The status line while a bot decides: ``P1 (mcts) is thinking... (Round 3 of 12;
    P1 12, P2 8 points; Ctrl-C stops)``: short, to fit one line of a small terminal,
    with the scores so a game of bots only shows how it goes. ``scores=False`` leaves
    them out (no scoring hook runs for a status line nobody sees)."""
    when = round_text(game).rsplit(", ", 1)[0]  # without the dominoes left
    if not scores:
        return _("{who} is thinking... ({when}; Ctrl-C stops)").format(who=who, when=when)
    totals = ", ".join(
        f"{'+'.join(names[s] for s in game.config.seats_of(k))} {game.score_sheet(k).total}"
        for k in range(len(game.kingdoms))
    )
    return _("{who} is thinking... ({when}; {totals} points; Ctrl-C stops)").format(
        who=who, when=when, totals=totals
    )


def line_blocks(game: Game, names: Sequence[str], me: int | None = None) -> list[Text]:
    """The line being placed and the line being picked, each domino with its king."""
    out = []
    step = game.step
    current = step.domino if step is not None and step.kind == "place" else None
    done = _placed(game)
    for title, line, kings in (
        (_("Placing (this round):"), game.line, game.line_kings),
        *offer_rows(game, names, me),
    ):
        if not line:
            continue
        width = max(len(domino_name(game, d)) for d in line)
        block = Text(title, no_wrap=True, overflow="ellipsis")
        for domino, king in zip(line, kings, strict=True):
            block.append("\n")
            block.append("▸ " if domino == current else "  ")
            block.append(f"{domino_name(game, domino):>{width}} ")
            block.append_text(domino_cells(game, domino))
            if king is None:
                block.append("  " + _("free"), style=_ROOM)
            else:
                seat = game.owner(king)
                who = _("{name} (you)").format(name=names[seat]) if seat == me else names[seat]
                block.append(f"  {who}", style=MINE if seat == me else Style())
            if domino in done and line is game.line:
                block.append(" ✓", style=_ROOM)
        out.append(block)
    return out


def offer_rows(
    game: Game, names: Sequence[str], me: int | None = None
) -> list[tuple[str, list[DominoId], list[int | None]]]:
    """The market being picked from, offer by offer, each under its name (the base
    game's one line: ``Picking (next round):``) and, for an offer held by one seat
    (a hand), whose it is: (title, dominoes, their kings)."""
    if len(game.offers) < 2 and all(o.name == "line" and o.seat is None for o in game.offers):
        return [(_("Picking (next round):"), game.next_line, game.next_kings)]
    rows = []
    start = 0
    for offer in game.offers:
        end = start + len(offer.dominoes)
        holder = ""
        if offer.seat is not None:
            holder = (
                _(" (yours)")
                if offer.seat == me
                else _(" ({name} picks)").format(name=names[offer.seat])
            )
        rows.append(
            (
                _("Picking (next round), {offer}{holder}:").format(offer=offer.name, holder=holder),
                game.next_line[start:end],
                game.next_kings[start:end],
            )
        )
        start = end
    return rows


def lines_block(game: Game, names: Sequence[str], me: int | None = None) -> Text:
    """The round, then the two lines one above the other."""
    out = Text(round_text(game), style=Style(bold=True), no_wrap=True, overflow="ellipsis")
    for block in line_blocks(game, names, me):
        out.append("\n")
        out.append_text(block)
    return out


def key_text(game: Game) -> Text:
    """The terrain key and the symbols of the pieces on the table."""
    _singular, many = game.engine.registry.icon_words
    parts = [f"{t.letter} {t.name}" for t in game.engine.registry.terrains]
    parts += [
        _("C castle"),
        _("digit = {icons}").format(icons=many),
        _("· free"),
        _("lower case = last move"),
    ]
    symbols: dict[str, list[str]] = {}
    for kingdom in game.kingdoms:
        for cell in kingdom.board.cells_of(kingdom.occupied):
            for piece in pieces_at(game.engine, kingdom, cell):
                symbol, words = piece.symbol, str(piece.words).split(" (")[0]
                if piece.shape == "crater":  # one entry for ¹ ² ³
                    symbol, words = "¹²³", _("volcano craters")
                found = symbols.setdefault(symbol, [])
                if words not in found:
                    found.append(words)
    parts += [f"{s} {'/'.join(sorted(w))}" for s, w in symbols.items()]
    if any(len(w) > 1 for w in symbols.values()):
        parts.append(_("('key' names the piece on each square)"))
    return Text(_("Key: {parts}").format(parts="  ".join(parts)), style=RULER)


def pieces_lines(game: Game, width: int | None = None) -> list[str]:
    """Every piece on the table with its square, a paragraph per kingdom (wrapped
    at ``width`` between pieces, never inside one).

    One symbol can stand for several pieces (every Court resource token is ``•``), so
    the ``key`` command names each: ``P1's kingdom: King at 2,0, wood token at 1,-2``.
    """
    lines = []
    for index, kingdom in enumerate(game.kingdoms):
        found = [
            _("{piece} at {x},{y}").format(piece=str(piece.words).split(" (")[0], x=x, y=y)
            for cell in kingdom.board.cells_of(kingdom.occupied)
            for x, y in [kingdom.board.xy(cell)]
            for piece in pieces_at(game.engine, kingdom, cell)
            if piece.shape != "crater"
        ]
        if found:
            text = f"{kingdom_name(game, index)}: {', '.join(found)}"
            if width is None:
                lines.append(text)
                continue
            pieces = [p.replace(" ", "\xa0") for p in text.split(", ")]  # one piece, one unit
            wrapped = textwrap.wrap(", ".join(pieces), width, subsequent_indent="  ")
            lines += [line.replace("\xa0", " ") for line in wrapped]
    return lines


def plugin_text(game: Game, viewer: int | None = None) -> list[str]:
    """What the plugins say about the table to ``viewer`` (``kd_describe_game``;
    ``game`` is the viewer's view of the game), in words."""
    return [note_words(line) for line in describe_game(game, viewer)]


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
    notes: list[RenderableType] = [Text(line, overflow="fold") for line in plugin_text(game, me)]
    news: list[RenderableType] = [_recap_text(recap)] if recap else []
    mine = game.config.kingdom_of(me) if me is not None else None
    if mine is None or sum(widths) + count - 1 <= width:
        parts: list[RenderableType] = [*_grid(blocks, widths, width)]
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
