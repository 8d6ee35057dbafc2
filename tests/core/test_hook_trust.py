"""Trusted and checked hook calls (the engine's hot path, issues 11 and 16).

The built-in plugins' game hook calls skip the per-call result and core-state checks
of ``kingdomino_core.hooks.results``; every other plugin keeps them. The skip is only sound because
the suite holds the built-in plugins to the same rules: ``conformance`` and the
games below play with ``Engine.untrusted()``, where every call is checked.
"""

from __future__ import annotations

import random

import pytest
import round_rules
from hypothesis import given
from hypothesis import strategies as st

from kingdomino_core import DominoId, Engine, Game, PluginHookError, Ruleset, hookimpl
from kingdomino_core.hooks.plugins import BUILT_IN, PluginInfo, compile_hook, make_plugin_manager
from kingdomino_core.hooks.results import PluginResultError
from kingdomino_core.rulesets.files import allowed_players, load_ruleset
from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_core.testing import conformance, play_random_game
from kingdomino_core.testing.build import make_engine

SHIPPED = sorted(e.name for e in list_rulesets() if e.where == "shipped")


class ClearsTheLog:
    """Breaks a core rule: a game hook may not touch the action log."""

    NAME = "clears_log"

    @hookimpl
    def kd_line_laid_out(self, game: Game) -> None:
        game.log.clear()


class BadScore:
    """Breaks a result rule: kd_score_kingdom returns a list of ScoreLine."""

    NAME = "bad_score"

    @hookimpl
    def kd_score_kingdom(self, kingdom: int) -> list[str]:
        return [f"kingdom {kingdom}"]


def _engine(plugin: object, *, source: str) -> Engine:
    """The base game plus ``plugin``, catalogued with ``source`` ("built in" or not)."""
    cat = round_rules.catalogue()
    name = plugin.NAME  # type: ignore[attr-defined]
    cat.add(PluginInfo(name=name, obj=plugin, source=source, origin="tests"))
    return Engine(Ruleset(name="t", plugins=("base", name)), 2, catalogue=cat)


def test_the_built_in_plugins_are_trusted_and_no_other() -> None:
    engine = round_rules.engine("reverse_score", players=2)
    assert engine.plugin("base").source == BUILT_IN  # type: ignore[union-attr]
    assert engine.trusted == frozenset({"base"})
    assert make_engine("court", 2).trusted == frozenset({"base", "court"})
    assert engine.untrusted().trusted == frozenset()


@pytest.mark.parametrize("plugin", [ClearsTheLog(), BadScore()], ids=lambda p: p.NAME)
def test_a_third_party_plugin_is_checked_at_every_call(plugin: object) -> None:
    engine = _engine(plugin, source="module")
    assert engine.trusted == frozenset({"base"})
    with pytest.raises(PluginResultError, match=f"plugin '{plugin.NAME}'"):  # type: ignore[attr-defined]
        play_random_game(engine, seed=1).scores()


@pytest.mark.parametrize("plugin", [ClearsTheLog(), BadScore()], ids=lambda p: p.NAME)
def test_a_trusted_plugin_is_checked_by_conformance(plugin: object) -> None:
    """What a trusted plugin skips in play, the testing kit still finds."""
    engine = _engine(plugin, source=BUILT_IN)
    name = plugin.NAME  # type: ignore[attr-defined]
    assert name in engine.trusted
    report = conformance(engine, seeds=range(1))
    assert not report.ok
    assert any(f"plugin '{name}'" in p for p in report.problems), report.problems
    with pytest.raises(PluginResultError, match=f"plugin '{name}'"):
        play_random_game(engine.untrusted(), seed=1).scores()


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_shipped_ruleset_plays_with_every_hook_call_checked(ruleset: str) -> None:
    """The built-in plugins keep the hook rules they are trusted with, in every
    shipped ruleset and player count, Dynasty matches included."""
    loaded = load_ruleset(ruleset)
    for players in allowed_players(loaded):
        engine = make_engine(ruleset, players).untrusted()
        for seed in range(2):
            game = play_random_game(engine, seed=seed)
            game.winners()  # kd_rank and kd_score_kingdom, checked


class Arguments:
    """Implementations taking no, one and all of a hook's arguments."""

    NAME = "arguments"

    def __init__(self) -> None:
        self.seen: list[tuple[object, ...]] = []

    @hookimpl
    def kd_line_laid_out(self) -> None:
        self.seen.append(())

    @hookimpl
    def kd_after_place(self, seat: int) -> None:
        self.seen.append((seat,))

    @hookimpl
    def kd_end_of_turn(self, game: Game, seat: int, king: int, final: bool) -> None:
        self.seen.append((game, seat, king, final))


@pytest.mark.parametrize("trusted", [(), ("arguments",)])
def test_each_implementation_gets_the_arguments_it_names(trusted: tuple[str, ...]) -> None:
    plugin = Arguments()
    info = PluginInfo(name="arguments", obj=plugin, source="module", origin="tests")
    pm = make_plugin_manager([info])
    game = make_engine(["base"], 2).new_game(seed=1)
    compile_hook(pm, "kd_line_laid_out", trusted)(game=game, line_number=1, dominoes=[])
    compile_hook(pm, "kd_after_place", trusted)(game=game, seat=1, action=None)
    found = compile_hook(pm, "kd_end_of_turn", trusted)(game=game, seat=0, king=1, final=False)
    assert found == []
    assert plugin.seen == [(), (1,), (game, 0, 1, False)]


def test_an_exception_in_a_trusted_plugin_still_names_it() -> None:
    class Raises:
        @hookimpl
        def kd_after_place(self) -> None:
            raise ValueError("boom")

    pm = make_plugin_manager([PluginInfo(name="r", obj=Raises(), source=BUILT_IN, origin="")])
    game = make_engine(["base"], 2).new_game(seed=1)
    with pytest.raises(PluginHookError, match=r"plugin 'r'.*kd_after_place.*boom"):
        compile_hook(pm, "kd_after_place", ("r",))(game=game, seat=0, action=None)


@given(st.lists(st.tuples(st.integers(1, 3), st.integers(0, 200)), max_size=30))
def test_domino_order_sorts_exactly_as_domino_ids_compare(pairs: list[tuple[int, int]]) -> None:
    from kingdomino_core.model.components import domino_order

    ids = [DominoId(box=b, number=n) for b, n in pairs]
    random.Random(len(ids)).shuffle(ids)
    assert sorted(ids, key=domino_order) == sorted(ids)
