"""The hook table: every hook of one engine's plugins as a typed call, through one loop.

A :class:`HookTable` is made from one plugin manager (the plugins registered in the
ruleset's order) and :class:`~kingdomino_core.hooks.specs.HookSpecs`: it has one
attribute per hook, ``table.kd_score_kingdom(game=..., kingdom=...)``, whose
arguments and result type checkers read from the decorated specification. Every
call, build and game hooks alike, goes through pluggy's own call loop
(``pluggy._callers._multicall``, which ``HookCaller.__call__`` runs), with the
implementations in the one order of the contract (:meth:`HookTable.order`).
A hook with a single implementation and no wrapper has no order to settle: its call
is bound once, when the table is built, to that implementation (what the loop would
do, without its per-call machinery), and ``HookTable.implemented`` names the hooks
some plugin implements, so the game loop skips the others without a call.

Checking is the caller's choice, made once per table: with ``check=True`` (the
default) every implementation, whoever ships it, is wrapped so its result is
checked (``hooks.results.CHECKS``), a game hook may not change the core's own state,
and its faults are named after it; wrappers' results are checked too. With
``check=False`` (``kd simulate``, a bot's search: code played many times over) the
implementations are called as they are, and a fault is still named after the
plugin whose code raised it. Build hooks are always checked (they run once).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from operator import itemgetter
from typing import Any

import pluggy
from pluggy._callers import _multicall

from ..errors import KingdominoError, PluginError, PluginHookError
from .catalogue import PLUGIN_FAULTS, PluginInfo
from .plugins import blame
from .results import CHECKS, PluginResultError, check_core_state, check_result, core_state
from .specs import HookSpecs, hook_names, tier

#: What a hook implementation may raise that is its plugin's fault: everything.
#: ``KeyboardInterrupt`` and ``GeneratorExit`` raised in a hook are a plugin's bug, not
#: the user's Ctrl-C (hooks are short and never run in an inner loop), and must not
#: end the program without a word.
HOOK_FAULTS: tuple[type[BaseException], ...] = (*PLUGIN_FAULTS, KeyboardInterrupt, GeneratorExit)


class HookTable(HookSpecs):
    """The hooks of one plugin manager, each a plain call (see the module docstring).

    ``check``: whether the game hooks' results and core-state changes are checked
    (build hooks always are). ``announce``: told the name of each plugin before its
    build hook runs (the engine's builders record who registered what).
    """

    def __init__(
        self,
        pm: pluggy.PluginManager,
        *,
        check: bool = True,
        announce: Callable[[str], None] | None = None,
    ) -> None:
        #: Whether this table checks game hooks (the caller's choice).
        self.check = check
        self._order: dict[str, tuple[str, ...]] = {}
        implemented = []
        for name in hook_names():
            caller = getattr(pm.hook, name)
            impls = self.order(name, caller.get_hookimpls())
            if impls:
                implemented.append(name)
            self._order[name] = tuple(i.plugin_name for i in reversed(impls) if not _wraps(i))
            build = tier(name) == "build"
            setattr(
                self,
                name,
                _compile(
                    name,
                    caller.spec,
                    impls,
                    check=check or build,
                    announce=announce if build else None,
                ),
            )
        #: The hooks some active plugin implements (a wrapper counts), found once
        #: when the table is built: a call site in the game loop reads it to skip a
        #: hook nobody implements without calling anything.
        self.implemented: frozenset[str] = frozenset(implemented)

    @staticmethod
    def order(name: str, impls: Sequence[Any]) -> list[Any]:
        """The implementations of hook ``name`` as pluggy's loop takes them (it calls
        them from the end): the contract's one order, "the plugin listed later has the
        last word" (``hooks.specs``).

        ``impls`` comes from ``get_hookimpls()`` of a plugin manager with the plugins
        registered in ruleset order: pluggy groups them (``trylast``, plain,
        ``tryfirst``, then wrappers), in registration order within a group, and calls
        the list from the end, so game hooks run as pluggy has them. A build hook
        reverses each group, so within it the plugins run in ruleset order.
        """
        found = list(impls)
        if tier(name) != "build":
            return found
        wrappers = [i.plugin_name for i in found if _wraps(i)]
        if wrappers:
            raise PluginError(
                f"plugin {wrappers[0]!r}: build hook {name} cannot be a wrapper "
                "(wrappers are for game hooks)"
            )
        groups: dict[tuple[bool, bool], list[Any]] = {}
        for impl in found:
            groups.setdefault((impl.tryfirst, impl.trylast), []).append(impl)
        return [impl for group in groups.values() for impl in reversed(group)]

    def implementers(self, name: str) -> tuple[str, ...]:
        """The plugins implementing hook ``name`` (wrappers aside), in call order."""
        return self._order[name]

    def implements(self, name: str) -> bool:
        """Whether any active plugin implements hook ``name`` (a wrapper counts)."""
        return name in self.implemented


def _wraps(impl: Any) -> bool:
    return bool(impl.hookwrapper or impl.wrapper)


def _no_result(**kw: Any) -> None:
    """A firstresult hook that no active plugin implements."""
    return None


def _no_results(**kw: Any) -> list[Any]:
    """A collected hook that no active plugin implements."""
    return []


def _compile(
    name: str,
    spec: Any,
    impls: list[Any],
    *,
    check: bool,
    announce: Callable[[str], None] | None,
) -> Callable[..., Any]:
    """One hook's call: pluggy's loop over ``impls`` (checked ones if ``check``)."""
    first = bool(spec.opts.get("firstresult"))
    if not impls:
        return _no_result if first else _no_results
    # An old-style wrapper changes the result through pluggy's outcome object: the
    # outermost one answers for the result of the whole call.
    old_style = [i.plugin_name for i in impls if i.hookwrapper]
    outermost = old_style[-1] if check and old_style else None
    if check:
        guarded = "game" in spec.argnames
        calls: Sequence[Any] = tuple(
            _Checked(impl, name, tuple(spec.argnames), first, guarded, announce) for impl in impls
        )
    else:
        calls = tuple(impls)

    passes = _passing(name)
    if len(impls) == 1 and not _wraps(impls[0]):
        if check:
            return _direct_checked(name, impls[0], spec, first, passes, announce)
        return _direct(name, impls[0], first, passes)

    def call(**kw: Any) -> Any:
        try:
            result = _multicall(name, calls, kw, first)
        except passes:  # named already (or, building, the core's own refusal)
            raise
        except HOOK_FAULTS as exc:
            raise PluginHookError(_owner(exc, impls), name, exc) from exc
        if outermost is not None:
            _check_whole(outermost, name, result, kw, first)
        return result

    call.__name__ = call.__qualname__ = name
    return call


def _direct(name: str, impl: Any, first: bool, passes: type[KingdominoError]) -> Callable[..., Any]:
    """The unchecked call of a hook with one implementation and no wrapper: what
    pluggy's loop does for it (its arguments picked by name, a ``None`` left out of a
    collected hook's list), bound once without the loop's per-call machinery. One
    implementation has no order to settle, so this is the same call, only shorter."""
    fn, plugin = impl.function, impl.plugin_name
    pick, star = _picker(tuple(impl.argnames))

    def call(**kw: Any) -> Any:
        try:
            if pick is None:
                res = fn()
            elif star:
                res = fn(*pick(kw))
            else:
                res = fn(pick(kw))
        except passes:  # named already (or, building, the core's own refusal)
            raise
        except HOOK_FAULTS as exc:
            raise PluginHookError(plugin, name, exc) from exc
        if first:
            return res
        return [] if res is None else [res]

    call.__name__ = call.__qualname__ = name
    return call


def _direct_checked(
    name: str,
    impl: Any,
    spec: Any,
    first: bool,
    passes: type[KingdominoError],
    announce: Callable[[str], None] | None,
) -> Callable[..., Any]:
    """:func:`_direct` with the checks of :class:`_Checked` (its ``run``, reading the
    hook's arguments by name): the core's state compared around the call, the result
    checked, a fault named after the plugin. A checked game pays no loop for a hook
    with one implementation (``kd_after_place`` runs at every placement)."""
    fn, plugin = impl.function, impl.plugin_name
    argnames = tuple(spec.argnames)
    pick, star = _picker(tuple(impl.argnames))
    named = tuple(k for k in impl.kwargnames if k in argnames)
    guarded = "game" in argnames
    check = CHECKS.get(name)

    def call(**kw: Any) -> Any:
        try:
            if guarded:
                game = kw["game"]
                before = (len(game.kingdoms), len(game.pile), len(game.log), len(game.ext))
            if announce is not None:
                announce(plugin)
            try:
                if named:
                    res = fn(*[kw[a] for a in impl.argnames], **{k: kw[k] for k in named})
                elif pick is None:
                    res = fn()
                elif star:
                    res = fn(*pick(kw))
                else:
                    res = fn(pick(kw))
            except passes:
                raise
            except HOOK_FAULTS as exc:
                raise PluginHookError(plugin, name, exc) from exc
            if guarded and before != (
                len(game.kingdoms),
                len(game.pile),
                len(game.log),
                len(game.ext),
            ):
                check_core_state(plugin, name, before, game)
            if res is not None and check is not None:
                problem = check(res, kw)  # (the hook's arguments, by name)
                if problem is not None:
                    raise PluginResultError(plugin, name, problem)
        except passes:  # named already (or, building, the core's own refusal)
            raise
        except HOOK_FAULTS as exc:
            raise PluginHookError(plugin, name, exc) from exc
        if first:
            return res
        return [] if res is None else [res]

    call.__name__ = call.__qualname__ = name
    return call


def _picker(names: tuple[str, ...]) -> tuple[Callable[[Any], Any] | None, bool]:
    """An implementation's arguments picked by name, in C: the getter (None when it
    takes none) and whether it gives a tuple to spread (more than one name)."""
    return (itemgetter(*names) if names else None), len(names) != 1


class _Checked:
    """An implementation wrapped with its checks, in the shape pluggy's loop reads
    (``function``, ``argnames``, ``kwargnames``, ``wrapper``, ``hookwrapper``). It
    takes every argument of the hook (its checks read them) and passes on its own."""

    __slots__ = ("argnames", "function", "hookwrapper", "kwargnames", "plugin_name", "wrapper")

    def __init__(
        self,
        impl: Any,
        hook: str,
        argnames: tuple[str, ...],
        first: bool,
        guarded: bool,
        announce: Callable[[str], None] | None,
    ) -> None:
        self.plugin_name = plugin = impl.plugin_name
        self.argnames = argnames
        self.kwargnames: tuple[str, ...] = ()
        self.wrapper = impl.wrapper
        self.hookwrapper = impl.hookwrapper
        fn, own, own_kw = impl.function, impl.argnames, impl.kwargnames
        passes = _passing(hook)
        check = CHECKS.get(hook)
        picks = tuple(argnames.index(a) for a in own)
        # The implementation's own arguments picked from the hook's, in C where the
        # shape allows it: this runs at every call of a checked game.
        pick = itemgetter(*picks) if picks else None
        star = len(picks) != 1
        named = tuple((k, argnames.index(k)) for k in own_kw if k in argnames)
        at = argnames.index("game") if guarded else -1

        def args(kw: Mapping[str, Any]) -> tuple[list[Any], dict[str, Any]]:
            return [kw[a] for a in own], {k: kw[k] for k in own_kw if k in kw}

        def run(*values: Any) -> Any:
            if at >= 0:
                game = values[at]
                before = (len(game.kingdoms), len(game.pile), len(game.log), len(game.ext))
            if announce is not None:
                announce(plugin)
            try:
                if named:
                    res = fn(*[values[i] for i in picks], **{k: values[i] for k, i in named})
                elif pick is None:
                    res = fn()
                elif star:
                    res = fn(*pick(values))
                else:
                    res = fn(pick(values))
            except passes:
                raise
            except HOOK_FAULTS as exc:
                raise PluginHookError(plugin, hook, exc) from exc
            if at >= 0 and before != (
                len(game.kingdoms),
                len(game.pile),
                len(game.log),
                len(game.ext),
            ):
                check_core_state(plugin, hook, before, game)
            if res is not None and check is not None:
                problem = check(res, dict(zip(argnames, values, strict=True)))
                if problem is not None:
                    raise PluginResultError(plugin, hook, problem)
            return res

        def wrap(*values: Any) -> Generator[None, Any, Any]:
            kw = dict(zip(argnames, values, strict=True))
            game = kw.get("game") if guarded else None
            positional, named = args(kw)
            gen = _named(plugin, hook, passes, fn, positional, named)
            before = core_state(game) if game is not None else None
            _step(plugin, hook, passes, gen)  # up to its yield
            if before is not None:
                check_core_state(plugin, hook, before, game)
            try:
                sent = yield
            except BaseException as thrown:  # another plugin's fault, passed in
                before = core_state(game) if game is not None else None
                result = _finish(plugin, hook, passes, gen, thrown=thrown)
            else:
                before = core_state(game) if game is not None else None
                result = _finish(plugin, hook, passes, gen, sent=sent)
            if before is not None:
                check_core_state(plugin, hook, before, game)
            if not impl.hookwrapper:  # an old-style one's outcome is checked by the call
                _check_whole(plugin, hook, result, kw, first)
            return result

        self.function = wrap if (impl.wrapper or impl.hookwrapper) else run


def _passing(hook: str) -> type[KingdominoError]:
    """The errors a hook's implementation raises that stay as they are: in a build
    hook every error of the core (a conflict names both plugins itself), in a game
    hook only a fault already named (any other is the plugin's, an
    ``IllegalActionError`` included: it is not a player's illegal move)."""
    return KingdominoError if tier(hook) == "build" else PluginHookError


def _named(
    plugin: str,
    hook: str,
    passes: type[KingdominoError],
    fn: Callable[..., Any],
    args: list[Any],
    kw: dict[str, Any],
) -> Any:
    """``fn(*args, **kw)``, any fault but ``passes`` named after ``plugin``."""
    try:
        return fn(*args, **kw)
    except passes:
        raise
    except HOOK_FAULTS as exc:
        raise PluginHookError(plugin, hook, exc) from exc


def _step(plugin: str, hook: str, passes: type[KingdominoError], gen: Any) -> None:
    """Run a wrapper up to its (first) yield."""
    try:
        gen.send(None)
    except StopIteration:
        raise PluginHookError(plugin, hook, RuntimeError("the wrapper did not yield")) from None
    except passes:
        raise
    except HOOK_FAULTS as exc:
        raise PluginHookError(plugin, hook, exc) from exc


def _finish(
    plugin: str,
    hook: str,
    passes: type[KingdominoError],
    gen: Any,
    *,
    sent: Any = None,
    thrown: BaseException | None = None,
) -> Any:
    """Run a wrapper after its yield; its return value. An exception thrown in that it
    lets through stays the other plugin's; one of its own is named after it."""
    try:
        if thrown is not None:
            gen.throw(thrown)
        else:
            gen.send(sent)
    except StopIteration as stop:
        return stop.value
    except BaseException as exc:
        if exc is thrown or isinstance(exc, passes):
            raise
        if isinstance(exc, HOOK_FAULTS):
            raise PluginHookError(plugin, hook, exc) from exc
        raise
    gen.close()
    raise PluginHookError(plugin, hook, RuntimeError("the wrapper yielded twice"))


def _check_whole(plugin: str, hook: str, result: Any, kw: Mapping[str, Any], first: bool) -> None:
    """Check what a wrapper made of the hook's result: the value of a firstresult
    hook, each plugin's result in the list of a collected one."""
    if first:
        if result is not None:
            check_result(plugin, hook, result, kw)
        return
    if not isinstance(result, list):
        raise PluginHookError(
            plugin, hook, TypeError(f"a wrapper must return the list of results, not {result!r}")
        )
    for item in result:
        if item is not None:
            check_result(plugin, hook, item, kw)


def _owner(exc: BaseException, impls: Sequence[Any]) -> str:
    """The plugin whose code raised ``exc`` in an unchecked call (never "?"): the
    innermost implementation on the traceback, else the plugin whose module it was."""
    codes = {getattr(i.function, "__code__", None): i.plugin_name for i in impls}
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame.f_code)
        tb = tb.tb_next
    for code in reversed(frames):
        if code in codes:
            return codes[code]
    found = blame(
        exc, [PluginInfo(name=i.plugin_name, obj=i.plugin, source="", origin="") for i in impls]
    )
    if found is not None:
        return found
    names = list(dict.fromkeys(i.plugin_name for i in impls))
    return "one of " + ", ".join(repr(n) for n in names) if len(names) > 1 else names[0]
