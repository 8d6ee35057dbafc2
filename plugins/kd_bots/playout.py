"""A fast playout policy for search: greedy on a sample of moves, by property points.

Playouts only need to be quick and better than random; the result of a playout is
always scored by the ruleset's own scoring. Placements are valued by the change in
(squares x crowns) of the properties they touch, computed from the kingdom's region
masks without scoring the whole kingdom. Plugin decisions are played at random.
"""

from __future__ import annotations

import random

from kingdomino_core import Action, Claim, DominoId, Engine, Game, Kingdom, Place, PlayDomino
from kingdomino_core.engine.steps import anchor_masks

from .greedy import GreedyAgent, core_step


def region_gain(kingdom: Kingdom, terrain: int, crowns: int, cells: int) -> int:
    """Change in property points when squares ``cells`` of ``terrain`` join the kingdom."""
    near = kingdom.board.dilate(cells)
    merged = cells
    old = 0
    for t, mask in kingdom.regions:
        if t == terrain and mask & near:
            merged |= mask
            old += mask.bit_count() * kingdom.crowns_in(mask)
    return merged.bit_count() * (kingdom.crowns_in(merged & ~cells) + crowns) - old


def domino_gain(kingdom: Kingdom, dom: PlayDomino, first: int, second: int) -> int:
    """Property points gained by putting ``dom``'s squares on ``first`` and ``second``."""
    if dom.terrain_a == dom.terrain_b:
        both = (1 << first) | (1 << second)
        return region_gain(kingdom, dom.terrain_a, dom.crowns_a + dom.crowns_b, both)
    return region_gain(kingdom, dom.terrain_a, dom.crowns_a, 1 << first) + region_gain(
        kingdom, dom.terrain_b, dom.crowns_b, 1 << second
    )


class PlayoutPolicy:
    """Epsilon-greedy: the best of ``sample`` random placements; picks favour crowns.

    With ``greedy``, the choice (when not random) is the ``greedy`` player's own
    (:class:`~kd_bots.greedy.GreedyAgent`: every placement scored, picks by the best
    score their domino would give): slower playouts, closer to how a good player
    plays."""

    def __init__(
        self, rng: random.Random, sample: int = 6, epsilon: float = 0.1, greedy: bool = False
    ) -> None:
        self.rng = rng
        self.sample = sample
        self.epsilon = epsilon
        self.greedy = greedy
        self._greedy = GreedyAgent(rng)
        self._engine: Engine | None = None
        self._fast = (False, False)

    def act(self, game: Game) -> Action:
        """A move for whoever decides now (plugin decisions: uniformly at random)."""
        rng = self.rng
        step = game.pending[0]
        if rng.random() >= self.epsilon:
            fast = self._core_steps(game.engine)
            if self.greedy and (
                (step.kind == "place" and fast[0]) or (step.kind == "claim" and fast[1])
            ):
                return self._greedy.act(game)
            if step.kind == "place" and step.domino is not None and fast[0]:
                found = self._place(game, step.seat, step.domino)
                if found is not None:
                    return found
            elif step.kind == "claim" and fast[1]:
                found_claim = self._claim(game)
                if found_claim is not None:
                    return found_claim
        return game.sample_action(rng.random())

    def _core_steps(self, engine: Engine) -> tuple[bool, bool]:
        """Whether the core's own handlers play ``place`` and ``claim`` (a wrapped
        or replaced handler may refuse the moves built here from the masks)."""
        if self._engine is not engine:
            self._engine = engine
            self._fast = (core_step(engine, "place"), core_step(engine, "claim"))
        return self._fast

    def _claim(self, game: Game) -> Action | None:
        best: Action | None = None
        best_v = -1.0
        for a in game.legal_actions():
            if type(a) is not Claim:
                continue  # a plugin's action in the claim step: left to chance
            d = game.domino(a.domino)
            v = d.crowns_a + d.crowns_b + self.rng.random()
            if v > best_v:
                best, best_v = a, v
        return best

    def _place(self, game: Game, seat: int, domino: DominoId) -> Place | None:
        kingdom = game.kingdom_of(seat)
        dom = game.domino(domino)
        board = kingdom.board
        candidates = [
            (d, cell, cell + board.delta[d])
            for d, mask in anchor_masks(game, kingdom, dom)
            for cell in board.cells_of(mask)
        ]
        if not candidates:
            return None
        rng = self.rng
        if len(candidates) > self.sample:
            candidates = [
                candidates[int(rng.random() * len(candidates))] for _ in range(self.sample)
            ]
        best = candidates[0]
        best_v = -1e9
        for cand in candidates:
            v = domino_gain(kingdom, dom, cand[1], cand[2]) + rng.random() * 0.5
            if v > best_v:
                best, best_v = cand, v
        x, y = board.xy(best[1])
        return Place(seat=seat, domino=domino, x=x, y=y, direction=best[0])


def play_out(game: Game, policy: PlayoutPolicy) -> None:
    """Play ``game`` (a copy) to the end with ``policy`` for every seat."""
    pending = game.pending
    while pending:
        if pending[0].seat == -1:
            game.resolve_chance()
        else:
            game.apply(policy.act(game), check=False)
