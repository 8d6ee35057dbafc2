"""Kingdoms as SVG pictures (``kd score --svg``, ``kd replay --svg``, the browser table).

Written directly as text, no drawing library: one panel per kingdom with its
squares in their terrain colours (``Terrain.colour``) and terrain letter, crowns,
the castle, each property outlined and labelled with its points, and the score
sheet below (every property, bonus and other score line, and the total).
Pieces on squares (Court tokens, buildings and characters; Origins fire tokens,
craters, resources, cro-magnons and totems) are drawn as small icons with a short
label, from the plugins' ``Annotation.piece`` descriptions, and named in a legend
under the score sheet: expansions show up without code here.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from kingdomino_core import Engine, Game, Kingdom, ScoreSheet
from kingdomino_core.engine.words import pieces_at
from kingdomino_core.model.kingdom import CASTLE, EMPTY
from kingdomino_core.model.pieces import Piece

CELL = 56
PAD = 16
TITLE = 34
LINE = 18
MIN_WIDTH = 300
PER_ROW = 4
FONT = "font-family='Helvetica, Arial, sans-serif'"

_CROWN = "M0,8 L0,2 L3,5 L5,0 L7,5 L10,2 L10,8 Z"  # 10 x 8, scaled per use
_FLAME = "M5,0 C7,3 10,5 10,8 C10,11 7,12 5,12 C3,12 0,11 0,8 C0,6 2,5 3,3 C4,5 5,5 5,0 Z"
_HOUSE = "M0,5 L5,0 L10,5 L10,11 L0,11 Z"
_PERSON = "M5,0 A2.5,2.5 0 1 1 4.99,0 Z M1,12 C1,7 9,7 9,12 Z"
_CASTLE = (
    "M8,40 L8,14 L13,14 L13,19 L18,19 L18,14 L23,14 L23,19 L28,19 L28,14 L33,14 "
    "L33,19 L38,19 L38,14 L43,14 L43,40 Z M21,40 L21,30 A4,4 0 0 1 30,30 L30,40 Z"
)


def kingdoms_svg(engine: Engine, entries: list[tuple[str, Kingdom, ScoreSheet]]) -> str:
    """One SVG document drawing each ``(title, kingdom, score sheet)`` side by side."""
    panels = [_panel(engine, title, kingdom, sheet) for title, kingdom, sheet in entries]
    widths = [w for w, _h, _body in panels] or [MIN_WIDTH]
    col_width = max(widths)
    rows = [panels[i : i + PER_ROW] for i in range(0, len(panels), PER_ROW)] or [[]]
    parts: list[str] = []
    y = PAD
    total_width = PAD + min(len(panels), PER_ROW) * (col_width + PAD) if panels else 2 * PAD
    for row in rows:
        x = PAD
        row_height = max((h for _w, h, _b in row), default=0)
        for _w, _h, body in row:
            parts.append(f"<g transform='translate({x},{y})'>{body}</g>")
            x += col_width + PAD
        y += row_height + PAD
    return (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{total_width}' height='{y}' "
        f"viewBox='0 0 {total_width} {y}' {FONT}>\n"
        f"<rect width='{total_width}' height='{y}' fill='#fbf8f1'/>\n"
        + "\n".join(parts)
        + "\n</svg>\n"
    )


def grid_parts(
    engine: Engine,
    kingdom: Kingdom,
    sheet: ScoreSheet,
    xs: range,
    ys: range,
    *,
    top: int = 0,
    placed_by: dict[int, int] | None = None,
) -> list[str]:
    """SVG elements of a kingdom's squares ``xs`` x ``ys`` (castle-relative), drawn from
    (0, ``top``): terrain, crowns, castle, plugin notes, property outlines and points.

    Every square carries ``data-x``/``data-y`` (its coordinates), so a page can find
    the square under a click. ``placed_by`` (cell -> seat) marks who placed each square
    (team kingdoms).
    """
    board = kingdom.board
    terrains = engine.registry.terrains
    region_of: dict[int, int] = {}
    label_cell: dict[int, int] = {}
    for index, (_terrain, mask) in enumerate(kingdom.regions):
        for cell in board.cells_of(mask):
            region_of[cell] = index
        label_cell[index] = (mask & -mask).bit_length() - 1
    by_name = {line.name: line for line in sheet.properties}
    out: list[str] = []

    def pos(x: int, y: int) -> tuple[int, int]:
        return (x - xs.start) * CELL, top + (y - ys.start) * CELL

    for y in ys:
        for x in xs:
            cell = board.cell(x, y)
            px, py = pos(x, y)
            out.extend(_square(engine, kingdom, cell, px, py, x, y))
            if placed_by and cell in placed_by:
                out.append(_seat_mark(placed_by[cell], px, py))
    # Property outlines: a thick line wherever two neighbours are not one property.
    for y in ys:
        for x in xs:
            cell = board.cell(x, y)
            here = region_of.get(cell)
            if here is None:
                continue
            px, py = pos(x, y)
            for dx, dy, x1, y1, x2, y2 in (
                (1, 0, CELL, 0, CELL, CELL),
                (-1, 0, 0, 0, 0, CELL),
                (0, 1, 0, CELL, CELL, CELL),
                (0, -1, 0, 0, CELL, 0),
            ):
                nx, ny = x + dx, y + dy
                inside = nx in xs and ny in ys
                if not inside or region_of.get(board.cell(nx, ny)) != here:
                    out.append(
                        f"<line class='border' x1='{px + x1}' y1='{py + y1}' x2='{px + x2}' "
                        f"y2='{py + y2}' stroke='#222' stroke-width='3' stroke-linecap='square'/>"
                    )
    # Points badge on each scoring property's first square.
    for index, (terrain, _mask) in enumerate(kingdom.regions):
        cell = label_cell[index]
        x, y = board.xy(cell)
        line = by_name.get(f"{terrains[terrain].name} at {x},{y}")
        if line is None or not line.points:
            continue
        px, py = pos(x, y)
        out.append(
            f"<g class='points'><circle cx='{px + CELL - 14}' cy='{py + CELL - 14}' r='11' "
            "fill='#fff' stroke='#222' stroke-width='1.5'/>"
            f"<text x='{px + CELL - 14}' y='{py + CELL - 10}' font-size='11' "
            f"font-weight='bold' text-anchor='middle'>{line.points}</text></g>"
        )
    return out


def _panel(engine: Engine, title: str, kingdom: Kingdom, sheet: ScoreSheet) -> tuple[int, int, str]:
    xs = range(kingdom.minx, kingdom.maxx + 1)
    ys = range(kingdom.miny, kingdom.maxy + 1)
    grid_w, grid_h = len(xs) * CELL, len(ys) * CELL
    out: list[str] = [
        f"<text x='0' y='20' font-size='18' font-weight='bold'>{escape(title)} "
        f"<tspan font-weight='normal'>— {sheet.total} points</tspan></text>"
    ]
    top = TITLE
    out.extend(grid_parts(engine, kingdom, sheet, xs, ys, top=top))
    y = top + grid_h + 22
    rows: list[tuple[str | None, str]] = []
    icon, icons = engine.registry.icon_words
    for line in sheet.properties:
        colour = _colour_of(engine, line.terrain)
        crowns = f"{line.crowns} {icon if line.crowns == 1 else icons}"
        rows.append(
            (colour, f"{line.terrain}: {_n(line.squares, 'square')} × {crowns} = {line.points}")
        )
    for line in (*sheet.bonuses, *sheet.others):
        rows.append((None, f"{_line_words(line.kind, line.name)}: {line.points:+d}"))
    rows.append((None, f"total: {sheet.total}"))
    seen: dict[str, Piece] = {}
    for cell in kingdom.board.cells_of(kingdom.occupied):
        for piece in pieces_at(engine, kingdom, cell):
            seen.setdefault(piece.words, piece)
    for colour, text in rows:
        if colour is not None:
            out.append(
                f"<rect x='0' y='{y - 11}' width='12' height='12' fill={quoteattr(colour)} "
                "stroke='#222' stroke-width='0.5'/>"
            )
        weight = " font-weight='bold'" if text.startswith("total") else ""
        out.append(f"<text x='18' y='{y}' font-size='13'{weight}>{escape(text)}</text>")
        y += LINE
    for words, piece in sorted(seen.items()):
        out.append(f"<g class='legend'>{_piece(piece, 0, y - 12, 14)}")
        out.append(f"<text x='18' y='{y}' font-size='13'>{escape(words)}</text></g>")
        y += LINE
    width = max(grid_w, MIN_WIDTH)
    return width, y, "".join(out)


def _line_words(kind: str, name: str) -> str:
    """A score line in words: ``bonus middle kingdom``; ``horde at 1,2: ...`` stays as is."""
    name = name.replace("_", " ")
    kind = kind.replace("_", " ")
    return name if name.startswith(kind) else f"{kind} {name}"


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _colour_of(engine: Engine, terrain: str | None) -> str | None:
    for t in engine.registry.terrains:
        if t.name == terrain:
            return t.colour
    return None


def kingdom_svg(
    engine: Engine,
    kingdom: Kingdom,
    sheet: ScoreSheet,
    *,
    window: bool = False,
    placed_by: dict[int, int] | None = None,
) -> str:
    """One kingdom's grid as an ``<svg>`` element (no title or score sheet): the browser
    table's board. ``window`` adds every empty square the kingdom can still grow into.
    """
    if window:
        xs, ys = kingdom.room()  # the ruleset's shape: no row it can never use
    else:
        xs = range(kingdom.minx, kingdom.maxx + 1)
        ys = range(kingdom.miny, kingdom.maxy + 1)
    width, height = len(xs) * CELL, len(ys) * CELL
    body = "".join(grid_parts(engine, kingdom, sheet, xs, ys, placed_by=placed_by))
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' class='kingdom' width='{width}' "
        f"height='{height}' viewBox='0 0 {width} {height}' data-x0='{xs.start}' "
        f"data-y0='{ys.start}' data-cell='{CELL}' {FONT}>{body}</svg>"
    )


def game_kingdom_svg(
    game: Game, k: int, sheet: ScoreSheet | None = None, cache: dict[int, Any] | None = None
) -> str:
    """Kingdom ``k`` of ``game`` as the table shows it (:func:`kingdom_svg`): with the
    squares it can still grow into while the game is on, and each square marked with
    its builder in a shared (team) kingdom. ``sheet``: its score sheet (default: the
    game's). ``cache``: a dict kept between calls for one game, so an unchanged
    kingdom is not drawn again."""
    kingdom = game.kingdoms[k]
    if sheet is None:
        sheet = game.scores()[k]
    window = not game.is_terminal()
    key = None
    if cache is not None:
        layers = repr(
            sorted((name, sorted(layer.items())) for name, layer in kingdom.layers.items())
        )
        key = (
            kingdom.occupied,
            tuple(kingdom.crowns_at),
            layers,
            sheet,
            window,
            len(kingdom.placements),
        )
        found = cache.get(k)
        if found is not None and found[0] == key:
            return str(found[1])
    svg = kingdom_svg(game.engine, kingdom, sheet, window=window, placed_by=_placed_by(game, k))
    if cache is not None:
        cache[k] = (key, svg)
    return svg


def _placed_by(game: Game, k: int) -> dict[int, int] | None:
    """Square -> seat that built it, in a kingdom several seats build (Teamdomino)."""
    if len(game.config.seats_of(k)) < 2:
        return None
    marks: dict[int, int] = {}
    for seat, _domino, a, b in game.kingdoms[k].placements:
        marks[a] = marks[b] = seat
    return marks


def seat_mark(seat: int) -> str:
    """The letter that marks a seat's squares in a shared (team) kingdom: ``a`` for seat 0."""
    return chr(ord("a") + seat % 26)


#: Colours of the seat marks on a team kingdom's squares (by seat, cycling).
SEAT_COLOURS = (
    "#d32f2f",
    "#1976d2",
    "#388e3c",
    "#f9a825",
    "#7b1fa2",
    "#00838f",
    "#5d4037",
    "#c2185b",
)


def _seat_mark(seat: int, px: int, py: int) -> str:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return (
        f"<g class='seat-mark' data-seat='{seat}'><circle cx='{px + CELL - 9}' cy='{py + 9}' "
        f"r='7' fill='{colour}' stroke='#fff' stroke-width='1'/><text x='{px + CELL - 9}' "
        f"y='{py + 12}' font-size='9' fill='#fff' text-anchor='middle'>{seat_mark(seat)}"
        "</text></g>"
    )


def _square(
    engine: Engine, kingdom: Kingdom, cell: int, px: int, py: int, x: int, y: int
) -> list[str]:
    t = kingdom.terrain_at[cell]
    at = f"data-x='{x}' data-y='{y}'"
    if t == EMPTY:
        return [
            f"<rect class='empty' {at} x='{px + 1}' y='{py + 1}' width='{CELL - 2}' "
            f"height='{CELL - 2}' fill='#eeeae0' stroke='#c8c2b4' stroke-dasharray='4 3'/>"
        ]
    if t == CASTLE:
        return [
            f"<rect class='castle' {at} x='{px}' y='{py}' width='{CELL}' height='{CELL}' "
            "fill='#f5f5f5' stroke='#888'/>",
            f"<path transform='translate({px + 2},{py + 2})' d='{_CASTLE}' fill='#9e9e9e' "
            "stroke='#424242' stroke-width='1.5'/>",
        ]
    terrain = engine.registry.terrains[t]
    out = [
        f"<rect class='square' {at} data-terrain={quoteattr(terrain.name)} x='{px}' y='{py}' "
        f"width='{CELL}' height='{CELL}' fill={quoteattr(terrain.colour)} stroke='#555' "
        "stroke-width='0.5'/>",
        f"<text x='{px + 4}' y='{py + CELL - 5}' font-size='10' fill='#fff' "
        f"stroke='#000' stroke-width='0.3'>{escape(terrain.letter)}</text>",
    ]
    pieces = pieces_at(engine, kingdom, cell)
    fire = engine.registry.icon_words[0] == "fire"
    tokens = sum(p.shape == "fire" for p in pieces)  # fire tokens: drawn as tokens, not icons
    fire_token = next((int(p.label) for p in pieces if p.shape == "fire" and p.label.isdigit()), 0)
    printed = kingdom.crowns_at[cell] - (fire_token if tokens else 0)
    for i in range(printed):
        shape, d = ("flame", _FLAME) if fire else ("crown", _CROWN)
        out.append(
            f"<path class='{shape}' transform='translate({px + 4 + i * 16},{py + 4}) scale(1.2)' "
            f"d='{d}' fill='{'#ff7043' if fire else '#ffd54f'}' stroke='#5d4037' "
            "stroke-width='0.7'/>"
        )
    # Pieces in the middle of the square: clear of the crowns (top), the terrain letter
    # (bottom left) and the property's points (bottom right). At most two fit.
    for i, piece in enumerate(pieces[:2]):
        out.append(_piece(piece, px + 6 + i * 22, py + 20 - i * 6, 20))
    return out


def _piece(piece: Piece, x: int, y: int, size: int) -> str:
    """One piece as an icon ``size`` wide at ``x, y``, its label written on it."""
    cls = f"piece {piece.shape}"
    title = f"<title>{escape(piece.words)}</title>"
    k = size / 12
    label = escape(piece.label)
    font = max(6, int(size * 0.45))
    cx, cy = x + size / 2, y + size / 2
    text = (
        f"<text x='{cx:.1f}' y='{cy + font / 3:.1f}' font-size='{font}' text-anchor='middle' "
        f"fill='#000'>{label}</text>"
        if label
        else ""
    )
    if piece.shape == "fire":
        body = (
            f"<path transform='translate({x},{y}) scale({k:.2f})' d='{_FLAME}' fill='#ff5722' "
            "stroke='#7f0000' stroke-width='0.8'/>"
        )
    elif piece.shape == "crater":
        n = int(piece.label) if piece.label.isdigit() else 1
        r = size / 6
        body = "".join(
            f"<circle cx='{x + r + i * 2.4 * r:.1f}' cy='{cy:.1f}' r='{r:.1f}' fill='#3e2723' "
            "stroke='#ffab91' stroke-width='1'/>"
            for i in range(n)
        )
        text = ""
    elif piece.shape == "tile":
        body = (
            f"<path transform='translate({x},{y}) scale({k:.2f})' d='{_HOUSE}' fill='#fff3c4' "
            "stroke='#5d4037' stroke-width='0.8'/>"
        )
        if label == "⌂":
            text = ""
    elif piece.shape == "figure":
        body = (
            f"<path transform='translate({x},{y}) scale({k:.2f})' d='{_PERSON}' fill='#ffe0b2' "
            "stroke='#3e2723' stroke-width='0.8'/>"
        )
        text = (
            f"<text x='{cx:.1f}' y='{y + size + font * 0.3:.1f}' font-size='{font}' "
            f"text-anchor='middle' fill='#000' stroke='#fff' stroke-width='0.3'>{label}</text>"
        )
    else:  # a token
        body = (
            f"<circle cx='{cx:.1f}' cy='{cy:.1f}' r='{size / 2 - 1:.1f}' fill='#d7a86e' "
            "stroke='#4e342e' stroke-width='1'/>"
        )
    return f"<g class='{cls}'>{title}{body}{text}</g>"
