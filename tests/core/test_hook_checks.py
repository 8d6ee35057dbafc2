"""Checked and unchecked hook calls (issues 11, 16, 21 and 22 item 2).

Every plugin's hook results and core-state changes are checked by default, the
built-in plugins' included: checking is the caller's choice (``new_game(check_hooks=
False)``, ``clone(check_hooks=False)``), never decided by where a plugin was
installed from. Wrappers are checked like the rest; a plugin raising
``GeneratorExit`` or ``KeyboardInterrupt`` in a hook is named, as any other fault.
"""

from __future__ import annotations

import random
from collections.abc import Generator

import pytest
import round_rules
from hypothesis import given
from hypothesis import strategies as st

from kingdomino_core import DominoId, Engine, Game, PluginHookError, Ruleset, hookimpl
from kingdomino_core.hooks.plugins import BUILT_IN, PluginInfo, make_plugin_manager
from kingdomino_core.hooks.results import PluginResultError
from kingdomino_core.hooks.table import HookTable
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


def play_unchecked(engine: Engine, seed: int) -> Game:
    """A random game to the end with its game hooks unchecked (as ``kd simulate``)."""
    rng = random.Random(seed)
    game = engine.new_game(seed=seed, check_hooks=False)
    while game.pending:
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.sample_action(rng.random()), check=False)
    return game


@pytest.mark.parametrize("source", ["module", BUILT_IN])
@pytest.mark.parametrize("plugin", [ClearsTheLog(), BadScore()], ids=lambda p: p.NAME)
def test_every_plugin_is_checked_at_every_call_wherever_it_comes_from(
    plugin: object, source: str
) -> None:
    """Failed before issue 22: a plugin catalogued as built in was not checked."""
    engine = _engine(plugin, source=source)
    with pytest.raises(PluginResultError, match=f"plugin '{plugin.NAME}'"):  # type: ignore[attr-defined]
        play_random_game(engine, seed=1).scores()


@pytest.mark.parametrize("plugin", [ClearsTheLog(), BadScore()], ids=lambda p: p.NAME)
def test_conformance_finds_what_an_unchecked_game_lets_through(plugin: object) -> None:
    """The caller's choice: unchecked games skip the checks; the testing kit does not."""
    engine = _engine(plugin, source=BUILT_IN)
    name = plugin.NAME  # type: ignore[attr-defined]
    game = play_unchecked(engine, seed=1)
    assert game.is_terminal()
    report = conformance(engine, seeds=range(1))
    assert not report.ok
    assert any(f"plugin '{name}'" in p for p in report.problems), report.problems


def test_a_clone_keeps_or_changes_the_checking_of_its_game() -> None:
    engine = make_engine(["base"], 2)
    game = engine.new_game(seed=1)
    assert game.hooks is engine.hooks and engine.hooks.check
    assert game.clone().hooks is engine.hooks
    quick = game.clone(check_hooks=False)
    assert quick.hooks is engine.unchecked_hooks and not quick.hooks.check
    assert quick.clone().hooks is engine.unchecked_hooks
    assert quick.clone(check_hooks=True).hooks is engine.hooks


def test_the_table_types_and_orders_hooks_from_the_specs_alone() -> None:
    engine = round_rules.engine("reverse_score", players=2)
    assert engine.hooks.implementers("kd_score_kingdom") == ("base",)
    assert engine.hooks.implements("kd_turn_order")
    assert not engine.hooks.implements("kd_end_of_turn")
    assert engine.hooks.kd_end_of_turn.__name__ == "_no_results"


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_shipped_ruleset_plays_with_every_hook_call_checked(ruleset: str) -> None:
    """The built-in plugins keep the hook rules, in every shipped ruleset and player
    count, Dynasty matches included (every game checks them by default)."""
    loaded = load_ruleset(ruleset)
    for players in allowed_players(loaded):
        engine = make_engine(ruleset, players)
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


@pytest.mark.parametrize("check", [True, False])
def test_each_implementation_gets_the_arguments_it_names(check: bool) -> None:
    plugin = Arguments()
    info = PluginInfo(name="arguments", obj=plugin, source="module", origin="tests")
    table = HookTable(make_plugin_manager([info]), check=check)
    game = make_engine(["base"], 2).new_game(seed=1)
    table.kd_line_laid_out(game=game, line_number=1, dominoes=[])
    table.kd_after_place(game=game, seat=1, action=None)  # type: ignore[arg-type]
    found = table.kd_end_of_turn(game=game, seat=0, king=1, final=False)
    assert found == []
    assert plugin.seen == [(), (1,), (game, 0, 1, False)]


@pytest.mark.parametrize("check", [True, False])
@pytest.mark.parametrize("fault", [ValueError("boom"), GeneratorExit(), KeyboardInterrupt()])
def test_any_exception_in_a_hook_names_its_plugin(check: bool, fault: BaseException) -> None:
    """Failed before (issue 21): GeneratorExit and KeyboardInterrupt raised by a plugin
    went past the engine: a traceback, or exit 130 without a word."""

    class Raises:
        @hookimpl
        def kd_after_place(self) -> None:
            raise fault

    info = PluginInfo(name="r", obj=Raises(), source=BUILT_IN, origin="")
    table = HookTable(make_plugin_manager([info]), check=check)
    game = make_engine(["base"], 2).new_game(seed=1)
    with pytest.raises(
        PluginHookError, match=rf"plugin 'r'.*kd_after_place.*{type(fault).__name__}"
    ):
        table.kd_after_place(game=game, seat=0, action=None)  # type: ignore[arg-type]


def test_a_plugin_raising_generator_exit_in_a_game_is_a_plugin_error() -> None:
    class Quits:
        NAME = "quits"

        @hookimpl
        def kd_line_laid_out(self) -> None:
            raise GeneratorExit

    with pytest.raises(PluginHookError, match="plugin 'quits'"):
        play_random_game(_engine(Quits(), source="module"), seed=1)


# -- wrappers are checked like every other implementation (issue 21) --------------------


class WrapsAndClearsTheLog:
    NAME = "wrap_log"

    @hookimpl(wrapper=True)
    def kd_line_laid_out(self, game: Game) -> Generator[None, object, object]:
        result = yield
        game.log.clear()
        return result


class WrapsAndRanksBadly:
    NAME = "wrap_rank"

    @hookimpl(wrapper=True)
    def kd_rank(self) -> Generator[None, object, object]:
        yield
        return "first place for everyone"


class WrapsAndScoresBadly:
    NAME = "wrap_score"

    @hookimpl(wrapper=True)
    def kd_score_kingdom(self) -> Generator[None, object, object]:
        found = yield
        return [*found, ["not a score line"]]  # type: ignore[misc]


class OldStyleWrapsAndScoresBadly:
    NAME = "old_wrap"

    @hookimpl(hookwrapper=True)
    def kd_score_kingdom(self) -> Generator[None, object, None]:
        outcome = yield
        outcome.force_result([[42]])  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "plugin",
    [
        WrapsAndClearsTheLog(),
        WrapsAndRanksBadly(),
        WrapsAndScoresBadly(),
        OldStyleWrapsAndScoresBadly(),
    ],
    ids=lambda p: p.NAME,
)
def test_a_wrapper_is_held_to_the_result_checks_and_state_guards(plugin: object) -> None:
    """Failed before (issue 21): a hook with a wrapper ran through pluggy unchecked, so
    a wrapper could clear the log or return any result."""
    engine = _engine(plugin, source="module")
    with pytest.raises(PluginResultError, match=f"plugin '{plugin.NAME}'"):  # type: ignore[attr-defined]
        play_random_game(engine, seed=1).winners()


def test_a_wrapper_that_passes_results_through_changes_nothing() -> None:
    class Passes:
        NAME = "passes"

        @hookimpl(wrapper=True)
        def kd_score_kingdom(self) -> Generator[None, object, object]:
            return (yield)

    plain = play_random_game(make_engine(["base"], 2), seed=3)
    wrapped = play_random_game(_engine(Passes(), source="module"), seed=3)
    assert wrapped.scores() == plain.scores() and wrapped.log == plain.log


def test_an_exception_thrown_through_a_wrapper_stays_the_raising_plugins() -> None:
    class Wraps:
        NAME = "wraps"

        @hookimpl(wrapper=True)
        def kd_line_laid_out(self) -> Generator[None, object, object]:
            return (yield)

    class Breaks:
        @hookimpl
        def kd_line_laid_out(self) -> None:
            raise RuntimeError("boom")

    cat = round_rules.catalogue()
    cat.add(PluginInfo(name="wraps", obj=Wraps(), source="module", origin="tests"))
    cat.add(PluginInfo(name="breaks", obj=Breaks(), source="module", origin="tests"))
    engine = Engine(Ruleset(name="t", plugins=("base", "wraps", "breaks")), 2, catalogue=cat)
    with pytest.raises(PluginHookError) as info:
        play_random_game(engine, seed=1)
    assert info.value.plugin == "breaks"


@given(st.lists(st.tuples(st.integers(1, 3), st.integers(0, 200)), max_size=30))
def test_domino_order_sorts_exactly_as_domino_ids_compare(pairs: list[tuple[int, int]]) -> None:
    from kingdomino_core.model.components import domino_order

    ids = [DominoId(box=b, number=n) for b, n in pairs]
    random.Random(len(ids)).shuffle(ids)
    assert sorted(ids, key=domino_order) == sorted(ids)


# -- adding a hook: its specification and its call site, nothing else (issue 22) ----------


def test_adding_a_hook_touches_only_its_spec_and_its_call_site(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new hook is one method on ``HookSpecs`` and one call: the plugin manager,
    the hook table, its order and its checks come from the specification."""
    from kingdomino_core.hooks import specs

    class Spec:  # the specification, as it would be written in HookSpecs
        @specs.collected
        def kd_count_crowns(self, game: Game, kingdom: int) -> int | None:
            """A test hook: a plugin's count of a kingdom's crowns."""

    monkeypatch.setattr(
        specs.HookSpecs, "kd_count_crowns", vars(Spec)["kd_count_crowns"], raising=False
    )

    class Counts:
        NAME = "counts"

        @hookimpl
        def kd_count_crowns(self, game: Game, kingdom: int) -> int:
            return sum(game.kingdoms[kingdom].crowns_at)

    class Breaks:
        NAME = "breaks"

        @hookimpl
        def kd_count_crowns(self, game: Game) -> None:
            game.pile.clear()

    engine = _engine(Counts(), source="module")
    game = play_random_game(engine, seed=2)
    table = game.hooks
    assert table.implementers("kd_count_crowns") == ("counts",)
    found = table.kd_count_crowns(game=game, kingdom=0)  # type: ignore[attr-defined]  # the call site
    assert found == [sum(game.kingdoms[0].crowns_at)] and found[0] > 0
    with pytest.raises(PluginResultError, match=r"plugin 'breaks'.*game\.pile"):
        broken = _engine(Breaks(), source="module").new_game(seed=2)
        broken.hooks.kd_count_crowns(game=broken, kingdom=0)  # type: ignore[attr-defined]
