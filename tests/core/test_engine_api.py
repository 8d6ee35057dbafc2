"""The engine API (issue 2 item 4): whose decision it is, the legal
choices, apply, clone, ranking with its tie-break, and a log that replays exactly.
Bad input raises a specific error naming the value and what was allowed."""

from __future__ import annotations

import random

import pytest

from kingdomino_core import (
    CHANCE,
    Claim,
    ConfigError,
    Direction,
    DominoId,
    DrawKing,
    Engine,
    GameOverError,
    IllegalActionError,
    Place,
    PlayerCountError,
    Reveal,
    Ruleset,
    RulesetError,
    UnknownPluginError,
)
from kingdomino_core.testing import (
    digest,
    make_engine,
    place_step_game,
    play_random_game,
    random_choice,
    replay,
)


@pytest.fixture(scope="module")
def engine():
    return make_engine(["base"], 4)


def test_a_new_game_starts_with_chance_then_a_seat_decides(engine) -> None:
    """Section 5: whose decision it is. The first line is drawn, then a king."""
    game = engine.new_game(seed=1)
    assert game.is_chance() and game.current_seat == CHANCE
    assert game.step.kind == "reveal"
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 48 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    game.play_chance()
    assert not game.is_chance() and game.step.kind == "claim"
    king = next(a.king for a in game.log if isinstance(a, DrawKing))
    assert game.current_seat == engine.king_owner[king]
    assert game.legal_actions() == [
        Claim(seat=game.current_seat, king=king, domino=d) for d in game.next_line
    ]


def test_chance_cannot_be_resolved_while_a_seat_decides(engine) -> None:
    """resolve_chance and chance_outcomes refuse when a player must decide."""
    game = engine.new_game(seed=1)
    game.play_chance()
    before = digest(game)
    for call in (game.resolve_chance, game.chance_outcomes):
        with pytest.raises(IllegalActionError) as info:
            call()
        assert info.value.rule == "game.not_chance"
    assert digest(game) == before


def test_chance_actions_can_be_applied_explicitly_and_checked(engine) -> None:
    """A scripted draw is an action like any other: impossible draws are refused."""
    game = engine.new_game(seed=1)
    game.apply(Reveal(domino=DominoId(number=17)))
    before = digest(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(Reveal(domino=DominoId(number=17)))  # already drawn
    assert info.value.rule == "core.reveal" and "17" in info.value.message
    assert digest(game) == before
    for n in (1, 2, 3):
        game.apply(Reveal(domino=DominoId(number=n)))
    game.apply(DrawKing(king=2))
    game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalActionError) as info:
        game.apply(DrawKing(king=2))
    assert info.value.rule == "core.draw_king"


def test_same_seed_same_game_and_different_seeds_differ(engine) -> None:
    """The game owns its random.Random(seed): same seed, same game."""
    a, b = play_random_game(engine, 7), play_random_game(engine, 7)
    assert a.log == b.log and digest(a) == digest(b)
    assert play_random_game(engine, 8).log != a.log


def test_log_replays_the_game_exactly(engine) -> None:
    """The action log replays: a new game with the same seed and the logged actions."""
    game = play_random_game(engine, 3)
    again = replay(engine, 3, game.log)
    assert again.is_terminal() and digest(again) == digest(game)
    assert [s.total for s in again.scores()] == [s.total for s in game.scores()]


def test_log_replays_from_the_middle(engine) -> None:
    """A game replayed halfway continues exactly like the original (same chance stream)."""
    game = play_random_game(engine, 4)
    half = replay(engine, 4, game.log[: len(game.log) // 2])
    rest = game.log[len(game.log) // 2 :]
    for action in rest:
        if half.is_chance():
            assert half.resolve_chance() == action
        else:
            half.apply(action)
    assert digest(half) == digest(game)


def test_clone_is_independent_and_reproducible(engine) -> None:
    """clone(): playing on a copy leaves the original alone; same choices, same result."""
    game = engine.new_game(seed=5)
    choose = random_choice(random.Random(0))
    for _ in range(60):
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(choose(game))
    before = digest(game)
    copy = game.clone()
    assert digest(copy) == before
    copy.play(random_choice(random.Random(1)))
    assert copy.is_terminal() and digest(game) == before
    a, b = game.clone(), game.clone()
    a.play(random_choice(random.Random(2)))
    b.play(random_choice(random.Random(2)))
    assert a.log == b.log and digest(a) == digest(b)
    # The original, played with those same choices, ends exactly like its clones.
    game.play(random_choice(random.Random(2)))
    assert digest(game) == digest(a)


def test_clone_with_its_own_seed_hides_the_real_draw_order(engine) -> None:
    """clone(seed=...) gets its own chance stream (bots must not learn the pile order)."""
    game = engine.new_game(seed=5)
    game.play_chance()
    a, b = game.clone(seed=1), game.clone(seed=2)
    a.play(random_choice(random.Random(0)))
    b.play(random_choice(random.Random(0)))
    assert a.log != b.log


def test_clone_without_log(engine) -> None:
    """clone(log=False) drops the log but keeps the state."""
    game = play_random_game(engine, 2)
    assert game.clone(log=False).log == []


def test_ranking_reports_the_tiebreak_that_decided(engine) -> None:
    """Section 5: the ranking with the tie-break that decided it."""
    game = play_random_game(engine, 6)
    ranking = game.ranking()
    flat = [k for place in ranking.places for k in place]
    assert sorted(flat) == [0, 1, 2, 3]
    keys = dict(ranking.keys)
    assert ranking.criteria[0] == "total"
    for i, (upper, lower) in enumerate(zip(ranking.places, ranking.places[1:], strict=False)):
        a, b = keys[upper[0]], keys[lower[0]]
        assert a > b
        first = next(j for j in range(len(a)) if a[j] != b[j])
        assert ranking.decided_by[i] == ranking.criteria[first]
    assert [keys[k][0] for k in range(4)] == [s.total for s in game.scores()]
    assert game.winners() == ranking.winners


def test_score_sheet_breakdown(engine) -> None:
    """Section 5: the score breakdown per property and per bonus; total is their sum."""
    game = play_random_game(engine, 6)
    for sheet in game.scores():
        assert sheet.total == sum(p.points for p in sheet.properties) + sum(
            b.points for b in sheet.bonuses
        )
        data = sheet.as_dict()
        assert data["total"] == sheet.total and len(data["properties"]) == len(sheet.properties)


def test_actions_after_the_end_raise_game_over(engine) -> None:
    """A finished game refuses every action with GameOverError."""
    game = play_random_game(engine, 1)
    assert game.is_terminal() and game.current_seat is None and game.step is None
    for call in (game.legal_actions, game.resolve_chance, lambda: game.apply(game.log[-1])):
        with pytest.raises(GameOverError):
            call()


# -- bad input at build time -------------------------------------------------------------


def test_unknown_plugin_lists_the_available_ones() -> None:
    """An unknown plugin raises UnknownPluginError naming it and listing what exists."""
    with pytest.raises(UnknownPluginError) as info:
        Engine(Ruleset(name="x", plugins=["base", "no_such_plugin"]), players=4)
    assert info.value.name == "no_such_plugin"
    assert "base" in info.value.available and "grand_duel" in info.value.available
    assert "no_such_plugin" in str(info.value) and "available" in str(info.value)


@pytest.mark.parametrize("players", [0, 1, 5, 8])
def test_disallowed_player_count(players: int) -> None:
    """Section 1: the base game is for 2, 3 or 4 players."""
    with pytest.raises(PlayerCountError) as info:
        make_engine(["base"], players)
    assert info.value.allowed == (2, 3, 4)
    assert str(players) in str(info.value) and "2, 3, 4" in str(info.value)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("harmony", "false"),
        ("harmony", 1),
        ("middle_kingdom", None),
        ("middle_kingdom_points", "10"),
        ("middle_kingdom_points", 10.5),
        ("middle_kingdom_points", True),
        ("dynasty_games", [3]),
        ("tiebreaks", ["height"]),
        ("tiebreaks", "crowns"),
    ],
)
def test_option_of_wrong_type_is_refused_naming_it(key: str, value: object) -> None:
    """An option of the wrong type raises RulesetError naming options.base.<key>."""
    with pytest.raises(RulesetError) as info:
        make_engine(["base"], 4, base={key: value})
    assert any(p.startswith(f"options.base.{key}") for p in info.value.problems)
    shown = value[0] if isinstance(value, list) else value
    # Messages spell values as in TOML (true, 'x'), the language options are written in.
    assert repr(shown).lower() in str(info.value).lower()


def test_unknown_option_and_options_for_inactive_plugins() -> None:
    """An unknown key or an option table for a plugin that is not active is refused."""
    with pytest.raises(RulesetError, match=r"options\.base.*harmonie"):
        make_engine(["base"], 4, base={"harmonie": True})
    with pytest.raises(RulesetError, match=r"options\.grand_duel"):
        make_engine(["base"], 4, grand_duel={"x": 1})


def test_all_problems_are_reported_together() -> None:
    """RulesetError lists every problem at once."""
    with pytest.raises(RulesetError) as info:
        make_engine(["base"], 4, base={"harmony": "yes", "dynasty_games": "3"})
    assert len(info.value.problems) == 2


@pytest.mark.parametrize("bad", ["place", None, 3, {"kind": "place"}])
def test_an_object_that_is_not_an_action_is_refused(engine, bad) -> None:
    """Bad input never crashes: not an action -> IllegalActionError, state unchanged."""
    for game in (engine.new_game(seed=1), place_step_game(engine, 1)):
        before = digest(game)
        with pytest.raises(IllegalActionError) as info:
            game.apply(bad)
        assert info.value.rule == "core.action" and repr(bad) in info.value.message
        assert game.explain(bad) == info.value.message
        assert digest(game) == before


@pytest.mark.parametrize(
    ("field", "value"), [("x", "1"), ("x", 1.0), ("y", None), ("direction", "E"), ("x", True)]
)
def test_a_placement_with_badly_typed_fields_is_refused(engine, field, value) -> None:
    """A Place whose coordinates or direction have the wrong type names the field."""
    game = place_step_game(engine, 1)
    fields = {"x": 1, "y": 0, "direction": Direction.E, field: value}
    action = Place(seat=0, domino=game.step.domino, **fields)
    before = digest(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.rule == "core.action" and f"{field} {value!r}" in info.value.message
    assert digest(game) == before


@pytest.mark.parametrize("players", [2.0, "4", None, True])
def test_a_player_count_that_is_not_an_integer(players) -> None:
    """A player count of the wrong type is a PlayerCountError, not a TypeError later."""
    with pytest.raises(PlayerCountError, match="allowed: 2, 3, 4"):
        Engine(Ruleset(name="b", plugins=["base"]), players=players)


@pytest.mark.parametrize("seed", ["abc", 1.5, "12", False])
def test_a_seed_that_is_not_an_integer(engine, seed) -> None:
    """new_game(seed=...) takes an integer; anything else names the bad value."""
    with pytest.raises(ConfigError, match="seed must be an integer"):
        engine.new_game(seed=seed)


def test_a_single_plugin_name_is_one_plugin() -> None:
    """Ruleset(plugins="base") means the base plugin, not plugins 'b', 'a', 's', 'e'."""
    assert Ruleset(name="b", plugins="base").plugins == ("base",)
