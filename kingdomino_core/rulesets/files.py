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
the local plugin files it names, which must be imported to be checked, and only
those the :class:`~kingdomino_core.inputs.trust.Trust` given allows (by default the named
file's own): any other raises :class:`~kingdomino_core.inputs.trust.CodeNotAllowedError`
before any code runs (docs/trust.md).

Reading and merging live in :mod:`kingdomino_core.rulesets.chain`, the lookup in
:mod:`kingdomino_core.rulesets.lookup`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..engine.engine import Engine
from ..errors import ConfigError, PlayerCountError, PluginError, RulesetError
from ..hooks.plugins import default_catalogue
from ..inputs.strict import dotted
from ..inputs.trust import DEFAULT, UNTRUSTED, Trust
from ..model.ruleset import Ruleset
from .chain import (
    Merged,
    RulesetDocument,
    RulesetTable,
    chain_complete,
    check_plugins,
    converter,
    copy_value,
    merge,
    read_chain,
)
from .lookup import (  # re-exported: the lookup is part of this API
    ENV_VAR,
    SHIPPED_PACKAGE,
    RulesetEntry,
    find_ruleset,
    list_rulesets,
    search_dirs,
)

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
    "load_ruleset_text",
    "locate_problems",
    "resolved_document",
    "resolved_toml",
    "search_dirs",
    "validate_ruleset",
]

DEFAULT_RULESET = "base"


# -- the public API ---------------------------------------------------------------------


def load_ruleset(arg: str | None, *, trust: Trust = DEFAULT) -> Ruleset:
    """The checked ruleset named or located by ``arg`` (None: the base game).

    Raises :class:`RulesetError` listing every problem found, or
    :class:`~kingdomino_core.inputs.trust.CodeNotAllowedError` if it would run plugin files
    ``trust`` does not allow.
    """
    return load_ruleset_file(find_ruleset(DEFAULT_RULESET if arg is None else arg), trust=trust)


_WHERE = re.compile(r"^(.*?):(\d+)(?::\d+)?: ")


def _in_file_order(found: list[str]) -> list[str]:
    """Problems grouped by file (in order of first mention), then by line."""
    files: dict[str, int] = {}

    def key(problem: str) -> tuple[int, int]:
        m = _WHERE.match(problem)
        if m is None:
            return (files.setdefault("", len(files)), 0)
        return (files.setdefault(m.group(1), len(files)), int(m.group(2)))

    keys = [key(p) for p in found]  # first mentions decide the file order
    return [p for _k, p in sorted(zip(keys, found, strict=True), key=lambda kp: kp[0])]


def load_ruleset_text(text: str, source: str = "<upload>", *, trust: Trust = UNTRUSTED) -> Ruleset:
    """Check a ruleset given as text (an upload). By default (``UNTRUSTED``) it runs
    no code and reaches no file by path: it may only extend rulesets by name."""
    return load_ruleset_file(Path(source), trust=trust, text=text)


def load_ruleset_file(path: Path, *, trust: Trust = DEFAULT, text: str | None = None) -> Ruleset:
    """Read, merge and check the ruleset file at ``path`` (and what it extends)."""
    found: list[str] = []
    chain = read_chain(Path(path), found, trust, text=text)
    if found and not chain_complete(chain):
        # A missing or unreadable ancestor: plugin checks on half a ruleset would
        # only report noise, so stop at the problems found so far.
        raise RulesetError(_in_file_order(found))
    merged = merge(chain)
    check_plugins(merged, default_catalogue().copy(), found, trust)
    if found:
        found += _player_count_problems(merged, found)
        raise RulesetError(_in_file_order(found))
    ruleset = _ruleset_of(merged, merged.options)
    allowed_players(ruleset)  # one engine build runs the plugins' own checks
    return ruleset


def _ruleset_of(merged: Merged, options: dict[str, Any]) -> Ruleset:
    top = merged.top
    return Ruleset(
        name=top.get("name", str) or top.path.stem,
        plugins=merged.plugins,
        options=options,
        plugin_files=merged.plugin_files,
        description=merged.description,
        source=str(top.path),
        default_players=merged.players,
        locations={key: src.where(p) for key, (src, p) in merged.owners.items()},
    )


_BAD_OPTION = re.compile(r"(?:^|: )options\.([\w\-]+)")


def _player_count_problems(merged: Merged, found: list[str]) -> list[str]:
    """The ``players`` count checked too when only options have problems, so that one
    run lists every problem: the plugins whose options are wrong get their defaults.
    """
    if merged.players is None:
        return []
    bad = set()
    for problem in found:
        m = _BAD_OPTION.search(problem)
        if m is None:
            return []  # a plugin or a key of [ruleset] is wrong: no engine to ask
        bad.add(m.group(1))
    ruleset = _ruleset_of(merged, {k: v for k, v in merged.options.items() if k not in bad})
    try:
        Engine(ruleset, merged.players)
    except PlayerCountError as exc:
        return locate_problems(ruleset, [f"ruleset.players: {exc}"])
    except (RulesetError, PluginError, ConfigError):
        return []  # the problems already found explain it
    return []


def allowed_players(ruleset: Ruleset) -> tuple[int, ...]:
    """Player counts the ruleset allows (builds an engine; problems come located)."""
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
                value: Any = converter.structure(ruleset.options.get(name, {}), cls)
                options[name] = _drop_none(converter.unstructure(value))
    else:
        options = {k: copy_value(v) for k, v in ruleset.options.items() if v}
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
