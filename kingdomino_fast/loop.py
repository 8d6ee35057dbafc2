"""The compiled match loop: chance, decisions of the ``random`` and ``greedy`` bots,
rounds and games of a match, scoring and ranking (``docs/fast.md``).

The flow is the Python engine's (``kingdomino_core/engine/rounds.py``) for rules
with no round hooks other than the base game's line order and XL's alternating
boxes: lay out the first line, draw each king and let it claim, then each round
lay out the next line (while lines remain), place in line order and claim.
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
    P_DECK,
    P_FIRST_BOX,
    P_GAMES,
    P_KINGDOMS,
    P_KINGS,
    P_LINE_SIZE,
    P_LINES_TOTAL,
    P_MAX_MOVES,
    P_WIDTH,
    UNCOUNTED,
    _reset_kingdoms,
    _score_after,
    _touching,
    kingdom_arrays,
    second_cell,
    total_points,
)
from .kernel import _put as _put_called
from .kernel import placements as _placements_called

# Inlined copies of the kernel's functions (the same code): a call of a compiled
# function that is not inlined passes each array it is given as several machine
# words, which cost about as much as a decision's work (see kernel.UNCOUNTED).
_put = njit(cache=True, inline="always")(_put_called.py_func)
placements = njit(cache=True, inline="always")(_placements_called.py_func)

_TWO52 = 1.0 / 4503599627370496.0  # 2**-52
_LOW52 = (1 << 52) - 1


@njit(cache=True)
def _stream(streams, g, move):
    """Number ``move`` of game ``g``'s decision stream, in [0, 1) (decision_random)."""
    return (streams[g, move] & _LOW52) * _TWO52


@njit(cache=True)
def _log(logs, g, move, kind, a, b, c, d):
    if logs.shape[0] > 1 or logs.shape[1] > 1:
        logs[g, move, 0] = kind
        logs[g, move, 1] = a
        logs[g, move, 2] = b
        logs[g, move, 3] = c
        logs[g, move, 4] = d


@njit(cache=True, inline="always")
def _chance(chance, g, ws):
    """Game ``g``'s next chance number (drawn ahead: ``twister.first_numbers``); -1.0
    past the end, which ``play_batch`` reports (it cannot happen: a bound)."""
    c = ws[2]
    ws[2] = c + 1
    return chance[g, c] if c < chance.shape[1] else -1.0


@njit(cache=True, inline="always")
def _lay_out_line(ws, in_pile, pool, drawn, order_key, box, params, chance, g, move, logs):
    """Lay out the next line: reveal dominoes from the pool (the pile, or one box's
    part of it), sort them into line order. Returns (line length, next move)."""
    ndeck = params[P_DECK]
    first_box = params[P_FIRST_BOX]
    ws[0] += 1  # lines drawn
    want = 0
    if first_box:
        want = first_box if ws[0] % 2 == 1 else 3 - first_box
    npool = 0
    for i in range(ndeck):
        if in_pile[i] and (want == 0 or box[i] == want):
            pool[npool] = i
            npool += 1
    n = min(params[P_LINE_SIZE], npool)
    for k in range(n):
        r = _chance(chance, g, ws)
        j = int(r * npool)
        d = pool[j]
        for m in range(j, npool - 1):
            pool[m] = pool[m + 1]
        npool -= 1
        in_pile[d] = False
        ws[1] -= 1  # dominoes in the pile
        drawn[k] = d
        _log(logs, g, move, LOG_REVEAL, d, 0, 0, 0)
        move += 1
    # line order (base's kd_order_line): insertion sort on (number, box)
    for a in range(1, n):
        v = drawn[a]
        b = a - 1
        while b >= 0 and order_key[drawn[b]] > order_key[v]:
            drawn[b + 1] = drawn[b]
            b -= 1
        drawn[b + 1] = v
    return n, move


@njit(cache=True, inline="always")
def _decide_place(
    agent, seat, q, d, deck, terr, crw, reg, rsize, rcrown, rterr, kinfo, near, scoring, params,
    cand_cell, cand_dir, top, ids, r,
):  # fmt: skip
    """The placement index chosen (-1: discard), as the bot would."""
    ta, ca, tb, cb, sym = deck[d, 0], deck[d, 1], deck[d, 2], deck[d, 3], deck[d, 4]
    n = placements(q, ta, tb, sym, terr, near, kinfo, params, cand_cell, cand_dir)
    if agent != AGENT_GREEDY:
        extra = 1 if n == 0 else 0
        k = int(r * (n + extra))
        return k if k < n else -1
    if n == 0:
        return -1
    if n == 1:
        return 0
    width = params[P_WIDTH]
    best_v = -(1 << 60)
    best_t = -1
    ntop = 0
    for i in range(n):
        c1 = cand_cell[i]
        c2 = second_cell(c1, cand_dir[i], width)
        v = _score_after(q, c1, ta, ca, c2, tb, cb, terr, reg, rsize, rcrown, kinfo, scoring,
                         params, ids)  # fmt: skip
        t = _touching(terr[q], width, c1, ta) + _touching(terr[q], width, c2, tb)
        if v > best_v or (v == best_v and t > best_t):
            best_v = v
            best_t = t
            ntop = 0
        if v == best_v and t == best_t:
            top[ntop] = i
            ntop += 1
    return top[int(r * ntop)]


@njit(cache=True, inline="always")
def _decide_claim(
    agent, q, next_line, next_kings, nline, deck, terr, reg, rsize, rcrown, kinfo, near,
    scoring, params, cand_cell, cand_dir, top, ids, r,
):  # fmt: skip
    """The slot of the next line chosen, as the bot would."""
    nfree = 0
    for s in range(nline):
        if next_kings[s] < 0:
            top[nfree] = s
            nfree += 1
    if agent != AGENT_GREEDY:
        return top[int(r * nfree)]
    if nfree == 1:
        return top[0]
    width = params[P_WIDTH]
    free = top[nfree : 2 * nfree]
    for i in range(nfree):  # (a loop: no temporary array, see vector._step_slots)
        free[i] = top[i]
    now = total_points(q, kinfo, params)
    best_v = -(1 << 60)
    best_c = -1
    ntop = 0
    for i in range(nfree):
        d = next_line[free[i]]
        ta, ca, tb, cb, sym = deck[d, 0], deck[d, 1], deck[d, 2], deck[d, 3], deck[d, 4]
        n = placements(q, ta, tb, sym, terr, near, kinfo, params, cand_cell, cand_dir)
        v = now
        if n:
            v = -(1 << 60)
            for j in range(n):
                c1 = cand_cell[j]
                c2 = second_cell(c1, cand_dir[j], width)
                s = _score_after(q, c1, ta, ca, c2, tb, cb, terr, reg, rsize, rcrown, kinfo,
                                 scoring, params, ids)  # fmt: skip
                if s > v:
                    v = s
        c = ca + cb
        if v > best_v or (v == best_v and c > best_c):
            best_v = v
            best_c = c
            ntop = 0
        if v == best_v and c == best_c:
            top[ntop] = free[i]
            ntop += 1
    return top[int(r * ntop)]


@njit(cache=True)
def _compare(key, a, b, width):
    """1 if kingdom ``a``'s ranking key is greater than ``b``'s, -1 if smaller, else 0."""
    for t in range(width):
        if key[a, t] != key[b, t]:
            return 1 if key[a, t] > key[b, t] else -1
    return 0


@njit(cache=True)
def rank_places(key, nk, width, places):
    """Each kingdom's place from its ranking key (``key[q, :width]``, compared
    highest first): how many distinct keys are greater, so equal keys share a place
    (``ranked_places``). Written to ``places[q]``."""
    for q in range(nk):
        above = 0
        for o in range(nk):
            if _compare(key, o, q, width) <= 0:
                continue
            repeat = False
            for e in range(o):
                if _compare(key, e, o, width) == 0:
                    repeat = True
                    break
            if not repeat:
                above += 1
        places[q] = above


@njit(cache=True)
def play_batch(
    params, deck, order_key, box, scoring, king_owner, seat_kingdom, tiebreaks,
    dynasty_tiebreaks, chance, streams, agents, totals, places, logs, moves,
):  # fmt: skip
    """Play ``len(chance)`` matches. Per game ``g``: ``chance[g]`` are the first
    numbers of its ``random.Random(seed)`` (``twister.first_numbers``, as many as
    ``twister.chance_count`` promises), ``streams[g]`` its decision stream (raw
    64-bit words), ``agents[g, seat]`` each seat's bot. Writes the match totals and
    places of each kingdom, the number of moves (-1: more moves or chance numbers
    than the caller provided, which cannot happen), and (when ``logs`` is not
    1 x 1) every move."""
    width = params[P_WIDTH]
    cells = width * width
    nk = params[P_KINGDOMS]
    line_size = params[P_LINE_SIZE]
    ntb = len(tiebreaks)
    ndtb = len(dynasty_tiebreaks)
    work = (
        np.zeros((nk, 3), np.int64),  # match: total, largest property, crowns
        np.zeros(params[P_DECK], np.bool_),  # in the pile
        np.zeros(params[P_DECK], np.int64),  # the pool a line is drawn from
        np.zeros(line_size, np.int64),  # the line and its kings
        np.zeros(line_size, np.int64),
        np.zeros(line_size, np.int64),  # the next line and its kings
        np.zeros(line_size, np.int64),
        np.zeros(params[P_KINGS], np.int64),  # kings not drawn yet
        np.zeros(4 * cells, np.int64),  # candidate first cells
        np.zeros(4 * cells, np.int64),  # and directions
        np.zeros(4 * cells + 2 * line_size, np.int64),  # the bots' best moves
        np.zeros(8, np.int64),  # region ids
        np.zeros(3, np.int64),  # lines drawn, dominoes left in the pile, chance drawn
        np.zeros((nk, 1 + max(ntb, ndtb)), np.int64),  # ranking keys
    )
    _play_games(
        params, deck, order_key, box, scoring, king_owner, seat_kingdom, tiebreaks,
        dynasty_tiebreaks, chance, streams, agents, totals, places, logs, moves,
        kingdom_arrays(nk, len(scoring), width), work,
    )  # fmt: skip
    return 0


@njit(cache=True, **UNCOUNTED)
def _play_games(
    params, deck, order_key, box, scoring, king_owner, seat_kingdom, tiebreaks,
    dynasty_tiebreaks, chance, streams, agents, totals, places, logs, moves, kst, work,
):  # fmt: skip
    """``play_batch``'s loop, compiled without reference counting (it allocates
    nothing; its hot helpers are inlined, so few calls pass arrays): counting a
    reference to each array at each call had cost about two thirds of a game."""
    terr, crw, reg, rsize, rcrown, rterr, kinfo, near = kst
    (past, in_pile, pool, line, line_kings, next_line, next_kings, undrawn, cand_cell, cand_dir,
     top, ids, ws, key) = work  # fmt: skip
    width = params[P_WIDTH]
    nk = params[P_KINGDOMS]
    kings = params[P_KINGS]
    ndeck = params[P_DECK]
    lines_total = params[P_LINES_TOTAL]
    games = params[P_GAMES]
    max_moves = params[P_MAX_MOVES]
    for g in range(chance.shape[0]):
        move = 0
        ws[2] = 0
        past[:, :] = 0
        for _game in range(games):
            _reset_kingdoms(terr, crw, reg, rsize, rcrown, rterr, kinfo, near, width)
            in_pile[:] = True
            ws[0] = 0
            ws[1] = ndeck
            nline, move = _lay_out_line(
                ws, in_pile, pool, next_line, order_key, box, params, chance, g, move, logs
            )
            next_kings[:] = -1
            for k in range(kings):
                undrawn[k] = k
            left = kings
            for _ in range(kings):
                j = int(_chance(chance, g, ws) * left)
                king = undrawn[j]
                for m in range(j, left - 1):
                    undrawn[m] = undrawn[m + 1]
                left -= 1
                _log(logs, g, move, LOG_DRAW_KING, king, 0, 0, 0)
                move += 1
                seat = king_owner[king]
                slot = _decide_claim(
                    agents[g, seat], seat_kingdom[seat], next_line, next_kings, nline, deck,
                    terr, reg, rsize, rcrown, kinfo, near, scoring, params, cand_cell, cand_dir,
                    top, ids, _stream(streams, g, move),
                )  # fmt: skip
                next_kings[slot] = king
                _log(logs, g, move, LOG_CLAIM, seat, king, next_line[slot], 0)
                move += 1
            while nline:
                cur = nline
                for s in range(cur):  # (loops: a slice copy needs reference counting)
                    line[s] = next_line[s]
                    line_kings[s] = next_kings[s]
                more = ws[0] < lines_total and ws[1] > 0
                nline = 0
                if more:
                    nline, move = _lay_out_line(
                        ws, in_pile, pool, next_line, order_key, box, params, chance, g, move, logs
                    )
                    next_kings[:] = -1
                for slot in range(cur):
                    king = line_kings[slot]
                    if king < 0:
                        continue  # nobody picked it: out of play
                    seat = king_owner[king]
                    q = seat_kingdom[seat]
                    d = line[slot]
                    i = _decide_place(
                        agents[g, seat], seat, q, d, deck, terr, crw, reg, rsize, rcrown,
                        rterr, kinfo, near, scoring, params, cand_cell, cand_dir, top, ids,
                        _stream(streams, g, move),
                    )  # fmt: skip
                    if i < 0:
                        kinfo[q, K_DISCARDS] += 1
                        _log(logs, g, move, LOG_DISCARD, seat, d, 0, 0)
                    else:
                        c1 = cand_cell[i]
                        c2 = second_cell(c1, cand_dir[i], width)
                        _put(q, c1, deck[d, 0], deck[d, 1], terr, crw, reg, rsize, rcrown,
                             rterr, kinfo, near, scoring, width, ids)  # fmt: skip
                        _put(q, c2, deck[d, 2], deck[d, 3], terr, crw, reg, rsize, rcrown,
                             rterr, kinfo, near, scoring, width, ids)  # fmt: skip
                        _log(logs, g, move, LOG_PLACE, seat, d, c1, cand_dir[i])
                    move += 1
                    if more:
                        slot2 = _decide_claim(
                            agents[g, seat], q, next_line, next_kings, nline, deck, terr, reg,
                            rsize, rcrown, kinfo, near, scoring, params, cand_cell, cand_dir,
                            top, ids, _stream(streams, g, move),
                        )  # fmt: skip
                        next_kings[slot2] = king
                        _log(logs, g, move, LOG_CLAIM, seat, king, next_line[slot2], 0)
                        move += 1
            # the game's score: totals, largest property, crowns (the tie-break values)
            for q in range(nk):
                largest = 0
                crowns = 0
                for rid in range(kinfo[q, 7]):
                    if rsize[q, rid] and scoring[rterr[q, rid]]:
                        largest = max(largest, rsize[q, rid])
                        crowns += rcrown[q, rid]
                past[q, 0] += total_points(q, kinfo, params)
                past[q, 1] = max(past[q, 1], largest)
                past[q, 2] += crowns
        moves[g] = move
        if move > max_moves or ws[2] > chance.shape[1]:
            moves[g] = -1  # cannot happen: the caller sized the streams for the rules
        # ranking: match total, then the tie-breaks, highest first; equal keys share
        names = dynasty_tiebreaks if games > 1 else tiebreaks
        for q in range(nk):
            key[q, 0] = past[q, 0]
            for t in range(len(names)):
                key[q, 1 + t] = past[q, 1] if names[t] == 0 else past[q, 2]
            totals[g, q] = past[q, 0]
        rank_places(key, nk, 1 + len(names), places[g])
