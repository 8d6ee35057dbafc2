"""Property tests over seeded Age of Giants games, 2 to 5 players.

Checked at every decision and at the end, against the raw state only: dominoes
conserved; giants conserved (supply + standing + travelling = 6, travelling only
while an opponent decides where a sent giant stands); no square has more giants
than printed crowns, and its crowns showing are printed minus giants; property
points equal an independent recount from the printed dominoes; the same seed gives
the same game; saves replay to the same state.
"""

from __future__ import annotations

from collections import Counter

import pytest
from aog_checks import aog, giants_in_play, giants_of, printed_crowns, recount_properties
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_core import Game, Reveal
from kingdomino_core.saves.savegame import PlayerEntry, parse_save, replay, save_of, to_json, verify
from kingdomino_core.testing import conformance, digest, make_engine, play_random_game


def check_giants(game: Game) -> None:
    st_ = game.ext["age_of_giants"]
    assert giants_in_play(game) == 6
    receiving = game.step is not None and game.step.kind == "aog.receive"
    assert st_.travelling == (1 if receiving else 0)
    for k in range(len(game.kingdoms)):
        kingdom = game.kingdoms[k]
        printed = printed_crowns(game, k)
        for cell, n in giants_of(game, k).items():
            if cell == kingdom.board.castle:
                continue
            assert 0 < n <= printed[cell], "more giants than printed crowns"
        for cell, crowns in printed.items():
            assert kingdom.crowns_at[cell] == crowns - giants_of(game, k).get(cell, 0)


def play_checked(players: int, seed: int, engine=None) -> Game:
    game = play_random_game(engine or aog(players), seed, on_decision=check_giants)
    check_giants(game)
    return game


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_seeded_games_keep_every_invariant(players: int, seed: int) -> None:
    game = play_checked(players, seed)
    drawn = Counter(a.domino for a in game.log if isinstance(a, Reveal))
    used = Counter(
        [d for k in game.kingdoms for _, d, _, _ in k.placements]
        + [d for k in game.kingdoms for _, d in k.discards]
        + list(game.unpicked)
    )
    assert drawn == used and max(drawn.values()) == 1  # dominoes conserved
    for k, sheet in enumerate(game.scores()):
        properties = sum(line.points for line in sheet.properties)
        assert properties == recount_properties(game, k)
        assert sheet.total == game.score_total(k)
        assert len([line for line in sheet.lines if line.kind == "quest"]) == 2
    # Same seed, same game.
    again = play_checked(players, seed)
    assert again.log == game.log and digest(again) == digest(game)


DUEL = make_engine(["base", "grand_duel", "quests", "age_of_giants"], 2)
DYNASTY = make_engine("age-of-giants", 4, base={"dynasty": True})


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), dynasty=st.booleans())
def test_seeded_duel_and_dynasty_games_keep_the_giant_invariants(seed: int, dynasty: bool) -> None:
    """The same checks at every decision of 7x7 duels (I-G12) and Dynasty matches."""
    game = play_checked(0, seed, DYNASTY if dynasty else DUEL)
    assert game.is_terminal()
    if dynasty:
        assert len(game.match_sheets) == 2


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_saves_replay(players: int, seed: int) -> None:
    game = play_checked(players, seed)
    entries = [PlayerEntry(name=f"P{i + 1}", agent="random") for i in range(players)]
    saved = parse_save(to_json(save_of(game, entries)))
    assert digest(replay(saved)) == digest(game)
    assert verify(saved).ok


def test_conformance_kit_for_every_player_count_and_mode() -> None:
    for players in (2, 3, 4, 5):
        conformance("age-of-giants", players, seeds=range(2)).raise_for_problems()
    conformance(
        ["base", "grand_duel", "quests", "age_of_giants"], 2, seeds=range(2)
    ).raise_for_problems()
    conformance("quests", 3, seeds=range(2)).raise_for_problems()
    conformance(
        make_engine("age-of-giants", 3, base={"dynasty": True}), seeds=[0]
    ).raise_for_problems()


@pytest.mark.parametrize(
    "options",
    [
        {"giants_per_square": "one"},  # I-G6
        {"footprint_needs_crown": False},  # I-G15
        {"send_received_giants": False},  # I-G5
        {"giant_from_discarded_domino": True},  # I-G4
        {"covered_crowns_in_tiebreak": True},  # I-G8
    ],
    ids=lambda o: next(iter(o)),
)
def test_every_reading_plays_with_the_invariants(options: dict) -> None:
    """Each I-G option keeps giants conserved, crowns consistent and scores recounted."""
    engine = make_engine(
        "age-of-giants", 3, age_of_giants=options, quests={"folie_covered_crowns": True}
    )
    for seed in range(4):
        game = play_checked(3, seed, engine)
        for k, sheet in enumerate(game.scores()):
            assert sum(line.points for line in sheet.properties) == recount_properties(game, k)
            assert sheet.total == game.score_total(k)
    conformance(engine, seeds=range(1)).raise_for_problems()
