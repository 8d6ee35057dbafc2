"""Age of Giants needed no change in kingdomino_core: its code uses only public names.

Every import from the core is ``from kingdomino_core import NAME`` with ``NAME`` in
``kingdomino_core.__all__`` (the documented API), or a public name of one of the
public modules in ``DOCUMENTED_MODULES``; no attribute starting with ``_`` is read
or written anywhere in the plugins (no ``game._placement_cache``, no
``config._options``), and nothing imports the CLI.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kingdomino_core
import kingdomino_core.mechanics

ROOT = Path(__file__).resolve().parents[3]
PLUGINS = [ROOT / "plugins" / "kd_age_of_giants", ROOT / "plugins" / "kd_quests"]
SOURCES = sorted(p for d in PLUGINS for p in d.rglob("*.py"))


#: Core modules whose public names plugin authors are pointed at by the docs, with the
#: names the plugins take from them (``Piece``, the type of ``Annotation.piece``; the
#: shared mechanics, documented in the API reference).
DOCUMENTED_MODULES = {
    "kingdomino_core.engine.registry": {"Piece"},
    # docs/rl.md: how a plugin adds its state to learning agents' observations.
    "kingdomino_core.engine.encoding": {"StateEncoder", "LayerPlanes", "LineDominoes"},
    "kingdomino_core.mechanics": set(kingdomino_core.mechanics.__all__),
    # docs/translations.md: how a plugin ships and reads its own message catalogs.
    "kingdomino_core.i18n": {"package_translation", "get_translation"},
    # docs/plugin-guide.md: the words helpers, so a plugin names kingdoms as every display.
    "kingdomino_core.engine.words": {"kingdom_name"},
}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_plugin_code_touches_no_private_core_name(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[0] == "kingdomino_cli":
                problems.append(f"line {node.lineno}: imports the CLI ({node.module})")
            if parts[0] == "kingdomino_core" and len(parts) > 1:
                allowed = DOCUMENTED_MODULES.get(node.module, set())
                problems += [
                    f"line {node.lineno}: {a.name} from the core module {node.module}"
                    for a in node.names
                    if a.name not in allowed or _private(a.name)
                ]
            elif parts[0] == "kingdomino_core":
                problems += [
                    f"line {node.lineno}: {a.name} is not in kingdomino_core.__all__"
                    for a in node.names
                    if a.name not in kingdomino_core.__all__
                ]
        elif isinstance(node, ast.Import):
            problems += [
                f"line {node.lineno}: imports {a.name}"
                for a in node.names
                if a.name.split(".")[0] == "kingdomino_cli"
                or any(_private(p) for p in a.name.split("."))
            ]
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            problems.append(f"line {node.lineno}: private attribute .{node.attr}")
    assert not problems, f"{path.name}: " + "; ".join(problems)


def test_the_sources_were_found() -> None:
    assert len(SOURCES) >= 10
