"""Set-up and turn flow of the base game (docs/rules/base.md, set-up table and "A round")."""

from __future__ import annotations

from collections import Counter

import pytest

from kingdomino_core import Claim, Discard, DominoId, DrawKing, Place, Reveal
from kingdomino_core.testing import (
    ScriptedChance,
    game_with_draws,
    make_engine,
    play_random_game,
)


def ids(*numbers: int) -> list[DominoId]:
    return [DominoId(number=n) for n in numbers]


# docs/rules/base.md set-up table, copied by hand: (ruleset options, players, dominoes in
# play, set aside, kings per player, line size, lines, dominoes per kingdom, grid size).
SETUPS = [
    pytest.param(["base"], {}, 2, 24, 24, 2, 4, 6, 12, 5, id="base-2"),
    pytest.param(["base"], {}, 3, 36, 12, 1, 3, 12, 12, 5, id="base-3"),
    pytest.param(["base"], {}, 4, 48, 0, 1, 4, 12, 12, 5, id="base-4"),
    pytest.param(
        ["base"],
        {"three_player_all_dominoes": True},
        3,
        48,
        0,
        1,
        4,
        12,
        12,
        5,
        id="base_3p_variant",
    ),
    pytest.param(["base", "grand_duel"], {}, 2, 48, 0, 2, 4, 12, 24, 7, id="base_mighty_duel"),
]


@pytest.mark.parametrize(
    ("plugins", "options", "players", "in_play", "aside", "kings", "line", "lines", "per", "grid"),
    SETUPS,
)
def test_setup_per_player_count_matches_the_setup_table(
    plugins, options, players, in_play, aside, kings, line, lines, per, grid
) -> None:
    """docs/rules/base.md set-up table: dominoes, kings, line size, rounds."""
    engine = make_engine(plugins, players, base=options)
    cfg = engine.config
    assert (cfg.kings_per_seat, cfg.line_size, cfg.lines_total, cfg.kingdom_size) == (
        kings,
        line,
        lines,
        grid,
    )
    assert len(engine.deck) == 48
    for seed in range(3):
        game = play_random_game(engine, seed)
        drawn = [a.domino for a in game.log if isinstance(a, Reveal)]
        assert len(drawn) == len(set(drawn)) == in_play
        assert len(engine.deck) - len(drawn) == aside  # the rest is never seen
        # Every king picks once per line: the random first draw, then one claim a round.
        claims = Counter(a.king for a in game.log if isinstance(a, Claim))
        assert claims == dict.fromkeys(range(players * kings), lines)
        for k in game.kingdoms:
            assert len(k.placements) + len(k.discards) == per
        assert len(game.unpicked) == in_play - players * per


def test_set_aside_dominoes_differ_between_games() -> None:
    """Section 1: with 2 players 24 dominoes are set aside at random, not always the same."""
    engine = make_engine(["base"], 2)
    seen = {
        frozenset(a.domino for a in play_random_game(engine, s).log if isinstance(a, Reveal))
        for s in range(5)
    }
    assert len(seen) == 5


def test_lines_are_sorted_ascending_by_number() -> None:
    """Section 1: a line is sorted ascending by number, whatever the drawing order."""
    engine = make_engine(["base"], 4)
    game = game_with_draws(engine, dominoes=[40, 3, 22, 9], kings=[0, 1, 2, 3])
    assert game.next_line == ids(3, 9, 22, 40)


def test_every_line_of_a_game_is_sorted() -> None:
    """Section 1: every line, not only the first, is sorted (checked over whole games)."""
    engine = make_engine(["base"], 3)
    game = engine.new_game(seed=11)
    while not game.is_terminal():
        if game.next_line:
            assert game.next_line == sorted(game.next_line, key=lambda d: d.number)
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[-1])


def test_first_draw_of_kings_each_owner_claims_a_free_domino() -> None:
    """Section 1: kings drawn one by one; each owner claims a free domino; the last has
    no choice."""
    engine = make_engine(["base"], 4)
    script = ScriptedChance(dominoes=[5, 6, 7, 8], kings=[2, 0, 3, 1])
    game = script.new_game(engine)
    for expected_king, free in ((2, 4), (0, 3), (3, 2), (1, 1)):
        assert game.step.kind == "claim"
        assert game.step.king == expected_king and game.current_seat == expected_king
        choices = game.legal_actions()
        assert len(choices) == free
        assert all(isinstance(c, Claim) and c.king == expected_king for c in choices)
        game.apply(choices[-1])  # take the highest free domino
        script.advance(game)
    # King 2 took 8, king 0 took 7, king 3 took 6, king 1 had only 5 left.
    assert game.line == ids(5, 6, 7, 8)
    assert game.line_kings == [1, 3, 0, 2]
    # "Then a second line is drawn", before anyone places.
    assert len(game.next_line) == 4 and game.step.kind == "place"
    assert all(k.squares == 0 for k in game.kingdoms)


def test_first_draw_of_kings_is_random() -> None:
    """Section 1: the kings are drawn at random, so any king may be drawn first."""
    engine = make_engine(["base"], 4)
    first = set()
    for seed in range(40):
        game = engine.new_game(seed=seed)
        game.play_chance()
        first.add(next(a.king for a in game.log if isinstance(a, DrawKing)))
    assert first == {0, 1, 2, 3}


def test_two_player_kings_belong_to_their_seat() -> None:
    """Section 1: with 2 players each has 2 kings; a drawn king's owner claims."""
    engine = make_engine(["base"], 2)
    game = game_with_draws(engine, dominoes=[1, 2, 3, 4], kings=[3])
    assert game.step.king == 3 and game.current_seat == 1
    assert [engine.king_owner[k] for k in range(4)] == [0, 0, 1, 1]


def test_turn_order_comes_from_the_picks_lowest_domino_first() -> None:
    """Section 1: kings act in line order, lowest-numbered domino first; no clockwise order."""
    engine = make_engine(["base"], 4)
    script = ScriptedChance(dominoes=[10, 20, 30, 40, 5, 6, 7, 8], kings=[0, 1, 2, 3])
    game = script.new_game(engine)
    picks = {0: 40, 1: 10, 2: 30, 3: 20}
    for king in range(4):
        game.apply(Claim(seat=king, king=king, domino=DominoId(number=picks[king])))
        script.advance(game)
    order = []
    while len(order) < 4:
        if game.step.kind == "place":
            order.append((game.step.seat, game.step.domino.number))
        game.apply(game.legal_actions()[0])
        script.advance(game)
    assert order == [(1, 10), (3, 20), (2, 30), (0, 40)]


def test_next_round_order_follows_the_new_picks() -> None:
    """Section 1: the order of the next round comes only from the picks on the new line."""
    engine = make_engine(["base"], 4)
    script = ScriptedChance(dominoes=[10, 20, 30, 40, 5, 6, 7, 8], kings=[0, 1, 2, 3])
    game = script.new_game(engine)
    for king in range(4):
        game.apply(Claim(seat=king, king=king, domino=DominoId(number=[10, 20, 30, 40][king])))
        script.advance(game)
    # Round 1: seat 0 places 10 then takes 8, seat 1 takes 7, seat 2 takes 6, seat 3 takes 5.
    for seat, take in ((0, 8), (1, 7), (2, 6), (3, 5)):
        assert game.current_seat == seat and game.step.kind == "place"
        game.apply(game.legal_actions()[0])
        game.apply(Claim(seat=seat, king=seat, domino=DominoId(number=take)))
        script.advance(game)
    places = []
    while len(places) < 4:
        if game.step.kind == "place":
            places.append(game.current_seat)
        game.apply(game.legal_actions()[0])
        script.advance(game)
    assert places == [3, 2, 1, 0]


def test_a_two_king_player_may_act_twice_in_a_row() -> None:
    """Section 1: with 2 kings a player acts twice per round, possibly twice in a row."""
    engine = make_engine(["base"], 2)
    script = ScriptedChance(dominoes=[1, 2, 3, 4, 13, 14, 15, 16], kings=[0, 1, 2, 3])
    game = script.new_game(engine)
    for king, number in ((0, 1), (1, 2), (2, 3), (3, 4)):
        game.apply(Claim(seat=king // 2, king=king, domino=DominoId(number=number)))
        script.advance(game)
    seats = []
    for _ in range(4):
        seats.append((game.current_seat, game.step.kind))
        game.apply(game.legal_actions()[0])
        script.advance(game)
    assert seats == [(0, "place"), (0, "claim"), (0, "place"), (0, "claim")]
    assert game.current_seat == 1


def test_the_final_round_is_place_only() -> None:
    """Section 1: after the last line is drawn and picked, one round of placement only."""
    engine = make_engine(["base"], 4)
    game = engine.new_game(seed=5)
    while not (game.line and not game.next_line and game.step.kind == "place"):
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    assert game.final_round
    assert game.lines_drawn == 12 and not game.pile
    kinds = []
    while not game.is_terminal():
        assert not game.is_chance()
        actions = game.legal_actions()
        assert all(isinstance(a, Place | Discard) for a in actions)
        kinds.append(game.step.kind)
        game.apply(actions[0])
    assert kinds == ["place"] * 4


@pytest.mark.parametrize(
    ("plugins", "players", "per"),
    [(["base"], 2, 12), (["base"], 3, 12), (["base"], 4, 12), (["base", "grand_duel"], 2, 24)],
)
def test_each_kingdom_ends_with_its_dominoes(plugins, players, per) -> None:
    """Section 1: each kingdom ends with 12 dominoes placed or discarded (24 in the Grand Duel)."""
    engine = make_engine(plugins, players)
    for seed in range(4):
        game = play_random_game(engine, seed)
        assert game.is_terminal()
        assert [len(k.placements) + len(k.discards) for k in game.kingdoms] == [per] * players
