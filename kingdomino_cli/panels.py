"""The panels beside the kingdoms: the round, the lines with their kings, the key of
the letters and pieces, and what the plugins say about the table (their notes).

:mod:`kingdomino_cli.display` lays them out next to the kingdoms
(:mod:`kingdomino_cli.grid`); the dominoes' squares are drawn as the grid draws them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from kingdomino_core import Game
from kingdomino_core.engine.views import describe_game
from kingdomino_core.engine.words import domino_name, kingdom_name, pieces_at
from kingdomino_core.i18n import package_translation
from kingdomino_core.model.components import DominoId
from kingdomino_core.model.pieces import note_words
from kingdomino_play import name_seats

from .grid import domino_cells
from .terminal import MINE, ROOM, RULER

_ = package_translation("kingdomino_cli")
_n = _.ngettext


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
                block.append("  " + _("free"), style=ROOM)
            else:
                seat = game.owner(king)
                who = _("{name} (you)").format(name=names[seat]) if seat == me else names[seat]
                block.append(f"  {who}", style=MINE if seat == me else Style())
            if domino in done and line is game.line:
                block.append(" ✓", style=ROOM)
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


def pieces_lines(game: Game, width: int | None = None, names: Sequence[str] = ()) -> list[str]:
    """Every piece on the table with its square, a paragraph per kingdom (wrapped
    at ``width`` between pieces, never inside one), the kingdoms named by their
    players' ``names``.

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
            text = f"{name_seats(kingdom_name(game, index), names)}: {', '.join(found)}"
            if width is None:
                lines.append(text)
                continue
            pieces = [p.replace(" ", "\xa0") for p in text.split(", ")]  # one piece, one unit
            wrapped = textwrap.wrap(", ".join(pieces), width, subsequent_indent="  ")
            lines += [line.replace("\xa0", " ") for line in wrapped]
    return lines


def plugin_text(game: Game, viewer: int | None = None, names: Sequence[str] = ()) -> list[str]:
    """What the plugins say about the table to ``viewer`` (``kd_describe_game``;
    ``game`` is the viewer's view of the game), in words, the seats they name
    (``P2's kingdom``) named by the players' ``names`` as ``kd serve`` names them."""
    return [name_seats(note_words(line), names) for line in describe_game(game, viewer)]
