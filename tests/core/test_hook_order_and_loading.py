"""pluggy's own call order for every hook, failures always named, agents loaded lazily,
and ``kd_*`` functions without ``@hookimpl`` reported at load (issue 11 item 4)."""

from __future__ import annotations

import random
import types

import pytest

from kingdomino_core import (
    Catalogue,
    ConfigBuilder,
    Engine,
    Game,
    PluginError,
    PluginHookError,
    PluginInfo,
    RuleBook,
    Ruleset,
    default_catalogue,
    hookimpl,
)
from kingdomino_core.engine.agents import AgentRegistry

CALLS: list[str] = []


class Recorder:
    """Records its name in every build hook; ``mark`` is "", "tryfirst" or "trylast"."""

    def __init__(self, name: str, mark: str = "") -> None:
        self.name = name
        opts = {mark: True} if mark else {}

        def configure(config: ConfigBuilder) -> None:
            CALLS.append(f"configure:{name}")

        def register(rules: RuleBook) -> None:
            CALLS.append(f"rules:{name}")

        def setup(game: Game) -> None:
            CALLS.append(f"setup:{name}")

        self.kd_configure = hookimpl(**opts)(configure)
        self.kd_register_rules = hookimpl(**opts)(register)
        self.kd_setup_game = hookimpl(**opts)(setup)


def _engine(*plugins: object, names: tuple[str, ...], players: int = 2) -> Engine:
    cat = default_catalogue().copy()
    for plugin, name in zip(plugins, names, strict=True):
        cat.add_module(plugin, name)
    return Engine(Ruleset(name="t", plugins=("base", *names)), players, catalogue=cat)


def test_build_hooks_run_tryfirst_then_ruleset_order_then_trylast() -> None:
    """Today's documented order, computed by pluggy: kd_configure used to run late,
    plain, early (the reverse)."""
    CALLS.clear()
    plugins = (Recorder("late", "trylast"), Recorder("plain1"), Recorder("early", "tryfirst"))
    plugins += (Recorder("plain2"),)
    eng = _engine(*plugins, names=("late", "plain1", "early", "plain2"))
    assert [c for c in CALLS if c.startswith("configure:")] == [
        "configure:early",
        "configure:plain1",
        "configure:plain2",
        "configure:late",
    ]
    assert [c for c in CALLS if c.startswith("rules:")] == [
        "rules:early",
        "rules:plain1",
        "rules:plain2",
        "rules:late",
    ]
    # Game hooks: pluggy's order too (later plugins first within a group).
    CALLS.clear()
    eng.new_game(seed=1)
    assert CALLS == ["setup:early", "setup:plain2", "setup:plain1", "setup:late"]


def test_a_variant_listed_after_base_still_sees_what_base_set() -> None:
    """Within the plain group, the ruleset's order: base configures first."""
    seen: list[object] = []

    class After:
        @hookimpl
        def kd_configure(self, config: ConfigBuilder) -> None:
            seen.append(config.get("kingdom_size"))

    _engine(After(), names=("after",))
    assert seen == [5]


def test_a_failure_under_a_game_hook_wrapper_names_the_plugin() -> None:
    """With a wrapper, pluggy runs the hook; the failing plugin is still named."""

    class Wrapper:
        @hookimpl(wrapper=True)
        def kd_setup_game(self, game: Game):  # type: ignore[no-untyped-def]
            return (yield)

    class Broken:
        @hookimpl
        def kd_setup_game(self, game: Game) -> None:
            raise RuntimeError("boom")

    eng = _engine(Wrapper(), Broken(), names=("wrapper", "broken"))
    with pytest.raises(PluginHookError) as info:
        eng.new_game(seed=1)
    assert "'?'" not in str(info.value)
    assert info.value.plugin == "broken"


def test_a_build_hook_wrapper_is_refused_by_name() -> None:
    class Wrapper:
        @hookimpl(wrapper=True)
        def kd_configure(self, config: ConfigBuilder):  # type: ignore[no-untyped-def]
            return (yield)

    with pytest.raises(PluginError, match="plugin 'wrap': build hook kd_configure cannot be"):
        _engine(Wrapper(), names=("wrap",))


# -- unmarked kd_* functions --------------------------------------------------------------


def _module(name: str, source: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec("from kingdomino_core import hookimpl\n" + source, module.__dict__)
    return module


def test_an_unmarked_hook_function_is_reported_at_load() -> None:
    module = _module("forgot", "def kd_score_kingdom(game, kingdom):\n    return []\n")
    with pytest.raises(PluginError) as info:
        Catalogue(entry_points=False).add_module(module, "forgot")
    message = str(info.value)
    assert "kd_score_kingdom not marked @hookimpl, so never called" in message
    assert "plugin 'forgot'" in message


def test_an_unmarked_misspelled_hook_is_reported_too() -> None:
    module = _module("typo", "def kd_score_kingdoms(game, kingdom):\n    return []\n")
    with pytest.raises(PluginError, match=r"kd_score_kingdoms \(not a hook name either\)"):
        Catalogue(entry_points=False).add_module(module, "typo")


def test_plugins_list_shows_only_marked_hooks() -> None:
    module = _module(
        "mixed",
        "@hookimpl\ndef kd_setup_game(game):\n    pass\n"
        "def kd_score_kingdom(game, kingdom):\n    return []\n",
    )
    info = PluginInfo(name="mixed", obj=module, source="module", origin="test")
    assert info.hooks() == ["kd_setup_game"]


def test_a_marked_misspelled_hook_names_its_plugin() -> None:
    module = _module("typo2", "@hookimpl\ndef kd_score_kingdoms(game, kingdom):\n    return []\n")
    cat = default_catalogue().copy()
    cat.add_module(module, "typo2")
    with pytest.raises(PluginError, match="plugin 'typo2'") as info:
        Engine(Ruleset(name="t", plugins=("base", "typo2")), 2, catalogue=cat)
    assert "'?'" not in str(info.value)


# -- lazy agents --------------------------------------------------------------------------------


class BrokenAgents:
    @hookimpl
    def kd_register_agents(self, agents: AgentRegistry) -> None:
        raise RuntimeError("this bot package is broken")


class OddAgents:
    @hookimpl
    def kd_register_agents(self, agents: AgentRegistry) -> None:
        from kd_bots.random_agent import RandomAgent

        agents.add("odd", lambda options, rng: RandomAgent(rng), "a random player")


def test_a_broken_plugin_never_stops_a_game_with_other_agents() -> None:
    cat = default_catalogue().copy()
    cat.add_module(BrokenAgents(), "aaa_broken")  # sorted before every other plugin
    cat.add_module(OddAgents(), "odd_bots")
    registry = AgentRegistry.from_catalogue(cat)
    greedy = registry.make("greedy", random.Random(0))
    assert registry.broken == {}  # found in the built-in bots: nothing else loaded
    game = Engine(Ruleset(name="base", plugins=("base",)), 2).new_game(seed=1)
    game.play_chance()
    assert greedy.act(game) in game.legal_actions()
    # An agent of another plugin: the broken one is skipped, and remembered.
    registry.make("odd", random.Random(0))
    assert "aaa_broken" in registry.broken and "broken" in registry.broken["aaa_broken"]
    assert {"greedy", "mcts", "odd", "random"} <= set(registry.names())


def test_an_unknown_agent_names_the_plugins_that_failed() -> None:
    cat = default_catalogue().copy()
    cat.add_module(BrokenAgents(), "aaa_broken")
    registry = AgentRegistry.from_catalogue(cat)
    with pytest.raises(Exception, match=r"unknown agent 'nope'.*aaa_broken \(RuntimeError"):
        registry.make("nope", random.Random(0))
