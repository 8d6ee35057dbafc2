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
:class:`RulesetError` of :class:`~kingdomino_core.errors.Problem` values, each read
``file:line: key.path: message`` (TOML syntax errors: ``file:line:column: message``);
the line of a problem is looked up from its key, and the plugin and option checks
are the engine's own (:mod:`kingdomino_core.engine.validation`). Nothing runs on an
invalid ruleset, except the local plugin files it names, which must be imported to be
checked, and only those the :class:`~kingdomino_core.inputs.trust.Trust` given allows
(by default the named file's own): any other raises
:class:`~kingdomino_core.inputs.trust.CodeNotAllowedError` before any code runs
(docs/trust.md).

Reading and merging live in :mod:`kingdomino_core.rulesets.chain`, the lookup in
:mod:`kingdomino_core.rulesets.lookup`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from ..engine.engine import Engine
from ..errors import (
    ConfigError,
    KeyPath,
    PlayerCountError,
    PluginError,
    Problem,
    RulesetError,
    as_problem,
)
from ..hooks.plugins import default_catalogue
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
    "checked_engine",
    "find_ruleset",
    "list_rulesets",
    "load_ruleset",
    "load_ruleset_file",
    "load_ruleset_text",
    "locate",
    "locate_problems",
    "resolved_document",
    "resolved_toml",
    "search_dirs",
    "validate_ruleset",
]

DEFAULT_RULESET = "base"


# -- the public API ---------------------------------------------------------------------


def load_ruleset(arg: str | None, *, trust: Trust = DEFAULT, players: int | None = None) -> Ruleset:
    """The checked ruleset named or located by ``arg`` (None: the base game);
    ``players``: the count the caller will play (see :func:`load_ruleset_file`).

    Raises :class:`RulesetError` listing every problem found, or
    :class:`~kingdomino_core.inputs.trust.CodeNotAllowedError` if it would run plugin files
    ``trust`` does not allow.
    """
    path = find_ruleset(DEFAULT_RULESET if arg is None else arg)
    return load_ruleset_file(path, trust=trust, players=players)


def _in_file_order(found: list[Problem]) -> list[Problem]:
    """Problems grouped by file (in order of first mention), then by line."""
    files: dict[str, int] = {}
    keys = [(files.setdefault(p.file, len(files)), p.line) for p in found]
    return [p for _k, p in sorted(zip(keys, found, strict=True), key=lambda kp: kp[0])]


def load_ruleset_text(text: str, source: str = "<upload>", *, trust: Trust = UNTRUSTED) -> Ruleset:
    """Check a ruleset given as text (an upload). By default (``UNTRUSTED``) it runs
    no code and reaches no file by path: it may only extend rulesets by name."""
    return load_ruleset_file(Path(source), trust=trust, text=text)


def load_ruleset_file(
    path: Path, *, trust: Trust = DEFAULT, text: str | None = None, players: int | None = None
) -> Ruleset:
    """Read, merge and check the ruleset file at ``path`` (and what it extends).

    The check ends with one engine build (the plugins' own checks); ``players``: the
    player count the caller will play, so that this build is the one it plays with
    (:func:`checked_engine`), when the ruleset allows that count.
    """
    found: list[Problem] = []
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
    _check_build(ruleset, players)  # one engine build runs the plugins' own checks
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
        locations={
            key: (str(src.path), src.lines.line(own) or 1)
            for key, (src, own) in merged.owners.items()
        },
    )


def _player_count_problems(merged: Merged, found: list[Problem]) -> list[Problem]:
    """The ``players`` count checked too when only options have problems, so that one
    run lists every problem: the plugins whose options are wrong get their defaults.
    """
    if merged.players is None:
        return []
    bad = set()
    for problem in found:
        if problem.key[:1] != ("options",) or len(problem.key) < 2:
            return []  # a plugin or a key of [ruleset] is wrong: no engine to ask
        bad.add(problem.key[1])
    ruleset = _ruleset_of(merged, {k: v for k, v in merged.options.items() if k not in bad})
    try:
        Engine(ruleset, merged.players)
    except PlayerCountError as exc:
        return locate(ruleset, [_players_problem(exc)])
    except (RulesetError, PluginError, ConfigError):
        return []  # the problems already found explain it
    return []


def _players_problem(exc: PlayerCountError) -> Problem:
    return Problem(key=("ruleset", "players"), message=str(exc), value=exc.players)


#: The engine the last check built (:func:`checked_engine`), with its ruleset.
_last_build: list[tuple[Ruleset, Engine]] = []


def _build(ruleset: Ruleset, players: int) -> Engine:
    """An engine for ``ruleset``, kept as the last check's (see :func:`checked_engine`)."""
    engine = Engine(ruleset, players)
    _last_build[:] = [(ruleset, engine)]
    return engine


def checked_engine(ruleset: Ruleset, players: int) -> Engine | None:
    """The engine the loader built for ``players`` seats when it checked this very
    ruleset object, if that was the last check made (None otherwise).

    Engines never change once built, so the command that loaded a ruleset plays with
    the engine its check built (``kd play`` builds one engine, not two):
    ``kingdomino_play.engine_for`` asks here first.
    """
    for checked, engine in _last_build:
        if checked is ruleset and engine.players == players:
            return engine
    return None


def _check_build(ruleset: Ruleset, players: int | None) -> None:
    """The plugins' own checks (one engine build): for ``players`` seats when the
    ruleset allows them (its default count checked against the counts that engine
    allows), else as :func:`allowed_players` builds it."""
    if players is not None:
        try:
            allowed = _build(ruleset, players).config.allowed_players
        except PlayerCountError:
            pass  # reported by the command that asked for that count
        except RulesetError as exc:
            raise RulesetError(locate(ruleset, exc.found)) from None
        except (PluginError, ConfigError) as exc:
            raise RulesetError(locate(ruleset, [Problem(message=str(exc))])) from None
        else:
            default = ruleset.default_players
            if default is None or default in allowed:
                return
            wrong = PlayerCountError(default, allowed, ruleset.name)
            raise RulesetError(locate(ruleset, [_players_problem(wrong)]))
    allowed_players(ruleset)


def allowed_players(ruleset: Ruleset) -> tuple[int, ...]:
    """Player counts the ruleset allows (builds an engine; problems come located)."""
    count = ruleset.default_players or 4
    for attempt in range(2):
        try:
            return (checked_engine(ruleset, count) or _build(ruleset, count)).config.allowed_players
        except PlayerCountError as exc:
            if ruleset.default_players is not None or attempt or not exc.allowed:
                raise RulesetError(locate(ruleset, [_players_problem(exc)])) from None
            count = exc.allowed[0]
        except RulesetError as exc:
            raise RulesetError(locate(ruleset, exc.found)) from None
        except (PluginError, ConfigError) as exc:
            raise RulesetError(locate(ruleset, [Problem(message=str(exc))])) from None
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
            if checked_engine(ruleset, count) is None:
                Engine(ruleset, count)
        except RulesetError as exc:
            for problem in locate(ruleset, exc.found):
                by_problem.setdefault(str(problem), []).append(count)
        except (PluginError, ConfigError) as exc:
            for problem in locate(ruleset, [Problem(message=str(exc))]):
                by_problem.setdefault(str(problem), []).append(count)
    out = []
    for text, counts in by_problem.items():
        if len(counts) < len(allowed):
            text += f" (with {', '.join(str(c) for c in counts)} players)"
        out.append(text)
    return out


def locate(ruleset: Ruleset, found: Sequence[Problem | str]) -> list[Problem]:
    """Problems found by the engine, located at the ``file:line`` that caused them.

    A problem with a key (``options.base.x``) points at the line that set that key
    (or its nearest table); one about no key (a plugin's plain-string problem, a
    ``PluginError``) at the plugin list, shown as about ``ruleset.plugins``. Problems
    already located, and every problem of a ruleset built in code, pass through
    unchanged. The line is found from the key in ``ruleset.locations``, never from
    the message.
    """
    out = []
    for item in found:
        problem = as_problem(item)
        if problem.located or not ruleset.locations:
            out.append(problem)
            continue
        key = problem.key or ("ruleset", "plugins")
        where = _location(ruleset, key)
        located = problem if where is None else problem.at(*where)
        out.append(attrs.evolve(located, key=key))
    return out


def locate_problems(ruleset: Ruleset, found: Sequence[Problem | str]) -> list[str]:
    """:func:`locate`, each problem as the line a user reads
    (``file:line: key.path: message``)."""
    return [str(problem) for problem in locate(ruleset, found)]


def _location(ruleset: Ruleset, key: KeyPath) -> tuple[str, int] | None:
    """The line that set the longest prefix of ``key``; for options of a plugin that
    no file set, the line that activates the plugin."""
    for n in range(len(key), 1, -1):
        found = ruleset.locations.get(key[:n])
        if found is not None:
            return found
    if len(key) > 1 and key[0] == "options" and key[1] in ruleset.plugins:
        index = ruleset.plugins.index(str(key[1]))
        found = ruleset.locations.get(("ruleset", "plugins", index))
        if found is not None:
            return found
    return ruleset.locations.get(key[:1]) or ruleset.locations.get(("ruleset",))


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
