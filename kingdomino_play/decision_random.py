"""Each agent's random numbers: a fixed function of (game seed, seat, move).

Every seat (:class:`~kingdomino_play.Seat`: ``kd play``, ``kd simulate``, ``kd serve``)
gives its agent a :class:`DecisionRandom` that *follows* the game
(:meth:`DecisionRandom.follow`): each draw belongs to the decision at the game's
current log position ``move``, and

- the decision's **first** ``random()`` is number ``move`` of the game's *decision
  stream* (:class:`DecisionStream`), the same for every seat;
- **everything else** (later ``random()`` calls, ``getrandbits``, ``choice``,
  ``shuffle``, ``randbytes``...) comes from a Mersenne Twister seeded with
  :func:`~kingdomino_core.saves.savegame.decision_seed` (game seed, seat, move),
  seeded when first needed (an agent's own ``seed`` or ``setstate`` replaces it
  for the rest of the decision).

So a game saved and resumed, or undone, continues exactly like an uninterrupted one,
whatever the agents drew before. Why two sources: the random and greedy bots draw at
most one number a decision, and seeding a Mersenne Twister costs about 5 µs, half a
random player's whole decision; a game's stream is computed at once for many moves
(one hash, about 5 µs a game) and shared by its seats, so the common decision costs
a list index. Search bots (mcts) draw thousands of numbers a decision and pay the
seeding once.
"""

from __future__ import annotations

import hashlib
import random
import sys
import threading
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kingdomino_core.saves.savegame import decision_seed

if TYPE_CHECKING:
    from kingdomino_core import Game

_FIRST = 160  # numbers computed at first: a 4-player base game has about 150 moves
_CACHED_STREAMS = 256  # games in play, or prepared, at once in one process
# Byte 6 of a little-endian double in [1, 2): the exponent's low 4 bits (all ones)
# above the mantissa's top 4 bits.
_BYTE6 = bytes(0xF0 | (b & 0x0F) for b in range(256))


def stream_numbers(game_seed: int, count: int) -> array[float]:
    """The first ``count`` numbers of a game's decision stream, each in [1, 2).

    Number ``i`` is bytes ``8i`` to ``8i+7`` of SHAKE-128 of the ASCII text
    ``"kingdomino decisions <game seed>"``, read as a little-endian 64-bit double
    whose sign and exponent are replaced by those of 1.0: its 52 low bits become the
    fraction, so the number minus 1 is uniform over the multiples of 2**-52 in
    [0, 1). SHAKE is an extendable hash: asking for more numbers keeps the first.
    """
    raw = bytearray(hashlib.shake_128(b"kingdomino decisions %d" % game_seed).digest(8 * count))
    raw[6::8] = raw[6::8].translate(_BYTE6)
    raw[7::8] = b"\x3f" * count
    values = array("d")
    values.frombytes(raw)
    if sys.byteorder == "big":
        values.byteswap()
    return values


class DecisionStream:
    """The first numbers of a game's decisions, plus 1: ``numbers[move]`` is in
    [1, 2) (see :func:`stream_numbers`), computed as needed.

    Numbers are only ever appended, under a lock, so readers need none."""

    __slots__ = ("game_seed", "numbers")

    def __init__(self, game_seed: int) -> None:
        #: The seed of the game whose decisions these are.
        self.game_seed = game_seed
        #: The numbers computed so far, plus 1 (index: the decision's log position).
        self.numbers: array[float] = stream_numbers(game_seed, _FIRST)

    def upto(self, move: int) -> array[float]:
        """``numbers``, computed at least up to index ``move``."""
        numbers = self.numbers
        if move >= len(numbers):
            with _lock:
                if move >= len(numbers):
                    more = stream_numbers(self.game_seed, max(move + 1, 2 * len(numbers)))
                    numbers.extend(more[len(numbers) :])
        return numbers


_streams: dict[int, DecisionStream] = {}
_lock = threading.Lock()  # for changes of the cache and of a stream's length (rare)


def decision_stream(game_seed: int) -> DecisionStream:
    """The decision stream of the game seeded ``game_seed`` (shared by its seats)."""
    found = _streams.get(game_seed)
    if found is None:
        made = DecisionStream(game_seed)
        with _lock:
            if len(_streams) >= _CACHED_STREAMS:
                # The oldest goes (its holders keep it; made again, the same numbers).
                del _streams[next(iter(_streams))]
            found = _streams.setdefault(game_seed, made)
    return found


def prepare_streams(game_seeds: Sequence[int]) -> None:
    """Compute the decision streams of these games now, together (``kd simulate``
    does it for a block of games: hashing in a row is faster than between games).
    At most half the cache's size is kept: more would push out the first ones."""
    for game_seed in game_seeds[: _CACHED_STREAMS // 2]:
        decision_stream(game_seed)


class DecisionRandom(random.Random):
    """``random.Random`` that draws each decision's numbers of a followed game; see
    the module docstring. Until :meth:`follow` is called it is a plain Mersenne
    Twister. While following, ``seed(a)`` and ``setstate(s)`` make the rest of the
    current decision draw everything from that Twister; the next decision draws its
    own numbers again.

    Decisions are told apart by the length of the game's log, which only grows; a
    program that rewinds a game object in place (rather than playing a copy) calls
    :meth:`follow` again."""

    #: After a decision's first ``random()``, the rest of the decision draws from the
    #: Mersenne Twister ``getstate``/``setstate`` expose: ``mcts`` may then draw its
    #: playouts' numbers in the compiled kernel (``kd_bots.fast_playouts``).
    twister_after_first_draw = True

    _game: Game | None = None
    _log: list[Any] | None = None  # the followed game's log (its length is the move)
    _seat: int = 0
    _stream: DecisionStream | None = None
    # ``_stream.numbers`` (the same array), kept at hand for random()'s hot path.
    _numbers: array[float]
    # The decision (log position) draws belong to, the decision whose first random()
    # is still to be drawn after other draws (-1: none), and the decision the Mersenne
    # Twister is seeded for.
    _move: int = -1
    _first_pending: int = -1
    _twister_move: int = -1
    # The decision of the value gauss() keeps for its next call (gauss_next).
    _gauss_move: int = -1

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Seed the Mersenne Twister (while following: for the rest of the current
        decision, which then draws everything from it)."""
        random.Random.seed(self, a, version)
        self._take_over()

    def _take_over(self) -> None:
        """After the agent's own seed or setstate: the rest of the current decision
        draws from the Twister as it is."""
        log = self._log
        if log is not None:
            self._move = self._twister_move = self._gauss_move = len(log)
            self._first_pending = -1

    def follow(self, game: Game, seat: int) -> None:
        """Draw the numbers of ``seat``'s decisions in ``game`` from now on. The next
        draw starts a decision afresh (call again after an undo)."""
        self._game = game
        self._log = game.log
        self._seat = seat
        stream = self._stream = decision_stream(game.seed)
        self._numbers = stream.numbers
        self._move = self._first_pending = self._twister_move = self._gauss_move = -1
        self.gauss_next = None

    @property
    def following(self) -> Game | None:
        """The game followed, if any."""
        return self._game

    def random(self) -> float:
        """The next number in [0, 1): a decision's first is the decision stream's."""
        log = self._log
        if log is not None:
            move = len(log)
            if move != self._move:  # a new decision: its first number (the hot path)
                self._move = move
                try:
                    return self._numbers[move] - 1.0
                except IndexError:
                    return self._first_number(move)
            return self._later(move)
        return random.Random.random(self)

    def _later(self, move: int) -> float:
        """A following generator's ``random()`` after the decision's first draw."""
        if self._first_pending == move:  # the decision's first draws were not random()
            self._first_pending = -1
            return self._first_number(move)
        if self._twister_move != move:
            self._seed_twister(move)
        return random.Random.random(self)

    def _first_number(self, move: int) -> float:
        """The first number of the decision at ``move``, the stream extended if needed."""
        assert self._stream is not None
        return self._stream.upto(move)[move] - 1.0

    def _sync(self) -> None:
        """Before a draw other than ``random()``: the Twister of the current decision."""
        log = self._log
        if log is not None:
            move = len(log)
            if move != self._move:
                self._move = move
                self._first_pending = move
            if self._twister_move != move:
                self._seed_twister(move)

    def _seed_twister(self, move: int) -> None:
        assert self._game is not None
        self._twister_move = move
        random.Random.seed(self, decision_seed(self._game.seed, self._seat, move))

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """``random.Random.gauss``, keeping no value from an earlier decision."""
        # random.Random.gauss keeps a second value for its next call: never from an
        # earlier decision.
        log = self._log
        if log is not None and len(log) != self._gauss_move:
            self.gauss_next = None
            self._gauss_move = len(log)
        return random.Random.gauss(self, mu, sigma)

    def getrandbits(self, k: int) -> int:
        """``k`` random bits, from the current decision's Mersenne Twister."""
        self._sync()
        return random.Random.getrandbits(self, k)

    def randbytes(self, n: int) -> bytes:
        """``n`` random bytes, from the current decision's Mersenne Twister."""
        self._sync()
        return random.Random.randbytes(self, n)

    def getstate(self) -> Any:
        """The Mersenne Twister's state (a following generator's: the current decision's)."""
        self._sync()
        return random.Random.getstate(self)

    def setstate(self, state: Any) -> None:
        """Set the Mersenne Twister's state (while following: for the rest of the
        current decision)."""
        random.Random.setstate(self, state)
        self._take_over()
