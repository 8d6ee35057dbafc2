"""Tests of the two-lines house rule: ``pytest examples/two-lines``."""

from pathlib import Path

import pytest

from kingdomino_core import Claim, IllegalActionError, Place, RulesetError, describe_action
from kingdomino_core.testing import conformance, make_engine, play_random_game

RULESET = str(Path(__file__).with_name("two-lines.toml"))


def test_each_round_offers_two_named_lines_and_a_king_picks_from_either() -> None:
    engine = make_engine(RULESET, 2)
    game = engine.new_game(seed=4)
    game.play_chance()
    left, right = game.offers
    assert (left.name, right.name) == ("left line", "right line")
    assert len(left.dominoes) == len(right.dominoes) == 4
    assert list(left.dominoes) == sorted(left.dominoes)
    assert game.next_line == [*left.dominoes, *right.dominoes]
    step = game.step
    assert step is not None and step.kind == "claim"
    taken = right.dominoes[-1]
    claim = Claim(seat=step.seat, king=step.king, domino=taken)
    assert describe_action(game, claim).endswith("fourth in the right line")
    game.apply(claim)
    assert game.next_kings[game.next_line.index(taken)] == step.king


def test_the_leftovers_are_discarded_and_kings_act_by_domino_number() -> None:
    engine = make_engine(RULESET, 2)
    rounds: list[list[object]] = []
    game = engine.new_game(seed=2)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        step = game.step
        assert step is not None
        if step.kind == "place" and (not rounds or rounds[-1][0] is not game.line):
            rounds.append([game.line, []])
        if step.kind == "place":
            rounds[-1][1].append(step.domino)
        game.apply(game.legal_actions()[-1])
    assert len(rounds) == 6
    for _line, placed in rounds:
        assert placed == sorted(placed)  # lowest number first, whichever line
    # 6 rounds of two lines of 4 for 4 kings: the whole box, half of it unpicked.
    assert len(game.unpicked) == 24
    assert all(len(k.placements) + len(k.discards) == 12 for k in game.kingdoms)


def test_four_players_need_fewer_rounds() -> None:
    with pytest.raises(RulesetError, match=r"need 96 dominoes, but the deck has 48.*rounds to 6"):
        make_engine(RULESET, 4)
    engine = make_engine(RULESET, 4, two_lines={"rounds": 6})
    game = play_random_game(engine, seed=1)
    assert len(game.unpicked) == 24


def test_a_claim_off_the_market_is_refused() -> None:
    game = make_engine(RULESET, 2).new_game(seed=1)
    game.play_chance()
    step = game.step
    assert step is not None
    outside = next(d for d in game.engine.pile if d not in game.next_line)
    with pytest.raises(IllegalActionError, match="not in the line being picked"):
        game.apply(Claim(seat=step.seat, king=step.king, domino=outside))
    assert not any(isinstance(a, Place) for a in game.log)


@pytest.mark.parametrize("players", [2])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()
