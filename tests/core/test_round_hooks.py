"""The round as hooks (issue 11 item 1): turn order, the market, extra actions in the
core's steps, wrapped handlers, another seat's decision mid-turn and the one discard
path, each played by real engines with the house rules of ``round_rules``."""

from __future__ import annotations

import random

import pytest
import round_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from round_rules import GiveUp, Redrawn, Salute, TakeLast, engine

from kingdomino_core import (
    Claim,
    ConfigError,
    Discard,
    Engine,
    ExtraActions,
    IllegalActionError,
    Place,
    PluginError,
    RuleBook,
    Ruleset,
    Step,
    hookimpl,
)
from kingdomino_core.engine.steps import ClaimHandler
from kingdomino_core.saves.savegame import final_result
from kingdomino_core.testing import digest, play_random_game, random_choice, replay

# -- turn order ---------------------------------------------------------------------------


def _round_orders(eng: Engine, seed: int) -> list[tuple[list[int], list[int]]]:
    """Per round: the kings in the order their place steps were queued, and the
    scores of their kingdoms when the round started."""
    found = []
    seen: set[int] = set()

    def look(game) -> None:
        step = game.step
        if step.kind == "place" and game.lines_drawn not in seen and not game.final_round:
            seen.add(game.lines_drawn)
            kings = [s.king for s in game.pending if s.kind == "place"]
            scores = [game.score_total(game.config.kingdom_of(game.owner(k))) for k in kings]
            found.append((kings, scores))

    play_random_game(eng, seed, on_decision=look)
    return found


def test_the_default_turn_order_is_line_order() -> None:
    """Turn order comes from the picks: the king on the first domino acts first."""
    eng = engine(players=4)
    game = eng.new_game(seed=3)
    choose = random_choice(random.Random(3))
    while game.step is None or game.step.kind != "place":
        game.play_chance()
        game.apply(choose(game))
        game.play_chance()
    kings = [s.king for s in game.pending if s.kind == "place"]
    assert kings == [k for k in game.line_kings if k is not None]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reverse_score_order_puts_the_lowest_score_first(players: int) -> None:
    eng = engine("reverse_score", players=players)
    rounds = _round_orders(eng, seed=players)
    assert len(rounds) >= 5
    changed = False
    for kings, scores in rounds:
        assert scores == sorted(scores), (kings, scores)
        changed |= kings != sorted(kings)
    assert changed  # not line order by accident every round


def test_a_turn_order_that_is_not_a_permutation_is_refused() -> None:
    class Bad:
        @hookimpl
        def kd_turn_order(self, kings: list[int]) -> list[int]:
            return kings[:1]

    cat = round_rules.catalogue()
    cat.add_module(Bad(), "bad_order")
    eng = Engine(Ruleset(name="t", plugins=("base", "bad_order")), 3, catalogue=cat)
    with pytest.raises(PluginError, match="kd_turn_order must return the kings"):
        play_random_game(eng, seed=1)


# -- after_place comes before the claim, whatever the order --------------------------------


@pytest.mark.parametrize("order", [(), ("reverse_score",)])
def test_steps_inserted_after_a_placement_come_before_the_kings_claim(order) -> None:
    """kd_after_place's promise: its steps run next, within the king's turn; here they
    are a decision of ANOTHER seat (as a footprint domino's giant in Age of Giants)."""
    eng = engine("salutes", *order, players=3)
    checked = 0
    for seed in range(4):
        game = eng.new_game(seed=seed)
        choose = random_choice(random.Random(seed))
        while not game.is_terminal():
            if game.is_chance():
                game.resolve_chance()
                continue
            step = game.step
            if step.kind == "salute":
                placed = game.log[-1]
                assert isinstance(placed, Place) and placed.domino == step.domino
                assert step.seat == (placed.seat + 1) % 3 != placed.seat
                assert game.legal_actions() == [
                    Salute(seat=step.seat, loud=False),
                    Salute(seat=step.seat, loud=True),
                ]
                nxt = game.pending[1]
                if not game.final_round:
                    assert nxt.kind == "claim" and nxt.seat == placed.seat
                checked += 1
            game.apply(choose(game))
        assert len(game.ext["salute"]) == sum(
            1
            for a in game.log
            if isinstance(a, Place)
            and game.domino(a.domino).crowns_a + game.domino(a.domino).crowns_b
        )
    assert checked > 20


# -- the market ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_one_domino_per_line_is_discarded_before_anyone_picks(players: int) -> None:
    """Age of Giants' market: kings + 1 drawn, one out before any pick."""
    eng = engine("middle_discard", players=players)
    assert eng.config.line_size == eng.config.kings + 1
    game = eng.new_game(seed=5)
    choose = random_choice(random.Random(5))
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        if game.step.kind == "claim":
            assert len(game.next_line) == eng.config.kings
            assert not set(game.next_line) & set(game.unpicked)
        game.apply(choose(game))
    assert len(game.unpicked) == eng.config.lines_total
    placed = sum(len(k.placements) + len(k.discards) for k in game.kingdoms)
    assert placed == eng.config.lines_total * eng.config.kings


def test_the_discarded_market_domino_is_the_middle_of_the_ordered_line() -> None:
    eng = engine("middle_discard", players=2)
    game = eng.new_game(seed=11)
    while game.step.kind != "claim":
        game.resolve_chance()
    drawn = sorted([*game.next_line, *game.unpicked], key=lambda d: d.number)
    assert len(drawn) == 5
    assert game.unpicked == [drawn[2]]
    assert game.next_line == [d for d in drawn if d != drawn[2]]
    assert drawn[2] not in game.pile


def test_a_lookahead_line_is_shown_and_becomes_the_next_line() -> None:
    eng = engine("lookahead", players=4)
    assert eng.config.lookahead_lines == 1
    game = eng.new_game(seed=2)
    while game.step.kind != "claim":
        game.resolve_chance()
    assert len(game.next_line) == 4 and len(game.upcoming) == 1 and len(game.upcoming[0]) == 4
    shown = list(game.upcoming[0])
    choose = random_choice(random.Random(2))
    while game.line != shown:
        if game.is_chance():
            game.resolve_chance()
        else:
            if game.next_line == shown:
                assert game.step.kind in ("claim", "place")
            game.apply(choose(game))
    game.play(random_choice(random.Random(2)))
    assert game.lines_drawn == 12 and not game.upcoming
    assert sum(len(k.placements) + len(k.discards) for k in game.kingdoms) == 48


def test_line_discards_must_name_dominoes_of_the_line() -> None:
    class Stray:
        @hookimpl
        def kd_line_discards(self, game) -> list:
            return [game.pile[0]]

    cat = round_rules.catalogue()
    cat.add_module(Stray(), "stray")
    eng = Engine(Ruleset(name="t", plugins=("base", "stray")), 4, catalogue=cat)
    with pytest.raises(PluginError, match="kd_line_discards named dominoes not on the new line"):
        eng.new_game(seed=1).play_chance()


# -- an extra action in the place step, and the one discard path ------------------------------


def test_give_up_is_offered_once_per_seat_after_the_core_actions() -> None:
    eng = engine("redraw", players=2)
    game = eng.new_game(seed=4)
    choose = random_choice(random.Random(4))
    while game.is_chance() or game.step.kind != "place":
        game.resolve_chance() if game.is_chance() else game.apply(choose(game))
    step = game.step
    actions = game.legal_actions()
    assert actions[-1] == GiveUp(seat=step.seat, domino=step.domino)
    assert all(isinstance(a, Place | Discard) for a in actions[:-1])
    # The core's check still runs for the core's actions; the extra one is accepted.
    assert game.explain(actions[-1]) is None
    assert game.explain(GiveUp(seat=step.seat, domino=game.pile[0])) is not None
    before = len(game.pile)
    game.apply(actions[-1])
    kingdom = game.kingdom_of(step.seat)
    assert kingdom.discards == [(step.seat, step.domino)]
    assert game.is_chance() and game.step.kind == "redraw.draw"
    drawn = game.resolve_chance()
    assert isinstance(drawn, Redrawn) and len(game.pile) == before - 1
    assert game.step == Step(kind="place", seat=step.seat, king=step.king, domino=drawn.domino)
    assert not any(isinstance(a, GiveUp) for a in game.legal_actions())  # once per game
    game.play(random_choice(random.Random(4)))
    assert final_result(game)["kingdoms"][game.config.kingdom_of(step.seat)]["discarded"] >= 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_round_rules_games_replay_and_clone_exactly(seed: int, players: int) -> None:
    """Every round rule at once: the log replays to the same state, clones are equal."""
    eng = engine("redraw", "humble", "salutes", "reverse_score", "lookahead", players=players)
    game = play_random_game(eng, seed=seed)
    assert digest(replay(eng, seed, game.log)) == digest(game)
    half = replay(eng, seed, game.log[: len(game.log) // 2])
    assert digest(half.clone()) == digest(half)
    drawn = [a.domino for a in game.log if hasattr(a, "domino") and a.chance]
    gone = [d for k in game.kingdoms for _, d, *_ in k.placements]
    gone += [d for k in game.kingdoms for _, d in k.discards] + game.unpicked
    assert sorted(gone) == sorted(drawn)


# -- an extra action in the claim step ------------------------------------------------------


def test_take_last_claims_the_last_free_domino_and_scores_its_bonus() -> None:
    eng = engine("humble", players=3)
    game = eng.new_game(seed=8)
    game.play_chance()
    step = game.step
    assert step.kind == "claim"
    actions = game.legal_actions()
    assert isinstance(actions[-1], TakeLast) and all(isinstance(a, Claim) for a in actions[:-1])
    last = max(i for i, k in enumerate(game.next_kings) if k is None)
    game.apply(actions[-1])
    assert game.next_kings[last] == step.king
    k = game.config.kingdom_of(step.seat)
    assert game.score_sheet(k).total == round_rules.Humble.BONUS
    assert game.score_total(k) == round_rules.Humble.BONUS


# -- a wrapped core handler ---------------------------------------------------------------------


def test_a_wrapper_narrows_the_core_claim_and_delegates_the_rest() -> None:
    eng = engine("narrow", players=4)
    assert isinstance(eng.rules.handler("claim"), ClaimHandler)
    assert eng.rules.provenance["step:claim"] == "narrow"
    game = eng.new_game(seed=6)
    game.play_chance()
    actions = game.legal_actions()
    assert [a.domino for a in actions] == game.next_line[:2]
    third = Claim(seat=game.current_seat, king=game.step.king, domino=game.next_line[3])
    with pytest.raises(IllegalActionError) as info:
        game.check(third)
    assert info.value.rule == "narrow.first_two"
    with pytest.raises(IllegalActionError) as info:  # the core's own check, delegated
        game.check(Claim(seat=game.current_seat, king=99, domino=game.next_line[0]))
    assert info.value.rule == "core.turn"
    game.play(random_choice(random.Random(6)))
    assert game.is_terminal()


def test_wrapping_or_extending_an_unknown_step_is_a_clear_error() -> None:
    from kingdomino_core import StepWrapper

    class Wrap(StepWrapper):
        kind = "nope"

    class Extra(ExtraActions):
        id = "x.extra"

    class Plugin:
        def __init__(self, how: str) -> None:
            self.how = how

        @hookimpl
        def kd_register_rules(self, rules: RuleBook) -> None:
            if self.how == "wrap":
                rules.wrap_step_handler(Wrap())
            else:
                rules.add_actions("nope", Extra())

    for how, message in (("wrap", "wraps step 'nope'"), ("extra", "extra actions for step")):
        cat = round_rules.catalogue()
        cat.add_module(Plugin(how), "p")
        with pytest.raises(ConfigError, match=message):
            Engine(Ruleset(name="t", plugins=("base", "p")), 2, catalogue=cat)
