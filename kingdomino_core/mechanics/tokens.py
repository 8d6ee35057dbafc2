"""Resource tokens that ride on a line's dominoes into the kingdom.

The Court and Origins lay a token on every crownless square of a producing terrain
when a line is laid out; whoever places the domino moves its tokens onto the two
squares it covers. What becomes of a discarded domino's tokens, and how tokens are
counted, stays each plugin's own rule: :func:`line_tokens` asks the plugin through
``take`` before a token is laid, and :func:`put_tokens` only moves them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.actions import Place
    from ..model.components import DominoId
    from ..model.kingdom import Kingdom

#: The tokens on a domino's two squares, in the domino's square order (None: none).
Tokens = tuple[str | None, str | None]


def line_tokens(
    game: Game,
    domino: DominoId,
    resource_of_terrain: Mapping[str, str],
    take: Callable[[str], bool] | None = None,
) -> Tokens:
    """The token laid on each square of ``domino`` as its line is laid out.

    A square gets the resource of its terrain (``resource_of_terrain``) when it has
    no crown; ``take(resource)``, when given, is asked first and may refuse (a supply
    that ran out) or count the token laid. Returns ``(None, None)`` when no square
    gets one.
    """
    found: list[str | None] = []
    for square in game.domino(domino).domino.squares:
        resource = None if square.crowns else resource_of_terrain.get(square.terrain)
        if resource is not None and take is not None and not take(resource):
            resource = None
        found.append(resource)
    return (found[0], found[1])


def put_tokens(kingdom: Kingdom, layer: str, action: Place, tokens: Tokens) -> None:
    """Move a placed domino's ``tokens`` onto the squares it covers, in ``layer``.

    The first token goes on ``(action.x, action.y)``, the second on
    ``action.second``; ``None`` leaves that square as it was.
    """
    board = kingdom.board
    cells = kingdom.layer(layer)
    first, second = tokens
    if first is not None:
        cells[board.cell(action.x, action.y)] = first
    if second is not None:
        cells[board.cell(*action.second)] = second
