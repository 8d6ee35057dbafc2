"""Origins set-up by player count and the Neolithic opening (docs/rules/origins.md; I-O1)."""

from __future__ import annotations

import itertools
import random

import pytest
from origins_checks import origins

from kingdomino_core import Claim, IllegalActionError, PlayerCountError, PluginError
from kingdomino_core.testing import ScriptedChance, digest, make_engine, play_random_game


@pytest.mark.parametrize(
    ("players", "size", "kings", "per_kingdom", "unpicked"),
    [(4, 5, 1, 12, 0), (3, 5, 1, 12, 12), (2, 7, 2, 24, 0)],
)
def test_player_counts(players, size, kings, per_kingdom, unpicked) -> None:
    """3-4 players: all 48 in lines of 4, 12 rounds (3 players: the unpicked domino of
    each line is discarded); 2 players: Neolithic, 2 chiefs each, 7x7 (docs/rules/origins.md)."""
    engine = origins(players)
    assert (engine.config.kingdom_size, engine.config.kings_per_seat) == (size, kings)
    game = play_random_game(engine, seed=players)
    assert game.lines_drawn == 12
    for k in game.kingdoms:
        assert len(k.placements) + len(k.discards) == per_kingdom
    assert len(game.unpicked) == unpicked
    lines = [a for a in game.log if a.kind == "reveal"]
    assert len(lines) == 48


@pytest.mark.parametrize("players", [1, 5])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(PlayerCountError):
        origins(players)


def test_origins_stands_alone_and_cannot_be_mixed_with_base() -> None:
    with pytest.raises(PluginError, match="cannot be active together"):
        make_engine(["base", "origins"], 4)


def test_lines_are_laid_out_lowest_number_first() -> None:
    game = ScriptedChance(dominoes=[[30, 2, 17, 9]]).new_game(origins(4))
    assert [d.number for d in game.next_line] == [2, 9, 17, 30]


@pytest.mark.parametrize("order", list(itertools.permutations(range(4))))
def test_neolithic_opening_pairs_for_every_draw_order(order) -> None:
    """I-O1: the first drawn player takes dominoes 1+4 or 2+3 of the first line (their
    first chief chooses), the opponent the other two, whatever order the chiefs come in."""
    engine = origins(2)
    rng = random.Random(sum(order))
    script = ScriptedChance(dominoes=[[1, 2, 3, 4]], kings=list(order))
    game = script.new_game(engine)
    first_seat = game.owner(order[0])
    first_choice = None
    while game.step.kind == "claim" and game.lines_drawn == 1:
        choices = game.legal_actions()
        claim = choices[int(rng.random() * len(choices))]
        if first_choice is None:
            first_choice = game.next_line.index(claim.domino)
        game.apply(claim)
        script.advance(game)
    pair = {first_choice, 3 - first_choice}
    assert [d.number for d in game.line] == [1, 2, 3, 4]  # the opening line, now played
    held: dict[int, set[int]] = {0: set(), 1: set()}
    for slot, king in enumerate(game.line_kings):
        held[game.owner(king)].add(slot)
    assert held[first_seat] == pair
    assert held[1 - first_seat] == {0, 1, 2, 3} - pair


def test_neolithic_opening_refuses_a_broken_pair_and_changes_nothing() -> None:
    engine = origins(2)
    script = ScriptedChance(dominoes=[[1, 2, 3, 4]], kings=[0, 1, 2, 3])
    game = script.new_game(engine)
    game.apply(Claim(seat=0, king=0, domino=game.next_line[0]))  # seat 0 takes 1: so 1+4
    script.advance(game)
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(Claim(seat=0, king=1, domino=game.next_line[1]))
    assert err.value.rule == "origins.neolithic_opening"
    assert "domino 4" in err.value.message
    assert digest(game) == before
    assert [c.domino for c in game.legal_actions()] == [game.next_line[3]]
    game.apply(Claim(seat=0, king=1, domino=game.next_line[3]))
    script.advance(game)
    with pytest.raises(IllegalActionError):
        game.apply(Claim(seat=1, king=2, domino=game.next_line[0]))


def test_free_opening_by_option() -> None:
    engine = origins(2, neolithic_opening=False)
    script = ScriptedChance(dominoes=[[1, 2, 3, 4]], kings=[0, 1, 2, 3])
    game = script.new_game(engine)
    game.apply(Claim(seat=0, king=0, domino=game.next_line[0]))
    script.advance(game)
    assert len(game.legal_actions()) == 3  # domino 2 allowed too


def test_later_lines_are_picked_freely() -> None:
    engine = origins(2)
    game = ScriptedChance(dominoes=[[1, 2, 3, 4], [5, 6, 7, 8]], kings=[0, 1, 2, 3]).new_game(
        engine
    )
    while game.lines_drawn == 1 or game.step.kind != "claim":
        game.apply(game.legal_actions()[0])
        game.play_chance()
    assert len(game.legal_actions()) == 4
