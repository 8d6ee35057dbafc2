"""A random generator that is cheap to reseed before every decision.

``kd`` reseeds each agent's generator before every decision (see ``players.py``),
so a resumed or undone game continues exactly like an uninterrupted one. Seeding a
Mersenne Twister costs about 4 microseconds, as much as a random player's whole
move. Most decisions draw only a number or two, so the first few ``random()``
values come from SplitMix64 over (seed, draw index); only an agent that draws more
(or asks for bits, choices, shuffles) pays for seeding the Mersenne Twister, lazily.
Either way the numbers are a pure function of the seed, so determinism holds.
"""

from __future__ import annotations

import random
from typing import Any

_MASK = (1 << 64) - 1
_FAST_DRAWS = 4
_TO_UNIT = 1.0 / (1 << 53)


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class DecisionRandom(random.Random):
    """``random.Random`` whose ``seed(n)`` is cheap; see the module docstring."""

    def seed(self, a: Any = None, version: int = 2) -> None:
        if not isinstance(a, int):
            random.Random.seed(self, a, version)
            self._key = 0
            self._draws = _FAST_DRAWS  # an unusual seed: always the Mersenne Twister
            self._twister = True
            return
        # Fold an arbitrarily large seed into 64 bits.
        key = 0
        while True:
            key = _splitmix(key ^ (a & _MASK))
            a >>= 64
            if not a:
                break
        self._key = key
        self._draws = 0
        self._twister = False

    def _start_twister(self) -> None:
        if not self._twister:
            random.Random.seed(self, self._key)
            self._twister = True

    def random(self) -> float:
        if not self._twister and self._draws < _FAST_DRAWS:
            self._draws += 1
            return (_splitmix(self._key + self._draws * 0x632BE59BD9B4E019) >> 11) * _TO_UNIT
        self._start_twister()
        return random.Random.random(self)

    def getrandbits(self, k: int) -> int:
        self._start_twister()
        return random.Random.getrandbits(self, k)

    def getstate(self) -> Any:
        self._start_twister()
        return random.Random.getstate(self)

    def setstate(self, state: Any) -> None:
        random.Random.setstate(self, state)
        self._twister = True
