"""Pieces: how displays show the things plugins put on squares (tokens, tiles,
figures), in the game's words."""

from __future__ import annotations

from attrs import frozen


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
    #: ``"figure"`` (a person), ``"fire"`` (a flame) or ``"crater"`` (volcano craters).
    shape: str = "token"
