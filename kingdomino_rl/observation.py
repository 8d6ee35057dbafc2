"""Observations: what one seat sees, as numpy arrays (documented in docs/rl.md).

Everything is seen from the observing seat: its own kingdom comes first, then the
following kingdoms in seat order, and kings are named by their owner's seat
counted from the observer (0: mine, 1: the next player's, ...). Only what a player
at the table knows is shown; the order of the draw pile never is, and what a plugin
hides from the seat (a ``Secret``) is read from the seat's view (``view_of``), the
same view its displays show and its bots search.

Parts (``P`` seats, ``K`` kingdoms, ``T`` terrains, ``W`` board width = 2 x kingdom
size - 1, ``L`` line size, ``D`` = 2T + 4 numbers per domino):

``kingdoms`` (K, T + 2, W, W)
    per kingdom: one plane per terrain (1 where that terrain lies), the castle
    plane, the crowns plane (crowns on each square). The castle is the centre.
``lines`` (R, L, D + P), R = 2 + the ruleset's ``lookahead_lines``
    the line being placed (row 0), the line being picked from (row 1), then the
    lines laid out ahead of it (a ``lookahead_lines`` house rule); per slot: the
    domino (see ``domino`` below) then the owner of the king on it (one-hot over
    relative seats; all zero when no king).
``scores`` (2, K)
    each kingdom's score now, and its total of the finished games of a match
    (Dynasty; zero otherwise).
``decision`` (S + D + kings per seat + 3)
    the kind of decision (one-hot over the ruleset's decision kinds), the domino
    to place if any, which of the seat's kings decides, and progress: lines drawn
    / lines in the game, game number / games in the match, dominoes left in the
    pile / deck size.
``plugin`` (N)
    the numbers of the plugins' state encoders (``Registry.add_observation``), in
    registration order; empty when no active plugin declares one.

A domino is described by ``D`` numbers: present (1), one-hot terrain of its first
half, crowns of its first half, one-hot terrain of its second half, crowns of its
second half, its rank in the deck (0..1, the printed number's order).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from kingdomino_core import Engine, Game, Kingdom, match_total, view_of
from kingdomino_core.engine.encoding import market_lines, market_rows
from kingdomino_core.model.actions import CHANCE

PARTS = ("kingdoms", "lines", "scores", "decision", "plugin")


class Observer:
    """Builds the observation arrays of one engine and their Gymnasium spaces
    (the parts and their layout: ``kingdomino_rl.observation``'s module docstring,
    and [Observations](../rl.md#observations))."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        cfg = engine.config
        registry = engine.registry
        self.T = t = len(registry.terrains)
        self.W = w = engine.board.width
        self.stride = engine.board.stride
        self.K = k = cfg.kingdoms
        self.P = p = cfg.players
        self.L = line = cfg.line_size
        self.R = rows = market_rows(engine)
        self.D = d = 2 * t + 4
        self.kinds = sorted(kind for kind, h in engine.rules.handlers.items() if not h.chance)
        self._kind_index = {kind: i for i, kind in enumerate(self.kinds)}
        self.kings_per_seat = cfg.kings_per_seat
        self.parts_encoders = list(registry.observations.values())
        plugin_size = sum(e.size(engine) for e in self.parts_encoders)
        self.shapes: dict[str, tuple[int, ...]] = {
            "kingdoms": (k, t + 2, w, w),
            "lines": (rows, line, d + p),
            "scores": (2, k),
            "decision": (len(self.kinds) + d + self.kings_per_seat + 3,),
            "plugin": (plugin_size,),
        }
        #: Where each part starts and ends in the flat vector.
        self.offsets: dict[str, tuple[int, int]] = {}
        at = 0
        for name in PARTS:
            size = int(np.prod(self.shapes[name]))
            self.offsets[name] = (at, at + size)
            at += size
        #: Numbers in the flat vector (:meth:`flat`).
        self.flat_size = at
        # Terrain codes compared against each kingdom's terrain_at: terrains, castle.
        self._planes: dict[tuple[int, ...], np.ndarray] = {}
        self._codes = np.array([*range(t), -2], dtype=np.int16).reshape(t + 1, 1, 1)
        pile = engine.pile
        self._domino = {}
        for rank, dom_id in enumerate(pile):
            dom = engine.deck[dom_id]
            v = np.zeros(d, dtype=np.float32)
            v[0] = 1.0
            v[1 + dom.terrain_a] = 1.0
            v[1 + t] = dom.crowns_a
            v[2 + t + dom.terrain_b] = 1.0
            v[2 + 2 * t] = dom.crowns_b
            v[3 + 2 * t] = rank / max(1, len(pile) - 1)
            self._domino[dom_id] = v
        self._rank = {dom_id: i for i, dom_id in enumerate(pile)}
        # One row per domino in deck order, and a last all-zero row for empty slots.
        self._table = np.stack([*(self._domino[i] for i in pile), np.zeros(d, np.float32)])
        self._table.flags.writeable = False

    @property
    def domino_table(self) -> np.ndarray:
        """Every domino's ``D`` numbers (see the module docstring), one row per
        domino in the engine's pile order (``engine.pile``), then a last all-zero row
        (an empty slot of a line): the rows the ``lines`` and ``decision`` parts copy.
        Read-only; compiled encoders (``kingdomino_rl.batched``) index it by domino."""
        return self._table

    # -- spaces -------------------------------------------------------------------

    def part_spaces(self) -> dict[str, spaces.Box]:
        """One Gymnasium ``Box`` per part (``observation="dict"``), by part name."""
        return {
            name: spaces.Box(-1e6, 1e6, shape=shape, dtype=np.float32)
            for name, shape in self.shapes.items()
        }

    def flat_space(self) -> spaces.Box:
        """The Gymnasium ``Box`` of :meth:`flat` (``observation="flat"``)."""
        return spaces.Box(-1e6, 1e6, shape=(self.flat_size,), dtype=np.float32)

    # -- building -----------------------------------------------------------------

    def parts(self, game: Game, seat: int) -> dict[str, np.ndarray]:
        """Every part of ``seat``'s observation (see the module docstring): views of
        one :meth:`flat` vector."""
        return as_dict(self, self.flat(game, seat))

    def flat(self, game: Game, seat: int) -> np.ndarray:
        """The parts, each flattened (C order), concatenated in the order of ``PARTS``:
        all of them read from ``seat``'s view of the game (``view_of``: what the
        plugins' secrets let that seat see; the game itself when nothing is hidden)."""
        game = view_of(game, seat)
        out = np.zeros(self.flat_size, dtype=np.float32)
        offsets = self.offsets
        own = game.config.kingdom_of(seat)
        order = [(own + i) % self.K for i in range(self.K)]
        a, b = offsets["kingdoms"]
        self._kingdoms(game, order, out[a:b].reshape(self.shapes["kingdoms"]))
        a, b = offsets["lines"]
        self._lines(game, seat, out[a:b].reshape(self.R * self.L, self.D + self.P))
        a, b = offsets["scores"]
        self._scores(game, order, out[a:b])
        a, b = offsets["decision"]
        self._decision(game, seat, out[a:b])
        if self.parts_encoders:
            a, b = offsets["plugin"]
            out[a:b] = self._plugin(game, seat)
        return out

    def _kingdoms(self, game: Game, order: list[int], out: np.ndarray) -> None:
        cache = self._planes
        kingdoms = game.kingdoms
        for i, k in enumerate(order):
            kingdom = kingdoms[k]
            # Terrain masks and crown bit planes determine the planes completely.
            key = (*kingdom.terrain_masks, -1, *kingdom.planes)
            planes = cache.get(key)
            if planes is None:
                if len(cache) > 4096:
                    cache.clear()
                planes = cache[key] = self._kingdom_planes(kingdom)
            out[i] = planes

    def _kingdom_planes(self, kingdom: Kingdom) -> np.ndarray:
        t, w = self.T, self.W
        planes = np.empty((t + 2, w, w), dtype=np.float32)
        at = np.array(kingdom.terrain_at, dtype=np.int16).reshape(w, self.stride)[:, :w]
        planes[: t + 1] = at == self._codes
        planes[t + 1] = np.array(kingdom.crowns_at, dtype=np.float32).reshape(w, self.stride)[:, :w]
        return planes

    def _lines(self, game: Game, seat: int, out: np.ndarray) -> None:
        p, line_size, d = self.P, self.L, self.D
        empty = len(self.engine.pile)  # the all-zero last row of the table
        rank = self._rank
        rows: list[int] = []
        for line in market_lines(game):
            n = min(len(line), line_size)
            rows.extend([rank[dom] for dom in line[:n]])
            rows.extend([empty] * (line_size - n))
        rows.extend([empty] * (len(out) - len(rows)))  # no line ahead near the end
        out[:, :d] = self._table.take(rows, axis=0)
        owner = game.engine.king_owner
        for row, kings in enumerate((game.line_kings, game.next_kings)):
            base = row * line_size
            for slot, king in enumerate(kings[:line_size]):
                if king is not None:
                    out[base + slot, d + (owner[king] - seat) % p] = 1.0

    def _scores(self, game: Game, order: list[int], out: np.ndarray) -> None:
        k = self.K
        for i, kingdom in enumerate(order):
            out[i] = game.score_total(kingdom)
            out[k + i] = match_total(game, kingdom)  # the finished games of a match

    def _decision(self, game: Game, seat: int, out: np.ndarray) -> None:
        step = game.pending[0] if game.pending else None
        n = len(self.kinds)
        if step is not None and step.seat == seat and step.seat != CHANCE:
            i = self._kind_index.get(step.kind)
            if i is not None:
                out[i] = 1.0
            if step.domino is not None and step.domino in self._domino:
                out[n : n + self.D] = self._domino[step.domino]
            if step.king >= 0:
                out[n + self.D + step.king % self.kings_per_seat] = 1.0
        cfg = game.config
        base = n + self.D + self.kings_per_seat
        out[base] = game.lines_drawn / max(1, cfg.lines_total)
        out[base + 1] = game.game_number / max(1, cfg.games)
        out[base + 2] = len(game.pile) / max(1, len(self.engine.pile))

    def _plugin(self, game: Game, seat: int) -> np.ndarray:
        values: list[float] = []
        for encoder in self.parts_encoders:
            values.extend(encoder.encode(game, seat))
        out = np.asarray(values, dtype=np.float32)
        if out.shape != self.shapes["plugin"]:
            raise ValueError(
                f"plugin observation encoders returned {out.size} numbers, "
                f"declared {self.shapes['plugin'][0]}"
            )
        return out


def as_dict(observer: Observer, flat: np.ndarray) -> dict[str, Any]:
    """Split a flat observation back into its named parts (views, no copies)."""
    return {
        name: flat[a:b].reshape(observer.shapes[name]) for name, (a, b) in observer.offsets.items()
    }
