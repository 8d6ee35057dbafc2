"""The compiled kernel plays the Python engine's games: the same move logs, scores and
places for the same seeds, in every covered mode (docs/fast.md).

Each mode plays its games both ways; ``KD_FAST_GAMES=N`` multiplies the number of
games (CI runs the default: about 12,000 games in all).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from kingdomino_cli.common import build_engine, resolve_ruleset
from kingdomino_cli.runner import Tables, _table, game_seed, play_one, result_of
from kingdomino_core import Ruleset
from kingdomino_fast import kernel
from kingdomino_fast.batch import play, seed_words, tables_of
from kingdomino_fast.logs import kernel_log, python_log
from kingdomino_fast.tables import covers

SCALE = int(os.environ.get("KD_FAST_GAMES", "1"))

#: (ruleset, players, agents by seat (repeated), games)
MODES = [
    ("base", 4, ("random",), 2000),
    ("base", 4, ("greedy", "random", "random", "random"), 600),
    ("base", 3, ("random", "greedy", "random"), 800),
    ("base", 2, ("random", "greedy"), 1000),
    ("base-3p-variant", 3, ("greedy", "random", "random"), 600),
    ("middle-kingdom", 4, ("random", "random", "greedy", "random"), 600),
    ("harmony", 2, ("random",), 1500),
    ("classic-bonuses", 2, ("greedy", "random"), 600),
    ("dynasty", 3, ("random", "random", "greedy"), 300),
    ("grand-duel", 2, ("random", "greedy"), 300),
    ("xl", 4, ("random", "random", "random", "greedy"), 200),
    ("xl", 3, ("greedy", "random", "random"), 300),
]


def compare(
    ruleset: str | Ruleset, players: int, agents: tuple[str, ...], seeds: list[int]
) -> None:
    """Play every seed both ways; fail on the first game that differs, naming it."""
    rs = resolve_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    engine = build_engine(rs, players)
    specs = tuple((agents * players)[:players])
    assert covers(engine, specs)
    fast = play(engine, seeds, [specs] * len(seeds), logs=True)
    assert fast.logs is not None
    t = tables_of(engine)
    kept = Tables(engines={}, seats={})
    for g, seed in enumerate(seeds):
        py_engine, seats = _table(rs, specs, kept)
        game = play_one(py_engine, seats, seed)
        expected = result_of(g, game)
        where = f"{rs.name} {players}p {specs} seed {seed}"
        assert kernel_log(fast.logs, fast.moves, g) == python_log(engine, t, game.log), where
        scores = tuple(int(fast.totals[g, k]) for k in engine.seat_kingdom)
        places = tuple(int(fast.places[g, k]) for k in engine.seat_kingdom)
        assert (scores, places) == (expected.scores, expected.places), where


@pytest.mark.parametrize(("ruleset", "players", "agents", "games"), MODES)
def test_the_kernel_plays_the_python_engines_games(
    ruleset: str, players: int, agents: tuple[str, ...], games: int
) -> None:
    seeds = [game_seed(24, i) for i in range(games * SCALE)]
    compare(ruleset, players, agents, seeds)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=-(2**70), max_value=2**70),
    players=st.integers(min_value=2, max_value=4),
    agents=st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4),
    ruleset=st.sampled_from(["base", "classic-bonuses", "dynasty"]),
)
def test_any_seed_and_player_count(
    seed: int, players: int, agents: list[str], ruleset: str
) -> None:
    """Seeds of any size and sign (``kd play --seed``), any seating of the two bots."""
    compare(ruleset, players, tuple(agents[:players]), [seed])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=-(2**200), max_value=2**200))
def test_the_chance_stream_is_pythons_mersenne_twister(seed: int) -> None:
    keys, lengths = seed_words([seed])
    mt = __import__("numpy").zeros(625, "int64")
    kernel.mt_seed(mt, keys[0], lengths[0])
    expected = random.Random(seed)
    assert [kernel.mt_random(mt) for _ in range(700)] == [expected.random() for _ in range(700)]
