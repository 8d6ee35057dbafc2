"""The long-lines example (examples/long-lines): a market rule set in ``kd_configure``.

docs/rules/base.md (set-up, rounds): lines normally hold one domino per king; here
one more, and the domino nobody picks is discarded every round.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from example_support import LONG_LINES
from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino_core import Action, Game, Reveal, RulesetError
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.testing import make_engine, random_choice

BASE = {n: make_engine(["base"], n) for n in (2, 3, 4)}


def play_watching_lines(game: Game, choose: Callable[[Game], Action]) -> list[tuple[int, int]]:
    """Play to the end; for each round, (dominoes in its line, unpicked added by it)."""
    rounds = []
    while not game.is_terminal():
        line, unpicked = list(game.line), len(game.unpicked)
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(choose(game))
        if game.line != line and game.line:  # a new round started
            rounds.append((len(game.line), len(game.unpicked) - unpicked))
    return rounds


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]))
def test_each_line_has_one_domino_more_and_one_is_discarded(seed: int, players: int) -> None:
    engine = make_engine(str(LONG_LINES), players)
    base = BASE[players].config
    assert engine.config.line_size == base.line_size + 1
    game = engine.new_game(seed=seed)
    rounds = play_watching_lines(game, random_choice(random.Random(seed)))
    assert len(rounds) == base.lines_total
    assert all(size == base.line_size + 1 for size, _ in rounds)
    # The extra domino of each line is left unpicked when its round starts.
    assert [added for _, added in rounds] == [1] * base.lines_total
    assert len(game.unpicked) == base.lines_total
    revealed = [a.domino for a in game.log if isinstance(a, Reveal)]
    assert len(revealed) == base.lines_total * (base.line_size + 1)
    # Every kingdom still gets one domino per king per line.
    for kingdom in game.kingdoms:
        done = len(kingdom.placements) + len(kingdom.discards)
        assert done == base.lines_total * base.kings_per_seat


def test_four_players_report_the_short_deck_and_play_with_fewer_rounds() -> None:
    with pytest.raises(RulesetError, match=r"12 lines of 5 need 60 dominoes.*rounds to 9"):
        make_engine(str(LONG_LINES), 4)
    engine = make_engine(str(LONG_LINES), 4, long_lines={"rounds": 9})
    game = engine.new_game(seed=2)
    game.play(random_choice(random.Random(2)))
    assert len(game.unpicked) == 9
    assert all(len(k.placements) + len(k.discards) == 9 for k in game.kingdoms)


def test_greedy_bots_play_long_lines_and_use_the_extra_choice() -> None:
    """The last king to pick still chooses between two dominoes (issue 7: bots everywhere)."""
    engine = make_engine(str(LONG_LINES), 3)
    agents = [installed_agents().make("greedy", random.Random(i)) for i in range(3)]
    game = engine.new_game(seed=4)
    last_choices = []
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        step = game.step
        if (
            step is not None
            and step.kind == "claim"
            and sum(k is None for k in game.next_kings) == 2
        ):
            last_choices.append(len(game.legal_actions()))
        game.apply(agents[game.current_seat or 0].act(game))
    assert last_choices and all(n == 2 for n in last_choices)
