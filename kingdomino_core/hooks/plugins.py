"""Wiring plugins into pluggy: one plugin manager per engine.

The plugin manager holds the active plugins of an engine, registered in the
ruleset's order; the hook table (``hooks.table``) calls their hooks. The catalogue
of installed plugins is ``hooks.catalogue``; its names are exported here too.
"""

from __future__ import annotations

from collections.abc import Iterable

import pluggy

from ..errors import PluginError
from .catalogue import (
    BUILT_IN,
    ENTRY_POINT_GROUP,
    PLUGIN_FAULTS,
    Catalogue,
    PluginInfo,
    default_catalogue,
    load_file,
    unmarked_hooks,
)
from .markers import PROJECT
from .specs import HookSpecs, hook_names

__all__ = [
    "BUILT_IN",
    "ENTRY_POINT_GROUP",
    "PLUGIN_FAULTS",
    "Catalogue",
    "PluginInfo",
    "blame",
    "default_catalogue",
    "load_file",
    "make_plugin_manager",
    "unmarked_hooks",
]


def make_plugin_manager(plugins: Iterable[PluginInfo]) -> pluggy.PluginManager:
    """A fresh plugin manager with the given plugins registered in order (the
    ruleset's: ``HookTable.order`` derives every call order from it)."""
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(HookSpecs)
    for info in plugins:
        try:
            pm.register(info.obj, name=info.name)
        except pluggy.PluginValidationError as exc:
            text = str(exc).replace("\n", "; ")
            raise PluginError(f"plugin {info.name!r} ({info.origin}): {text}") from exc
        except ValueError as exc:
            raise PluginError(f"plugin {info.name!r} ({info.origin}): {exc}") from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        plugin = pm.get_name(exc.plugin) if exc.plugin is not None else _unknown_hook_owner(pm)
        text = str(exc).replace("\n", "; ")
        raise PluginError(
            f"plugin {plugin!r}: {text} (misspelled hook name? known hooks: "
            f"{', '.join(sorted(hook_names()))})"
        ) from exc
    return pm


def _unknown_hook_owner(pm: pluggy.PluginManager) -> str:
    """The plugins implementing a ``kd_*`` name that is not a hook, for messages."""
    known = set(hook_names())
    owners = [
        name
        for name, obj in pm.list_name_plugin()
        if obj is not None
        and any(
            h not in known for h in PluginInfo(name=name, obj=obj, source="", origin="").hooks()
        )
    ]
    return ", ".join(owners) or "(no plugin)"


def blame(exc: BaseException, plugins: Iterable[PluginInfo]) -> str | None:
    """The plugin whose module raised ``exc`` (innermost frame first), if any."""
    modules = [
        (getattr(p.obj, "__name__", None) or type(p.obj).__module__, p.name) for p in plugins
    ]
    tb = exc.__traceback__
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame.f_globals.get("__name__", ""))
        tb = tb.tb_next
    for module in reversed(frames):
        for prefix, name in modules:
            if prefix and (module == prefix or module.startswith(prefix + ".")):
                return name
    return None
