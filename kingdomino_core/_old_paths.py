"""The module paths of kingdomino 0.1, before the core was laid out in sub-packages.

Until then the core was 27 flat modules (``kingdomino_core.savegame``,
``kingdomino_core.plugins``, ``kingdomino_core.core_steps``...). Plugins and programs
written against those paths keep working: importing an old path gives the module at
its new path, the very same module object (so ``isinstance`` checks, pluggy markers
and module-level state are shared), and warns once with a ``DeprecationWarning``
naming the new path. ``OLD_PATHS`` is the whole table; docs/architecture.md shows
it too. Names exported by ``kingdomino_core`` itself never moved.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType

#: Old module (under ``kingdomino_core.``) -> its new home (under ``kingdomino_core.``).
OLD_PATHS: dict[str, str] = {
    "actions": "model.actions",
    "components": "model.components",
    "geometry": "model.geometry",
    "kingdom": "model.kingdom",
    "scoring": "model.scoring",
    "markers": "hooks.markers",
    "hookspecs": "hooks.specs",
    "plugins": "hooks.plugins",
    "hook_results": "hooks.results",
    "game": "engine.game",
    "config": "engine.config",
    "registry": "engine.registry",
    "rules": "engine.rules",
    "core_steps": "engine.steps",
    "agents": "engine.agents",
    "encoding": "engine.encoding",
    "words": "engine.words",
    "limits": "inputs.limits",
    "strict": "inputs.strict",
    "trust": "inputs.trust",
    "ruleset": "model.ruleset",
    "ruleset_chain": "rulesets.chain",
    "ruleset_files": "rulesets.files",
    "ruleset_lookup": "rulesets.lookup",
    "toml_lines": "rulesets.toml_lines",
    "savegame": "saves.savegame",
    "serialize": "saves.serialize",
    "kingdom_text": "saves.kingdom_text",
}
# Two old modules kept their path: ``kingdomino_core.errors`` (still a module) and
# ``kingdomino_core.engine`` (now the engine package, which re-exports what the
# module defined).

_PACKAGE = __name__.rpartition(".")[0]


def _moved(old: str, stacklevel: int) -> ModuleType:
    """The module at old path ``kingdomino_core.<old>``'s new home; warns the code
    that asked (``stacklevel`` frames up, import machinery skipped)."""
    new = f"{_PACKAGE}.{OLD_PATHS[old]}"
    module = importlib.import_module(new)
    warnings.warn(
        f"{_PACKAGE}.{old} moved to {new}: import it from there "
        "(the old path keeps working, as the same module)",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )
    return module


class _Alias(importlib.abc.Loader):
    """Loads an old path as the module at its new path (the same object)."""

    def __init__(self, old: str) -> None:
        self.old = old

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = _moved(self.old, 2)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module at the new path is loaded already. The import
        system has just set its ``__spec__`` to the old path's: put its own back."""
        module.__spec__ = self.spec


class _OldPathFinder(importlib.abc.MetaPathFinder):
    """Finds ``kingdomino_core.<old>`` for every old path of ``OLD_PATHS``."""

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, old = fullname.rpartition(".")
        if package != _PACKAGE or old not in OLD_PATHS:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(old))


def install() -> None:
    """Make the old paths importable (``kingdomino_core`` calls this once)."""
    # Last: asked only when no other finder knows a name (an old path has no file).
    if not any(isinstance(f, _OldPathFinder) for f in sys.meta_path):
        sys.meta_path.append(_OldPathFinder())


def old_module(name: str) -> ModuleType:
    """``kingdomino_core.<name>`` read as an attribute (``kingdomino_core.savegame``,
    ``from kingdomino_core import hookspecs``) for an old path ``name``."""
    if name not in OLD_PATHS:
        raise AttributeError(f"module {_PACKAGE!r} has no attribute {name!r}")
    full = f"{_PACKAGE}.{name}"
    module = sys.modules.get(full)
    if module is None:
        # the package's __getattr__ called us: warn its caller
        module = sys.modules[full] = _moved(name, 3)
    return module
