"""Match totals (Dynasty, I-B1) are computed in one place (``kingdomino_core.match``) and
every reader gives the same figures: the ranking plugin's values, ``kd play --json``'s
``match``, the terminal titles, ``kd simulate``'s results, the web table, the bots'
reward and the RL environment's rewards (issue 11, item 6).

``ranked_places`` (the fast ranking of ``kd simulate`` and the bots: score sheets only
to break ties on a total) must give exactly the places of ``game.ranking()``: checked
over many seeded games of every shipped ruleset, in Dynasty matches, with Age of
Giants' covered crowns in the tie-break (I-G8), and for a house-rule ranking that
did not declare itself total-first.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kd_bots.mcts import reward

from kingdomino_cli.grid import kingdom_title
from kingdomino_cli.runner import result_of
from kingdomino_core import (
    Catalogue,
    Engine,
    Game,
    Ranking,
    Ruleset,
    ScoreSheet,
    default_catalogue,
    hookimpl,
    match_games,
    match_total,
    match_totals,
    rank_by,
    ranked_places,
)
from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_core.saves.savegame import PlayerEntry
from kingdomino_core.testing import make_engine, play_random_game
from kingdomino_play import game_json
from kingdomino_web.views import end_view, public_view

SHIPPED = sorted(e.name for e in list_rulesets() if e.where == "shipped")
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dynasty(players: int, games: int = 3) -> Engine:
    """I-B1: the base game's Dynasty option, ``games`` games in a row."""
    return make_engine(["base"], players, base={"dynasty": True, "dynasty_games": games})


def finished(engine: Engine, seed: int) -> Game:
    return play_random_game(engine, seed=seed)


def by_hand(game: Game) -> list[int]:
    """Each kingdom's match total from its definition: every game's sheet totals summed."""
    games = [*game.match_sheets, tuple(game.scores())]
    return [sum(g[k].total for g in games) for k in range(len(game.kingdoms))]


@SETTINGS
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32))
def test_ib1_match_totals_are_the_same_everywhere(players: int, seed: int) -> None:
    """I-B1: the sum of the games' totals, the same for every part that shows or uses it."""
    game = finished(dynasty(players), seed)
    assert len(game.match_sheets) == 2
    totals = by_hand(game)
    assert match_totals(game) == totals
    assert [sum(col) for col in zip(*match_games(game), strict=True)] == totals
    assert [match_total(game, k, game.score_total(k)) for k in range(players)] == totals
    # The ranking plugin (kd_base's rank) ranks on them: the first value of each key.
    assert [values[0] for _k, values in game.ranking().keys] == totals
    # kd play --json / kd replay --json.
    entries = [PlayerEntry(name=f"P{i + 1}", agent="random") for i in range(players)]
    data = game_json(game, entries)
    assert data["match"]["totals"] == totals
    assert data["match"]["games"] == match_games(game)
    # kd simulate and kd tournament (one seat per kingdom here).
    assert list(result_of(0, game).scores) == totals
    # The terminal's kingdom titles.
    names = [e.name for e in entries]
    for k in range(players):
        assert f"(match {totals[k]})" in kingdom_title(game, k, names, None).plain
    # The web table.
    view = public_view(game, entries)
    assert [k["match_score"] for k in view["kingdoms"]] == totals
    assert end_view(game, game.scores())["match"]["totals"] == totals


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_ib1_match_totals_mid_match_count_the_finished_games(seed: int) -> None:
    """I-B1: during game 2 of a match, a kingdom's match total is game 1's total plus
    its points now; ``match_total(game, k)`` alone is the finished games' points."""
    engine = dynasty(2)
    game = engine.new_game(seed=seed)
    rng = random.Random(seed)
    while game.game_number < 2 or len(game.log) % 7:
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.sample_action(rng.random()))
    first = [s.total for s in game.match_sheets[0]]
    now = [game.score_sheet(k).total for k in range(2)]
    assert match_totals(game) == [a + b for a, b in zip(first, now, strict=True)]
    assert [match_total(game, k) for k in range(2)] == first
    assert match_games(game) == [first, now]


@SETTINGS
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 2**32))
def test_ib1_the_bots_reward_a_match_win_by_the_ranking(players: int, seed: int) -> None:
    """I-B1: mcts's reward for a win follows the match ranking, not the last game."""
    game = finished(dynasty(players, games=2), seed)
    winners = game.ranking().winners
    for seat in range(players):
        win = 1.0 / len(winners) if seat in winners else 0.0
        assert win <= reward(game, seat) <= win + 0.1


def test_ib1_the_rl_rewards_use_the_match_totals() -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    from kingdomino_rl.aec import final_rewards

    game = finished(dynasty(3), 5)
    totals = by_hand(game)
    margins = final_rewards(game, "margin")
    for k in range(3):
        assert margins[k] == totals[k] - max(t for i, t in enumerate(totals) if i != k)
    winners = game.ranking().winners
    assert [w > 0 for w in final_rewards(game, "win")] == [k in winners for k in range(3)]


@SETTINGS
@given(ruleset=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32))
def test_ranked_places_are_the_rankings_places_in_every_shipped_ruleset(
    ruleset: str, seed: int
) -> None:
    engine = make_engine(ruleset)
    assert engine.total_first_ranking  # every shipped ranking plugin declared it
    game = finished(engine, seed)
    places = game.ranking().places
    assert ranked_places(game) == places
    assert ranked_places(game, limit=1)[0] == places[0]


@pytest.mark.parametrize("covered", [False, True])
def test_ig8_covered_crowns_in_a_match_rank_the_same_fast_and_full(covered: bool) -> None:
    """I-G8 with I-B1: Age of Giants' ranking (covered crowns as crowns) in a match,
    over games until two had kingdoms tied on their match total."""
    engine = make_engine(
        "age-of-giants",
        4,
        base={"dynasty": True, "dynasty_games": 2},
        age_of_giants={"covered_crowns_in_tiebreak": covered},
    )
    tied = 0
    for seed in range(40):
        game = finished(engine, seed)
        totals = match_totals(game)
        assert totals == by_hand(game)
        assert ranked_places(game) == game.ranking().places
        tied += len(set(totals)) < len(totals)
        if tied == 2:
            break
    assert tied == 2


def test_tied_totals_are_ranked_by_the_tie_breaks() -> None:
    """Section 1 of the base rules: on a tie, the largest property then crowns decide;
    ``ranked_places`` builds sheets for the tied kingdoms only and agrees."""
    engine = make_engine(["base"], 4)
    seen = 0
    for seed in range(60):
        game = finished(engine, seed)
        totals = match_totals(game)
        if len(set(totals)) < len(totals):
            seen += 1
            assert ranked_places(game) == game.ranking().places
    assert seen >= 5


class LowestWins:
    """A house rule: the lowest total wins. It does not declare a total-first ranking."""

    NAME = "lowest_wins"

    @hookimpl(tryfirst=True)
    def kd_rank(self, game: Game, sheets: list[ScoreSheet]) -> Ranking:
        return rank_by(
            {s.kingdom: (-match_total(game, s.kingdom, s.total),) for s in sheets}, ("low",)
        )


def test_an_undeclared_ranking_is_always_asked_with_every_sheet() -> None:
    catalogue: Catalogue = default_catalogue().copy()
    catalogue.add_module(LowestWins(), LowestWins.NAME)
    engine = Engine(Ruleset(name="low", plugins=("base", "lowest_wins")), 3, catalogue=catalogue)
    assert not engine.total_first_ranking
    for seed in range(8):
        game = finished(engine, seed)
        places = ranked_places(game)
        assert places == game.ranking().places
        lowest = min(match_totals(game))
        assert all(match_totals(game)[k] == lowest for k in places[0])


@pytest.mark.parametrize("match", [False, True])
def test_base_breaks_ties_from_its_fast_tie_breaks_without_sheets(match: bool, monkeypatch) -> None:
    """Section 1 (and I-B1 in a match): kd_base declares its tie-breaks (largest
    property, crowns) as a fast function; ``ranked_places`` then builds no sheet at all,
    and still gives the ranking's places."""
    engine = dynasty(4, 2) if match else make_engine(["base"], 4)
    assert engine.rank_tiebreak is not None
    seen = 0
    for seed in range(80):
        game = finished(engine, seed)
        totals = match_totals(game)
        if len(set(totals)) == len(totals):
            continue
        seen += 1
        places = game.ranking().places
        with monkeypatch.context() as m:
            m.setattr(Game, "score_sheet", lambda *a, **k: pytest.fail("a sheet was built"))
            assert ranked_places(game) == places
    assert seen >= 5


def test_a_second_ranking_plugin_turns_the_fast_tie_breaks_off() -> None:
    """Age of Giants ranks too (I-G8): with two plugins implementing kd_rank, neither's
    fast tie-break is used, and ties are broken on sheets by kd_rank."""
    assert make_engine(["base", "quests", "age_of_giants"], 4).rank_tiebreak is None
