"""Declared sharing between plugins (issue 22 item 5): a plugin uses another only
through that plugin's ``api`` module, and every name there is documented and works
without the plugin being active (Origins conflicts with ``base`` yet places and
scores with its rules)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from kingdomino_core import DiscardRule, PlacementRule, Ruleset
from kingdomino_core.testing import play_random_game
from kingdomino_core.testing.build import make_engine

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "plugins"
PACKAGES = sorted(p.name for p in PLUGINS.iterdir() if (p / "__init__.py").is_file())
#: Each plugin offering names to others, and the page documenting them.
APIS = {"kd_base": "base.md", "kd_xl": "xl.md", "kd_quests": "age-of-giants.md"}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


def test_a_plugin_imports_another_only_through_its_api_module() -> None:
    wrong = []
    for package in PACKAGES:
        for path in sorted((PLUGINS / package).rglob("*.py")):
            for line, module in _imports(path):
                top = module.split(".")[0]
                if top in PACKAGES and top != package and module != f"{top}.api":
                    wrong.append(f"{path.relative_to(ROOT)}:{line}: {module}")
    assert not wrong, "import the other plugin's api module instead:\n" + "\n".join(wrong)


def test_only_the_declared_plugins_offer_an_api() -> None:
    offered = {p for p in PACKAGES if (PLUGINS / p / "api.py").is_file()}
    assert offered == set(APIS)


@pytest.mark.parametrize("package", sorted(APIS))
def test_every_name_of_an_api_is_documented(package: str) -> None:
    module = importlib.import_module(f"{package}.api")
    page = (ROOT / "docs" / "plugins" / APIS[package]).read_text(encoding="utf-8")
    section = page[page.index("## For other plugins") :]
    assert module.__doc__
    for name in module.__all__:
        value = getattr(module, name)
        assert f"`{name}`" in section, (
            f"{package}.api.{name} is not in docs/plugins/{APIS[package]}"
        )
        if callable(value) or isinstance(value, type):
            assert (value.__doc__ or "").strip(), f"{package}.api.{name} has no docstring"


def test_origins_uses_the_base_rules_without_base_being_active() -> None:
    from kd_base.api import Connects, ForcedPlacement, WithinSize

    engine = make_engine(["origins"], 2)
    assert engine.plugin("base") is None
    kinds = {type(r) for r in engine.rules.placement_rules}
    assert {Connects, WithinSize} <= kinds
    assert any(type(r) is ForcedPlacement for r in engine.rules.discard_rules)
    assert all(issubclass(k, PlacementRule) for k in (Connects, WithinSize))
    assert issubclass(ForcedPlacement, DiscardRule)
    assert play_random_game(engine, seed=1).is_terminal()


def test_a_house_rule_scores_with_the_base_api() -> None:
    from kd_base.api import bonus_line, is_harmony, property_lines

    game = play_random_game(make_engine(["base"], 2), seed=4)
    kingdom = game.kingdoms[0]
    lines = property_lines(game, kingdom, source="house")
    assert sum(line.points for line in lines) == game.score_total(0)
    assert {line.source for line in lines} == {"house"}
    earned = is_harmony(kingdom, require_no_discard=False)
    bonus = bonus_line("harmony", earned, 5, source="house")
    assert bonus.points == (5 if earned else 0)
    assert Ruleset(name="base", plugins=["base"]).plugins == ("base",)
