"""The compiled playout of a game in progress, with the ``mcts`` playout policy.

``play_out_state`` starts from any point of a covered game (the state arrays of
:mod:`kingdomino_fast.state`), optionally applies one action first (the move ``mcts``
is evaluating), and plays to the end exactly as ``plugins/kd_bots/playout.py``'s
``play_out`` does with a ``PlayoutPolicy`` whose generator is the one passed in:
one Mersenne Twister (``mt``, the layout of ``random.Random.getstate()``) draws both
the chance steps and the policy's numbers, in the same order as in Python, and is
left where Python's generator would be left.

The game's queue of steps (``Game.pending``) is kept as a stack (its top is
``pending[0]``) and run step by step as ``kingdomino_core/engine/rounds.py`` runs it
(the automatic steps are :func:`kingdomino_fast.steps.auto_step`, shared with the
batched environment), so a playout may start at a decision, at a chance step or
between them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .kernel import (
    AGENT_GREEDY,
    K_DISCARDS,
    LOG_CLAIM,
    LOG_DISCARD,
    LOG_DRAW_KING,
    LOG_PLACE,
    LOG_REVEAL,
    P_GAMES,
    P_KINGDOMS,
    P_KINGS,
    P_LINE_SIZE,
    P_WIDTH,
    _near_ids,
    _put,
    _reset_kingdoms,
    kingdom_arrays,
    placements,
    second_cell,
    total_points,
)
from .loop import _decide_claim, _decide_place, rank_places
from .steps import (
    A_GAME_OVER,
    I_GAME_NUMBER,
    I_LINES_DRAWN,
    I_NNEXT,
    I_NPENDING,
    I_NUNDRAWN,
    S_CLAIM,
    S_DRAW_KING,
    S_LAY_OUT_LINE,
    S_PLACE,
    S_REVEAL,
    S_START_ROUND,
    _draw,
    _push,
    auto_step,
)

# -- the action applied first (``first[0]``) -----------------------------------------------
F_NONE = 0
F_CLAIM = 1
F_PLACE = 2
F_DISCARD = 3

#: The policy's constants, as ``PlayoutPolicy`` has them.
EPSILON = 0.1
#: The playout policies (``play_out_state``'s ``policy``, ``PlayoutPolicy.greedy``):
#: the best of ``sample`` placements by property points and picks by crowns, or
#: greedy's own choices (``kd_bots.greedy``, as the kernel's ``greedy`` agent plays).
POLICY_SAMPLE = 0
POLICY_GREEDY = 1


@njit(cache=True)
def _region_gain(q, t, cr, c1, c2, terr, reg, rsize, rcrown, width, ids):
    """``playout.region_gain``: the change of (squares x crowns) of terrain ``t``'s
    properties when squares ``c1`` (and ``c2`` if >= 0) of it join, scoring or not."""
    n = _near_ids(terr[q], reg[q], width, c1, t, ids, 0)
    size = 1
    if c2 >= 0:
        n = _near_ids(terr[q], reg[q], width, c2, t, ids, n)
        size = 2
    crowns = cr
    old = 0
    for m in range(n):
        old += rsize[q, ids[m]] * rcrown[q, ids[m]]
        size += rsize[q, ids[m]]
        crowns += rcrown[q, ids[m]]
    return size * crowns - old


@njit(cache=True)
def _policy_place(q, d, deck, terr, crw, reg, rsize, rcrown, rterr, kinfo, near, scoring,
                  params, sample, policy, cand_cell, cand_dir, pick, ids, mt, pre):  # fmt: skip
    """``PlayoutPolicy.act`` at a place step: the placement index (-1: discard)."""
    ta, ca, tb, cb, sym = deck[d, 0], deck[d, 1], deck[d, 2], deck[d, 3], deck[d, 4]
    n = placements(q, ta, tb, sym, terr, near, kinfo, params, cand_cell, cand_dir)
    chosen = _draw(mt, pre) >= EPSILON
    if chosen and policy == POLICY_GREEDY:
        if n <= 1:  # one legal action, a placement or the discard: greedy draws nothing
            return n - 1
        return _decide_place(AGENT_GREEDY, 0, q, d, deck, terr, crw, reg, rsize, rcrown, rterr,
                             kinfo, near, scoring, params, cand_cell, cand_dir, pick, ids,
                             _draw(mt, pre))  # fmt: skip
    if chosen and n > 0:
        width = params[P_WIDTH]
        m = n
        if n > sample:
            m = sample
            for k in range(sample):
                pick[k] = int(_draw(mt, pre) * n)
        else:
            for k in range(n):
                pick[k] = k
        best = pick[0]
        best_v = -1e9
        for k in range(m):
            i = pick[k]
            c1 = cand_cell[i]
            c2 = second_cell(c1, cand_dir[i], width)
            if ta == tb:
                g = _region_gain(q, ta, ca + cb, c1, c2, terr, reg, rsize, rcrown, width, ids)
            else:
                g = _region_gain(q, ta, ca, c1, -1, terr, reg, rsize, rcrown, width, ids)
                g += _region_gain(q, tb, cb, c2, -1, terr, reg, rsize, rcrown, width, ids)
            v = g + _draw(mt, pre) * 0.5
            if v > best_v:
                best = i
                best_v = v
        return best
    # sample_action: one of the placements, or the discard when none fits
    extra = 1 if n == 0 else 0
    k = int(_draw(mt, pre) * (n + extra))
    return k if k < n else -1


@njit(cache=True)
def _policy_claim(q, next_line, next_kings, nnext, deck, terr, reg, rsize, rcrown, kinfo,
                  near, scoring, params, policy, cand_cell, cand_dir, pick, ids, free, mt,
                  pre):  # fmt: skip
    """``PlayoutPolicy.act`` at a claim step: the slot of the next line claimed."""
    nfree = 0
    for s in range(nnext):
        if next_kings[s] < 0:
            free[nfree] = s
            nfree += 1
    chosen = _draw(mt, pre) >= EPSILON
    if chosen and policy == POLICY_GREEDY:
        if nfree == 1:  # one legal action: greedy draws nothing
            return free[0]
        return _decide_claim(AGENT_GREEDY, q, next_line, next_kings, nnext, deck, terr, reg,
                             rsize, rcrown, kinfo, near, scoring, params, cand_cell, cand_dir,
                             pick, ids, _draw(mt, pre))  # fmt: skip
    if chosen:
        best = free[0]
        best_v = -1.0
        for i in range(nfree):
            d = next_line[free[i]]
            v = deck[d, 1] + deck[d, 3] + _draw(mt, pre)
            if v > best_v:
                best = free[i]
                best_v = v
        return best
    return free[int(_draw(mt, pre) * nfree)]


@njit(cache=True)
def _log(logs, move, kind, a, b, c, d):
    if move < logs.shape[0]:
        logs[move, 0] = kind
        logs[move, 1] = a
        logs[move, 2] = b
        logs[move, 3] = c
        logs[move, 4] = d


@njit(cache=True)
def _score_game(nk, kinfo, rsize, rcrown, rterr, scoring, params, past, last):
    """Add the finished game to ``past`` (match total, largest property, crowns) and
    write its totals to ``last``."""
    for q in range(nk):
        largest = 0
        crowns = 0
        for rid in range(kinfo[q, 7]):
            if rsize[q, rid] and scoring[rterr[q, rid]]:
                largest = max(largest, rsize[q, rid])
                crowns += rcrown[q, rid]
        t = total_points(q, kinfo, params)
        last[q] = t
        past[q, 0] += t
        past[q, 1] = max(past[q, 1], largest)
        past[q, 2] += crowns


@njit(cache=True)
def play_out_state(
    params, deck, order_key, box, scoring, king_owner, seat_kingdom, tiebreaks,
    dynasty_tiebreaks, cells_terr, cells_crowns, discards, in_pile, pool, drawn, line,
    line_kings, next_line, next_kings, undrawn, pending, ints, past, first, sample, policy,
    mt, pre, last, totals, places, logs,
):  # fmt: skip
    """Play the game in the state arrays to its end (see the module docstring).

    ``first``: the action applied before the playout, for the decision on top of
    ``pending``: ``[F_NONE, 0, 0]``, ``[F_CLAIM, slot, 0]``, ``[F_PLACE, first
    cell, direction]`` or ``[F_DISCARD, 0, 0]`` (legal: the caller checked). ``policy``:
    ``POLICY_SAMPLE`` or ``POLICY_GREEDY``, for every seat. ``pre[0]``:
    a number already drawn from the generator, used first (-1: none). The state
    arrays are changed. Writes each kingdom's total in the last game (``last``), its
    match total (``totals``) and its place (0 first, ties sharing), and every move
    to ``logs`` (rows of five, ``kernel.LOG_*``) while it has room. Returns the
    number of moves played."""
    width = params[P_WIDTH]
    cells = width * width
    nk = params[P_KINGDOMS]
    kings = params[P_KINGS]
    line_size = params[P_LINE_SIZE]
    terr, crw, reg, rsize, rcrown, rterr, kinfo, near = kingdom_arrays(nk, len(scoring), width)
    cand_cell = np.zeros(4 * cells, np.int64)
    cand_dir = np.zeros(4 * cells, np.int64)
    pick = np.zeros(max(sample, 1) + 4 * cells, np.int64)
    free = np.zeros(line_size, np.int64)
    ids = np.zeros(8, np.int64)
    _reset_kingdoms(terr, crw, reg, rsize, rcrown, rterr, kinfo, near, width)
    for q in range(nk):
        for c in range(cells):
            t = cells_terr[q, c]
            if t >= 0:
                _put(q, c, t, cells_crowns[q, c], terr, crw, reg, rsize, rcrown, rterr,
                     kinfo, near, scoring, width, ids)  # fmt: skip
        kinfo[q, K_DISCARDS] = discards[q]
    move = 0
    forced = first[0]  # F_*: the action to apply first, if any
    while ints[I_NPENDING] > 0:
        top = ints[I_NPENDING] - 1
        kind = pending[top, 0]
        seat = pending[top, 1]
        king = pending[top, 2]
        dom = pending[top, 3]
        ints[I_NPENDING] = top
        if kind not in (S_CLAIM, S_PLACE):
            got = auto_step(kind, params, order_key, box, king_owner, in_pile, pool, drawn, line,
                            line_kings, next_line, next_kings, undrawn, pending, ints, mt,
                            pre)  # fmt: skip
            if kind == S_REVEAL:
                _log(logs, move, LOG_REVEAL, got, 0, 0, 0)
                move += 1
            elif kind == S_DRAW_KING:
                _log(logs, move, LOG_DRAW_KING, got, 0, 0, 0)
                move += 1
            elif got == A_GAME_OVER and ints[I_GAME_NUMBER] < params[P_GAMES]:
                _score_game(nk, kinfo, rsize, rcrown, rterr, scoring, params, past, last)
                ints[I_GAME_NUMBER] += 1
                _reset_kingdoms(terr, crw, reg, rsize, rcrown, rterr, kinfo, near, width)
                in_pile[:] = True
                ints[I_LINES_DRAWN] = 0
                ints[I_NNEXT] = 0
                for k in range(kings):
                    undrawn[k] = k
                ints[I_NUNDRAWN] = kings
                ints[I_NPENDING] = 0
                _push(pending, ints, S_START_ROUND, -1, -1, -1)
                for _ in range(kings):
                    _push(pending, ints, S_DRAW_KING, -1, -1, -1)
                _push(pending, ints, S_LAY_OUT_LINE, -1, -1, -1)
        elif kind == S_CLAIM:
            if forced == F_CLAIM:
                slot = first[1]
                forced = F_NONE
            else:
                slot = _policy_claim(seat_kingdom[seat], next_line, next_kings, ints[I_NNEXT],
                                     deck, terr, reg, rsize, rcrown, kinfo, near, scoring,
                                     params, policy, cand_cell, cand_dir, pick, ids, free, mt,
                                     pre)  # fmt: skip
            next_kings[slot] = king
            _log(logs, move, LOG_CLAIM, seat, king, next_line[slot], 0)
            move += 1
        elif kind == S_PLACE:
            q = seat_kingdom[seat]
            if forced >= F_PLACE:  # F_PLACE or F_DISCARD
                i = -1
                if forced == F_PLACE:
                    i = 0
                    cand_cell[0] = first[1]
                    cand_dir[0] = first[2]
                forced = F_NONE
            else:
                i = _policy_place(q, dom, deck, terr, crw, reg, rsize, rcrown, rterr, kinfo, near,
                                  scoring, params, sample, policy, cand_cell, cand_dir, pick,
                                  ids, mt, pre)  # fmt: skip
            if i < 0:
                kinfo[q, K_DISCARDS] += 1
                _log(logs, move, LOG_DISCARD, seat, dom, 0, 0)
            else:
                c1 = cand_cell[i]
                c2 = second_cell(c1, cand_dir[i], width)
                _put(q, c1, deck[dom, 0], deck[dom, 1], terr, crw, reg, rsize, rcrown, rterr,
                     kinfo, near, scoring, width, ids)  # fmt: skip
                _put(q, c2, deck[dom, 2], deck[dom, 3], terr, crw, reg, rsize, rcrown, rterr,
                     kinfo, near, scoring, width, ids)  # fmt: skip
                _log(logs, move, LOG_PLACE, seat, dom, c1, cand_dir[i])
            move += 1
    _score_game(nk, kinfo, rsize, rcrown, rterr, scoring, params, past, last)
    # ranking: match total, then the tie-breaks, highest first; equal keys share
    names = dynasty_tiebreaks if params[P_GAMES] > 1 else tiebreaks
    key = np.zeros((nk, 1 + max(len(tiebreaks), len(dynasty_tiebreaks))), np.int64)
    for q in range(nk):
        key[q, 0] = past[q, 0]
        for t in range(len(names)):
            key[q, 1 + t] = past[q, 1] if names[t] == 0 else past[q, 2]
        totals[q] = past[q, 0]
    rank_places(key, nk, 1 + len(names), places)
    return move
