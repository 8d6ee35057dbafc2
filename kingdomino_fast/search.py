"""``mcts``'s playouts of one decision in the kernel, many per compiled call.

:func:`run_playouts` is the loop of ``kd_bots.mcts.MctsAgent.act`` compiled: UCB1
picks the candidate action to try (each once first, in order), a copy of the
decision's state is played out (``resume.play_out_state``), its reward
(``kd_bots.mcts.reward``) is added to the action's total. The same floating-point
operations in the same order as the Python loop, drawing from the same generator,
so for a given number of playouts the visits, totals and the generator come out
exactly as they do in Python (``tests/fast/test_mcts_kernel.py``); the Python call,
the copies of the state and the reward in Python are paid once per call instead of
once per playout.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .kernel import P_KINGDOMS
from .resume import play_out_state


@njit(cache=True)
def reward_of(last, totals, places, mine):
    """``kd_bots.mcts.reward`` of kingdom ``mine`` at the end of a playout: 1 for a win
    (1/k when shared), plus up to 0.1 for the margin of the last game's points;
    alone at the table, the match total squashed into 0..1."""
    nk = len(last)
    if nk == 1:
        return 0.5 + 0.5 * math.tanh((totals[0] - 40) / 30)
    winners = 0
    best_other = -(1 << 60)
    for k in range(nk):
        if places[k] == 0:
            winners += 1
        if k != mine and last[k] > best_other:
            best_other = last[k]
    win = 1.0 / winners if places[mine] == 0 else 0.0
    margin = max(-50, min(50, last[mine] - best_other))
    return win + 0.1 * (margin + 50) / 100


@njit(cache=True)
def select(visits, totals, done, c):
    """UCB1's choice among actions that were all tried (``MctsAgent._select``)."""
    log_n = math.log(done)
    best = 0
    best_v = -1.0
    for j in range(len(visits)):
        v = visits[j]
        u = totals[j] / v + c * math.sqrt(log_n / v)
        if u > best_v:
            best = j
            best_v = u
    return best


@njit(cache=True)
def run_playouts(
    params, deck, order_key, box, scoring, king_owner, seat_kingdom, tiebreaks,
    dynasty_tiebreaks, cells_terr, cells_crowns, discards, in_pile, pool, drawn, line,
    line_kings, next_line, next_kings, undrawn, pending, ints, past, firsts, visits, totals,
    done, count, c, mine, sample, policy, mt, pre,
):  # fmt: skip
    """Play ``count`` more playouts of the decision in the state arrays (left
    unchanged), ``done`` having been played: playout ``done + i`` tries action
    ``done + i`` while some action is untried, then UCB1's choice (exploration
    constant ``c``); the reward of kingdom ``mine`` is added to ``totals`` and a
    visit to ``visits``. ``firsts[j]``: action ``j`` as ``play_out_state``'s
    ``first``. Returns the number of playouts done."""
    nk = params[P_KINGDOMS]
    n = len(visits)
    last = np.zeros(nk, np.int64)
    match = np.zeros(nk, np.int64)
    places = np.zeros(nk, np.int64)
    logs = np.zeros((0, 5), np.int64)
    for it in range(count):
        now = done + it
        i = now if now < n else select(visits, totals, now, c)
        play_out_state(
            params, deck, order_key, box, scoring, king_owner, seat_kingdom, tiebreaks,
            dynasty_tiebreaks, cells_terr, cells_crowns, discards, in_pile.copy(), pool.copy(),
            drawn.copy(), line.copy(), line_kings.copy(), next_line.copy(), next_kings.copy(),
            undrawn.copy(), pending.copy(), ints.copy(), past.copy(), firsts[i], sample,
            policy, mt, pre, last, match, places, logs,
        )  # fmt: skip
        totals[i] += reward_of(last, match, places, mine)
        visits[i] += 1
    return done + count
