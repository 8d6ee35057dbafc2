"""A game's queue of steps as a stack, and its automatic steps: written once.

``Game.pending`` is kept as a stack of rows (kind, seat, king, domino) whose top,
the last row pushed (``pending[ints[I_NPENDING] - 1]``), is ``Game.pending[0]``,
and the counters of the game in an ``ints`` row (``I_*``). The
playout of a game in progress (:mod:`kingdomino_fast.resume`) and the batched
environment (:mod:`kingdomino_fast.vector`) both run the queue step by step as
``kingdomino_core/engine/rounds.py`` runs it; the steps that are not a player's
decision (lay out a line, reveal, line ready, draw a king, start and end a round)
are :func:`auto_step`, the same compiled code for both.
"""

from __future__ import annotations

from numba import njit

from .kernel import P_DECK, P_FIRST_BOX, P_LINE_SIZE, P_LINES_TOTAL, mt_random

# -- steps (rows of the ``pending`` stack: kind, seat, king, domino) --------------------
S_LAY_OUT_LINE = 0
S_REVEAL = 1
S_LINE_READY = 2
S_DRAW_KING = 3
S_CLAIM = 4
S_PLACE = 5
S_START_ROUND = 6
S_END_ROUND = 7
STEP_KINDS = {
    "lay_out_line": S_LAY_OUT_LINE,
    "reveal": S_REVEAL,
    "line_ready": S_LINE_READY,
    "draw_king": S_DRAW_KING,
    "claim": S_CLAIM,
    "place": S_PLACE,
    "start_round": S_START_ROUND,
    "end_round": S_END_ROUND,
}

# -- the ``ints`` row: the game's counters ---------------------------------------------
I_LINES_DRAWN = 0
I_GAME_NUMBER = 1
I_NPOOL = 2  # dominoes in ``pool``
I_NDRAWN = 3
I_NLINE = 4
I_NNEXT = 5
I_NUNDRAWN = 6
I_NPENDING = 7
N_INTS = 8

#: What :func:`auto_step` returns besides a domino or a king: nothing to report, or
#: the game's last round has ended (the caller scores it and starts the next game).
A_NONE = -1
A_GAME_OVER = -2


@njit(cache=True)
def _push(pending, ints, kind, seat, king, domino):
    n = ints[I_NPENDING]
    pending[n, 0] = kind
    pending[n, 1] = seat
    pending[n, 2] = king
    pending[n, 3] = domino
    ints[I_NPENDING] = n + 1


@njit(cache=True)
def _draw(mt, pre):
    """The next number: ``pre[0]`` if one was drawn ahead (>= 0), else the Twister's."""
    r = pre[0]
    if r >= 0.0:
        pre[0] = -1.0
        return r
    return mt_random(mt)


@njit(cache=True)
def _pile_left(in_pile, ndeck):
    n = 0
    for i in range(ndeck):
        if in_pile[i]:
            n += 1
    return n


@njit(cache=True)
def auto_step(
    kind, params, order_key, box, king_owner, in_pile, pool, drawn, line, line_kings,
    next_line, next_kings, undrawn, pending, ints, mt, pre,
):  # fmt: skip
    """Run the automatic step ``kind`` (already popped from ``pending``) of one game.

    Returns the domino revealed (``S_REVEAL``), the king drawn (``S_DRAW_KING``), a
    move each; ``A_GAME_OVER`` when the end of a round finds no next line (the game
    is over: ``pending`` may be empty); else ``A_NONE``. Chance draws from ``mt``
    (``pre[0]`` first when it is >= 0, see :func:`_draw`)."""
    ndeck = params[P_DECK]
    if kind == S_LAY_OUT_LINE:
        if not (ints[I_LINES_DRAWN] < params[P_LINES_TOTAL] and _pile_left(in_pile, ndeck) > 0):
            return A_NONE
        ints[I_LINES_DRAWN] += 1
        first_box = params[P_FIRST_BOX]
        want = 0
        if first_box:
            want = first_box if ints[I_LINES_DRAWN] % 2 == 1 else 3 - first_box
        npool = 0
        for i in range(ndeck):
            if in_pile[i] and (want == 0 or box[i] == want):
                pool[npool] = i
                npool += 1
        ints[I_NPOOL] = npool
        ints[I_NDRAWN] = 0
        _push(pending, ints, S_LINE_READY, -1, -1, -1)
        for _ in range(min(params[P_LINE_SIZE], npool)):
            _push(pending, ints, S_REVEAL, -1, -1, -1)
    elif kind == S_REVEAL:
        npool = ints[I_NPOOL]
        j = int(_draw(mt, pre) * npool)
        d = pool[j]
        for m in range(j, npool - 1):
            pool[m] = pool[m + 1]
        ints[I_NPOOL] = npool - 1
        in_pile[d] = False
        drawn[ints[I_NDRAWN]] = d
        ints[I_NDRAWN] += 1
        return d
    elif kind == S_LINE_READY:
        n = ints[I_NDRAWN]
        for a in range(1, n):  # line order (kd_order_line): (number, box)
            v = drawn[a]
            b = a - 1
            while b >= 0 and order_key[drawn[b]] > order_key[v]:
                drawn[b + 1] = drawn[b]
                b -= 1
            drawn[b + 1] = v
        for s in range(n):
            next_line[s] = drawn[s]
            next_kings[s] = -1
        ints[I_NNEXT] = n
        ints[I_NPOOL] = 0
        ints[I_NDRAWN] = 0
    elif kind == S_DRAW_KING:
        left = ints[I_NUNDRAWN]
        j = int(_draw(mt, pre) * left)
        k = undrawn[j]
        for m in range(j, left - 1):
            undrawn[m] = undrawn[m + 1]
        ints[I_NUNDRAWN] = left - 1
        _push(pending, ints, S_CLAIM, king_owner[k], k, -1)
        return k
    elif kind == S_START_ROUND:
        n = ints[I_NNEXT]
        for s in range(n):
            line[s] = next_line[s]
            line_kings[s] = next_kings[s]
        ints[I_NLINE] = n
        ints[I_NNEXT] = 0
        more = ints[I_LINES_DRAWN] < params[P_LINES_TOTAL] and _pile_left(in_pile, ndeck) > 0
        _push(pending, ints, S_END_ROUND, -1, -1, -1)
        for s in range(n - 1, -1, -1):  # pushed last first: line order on top
            k = line_kings[s]
            if k < 0:
                continue
            if more:
                _push(pending, ints, S_CLAIM, king_owner[k], k, -1)
            _push(pending, ints, S_PLACE, king_owner[k], k, line[s])
        if more:
            _push(pending, ints, S_LAY_OUT_LINE, -1, -1, -1)
    elif kind == S_END_ROUND:
        if ints[I_NNEXT] > 0:
            _push(pending, ints, S_START_ROUND, -1, -1, -1)
            return A_NONE
        ints[I_NLINE] = 0
        return A_GAME_OVER
    return A_NONE
