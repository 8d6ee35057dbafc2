"""Tests of the last-swap house rule: ``pytest examples/last-swap``."""

import random
from pathlib import Path

import pytest

from kingdomino_core import Game, Pass, Ruleset
from kingdomino_core.testing import conformance, make_engine

HERE = Path(__file__).parent
RULESET = str(HERE / "last-swap.toml")
REVERSE = HERE.parent / "reverse-order" / "reverse_order.py"


def with_reverse_order(players: int):  # type: ignore[no-untyped-def]
    """The rule beside examples/reverse-order, which changes who acts last."""
    ruleset = Ruleset(
        name="last-swap-reversed",
        plugins=("base", "reverse_order", "last_swap"),
        plugin_files=(REVERSE, HERE / "last_swap.py"),
    )
    return make_engine(ruleset, players)


#: Kings at the end of the line when each decision was offered.
LINE_ENDS: list[int] = []


def play(game: Game, swap: bool) -> list[tuple[int, int, list[int], bool]]:
    """Play to the end, swapping (or keeping) at every decision of the rule; per
    decision: the deciding seat, its king, the kings in the order they placed in
    the round, and whether the king then placed the first king's pick."""
    rng = random.Random(game.seed)
    placed: list[int] = []
    round_now = 0
    decisions: list[tuple[int, int, list[int], bool]] = []
    promised: dict[int, object] = {}
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        step = game.step
        assert step is not None
        if step.kind == "place":
            if game.round != round_now:
                placed, round_now = [], game.round
            placed.append(step.king)
            if step.king in promised:
                decisions[-1] = (*decisions[-1][:3], step.domino == promised.pop(step.king))
        if step.kind == "last_swap.choose":
            actions = game.legal_actions()
            assert isinstance(actions[0], Pass)
            choice = actions[1] if swap else actions[0]
            first = game.round_order[0]
            take = game.next_line[game.next_kings.index(first)]
            decisions.append((step.seat, step.king, list(placed), False))
            LINE_ENDS.append([k for k in game.line_kings if k is not None][-1])
            promised = {step.king: take if swap else None}
            game.apply(choice)
            continue
        actions = game.legal_actions()
        game.apply(actions[int(rng.random() * len(actions))])
    return decisions


@pytest.mark.parametrize("players", [3, 4])
def test_the_rounds_really_last_player_decides_and_a_swap_takes_the_first_pick(
    players: int,
) -> None:
    game = make_engine(RULESET, players).new_game(seed=3)
    decisions = play(game, swap=True)
    assert len(decisions) == 11  # every round but the last
    for seat, king, placed, took in decisions:
        assert king == placed[-1] and seat == game.owner(king)
        assert took  # next round, the swapping king placed the first king's pick


def test_keeping_changes_nothing() -> None:
    game = make_engine(RULESET, 3).new_game(seed=3)
    assert all(not took for *_, took in play(game, swap=False))


def test_beside_a_turn_order_rule_the_decider_is_the_one_that_acted_last() -> None:
    """examples/reverse-order makes the lowest score act first: the decision goes to
    the king that really placed last, which is often not the one at the line's end."""
    game = with_reverse_order(4).new_game(seed=5)
    LINE_ENDS.clear()
    decisions = play(game, swap=False)
    assert len(decisions) == 11
    assert all(king == placed[-1] for _seat, king, placed, _ in decisions)
    # ``king == line_kings[-1]`` would have picked another king in these rounds.
    assert (
        sum(king != end for (_s, king, _p, _t), end in zip(decisions, LINE_ENDS, strict=True)) >= 3
    )


def test_no_decision_when_one_player_has_both_ends() -> None:
    game = make_engine(RULESET, 2).new_game(seed=1)
    decisions = play(game, swap=True)
    for seat, _king, placed, _ in decisions:
        assert game.owner(placed[0]) != seat


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()
