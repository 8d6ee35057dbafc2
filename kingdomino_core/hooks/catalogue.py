"""The plugin catalogue: finding installed plugins and loading them.

Installed is not active: entry points (group ``kingdomino.plugins``) and local
``.py`` files fill a :class:`Catalogue`; a ruleset activates plugins from it by name.
The built-in plugins come through the same entry-point group as third-party ones.
Loading checks what a plugin declares (``HOOK_API``, ``@hookimpl`` on every
``kd_*`` function) before any of its hooks can run.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import sys
from functools import cache
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any

from attrs import frozen

from ..errors import PluginError, UnknownPluginError
from .markers import HOOK_API, PROJECT
from .specs import hook_names

ENTRY_POINT_GROUP = "kingdomino.plugins"
_OWN_DISTRIBUTION = "kingdomino"

#: What a plugin's code may raise that is the plugin's fault: any error, and
#: ``SystemExit`` (a ``sys.exit()`` in a hook must not end the program silently).
#: ``KeyboardInterrupt`` is the user's, and passes through.
PLUGIN_FAULTS: tuple[type[BaseException], ...] = (Exception, SystemExit)

#: ``PluginInfo.source`` of the plugins shipped with kingdomino itself.
BUILT_IN = "built in"


@frozen(kw_only=True)
class PluginInfo:
    """A plugin found in the catalogue."""

    #: The name rulesets activate it by.
    name: str
    #: The module (or object) holding the hook implementations.
    obj: Any
    #: ``"built in"``, ``"entry point"`` or ``"local file"``.
    source: str
    #: Distribution name, or the file path for a local plugin.
    origin: str
    #: Its version (the distribution's, or the module's ``VERSION``).
    version: str = ""

    @property
    def options_class(self) -> type | None:
        """The plugin's ``Options`` class (its ``[options.NAME]`` table), if any."""
        return getattr(self.obj, "Options", None)

    @property
    def requires(self) -> tuple[str, ...]:
        """Plugins that must be active with it (its ``REQUIRES``)."""
        return tuple(getattr(self.obj, "REQUIRES", ()))

    @property
    def conflicts(self) -> tuple[str, ...]:
        """Plugins that may not be active with it (its ``CONFLICTS``)."""
        return tuple(getattr(self.obj, "CONFLICTS", ()))

    def hooks(self) -> list[str]:
        """Names of the hooks this plugin implements (marked ``@hookimpl``)."""
        return sorted(n for n in dir(self.obj) if n.startswith("kd_") and _marked(self.obj, n))


class Catalogue:
    """Every plugin that can be activated: entry points plus local files."""

    def __init__(self, *, entry_points: bool = True) -> None:
        self._eps: dict[str, metadata.EntryPoint] = {}
        self._loaded: dict[str, PluginInfo] = {}
        if entry_points:
            for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
                self._eps.setdefault(ep.name, ep)

    def copy(self) -> Catalogue:
        """A catalogue with the same plugins, to which local files can be added."""
        other = Catalogue(entry_points=False)
        other._eps = dict(self._eps)
        other._loaded = dict(self._loaded)
        return other

    def names(self) -> list[str]:
        """Every plugin name, sorted (entry points are not loaded for this)."""
        return sorted(set(self._eps) | set(self._loaded))

    def add(self, info: PluginInfo) -> None:
        """Add a plugin object directly (tests, embedding programs)."""
        self._loaded[info.name] = info

    def add_module(self, module: Any, name: str | None = None, *, source: str = "module") -> str:
        """Add an already imported module or object as a plugin; returns its name."""
        pname = str(name or getattr(module, "NAME", None) or getattr(module, "__name__", "plugin"))
        _check_api(pname, module, source)
        self._loaded[pname] = PluginInfo(
            name=pname,
            obj=module,
            source=source,
            origin=getattr(module, "__file__", "") or source,
            version=str(getattr(module, "VERSION", "")),
        )
        return pname

    def add_file(self, path: Path) -> str:
        """Load a house-rule plugin from a ``.py`` file (this runs its code)."""
        module = load_file(path)
        name = getattr(module, "NAME", None) or path.stem
        if not isinstance(name, str) or not name.strip():
            raise PluginError(f"{path}: NAME must be a string (the plugin's name), not {name!r}")
        if name in self._loaded and self._loaded[name].origin != str(path):
            raise PluginError(
                f"{path}: plugin name {name!r} is already used by {self._loaded[name].origin}"
            )
        _check_api(name, module, str(path))
        self._loaded[name] = PluginInfo(
            name=name,
            obj=module,
            source="local file",
            origin=str(path),
            version=str(getattr(module, "VERSION", "")),
        )
        return name

    def get(self, name: str) -> PluginInfo:
        """The plugin ``name``, loading its entry point on first use (``PluginError``
        if it cannot be loaded, ``UnknownPluginError`` if there is none)."""
        found = self._loaded.get(name)
        if found is not None:
            return found
        ep = self._eps.get(name)
        if ep is None:
            raise UnknownPluginError(name, self.names())
        try:
            obj = ep.load()
        except PLUGIN_FAULTS as exc:  # a broken third-party package must not crash us
            raise PluginError(
                f"plugin {name!r}: cannot load entry point {ep.value!r}: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        if isinstance(obj, type):
            obj = obj()
        dist = ep.dist.name if ep.dist else ""
        _check_api(name, obj, ep.value)
        info = PluginInfo(
            name=name,
            obj=obj,
            source=BUILT_IN if dist == _OWN_DISTRIBUTION else "entry point",
            origin=dist or ep.value,
            version=(ep.dist.version if ep.dist else "") or str(getattr(obj, "VERSION", "")),
        )
        self._loaded[name] = info
        return info

    def all(self) -> list[PluginInfo]:
        """Every plugin, loaded, in name order."""
        return [self.get(n) for n in self.names()]


@cache
def default_catalogue() -> Catalogue:
    """The installed plugins (entry points are read once per process)."""
    return Catalogue()


def load_file(path: Path) -> ModuleType:
    """Import a local plugin file under a unique module name."""
    path = Path(path).resolve()
    if not path.is_file():
        raise PluginError(f"{path}: plugin file not found")
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
    modname = f"kd_local_{path.stem}_{digest}"
    if modname in sys.modules:
        return sys.modules[modname]
    spec = importlib.util.spec_from_file_location(modname, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"{path}: cannot be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        del sys.modules[modname]
        raise PluginError(f"{path}:{exc.lineno}: syntax error: {exc.msg}") from exc
    except PLUGIN_FAULTS as exc:
        del sys.modules[modname]
        raise PluginError(f"{path}: error while loading: {type(exc).__name__}: {exc}") from exc
    return module


_IMPL_MARK = f"{PROJECT}_impl"


def _marked(obj: Any, attr: str) -> bool:
    """Whether ``obj.attr`` carries the ``@hookimpl`` marker."""
    return hasattr(getattr(obj, attr, None), _IMPL_MARK)


def unmarked_hooks(obj: Any) -> list[str]:
    """Functions of a plugin named ``kd_*`` without ``@hookimpl``: pluggy would never
    call them (a forgotten decorator), so loading the plugin reports them."""
    found = []
    for attr in sorted(dir(obj)):
        if not attr.startswith("kd_") or _marked(obj, attr):
            continue
        value = getattr(obj, attr, None)
        if inspect.isfunction(value) or inspect.ismethod(value):
            found.append(attr)
    return found


def _check_marks(name: str, obj: Any, where: str) -> None:
    unmarked = unmarked_hooks(obj)
    if unmarked:
        known = set(hook_names())
        what = ", ".join(
            f"{n}" + ("" if n in known else " (not a hook name either)") for n in unmarked
        )
        raise PluginError(
            f"plugin {name!r} ({where}): {what} not marked @hookimpl, so never called: put "
            "`@hookimpl` (from kingdomino_core) on the line above each, or rename a helper "
            "so it does not start with kd_"
        )


def _check_api(name: str, obj: Any, where: str) -> None:
    _check_marks(name, obj, where)
    wanted: Any = getattr(obj, "HOOK_API", HOOK_API)
    pair: Any = wanted if isinstance(wanted, tuple) and len(wanted) == 2 else (wanted, wanted)
    lo, hi = pair
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (lo, hi)):
        raise PluginError(
            f"plugin {name!r} ({where}): HOOK_API must be an integer or a (lowest, highest) "
            f"pair of integers, not {wanted!r}"
        )
    if not lo <= HOOK_API <= hi:
        raise PluginError(
            f"plugin {name!r} ({where}) is written for hook API {wanted}, "
            f"but this kingdomino provides hook API {HOOK_API}"
        )
