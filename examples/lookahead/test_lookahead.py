"""Tests of the lookahead house rule: ``pytest examples/lookahead``."""

from pathlib import Path

import pytest

from kingdomino_core import Ruleset, RulesetError
from kingdomino_core.testing import conformance, make_engine, play_random_game

RULESET = str(Path(__file__).with_name("lookahead.toml"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_next_line_is_visible_and_comes_next(players: int) -> None:
    engine = make_engine(RULESET, players)
    lines = engine.config.lines_total
    for seed in range(3):
        game = engine.new_game(seed=seed)
        ahead_then: list[object] | None = None
        ahead: list[int] = []
        rounds = 0
        while not game.is_terminal():
            if game.is_chance():
                game.resolve_chance()
                continue
            step = game.step
            if (
                step is not None
                and step.kind == "claim"
                and all(k is None for k in game.next_kings)
            ):
                rounds += 1
                if ahead_then is not None:
                    assert game.next_line == ahead_then  # the line seen ahead is picked now
                ahead_then = list(game.upcoming[0]) if game.upcoming else None
                ahead.append(len(game.upcoming))
                assert len(game.upcoming[0] if game.upcoming else game.next_line) == len(
                    game.next_line
                )
            game.apply(game.legal_actions()[0])
        # One line ahead in every round but the last with a pick; the last line laid
        # out is picked, then only placed.
        assert ahead == [1] * (rounds - 1) + [0]
        assert rounds == game.lines_drawn <= lines


def test_same_dominoes_as_without_it() -> None:
    """Over a whole game, every domino of the deck goes through the lines (4 players)."""
    game = play_random_game(make_engine(RULESET, 4), seed=5)
    placed = sum(len(k.placements) + len(k.discards) for k in game.kingdoms)
    assert placed + len(game.unpicked) == 48


def test_bad_option_is_refused() -> None:
    with pytest.raises(RulesetError, match=r"options\.lookahead\.lines: must be 1 to 11, not 12"):
        make_engine(RULESET, 4, lookahead={"lines": 12})


def test_two_lines_ahead() -> None:
    engine = make_engine(RULESET, 4, lookahead={"lines": 2})
    game = engine.new_game(seed=1)
    game.play_chance()
    assert len(game.upcoming) == 2 and len(game.next_line) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()


def test_the_lines_ahead_are_shown_by_offer_name() -> None:
    """Beside examples/two-lines, the line ahead shows as its two named lines."""
    here = Path(__file__).parent
    ruleset = Ruleset(
        name="two-lines-ahead",
        plugins=("base", "two_lines", "lookahead"),
        plugin_files=(here.parent / "two-lines" / "two_lines.py", here / "lookahead.py"),
    )
    game = make_engine(ruleset, 2).new_game(seed=3)
    game.play_chance()
    (shown,) = [line for found in game.hooks.kd_describe_game(game=game) for line in found]
    left, right = game.upcoming_offers[0]
    assert shown == (
        f"lookahead: left line {' '.join(map(str, left.dominoes))}, "
        f"right line {' '.join(map(str, right.dominoes))}"
    )
    base = make_engine(RULESET, 4).new_game(seed=3)
    base.play_chance()
    assert base.hooks.kd_describe_game(game=base) == [
        ["lookahead: line " + " ".join(map(str, base.upcoming[0]))]
    ]
