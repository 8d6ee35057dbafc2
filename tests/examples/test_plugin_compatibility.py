"""Compatibility (issue 8): hook API versions, and conflicts named at load time.

A plugin written for another hook API is refused when it is loaded, from a local
file or an entry point. Two plugins that claim the same decision (a step handler
kind, a rule id, a component id) or set the same game parameter differently are
reported with both names while the engine is built, before any game starts.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from kingdomino_core import (
    ConfigConflictError,
    ConfigError,
    Engine,
    PluginError,
    Ruleset,
    RulesetError,
)
from kingdomino_core.hooks.markers import HOOK_API
from kingdomino_core.hooks.plugins import ENTRY_POINT_GROUP, Catalogue, default_catalogue
from kingdomino_core.rulesets.files import load_ruleset


def write(folder: Path, name: str, source: str) -> Path:
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    return path


def engine(folder: Path, plugins: dict[str, str], players: int = 2) -> Engine:
    """The base game with local plugin files, activated in the given order."""
    paths = [write(folder, name, src) for name, src in plugins.items()]
    ruleset = Ruleset(name="t", plugins=("base", *plugins), plugin_files=paths)
    return Engine(ruleset, players, catalogue=default_catalogue().copy())


# -- hook API versions ------------------------------------------------------------------


@pytest.mark.parametrize("declared", ["1", "(1, 2)", "(0, 1)"])
def test_a_plugin_for_this_hook_api_loads(tmp_path: Path, declared: str) -> None:
    assert HOOK_API == 1
    found = engine(tmp_path, {"fits": f"HOOK_API = {declared}\n"})
    assert found.plugin("fits") is not None


@pytest.mark.parametrize("declared", ["2", "(2, 3)", "0"])
def test_a_local_file_for_another_hook_api_is_refused_naming_the_file(
    tmp_path: Path, declared: str
) -> None:
    path = write(tmp_path, "old", f"HOOK_API = {declared}\n")
    with pytest.raises(PluginError) as info:
        Catalogue(entry_points=False).add_file(path)
    message = str(info.value)
    assert "plugin 'old'" in message and str(path) in message
    assert f"hook API {declared}" in message and f"provides hook API {HOOK_API}" in message


def test_the_ruleset_loader_reports_it_at_the_file_line(tmp_path: Path) -> None:
    write(tmp_path, "old", "HOOK_API = 2\n")
    toml = tmp_path / "old.toml"
    toml.write_text('[ruleset]\nextends = "base"\nplugin_files = ["old.py"]\nplugins = ["old"]\n')
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(toml))
    assert any(f"{toml}:3" in p and "written for hook API 2" in p for p in info.value.problems), (
        info.value.problems
    )


@pytest.fixture
def entry_point_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An "installed" package ``kd_future`` (entry point ``future``) for this test only."""
    (tmp_path / "kd_future.py").write_text("HOOK_API = (2, 3)\n")
    info = tmp_path / "kingdomino_future-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: kingdomino-future\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nfuture = kd_future\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    monkeypatch.delitem(sys.modules, "kd_future", raising=False)


def test_an_entry_point_for_another_hook_api_is_refused_at_load(entry_point_package: Path) -> None:
    catalogue = Catalogue()
    assert "future" in catalogue.names()  # installed, found...
    with pytest.raises(PluginError) as info:
        catalogue.get("future")  # ...but refused when loaded, before any game
    message = str(info.value)
    assert "plugin 'future' (kd_future)" in message
    assert "written for hook API (2, 3)" in message
    with pytest.raises(PluginError, match="hook API"):
        Engine(Ruleset(name="t", plugins=("base", "future")), 2, catalogue=catalogue)


# -- conflicts: both names, at load time --------------------------------------------------

HANDLER = """
from kingdomino_core import StepHandler, hookimpl

class Bid(StepHandler):
    kind = "bid"

@hookimpl
def kd_register_rules(rules):
    rules.add_step_handler(Bid())
"""

RULE = """
from kingdomino_core import PlacementRule, hookimpl

class NoMines(PlacementRule):
    id = "house.no_mines"
    def check(self, game, kingdom, domino, first, second):
        return None

@hookimpl
def kd_register_rules(rules):
    rules.add_placement_rule(NoMines())
"""


def test_a_step_kind_handled_by_two_plugins(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"step 'bid' handled twice: by 'auction' and 'market'"):
        engine(tmp_path, {"auction": HANDLER, "market": HANDLER})


def test_a_core_step_taken_over_without_replace(tmp_path: Path) -> None:
    source = HANDLER.replace('kind = "bid"', 'kind = "claim"')
    with pytest.raises(ConfigError, match=r"step 'claim' handled twice: by 'core' and 'draft'"):
        engine(tmp_path, {"draft": source})


def test_a_rule_id_registered_by_two_plugins(tmp_path: Path) -> None:
    with pytest.raises(
        ConfigError, match=r"rule 'house.no_mines' registered twice \(by 'one' and 'two'\)"
    ):
        engine(tmp_path, {"one": RULE, "two": RULE})


def test_a_base_rule_replaced_without_saying_so(tmp_path: Path) -> None:
    source = RULE.replace('"house.no_mines"', '"base.connects"')
    with pytest.raises(ConfigError, match=r"'base.connects' registered twice \(by 'base' and"):
        engine(tmp_path, {"sloppy": source})
    # With replace=True the house rule deliberately takes the decision over.
    fixed = source.replace("NoMines())", "NoMines(), replace=True)")
    (tmp_path / "ok").mkdir()
    built = engine(tmp_path / "ok", {"tidy": fixed})
    assert built.rules.provenance["base.connects"] == "tidy"


def test_two_plugins_setting_an_option_differently(tmp_path: Path) -> None:
    six = "from kingdomino_core import hookimpl\n@hookimpl\ndef kd_configure(config):\n"
    with pytest.raises(
        ConfigConflictError, match=r"plugins 'wide' and 'narrow' both set lines_total: 8 vs 10"
    ):
        engine(
            tmp_path,
            {
                "wide": six + "    config.set('lines_total', 8, override=True)\n",
                "narrow": six + "    config.set('lines_total', 10)\n",
            },
        )


def test_the_same_value_set_twice_is_no_conflict(tmp_path: Path) -> None:
    same = "from kingdomino_core import hookimpl\n@hookimpl\ndef kd_configure(config):\n"
    built = engine(tmp_path, {"again": same + "    config.set('kingdom_size', 5)\n"})
    assert built.config.kingdom_size == 5


@pytest.mark.parametrize(
    ("what", "hook", "call", "message"),
    [
        (
            "terrain",
            "kd_register_components(registry)",
            "registry.add_terrain(Terrain(name='ice', letter='I'))",
            r"terrain 'ice' registered twice \(by 'first' and 'second'\)",
        ),
        (
            "domino set",
            "kd_register_components(registry)",
            "registry.add_domino_set(DominoSet(name='extra', dominoes=()))",
            r"domino set 'extra' registered twice \(by 'first' and 'second'\)",
        ),
        (
            "action",
            "kd_register_components(registry)",
            "registry.add_action(type('Bid', (Action,), {'kind': 'bid'}))",
            r"action kind 'bid' registered twice \(by 'first' and 'second'\)",
        ),
        (
            "state slice",
            "kd_register_rules(rules)",
            "rules.add_state('shared', dict, copy=dict.copy)",
            r"state slice 'shared' declared twice \(by 'first' and 'second'\)",
        ),
    ],
)
def test_a_component_registered_by_two_plugins(
    tmp_path: Path, what: str, hook: str, call: str, message: str
) -> None:
    source = (
        "from kingdomino_core import Action, DominoSet, Terrain, hookimpl\n"
        f"@hookimpl\ndef {hook}:\n    {call}\n"
    )
    with pytest.raises(ConfigError, match=message):
        engine(tmp_path, {"first": source, "second": source})


def test_plugins_declaring_a_conflict_are_named(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"plugins 'loner' and 'base' cannot be active together"):
        engine(tmp_path, {"loner": "CONFLICTS = ('base',)\n"})
