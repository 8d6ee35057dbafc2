"""A Monte Carlo player: flat UCB1 over the legal actions, with determinized playouts.

For each decision the agent spreads its budget (``time`` seconds or ``playouts``)
over the legal actions with UCB1. A playout copies the game with the agent's own
random generator (``determinize``: ``clone(rng=...)``), so the undrawn dominoes come
out in an order the agent samples itself: it never learns the real order of the draw
pile; what a plugin hides from its seat (a ``Secret``: the others' hands or
objectives) is dealt again at random in each copy, so it never learns that either. The
playout plays every seat with :class:`PlayoutPolicy` and is scored by the ruleset's
own scoring and ranking: 1 for a win (shared: 1/k), plus a small term for the score
margin so that losing by less is better than losing by more.

Options (``mcts:time=1.0+playouts=0+c=0.7``): the budget per decision is one of
``playouts`` (a number of playouts), ``cpu`` (seconds of this process's CPU time)
or ``time`` (wall-clock seconds, default 1.0); when several are given the first of
that list wins. Playouts and CPU time give the same strength on an idle or a loaded
machine; wall-clock time does not (a loaded core runs fewer playouts per second).
``c`` is the UCB1 exploration constant, ``sample`` the placements tried per playout
move, ``width`` the number of candidate actions searched (the best by immediate
points; default 12). ``kernel=off`` plays the playouts in Python even where the
compiled kernel could (``kernel=auto``, the default: in the kernel when numba is
installed and the game is covered, docs/fast.md; the same decisions, faster).
``policy`` is the playouts' policy: ``greedy`` (greedy's own choices, 10% random;
the default: the same games in the kernel and in Python, and the strongest in the
kernel, docs/performance.md), ``sample`` (the best of ``sample`` placements by
property points, picks by crowns, 10% random: the policy before, cheaper in Python,
twice and more) or ``auto``: ``greedy`` where the kernel plays the playouts,
``sample`` where Python does (the strongest for a CPU budget without the kernel,
but a seed's game then depends on whether the kernel is installed).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from kingdomino_core import Action, Game, determinize, match_total, winning_kingdoms
from kingdomino_core.engine.views import hides
from kingdomino_core.errors import ConfigError

from .fast_playouts import kernel_playouts
from .greedy import action_values
from .playout import PlayoutPolicy, play_out


class MctsAgent:
    #: Chooses only from the engine's legal actions: runners skip re-checking its moves.
    legal_moves_only = True

    def __init__(
        self,
        rng: random.Random,
        *,
        seconds: float = 1.0,
        playouts: int = 0,
        cpu: float = 0.0,
        c: float = 0.7,
        sample: int = 6,
        width: int = 12,
        kernel: bool = True,
        greedy: bool | None = True,
    ) -> None:
        self.rng = rng
        self.seconds = seconds
        self.playouts = playouts
        self.cpu = cpu
        self.c = c
        self.width = max(1, width)
        self.sample = sample
        self.kernel = kernel
        #: Playouts of the last decision (0 when it had one legal action).
        self.last_playouts = 0
        self.greedy = greedy  # None: greedy's choices in the kernel, sampled ones in Python
        self.policy = PlayoutPolicy(rng, sample=sample, greedy=bool(greedy))

    @classmethod
    def from_options(cls, options: Mapping[str, str], rng: random.Random) -> MctsAgent:
        known: dict[str, Callable[[str], Any]] = {
            "time": float,
            "playouts": int,
            "cpu": float,
            "c": float,
            "sample": int,
            "width": int,
            "kernel": _kernel_option,
            "policy": _policy_option,
        }
        values = {}
        for key, text in options.items():
            if key not in known:
                raise ConfigError(f"unknown mcts option {key!r}; known: {', '.join(known)}")
            try:
                values[key] = known[key](text)
            except ValueError:
                what = _EXPECTED.get(key) or getattr(known[key], "__name__", "")
                raise ConfigError(f"mcts option {key}={text!r}: expected {what}") from None
            if key in ("time", "cpu", "playouts") and not 0 <= values[key] < math.inf:
                raise ConfigError(f"mcts option {key}={text!r}: expected a number >= 0")
        return cls(
            rng,
            seconds=values.get("time", 1.0),
            playouts=int(values.get("playouts", 0)),
            cpu=values.get("cpu", 0.0),
            c=values.get("c", 0.7),
            sample=int(values.get("sample", 6)),
            width=int(values.get("width", 12)),
            kernel=bool(values.get("kernel", True)),
            greedy=values.get("policy", True),
        )

    def act(self, game: Game) -> Action:
        actions = game.legal_actions()
        self.last_playouts = 0
        if len(actions) == 1:
            return actions[0]
        if len(actions) > self.width:
            actions = self._shortlist(game, actions)
        seat = game.current_seat
        assert seat is not None
        n = len(actions)
        visits = [0] * n
        totals = [0.0] * n
        # The budget: a playout count, else CPU seconds, else wall-clock seconds.
        clock = time.process_time if self.cpu > 0 else time.perf_counter
        deadline = clock() + (self.cpu if self.cpu > 0 else self.seconds)
        # The playouts of this decision in the kernel when it covers the game.
        covered = self.kernel and not hides(game)  # the kernel knows no plugin's secrets
        fast = (
            kernel_playouts(game, actions, self.rng, self.sample, self.greedy is not False)
            if covered
            else None
        )
        if fast is not None:
            try:
                visits, totals = self._run_kernel(fast, n, clock, deadline)
            finally:
                fast.close()  # the generator where Python's playouts leave it
        else:
            done = 0
            while True:
                if self.playouts > 0:
                    if done >= self.playouts:
                        break
                elif done >= n and clock() >= deadline:
                    break
                i = done if done < n else self._select(visits, totals, done)
                totals[i] += self._playout(game, actions[i], seat)
                visits[i] += 1
                done += 1
        self.last_playouts = sum(visits)
        best = max(
            range(n), key=lambda j: (totals[j] / visits[j] if visits[j] else -1.0, visits[j])
        )
        return actions[best]

    def _run_kernel(
        self, fast: Any, n: int, clock: Callable[[], float], deadline: float
    ) -> tuple[list[int], list[float]]:
        """The Python loop of :meth:`act`, run by the kernel in blocks of playouts:
        the same playouts for a playout budget; for a time budget, blocks of about
        a millisecond, sized from the playouts' measured speed, so the budget is
        overrun by about that much at most."""
        import numpy as np

        visits = np.zeros(n, np.int64)
        totals = np.zeros(n, np.float64)
        if self.playouts > 0:
            fast.run(visits, totals, 0, self.playouts, self.c)
        else:
            start = clock()
            done = fast.run(visits, totals, 0, n, self.c)  # each action once, whatever the time
            while (now := clock()) < deadline:
                each = max(now - start, 1e-7) / done  # seconds per playout so far
                block = max(1, min(4096, int(0.001 / each), int((deadline - now) / each) + 1))
                done = fast.run(visits, totals, done, block, self.c)
        return [int(v) for v in visits], [float(v) for v in totals]

    def _shortlist(self, game: Game, actions: list[Action]) -> list[Action]:
        """The ``width`` actions with the best immediate points (greedy's values):
        the budget is spread over moves worth searching."""
        seen = determinize(game, game.current_seat, self.rng) if hides(game) else game
        values = action_values(seen, actions, self.rng)
        order = sorted(range(len(actions)), key=lambda i: values[i], reverse=True)
        return [actions[i] for i in sorted(order[: self.width])]

    def _select(self, visits: list[int], totals: list[float], done: int) -> int:
        log_n = math.log(done)
        c = self.c
        best, best_v = 0, -1.0
        for j, v in enumerate(visits):
            u = totals[j] / v + c * math.sqrt(log_n / v)
            if u > best_v:
                best, best_v = j, u
        return best

    def _playout(self, game: Game, action: Action, seat: int) -> float:
        # Its own chance stream, and what the seat may not see dealt again (views).
        sim = determinize(game, seat, self.rng)
        sim.apply(action, check=False)
        play_out(sim, self.policy)
        return reward(sim, seat)


_EXPECTED = {"kernel": "auto or off", "policy": "auto, greedy or sample"}
_POLICIES = {"auto": None, "greedy": True, "sample": False}


def _policy_option(text: str) -> bool | None:
    """``policy=greedy`` (True), ``policy=sample`` (False) or ``policy=auto`` (None:
    greedy's choices where the kernel plays the playouts, sampled ones in Python)."""
    if text not in _POLICIES:
        raise ValueError(text)
    return _POLICIES[text]


def _kernel_option(text: str) -> bool:
    """``kernel=auto`` (True) or ``kernel=off`` (False)."""
    if text not in ("auto", "off"):
        raise ValueError(text)
    return text == "auto"


def reward(game: Game, seat: int) -> float:
    """1 for a win (1/k when shared; the ruleset's ranking, over the whole match in
    Dynasty), plus up to 0.1 for the margin of this game's points.

    Alone at the table (one kingdom) there is nobody to beat or to lead: the reward
    is the kingdom's own points, squashed into 0..1 (:func:`solo_reward`).
    """
    mine = game.config.kingdom_of(seat)
    totals = [game.score_total(k) for k in range(len(game.kingdoms))]
    if len(totals) == 1:
        return solo_reward(match_total(game, mine, totals[mine]))
    winners = winning_kingdoms(game, totals)  # tie-breaks only on a tie
    win = 1.0 / len(winners) if mine in winners else 0.0
    own = totals[mine]
    best_other = max((t for k, t in enumerate(totals) if k != mine), default=own)
    margin = max(-50, min(50, own - best_other))
    return win + 0.1 * (margin + 50) / 100


def solo_reward(points: int) -> float:
    """A one-player game's reward: more points, more reward, in 0..1 and steepest
    where kingdoms usually score (about 10 to 70 points), so that UCB1's exploration
    constant suits it as it suits the 0..1.1 of a game with opponents."""
    return 0.5 + 0.5 * math.tanh((points - 40) / 30)
