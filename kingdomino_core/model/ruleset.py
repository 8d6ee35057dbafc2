"""A resolved ruleset: which plugins are active and their options.

The TOML files in ``rulesets/`` are read into this by
:mod:`kingdomino_core.rulesets.files`; an embedding program can also build one in
code: ``Ruleset(name="mine", plugins=("base",), options={"base": {"harmony": True}})``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from attrs import field, frozen


def _freeze_options(value: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    return {k: dict(v) for k, v in value.items()}


def _str_tuple(value: Iterable[str]) -> tuple[str, ...]:
    # plugins="base" means one plugin, not the plugins "b", "a", "s", "e".
    return (value,) if isinstance(value, str) else tuple(value)


def _path_tuple(value: Iterable[Path | str]) -> tuple[Path, ...]:
    return tuple(Path(v) for v in value)


@frozen(kw_only=True)
class Ruleset:
    """Plugins in activation order, their options, and local plugin files."""

    #: The ruleset's name (``"base"``, ``"teamdomino"``).
    name: str
    #: Active plugins, by catalogue name, in activation order (later ones win on
    #: purpose with ``replace=True``/``override=True``).
    plugins: tuple[str, ...] = field(converter=_str_tuple)
    #: ``[options.PLUGIN]`` tables: plugin name -> option name -> value.
    options: dict[str, dict[str, Any]] = field(factory=dict, converter=_freeze_options)
    #: Local house-rule plugin files (their code runs when the ruleset is used).
    plugin_files: tuple[Path, ...] = field(default=(), converter=_path_tuple)
    #: One line for ``kd ruleset list``.
    description: str = ""
    #: Where the ruleset was read from (empty for one built in code).
    source: str = ""
    #: Player count used when none is given.
    default_players: int | None = None
    #: Where each key was set: key path (``("options", "base", "harmony")``,
    #: ``("ruleset", "plugins", 1)``) -> ``(file, line)``, so problems found later (say,
    #: for one player count) are located by their key. Empty for a ruleset built in code.
    locations: dict[tuple[str | int, ...], tuple[str, int]] = field(
        factory=dict, eq=False, repr=False
    )
