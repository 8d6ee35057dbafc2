"""The kernel's playout of a game in progress is the ``mcts`` playout: from positions
of seeded games, in every covered mode, ``kingdomino_fast.state.play_out`` plays the
same moves, ends with the same scores and places and leaves the generator in the
same state as ``kd_bots.playout.play_out`` with a ``PlayoutPolicy`` (docs/fast.md),
with either of its policies (every other position greedy's choices).

``KD_FAST_GAMES=N`` multiplies the number of games positions are taken from.
"""

from __future__ import annotations

import os
import random

import pytest

pytest.importorskip("numba")

from kd_bots.mcts import reward
from kd_bots.playout import PlayoutPolicy, play_out

from kingdomino_cli.common import build_engine, resolve_ruleset
from kingdomino_core import Game, ranked_places
from kingdomino_fast.batch import tables_of
from kingdomino_fast.logs import python_log
from kingdomino_fast.state import first_action, mt_state, state_of, state_problem
from kingdomino_fast.state import play_out as kernel_play_out
from kingdomino_fast.state import reward as kernel_reward

SCALE = int(os.environ.get("KD_FAST_GAMES", "1"))

#: (ruleset, players, games, every how many decisions a position is taken, sample)
MODES = [
    ("base", 4, 2, 9, 6),
    ("base", 3, 2, 9, 6),
    ("base", 2, 2, 6, 6),
    ("base-3p-variant", 3, 1, 9, 6),
    ("middle-kingdom", 4, 1, 9, 2),
    ("harmony", 2, 2, 6, 6),
    ("classic-bonuses", 2, 1, 6, 12),
    ("dynasty", 3, 1, 19, 6),
    ("grand-duel", 2, 1, 9, 6),
    ("xl", 4, 1, 19, 6),
    ("xl", 3, 1, 15, 6),
]


def compare_from(game: Game, action: object, seed: int, sample: int, greedy: bool) -> None:
    """Play out ``game`` (after ``action``, if any) both ways from ``Random(seed)``."""
    engine = game.engine
    t = tables_of(engine)
    rng = random.Random(seed)
    sim = game.clone(log=False, rng=rng, check_hooks=False)
    if action is not None:
        sim.apply(action, check=False)
    play_out(sim, PlayoutPolicy(rng, sample=sample, greedy=greedy))
    mt = mt_state(random.Random(seed))
    got = kernel_play_out(
        t, state_of(game), first_action(game, action), mt, sample=sample, greedy=greedy, log=True
    )
    assert got.logs is not None
    where = f"{engine.ruleset.name} {engine.config.players}p move {len(game.log)} {action}"
    where += " greedy" if greedy else ""
    assert [tuple(int(v) for v in r) for r in got.logs[: got.moves]] == python_log(
        engine, t, sim.log
    ), where
    nk = len(sim.kingdoms)
    assert [int(v) for v in got.last] == [sim.score_total(k) for k in range(nk)], where
    first = ranked_places(sim, limit=1)[0]
    assert sorted(k for k in range(nk) if got.places[k] == 0) == sorted(first), where
    assert tuple(int(v) for v in mt) == rng.getstate()[1], where
    for seat in range(engine.config.players):
        assert kernel_reward(engine, got, seat) == reward(sim, seat), where


@pytest.mark.parametrize(("ruleset", "players", "games", "every", "sample"), MODES)
def test_the_kernel_plays_out_positions_as_python_does(
    ruleset: str, players: int, games: int, every: int, sample: int
) -> None:
    engine = build_engine(resolve_ruleset(ruleset), players)
    positions = 0
    for g in range(games * SCALE):
        game = Game(engine, 100 + g)
        moves = random.Random(200 + g)
        k = 0
        while not game.is_terminal():
            if game.is_chance():
                game.resolve_chance()
                continue
            actions = game.legal_actions()
            if k % every == g % every:
                assert state_problem(game) is None
                greedy = positions % 4 == 2
                compare_from(game, None, 300 + k, sample, greedy)
                action = actions[int(moves.random() * len(actions))]
                compare_from(game, action, 400 + k, sample, greedy)
                positions += 2
            game.apply(actions[int(moves.random() * len(actions))])
            k += 1
    assert positions >= 10 * games * SCALE
