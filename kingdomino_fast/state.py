"""A covered Python game in progress as the kernel's state arrays, and its playout.

:func:`state_of` reads a :class:`~kingdomino_core.Game` at any point (a decision, a
chance step, between games of a Dynasty match) into plain arrays;
:func:`play_out` plays it to the end in the kernel (``kingdomino_fast.resume``)
with the ``mcts`` playout policy, drawing chance and the policy's numbers from
one ``random.Random`` as Python's ``play_out`` does, and leaves that generator
exactly where the Python playout would have left it (``docs/fast.md``).
"""

from __future__ import annotations

import math
import random

import numpy as np
from attrs import frozen

from kingdomino_core import Action, Claim, Discard, Engine, Game, Place
from kingdomino_core.model.geometry import DIRECTIONS

from . import kernel as K
from . import resume as R
from . import steps as Q
from .batch import tables_of
from .tables import Tables, engine_problem


@frozen(kw_only=True)
class State:
    """A game in progress as arrays (the arguments of ``resume.play_out_state``;
    each playout works on a copy, see :func:`play_out`)."""

    #: Terrain (-1: empty or the castle) and crowns of each kernel cell, ``[k, cell]``.
    terrain: np.ndarray
    crowns: np.ndarray
    #: Dominoes each kingdom's seats discarded (Harmony without discards).
    discards: np.ndarray
    #: Per kernel domino index: still in the pile.
    in_pile: np.ndarray
    pool: np.ndarray
    drawn: np.ndarray
    line: np.ndarray
    line_kings: np.ndarray
    next_line: np.ndarray
    next_kings: np.ndarray
    undrawn: np.ndarray
    #: ``Game.pending`` as a stack (the last row is ``pending[0]``).
    pending: np.ndarray
    #: The counters, ``steps.I_*``.
    ints: np.ndarray
    #: Finished games of the match: total, largest property, crowns, ``[k, 3]``.
    past: np.ndarray


@frozen(kw_only=True)
class Outcome:
    """The end of a playout, per kingdom."""

    #: Totals in the last game (``Game.score_total``).
    last: np.ndarray
    #: Match totals (the total outside Dynasty).
    totals: np.ndarray
    #: Places, 0 first, ties sharing (``ranked_places``).
    places: np.ndarray
    #: Moves played; ``logs[:moves]`` when a log was asked for.
    moves: int
    logs: np.ndarray | None


def state_problem(game: Game) -> str | None:
    """Why the kernel cannot take over ``game`` (None: it can)."""
    found = engine_problem(game.engine)
    if found is not None:
        return found
    if game.upcoming:
        return "lines laid out ahead"
    for step in game.pending:
        if step.kind not in Q.STEP_KINDS:
            return f"step {step.kind!r} is not covered"
    return None


def state_of(game: Game) -> State:
    """``game`` (``state_problem`` must have said None) as the kernel's arrays."""
    t = tables_of(game.engine)
    index = {d: i for i, d in enumerate(t.ids)}
    board = game.engine.board
    width = 2 * game.config.kingdom_size - 1
    nk = len(game.kingdoms)
    cells = width * width
    terrain = np.full((nk, cells), -1, np.int64)
    crowns = np.zeros((nk, cells), np.int64)
    for q, kingdom in enumerate(game.kingdoms):
        for cell, terr, crown in kingdom.iter_squares():
            row, col = divmod(cell, board.stride)
            terrain[q, row * width + col] = terr
            crowns[q, row * width + col] = crown
    ndeck = len(t.ids)
    size = game.config.line_size
    in_pile = np.zeros(ndeck, np.bool_)
    for d in game.pile:
        in_pile[index[d]] = True

    def ids(values: list, n: int) -> np.ndarray:
        out = np.full(n, -1, np.int64)
        for i, v in enumerate(values):
            out[i] = -1 if v is None else (index[v] if not isinstance(v, int) else v)
        return out

    room = len(game.pending) + 4 * (game.config.kings + size) + 16
    pending = np.full((room, 4), -1, np.int64)
    for row, step in enumerate(reversed(game.pending)):
        pending[row] = (
            Q.STEP_KINDS[step.kind],
            step.seat if step.seat is not None else -1,
            step.king if step.king is not None else -1,
            index[step.domino] if step.domino is not None else -1,
        )
    ints = np.zeros(Q.N_INTS, np.int64)
    ints[Q.I_LINES_DRAWN] = game.lines_drawn
    ints[Q.I_GAME_NUMBER] = game.game_number
    ints[Q.I_NPOOL] = len(game.pool)
    ints[Q.I_NDRAWN] = len(game.drawn)
    ints[Q.I_NLINE] = len(game.line)
    ints[Q.I_NNEXT] = len(game.next_line)
    ints[Q.I_NUNDRAWN] = len(game.undrawn_kings)
    ints[Q.I_NPENDING] = len(game.pending)
    past = np.zeros((nk, 3), np.int64)
    for sheets in game.match_sheets:
        for q, sheet in enumerate(sheets):
            past[q, 0] += sheet.total
            past[q, 1] = max(past[q, 1], sheet.largest_property)
            past[q, 2] += sheet.crowns
    return State(
        terrain=terrain,
        crowns=crowns,
        discards=np.array([len(k.discards) for k in game.kingdoms], np.int64),
        in_pile=in_pile,
        pool=ids(game.pool, ndeck),
        drawn=ids(game.drawn, size),
        line=ids(game.line, size),
        line_kings=ids(game.line_kings, size),
        next_line=ids(game.next_line, size),
        next_kings=ids(game.next_kings, size),
        undrawn=ids(game.undrawn_kings, game.config.kings),
        pending=pending,
        ints=ints,
        past=past,
    )


def first_action(game: Game, action: Action | None) -> np.ndarray:
    """``action`` (legal at ``game``'s decision, or None) as ``play_out_state``'s
    ``first``."""
    if action is None:
        return np.array([R.F_NONE, 0, 0], np.int64)
    if type(action) is Claim:
        return np.array([R.F_CLAIM, game.next_line.index(action.domino), 0], np.int64)
    if type(action) is Discard:
        return np.array([R.F_DISCARD, 0, 0], np.int64)
    if type(action) is Place:
        width = 2 * game.config.kingdom_size - 1
        reach = width // 2
        cell = (action.y + reach) * width + (action.x + reach)
        return np.array([R.F_PLACE, cell, DIRECTIONS.index(action.direction)], np.int64)
    raise ValueError(f"the kernel never plays {action!r}")


def mt_state(rng: random.Random) -> np.ndarray:
    """``rng``'s Mersenne Twister as the kernel's array (624 words, then the position)."""
    return np.array(rng.getstate()[1], np.int64)


def set_mt_state(rng: random.Random, mt: np.ndarray) -> None:
    """Put the kernel's Mersenne Twister back into ``rng``."""
    rng.setstate((3, tuple(int(v) for v in mt), None))


def play_out(
    t: Tables,
    state: State,
    first: np.ndarray,
    mt: np.ndarray,
    *,
    sample: int = 6,
    greedy: bool = False,
    log: bool = False,
    pre: np.ndarray | None = None,
) -> Outcome:
    """Play a copy of ``state`` to the end with the ``mcts`` playout policy
    (``sample`` placements tried per move, or greedy's choices when ``greedy``:
    ``PlayoutPolicy``'s two policies), applying ``first`` before; ``mt`` (see
    :func:`mt_state`) draws every number and is advanced in place. ``pre``: a
    one-element array holding a number already drawn from the generator, used
    before ``mt`` and then set to -1 (a generator whose first number of a decision
    is not its Twister's, such as the runners' ``DecisionRandom``)."""
    if pre is None:
        pre = np.full(1, -1.0)
    nk = int(t.params[K.P_KINGDOMS])
    last = np.zeros(nk, np.int64)
    totals = np.zeros(nk, np.int64)
    places = np.zeros(nk, np.int64)
    per_game = int(t.params[K.P_MAX_MOVES])
    logs = np.zeros((per_game if log else 0, 5), np.int64)
    moves = R.play_out_state(
        t.params, t.deck, t.order_key, t.box, t.scoring, t.king_owner, t.seat_kingdom,
        t.tiebreaks, t.dynasty_tiebreaks, state.terrain, state.crowns, state.discards,
        state.in_pile.copy(), state.pool.copy(), state.drawn.copy(), state.line.copy(),
        state.line_kings.copy(), state.next_line.copy(), state.next_kings.copy(),
        state.undrawn.copy(), state.pending.copy(), state.ints.copy(), state.past.copy(),
        first, sample, R.POLICY_GREEDY if greedy else R.POLICY_SAMPLE, mt, pre, last, totals,
        places, logs,
    )  # fmt: skip
    return Outcome(
        last=last, totals=totals, places=places, moves=int(moves), logs=logs if log else None
    )


def reward(engine: Engine, outcome: Outcome, seat: int) -> float:
    """``kd_bots.mcts.reward`` of ``seat`` at the end of a kernel playout: 1 for a
    win (1/k when shared), plus up to 0.1 for the margin of the last game's points;
    alone at the table, the match total squashed into 0..1."""
    mine = engine.seat_kingdom[seat]
    last = [int(v) for v in outcome.last]
    if len(last) == 1:
        return 0.5 + 0.5 * math.tanh((int(outcome.totals[0]) - 40) / 30)
    places = outcome.places
    winners = sum(1 for p in places if p == 0)
    win = 1.0 / winners if places[mine] == 0 else 0.0
    own = last[mine]
    best_other = max(t for k, t in enumerate(last) if k != mine)
    margin = max(-50, min(50, own - best_other))
    return win + 0.1 * (margin + 50) / 100
