"""Kingdoms as SVG pictures (``kd score --svg``, ``kd replay --svg``).

Written directly as text, no drawing library: one panel per kingdom with its
squares in their terrain colours (``Terrain.colour``) and terrain letter, crowns,
the castle, each property outlined and labelled with its points, and the score
sheet below (every property, bonus and other score line, and the total).
Plugin annotations (Court tokens, Origins fire, ...) appear as small text in their
square, so expansions show up without code here.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from kingdomino_core import Engine, Kingdom, ScoreSheet
from kingdomino_core.kingdom import CASTLE, EMPTY

from .display import seat_mark

CELL = 56
PAD = 16
TITLE = 34
LINE = 18
MIN_WIDTH = 300
PER_ROW = 4
FONT = "font-family='Helvetica, Arial, sans-serif'"

_CROWN = "M0,8 L0,2 L3,5 L5,0 L7,5 L10,2 L10,8 Z"  # 10 x 8, scaled per use
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
    for line in sheet.properties:
        colour = _colour_of(engine, line.terrain)
        rows.append(
            (colour, f"{line.terrain}: {_n(line.squares, 'square')} × "
                     f"{_n(line.crowns, 'crown')} = {line.points}")
        )  # fmt: skip
    for line in (*sheet.bonuses, *sheet.others):
        rows.append((None, f"{line.kind} {line.name}: {line.points:+d}"))
    rows.append((None, f"total: {sheet.total}"))
    for colour, text in rows:
        if colour is not None:
            out.append(
                f"<rect x='0' y='{y - 11}' width='12' height='12' fill={quoteattr(colour)} "
                "stroke='#222' stroke-width='0.5'/>"
            )
        weight = " font-weight='bold'" if text.startswith("total") else ""
        out.append(f"<text x='18' y='{y}' font-size='13'{weight}>{escape(text)}</text>")
        y += LINE
    width = max(grid_w, MIN_WIDTH)
    return width, y, "".join(out)


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
        reach = kingdom.board.size - 1
        xs = range(kingdom.maxx - reach, kingdom.minx + reach + 1)
        ys = range(kingdom.maxy - reach, kingdom.miny + reach + 1)
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
    for i in range(kingdom.crowns_at[cell]):
        out.append(
            f"<path class='crown' transform='translate({px + 4 + i * 16},{py + 4}) scale(1.4)' "
            f"d='{_CROWN}' fill='#ffd54f' stroke='#5d4037' stroke-width='0.7'/>"
        )
    notes = [n for ann in engine.registry.annotations.values() for n in ann.render(kingdom, cell)]
    for i, note in enumerate(notes[:3]):  # one per line; at most 3 fit in a square
        out.append(
            f"<text class='note' x='{px + CELL - 3}' y='{py + 24 + 9 * i}' font-size='7' "
            f"text-anchor='end' fill='#000'>{escape('+' + note)}</text>"
        )
    return out
