"""Wiring plugins into pluggy and calling their hooks.

A plugin manager holds the active plugins of an engine; the game hooks are then
compiled into plain function calls (:func:`compile_hook`), so games never pay for
pluggy's dispatch, and every fault is named after the plugin that raised it. The
catalogue of installed plugins is ``hooks.catalogue``; its names are exported here
too, as they were before it had a module of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Any

import pluggy

from ..errors import KingdominoError, PluginError, PluginHookError
from . import specs as hookspecs
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
from .results import CHECKS, check_core_state, check_result, core_state

__all__ = [
    "BUILT_IN",
    "ENTRY_POINT_GROUP",
    "PLUGIN_FAULTS",
    "Catalogue",
    "HookCaller",
    "PluginInfo",
    "blame",
    "build_plugin_manager",
    "call_each",
    "compile_hook",
    "default_catalogue",
    "load_file",
    "make_plugin_manager",
    "unmarked_hooks",
]


def make_plugin_manager(plugins: Iterable[PluginInfo]) -> pluggy.PluginManager:
    """A fresh plugin manager with the given plugins registered in order."""
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
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
            f"{', '.join(sorted(n for n in dir(hookspecs) if n.startswith('kd_')))})"
        ) from exc
    return pm


def _unknown_hook_owner(pm: pluggy.PluginManager) -> str:
    """The plugins implementing a ``kd_*`` name that is not a hook, for messages."""
    known = {n for n in dir(hookspecs) if n.startswith("kd_")}
    owners = [
        name
        for name, obj in pm.list_name_plugin()
        if obj is not None
        and any(
            h not in known for h in PluginInfo(name=name, obj=obj, source="", origin="").hooks()
        )
    ]
    return ", ".join(owners) or "(no plugin)"


def build_plugin_manager(plugins: Sequence[PluginInfo]) -> pluggy.PluginManager:
    """The plugin manager the build hooks are called through.

    Build hooks run in pluggy's own order: ``tryfirst`` implementations, then the
    plain ones, then ``trylast``. pluggy calls the last registered plugin first, so
    here the plugins are registered in reverse: within each group they run in the
    ruleset's order, base first, and a variant listed later sees (and may change)
    what the base set.
    """
    return make_plugin_manager(list(reversed(plugins)))


HookCaller = Callable[..., Any]


def _owner_of(exc: BaseException, pm: pluggy.PluginManager, name: str) -> str:
    """The plugin whose code raised ``exc`` inside hook ``name`` (never "?")."""
    impls = getattr(pm.hook, name).get_hookimpls()
    codes = {getattr(i.function, "__code__", None): i.plugin_name for i in impls}
    tb = exc.__traceback__
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame.f_code)
        tb = tb.tb_next
    for code in reversed(frames):  # the innermost implementation on the stack
        if code in codes:
            return codes[code]
    infos = [
        PluginInfo(name=n, obj=o, source="", origin="")
        for n, o in pm.list_name_plugin()
        if o is not None
    ]
    found = blame(exc, infos)
    if found is not None:
        return found
    names = [i.plugin_name for i in impls]
    return "one of " + ", ".join(repr(n) for n in names) if len(names) > 1 else names[0]


def _arguments(argnames: Sequence[str]) -> tuple[Callable[[Mapping[str, Any]], Any], bool]:
    """A C-level picker of an implementation's arguments from the hook's keywords, and
    whether its result is to be star-unpacked (a comprehension would cost a frame)."""
    if not argnames:
        return (lambda kw: ()), True
    if len(argnames) == 1:
        return itemgetter(argnames[0]), False
    return itemgetter(*argnames), True


def compile_hook(pm: pluggy.PluginManager, name: str, trusted: Iterable[str] = ()) -> HookCaller:
    """Resolve hook ``name`` into a plain function calling its implementations.

    Collected hooks return the list of non-None results; firstresult hooks return the
    first non-None result. An exception from a plugin becomes a ``PluginHookError``
    naming the plugin and the hook. Wrappers fall back to pluggy's own call loop.

    The result of every plugin is checked (``hooks.results.CHECKS``) and a game hook
    may not change the core's own state (``hooks.results.core_state``), except for
    the ``trusted`` plugins (the built-in ones, which the test suite holds to the
    same rules): their calls cost no check, so the shipped rules play at full speed.
    """
    caller = getattr(pm.hook, name)
    impls = caller.get_hookimpls()
    spec = caller.spec
    first = bool(spec and spec.opts.get("firstresult"))
    if any(i.hookwrapper or i.wrapper for i in impls):

        def via_pluggy(**kw: Any) -> Any:
            try:
                return caller(**kw)
            except KingdominoError:
                raise
            except PLUGIN_FAULTS as exc:
                raise PluginHookError(_owner_of(exc, pm, name), name, exc) from exc

        return via_pluggy

    if not impls:
        return (lambda **kw: None) if first else (lambda **kw: [])
    trust = frozenset(trusted)
    check = name in CHECKS
    # Game hooks get the game: a plugin must leave its kingdoms, pile and log alone.
    guarded = bool(spec and "game" in spec.argnames)
    calls = tuple(
        (
            i.function,
            *_arguments(i.argnames),
            i.plugin_name,
            guarded and i.plugin_name not in trust,
            check and i.plugin_name not in trust,
        )
        for i in reversed(impls)
    )

    def call(**kw: Any) -> Any:
        out = []
        for fn, args, star, plugin, guard, checked in calls:
            game = kw.get("game") if guard else None
            before = core_state(game) if game is not None else None
            try:
                res = fn(*args(kw)) if star else fn(args(kw))
            except PluginHookError:  # already named; any other error is this plugin's
                raise
            except PLUGIN_FAULTS as exc:
                raise PluginHookError(plugin, name, exc) from exc
            if before is not None:
                check_core_state(plugin, name, before, game)
            if res is not None:
                if checked:
                    check_result(plugin, name, res, kw)
                if first:  # firstresult: the first non-None result wins
                    return res
                out.append(res)
        return None if first else out

    return call


def call_each(
    pm: pluggy.PluginManager, name: str, before: Callable[[str], None], kw: Mapping[str, Any]
) -> list[Any]:
    """Call every implementation of build hook ``name``, telling ``before`` whose turn
    it is (builders record which plugin set what).

    ``pm`` comes from :func:`build_plugin_manager`; the implementations are called in
    pluggy's own order (it calls its list of implementations from the end), which
    there means ``tryfirst``, then ruleset order, then ``trylast``. Build hooks take
    no wrappers.
    """
    caller = getattr(pm.hook, name)
    impls = caller.get_hookimpls()
    wrappers = [i.plugin_name for i in impls if i.hookwrapper or i.wrapper]
    if wrappers:
        raise PluginError(
            f"plugin {wrappers[0]!r}: build hook {name} cannot be a wrapper "
            "(wrappers are for game hooks)"
        )
    out = []
    for impl in reversed(impls):
        before(impl.plugin_name)
        try:
            res = impl.function(*[kw[a] for a in impl.argnames])
        except KingdominoError:
            raise
        except PLUGIN_FAULTS as exc:
            raise PluginHookError(impl.plugin_name, name, exc) from exc
        if res is not None:
            check_result(impl.plugin_name, name, res, kw)
            out.append(res)
    return out


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
