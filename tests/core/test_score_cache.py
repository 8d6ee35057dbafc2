"""Issue 22 item 4: the core caches score sheets, totals and rankings per state of a
game (engine/scores.py), and a cached score is never stale.

A property test plays seeded games of every shipped ruleset and, at every decision,
compares what the game gives (asked twice: the second time from its cache) with a
fresh computation on a copy; then each way a state changes (an action, a hook in
the middle of a move, a kingdom replaced or edited, plugin state replaced, an edit
announced with ``changed()``, a clone) is shown to give the new scores.
``KD_CACHE_GAMES`` raises the number of games per ruleset (default 1).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_core import (
    Engine,
    Game,
    RuleBook,
    Ruleset,
    ScoreLine,
    default_catalogue,
    hookimpl,
)
from kingdomino_core.testing import kingdom_from_text, make_engine, random_choice, set_kingdom
from kingdomino_core.testing.conformance import fast_path_problems

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(p.stem for p in (ROOT / "rulesets").glob("*.toml"))
GAMES = int(os.environ.get("KD_CACHE_GAMES", "1"))
_ENGINES: dict[str, Engine] = {}


def engine_of(name: str) -> Engine:
    if name not in _ENGINES:
        _ENGINES[name] = make_engine(name)
    return _ENGINES[name]


def fresh(game: Game) -> tuple[list[object], list[int], object]:
    """Sheets, totals and ranking computed now, on a copy (a copy caches nothing)."""
    copy = game.clone(log=False)
    sheets = copy.scores()
    return sheets, [s.total for s in sheets], copy.ranking(sheets)


def given_now(game: Game) -> tuple[list[object], list[int], object]:
    return game.scores(), [game.score_total(k) for k in range(len(game.kingdoms))], game.ranking()


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_cached_scores_equal_fresh_ones_at_every_decision(name: str, seed: int) -> None:
    game = engine_of(name).new_game(seed=seed)
    choose = random_choice(random.Random(seed))
    rng = random.Random(seed + 1)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        expected = fresh(game)
        assert given_now(game) == expected  # made and cached
        assert given_now(game) == expected  # from the cache
        k = rng.randrange(len(game.kingdoms))
        kept = game.kingdoms[k]
        trial = kept.clone()  # a bot's trial kingdom in place of the real one
        game.kingdoms[k] = trial
        try:
            assert game.score_sheet(k) == fresh(game)[0][k]
        finally:
            game.kingdoms[k] = kept
        assert given_now(game) == expected
        game.apply(choose(game))
    assert given_now(game) == fresh(game)


def test_an_action_gives_the_new_scores() -> None:
    game = make_engine(["base"], 2).new_game(seed=3)
    game.play_chance()
    revision = game.revision
    while game.step is not None and game.step.kind != "place":
        game.apply(game.legal_actions()[0])
        game.play_chance()
        game.scores()
    placing = game.config.kingdom_of(game.step.seat)
    stale = game.score_sheet(placing)
    game.apply(next(a for a in game.legal_actions() if getattr(a, "x", None) is not None))
    assert game.revision > revision
    assert game.score_sheet(placing) == fresh(game)[0][placing]
    assert game.score_sheet(placing) != stale  # its property lines count the new squares


class Watcher:
    """Asks for the placing kingdom's score in the middle of the move (after the
    placement, before the turn ends): it must see the domino just placed."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, int, int]] = []

    @hookimpl
    def kd_after_place(self, game: Game, seat: int) -> None:
        k = game.config.kingdom_of(seat)
        copy = game.clone(log=False)
        self.seen.append((game.score_total(k), game.score_sheet(k).total, copy.score_total(k)))


def test_a_hook_in_the_middle_of_a_move_gets_fresh_scores() -> None:
    watcher = Watcher()
    catalogue = default_catalogue().copy()
    catalogue.add_module(watcher, "watcher")
    engine = Engine(Ruleset(name="t", plugins=("base", "watcher")), 2, catalogue=catalogue)
    game = engine.new_game(seed=5)
    choose = random_choice(random.Random(5))
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        game.scores()  # cached before the move
        game.ranking()
        game.apply(choose(game))
    assert len(watcher.seen) >= 20
    assert all(a == b == c for a, b, c in watcher.seen), watcher.seen
    assert len({a for a, _, _ in watcher.seen}) > 1


def test_a_kingdom_replaced_or_edited_outside_actions_is_scored_anew() -> None:
    game = make_engine(["base"], 2).new_game(seed=1)
    assert game.score_total(0) == 0 and game.score_sheet(0).total == 0
    set_kingdom(game, 0, ". C W2 W0")  # the testing kit's builder: 2 squares x 2 crowns
    assert game.score_sheet(0).total == game.score_total(0) == 4
    assert game.ranking().places[0] == (0,)
    game.kingdoms[0] = kingdom_from_text(game.engine, ". C F2 F0")  # the same squares
    assert game.score_sheet(0).properties[0].terrain == "forest"
    kingdom = game.kingdoms[0]
    kingdom.put(kingdom.board.cell(3, 0), kingdom.terrain_at[kingdom.board.cell(1, 0)], 0)
    assert game.score_sheet(0).total == 6  # a forest square more, edited in place
    assert game.score_total(0) == 6
    kingdom.set_crowns(kingdom.board.cell(2, 0), 1)  # a crown more, in place
    assert game.score_sheet(0).total == game.score_total(0) == 9


class Tally:
    """A point per claim, counted in a dict changed in place in the middle of the
    move (the core cannot see it), and the score asked for right after."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, int]] = []

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_state("tally", dict, dict.copy)

    @hookimpl
    def kd_after_claim(self, game: Game, seat: int) -> None:
        counts = game.ext["tally"]
        k = game.config.kingdom_of(seat)
        counts[k] = counts.get(k, 0) + 1
        self.seen.append((game.score_sheet(k).total, game.clone(log=False).score_sheet(k).total))

    @hookimpl
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine]:
        points = game.ext["tally"].get(kingdom, 0)
        return [ScoreLine(kind="bonus", name="tally", points=points, source="tally")]


def test_a_hook_changing_state_in_place_mid_move_gets_fresh_scores() -> None:
    tally = Tally()
    catalogue = default_catalogue().copy()
    catalogue.add_module(tally, "tally")
    engine = Engine(Ruleset(name="t", plugins=("base", "tally")), 2, catalogue=catalogue)
    game = engine.new_game(seed=6)
    choose = random_choice(random.Random(6))
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        game.scores()  # cached before the move
        game.apply(choose(game))
    assert len(tally.seen) >= 20
    assert all(a == b for a, b in tally.seen), tally.seen


def test_plugin_state_replaced_or_announced_is_scored_anew() -> None:
    """Quests score from ``game.ext``: a value replaced is seen; an edit the core
    cannot see is announced with ``changed()``."""
    engine = make_engine(["base", "quests"], 2, quests={"fixed": ["local_business_wheat"]})
    game = engine.new_game(seed=2)
    set_kingdom(game, 0, "C W2 W0")
    first = game.score_sheet(0)
    game.ext["quests"] = ()  # no quest in play any more
    assert game.score_sheet(0) == fresh(game)[0][0] != first
    revision = game.revision
    game.kingdoms[0].layers["note"] = {0: 1}  # nothing the core compares
    game.ext["quests"] = ("local_business_wheat",)  # back, as another tuple object
    assert game.score_sheet(0) == first
    kept = game.score_sheet(0)
    game.changed()
    assert game.revision == revision + 1
    assert game.score_sheet(0) == kept and game.score_sheet(0) is not kept  # made anew


def test_a_clone_does_not_share_the_cache() -> None:
    game = make_engine(["base"], 3).new_game(seed=9)
    choose = random_choice(random.Random(9))
    for _ in range(30):
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(choose(game))
    mine = given_now(game)
    twin = game.clone()
    assert given_now(twin) == mine
    twin.play(random_choice(random.Random(10)))
    assert given_now(twin) == fresh(twin) != mine
    assert given_now(game) == mine == fresh(game)


def test_cached_values_cannot_be_changed_by_a_caller() -> None:
    game = make_engine(["base"], 2).new_game(seed=4)
    set_kingdom(game, 0, ". C W2 W0")
    sheets = game.scores()
    sheets.append(sheets[0])  # the list is the caller's own
    assert len(game.scores()) == 2
    with pytest.raises(AttributeError):
        game.score_sheet(0).lines = ()  # type: ignore[misc]
    assert isinstance(game.score_sheet(0).lines, tuple)
    assert all(isinstance(line, ScoreLine) for line in game.score_sheet(0).lines)


def test_an_unchecked_game_keeps_no_score() -> None:
    """A bot's search and ``kd simulate`` play unchecked: states seldom scored twice."""
    engine = make_engine(["base"], 2)
    checked, unchecked = engine.new_game(seed=8), engine.new_game(seed=8, check_hooks=False)
    assert checked.score_sheet(0) is checked.score_sheet(0)
    assert unchecked.score_sheet(0) is not unchecked.score_sheet(0)
    assert unchecked.score_sheet(0) == checked.score_sheet(0)
    assert checked.clone(check_hooks=False).ranking() is not checked.ranking()


class Gems:
    """A point per gem in a kingdom layer: layers are edited in place (by plugins,
    mid-move), which only ``changed()`` announces when done outside actions."""

    @hookimpl
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine]:
        points = len(game.kingdoms[kingdom].layers.get("gems", {}))
        return [ScoreLine(kind="bonus", name="gems", points=points, source="gems")]


def test_conformance_reports_cached_scores_that_differ_from_fresh_ones() -> None:
    """The one edit the cache cannot see (a layer changed in place outside actions,
    unannounced: docs/api.md asks for ``changed()``) is what conformance's comparison
    of cached and fresh scores would report."""
    catalogue = default_catalogue().copy()
    catalogue.add_module(Gems(), "gems")
    engine = Engine(Ruleset(name="t", plugins=("base", "gems")), 2, catalogue=catalogue)
    game = engine.new_game(seed=1)
    assert fast_path_problems(game, "here") == []  # (and the sheets are now cached)
    game.kingdoms[0].layers["gems"] = {0: 1, 1: 1}  # in place, not announced
    found = fast_path_problems(game, "here")
    assert "here: the score sheets asked first differ from fresh ones" in found
    game.changed()
    assert fast_path_problems(game, "here") == []
