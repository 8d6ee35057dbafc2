"""Issue 22, item 4: an optional fast path is checked against the plain one by the
conformance kit, in the middle of games too (where bots use it), not only on the
final scores."""

from __future__ import annotations

from typing import Any

import kd_base
import pytest
from kd_base import scoring as kd_scoring

from kingdomino_core import (
    ConfigError,
    Engine,
    FastScoring,
    Game,
    GameConfig,
    Ranking,
    RuleBook,
    Ruleset,
    ScoreLine,
    ScoreSheet,
    default_catalogue,
    hookimpl,
    rank_by,
)
from kingdomino_core.testing import conformance


class EarlyBird:
    """A point per domino placed while a kingdom has fewer than 4; its fast total
    forgets the rule, so it agrees with the lines only once every kingdom has 4."""

    @hookimpl
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine]:
        placed = len(game.kingdoms[kingdom].placements)
        points = placed if placed < 4 else 0
        return [ScoreLine(kind="bonus", name="early bird", points=points, source="early")]

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_score_total(lambda game, kingdom: 0)  # wrong before 4 placements


class Honest(EarlyBird):
    """The same rule with a fast total that agrees."""

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        def total(game: Game, kingdom: int) -> int:
            placed = len(game.kingdoms[kingdom].placements)
            return placed if placed < 4 else 0

        rules.add_score_total(total)


def engine_with(plugin: object) -> Engine:
    catalogue = default_catalogue().copy()
    catalogue.add_module(plugin, "early")
    return Engine(Ruleset(name="t", plugins=("base", "early")), 2, catalogue=catalogue)


def test_a_fast_total_wrong_only_mid_game_is_reported() -> None:
    report = conformance(engine_with(EarlyBird()), seeds=range(1))
    assert not report.ok
    assert any(
        ", move " in p and "add_score_total disagrees with its lines" in p for p in report.problems
    ), report.problems


def test_a_fast_total_that_agrees_passes() -> None:
    conformance(engine_with(Honest()), seeds=range(1)).raise_for_problems()


# -- the one declaration: RuleBook.add_fast_scoring -------------------------------------


class EarlyBirdDeclared(EarlyBird):
    """EarlyBird's wrong fast total, declared the new way."""

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_fast_scoring(total=lambda game, kingdom: 0)


class Unhurried:
    """A bonus line with no fast total: the game then sums the sheets, never using
    another plugin's fast total, which conformance checks all the same."""

    @hookimpl
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine]:
        return [ScoreLine(kind="bonus", name="unhurried", points=1, source="unhurried")]


def engine_of(*plugins: tuple[str, object], base: str = "base", players: int = 2) -> Engine:
    catalogue = default_catalogue().copy()
    for name, plugin in plugins:
        catalogue.add_module(plugin, name)
    names = (base, *(name for name, _ in plugins)) if base else tuple(n for n, _ in plugins)
    return Engine(Ruleset(name="t", plugins=names), players, catalogue=catalogue)


def test_a_wrong_fast_total_declared_with_add_fast_scoring_is_reported() -> None:
    report = conformance(engine_with(EarlyBirdDeclared()), seeds=range(1))
    assert any(", move " in p and "disagrees with its lines" in p for p in report.problems), (
        report.problems
    )
    assert any(
        "plugin 'early': fast total 0 but its own lines add up to" in p for p in report.problems
    )


def test_a_wrong_fast_total_the_game_never_uses_is_reported_too() -> None:
    """With a scoring plugin that has no fast total, ``Game.score_total`` sums the
    sheets and no total of the game disagrees: the plugin's own total is compared
    with its own lines."""
    engine = engine_of(("early", EarlyBirdDeclared()), ("unhurried", Unhurried()))
    assert engine.score_totals is None
    report = conformance(engine, seeds=range(1))
    assert not report.ok
    assert all("its kd_score_kingdom" in p for p in report.problems), report.problems


class LowestFirst:
    """Ranks the lowest total first, yet claims a total-first ranking."""

    @hookimpl(tryfirst=True)
    def kd_rank(self, game: Game, sheets: list[ScoreSheet]) -> Ranking:
        return rank_by({s.kingdom: (-s.total,) for s in sheets}, ("total",))

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_fast_scoring(total_first=True)


def test_a_false_total_first_claim_is_reported() -> None:
    report = conformance(engine_of(("lowest", LowestFirst())), seeds=range(2))
    assert any("ranked_places gave" in p for p in report.problems), report.problems


class BaseWithTiebreak:
    """The base game with its tie-break values declared as ``tiebreak``: the only
    ranking plugin, so the fast ranking breaks ties with them and builds no sheet."""

    def __init__(self, tiebreak: object = None) -> None:
        self.tiebreak = tiebreak

    @hookimpl
    def kd_configure(self, config: Any) -> None:
        kd_base.kd_configure(config)

    @hookimpl
    def kd_register_components(self, registry: Any) -> None:
        kd_base.kd_register_components(registry)

    @hookimpl
    def kd_register_rules(self, rules: RuleBook, config: GameConfig, registry: Any) -> None:
        kd_base.kd_register_rules(rules, config, registry)  # declares base's own
        if self.tiebreak is not None:
            rules.add_fast_scoring(tiebreak=self.tiebreak)

    @hookimpl(trylast=True)
    def kd_order_line(self, dominoes: list[Any]) -> list[Any]:
        return kd_base.kd_order_line(dominoes)

    @hookimpl
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine]:
        return kd_base.kd_score_kingdom(game, kingdom)

    @hookimpl
    def kd_rank(self, game: Game, sheets: list[ScoreSheet]) -> Ranking:
        return kd_base.kd_rank(game, sheets)


def crowns_first(game: Game, kingdom: int) -> tuple[int, ...]:
    """Base's tie-breaks in the wrong order: crowns, then the largest property."""
    largest, crowns = kd_scoring.fast_tiebreak(game.config, game.engine.registry)(game, kingdom)
    return (crowns, largest)


def test_base_s_own_tiebreak_declared_by_one_ranking_plugin_passes() -> None:
    engine = engine_of(("mybase", BaseWithTiebreak()), base="", players=4)
    assert engine.rank_tiebreak is not None
    conformance(engine, seeds=range(2), placements=False).raise_for_problems()


def test_a_wrong_tiebreak_declared_with_add_fast_scoring_is_reported() -> None:
    """Checked against the values the ranking reports at every round, tied or not."""
    engine = engine_of(("mybase", BaseWithTiebreak(crowns_first)), base="", players=4)
    assert engine.rank_tiebreak is crowns_first
    report = conformance(engine, seeds=range(1), placements=False)
    assert any("fast tie-break values" in p for p in report.problems), report.problems


def test_the_older_spellings_are_the_same_declaration() -> None:
    rules = RuleBook()
    rules._plugin = "old"
    total, tiebreak = (lambda g, k: 0), (lambda g, k: (1,))
    rules.add_score_total(total)
    rules.rank_by_total_first(tiebreak=tiebreak)
    assert rules.fast_scoring == {
        "old": FastScoring(total=total, total_first=True, tiebreak=tiebreak)
    }
    assert rules.score_totals == {"old": total}
    assert rules.total_first_rankers == ["old"]
    assert rules.tiebreaks == {"old": tiebreak}
    with pytest.raises(ConfigError, match="declares nothing"):
        rules.add_fast_scoring()
