"""Issue 22, item 4: an optional fast path is checked against the plain one by the
conformance kit, in the middle of games too (where bots use it), not only on the
final scores."""

from __future__ import annotations

from kingdomino_core import (
    Engine,
    Game,
    RuleBook,
    Ruleset,
    ScoreLine,
    default_catalogue,
    hookimpl,
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
