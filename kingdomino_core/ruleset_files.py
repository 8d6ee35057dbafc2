"""Finding, reading and checking ruleset files (TOML; docs/rulesets.md).

``load_ruleset(arg)`` turns ``--ruleset`` into a checked :class:`Ruleset`:

1. lookup (:func:`find_ruleset`): an existing path, else a ruleset name or file
   name found in the shipped ``kingdomino_rulesets`` package or in a directory of
   ``KD_RULESET_PATH``; a name found in two places is an error listing both;
2. the ``extends`` chain is read (cycles refused) and each file is checked against
   the schema (:class:`RulesetDocument`, strict cattrs: unknown keys, wrong types);
3. the chain is merged (plugins appended without duplicates, options merged deeply,
   child wins) and checked as a whole: unknown plugins (listing the installed
   ones), options for each plugin's ``Options`` class, and one engine build, which
   runs every plugin's own checks and the player count.

Every problem of every step is collected and raised at once as a
:class:`RulesetError`, each line ``file:line: key.path: message`` (TOML syntax
errors: ``file:line:column: message``). Nothing runs on an invalid ruleset, except
the local plugin files it names, which must be imported to be checked.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

from attrs import define, field, frozen

from .errors import ConfigError, PlayerCountError, PluginError, RulesetError
from .plugins import Catalogue, default_catalogue
from .ruleset import Ruleset
from .ruleset_lookup import (  # re-exported: the lookup is part of this API
    ENV_VAR,
    SHIPPED_PACKAGE,
    RulesetEntry,
    find_ruleset,
    list_rulesets,
    search_dirs,
)
from .strict import KeyPath, dotted, problems, strict_converter
from .toml_lines import KeyLines

__all__ = [
    "ENV_VAR",
    "SHIPPED_PACKAGE",
    "RulesetDocument",
    "RulesetEntry",
    "RulesetTable",
    "allowed_players",
    "find_ruleset",
    "list_rulesets",
    "load_ruleset",
    "load_ruleset_file",
    "locate_problems",
    "resolved_document",
    "resolved_toml",
    "search_dirs",
    "validate_ruleset",
]

DEFAULT = "base"


@frozen(kw_only=True)
class RulesetTable:
    """The ``[ruleset]`` table of a ruleset file."""

    name: str | None = None
    description: str | None = None
    extends: str | None = None
    plugins: tuple[str, ...] = ()
    plugin_files: tuple[str, ...] = ()
    players: int | None = None


@frozen(kw_only=True)
class RulesetDocument:
    """A whole ruleset file: ``[ruleset]`` and one ``[options.PLUGIN]`` table per plugin."""

    ruleset: RulesetTable = field(factory=RulesetTable)
    options: dict[str, dict[str, Any]] = field(factory=dict)


_converter = strict_converter()


# -- reading one file ----------------------------------------------------------------


@define
class _Source:
    """One file of an ``extends`` chain."""

    path: Path
    text: str
    data: dict[str, Any]
    lines: KeyLines

    def where(self, path: KeyPath) -> str:
        return f"{self.path}:{self.lines.line(path) or 1}"

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        """``[ruleset] key`` if it has the right type (the schema check reports others)."""
        table = self.data.get("ruleset")
        value = table.get(key) if isinstance(table, dict) else None
        if isinstance(value, bool) and kind is int:
            return None
        return value if isinstance(value, kind) else None


_SYNTAX = re.compile(r"^(.*) \(at (?:line (\d+), column (\d+)|end of document)\)$")


def _read(path: Path, found: list[str]) -> _Source | None:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        found.append(f"{path}: cannot read: {exc.strerror or exc}")
        return None
    except UnicodeDecodeError as exc:
        found.append(f"{path}: not UTF-8 text: {exc.reason}")
        return None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = _SYNTAX.match(str(exc))
        if m is None:
            found.append(f"{path}: TOML syntax error: {exc}")
        elif m.group(2):
            found.append(f"{path}:{m.group(2)}:{m.group(3)}: TOML syntax error: {m.group(1)}")
        else:
            rows = text.splitlines() or [""]
            end = f"{len(rows)}:{len(rows[-1]) + 1}"
            found.append(f"{path}:{end}: TOML syntax error: {m.group(1)} at end of file")
        return None
    return _Source(path=path, text=text, data=data, lines=KeyLines(text))


def _check_schema(src: _Source, found: list[str]) -> None:
    try:
        _converter.structure(src.data, RulesetDocument)
    except Exception as exc:
        for path, message in problems(exc):
            found.append(f"{src.where(path)}: {dotted(path)}: {message}")


def _resolve_extends(value: str, naming: Path) -> Path:
    relative = Path(os.path.normpath(naming.parent / Path(value).expanduser()))
    if relative.is_file():
        return relative
    if Path(value).name != value:
        raise RulesetError([f"no ruleset file {str(relative)!r}"])
    return find_ruleset(value)


def _read_chain(path: Path, found: list[str]) -> list[_Source]:
    """The file and its ``extends`` ancestors, oldest ancestor first."""
    chain: list[_Source] = []
    current: Path | None = path
    while current is not None:
        if any(current.resolve() == src.path.resolve() for src in chain):
            cycle = " -> ".join(str(s.path) for s in chain) + f" -> {current}"
            where = chain[-1].where(("ruleset", "extends"))
            found.append(f"{where}: ruleset.extends: extends cycle: {cycle}")
            break
        src = _read(current, found)
        if src is None:
            break
        _check_schema(src, found)
        chain.append(src)
        parent = src.get("extends", str)
        current = None
        if parent is not None:
            try:
                current = _resolve_extends(parent, src.path)
            except RulesetError as exc:
                for problem in exc.problems:
                    found.append(f"{src.where(('ruleset', 'extends'))}: ruleset.extends: {problem}")
    chain.reverse()
    return chain


# -- merging --------------------------------------------------------------------------


@define
class _Merged:
    top: _Source
    plugins: list[str] = field(factory=list)
    plugin_files: list[Path] = field(factory=list)
    options: dict[str, Any] = field(factory=dict)
    description: str = ""
    players: int | None = None
    #: Dotted key path -> the file that set it last, and the key path in that file.
    owners: dict[str, tuple[_Source, KeyPath]] = field(factory=dict)

    def own(self, key: str, src: _Source, path: KeyPath) -> None:
        self.owners[key] = (src, path)

    def where(self, key: str) -> str:
        src, path = self.owners.get(key, (self.top, ("ruleset",)))
        return src.where(path)


def _merge_table(into: dict[str, Any], table: dict[str, Any], merged: _Merged,
                 src: _Source, path: KeyPath) -> None:  # fmt: skip
    for key, value in table.items():
        sub = (*path, key)
        merged.own(dotted(sub), src, sub)
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge_table(into[key], value, merged, src, sub)
        else:
            into[key] = _copy(value)


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _merge(chain: list[_Source]) -> _Merged:
    merged = _Merged(top=chain[-1])
    for src in chain:
        for i, name in enumerate(src.get("plugins", list) or []):
            if isinstance(name, str) and name not in merged.plugins:
                merged.own(
                    f"ruleset.plugins[{len(merged.plugins)}]", src, ("ruleset", "plugins", i)
                )
                merged.plugins.append(name)
        for i, name in enumerate(src.get("plugin_files", list) or []):
            if not isinstance(name, str):
                continue
            path = Path(os.path.normpath(src.path.parent / Path(name).expanduser()))
            if all(path.resolve() != p.resolve() for p in merged.plugin_files):
                key = f"ruleset.plugin_files[{len(merged.plugin_files)}]"
                merged.own(key, src, ("ruleset", "plugin_files", i))
                merged.plugin_files.append(path)
        for key, kind in (("description", str), ("players", int)):
            value = src.get(key, kind)
            if value is not None:
                setattr(merged, key, value)
                merged.own(f"ruleset.{key}", src, ("ruleset", key))
        options = src.data.get("options")
        if isinstance(options, dict):
            merged.own("options", src, ("options",))
            for plugin, table in options.items():
                if isinstance(table, dict):
                    merged.own(f"options.{plugin}", src, ("options", plugin))
                    _merge_table(
                        merged.options.setdefault(plugin, {}), table, merged, src,
                        ("options", plugin),
                    )  # fmt: skip
    merged.own("ruleset.plugins", merged.top, ("ruleset", "plugins"))
    merged.own("ruleset", merged.top, ("ruleset",))
    return merged


def _check_plugins(merged: _Merged, catalogue: Catalogue, found: list[str]) -> None:
    for i, path in enumerate(merged.plugin_files):
        key = f"ruleset.plugin_files[{i}]"
        if not path.is_file():
            found.append(f"{merged.where(key)}: ruleset.plugin_files: no such file {str(path)!r}")
            continue
        try:
            catalogue.add_file(path)
        except PluginError as exc:
            found.append(f"{merged.where(key)}: ruleset.plugin_files: {exc}")
    names = catalogue.names()
    available = ", ".join(names)
    if not merged.plugins:
        found.append(
            f"{merged.where('ruleset')}: ruleset.plugins: no plugins; list at least one "
            f"(available: {available}) or extend a ruleset that does"
        )
    active = set(merged.plugins)
    for i, name in enumerate(merged.plugins):
        key = f"ruleset.plugins[{i}]"
        if name not in names:
            found.append(
                f"{merged.where(key)}: ruleset.plugins: unknown plugin {name!r}; "
                f"available: {available}"
            )
            continue
        try:
            info = catalogue.get(name)
        except PluginError as exc:
            found.append(f"{merged.where(key)}: ruleset.plugins: {exc}")
            continue
        for needed in info.requires:
            if needed not in active:
                found.append(
                    f"{merged.where(key)}: ruleset.plugins: plugin {name!r} requires plugin "
                    f"{needed!r}; add it before {name!r}"
                )
        for other in info.conflicts:
            if other in active and merged.plugins.index(other) < i:
                found.append(
                    f"{merged.where(key)}: ruleset.plugins: plugins {other!r} and {name!r} "
                    "cannot be active together"
                )
        cls = info.options_class
        raw = merged.options.get(name, {})
        if cls is None:
            if raw:
                where = merged.where(f"options.{name}")
                found.append(f"{where}: options.{name}: plugin {name!r} takes no options")
            continue
        try:
            _converter.structure(raw, cls)
        except Exception as exc:
            for key_path, message in problems(exc, ("options", name)):
                found.append(f"{_where_key(merged, key_path)}: {dotted(key_path)}: {message}")
    for name in merged.options:
        if name not in active:
            why = (
                "is installed but not active: add it to ruleset.plugins"
                if name in names
                else f"is unknown; available: {available}"
            )
            found.append(
                f"{merged.where(f'options.{name}')}: options.{name}: plugin {name!r} {why}"
            )


def _where_key(merged: _Merged, path: KeyPath) -> str:
    """``file:line`` of the longest prefix of ``path`` that a file of the chain set."""
    for n in range(len(path), 0, -1):
        owner = merged.owners.get(dotted(path[:n]))
        if owner is not None:
            src, _own = owner
            return src.where(path)
    return merged.where("ruleset")


# -- the public API ---------------------------------------------------------------------


def load_ruleset(arg: str | None) -> Ruleset:
    """The checked ruleset named or located by ``arg`` (None: the base game).

    Raises :class:`RulesetError` listing every problem found.
    """
    return load_ruleset_file(find_ruleset(arg or DEFAULT))


def _chain_complete(chain: list[_Source]) -> bool:
    """True if the chain ends at a file without ``extends`` (nothing failed to load)."""
    return bool(chain) and chain[0].get("extends", str) is None


def load_ruleset_file(path: Path) -> Ruleset:
    """Read, merge and check the ruleset file at ``path`` (and what it extends)."""
    found: list[str] = []
    chain = _read_chain(Path(path), found)
    if found and not _chain_complete(chain):
        # A missing or unreadable ancestor: plugin checks on half a ruleset would
        # only report noise, so stop at the problems found so far.
        raise RulesetError(found)
    merged = _merge(chain)
    _check_plugins(merged, default_catalogue().copy(), found)
    if found:
        raise RulesetError(found)
    top = merged.top
    ruleset = Ruleset(
        name=top.get("name", str) or top.path.stem,
        plugins=merged.plugins,
        options=merged.options,
        plugin_files=merged.plugin_files,
        description=merged.description,
        source=str(top.path),
        default_players=merged.players,
        locations={key: src.where(p) for key, (src, p) in merged.owners.items()},
    )
    allowed_players(ruleset)  # one engine build runs the plugins' own checks
    return ruleset


def allowed_players(ruleset: Ruleset) -> tuple[int, ...]:
    """Player counts the ruleset allows (builds an engine; problems come located)."""
    from .engine import Engine

    count = ruleset.default_players or 4
    for attempt in range(2):
        try:
            return Engine(ruleset, count).config.allowed_players
        except PlayerCountError as exc:
            if ruleset.default_players is not None or attempt or not exc.allowed:
                raise RulesetError(locate_problems(ruleset, [f"ruleset.players: {exc}"])) from None
            count = exc.allowed[0]
        except RulesetError as exc:
            raise RulesetError(locate_problems(ruleset, exc.problems)) from None
        except (PluginError, ConfigError) as exc:
            raise RulesetError(locate_problems(ruleset, [str(exc)])) from None
    raise AssertionError("unreachable")  # pragma: no cover


def validate_ruleset(ruleset: Ruleset) -> list[str]:
    """Every problem of ``ruleset``, building an engine for each allowed player count.

    A problem that only some counts have says so: ``(with 3 players)``.
    """
    from .engine import Engine

    try:
        allowed = allowed_players(ruleset)
    except RulesetError as exc:
        return list(exc.problems)
    by_problem: dict[str, list[int]] = {}
    for count in allowed:
        try:
            Engine(ruleset, count)
        except RulesetError as exc:
            for problem in locate_problems(ruleset, exc.problems):
                by_problem.setdefault(problem, []).append(count)
        except (PluginError, ConfigError) as exc:
            for problem in locate_problems(ruleset, [str(exc)]):
                by_problem.setdefault(problem, []).append(count)
    out = []
    for problem, counts in by_problem.items():
        if len(counts) < len(allowed):
            problem += f" (with {', '.join(str(c) for c in counts)} players)"
        out.append(problem)
    return out


_LOCATED = re.compile(r"^((?:ruleset|options)(?:\.[\w\-]+|\[\d+\])*): (.*)$", re.DOTALL)
_PART = re.compile(r"\.?([\w\-]+)|\[(\d+)\]")


def locate_problems(ruleset: Ruleset, found: list[str] | tuple[str, ...]) -> list[str]:
    """Prefix problems found by the engine with the ``file:line`` that caused them.

    A problem starting with a key path (``options.base.x: ...``) points at the line
    that set that key (or its nearest table); any other problem at the plugin list.
    Problems already located, and every problem of a ruleset built in code, pass
    through unchanged.
    """
    if not ruleset.locations:
        return list(found)
    out = []
    for problem in found:
        m = _LOCATED.match(problem)
        if m is None:
            if problem.startswith(tuple(v.split(":")[0] for v in ruleset.locations.values())):
                out.append(problem)
                continue
            key, message = "ruleset.plugins", problem
        else:
            key, message = m.group(1), m.group(2)
        parts: list[str | int] = [
            int(index) if index else name for name, index in _PART.findall(key)
        ]
        out.append(f"{_location(ruleset, parts)}: {key}: {message}")
    return out


def _location(ruleset: Ruleset, parts: list[str | int]) -> str:
    """The line that set the longest prefix of ``parts``; for options of a plugin that
    no file set, the line that activates the plugin."""
    for n in range(len(parts), 1, -1):
        found = ruleset.locations.get(dotted(tuple(parts[:n])))
        if found is not None:
            return found
    if len(parts) > 1 and parts[0] == "options" and parts[1] in ruleset.plugins:
        index = ruleset.plugins.index(str(parts[1]))
        found = ruleset.locations.get(f"ruleset.plugins[{index}]")
        if found is not None:
            return found
    return ruleset.locations.get(str(parts[0])) or ruleset.locations.get("ruleset", ruleset.source)


def resolved_document(ruleset: Ruleset, *, defaults: bool = False) -> dict[str, Any]:
    """The merged ruleset as a TOML-ready table (no ``extends``; absolute plugin files).

    With ``defaults``, every option of every active plugin appears, set or not.
    """
    table: dict[str, Any] = {"name": ruleset.name}
    if ruleset.description:
        table["description"] = ruleset.description
    table["plugins"] = list(ruleset.plugins)
    if ruleset.plugin_files:
        table["plugin_files"] = [str(p.resolve()) for p in ruleset.plugin_files]
    if ruleset.default_players is not None:
        table["players"] = ruleset.default_players
    options: dict[str, Any] = {}
    if defaults:
        catalogue = default_catalogue().copy()
        for path in ruleset.plugin_files:
            catalogue.add_file(path)
        for name in ruleset.plugins:
            cls = catalogue.get(name).options_class
            if cls is not None:
                value: Any = _converter.structure(ruleset.options.get(name, {}), cls)
                options[name] = _drop_none(_converter.unstructure(value))
    else:
        options = {k: _copy(v) for k, v in ruleset.options.items() if v}
    doc: dict[str, Any] = {"ruleset": table}
    if options:
        doc["options"] = options
    return doc


def _drop_none(value: Any) -> Any:
    """TOML has no null: options left unset (None) are omitted."""
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_drop_none(v) for v in value]
    return value


def resolved_toml(ruleset: Ruleset, *, defaults: bool = False) -> str:
    """:func:`resolved_document` written as TOML (loads back to the same ruleset)."""
    import tomli_w

    return tomli_w.dumps(resolved_document(ruleset, defaults=defaults))
