"""The automatic steps of a game: setting it up, laying out lines, the market, and
starting and ending rounds and turns.

A game is a queue of steps (``Game.pending``). Decisions and chance events wait for
an action; the steps here run by themselves as soon as they come first, between
them, calling the round hooks (``kd_draw_pool``, ``kd_order_line``,
``kd_line_discards``, ``kd_turn_order``, ``kd_end_of_turn``...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import PluginError
from ..model.actions import Step
from ..model.components import DominoId, domino_order
from ..model.kingdom import Kingdom

if TYPE_CHECKING:  # the game runs these steps
    from .game import Game


def start_game(game: Game) -> None:
    """Set up a new game (or the next game of a match): empty kingdoms, the full
    pile, the first lines and king draws queued, then ``kd_setup_game``."""
    cfg, eng = game.config, game.engine
    terrains = len(eng.registry.terrains)
    game.kingdoms = [
        Kingdom(eng.board, terrains, castle=cfg.castle_at_start) for _ in range(cfg.kingdoms)
    ]
    game.pile = list(eng.pile)
    game.lines_drawn = 0
    game.line, game.line_kings = [], []
    game.next_line, game.next_kings = [], []
    game.upcoming = []
    game.pool = []
    game.drawn = []
    game.undrawn_kings = list(range(cfg.kings))
    game.unpicked = []
    game.ext = {name: state.factory() for name, state in eng.rules.state.items()}
    game.pending[:] = [
        *[_LAY_OUT_LINE] * (1 + cfg.lookahead_lines),
        *[_DRAW_KING] * cfg.kings,
        _START_ROUND,
    ]
    if "kd_setup_game" in game.hooks.implemented:
        game.hooks.kd_setup_game(game=game)


def more_lines(game: Game) -> bool:
    """Whether another line can be laid out (lines left to draw, dominoes left)."""
    return game.lines_drawn < game.config.lines_total and bool(game.pile)


def lay_out_line(game: Game, step: Step) -> None:
    """Start laying out the next line: its pool (``kd_draw_pool``), then one reveal
    per domino and ``line_ready``."""
    if not more_lines(game):
        return
    game.lines_drawn += 1
    hooks = game.hooks
    # The round hooks are skipped, not called, when no plugin implements them (the
    # table's ``implemented``, found once): they run several times a game.
    pool = None
    if "kd_draw_pool" in hooks.implemented:
        pool = hooks.kd_draw_pool(game=game, line_number=game.lines_drawn)
    if pool is None:
        pool = game.pile[:]  # the pile is kept sorted
    else:
        pool = sorted(pool, key=domino_order)
        pile = set(map(domino_order, game.pile))
        stray = [str(d) for d in pool if domino_order(d) not in pile]
        if stray:
            raise PluginError(f"kd_draw_pool offered dominoes not in the pile: {', '.join(stray)}")
    game.pool = pool
    game.drawn = []
    n = min(game.config.line_size, len(pool))
    game.insert_steps([*[_REVEAL] * n, _LINE_READY])


def line_ready(game: Game, step: Step) -> None:
    """The revealed line, ordered (``kd_order_line``) and cut by the market
    (``kd_line_discards``), becomes the line to pick from (or an upcoming one)."""
    drawn = game.drawn
    hooks = game.hooks
    implemented = hooks.implemented
    order = None
    if "kd_order_line" in implemented:
        order = hooks.kd_order_line(game=game, dominoes=list(drawn))
    if order is None:
        order = list(drawn)
    elif len(order) != len(drawn) or sorted(order, key=domino_order) != sorted(
        drawn, key=domino_order
    ):
        raise PluginError("kd_order_line must return the drawn dominoes, reordered")
    order = list(order)
    game.pool, game.drawn = [], []
    if "kd_line_discards" in implemented:
        found = hooks.kd_line_discards(
            game=game, line_number=game.lines_drawn, dominoes=list(order)
        )
        if found:
            order = market_discards(game, order, found)
    if game.next_line:
        game.upcoming.append(order)
    else:
        game.next_line = order
        game.next_kings = [None] * len(order)
    if "kd_line_laid_out" in implemented:
        hooks.kd_line_laid_out(game=game, line_number=game.lines_drawn, dominoes=list(order))


def market_discards(
    game: Game, line: list[DominoId], found: list[list[DominoId]]
) -> list[DominoId]:
    """Remove the dominoes ``kd_line_discards`` named (``found``) from a new line."""
    gone = {d for ds in found for d in ds}
    if not gone:
        return line
    stray = [str(d) for d in sorted(gone) if d not in line]
    if stray:
        raise PluginError(
            f"kd_line_discards named dominoes not on the new line: {', '.join(stray)}"
        )
    for d in line:
        if d in gone:
            game.discard(d)
    return [d for d in line if d not in gone]


def turn_order(game: Game, kings: list[int]) -> list[int]:
    """The kings of the line (``kings``, in line order) in the order they act
    (``kd_turn_order``)."""
    order = game.hooks.kd_turn_order(game=game, kings=list(kings))
    if order is None:
        return kings
    if sorted(order) != sorted(kings):
        raise PluginError(f"kd_turn_order must return the kings {kings} reordered, not {order!r}")
    return list(order)


def start_round(game: Game, step: Step) -> None:
    """The picked line becomes the line to place: unpicked dominoes are discarded,
    and each king, in turn order, gets a place step, then a claim step while lines
    remain, then an end of turn if a plugin implements ``kd_end_of_turn``."""
    game.line, game.line_kings = game.next_line, game.next_kings
    if game.upcoming:
        game.next_line = game.upcoming.pop(0)
        game.next_kings = [None] * len(game.next_line)
    else:
        game.next_line, game.next_kings = [], []
    more = more_lines(game)
    has_next = more or bool(game.next_line)
    steps: list[Step] = [_LAY_OUT_LINE] if more else []
    engine = game.engine
    owner, claims = engine.king_owner, engine.claim_steps
    # The end of a turn only matters when a plugin offers extra decisions then.
    implemented = game.hooks.implemented
    ends_turn = "kd_end_of_turn" in implemented
    line, line_kings = game.line, game.line_kings
    kings: list[int] = []
    for slot, king in enumerate(line_kings):
        if king is None:
            game.discard(line[slot])
        else:
            kings.append(king)
    if "kd_turn_order" in implemented:
        kings = turn_order(game, kings)
    for king in kings:
        domino = line[line_kings.index(king)]
        seat = owner[king]
        steps.append(Step(kind="place", seat=seat, king=king, domino=domino))
        if has_next:
            steps.append(claims[king])
        if ends_turn:
            steps.append(Step(kind="end_turn", seat=seat, king=king))
    steps.append(_END_ROUND)
    game.insert_steps(steps)


def end_turn(game: Game, step: Step) -> None:
    """``kd_end_of_turn``: the steps plugins add after a king's turn."""
    found = game.hooks.kd_end_of_turn(
        game=game, seat=step.seat, king=step.king, final=not game.next_line
    )
    extra = [s for steps in found for s in steps]
    if extra:
        game.insert_steps(extra)


def end_round(game: Game, step: Step) -> None:
    """The next round, or the end of the game (the next game of a match, if any)."""
    if game.next_line:
        game.insert_steps([_START_ROUND])
        return
    game.line, game.line_kings = [], []
    if game.game_number < game.config.games:
        game.match_sheets.append(tuple(game.scores()))
        game.game_number += 1
        start_game(game)


# Steps without a seat are values: one shared object each instead of one per use.
_LAY_OUT_LINE = Step(kind="lay_out_line")
_LINE_READY = Step(kind="line_ready")
_REVEAL = Step(kind="reveal")
_DRAW_KING = Step(kind="draw_king")
_START_ROUND = Step(kind="start_round")
_END_ROUND = Step(kind="end_round")

#: The automatic steps by kind: ``Game`` runs them as soon as they come first in
#: ``pending``, between the decisions and chance events.
AUTO: dict[str, Callable[[Game, Step], None]] = {
    "lay_out_line": lay_out_line,
    "line_ready": line_ready,
    "start_round": start_round,
    "end_turn": end_turn,
    "end_round": end_round,
}
