"""Tests of the draft house rule: ``pytest examples/draft``."""

from pathlib import Path

import pytest

from kingdomino_core import Claim, Discard, Game, IllegalActionError, Place, RulesetError
from kingdomino_core.testing import conformance, make_engine, play_random_game

RULESET = str(Path(__file__).with_name("draft.toml"))


def first_claim(seed: int) -> Game:
    game = make_engine(RULESET, 2).new_game(seed=seed)
    game.play_chance()
    return game


def test_every_player_is_dealt_a_hand_of_their_own() -> None:
    game = first_claim(3)
    assert [(o.name, o.seat, len(o.dominoes)) for o in game.offers] == [
        ("hand A", 0, 3),
        ("hand B", 1, 3),
    ]
    step = game.step
    assert step is not None and step.kind == "claim"
    mine = game.offers[step.seat].dominoes
    assert {a.domino for a in game.legal_actions() if isinstance(a, Claim)} == set(mine)
    theirs = game.offers[1 - step.seat].dominoes[0]
    with pytest.raises(IllegalActionError, match=r"in the hand [AB], which P\d picks from"):
        game.apply(Claim(seat=step.seat, king=step.king, domino=theirs))


def hands_and_picks(seed: int) -> list[tuple[dict[object, int], list[Claim], list[str]]]:
    """Per market: the seat each domino was dealt to, the claims on it, and the kinds
    of the decisions of the round that picked from it, in order."""
    game = make_engine(RULESET, 2).new_game(seed=seed)
    found: list[tuple[dict[object, int], list[Claim], list[str]]] = []
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        if game.offers and all(k is None for k in game.next_kings):
            dealt = {d: o.seat for o in game.offers for d in o.dominoes}
            if not found or set(dealt) != set(found[-1][0]):
                found.append((dealt, [], []))
        action = game.legal_actions()[0]
        if found and game.offers:  # (the last round only places)
            found[-1][2].append(action.kind)
            if isinstance(action, Claim):
                found[-1][1].append(action)
        game.apply(action)
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_placements_come_first_then_the_hands_are_passed_on_between_picks(seed: int) -> None:
    markets = hands_and_picks(seed)
    assert len(markets) == 6
    for dealt, claims, kinds in markets[1:]:  # (the first picks follow the drawn kings)
        # Every placement of the round, then every pick: two phases.
        first_claim_at = kinds.index("claim")
        assert all(k == "claim" for k in kinds[first_claim_at:])
        assert all(k in ("place", "discard") for k in kinds[:first_claim_at])
        # One pick per player from their own hand, then one from the other hand.
        assert len(claims) == 4
        assert [dealt[c.domino] == c.seat for c in claims] == [True, True, False, False]
        assert {c.seat for c in claims[:2]} == {0, 1}


def test_the_leftovers_of_the_hands_are_discarded() -> None:
    game = play_random_game(make_engine(RULESET, 2), seed=5)
    assert len(game.unpicked) == 6 * 2  # 6 rounds, 2 hands of 3 for 4 kings
    assert all(len(k.placements) + len(k.discards) == 12 for k in game.kingdoms)
    assert sum(isinstance(a, Place | Discard) for a in game.log) == 24


def test_a_short_deck_is_reported() -> None:
    with pytest.raises(RulesetError, match=r"need 96 dominoes, but the deck has 48.*rounds to 6"):
        make_engine(RULESET, 4, draft={"hand": 2})
    engine = make_engine(RULESET, 4, draft={"hand": 2, "rounds": 6})
    assert play_random_game(engine, seed=1).is_terminal()


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"hand": 2, "rounds": 8})])
def test_plays_whole_games_correctly(players: int, options: dict[str, int]) -> None:
    engine = make_engine(RULESET, players, draft=options)
    conformance(engine, seeds=range(2)).raise_for_problems()
