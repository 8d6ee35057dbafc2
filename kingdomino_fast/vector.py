"""The batched environment's kernel: ``B`` covered games stepped in one compiled call.

Each game slot ``g`` holds a match in progress as arrays (leading dimension ``B``),
run as a queue of steps exactly as ``kingdomino_core/engine/rounds.py`` runs
``Game.pending`` (:mod:`kingdomino_fast.steps`: the same stack and the same
automatic steps as the playout of :mod:`kingdomino_fast.resume`). A step applies
each slot's action for its learner decision, then runs the automatic steps, chance
(the game's own ``random.Random(seed)``: its numbers drawn ahead for the match by
:mod:`kingdomino_fast.twister`) and the decisions of bot seats (``random``
and ``greedy``, their numbers from the game's decision stream, as ``kd simulate``'s)
until a learner seat decides again or the match ends; an ended match writes its
final observation, rewards, episode and seed, and the slot starts the next match
from the prepared queue. Each slot's observation row and action mask are kept up to date by
:mod:`kingdomino_fast.observe` (only what the step changed is written).
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
    P_PLAYERS,
    P_WIDTH,
    UNCOUNTED,
    _put,
    _reset_kingdoms,
    second_cell,
    total_points,
)
from .loop import _decide_claim, _decide_place, _stream, rank_places
from .observe import (
    L_CLAIM_OFF,
    L_DISCARD_OFF,
    L_PLACE_OFF,
    V_CHANCE,
    V_DIRTY,
    V_MOVE,
    V_PILE,
    VIEW_SEAT,
    claimed,
    clear_kingdoms,
    list_square,
    set_square,
    turn_owners,
    turn_view,
    write_decision,
    write_final,
    write_lines,
    write_scores,
)
from .steps import (
    A_GAME_OVER,
    I_GAME_NUMBER,
    I_LINES_DRAWN,
    I_NDRAWN,
    I_NLINE,
    I_NNEXT,
    I_NPENDING,
    I_NPOOL,
    I_NUNDRAWN,
    S_CLAIM,
    S_DRAW_KING,
    S_LAY_OUT_LINE,
    S_LINE_READY,
    S_PLACE,
    S_REVEAL,
    S_START_ROUND,
    _push,
    auto_step,
)

# The kernel's own functions, inlined here (the same code): a call of a compiled
# function that is not inlined counts a reference to each array it is passed, which
# cost more than the work of a step's small helpers.
_put_inline = njit(cache=True, inline="always")(_put.py_func)
_auto_step_inline = njit(cache=True, inline="always")(auto_step.py_func)

#: What ``step_batch`` returns if a match drew more chance numbers than were drawn
#: ahead for it (it cannot happen: ``twister.chance_count`` is a bound).
OUT_OF_CHANCE = -2

#: A seat played by the caller (``agents[seat]``); otherwise ``kernel.AGENT_*``.
LEARNER = -1

REWARD_WIN = 0
REWARD_MARGIN = 1


@njit(cache=True, inline="always")
def _new_game(g, params, layout, kst, obs, in_pile, next_kings, undrawn, pending, ints):
    """Empty kingdoms, the full pile and the first steps of a game (``start_game``)."""
    terr, crw, reg, rsize, rcrown, rterr, kinfo, near = kst
    width = params[P_WIDTH]
    nk = params[P_KINGDOMS]
    a, b = g * nk, (g + 1) * nk
    _reset_kingdoms(terr[a:b], crw[a:b], reg[a:b], rsize[a:b], rcrown[a:b], rterr[a:b],
                    kinfo[a:b], near[a:b], width)  # fmt: skip
    reach = width // 2
    clear_kingdoms(obs, g, layout, nk, width * width, reach * width + reach)
    in_pile[g, :] = True
    kings = params[P_KINGS]
    for k in range(kings):
        undrawn[g, k] = k
    next_kings[g, :] = -1
    it = ints[g]
    it[I_LINES_DRAWN] = 0
    it[I_NPOOL] = 0
    it[I_NDRAWN] = 0
    it[I_NLINE] = 0
    it[I_NNEXT] = 0
    it[I_NUNDRAWN] = kings
    it[V_PILE] = params[P_DECK]
    it[V_DIRTY] = 1
    it[I_NPENDING] = 0
    _push(pending[g], it, S_START_ROUND, -1, -1, -1)
    for _ in range(kings):
        _push(pending[g], it, S_DRAW_KING, -1, -1, -1)
    _push(pending[g], it, S_LAY_OUT_LINE, -1, -1, -1)


@njit(cache=True, inline="always")
def _start_match(
    g, params, layout, kst, obs, in_pile, next_kings, undrawn, pending, ints, past, chance,
    streams, q_chance, q_streams, q_ids, slot_ids, qnext,
):  # fmt: skip
    """The slot's next match: the next prepared seed of the queue (its chance
    numbers, drawn ahead by ``twister.first_numbers``, and its decision stream)."""
    row = qnext[0]
    qnext[0] = row + 1
    for m in range(chance.shape[1]):
        chance[g, m] = q_chance[row, m]
    ints[g, V_CHANCE] = 0
    if q_streams.shape[0] > 1:
        for m in range(streams.shape[1]):
            streams[g, m] = q_streams[row, m]
    past[g, :, :] = 0
    ints[g, I_GAME_NUMBER] = 1
    ints[g, V_MOVE] = 0
    slot_ids[g, 0] = q_ids[row, 0]
    slot_ids[g, 1] = q_ids[row, 1]
    _new_game(g, params, layout, kst, obs, in_pile, next_kings, undrawn, pending, ints)


@njit(cache=True, inline="always")
def _place(g, q, dom, c1, c2, deck, params, layout, kst, obs, view, occ, scoring, ids):
    """Lay domino ``dom`` on cells ``c1``, ``c2`` of slot ``g``'s kingdom ``q``: the
    kingdom's arrays, its list of squares (``occ``) and the observation row."""
    terr, crw, reg, rsize, rcrown, rterr, kinfo, near = kst
    width = params[P_WIDTH]
    cells = width * width
    nk = params[P_KINGDOMS]
    qq = g * nk + q
    _put_inline(qq, c1, deck[dom, 0], deck[dom, 1], terr, crw, reg, rsize, rcrown, rterr,
                kinfo, near, scoring, width, ids)  # fmt: skip
    list_square(occ, kinfo, qq, c1, deck[dom, 0], deck[dom, 1], cells)
    set_square(obs, g, view, q, c1, deck[dom, 0], deck[dom, 1], layout, nk, cells)
    _put_inline(qq, c2, deck[dom, 2], deck[dom, 3], terr, crw, reg, rsize, rcrown, rterr,
                kinfo, near, scoring, width, ids)  # fmt: skip
    list_square(occ, kinfo, qq, c2, deck[dom, 2], deck[dom, 3], cells)
    set_square(obs, g, view, q, c2, deck[dom, 2], deck[dom, 3], layout, nk, cells)


@njit(cache=True, **UNCOUNTED)
def _advance(g, params, layout, deck, order_key, box, scoring, king_owner, seat_kingdom,
             agents, kst, obs, view, occ, in_pile, pool, drawn, line, line_kings, next_line,
             next_kings, undrawn, pending, ints, past, chance, mt, pre, streams, cand_cell,
             cand_dir, top, ids):  # fmt: skip
    """Run slot ``g`` until a learner seat decides (returns 1, the decision on top of
    the stack) or its match ends (returns 0; ``past`` holds the earlier games).
    Returns -1 if the match drew more chance numbers than ``twister.chance_count``
    promised (it cannot: a guard, never a wrong game)."""
    terr, crw, reg, rsize, rcrown, rterr, kinfo, near = kst
    width = params[P_WIDTH]
    nk = params[P_KINGDOMS]
    st = pending[g]
    it = ints[g]
    while it[I_NPENDING] > 0:
        top_row = it[I_NPENDING] - 1
        kind = st[top_row, 0]
        seat = st[top_row, 1]
        if kind in (S_CLAIM, S_PLACE) and agents[seat] == LEARNER:
            return 1
        it[I_NPENDING] = top_row
        if kind == S_CLAIM:
            r = _stream(streams, g, it[V_MOVE])
            slot = _decide_claim(
                agents[seat], g * nk + seat_kingdom[seat], next_line[g], next_kings[g],
                it[I_NNEXT], deck, terr, reg, rsize, rcrown, kinfo, near, scoring, params,
                cand_cell, cand_dir, top, ids, r,
            )  # fmt: skip
            king = st[top_row, 2]
            next_kings[g, slot] = king
            claimed(obs, g, view, slot, king_owner[king], params, layout)
            it[V_MOVE] += 1
        elif kind == S_PLACE:
            q = seat_kingdom[seat]
            dom = st[top_row, 3]
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
                       layout, kst, obs, view, occ, scoring, ids)  # fmt: skip
            it[V_MOVE] += 1
        else:
            if kind in (S_REVEAL, S_DRAW_KING):  # the next number drawn ahead
                c = it[V_CHANCE]
                if c >= chance.shape[1]:
                    return -1
                pre[0] = chance[g, c]
                it[V_CHANCE] = c + 1
            got = _auto_step_inline(kind, params, order_key, box, king_owner, in_pile[g],
                                    pool[g], drawn[g], line[g], line_kings[g], next_line[g],
                                    next_kings[g],
                                    undrawn[g], st, it, mt, pre)  # fmt: skip
            if kind == S_REVEAL:
                it[V_MOVE] += 1
                it[V_PILE] -= 1
            elif kind == S_DRAW_KING:
                it[V_MOVE] += 1
            elif kind in (S_LINE_READY, S_START_ROUND):
                it[V_DIRTY] = 1
            elif got == A_GAME_OVER:
                it[V_DIRTY] = 1
                if it[I_GAME_NUMBER] >= params[P_GAMES]:
                    return 0
                for q in range(nk):  # the finished game of the match
                    largest, crowns = _properties(g * nk + q, kst, scoring)
                    past[g, q, 0] += total_points(g * nk + q, kinfo, params)
                    past[g, q, 1] = max(past[g, q, 1], largest)
                    past[g, q, 2] += crowns
                it[I_GAME_NUMBER] += 1
                _new_game(g, params, layout, kst, obs, in_pile, next_kings, undrawn, pending,
                          ints)  # fmt: skip
    return 0


@njit(cache=True, inline="always")
def _learner_decides(g, pending, ints, agents):
    """Whether the step on top of slot ``g``'s stack is a learner seat's decision."""
    top_row = ints[g, I_NPENDING] - 1
    if top_row < 0:
        return False
    kind = pending[g, top_row, 0]
    return kind in (S_CLAIM, S_PLACE) and agents[pending[g, top_row, 1]] == LEARNER


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def _apply(g, action, params, layout, deck, king_owner, seat_kingdom, kst, obs, view, occ,
           scoring, next_kings, pending, ints, ids):  # fmt: skip
    """The learner's action (legal: checked against the mask) for the decision on top."""
    it = ints[g]
    top_row = it[I_NPENDING] - 1
    it[I_NPENDING] = top_row
    kind = pending[g, top_row, 0]
    seat = pending[g, top_row, 1]
    it[V_MOVE] += 1
    if kind == S_CLAIM:
        slot = action - layout[L_CLAIM_OFF]
        king = pending[g, top_row, 2]
        next_kings[g, slot] = king
        claimed(obs, g, view, slot, king_owner[king], params, layout)
        return
    q = seat_kingdom[seat]
    if action == layout[L_DISCARD_OFF]:
        kst[6][g * params[P_KINGDOMS] + q, K_DISCARDS] += 1
        return
    number = action - layout[L_PLACE_OFF]
    c1 = number // 4
    c2 = second_cell(c1, number % 4, params[P_WIDTH])
    _place(g, q, pending[g, top_row, 3], c1, c2, deck, params, layout, kst, obs, view, occ,
           scoring, ids)  # fmt: skip


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def _observe(g, seat, params, layout, table, deck, king_owner, seat_kingdom, kst, obs, view,
             occ, mask, line, line_kings, next_line, next_kings, pending, ints, past, cand_cell,
             cand_dir):  # fmt: skip
    """Row ``g`` and its mask brought up to ``seat``'s decision on top of the stack."""
    terr, kinfo, near = kst[0], kst[6], kst[7]
    nk = params[P_KINGDOMS]
    width = params[P_WIDTH]
    own = seat_kingdom[seat]
    it = ints[g]
    row = obs[g]
    old = view[g, VIEW_SEAT]
    if old != seat:
        turn_view(obs, g, view, seat, own, layout, nk, width * width, kinfo, occ)
        if not it[V_DIRTY]:
            turn_owners(row, g, old, seat, params, layout, king_owner, line_kings, next_kings,
                        it)  # fmt: skip
    if it[V_DIRTY]:
        write_lines(row, g, seat, params, layout, table, king_owner, line, line_kings,
                    next_line, next_kings, it)  # fmt: skip
        it[V_DIRTY] = 0
    write_scores(row, g, own, params, layout, kinfo, past, it)
    write_decision(obs, g, own, mask, params, layout, table, deck, terr, near, kinfo,
                   next_kings, pending, it, cand_cell, cand_dir)  # fmt: skip


@njit(cache=True)
def step_batch(
    params, layout, table, deck, order_key, box, scoring, king_owner, seat_kingdom, tiebreaks,
    dynasty_tiebreaks, agents, reward_kind, kst, obs, view, occ, in_pile, pool, drawn, line,
    line_kings, next_line, next_kings, undrawn, pending, ints, past, chance, streams,
    q_chance, q_streams, q_ids, slot_ids, qnext, actions, mask, rewards, done, final,
    seats, reset,
):  # fmt: skip
    """One step of every slot (see the module docstring); with ``reset``, start every
    slot's match instead (``actions`` unused). Returns -1; or the first slot whose
    action is not legal (then nothing was changed); or ``OUT_OF_CHANCE``, a guard
    that cannot fire (see ``twister.chance_count``)."""
    width = params[P_WIDTH]
    cells = width * width
    nk = params[P_KINGDOMS]
    scratch = (
        np.zeros(4 * cells, np.int64),  # candidate first cells
        np.zeros(4 * cells, np.int64),  # and directions
        np.zeros(4 * cells + 2 * params[P_LINE_SIZE], np.int64),  # the bots' best moves
        np.zeros(8, np.int64),  # region ids
        np.full(1, -1.0),  # the chance number of the step (``steps._draw``)
        np.zeros(625, np.int64),  # a Twister never drawn from: every number is drawn ahead
        np.zeros((nk, 1 + max(len(tiebreaks), len(dynasty_tiebreaks))), np.int64),
        np.zeros(nk, np.int64),  # places
    )
    return _step_slots(
        params, layout, table, deck, order_key, box, scoring, king_owner, seat_kingdom,
        tiebreaks, dynasty_tiebreaks, agents, reward_kind, kst, obs, view, occ, in_pile, pool,
        drawn, line, line_kings, next_line, next_kings, undrawn, pending, ints, past, chance,
        streams, q_chance, q_streams, q_ids, slot_ids, qnext, actions, mask, rewards,
        done, final, seats, reset, scratch,
    )  # fmt: skip


@njit(cache=True, **UNCOUNTED)
def _step_slots(
    params, layout, table, deck, order_key, box, scoring, king_owner, seat_kingdom, tiebreaks,
    dynasty_tiebreaks, agents, reward_kind, kst, obs, view, occ, in_pile, pool, drawn, line,
    line_kings, next_line, next_kings, undrawn, pending, ints, past, chance, streams,
    q_chance, q_streams, q_ids, slot_ids, qnext, actions, mask, rewards, done, final,
    seats, reset, scratch,
):  # fmt: skip
    """``step_batch``'s loop over the slots, compiled without reference counting (it
    allocates nothing: ``scratch`` holds its work arrays), so that the many arrays
    passed around cost nothing per call."""
    cand_cell, cand_dir, top, ids, pre, mt, key, places = scratch
    nb = obs.shape[0]
    nactions = mask.shape[1]
    if not reset:
        for g in range(nb):
            a = actions[g]
            if a < 0 or a >= nactions or mask[g, a] == 0:
                return g
    nplayers = params[P_PLAYERS]
    for g in range(nb):
        done[g] = False
        for s in range(nplayers):
            rewards[g, s] = 0.0
        if reset:
            _start_match(
                g, params, layout, kst, obs, in_pile, next_kings, undrawn, pending, ints, past,
                chance, streams, q_chance, q_streams, q_ids, slot_ids, qnext,
            )  # fmt: skip
        else:
            _apply(g, actions[g], params, layout, deck, king_owner, seat_kingdom, kst, obs,
                   view, occ, scoring, next_kings, pending, ints, ids)  # fmt: skip
        while not _learner_decides(g, pending, ints, agents):
            # (a call of ``_advance`` costs hundreds of cycles for its arguments alone:
            # most steps end at the next decision without one)
            got = _advance(
                g, params, layout, deck, order_key, box, scoring, king_owner, seat_kingdom,
                agents, kst, obs, view, occ, in_pile, pool, drawn, line, line_kings, next_line,
                next_kings, undrawn, pending, ints, past, chance, mt, pre, streams, cand_cell,
                cand_dir, top, ids,
            )  # fmt: skip
            if got == 1:
                break
            if got < 0:
                return OUT_OF_CHANCE
            # the match is over: its final observation (the last seat to act), rewards
            done[g] = True
            slot_ids[g, 2] = slot_ids[g, 0]  # its episode and seed, before the next's
            slot_ids[g, 3] = slot_ids[g, 1]
            write_final(g, seats[g], seat_kingdom[seats[g]], final[g], obs, view, params,
                        layout, table, king_owner, kst[6], line, line_kings, next_line,
                        next_kings, ints, past)  # fmt: skip
            _rewards(g, reward_kind, params, seat_kingdom, kst, past, scoring, tiebreaks,
                     dynasty_tiebreaks, key, places, rewards)  # fmt: skip
            _start_match(
                g, params, layout, kst, obs, in_pile, next_kings, undrawn, pending, ints, past,
                chance, streams, q_chance, q_streams, q_ids, slot_ids, qnext,
            )  # fmt: skip
        seat = pending[g, ints[g, I_NPENDING] - 1, 1]
        seats[g] = seat
        _observe(g, seat, params, layout, table, deck, king_owner, seat_kingdom, kst, obs, view,
                 occ, mask, line, line_kings, next_line, next_kings, pending, ints, past,
                 cand_cell, cand_dir)  # fmt: skip
    return -1
