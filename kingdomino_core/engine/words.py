"""Decisions and actions in words, for the people at the table.

Every display (the terminal of ``kd play``, the browser table) asks the same two
questions through the step handler of the decision being made:

* :func:`describe_step`: what is being decided, e.g. "Place domino 23 (wheat 1
  crown | forest) in your kingdom" (``StepHandler.describe``);
* :func:`describe_action`: one choice, with its costs and effects
  (``StepHandler.describe_action``).

The small helpers here (:func:`seat_name`, :func:`domino_words`, :func:`icons`, ...)
are what handlers use to write those sentences the same way everywhere: players are
named ``P1``, ``P2``... (1-based, as on the screen), squares by ``x,y`` with the
castle at 0,0, dominoes by name (:func:`domino_name`: the printed label or number)
and halves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import get_translation
from ..model.actions import Action, Step
from ..model.components import DominoId, Square
from ..model.kingdom import CASTLE, EMPTY, Kingdom
from ..model.pieces import Piece

if TYPE_CHECKING:  # words are written about games, whose handlers use this module
    from .engine import Engine
    from .game import Game

_ = get_translation("kingdomino_core")
_l = _.lazy

_ORDINALS = (
    _l("first"),
    _l("second"),
    _l("third"),
    _l("fourth"),
    _l("fifth"),
    _l("sixth"),
    _l("seventh"),
    _l("eighth"),
)


def plural(n: int, singular: str, many: str | None = None) -> str:
    """``1 crown``, ``2 crowns``; ``many`` for irregular plurals (``fire``)."""
    return f"{n} {singular if n == 1 else (many or str(singular) + 's')}"


def ordinal(n: int) -> str:
    """``first``, ``second``... for 1, 2...; ``9th`` beyond eight."""
    return str(_ORDINALS[n - 1]) if 1 <= n <= len(_ORDINALS) else _("{n}th").format(n=n)


def seat_name(seat: int) -> str:
    """The name of a seat on the screen: ``P1`` for seat 0."""
    return f"P{seat + 1}"


def kingdom_name(game: Game, kingdom: int) -> str:
    """``P2's kingdom``; a shared (Teamdomino) kingdom names its builders: ``P1 and P3's``."""
    seats = game.config.seats_of(kingdom)
    return _("{names}'s kingdom").format(names=_(" and ").join(seat_name(s) for s in seats))


def icons(game: Game, n: int) -> str:
    """``n`` scoring icons in the words of the active rules: ``2 crowns``, ``2 fire``."""
    singular, many = game.engine.registry.icon_words
    return plural(n, singular, many)


def square_words(game: Game, terrain: int, crowns: int) -> str:
    """A square by terrain and icons: ``wheat 1 crown``, ``forest``."""
    name = game.engine.registry.terrains[terrain].name
    return f"{name} {icons(game, crowns)}" if crowns else str(name)


def domino_name(game: Game, domino: DominoId) -> str:
    """The domino as people see it named: its printed label (``A``), else its number.

    Every display names dominoes this way (:attr:`Domino.name
    <kingdomino_core.model.components.Domino.name>`); saves, JSON and logs keep the id.
    """
    return game.domino(domino).domino.name


def find_domino(game: Game, text: str) -> DominoId | None:
    """The domino of the deck a person typed: its label (``A``, any case) or its id
    (``17``, ``2:17``, ``-6``); None when no domino of the deck is named so."""
    typed = text.strip()
    try:
        found = DominoId.parse(typed)
    except ValueError:
        wanted = typed.upper()
        for play in game.engine.deck.values():
            if play.domino.label and play.domino.name.upper() == wanted:
                return play.id
        return None
    return found if found in game.engine.deck else None


def mark_pieces(engine: Engine, square: Square) -> list[Piece]:
    """The printed marks of a domino's ``square`` (``Square.marks``) as displays show
    them, from the pieces plugins registered (:meth:`Registry.add_mark
    <kingdomino_core.engine.registry.Registry.add_mark>`); a mark with none is not shown."""
    found = engine.registry.marks
    return [found[name](value) for name, value in square.marks if name in found]


def half_words(game: Game, domino: DominoId, half: int) -> str:
    """Half ``half`` (0: first, 1: second) of a domino in words: the square
    (:func:`square_words`), then its printed marks (``volcano 2 craters``)."""
    dom = game.domino(domino)
    terrain, crowns = (dom.terrain_a, dom.crowns_a) if half == 0 else (dom.terrain_b, dom.crowns_b)
    marks = [piece.words for piece in mark_pieces(game.engine, dom.domino.squares[half])]
    return " ".join([square_words(game, terrain, crowns), *marks])


def domino_words(game: Game, domino: DominoId) -> str:
    """``23 (wheat 1 crown | forest)``: the name (:func:`domino_name`), then the first
    and second half (:func:`half_words`)."""
    a, b = half_words(game, domino, 0), half_words(game, domino, 1)
    return f"{domino_name(game, domino)} ({a} | {b})"


def cell_words(game: Game, kingdom: Kingdom, cell: int) -> str:
    """What stands on a square of a kingdom now: ``lake 1 crown``, ``castle``, ``empty``."""
    terrain = kingdom.terrain_at[cell]
    if terrain == EMPTY:
        return _("empty")
    if terrain == CASTLE:
        return _("castle")
    return square_words(game, terrain, kingdom.crowns_at[cell])


def pieces_at(engine: Engine, kingdom: Kingdom, cell: int) -> list[Piece]:
    """The things on a square as displays show them (from the plugins' annotations).

    An annotation without a ``piece`` function is shown as its text (``+key=value``).
    """
    out = []
    for ann in engine.registry.annotations.values():
        for note in ann.render(kingdom, cell):
            key, eq, value = note.partition("=")
            if ann.piece is not None:
                out.append(ann.piece(value if eq else None))
            else:
                out.append(Piece(symbol="+", words=f"+{note}", label=key[:3]))
    return out


def describe_step(game: Game, step: Step | None = None) -> str:
    """The decision ``step`` (default: the current one) in words, from its handler."""
    step = game.step if step is None else step
    if step is None:
        return _("The game is over.")
    return game.handler(step).describe(game, step)


def describe_action(game: Game, action: Action, step: Step | None = None) -> str:
    """One choice of the decision ``step`` (default: the current one) in words."""
    step = game.step if step is None else step
    if step is None:
        return action.describe()
    return game.handler(step).describe_action(game, step, action)


def generic_step_words(step: Step) -> str:
    """The words of a decision whose handler does not describe it: from ``step.kind``."""
    what = step.kind.rpartition(".")[2].replace("_", " ")
    return _("Choose one ({what})").format(what=what)
