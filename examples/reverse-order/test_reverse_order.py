"""Tests of the reverse-order house rule: ``pytest examples/reverse-order``."""

from pathlib import Path

import pytest

from kingdomino_core import Game
from kingdomino_core.testing import conformance, make_engine, play_random_game

RULESET = str(Path(__file__).with_name("reverse-order.toml"))


def rounds_of(players: int, seed: int) -> list[tuple[list[int], list[int], list[int]]]:
    """Play a random game; per round: the kings in the order they placed, the order
    the rule promises (from the scores when the round's first king placed), and the
    published order (line order)."""
    engine = make_engine(RULESET, players)
    rounds: dict[tuple[object, ...], tuple[list[int], list[int], list[int]]] = {}

    def watch(game: Game) -> None:
        step = game.step
        if step is None or step.kind != "place":
            return
        key = (game.lines_drawn, *game.line)
        if key not in rounds:
            line_order = [k for k in game.line_kings if k is not None]
            score = {k: game.score_total(game.config.kingdom_of(game.owner(k))) for k in line_order}
            promised = sorted(line_order, key=lambda k: (score[k], line_order.index(k)))
            rounds[key] = ([], promised, line_order)
        rounds[key][0].append(step.king)

    play_random_game(engine, seed, on_decision=watch)
    return list(rounds.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kings_act_from_the_lowest_score_up(players: int) -> None:
    changed = 0
    for seed in range(4):
        rounds = rounds_of(players, seed)
        assert len(rounds) == (12 if players != 2 else 6)
        for played, promised, _ in rounds:
            assert played == promised
        changed += sum(1 for played, _, line in rounds if played != line)
    assert changed > 4  # not merely the published order


def test_the_first_picks_follow_the_drawn_kings() -> None:
    engine = make_engine(RULESET, 4)
    game = engine.new_game(seed=3)
    game.play_chance()
    picks = []
    while game.step is not None and game.step.kind == "claim" and not game.line:
        picks.append(game.step.king)
        game.apply(game.legal_actions()[0])
        game.play_chance()
    assert picks == [a.king for a in game.log if a.kind == "draw_king"]
    assert len(picks) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()
