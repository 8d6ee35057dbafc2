"""The batched environment's observation rows and action masks, kept up to date.

The encoding is ``kingdomino_rl.observation``'s flat vector (the layout arrays are
built from its ``Observer``: ``layout[L_*]``). Slot ``g``'s row ``obs[g]`` is a
persistent buffer, always the observation of one seat (``view[g]``: its seat and
its kingdom, which comes first): a step writes into it only what changed.

- A square laid writes its two numbers (terrain plane, crowns) where its kingdom's
  block is in the row's order (:func:`set_square`).
- A claim writes its king's one number in the line picked from (:func:`claimed`).
- When the seat to decide sees the kingdoms in another order, each block is moved
  square by square (:func:`turn_view`: the squares of the kingdom leaving a block
  are cleared, those of the kingdom entering it written; ``occ`` lists each
  kingdom's squares by their number in their terrain's plane, and its crowns:
  :func:`list_square`), not copied whole: a kingdom block is 648 numbers of which
  about 25 are not zero.
- The lines are rewritten whole only when they changed beyond a claim (a line laid
  out or started: ``dirty``); when the view turns, only their kings' owners are
  (:func:`turn_owners`). The scores and the decision part (a few dozen numbers)
  and the mask are written at every decision.

A step thus writes tens of numbers of most rows, not the 1,467 of a 2-player row.
"""

from __future__ import annotations

from numba import njit

from .kernel import (
    K_CROWNED,
    K_SQUARES,
    P_DECK,
    P_GAMES,
    P_KINGDOMS,
    P_LINE_SIZE,
    P_LINES_TOTAL,
    P_PLAYERS,
    placements,
    total_points,
)
from .steps import (
    I_GAME_NUMBER,
    I_LINES_DRAWN,
    I_NLINE,
    I_NNEXT,
    I_NPENDING,
    N_INTS,
    S_CLAIM,
)

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

# -- the slot's counters beyond the queue's (``ints[g]``, after ``steps.I_*``) --------
V_MOVE = N_INTS  # the game's log length (the decision stream's index)
V_PILE = N_INTS + 1  # dominoes left in the pile
V_DIRTY = N_INTS + 2  # the row's lines need rewriting
V_CHANCE = N_INTS + 3  # chance numbers of the match drawn so far
N_V = N_INTS + 4

# The kernel's legal placements, inlined (the same code; see ``vector._put_inline``).
_placements_inline = njit(cache=True, inline="always")(placements.py_func)

# ``view[g]``: the seat whose observation row ``g`` is, and that seat's kingdom
VIEW_KINGDOM = 0
VIEW_SEAT = 1


@njit(cache=True, inline="always")
def set_square(obs, g, view, q, cell, t, cr, layout, nk, cells):
    """A square of kingdom ``q`` in row ``g``: its terrain's plane, its crowns."""
    base = layout[L_KINGDOMS] + ((q - view[g, VIEW_KINGDOM] + nk) % nk) * layout[L_PLANE]
    obs[g, base + t * cells + cell] = 1.0
    obs[g, base + (layout[L_T] + 1) * cells + cell] = cr


@njit(cache=True, inline="always")
def clear_kingdoms(obs, g, layout, nk, cells, castle):
    """Row ``g``'s kingdoms empty: the castle alone in each."""
    plane = layout[L_PLANE]
    at = layout[L_KINGDOMS]
    for c in range(at, at + nk * plane):
        obs[g, c] = 0.0
    for i in range(nk):
        obs[g, at + i * plane + layout[L_T] * cells + castle] = 1.0


@njit(cache=True, inline="always")
def claimed(obs, g, view, slot, owner, params, layout):
    """King of seat ``owner`` put on slot ``slot`` of the line picked from."""
    nplayers = params[P_PLAYERS]
    d_size = layout[L_D]
    at = layout[L_LINES] + (params[P_LINE_SIZE] + slot) * (d_size + nplayers) + d_size
    obs[g, at + (owner - view[g, VIEW_SEAT] + nplayers) % nplayers] = 1.0


@njit(cache=True, inline="always")
def list_square(occ, kinfo, qq, cell, t, cr, cells):
    """Kingdom row ``qq``'s new square (``kinfo``'s count of squares already has it)
    in its lists: ``occ[qq, 0, j]``, square ``j``'s number in its terrain's plane
    (``t * cells + cell``); ``occ[qq, 1, k]`` and ``occ[qq, 2, k]``, the cell and
    the crowns of the ``k``-th square with crowns (``kinfo[qq, K_CROWNED]`` counts
    them, and is advanced here). :func:`turn_view` reads them."""
    occ[qq, 0, kinfo[qq, K_SQUARES] - 1] = t * cells + cell
    if cr:
        k = kinfo[qq, K_CROWNED]
        occ[qq, 1, k] = cell
        occ[qq, 2, k] = cr
        kinfo[qq, K_CROWNED] = k + 1


@njit(cache=True, inline="always")
def turn_view(obs, g, view, seat, own, layout, nk, cells, kinfo, occ):
    """Row ``g`` seen by ``seat`` (kingdom ``own`` first): each block's squares moved,
    from the kingdoms' lists (:func:`list_square`): a store per square and crown."""
    plane = layout[L_PLANE]
    crowns = (layout[L_T] + 1) * cells
    old = view[g, VIEW_KINGDOM]
    for i in range(nk):
        base = layout[L_KINGDOMS] + i * plane
        qo = g * nk + (old + i) % nk
        qn = g * nk + (own + i) % nk
        if qo == qn:
            continue
        for j in range(kinfo[qo, K_SQUARES]):
            obs[g, base + occ[qo, 0, j]] = 0.0
        for k in range(kinfo[qo, K_CROWNED]):  # the crowns plane is 0 wherever no crown is
            obs[g, base + crowns + occ[qo, 1, k]] = 0.0
        for j in range(kinfo[qn, K_SQUARES]):
            obs[g, base + occ[qn, 0, j]] = 1.0
        for k in range(kinfo[qn, K_CROWNED]):
            obs[g, base + crowns + occ[qn, 1, k]] = occ[qn, 2, k]
    view[g, VIEW_KINGDOM] = own
    view[g, VIEW_SEAT] = seat


@njit(cache=True, inline="always")
def write_lines(out, g, seat, params, layout, table, king_owner, line, line_kings,
                next_line, next_kings, it):  # fmt: skip
    """The lines part of ``seat``'s observation of slot ``g``, whole, into ``out``."""
    nplayers = params[P_PLAYERS]
    line_size = params[P_LINE_SIZE]
    d_size = layout[L_D]
    slot_size = d_size + nplayers
    at = layout[L_LINES]
    for c in range(at, at + layout[L_ROWS] * line_size * slot_size):
        out[c] = 0.0
    for row in range(2):
        n = it[I_NLINE] if row == 0 else it[I_NNEXT]
        for s in range(min(n, line_size)):
            base = at + (row * line_size + s) * slot_size
            d = line[g, s] if row == 0 else next_line[g, s]
            for k in range(d_size):
                out[base + k] = table[d, k]
            king = line_kings[g, s] if row == 0 else next_kings[g, s]
            if king >= 0:
                out[base + d_size + (king_owner[king] - seat + nplayers) % nplayers] = 1.0


@njit(cache=True, inline="always")
def turn_owners(out, g, old, seat, params, layout, king_owner, line_kings, next_kings, it):
    """The kings' owners in the lines part moved from ``old``'s view to ``seat``'s
    (the dominoes' numbers do not depend on the seat)."""
    nplayers = params[P_PLAYERS]
    line_size = params[P_LINE_SIZE]
    d_size = layout[L_D]
    slot_size = d_size + nplayers
    at = layout[L_LINES] + d_size
    for row in range(2):
        n = it[I_NLINE] if row == 0 else it[I_NNEXT]
        for s in range(min(n, line_size)):
            king = line_kings[g, s] if row == 0 else next_kings[g, s]
            if king >= 0:
                base = at + (row * line_size + s) * slot_size
                out[base + (king_owner[king] - old + nplayers) % nplayers] = 0.0
                out[base + (king_owner[king] - seat + nplayers) % nplayers] = 1.0


@njit(cache=True, inline="always")
def write_scores(out, g, own, params, layout, kinfo, past, it):
    """Scores and the decision part's progress numbers (the rest of it cleared)."""
    nk = params[P_KINGDOMS]
    at = layout[L_SCORES]
    for i in range(nk):
        q = (own + i) % nk
        out[at + i] = total_points(g * nk + q, kinfo, params)
        out[at + nk + i] = past[g, q, 0]
    at = layout[L_DECISION]
    base = at + layout[L_NKINDS] + layout[L_D] + layout[L_KINGS_PER_SEAT]
    for c in range(at, base):
        out[c] = 0.0
    out[base] = it[I_LINES_DRAWN] / max(1, params[P_LINES_TOTAL])
    out[base + 1] = it[I_GAME_NUMBER] / max(1, params[P_GAMES])
    out[base + 2] = it[V_PILE] / max(1, params[P_DECK])


@njit(cache=True, inline="always")
def write_decision(obs, g, own, mask, params, layout, table, deck, terr, near, kinfo,
                   next_kings, pending, it, cand_cell, cand_dir):  # fmt: skip
    """The decision on top of slot ``g``'s stack in its row, and its action mask."""
    for c in range(mask.shape[1]):
        mask[g, c] = 0
    top_row = it[I_NPENDING] - 1
    kind = pending[g, top_row, 0]
    king = pending[g, top_row, 2]
    at = layout[L_DECISION]
    nkinds = layout[L_NKINDS]
    d_size = layout[L_D]
    obs[g, at + nkinds + d_size + king % layout[L_KINGS_PER_SEAT]] = 1.0
    if kind == S_CLAIM:
        obs[g, at + layout[L_CLAIM_KIND]] = 1.0
        off = layout[L_CLAIM_OFF]
        for s in range(it[I_NNEXT]):
            if next_kings[g, s] < 0:
                mask[g, off + s] = 1
        return
    obs[g, at + layout[L_PLACE_KIND]] = 1.0
    dom = pending[g, top_row, 3]
    for k in range(d_size):
        obs[g, at + nkinds + k] = table[dom, k]
    q = g * params[P_KINGDOMS] + own
    n = _placements_inline(q, deck[dom, 0], deck[dom, 2], deck[dom, 4], terr, near, kinfo,
                           params, cand_cell, cand_dir)  # fmt: skip
    off = layout[L_PLACE_OFF]
    for i in range(n):
        mask[g, off + cand_cell[i] * 4 + cand_dir[i]] = 1
    if n == 0:
        mask[g, layout[L_DISCARD_OFF]] = 1


@njit(cache=True, inline="always")
def write_final(g, seat, own, out, obs, view, params, layout, table, king_owner, kinfo, line,
                line_kings, next_line, next_kings, ints, past):  # fmt: skip
    """``seat``'s observation of slot ``g``'s ended match into ``out`` (the decision
    part empty): the kingdoms copied from the row, turned to ``seat``'s order."""
    nk = params[P_KINGDOMS]
    plane = layout[L_PLANE]
    at = layout[L_KINGDOMS]
    shift = (own - view[g, VIEW_KINGDOM] + nk) % nk
    for i in range(nk):
        src = at + ((i + shift) % nk) * plane
        dst = at + i * plane
        for c in range(plane):
            out[dst + c] = obs[g, src + c]
    it = ints[g]
    write_lines(out, g, seat, params, layout, table, king_owner, line, line_kings, next_line,
                next_kings, it)  # fmt: skip
    write_scores(out, g, own, params, layout, kinfo, past, it)
