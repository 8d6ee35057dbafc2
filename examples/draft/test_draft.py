"""Tests of the draft house rule: ``pytest examples/draft``."""

import random
from pathlib import Path

import pytest

from kingdomino_core import (
    SPECTATOR,
    Action,
    Claim,
    Discard,
    Game,
    IllegalActionError,
    Place,
    Reveal,
    RulesetError,
    determinize,
    view_of,
)
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.engine.views import action_words
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


def free_in(game: Game, seat: int) -> list[object]:
    """The dominoes nobody picked yet in the hand in front of ``seat``."""
    found, position = [], 0
    for offer in game.offers:
        for domino in offer.dominoes:
            if offer.seat == seat and game.next_kings[position] is None:
                found.append(domino)
            position += 1
    return found


def test_a_seat_sees_its_own_hand_and_of_the_others_only_how_many() -> None:
    game = first_claim(3)
    for seat in (0, 1):
        view = view_of(game, seat)
        mine = next(o for o in view.offers if o.seat == seat)
        theirs = next(o for o in view.offers if o.seat != seat)
        assert mine == game.offers[seat]
        assert theirs.dominoes == () and theirs.name == f"{game.offers[1 - seat].name}, 3 hidden"
        hidden = set(game.offers[1 - seat].dominoes)
        assert not hidden & set(view.next_line)
        # Nor can the pile or the log tell them: they are back in the pile, undrawn.
        assert sorted(view.pile) == sorted([*game.pile, *hidden])
        assert not [a for a in view.log if isinstance(a, Reveal) and a.domino in hidden]
        assert any(isinstance(a, Reveal) and a.domino in mine.dominoes for a in view.log)
    assert view_of(game, SPECTATOR).next_line == []
    assert action_words(game, Reveal(domino=game.pile[0]), 0) == (
        "draws a domino for the hands, face down"
    )


def test_a_pick_is_public_and_the_end_hides_nothing() -> None:
    game = first_claim(3)
    seat = game.current_seat
    assert seat is not None
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Claim)))
    picked = next(d for d, k in zip(game.next_line, game.next_kings, strict=True) if k is not None)
    view = view_of(game, 1 - seat)
    assert picked in view.next_line
    assert view.next_kings[view.next_line.index(picked)] is not None
    assert next(o for o in view.offers if o.seat != 1 - seat).name.endswith("2 hidden")
    game.play(lambda g: g.legal_actions()[0])
    assert view_of(game, 0).offers == game.offers and view_of(game, 0).pile == game.pile


def twin_games(seed: int, moves: int) -> tuple[Game, Game] | None:
    """Two games at a decision of P1 that differ only in one domino of the hand in
    front of P2, not picked yet: the first played ``moves`` moves by random choices
    then on to P1's next decision, the second the same moves with that domino drawn
    in place of one still in the pile."""
    engine = make_engine(RULESET, 2)
    a = engine.new_game(seed=seed)
    rng = random.Random(seed)
    while not a.is_terminal() and (len(a.log) < moves or a.current_seat != 0 or a.is_chance()):
        if a.is_chance():
            a.resolve_chance()
        else:
            actions = a.legal_actions()
            a.apply(actions[int(rng.random() * len(actions))])
    if a.is_terminal() or not free_in(a, 1) or not a.pile:
        return None
    hidden, other = free_in(a, 1)[-1], a.pile[-1]
    b = engine.new_game(seed=seed)
    for action in a.log:
        b.apply(Reveal(domino=other) if action == Reveal(domino=hidden) else action)
    assert free_in(b, 1) != free_in(a, 1) and free_in(b, 0) == free_in(a, 0)
    return a, b


def seat0_decisions() -> list[tuple[Game, Game]]:
    pairs = [twin_games(seed, moves) for seed in (1, 4) for moves in (3, 20, 45, 70)]
    return [p for p in pairs if p is not None]


def test_what_seat_0_sees_and_its_searches_ignore_the_other_hand() -> None:
    pairs = seat0_decisions()
    assert len(pairs) >= 5
    for a, b in pairs:
        va, vb = view_of(a, 0), view_of(b, 0)
        assert (va.offers, va.next_line, va.pile) == (vb.offers, vb.next_line, vb.pile)
        ca, cb = determinize(a, 0, random.Random(9)), determinize(b, 0, random.Random(9))
        assert (ca.offers, ca.next_line, ca.pile) == (cb.offers, cb.next_line, cb.pile)
        assert free_in(ca, 0) == free_in(a, 0)


@pytest.mark.parametrize("spec", ["greedy", "mcts:playouts=24+width=6"])
def test_a_bots_decisions_ignore_the_other_hand(spec: str) -> None:
    """Twin games that differ only in P2's hand: seat 0's bot, seeded the same, makes
    the same decision in both, at every decision tried."""
    registry = installed_agents()
    for a, b in seat0_decisions():
        first: Action = registry.make(spec, random.Random(1)).act(a)
        second: Action = registry.make(spec, random.Random(1)).act(b)
        assert first == second
