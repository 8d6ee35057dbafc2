"""Pieces: how displays show the things plugins put on squares (tokens, tiles,
figures), in the game's words; and table notes: what a plugin says about its part of
the table, with the pieces picture displays draw of it."""

from __future__ import annotations

from attrs import frozen

from .components import DominoId


@frozen(kw_only=True, slots=True)
class Piece:
    """How displays show one thing on a square (a token, a tile, a figure).

    A plugin gives one per annotation value (``Annotation.piece``), so the terminal
    grid, the pictures (``--svg``) and the browser show its pieces without code of
    their own, in the game's words rather than the text format's.
    """

    #: One character in terminal grids, e.g. ``"•"`` for a resource token.
    symbol: str
    #: The thing in words for the key and the legend: ``"wheat token"``, ``"Amazon warrior"``.
    words: str
    #: At most 3 characters written on the piece in pictures: ``"Fa"`` (Farmer), ``"2"``.
    label: str = ""
    #: The drawing in pictures: ``"token"`` (a disc), ``"tile"`` (a square),
    #: ``"figure"`` (a person), ``"fire"`` (a flame), ``"crater"`` (volcano craters) or
    #: ``"footprints"`` (a giant's steps); a display draws a shape it does not know as
    #: a token.
    shape: str = "token"


@frozen(kw_only=True, slots=True)
class OnDomino:
    """Pieces lying on a domino of the lines, before it is placed (the Court's and
    Origins' resource tokens, Age of Giants' footprints), for :class:`TableNote`."""

    #: The domino (its id, as in actions).
    domino: DominoId
    #: The piece on its first half, or None.
    first: Piece | None = None
    #: The piece on its second half, or None.
    second: Piece | None = None
    #: A piece about the whole domino (a giant domino, footprints), or None.
    whole: Piece | None = None


@frozen(kw_only=True, slots=True)
class TableNote:
    """One line a plugin says about its part of the table (``kd_describe_game`` may
    return these besides plain strings), with what picture displays draw of it.

    Text displays (``kd play``, ``kd replay``) print :attr:`words`, as they print a
    plain string; the browser draws :attr:`pieces` in a row and :attr:`on_dominoes`
    on the lines' dominoes, each piece with its own words on hover or tap. So an
    expansion's state (the Court board, the giants' supply, the quests in play) is
    shown as pictures without code of the browser's for any rule set.
    """

    #: The line in words, as text displays print it.
    words: str
    #: The things the line is about, drawn in a row: the Court's tiles face up, the
    #: giants in the supply, the quests in play.
    pieces: tuple[Piece, ...] = ()
    #: Pieces on dominoes of the lines (drawn on those dominoes).
    on_dominoes: tuple[OnDomino, ...] = ()

    def __str__(self) -> str:
        return self.words


def note_words(note: str | TableNote) -> str:
    """A ``kd_describe_game`` line in words: a string as it is, a note's words."""
    return note if isinstance(note, str) else note.words
