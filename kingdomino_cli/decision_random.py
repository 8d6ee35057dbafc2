"""A random generator that is cheap to reseed before every decision.

``kd`` reseeds each agent's generator before every decision (see ``players.py``),
so a resumed or undone game continues exactly like an uninterrupted one. Seeding a
Mersenne Twister costs about 4 microseconds, as much as a random player's whole
move. Most decisions draw only a number or two, so the first few ``random()``
values come from SplitMix64 over (seed, draw index); only an agent that draws more
(or asks for bits, choices, shuffles) pays for seeding the Mersenne Twister, lazily.
Either way the numbers are a pure function of the seed, so determinism holds.

The numbers, for an integer seed ``a >= 0``: ``key`` folds ``a`` into 64 bits, 64
bits at a time from the lowest (``key = splitmix(key ^ chunk)``, see
:func:`fold_seed`); draw ``i`` (1 to 4) is ``splitmix(key + i * STRIDE) >> 11``
scaled to [0, 1); later draws, and every other method, come from a Mersenne Twister
seeded with ``key``.

``kd simulate`` reseeds about a hundred times a game, so this is written for speed:
the seed is folded only when the first number is drawn (a decision that draws nothing
pays no hashing), :meth:`DecisionRandom.seed_decision` packs the decision seed with
a per-game prefix computed once, and the arithmetic is written out inline.
"""

from __future__ import annotations

import random
from typing import Any

from kingdomino_core.saves.savegame import decision_seed

_MASK = (1 << 64) - 1
_LOW32 = (1 << 32) - 1
_FAST_DRAWS = 4
_TO_UNIT = 1.0 / (1 << 53)
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_STRIDE = 0x632BE59BD9B4E019
_TWISTER = _FAST_DRAWS + 1
_SEATS = 1 << 12  # decision_seed packs seats below this and moves below _MOVES
_MOVES = 1 << 20
_ZIGZAG = 1 << 95  # game seeds below this pack into fewer than 128 bits


def _splitmix(x: int) -> int:
    """SplitMix64's output for the state ``x`` before its increment."""
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * _MIX1) & _MASK
    x = ((x ^ (x >> 27)) * _MIX2) & _MASK
    return x ^ (x >> 31)


def fold_seed(a: int) -> int:
    """A non-negative integer seed of any size folded into 64 bits."""
    key = 0
    while True:
        key = _splitmix(key ^ (a & _MASK))
        a >>= 64
        if not a:
            return key


class DecisionRandom(random.Random):
    """``random.Random`` whose ``seed(n)`` is cheap; see the module docstring."""

    # The seed as its lowest 64 bits plus _GOLDEN (``_low``) and the next 64 bits
    # (``_high``); ``_key`` once folded (seeds beyond 128 bits: folded at once).
    # ``_draws``: fast draws made (0 to _FAST_DRAWS), or _TWISTER once the Mersenne
    # Twister is seeded with the key.
    _low: int
    _high: int
    _key: int | None
    _draws: int
    # seed_decision's per-game prefix: for (game seed, seat), ``_low`` minus the move.
    _prefix_of: tuple[int, int] | None = None
    _prefix_low: int = 0

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._prefix_of = None  # _high is this seed's now
        if not isinstance(a, int) or a < 0:  # unusual: the Mersenne Twister's own seeding
            random.Random.seed(self, a, version)
            self._key = 0
            self._draws = _TWISTER
            return
        self._low = (a & _MASK) + _GOLDEN
        self._high = a >> 64
        self._key = fold_seed(a) if a >> 128 else None  # else folded at the first draw
        self._draws = 0

    def seed_decision(self, game_seed: int, seat: int, move: int) -> None:
        """``seed(decision_seed(game_seed, seat, move))``, faster: the part of the
        packed seed that depends on the game and seat is computed once per game."""
        if self._prefix_of != (game_seed, seat) or not 0 <= move < _MOVES:
            if not (0 <= seat < _SEATS and 0 <= move < _MOVES and 0 <= game_seed < _ZIGZAG):
                self.seed(decision_seed(game_seed, seat, move))
                return
            # decision_seed is ((2 * game_seed) << 32 | seat << 20 | move): its lowest 64
            # bits are this prefix plus the move, the rest is 2 * game_seed >> 32.
            zigzag = 2 * game_seed
            self._prefix_low = ((zigzag & _LOW32) << 32 | seat << 20) + _GOLDEN
            self._high = zigzag >> 32
            self._prefix_of = (game_seed, seat)
        self._low = self._prefix_low + move
        self._key = None
        self._draws = 0

    def _folded(self) -> int:
        key = self._key
        if key is None:
            key = self._key = _fold_low_high(self._low, self._high)
        return key

    def _start_twister(self) -> None:
        if self._draws != _TWISTER:
            random.Random.seed(self, self._folded())
            self._draws = _TWISTER

    def random(self) -> float:
        draws = self._draws
        if draws >= _FAST_DRAWS:
            self._start_twister()
            return random.Random.random(self)
        key = self._key
        if key is None:  # _fold_low_high, inline
            key = self._low & _MASK
            key = ((key ^ (key >> 30)) * _MIX1) & _MASK
            key = ((key ^ (key >> 27)) * _MIX2) & _MASK
            key ^= key >> 31
            high = self._high
            if high:
                key = ((key ^ high) + _GOLDEN) & _MASK
                key = ((key ^ (key >> 30)) * _MIX1) & _MASK
                key = ((key ^ (key >> 27)) * _MIX2) & _MASK
                key ^= key >> 31
            self._key = key
        draws += 1
        self._draws = draws
        x = (key + draws * _STRIDE + _GOLDEN) & _MASK  # _splitmix(key + draws * _STRIDE)
        x = ((x ^ (x >> 30)) * _MIX1) & _MASK
        x = ((x ^ (x >> 27)) * _MIX2) & _MASK
        return ((x ^ (x >> 31)) >> 11) * _TO_UNIT

    def getrandbits(self, k: int) -> int:
        self._start_twister()
        return random.Random.getrandbits(self, k)

    def getstate(self) -> Any:
        self._start_twister()
        return random.Random.getstate(self)

    def setstate(self, state: Any) -> None:
        random.Random.setstate(self, state)
        self._draws = _TWISTER


def _fold_low_high(low: int, high: int) -> int:
    """``fold_seed`` of a seed below 2**128 given as (lowest 64 bits + _GOLDEN, rest)."""
    key = low & _MASK
    key = ((key ^ (key >> 30)) * _MIX1) & _MASK
    key = ((key ^ (key >> 27)) * _MIX2) & _MASK
    key ^= key >> 31
    if high:
        key = _splitmix(key ^ high)
    return key
