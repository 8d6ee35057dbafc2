"""Reading and merging a ruleset's ``extends`` chain, and the checks on the result.

The machinery behind :func:`kingdomino_core.rulesets.files.load_ruleset`: each file
is read (syntax errors located by line and column) and checked against the schema
(:class:`RulesetDocument`, strict cattrs), the chain is merged (plugins appended
without duplicates, options merged deeply, child wins) while remembering which file
and line set each key, and the merged result is checked against the installed
plugins. Every problem is appended to a list as a located
:class:`~kingdomino_core.errors.Problem` (its key, message, file and line): the line
of a key is looked up in the file's :class:`~kingdomino_core.rulesets.toml_lines.KeyLines`
by the key path, never read back from a message. The plugin and option checks are
the engine's own (:mod:`kingdomino_core.engine.validation`), located here.
"""

from __future__ import annotations

import errno
import os
import tomllib
from pathlib import Path
from typing import Any

import attrs
from attrs import define, field, frozen

from ..engine.validation import combination_problems, option_problems
from ..errors import PluginError, Problem, RulesetError
from ..hooks.plugins import Catalogue, PluginInfo
from ..i18n import get_translation
from ..inputs.files import path_problem, read_regular_file, resolved, shown
from ..inputs.limits import MAX_EXTENDS, MAX_RULESET_BYTES, InputLimitError, loads_toml
from ..inputs.strict import KeyPath, problems, strict_converter
from ..inputs.trust import DEFAULT, CodeNotAllowedError, Trust
from .lookup import file_kind, resolve_extends, tilde_message
from .toml_lines import KeyLines

_ = get_translation("kingdomino_core")


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


#: Strict: values must have their declared type; unknown keys are refused.
converter = strict_converter()


# -- reading one file ----------------------------------------------------------------


@define
class Source:
    """One file of an ``extends`` chain."""

    path: Path
    text: str
    data: dict[str, Any]
    lines: KeyLines

    def where(self, path: KeyPath) -> str:
        """``file:line`` of ``path`` (of its nearest table; line 1 if none)."""
        return f"{self.path}:{self.lines.line(path) or 1}"

    def problem(self, key: KeyPath, message: str, value: Any = None) -> Problem:
        """A problem about ``key``, located at the line that sets it in this file (of
        its nearest table; line 1 if none)."""
        line = self.lines.line(key) or 1
        return Problem(key=key, message=message, value=value, file=str(self.path), line=line)

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        """``[ruleset] key`` if it has the right type (the schema check reports others)."""
        table = self.data.get("ruleset")
        value = table.get(key) if isinstance(table, dict) else None
        if isinstance(value, bool) and kind is int:
            return None
        return value if isinstance(value, kind) else None


def _syntax_problem(path: Path, text: str, exc: tomllib.TOMLDecodeError) -> Problem:
    """A TOML syntax error at its line and column. The parser's position: its
    ``lineno``/``colno`` (Python 3.14's tomllib), else the ``(at line L, column C)``
    that Python 3.11's tomllib appends to its message, its only record of it."""
    line, column = getattr(exc, "lineno", 0), getattr(exc, "colno", 0)
    message = getattr(exc, "msg", "") or str(exc)
    head, sep, tail = str(exc).rpartition(" (at ")
    if not line and sep:
        message = head
        if tail == "end of document)":
            rows = text.splitlines() or [""]
            line, column = len(rows), len(rows[-1]) + 1
            message = _("{message} at end of file").format(message=message)
        else:
            numbers = tail.removeprefix("line ").removesuffix(")").split(", column ")
            if len(numbers) == 2 and all(n.isdigit() for n in numbers):
                line, column = int(numbers[0]), int(numbers[1])
            else:
                message = str(exc)
    return Problem(
        message=_("TOML syntax error: {message}").format(message=message),
        file=str(path),
        line=line,
        column=column,
    )


def _read(path: Path, found: list[Problem], text: str | None = None) -> Source | None:
    if text is None:
        text = _read_text(path, found)
        if text is None:
            return None
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte order mark some editors write
    try:
        data = loads_toml(text)
    except InputLimitError as exc:
        message = _("{problem} (see docs/trust.md, Limits)").format(problem=exc)
        found.append(Problem(file=str(path), message=message))
        return None
    except tomllib.TOMLDecodeError as exc:
        found.append(_syntax_problem(path, text, exc))
        return None
    return Source(path=path, text=text, data=data, lines=KeyLines(text))


def _read_text(path: Path, found: list[Problem]) -> str | None:
    try:
        raw = read_regular_file(path, MAX_RULESET_BYTES)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            found.append(
                Problem(
                    file=str(path),
                    message=_(
                        "larger than {n} bytes: not a ruleset (see docs/trust.md, Limits)"
                    ).format(n=MAX_RULESET_BYTES),
                )
            )
        else:
            message = _("cannot read: {reason}").format(reason=exc.strerror or exc)
            found.append(Problem(file=str(path), message=message))
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = _("not UTF-8 text: {reason}").format(reason=exc.reason)
        found.append(Problem(file=str(path), message=message))
        return None


def _check_schema(src: Source, found: list[Problem]) -> None:
    try:
        converter.structure(src.data, RulesetDocument)
    except Exception as exc:
        for path, message in problems(exc):
            found.append(src.problem(path, message))


_EXTENDS: KeyPath = ("ruleset", "extends")


def read_chain(
    path: Path, found: list[Problem], trust: Trust = DEFAULT, *, text: str | None = None
) -> list[Source]:
    """The file and its ``extends`` ancestors, oldest ancestor first (``text``: the
    named file's content, already read)."""
    chain: list[Source] = []
    seen: set[Path] = set()
    current: Path | None = path
    while current is not None:
        key = current.resolve()
        if key in seen:
            cycle = " -> ".join(str(s.path) for s in chain) + f" -> {current}"
            found.append(
                chain[-1].problem(_EXTENDS, _("extends cycle: {cycle}").format(cycle=cycle))
            )
            break
        if len(chain) >= MAX_EXTENDS:
            found.append(
                chain[-1].problem(
                    _EXTENDS,
                    _(
                        "the extends chain is longer than {n} files (see docs/trust.md, Limits)"
                    ).format(n=MAX_EXTENDS),
                )
            )
            break
        seen.add(key)
        src = _read(current, found, text if not chain else None)
        if src is None:
            break
        _check_schema(src, found)
        _check_paths(src, found)
        chain.append(src)
        parent = src.get("extends", str)
        current = None
        if parent is not None:
            try:
                current = resolve_extends(parent, src.path, trust)
            except RulesetError as exc:
                for problem in exc.found:
                    found.append(src.problem(_EXTENDS, problem.message, parent))
    chain.reverse()
    return chain


# -- merging --------------------------------------------------------------------------


@define
class Merged:
    top: Source
    plugins: list[str] = field(factory=list)
    plugin_files: list[Path] = field(factory=list)
    options: dict[str, Any] = field(factory=dict)
    description: str = ""
    players: int | None = None
    #: Key path in the merged ruleset -> the file that set it last, and the key path
    #: in that file (an entry of ``plugins`` has another index in the file that set it).
    owners: dict[KeyPath, tuple[Source, KeyPath]] = field(factory=dict)

    def own(self, key: KeyPath, src: Source, path: KeyPath) -> None:
        self.owners[key] = (src, path)

    def where(self, key: KeyPath) -> str:
        src, path = self.owners.get(key, (self.top, ("ruleset",)))
        return src.where(path)

    def locate(self, problem: Problem, *, shown: KeyPath | None = None) -> Problem:
        """``problem`` at the line that set its key (the longest prefix of it a file of
        the chain set; the ``[ruleset]`` table if none), its key shown as ``shown``."""
        key = problem.key
        for n in range(len(key), 0, -1):
            owner = self.owners.get(key[:n])
            if owner is not None:
                src, own = owner
                break
        else:
            src, own, n = self.top, ("ruleset",), 0
        line = src.lines.line((*own, *key[n:])) or 1
        located = problem.at(str(src.path), line)
        return located if shown is None else attrs.evolve(located, key=shown)


def _merge_table(into: dict[str, Any], table: dict[str, Any], merged: Merged,
                 src: Source, path: KeyPath) -> None:  # fmt: skip
    for key, value in table.items():
        sub = (*path, key)
        merged.own(sub, src, sub)
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge_table(into[key], value, merged, src, sub)
        else:
            into[key] = copy_value(value)


def copy_value(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: copy_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_value(v) for v in value]
    return value


def merge(chain: list[Source]) -> Merged:
    merged = Merged(top=chain[-1])
    for src in chain:
        for i, name in enumerate(src.get("plugins", list) or []):
            if isinstance(name, str) and name not in merged.plugins:
                merged.own(
                    ("ruleset", "plugins", len(merged.plugins)), src, ("ruleset", "plugins", i)
                )
                merged.plugins.append(name)
        for i, name in enumerate(src.get("plugin_files", list) or []):
            if not isinstance(name, str) or path_problem(name) or name.startswith("~"):
                continue  # reported by _check_paths
            path = Path(os.path.normpath(src.path.parent / name))
            if all(resolved(str(path)) != resolved(str(p)) for p in merged.plugin_files):
                key = ("ruleset", "plugin_files", len(merged.plugin_files))
                merged.own(key, src, ("ruleset", "plugin_files", i))
                merged.plugin_files.append(path)
        for name, kind in (("description", str), ("players", int)):
            value = src.get(name, kind)
            if value is not None:
                setattr(merged, name, value)
                merged.own(("ruleset", name), src, ("ruleset", name))
        options = src.data.get("options")
        if isinstance(options, dict):
            merged.own(("options",), src, ("options",))
            for plugin, table in options.items():
                if isinstance(table, dict):
                    merged.own(("options", plugin), src, ("options", plugin))
                    _merge_table(
                        merged.options.setdefault(plugin, {}), table, merged, src,
                        ("options", plugin),
                    )  # fmt: skip
    merged.own(_PLUGINS, merged.top, _PLUGINS)
    merged.own(("ruleset",), merged.top, ("ruleset",))
    return merged


_PLUGINS: KeyPath = ("ruleset", "plugins")
_FILES: KeyPath = ("ruleset", "plugin_files")


def _check_paths(src: Source, found: list[Problem]) -> None:
    """``plugin_files`` entries that name no file the way this format allows."""
    for i, name in enumerate(src.get("plugin_files", list) or []):
        if not isinstance(name, str):
            continue
        key = (*_FILES, i)
        problem = path_problem(name)
        if problem is not None:
            found.append(src.problem(key, problem, name))
        elif name.startswith("~"):
            found.append(src.problem(key, tilde_message(name), name))


def check_trust(merged: Merged, trust: Trust) -> None:
    """Raise :class:`CodeNotAllowedError` naming every plugin file ``trust`` refuses."""
    refused: list[tuple[Path, str]] = []
    for i, path in enumerate(merged.plugin_files):
        src = merged.owners[(*_FILES, i)][0]
        named = src is merged.top
        if trust.allows(path, named=named):
            continue
        where = src.where(_FILES)
        why = (
            _("listed at {where}")
            if named
            else _("listed at {where}, a ruleset reached through extends")
        ).format(where=where)
        refused.append((path, why))
    if refused:
        raise CodeNotAllowedError(_("ruleset {file}").format(file=merged.top.path), refused)


def check_plugins(
    merged: Merged, catalogue: Catalogue, found: list[Problem], trust: Trust = DEFAULT
) -> None:
    """The merged ruleset's plugin files, plugin list and options, checked with the
    engine's own checks (``engine.validation``) and located in the chain's files."""
    check_trust(merged, trust)
    for i, path in enumerate(merged.plugin_files):
        key = (*_FILES, i)
        kind = file_kind(path)
        if kind != "file":
            words = _("no such file {file!r}") if kind is None else _("not a regular file {file!r}")
            message = words.format(file=str(path))
            problem = Problem(key=key, message=message, value=str(path))
            found.append(merged.locate(problem, shown=_FILES))
            continue
        try:
            catalogue.add_file(path)
        except PluginError as exc:
            found.append(merged.locate(Problem(key=key, message=str(exc)), shown=_FILES))
    names = catalogue.names()
    plugins_broken = any(p.key[:2] == _PLUGINS or p.key == ("ruleset",) for p in found)
    if not merged.plugins and not plugins_broken:
        found.append(
            merged.locate(
                Problem(
                    key=("ruleset",),
                    message=_(
                        "no plugins; list at least one (available: {names}) or extend a "
                        "ruleset that does"
                    ).format(names=", ".join(names)),
                ),
                shown=_PLUGINS,
            )
        )
    infos = _loaded(merged, catalogue, names, found)
    for problem in combination_problems(merged.plugins, infos):
        found.append(merged.locate(problem, shown=_PLUGINS))
    active = [infos[name] for name in merged.plugins if name in infos]
    for info in active:
        if info.options_class is not None:
            raw = merged.options.get(info.name, {})
            _resolve_paths(merged, info.name, info.options_class, raw, found, trust)
    options = {
        name: table
        for name, table in merged.options.items()
        if name in infos or name not in merged.plugins
    }
    _values, wrong = option_problems(active, options, names)
    found.extend(merged.locate(problem) for problem in wrong)


def _loaded(
    merged: Merged, catalogue: Catalogue, names: list[str], found: list[Problem]
) -> dict[str, PluginInfo]:
    """The plugins of the list that the catalogue has and loads (the others reported)."""
    infos = {}
    for i, name in enumerate(merged.plugins):
        key = (*_PLUGINS, i)
        if name not in names:
            message = _("unknown plugin {name!r}; available: {names}").format(
                name=name, names=", ".join(names)
            )
            found.append(
                merged.locate(Problem(key=key, message=message, value=name), shown=_PLUGINS)
            )
            continue
        try:
            infos[name] = catalogue.get(name)
        except PluginError as exc:
            found.append(
                merged.locate(Problem(key=key, message=str(exc), value=name), shown=_PLUGINS)
            )
    return infos


def _resolve_paths(
    merged: Merged, plugin: str, cls: type, raw: dict[str, Any], found: list[Problem], trust: Trust
) -> None:
    """Option fields marked ``metadata={"path": True}`` name files relative to the
    ruleset file that set them (not to the directory ``kd`` runs in)."""
    if not attrs.has(cls):
        return
    for f in attrs.fields(cls):
        value = raw.get(f.name)
        if not f.metadata.get("path") or not isinstance(value, str) or not value:
            continue
        key = ("options", plugin, f.name)
        owner = merged.owners.get(key)
        if value.startswith("~"):
            message = tilde_message(value)
        elif not trust.local_paths:
            message = _("this ruleset may not name files ({file})").format(file=shown(value))
        elif (problem := path_problem(value)) is not None:
            message = problem
        else:
            if owner is not None and not Path(value).is_absolute():
                raw[f.name] = os.path.normpath(owner[0].path.parent / value)
            continue
        found.append(merged.locate(Problem(key=key, message=message, value=value)))


def chain_complete(chain: list[Source]) -> bool:
    """True if the chain ends at a file without ``extends`` (nothing failed to load)."""
    return bool(chain) and chain[0].get("extends", str) is None
