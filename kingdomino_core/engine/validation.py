"""The one check of a ruleset's plugins and options, shared by the loader and the engine.

The ruleset loader (``kingdomino_core.rulesets``) runs these checks on a file's
merged chain, to report every problem at once with its line; the engine runs the
very same ones when it is built from a :class:`~kingdomino_core.model.ruleset.Ruleset`
(one made in code, or a saved game's). Each check returns
:class:`~kingdomino_core.errors.Problem` values keyed by the ruleset key they are
about (``ruleset.plugins[2]``, ``options.base.harmony``), so a caller locates them
in the file by key and words them the same everywhere.

The configuration the plugins built is checked here too (:func:`config_problems`),
after every plugin's ``kd_validate``; a plugin's problems come first, since a
plugin that explains its own option says it better.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..errors import KeyPath, Problem, as_problem
from ..hooks.catalogue import PluginInfo
from ..i18n import get_translation
from ..inputs.limits import MAX_GAMES, MAX_KINGDOM_SIZE
from ..inputs.strict import problems, strict_converter
from .config import GameConfig

#: The same strict converter as ruleset files: no coercion ("no" is not a boolean),
#: no unknown keys, every problem reported with its key path.
_ = get_translation("kingdomino_core")
_options_converter = strict_converter()


def combination_problems(names: Sequence[str], infos: Mapping[str, PluginInfo]) -> list[Problem]:
    """What is wrong with activating ``names`` (the ruleset's plugin list, in order)
    together: a plugin listed twice, one that needs a plugin not listed, two that
    cannot be active together (reported at the one listed later, the plugin that
    declares the conflict named first). ``infos``: the plugins of ``names`` that
    loaded (the others are reported by whoever failed to load them)."""
    found = []
    active = set(names)
    for i, name in enumerate(names):
        key: KeyPath = ("ruleset", "plugins", i)
        if name in names[:i]:
            found.append(
                Problem(
                    key=key,
                    value=name,
                    message=_("plugin {name!r} is listed twice").format(name=name),
                )
            )
            continue
        info = infos.get(name)
        if info is None:
            continue
        for needed in info.requires:
            if needed not in active:
                found.append(
                    Problem(
                        key=key,
                        value=name,
                        message=_(
                            "plugin {name!r} requires plugin {needed!r}; add it before {name!r}"
                        ).format(name=name, needed=needed),
                    )
                )
        for other in names[:i]:
            earlier = infos.get(other)
            if other in info.conflicts:
                first, second = name, other
            elif earlier is not None and name in earlier.conflicts:
                first, second = other, name
            else:
                continue
            found.append(
                Problem(
                    key=key,
                    value=name,
                    message=_("plugins {first!r} and {second!r} cannot be active together").format(
                        first=first, second=second
                    ),
                )
            )
    return found


def option_problems(
    infos: Sequence[PluginInfo],
    options: Mapping[str, Mapping[str, Any]],
    installed: Collection[str],
) -> tuple[dict[str, Any], list[Problem]]:
    """Every active plugin's ``[options.NAME]`` table as its ``Options`` value, and
    what is wrong with them: a table for a plugin that is not active (``installed``:
    the names of the catalogue, to say whether it only needs activating), a plugin
    that takes no options, a value of the wrong type or an unknown key (the strict
    converter's problems, each at its key). A plugin whose table is wrong gets None."""
    values: dict[str, Any] = {}
    found = []
    active = [info.name for info in infos]
    for name in options:
        if name not in active:
            why = (
                _("plugin {name!r} is installed but not active: add it to ruleset.plugins")
                if name in installed
                else _("plugin {name!r} is unknown; available: {names}")
            )
            message = why.format(name=name, names=", ".join(installed))
            found.append(Problem(key=("options", name), message=message))
    for info in infos:
        value, wrong = structure_options(info, dict(options.get(info.name, {})))
        values[info.name] = value
        found.extend(wrong)
    return values, found


def structure_options(info: PluginInfo, raw: dict[str, Any]) -> tuple[Any, list[Problem]]:
    """A plugin's option table as its ``Options`` class, and the problems (then None)."""
    cls = info.options_class
    if cls is None:
        if raw:
            problem = Problem(
                key=("options", info.name),
                message=_("plugin {name!r} takes no options").format(name=info.name),
            )
            return None, [problem]
        return None, []
    try:
        return _options_converter.structure(raw, cls), []
    except Exception as exc:
        return None, [
            Problem(key=path, message=message, value=_value_at(raw, path[2:]))
            for path, message in problems(exc, ("options", info.name))
        ]


def _value_at(table: Any, path: KeyPath) -> Any:
    """The value at ``path`` inside ``table`` (None when there is none)."""
    for part in path:
        if isinstance(table, dict):
            table = table.get(part)
        elif isinstance(table, list | tuple) and isinstance(part, int) and 0 <= part < len(table):
            table = table[part]
        else:
            return None
    return table


def config_problems(config: GameConfig) -> list[Problem]:
    """What no plugin may configure: fewer line places than kings, a seat map that
    does not fit, a kingdom size or a number of games outside the limits."""
    found = []
    if config.line_size < config.kings:
        found.append(
            Problem(
                message=_("line_size {size} is smaller than the {kings} kings in play").format(
                    size=config.line_size, kings=config.kings
                )
            )
        )
    if config.seat_kingdom:
        if len(config.seat_kingdom) != config.players:
            found.append(
                Problem(
                    message=_("seat_kingdom maps {seats} seats, but there are {n} players").format(
                        seats=len(config.seat_kingdom), n=config.players
                    )
                )
            )
        elif sorted(set(config.seat_kingdom)) != list(range(config.kingdoms)):
            found.append(
                Problem(
                    message=_("seat_kingdom {seats} leaves a kingdom unused").format(
                        seats=config.seat_kingdom
                    )
                )
            )
    if not 1 <= config.kingdom_size <= MAX_KINGDOM_SIZE:
        found.append(
            Problem(
                message=_(
                    "kingdom_size must be from 1 to {most} (docs/trust.md, Limits), not {value}"
                ).format(most=MAX_KINGDOM_SIZE, value=config.kingdom_size)
            )
        )
    for key in ("kingdom_rows", "kingdom_columns"):
        value = getattr(config, key)
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or not 0 <= value <= MAX_KINGDOM_SIZE
        ):
            found.append(
                Problem(
                    message=_(
                        "{key} must be from 1 to {most} (0: kingdom_size), not {value!r}"
                    ).format(key=key, most=MAX_KINGDOM_SIZE, value=value)
                )
            )
    if config.lookahead_lines < 0:
        found.append(
            Problem(
                message=_("lookahead_lines must be 0 or more, not {value}").format(
                    value=config.lookahead_lines
                )
            )
        )
    if not 1 <= config.games <= MAX_GAMES:
        message = _("games must be from 1 to {most}, not {value}").format(
            most=MAX_GAMES, value=config.games
        )
        found.append(Problem(message=message))
    return found


def plugin_problems(results: Sequence[Sequence[Problem | str] | None]) -> list[Problem]:
    """The problems the plugins' ``kd_validate`` returned, gathered: each a
    :class:`Problem`, or a plain string (the form the hook took before problems had
    keys, read by :func:`~kingdomino_core.errors.as_problem`)."""
    return [as_problem(item) for returned in results for item in returned or ()]
