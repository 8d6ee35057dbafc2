"""The kingdom text format (docs/formats.md): read and write kingdoms as text.

::

    # comment
    W0 W1 F0 . .
    C  F0 F1 L0 L0

One row per line, cells separated by whitespace, ``.`` empty, ``C`` the castle, a
square is a terrain letter and its crowns. Plugins extend a square with
annotations, each ``+key`` or ``+key=value`` right after the crowns (``W0+wheat``,
``V0+craters=2``); they register them with ``Registry.add_annotation``. Things a
kingdom holds as a whole (Origins totems) are annotations on the castle:
``C+totem=fish``.
"""

from __future__ import annotations

import re

from ..engine.engine import Engine
from ..errors import KingdomFormatError
from ..i18n import get_translation
from ..inputs.limits import MAX_CROWNS, MAX_KINGDOM_BYTES
from ..model.kingdom import CASTLE, EMPTY, Kingdom

# ASCII digits only: ``str.isdigit`` and ``\d`` accept "٣" (Arabic-Indic three).
_ = get_translation("kingdomino_core")

_SQUARE = re.compile(r"^([A-Za-z])([0-9]+)((?:\+[^+\s]+)*)$")
_CASTLE = re.compile(r"^C((?:\+[^+\s]+)*)$")


def parse_kingdom(
    text: str, engine: Engine, *, source: str = "", connected: bool = False
) -> Kingdom:
    """Read a kingdom; raise ``KingdomFormatError`` with line and column on bad input.

    Refused besides malformed tokens: more than ``MAX_KINGDOM_BYTES`` of text, a grid
    larger than the ruleset's kingdom, crowns beyond what the ruleset's squares can
    carry and, with ``connected`` (what ``kd score`` reads: a real table's kingdom),
    squares connected to nothing: every square of a kingdom touches the castle
    through other squares. Tests build partial grids with ``connected=False``. Work
    stops at the first problem, so a huge file costs no more than its first rows.
    """
    if len(text) > MAX_KINGDOM_BYTES:
        raise KingdomFormatError(
            _("larger than {n} bytes: not a kingdom (see docs/trust.md, Limits)").format(
                n=MAX_KINGDOM_BYTES
            ),
            source=source,
        )
    size = engine.config.kingdom_size
    rows: list[tuple[int, list[tuple[int, str]]]] = []
    for lineno, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        cells = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]
        if rows and len(cells) != len(rows[0][1]):
            raise KingdomFormatError(
                _("ragged rows: this row has {n} cells, the first row has {first}").format(
                    n=len(cells), first=len(rows[0][1])
                ),
                line=lineno,
                column=cells[-1][0] if cells else 1,
                source=source,
            )
        if len(cells) > size or len(rows) == size:
            why = (
                _("{n} cells in this row").format(n=len(cells))
                if len(cells) > size
                else _("too many rows")
            )
            raise KingdomFormatError(
                _("the grid is larger than the ruleset's {size}x{size} kingdom ({why})").format(
                    size=size, why=why
                ),
                line=lineno,
                source=source,
            )
        rows.append((lineno, cells))
    if not rows:
        raise KingdomFormatError(_("no rows: the kingdom is empty (no castle)"), source=source)
    castles = [
        (r, c, lineno, col)
        for r, (lineno, cells) in enumerate(rows)
        for c, (col, tok) in enumerate(cells)
        if _CASTLE.match(tok)
    ]
    if len(castles) != 1:
        where = castles[1] if castles else None
        raise KingdomFormatError(
            _("two castles: a kingdom has exactly one 'C'")
            if castles
            else _("no castle: a kingdom has exactly one 'C'"),
            line=where[2] if where else rows[0][0],
            column=where[3] if where else 0,
            source=source,
        )
    cr, cc = castles[0][:2]
    if connected:
        _check_connected(rows, cr, cc, source)
    kingdom = Kingdom(engine.board, len(engine.registry.terrains))
    registry = engine.registry
    most = max_crowns(engine)
    for r, (lineno, cells) in enumerate(rows):
        for c, (col, tok) in enumerate(cells):
            if tok == ".":
                continue
            castle = _CASTLE.match(tok)
            if castle:
                cell = engine.board.castle
                _annotate(kingdom, engine, cell, tok, castle.group(1), lineno, col, source)
                continue
            m = _SQUARE.match(tok)
            terrain = registry.terrain_by_letter(m.group(1)) if m else None
            if m is None or terrain is None:
                letters = ", ".join(f"{t.letter} ({t.name})" for t in registry.terrains)
                raise KingdomFormatError(
                    _(
                        "unknown square {square}: expected '.', 'C' or a terrain letter "
                        "({letters}) followed by crowns"
                    ).format(square=_short(tok), letters=letters),
                    line=lineno,
                    column=col,
                    source=source,
                )
            crowns = _crowns(m.group(2), most if not m.group(3) else 9)
            if crowns is None:
                words = (
                    _("{square}: crowns must be one digit from 0 to {most} in this ruleset")
                    if m.group(3)
                    else _(
                        "{square}: crowns must be one digit from 0 to {most} in this ruleset "
                        "(more only with an annotation that adds them)"
                    )
                )
                raise KingdomFormatError(
                    words.format(square=_short(tok), most=most if not m.group(3) else 9),
                    line=lineno,
                    column=col,
                    source=source,
                )
            cell = engine.board.cell(c - cc, r - cr)
            kingdom.put(cell, registry.terrain_index(terrain.name), crowns)
            _annotate(kingdom, engine, cell, tok, m.group(3), lineno, col, source)
    return kingdom


def check_kingdom_rules(engine: Engine, kingdom: Kingdom, *, source: str = "") -> None:
    """Raise ``KingdomFormatError`` when a placement rule of ``engine`` refuses the whole
    ``kingdom`` (``PlacementRule.check_kingdom``: one larger than a 4x6 ruleset's
    shape), naming the rule in its words, never its id: what ``kd score`` checks."""
    game = engine.new_game(seed=0)
    game.kingdoms[0] = kingdom
    for rule in engine.rules.placement_rules:
        message = rule.check_kingdom(game, kingdom)
        if message is not None:
            raise KingdomFormatError(
                _("the ruleset's rules refuse this kingdom ({rule}): {message}").format(
                    rule=rule.description, message=message
                ),
                source=source,
            )


def _short(tok: str) -> str:
    """A token as quoted in a message, cut short if it is long."""
    return repr(tok if len(tok) <= 24 else tok[:20] + "...")


def max_crowns(engine: Engine) -> int:
    """Most crowns a square may carry: 3 (the format's range), or more if the ruleset's
    dominoes print more."""
    printed = (max(d.crowns_a, d.crowns_b) for d in engine.deck.values())
    return max(MAX_CROWNS, *printed)


def _crowns(digits: str, most: int) -> int | None:
    """The crowns of a square, or None if out of range (checked before converting, so
    a 5,000-digit number costs nothing)."""
    if len(digits) != 1:
        return None
    value = int(digits)
    return value if value <= most else None


def _check_connected(
    rows: list[tuple[int, list[tuple[int, str]]]], cr: int, cc: int, source: str
) -> None:
    """Refuse squares that no chain of squares links to the castle."""
    filled = {
        (r, c) for r, (_l, cells) in enumerate(rows) for c, (_col, tok) in enumerate(cells)
        if tok != "."
    }  # fmt: skip
    seen = {(cr, cc)}
    todo = [(cr, cc)]
    while todo:
        r, c = todo.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in filled and near not in seen:
                seen.add(near)
                todo.append(near)
    for r, (lineno, cells) in enumerate(rows):
        for c, (col, tok) in enumerate(cells):
            if tok != "." and (r, c) not in seen:
                raise KingdomFormatError(
                    _(
                        "square {square!r} is connected to nothing: every square of a kingdom "
                        "touches the castle through other squares"
                    ).format(square=tok),
                    line=lineno,
                    column=col,
                    source=source,
                )


def _annotate(
    kingdom: Kingdom,
    engine: Engine,
    cell: int,
    tok: str,
    notes: str,
    lineno: int,
    col: int,
    source: str,
) -> None:
    """Apply the ``+key=value`` annotations of token ``tok`` to ``cell``."""
    registry = engine.registry
    for note in filter(None, notes.split("+")):
        key, eq, value = note.partition("=")
        ann = registry.annotations.get(key)
        if ann is None:
            known = ", ".join(sorted(registry.annotations)) or _("none in this ruleset")
            raise KingdomFormatError(
                _("unknown annotation '+{key}' in {square!r}; known: {known}").format(
                    key=key, square=tok, known=known
                ),
                line=lineno,
                column=col,
                source=source,
            )
        if ann.on_castle != (cell == kingdom.board.castle):
            words = (
                _("annotation '+{key}' in {square!r} belongs on the castle ('C')")
                if ann.on_castle
                else _("annotation '+{key}' in {square!r} belongs on a square, not on the castle")
            )
            raise KingdomFormatError(
                words.format(key=key, square=tok),
                line=lineno,
                column=col,
                source=source,
            )
        try:
            ann.parse(kingdom, cell, value if eq else None)
        except ValueError as exc:
            raise KingdomFormatError(
                _("bad annotation '+{note}' in {square!r}: {reason}").format(
                    note=note, square=tok, reason=exc
                ),
                line=lineno,
                column=col,
                source=source,
            ) from None


def format_square(kingdom: Kingdom, engine: Engine, cell: int) -> str:
    """The text token of one cell (``.``, ``C`` or a square with its annotations)."""
    t = kingdom.terrain_at[cell]
    if t == EMPTY:
        return "."
    letter = "C" if t == CASTLE else engine.registry.terrains[t].letter
    token = letter if t == CASTLE else f"{letter}{kingdom.crowns_at[cell]}"
    for ann in engine.registry.annotations.values():
        for note in ann.render(kingdom, cell):
            token += "+" + note
    return token


def format_kingdom(kingdom: Kingdom, engine: Engine) -> list[str]:
    """Rows of the kingdom's bounding box, cells joined by one space (the JSON ``grid``)."""
    board = kingdom.board
    rows = []
    for y in range(kingdom.miny, kingdom.maxy + 1):
        row = [
            format_square(kingdom, engine, board.cell(x, y))
            for x in range(kingdom.minx, kingdom.maxx + 1)
        ]
        rows.append(" ".join(row))
    return rows
