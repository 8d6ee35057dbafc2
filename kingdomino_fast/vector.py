"""The batched environment's kernel: ``B`` covered games stepped in one compiled call.

Each game slot ``g`` holds a match in progress as arrays (leading dimension ``B``),
run as a queue of steps exactly as ``kingdomino_core/engine/rounds.py`` runs
``Game.pending`` (the same machine as :mod:`kingdomino_fast.resume`, kept as a
stack whose top is ``pending[0]``). A step applies each slot's action for its
learner decision, then runs the automatic steps, chance (the game's own
``random.Random(seed)``) and the decisions of bot seats (``random`` and ``greedy``,
their numbers from the game's decision stream, as ``kd simulate``'s) until a
learner seat decides again or the match ends; an ended match writes its final
observation and rewards and the slot starts the next game from the prepared queue.
Then it writes each slot's observation and action mask, in the encoding of
``kingdomino_rl.observation`` (the layout arrays are built from its ``Observer``).

The kingdoms part of slot ``g``'s observation row is itself the store of its
kingdoms' planes: it is updated square by square where a domino is laid, in the
order of the seat it was last written for (``view_own[g]``: the kingdom in its
first block), and its blocks are rotated in place only when the next seat to
decide sees the kingdoms in another order. A step thus writes a few hundred bytes
of most rows, not the whole observation (memory traffic is what limits a batch).
``vw`` is the pair ``(observation, view_own)``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .kernel import (
    K_DISCARDS,
    P_DECK,
    P_GAMES,
    P_KINGDOMS,
    P_KINGS,
    P_LINE_SIZE,
    P_LINES_TOTAL,
    P_PLAYERS,
    P_WIDTH,
    _put,
    _reset_kingdoms,
    mt_random,
    mt_seed,
    placements,
    second_cell,
    total_points,
)
from .loop import _decide_claim, _decide_place, _stream, rank_places
from .resume import (
    S_CLAIM,
    S_DRAW_KING,
    S_END_ROUND,
    S_LAY_OUT_LINE,
    S_LINE_READY,
    S_PLACE,
    S_REVEAL,
    S_START_ROUND,
    _push,
)

# -- per-slot counters (``ints[g]``) -------------------------------------------------
V_LINES_DRAWN = 0
V_GAME_NUMBER = 1
V_NPOOL = 2
V_NDRAWN = 3
V_NLINE = 4
V_NNEXT = 5
V_NUNDRAWN = 6
V_NPENDING = 7
V_MOVE = 8  # the game's log length (the decision stream's index)
V_PILE = 9  # dominoes left in the pile
N_V = 10

#: A seat played by the caller (``agents[seat]``); otherwise ``kernel.AGENT_*``.
LEARNER = -1

# -- the observation's and actions' layout (``layout``, from kingdomino_rl) ----------
L_KINGDOMS = 0  # offset of each part in the flat vector
L_LINES = 1
L_SCORES = 2
L_DECISION = 3
L_NKINDS = 4  # decision kinds (one-hot)
L_CLAIM_KIND = 5  # index of "claim" among them
L_PLACE_KIND = 6
L_KINGS_PER_SEAT = 7
L_D = 8  # numbers per domino
L_ROWS = 9  # market rows (2: no lookahead)
L_PLANE = 10  # numbers per kingdom: (T + 2) x W x W
L_T = 11  # terrains
L_PLACE_OFF = 12  # the action space's slices
L_DISCARD_OFF = 13
L_CLAIM_OFF = 14
L_ACTIONS = 15
N_LAYOUT = 16

REWARD_WIN = 0
REWARD_MARGIN = 1


@njit(cache=True)
def _set_square(vw, g, q, cell, t, cr, layout, nk, cells):
    """A square of kingdom ``q`` in slot ``g``'s observation row: its terrain's plane,
    its crowns (the row's block of ``q`` in its current order)."""
    obs, view_own = vw
    base = layout[L_KINGDOMS] + ((q - view_own[g] + nk) % nk) * layout[L_PLANE]
    obs[g, base + t * cells + cell] = 1.0
    obs[g, base + (layout[L_T] + 1) * cells + cell] = cr


@njit(cache=True)
def _new_game(g, params, layout, kst, vw, in_pile, next_kings, undrawn, pending, ints):
    """Empty kingdoms, the full pile and the first steps of a game (``start_game``)."""
    terr, crw, reg, rsize, rcrown, rterr, kinfo, near = kst
    width = params[P_WIDTH]
    nk = params[P_KINGDOMS]
    a, b = g * nk, (g + 1) * nk
    _reset_kingdoms(terr[a:b], crw[a:b], reg[a:b], rsize[a:b], rcrown[a:b], rterr[a:b],
                    kinfo[a:b], near[a:b], width)  # fmt: skip
    cells = width * width
    nt = layout[L_T]
    castle = (width // 2) * width + width // 2
    obs = vw[0]
    plane = layout[L_PLANE]
    at = layout[L_KINGDOMS]
    for c in range(at, at + nk * plane):
        obs[g, c] = 0.0
    for i in range(nk):
        obs[g, at + i * plane + nt * cells + castle] = 1.0
    in_pile[g, :] = True
    kings = params[P_KINGS]
    for k in range(kings):
        undrawn[g, k] = k
    next_kings[g, :] = -1
    ints[g, V_LINES_DRAWN] = 0
    ints[g, V_NPOOL] = 0
    ints[g, V_NDRAWN] = 0
    ints[g, V_NLINE] = 0
    ints[g, V_NNEXT] = 0
    ints[g, V_NUNDRAWN] = kings
    ints[g, V_PILE] = params[P_DECK]
    ints[g, V_NPENDING] = 0
    _push(pending[g], ints[g], S_START_ROUND, -1, -1, -1)
    for _ in range(kings):
        _push(pending[g], ints[g], S_DRAW_KING, -1, -1, -1)
    _push(pending[g], ints[g], S_LAY_OUT_LINE, -1, -1, -1)


@njit(cache=True)
def _start_match(
    g, params, layout, kst, vw, in_pile, next_kings, undrawn, pending, ints, past, mt,
    streams, q_keys, q_keylens, q_streams, q_ids, slot_ids, qnext,
):  # fmt: skip
    """The slot's next match: the next prepared seed of the queue."""
    row = qnext[0]
    qnext[0] = row + 1
    mt_seed(mt[g], q_keys[row], q_keylens[row])
    if q_streams.shape[0] > 1:
        streams[g, :] = q_streams[row]
    past[g, :, :] = 0
    ints[g, V_GAME_NUMBER] = 1
    ints[g, V_MOVE] = 0
    slot_ids[g, 0] = q_ids[row, 0]
    slot_ids[g, 1] = q_ids[row, 1]
    _new_game(g, params, layout, kst, vw, in_pile, next_kings, undrawn, pending, ints)


@njit(cache=True)
def _place(g, q, dom, c1, c2, deck, params, layout, kst, vw, scoring, ids):
    terr, crw, reg, rsize, rcrown, rterr, kinfo, near = kst
    width = params[P_WIDTH]
    cells = width * width
    nk = params[P_KINGDOMS]
    qq = g * nk + q
    _put(qq, c1, deck[dom, 0], deck[dom, 1], terr, crw, reg, rsize, rcrown, rterr, kinfo, near,
         scoring, width, ids)  # fmt: skip
    _set_square(vw, g, q, c1, deck[dom, 0], deck[dom, 1], layout, nk, cells)
    _put(qq, c2, deck[dom, 2], deck[dom, 3], terr, crw, reg, rsize, rcrown, rterr, kinfo, near,
         scoring, width, ids)  # fmt: skip
    _set_square(vw, g, q, c2, deck[dom, 2], deck[dom, 3], layout, nk, cells)


@njit(cache=True)
def _advance(g, params, layout, deck, order_key, box, scoring, king_owner, seat_kingdom,
             agents, kst, vw, in_pile, pool, drawn, line, line_kings, next_line,
             next_kings, undrawn, pending, ints, past, mt, streams, cand_cell, cand_dir,
             top, ids):  # fmt: skip
    """Run slot ``g`` until a learner seat decides (returns 1, the decision on top of
    the stack) or its match ends (returns 0; ``past`` holds the earlier games)."""
    terr, crw, reg, rsize, rcrown, rterr, kinfo, near = kst
    width = params[P_WIDTH]
    ndeck = params[P_DECK]
    line_size = params[P_LINE_SIZE]
    nk = params[P_KINGDOMS]
    st = pending[g]
    it = ints[g]
    while it[V_NPENDING] > 0:
        top_row = it[V_NPENDING] - 1
        kind = st[top_row, 0]
        seat = st[top_row, 1]
        king = st[top_row, 2]
        dom = st[top_row, 3]
        if (kind in (S_CLAIM, S_PLACE)) and agents[seat] == LEARNER:
            return 1
        it[V_NPENDING] = top_row
        if kind == S_CLAIM:
            r = _stream(streams, g, it[V_MOVE])
            slot = _decide_claim(
                agents[seat], g * nk + seat_kingdom[seat], next_line[g], next_kings[g],
                it[V_NNEXT], deck, terr, reg, rsize, rcrown, kinfo, near, scoring, params,
                cand_cell, cand_dir, top, ids, r,
            )  # fmt: skip
            next_kings[g, slot] = king
            it[V_MOVE] += 1
        elif kind == S_PLACE:
            q = seat_kingdom[seat]
            r = _stream(streams, g, it[V_MOVE])
            i = _decide_place(
                agents[seat], seat, g * nk + q, dom, deck, terr, crw, reg, rsize, rcrown,
                rterr, kinfo, near, scoring, params, cand_cell, cand_dir, top, ids, r,
            )  # fmt: skip
            if i < 0:
                kinfo[g * nk + q, K_DISCARDS] += 1
            else:
                c1 = cand_cell[i]
                _place(g, q, dom, c1, second_cell(c1, cand_dir[i], width), deck, params,
                       layout, kst, vw, scoring, ids)  # fmt: skip
            it[V_MOVE] += 1
        elif kind == S_LAY_OUT_LINE:
            if not (it[V_LINES_DRAWN] < params[P_LINES_TOTAL] and it[V_PILE] > 0):
                continue
            it[V_LINES_DRAWN] += 1
            first_box = params[13]  # P_FIRST_BOX
            want = 0
            if first_box:
                want = first_box if it[V_LINES_DRAWN] % 2 == 1 else 3 - first_box
            npool = 0
            for d in range(ndeck):
                if in_pile[g, d] and (want == 0 or box[d] == want):
                    pool[g, npool] = d
                    npool += 1
            it[V_NPOOL] = npool
            it[V_NDRAWN] = 0
            _push(st, it, S_LINE_READY, -1, -1, -1)
            for _ in range(min(line_size, npool)):
                _push(st, it, S_REVEAL, -1, -1, -1)
        elif kind == S_REVEAL:
            npool = it[V_NPOOL]
            j = int(mt_random(mt[g]) * npool)
            d = pool[g, j]
            for m in range(j, npool - 1):
                pool[g, m] = pool[g, m + 1]
            it[V_NPOOL] = npool - 1
            in_pile[g, d] = False
            it[V_PILE] -= 1
            drawn[g, it[V_NDRAWN]] = d
            it[V_NDRAWN] += 1
            it[V_MOVE] += 1
        elif kind == S_LINE_READY:
            n = it[V_NDRAWN]
            for a in range(1, n):  # line order (kd_order_line): (number, box)
                v = drawn[g, a]
                b = a - 1
                while b >= 0 and order_key[drawn[g, b]] > order_key[v]:
                    drawn[g, b + 1] = drawn[g, b]
                    b -= 1
                drawn[g, b + 1] = v
            for s in range(n):
                next_line[g, s] = drawn[g, s]
                next_kings[g, s] = -1
            it[V_NNEXT] = n
            it[V_NPOOL] = 0
            it[V_NDRAWN] = 0
        elif kind == S_DRAW_KING:
            left = it[V_NUNDRAWN]
            j = int(mt_random(mt[g]) * left)
            k = undrawn[g, j]
            for m in range(j, left - 1):
                undrawn[g, m] = undrawn[g, m + 1]
            it[V_NUNDRAWN] = left - 1
            it[V_MOVE] += 1
            _push(st, it, S_CLAIM, king_owner[k], k, -1)
        elif kind == S_START_ROUND:
            n = it[V_NNEXT]
            for s in range(n):
                line[g, s] = next_line[g, s]
                line_kings[g, s] = next_kings[g, s]
            it[V_NLINE] = n
            it[V_NNEXT] = 0
            more = it[V_LINES_DRAWN] < params[P_LINES_TOTAL] and it[V_PILE] > 0
            _push(st, it, S_END_ROUND, -1, -1, -1)
            for s in range(n - 1, -1, -1):  # pushed last first: line order on top
                k = line_kings[g, s]
                if k < 0:
                    continue
                if more:
                    _push(st, it, S_CLAIM, king_owner[k], k, -1)
                _push(st, it, S_PLACE, king_owner[k], k, line[g, s])
            if more:
                _push(st, it, S_LAY_OUT_LINE, -1, -1, -1)
        elif kind == S_END_ROUND:
            if it[V_NNEXT] > 0:
                _push(st, it, S_START_ROUND, -1, -1, -1)
                continue
            it[V_NLINE] = 0
            if it[V_GAME_NUMBER] >= params[P_GAMES]:
                return 0
            for q in range(nk):  # the finished game of the match
                largest, crowns = _properties(g * nk + q, kst, scoring)
                past[g, q, 0] += total_points(g * nk + q, kinfo, params)
                past[g, q, 1] = max(past[g, q, 1], largest)
                past[g, q, 2] += crowns
            it[V_GAME_NUMBER] += 1
            _new_game(g, params, layout, kst, vw, in_pile, next_kings, undrawn, pending,
                      ints)  # fmt: skip
    return 0


@njit(cache=True)
def _properties(qq, kst, scoring):
    """Kingdom row ``qq``'s largest scoring property and its crowns (the tie-breaks)."""
    kinfo, rsize, rcrown, rterr = kst[6], kst[3], kst[4], kst[5]
    largest = 0
    crowns = 0
    for rid in range(kinfo[qq, 7]):
        if rsize[qq, rid] and scoring[rterr[qq, rid]]:
            largest = max(largest, rsize[qq, rid])
            crowns += rcrown[qq, rid]
    return largest, crowns


@njit(cache=True)
def _apply(g, action, params, layout, deck, seat_kingdom, kst, vw, scoring, next_kings,
           pending, ints, ids):  # fmt: skip
    """The learner's action (legal: checked against the mask) for the decision on top."""
    it = ints[g]
    top_row = it[V_NPENDING] - 1
    it[V_NPENDING] = top_row
    kind = pending[g, top_row, 0]
    seat = pending[g, top_row, 1]
    it[V_MOVE] += 1
    if kind == S_CLAIM:
        next_kings[g, action - layout[L_CLAIM_OFF]] = pending[g, top_row, 2]
        return
    q = seat_kingdom[seat]
    if action == layout[L_DISCARD_OFF]:
        kst[6][g * params[P_KINGDOMS] + q, K_DISCARDS] += 1
        return
    number = action - layout[L_PLACE_OFF]
    c1 = number // 4
    c2 = second_cell(c1, number % 4, params[P_WIDTH])
    _place(g, q, pending[g, top_row, 3], c1, c2, deck, params, layout, kst, vw, scoring, ids)


@njit(cache=True)
def _rewards(g, kind, params, seat_kingdom, kst, past, scoring, tiebreaks, dynasty_tiebreaks,
             key, places, out):  # fmt: skip
    """Every seat's reward for slot ``g``'s finished match (``kingdomino_rl.aec``)."""
    kinfo = kst[6]
    nk = params[P_KINGDOMS]
    names = dynasty_tiebreaks if params[P_GAMES] > 1 else tiebreaks
    for q in range(nk):
        largest, crowns = _properties(g * nk + q, kst, scoring)
        key[q, 0] = past[g, q, 0] + total_points(g * nk + q, kinfo, params)
        for t in range(len(names)):
            key[q, 1 + t] = max(past[g, q, 1], largest) if names[t] == 0 else past[g, q, 2] + crowns
    rank_places(key, nk, 1 + len(names), places)
    winners = 0
    for q in range(nk):
        if places[q] == 0:
            winners += 1
    for s in range(params[P_PLAYERS]):
        mine = seat_kingdom[s]
        if kind == REWARD_WIN:
            out[g, s] = 1.0 / winners if places[mine] == 0 else 0.0
        else:
            best = key[mine, 0]
            found = False
            for q in range(nk):
                if q != mine and (not found or key[q, 0] > best):
                    best = key[q, 0]
                    found = True
            out[g, s] = key[mine, 0] - best


@njit(cache=True)
def _observe(g, seat, decision, out, mask, params, layout, table, deck, king_owner,
             seat_kingdom, kst, vw, in_pile, line, line_kings, next_line, next_kings,
             pending, ints, past, cand_cell, cand_dir, spare):  # fmt: skip
    """Seat ``seat``'s observation of slot ``g`` (``Observer.flat``). With
    ``decision`` (its decision is on top of the stack): into the slot's own row
    (``out``), its kingdom blocks rotated in place if ``seat`` sees them in another
    order, and the action mask into ``mask``. Without (the match is over): into
    ``out`` (the final observation's row), the decision part empty."""
    kinfo, near = kst[6], kst[7]
    nk = params[P_KINGDOMS]
    nplayers = params[P_PLAYERS]
    line_size = params[P_LINE_SIZE]
    plane = layout[L_PLANE]
    d_size = layout[L_D]
    own = seat_kingdom[seat]
    it = ints[g]
    at = layout[L_KINGDOMS]
    obs, view_own = vw
    shift = (own - view_own[g] + nk) % nk
    if decision:
        if shift:  # (explicit loops: numba's slice copies check for overlap)
            for c in range(nk * plane):
                spare[c] = out[at + c]
            for i in range(nk):
                src = ((i + shift) % nk) * plane
                dst = at + i * plane
                for c in range(plane):
                    out[dst + c] = spare[src + c]
            view_own[g] = own
    else:
        row = obs[g]
        for i in range(nk):
            src = at + ((i + shift) % nk) * plane
            dst = at + i * plane
            for c in range(plane):
                out[dst + c] = row[src + c]
    # lines: the line being placed, the line being picked from (domino, king's owner)
    slot_size = d_size + nplayers
    at = layout[L_LINES]
    for c in range(at, at + layout[L_ROWS] * line_size * slot_size):
        out[c] = 0.0
    for row in range(2):
        n = it[V_NLINE] if row == 0 else it[V_NNEXT]
        for s in range(min(n, line_size)):
            base = at + (row * line_size + s) * slot_size
            d = line[g, s] if row == 0 else next_line[g, s]
            for k in range(d_size):
                out[base + k] = table[d, k]
            king = line_kings[g, s] if row == 0 else next_kings[g, s]
            if king >= 0:
                out[base + d_size + (king_owner[king] - seat + nplayers) % nplayers] = 1.0
    at = layout[L_SCORES]
    for i in range(nk):
        q = (own + i) % nk
        out[at + i] = total_points(g * nk + q, kinfo, params)
        out[at + nk + i] = past[g, q, 0]
    at = layout[L_DECISION]
    nkinds = layout[L_NKINDS]
    kps = layout[L_KINGS_PER_SEAT]
    base = at + nkinds + d_size + kps
    for c in range(at, base):
        out[c] = 0.0
    out[base] = it[V_LINES_DRAWN] / max(1, params[P_LINES_TOTAL])
    out[base + 1] = it[V_GAME_NUMBER] / max(1, params[P_GAMES])
    out[base + 2] = it[V_PILE] / max(1, params[P_DECK])
    if not decision:
        return
    for c in range(len(mask)):
        mask[c] = 0
    top_row = it[V_NPENDING] - 1
    kind = pending[g, top_row, 0]
    king = pending[g, top_row, 2]
    out[at + nkinds + d_size + king % kps] = 1.0
    if kind == S_CLAIM:
        out[at + layout[L_CLAIM_KIND]] = 1.0
        off = layout[L_CLAIM_OFF]
        for s in range(it[V_NNEXT]):
            if next_kings[g, s] < 0:
                mask[off + s] = 1
        return
    out[at + layout[L_PLACE_KIND]] = 1.0
    dom = pending[g, top_row, 3]
    for k in range(d_size):
        out[at + nkinds + k] = table[dom, k]
    n = placements(g * nk + own, deck[dom, 0], deck[dom, 2], deck[dom, 4], kst[0], near,
                   kinfo, params, cand_cell, cand_dir)  # fmt: skip
    off = layout[L_PLACE_OFF]
    for i in range(n):
        mask[off + cand_cell[i] * 4 + cand_dir[i]] = 1
    if n == 0:
        mask[layout[L_DISCARD_OFF]] = 1


@njit(cache=True)
def step_batch(
    params, layout, table, deck, order_key, box, scoring, king_owner, seat_kingdom, tiebreaks,
    dynasty_tiebreaks, agents, reward_kind, kst, vw, in_pile, pool, drawn, line,
    line_kings, next_line, next_kings, undrawn, pending, ints, past, mt, streams, q_keys,
    q_keylens, q_streams, q_ids, slot_ids, qnext, actions, obs, mask, rewards, done, final,
    seats, reset,
):  # fmt: skip
    """One step of every slot (see the module docstring); with ``reset``, start every
    slot's match instead (``actions`` unused). Returns -1, or the first slot whose
    action is not legal (then nothing was changed)."""
    nb = obs.shape[0]
    width = params[P_WIDTH]
    cells = width * width
    line_size = params[P_LINE_SIZE]
    cand_cell = np.zeros(4 * cells, np.int64)
    cand_dir = np.zeros(4 * cells, np.int64)
    top = np.zeros(4 * cells + 2 * line_size, np.int64)
    ids = np.zeros(8, np.int64)
    nk = params[P_KINGDOMS]
    spare = np.zeros(nk * layout[L_PLANE], np.float32)
    key = np.zeros((nk, 1 + max(len(tiebreaks), len(dynasty_tiebreaks))), np.int64)
    places = np.zeros(nk, np.int64)
    nactions = mask.shape[1]
    if not reset:
        for g in range(nb):
            a = actions[g]
            if a < 0 or a >= nactions or mask[g, a] == 0:
                return g
    for g in range(nb):
        done[g] = False
        for s in range(rewards.shape[1]):
            rewards[g, s] = 0.0
        if reset:
            _start_match(
                g, params, layout, kst, vw, in_pile, next_kings, undrawn, pending, ints,
                past, mt, streams, q_keys, q_keylens, q_streams, q_ids, slot_ids, qnext,
            )  # fmt: skip
        else:
            _apply(g, actions[g], params, layout, deck, seat_kingdom, kst, vw, scoring,
                   next_kings, pending, ints, ids)  # fmt: skip
        while not _advance(
            g, params, layout, deck, order_key, box, scoring, king_owner, seat_kingdom, agents,
            kst, vw, in_pile, pool, drawn, line, line_kings, next_line, next_kings, undrawn,
            pending, ints, past, mt, streams, cand_cell, cand_dir, top, ids,
        ):  # fmt: skip
            # the match is over: its final observation (the last seat to act), rewards
            done[g] = True
            _observe(
                g, seats[g], False, final[g], mask[g], params, layout, table, deck, king_owner,
                seat_kingdom, kst, vw, in_pile, line, line_kings, next_line, next_kings,
                pending, ints, past, cand_cell, cand_dir, spare,
            )  # fmt: skip
            _rewards(g, reward_kind, params, seat_kingdom, kst, past, scoring, tiebreaks,
                     dynasty_tiebreaks, key, places, rewards)  # fmt: skip
            _start_match(
                g, params, layout, kst, vw, in_pile, next_kings, undrawn, pending, ints,
                past, mt, streams, q_keys, q_keylens, q_streams, q_ids, slot_ids, qnext,
            )  # fmt: skip
        seat = pending[g, ints[g, V_NPENDING] - 1, 1]
        seats[g] = seat
        _observe(g, seat, True, obs[g], mask[g], params, layout, table, deck, king_owner,
                 seat_kingdom, kst, vw, in_pile, line, line_kings, next_line, next_kings,
                 pending, ints, past, cand_cell, cand_dir, spare)  # fmt: skip
    return -1
