"""Property tests over many seeded random games (hypothesis draws the seeds).

For 2, 3, 4 players, the 3-player variant, the Grand Duel and Dynasty: every domino
drawn is placed, discarded or left unpicked exactly once; no kingdom exceeds its size;
every kingdom ends with the dominoes of the set-up tables (docs/rules/); the reported
score equals an independent recount (bonuses included); the same seed gives an
identical log; a clone is independent and, played with the same choices, ends like its original.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino_core.model.kingdom import EMPTY
from kingdomino_core.testing import (
    check_game,
    digest,
    make_engine,
    play_random_game,
    random_choice,
    recount,
)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)

CONFIGS = {
    "base-2": (["base"], 2, {}),
    "base-3": (["base"], 3, {}),
    "base-4": (["base"], 4, {}),
    "base-3-all-dominoes": (["base"], 3, {"three_player_all_dominoes": True}),
    "grand-duel": (["base", "grand_duel"], 2, {}),
    "dynasty-4": (["base"], 4, {"dynasty": True}),
    "dynasty-grand-duel": (["base", "grand_duel"], 2, {"dynasty": True}),
}
# docs/rules/ set-up tables: dominoes placed or discarded per kingdom.
PER_KINGDOM = {
    "base-2": 12,
    "base-3": 12,
    "base-4": 12,
    "base-3-all-dominoes": 12,
    "grand-duel": 24,
    "dynasty-4": 12,
    "dynasty-grand-duel": 24,
}

_ENGINES: dict[str, object] = {}


def engine_for(name: str, **extra):
    key = name + repr(sorted(extra.items()))
    if key not in _ENGINES:
        plugins, players, options = CONFIGS[name]
        _ENGINES[key] = make_engine(plugins, players, base={**options, **extra})
    return _ENGINES[key]


@pytest.mark.parametrize("name", list(CONFIGS))
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_invariants_of_random_games(name: str, seed: int) -> None:
    """Dominoes drawn are used exactly once; sizes; counts; scores equal the recount."""
    engine = engine_for(name)
    game, problems = check_game(engine, seed, placements=False)
    assert problems == []
    assert game.is_terminal()
    for k in game.kingdoms:
        assert len(k.placements) + len(k.discards) == PER_KINGDOM[name]


def independent_total(kingdom, engine, *, size: int) -> int:
    """Properties by flood fill, Middle Kingdom (I-B2/I-B4) and Harmony (I-B3) by hand."""
    total = sum(p.points for p in recount(kingdom, engine))
    board = kingdom.board
    cells = [board.xy(c) for c in range(board.cells) if kingdom.terrain_at[c] != EMPTY]
    half = size // 2
    if all(abs(x) <= half and abs(y) <= half for x, y in cells):
        total += 10
    if len(cells) == size * size and not kingdom.discards:
        total += 5
    return total


@pytest.mark.parametrize("name", ["base-2", "base-4", "grand-duel"])
@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
def test_totals_with_bonuses_equal_an_independent_recount(name: str, seed: int) -> None:
    """The reported total, Middle Kingdom and Harmony on, equals a hand recount."""
    engine = engine_for(name, middle_kingdom=True, harmony=True)
    game = play_random_game(engine, seed)
    size = engine.config.kingdom_size
    for i, k in enumerate(game.kingdoms):
        assert game.score_sheet(i).total == independent_total(k, engine, size=size)


@pytest.mark.parametrize("name", list(CONFIGS))
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_same_seed_same_log(name: str, seed: int) -> None:
    """The game owns its random.Random(seed): same seed and choices, identical log."""
    engine = engine_for(name)
    a, b = play_random_game(engine, seed), play_random_game(engine, seed)
    assert a.log == b.log
    assert digest(a) == digest(b)


@pytest.mark.parametrize("name", list(CONFIGS))
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=400), choices=SEEDS)
def test_clone_is_independent_and_deterministic(name: str, seed: int, cut: int, choices: int):
    """Playing on a clone leaves the original unchanged; a clone played with the same
    choices as the original ends in the same state."""
    engine = engine_for(name)
    game = engine.new_game(seed=seed)
    choose = random_choice(random.Random(seed))
    for _ in range(cut):
        if game.is_terminal():
            break
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(choose(game))
    before = digest(game)
    other = game.clone()
    other.play(random_choice(random.Random(choices ^ 1)))
    assert digest(game) == before
    twin = game.clone()
    twin.play(random_choice(random.Random(choices)))
    game.play(random_choice(random.Random(choices)))
    assert digest(twin) == digest(game)
    assert [s.total for s in twin.scores()] == [s.total for s in game.scores()]
