"""``mcts``'s playouts in the compiled kernel (``kingdomino[fast]``, docs/fast.md).

When numba is installed and the game is covered, :class:`KernelPlayouts` plays the
playouts of one decision in the kernel instead of Python, many per compiled call
(``kingdomino_fast.search``: UCB1's choice of the action to try, the playout and
its reward): the same moves, scores and rewards, drawing from the agent's own
generator exactly as the Python playout does (``tests/fast/test_playout.py``), so
the agent decides the same either way for a fixed number of playouts, only faster.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from importlib.util import find_spec
from typing import Any

from kingdomino_core import Action, Game

_AVAILABLE: bool | None = None


def kernel_available() -> bool:
    """Whether numba is installed (checked once; the kernel is imported on first use)."""
    global _AVAILABLE
    if _AVAILABLE is None:
        _AVAILABLE = find_spec("numba") is not None and find_spec("numpy") is not None
    return _AVAILABLE


class KernelPlayouts:
    """The playouts of one decision: ``game`` after each of ``actions``.

    Reads the agent's generator ``rng`` once at the start and writes it back in
    :meth:`close`: between the two, nothing else may draw from it.
    """

    def __init__(
        self,
        game: Game,
        actions: Sequence[Action],
        rng: random.Random,
        sample: int,
        greedy: bool = False,
    ) -> None:
        import numpy as np

        from kingdomino_fast.batch import tables_of
        from kingdomino_fast.resume import POLICY_GREEDY, POLICY_SAMPLE
        from kingdomino_fast.state import first_action, mt_state, state_of

        self.rng = rng
        self.sample = sample
        self.policy = POLICY_GREEDY if greedy else POLICY_SAMPLE
        seat = game.current_seat
        assert seat is not None
        self.kingdom = game.engine.seat_kingdom[seat]
        self.tables = tables_of(game.engine)
        self.state = state_of(game)
        self.firsts = np.array([first_action(game, a) for a in actions], np.int64)
        # The decision's first number is drawn here, through the generator's own
        # random() (a DecisionRandom's comes from the game's decision stream); the
        # rest from the Mersenne Twister it leaves, as in the Python playouts.
        self.before = rng.getstate() if type(rng) is random.Random else None
        self.pre = np.full(1, rng.random())
        self.mt = mt_state(rng)

    def run(self, visits: Any, totals: Any, done: int, count: int, c: float) -> int:
        """``count`` more playouts, ``done`` having been played: each untried action
        first (in order), then UCB1's choice with exploration constant ``c``; each
        playout's reward (``mcts.reward`` of the deciding seat) is added to
        ``totals`` (float64 array, per action) and its visit to ``visits`` (int64).
        Returns ``done + count``."""
        from kingdomino_fast.search import run_playouts

        t, s = self.tables, self.state
        done = run_playouts(
            t.params, t.deck, t.order_key, t.box, t.scoring, t.king_owner, t.seat_kingdom,
            t.tiebreaks, t.dynasty_tiebreaks, s.terrain, s.crowns, s.discards, s.in_pile,
            s.pool, s.drawn, s.line, s.line_kings, s.next_line, s.next_kings, s.undrawn,
            s.pending, s.ints, s.past, self.firsts, visits, totals, done, count, c,
            self.kingdom, self.sample, self.policy, self.mt, self.pre,
        )  # fmt: skip
        return int(done)

    def close(self) -> None:
        """Give the generator back its state, advanced past every playout."""
        from kingdomino_fast.state import set_mt_state

        if self.pre[0] >= 0 and self.before is not None:
            # No playout drew a number (the game ended with each action): undo the
            # number drawn ahead. (A following DecisionRandom draws nothing more in
            # this decision, and reseeds for the next one.)
            self.rng.setstate(self.before)
        else:
            set_mt_state(self.rng, self.mt)


def exact_generator(rng: random.Random) -> bool:
    """Whether the kernel can draw ``rng``'s numbers: a plain ``random.Random``, or a
    generator whose class says (``twister_after_first_draw = True``) that after a
    decision's first ``random()`` it draws from the Mersenne Twister its
    ``getstate``/``setstate`` expose until the decision ends."""
    cls = type(rng)
    return cls is random.Random or bool(getattr(cls, "twister_after_first_draw", False))


def kernel_playouts(
    game: Game, actions: Sequence[Action], rng: random.Random, sample: int, greedy: bool = False
) -> Any:
    """A :class:`KernelPlayouts` when numba is installed and the kernel covers
    ``game`` now, else None (the playouts run in Python)."""
    if not kernel_available() or not exact_generator(rng):
        return None
    from kingdomino_fast.state import state_problem

    if state_problem(game) is not None:
        return None
    return KernelPlayouts(game, actions, rng, sample, greedy)
