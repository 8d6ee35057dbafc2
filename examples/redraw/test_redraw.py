"""Tests of the redraw house rule: ``pytest examples/redraw``."""

from pathlib import Path

import pytest

from kingdomino_core import Game, IllegalActionError, Place
from kingdomino_core.testing import (
    conformance,
    digest,
    make_engine,
    place_step_game,
    play_random_game,
    replay,
)

RULESET = str(Path(__file__).with_name("redraw.toml"))
NAME = "redraw"


def give_up(game: Game) -> object:
    """The redraw offered in the current decision (None when it is not)."""
    found = [a for a in game.legal_actions() if a.kind == "redraw.give_up"]
    assert len(found) <= 1
    return found[0] if found else None


def test_giving_up_discards_then_places_a_drawn_domino() -> None:
    game = place_step_game(make_engine(RULESET, 3), 10)
    offer = give_up(game)
    assert offer is not None and offer.domino.number == 10  # type: ignore[attr-defined]
    pile = len(game.pile)
    game.apply(offer)  # type: ignore[arg-type]
    assert game.kingdom_of(0).discards == [(0, offer.domino)]  # type: ignore[attr-defined]
    assert game.is_chance() and game.step is not None and game.step.kind == "redraw.draw"
    drawn = game.resolve_chance()
    assert len(game.pile) == pile - 1 and drawn.domino not in game.pile  # type: ignore[attr-defined]
    step = game.step
    assert step is not None and (step.kind, step.seat, step.domino) == (
        "place",
        0,
        drawn.domino,  # type: ignore[attr-defined]
    )
    assert give_up(game) is None  # once per game
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    assert game.step is not None and game.step.kind == "claim" and game.step.seat == 0


def test_once_per_game_and_per_seat() -> None:
    engine = make_engine(RULESET, 3)
    for seed in range(4):
        used: dict[int, int] = {}

        def watch(game: Game, used: dict[int, int] = used) -> None:
            offer = give_up(game) if game.step and game.step.kind == "place" else None
            if offer is not None:
                assert used.get(game.step.seat, 0) == 0  # type: ignore[union-attr]

        game = play_random_game(engine, seed, on_decision=watch)
        for action in game.log:
            if action.kind == "redraw.give_up":
                used[action.seat] = used.get(action.seat, 0) + 1  # type: ignore[attr-defined]
        assert all(n == 1 for n in used.values())
        assert set(game.ext[NAME]) == set(used)


def test_a_redraw_is_refused_once_used_and_never_offered_with_four_players() -> None:
    game = place_step_game(make_engine(RULESET, 3), 10)
    offer = give_up(game)
    game.apply(offer)  # type: ignore[arg-type]
    game.resolve_chance()
    with pytest.raises(IllegalActionError):
        game.apply(offer)  # type: ignore[arg-type]
    four = make_engine(RULESET, 4)
    offered = []
    play_random_game(
        four, 1, on_decision=lambda g: offered.append(g.step and give_up(g) is not None)
    )
    assert not any(offered)  # 4 players: the whole box is dealt, nothing to spare


def test_every_line_stays_full() -> None:
    """The redraw takes only dominoes the game does not need: every round, every king
    still has a domino to pick (3 players: lines of 3 for 12 rounds)."""
    engine = make_engine(RULESET, 3)
    for seed in range(4):
        game = play_random_game(engine, seed)
        placed = [len(k.placements) + len(k.discards) for k in game.kingdoms]
        extra = [
            sum(1 for a in game.log if a.kind == "redraw.give_up" and a.seat == s) for s in range(3)
        ]  # type: ignore[attr-defined]
        assert placed == [12 + e for e in extra]


def test_replays_from_the_log() -> None:
    engine = make_engine(RULESET, 3)
    game = play_random_game(engine, 2)
    assert any(a.kind == "redraw.give_up" for a in game.log)
    assert digest(replay(engine, 2, game.log)) == digest(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()
