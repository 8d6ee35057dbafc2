"""Reading and merging a ruleset's ``extends`` chain, and the checks on the result.

The machinery behind :func:`kingdomino_core.rulesets.files.load_ruleset`: each file
is read (syntax errors located by line and column) and checked against the schema
(:class:`RulesetDocument`, strict cattrs), the chain is merged (plugins appended
without duplicates, options merged deeply, child wins) while remembering which file
and line set each key, and the merged result is checked against the installed
plugins. Every problem is appended to a list as ``file:line: key.path: message``.
"""

from __future__ import annotations

import errno
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs
from attrs import define, field, frozen

from ..errors import PluginError, RulesetError
from ..hooks.plugins import Catalogue
from ..inputs.files import path_problem, read_regular_file, resolved, shown
from ..inputs.limits import MAX_EXTENDS, MAX_RULESET_BYTES, InputLimitError, loads_toml
from ..inputs.strict import KeyPath, dotted, problems, strict_converter
from ..inputs.trust import DEFAULT, CodeNotAllowedError, Trust
from .lookup import file_kind, find_ruleset, looks_like_path, not_found
from .toml_lines import KeyLines


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
        return f"{self.path}:{self.lines.line(path) or 1}"

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        """``[ruleset] key`` if it has the right type (the schema check reports others)."""
        table = self.data.get("ruleset")
        value = table.get(key) if isinstance(table, dict) else None
        if isinstance(value, bool) and kind is int:
            return None
        return value if isinstance(value, kind) else None


_SYNTAX = re.compile(r"^(.*) \(at (?:line (\d+), column (\d+)|end of document)\)$")


def _read(path: Path, found: list[str], text: str | None = None) -> Source | None:
    if text is None:
        text = _read_text(path, found)
        if text is None:
            return None
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte order mark some editors write
    try:
        data = loads_toml(text)
    except InputLimitError as exc:
        found.append(f"{path}: {exc} (see docs/trust.md, Limits)")
        return None
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
    return Source(path=path, text=text, data=data, lines=KeyLines(text))


def _read_text(path: Path, found: list[str]) -> str | None:
    try:
        raw = read_regular_file(path, MAX_RULESET_BYTES)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            found.append(
                f"{path}: larger than {MAX_RULESET_BYTES} bytes: not a ruleset "
                "(see docs/trust.md, Limits)"
            )
        else:
            found.append(f"{path}: cannot read: {exc.strerror or exc}")
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        found.append(f"{path}: not UTF-8 text: {exc.reason}")
        return None


def _check_schema(src: Source, found: list[str]) -> None:
    try:
        converter.structure(src.data, RulesetDocument)
    except Exception as exc:
        for path, message in problems(exc):
            found.append(f"{src.where(path)}: {dotted(path)}: {message}")


def _resolve_extends(value: str, naming: Path, trust: Trust) -> Path:
    """The file ``extends = value`` in ``naming`` means: a bare name is looked up like
    ``--ruleset NAME`` (shipped rulesets and ``KD_RULESET_PATH`` only); a path is
    relative to the file that holds it."""
    if not value.strip():
        raise RulesetError(["an empty name: give a ruleset name or a path"])
    if value.startswith("~"):
        raise RulesetError([f"{value!r}: '~' is not expanded in ruleset files; {_PATH_HINT}"])
    if not looks_like_path(value):
        try:
            return find_ruleset(value)
        except RulesetError as exc:
            if len(exc.problems) == 1 and "no ruleset named" in exc.problems[0]:
                raise RulesetError([not_found(value, naming.parent, "next to this file")]) from None
            raise
    if not trust.local_paths:
        raise RulesetError(
            [f"{value!r}: this ruleset may only extend a ruleset by name, not a file path"]
        )
    relative = Path(os.path.normpath(naming.parent / value))
    kind = file_kind(relative)
    if kind == "file":
        return relative
    if kind == "dir":
        raise RulesetError([f"{str(relative)!r} is a directory, not a ruleset file"])
    if kind is not None:
        raise RulesetError([f"{str(relative)!r}: not a regular file (a device, FIFO or socket)"])
    raise RulesetError([f"no ruleset file {str(relative)!r}"])


_PATH_HINT = "write a path relative to this file (./x, ../x) or an absolute one"


def read_chain(
    path: Path, found: list[str], trust: Trust = DEFAULT, *, text: str | None = None
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
            where = chain[-1].where(("ruleset", "extends"))
            found.append(f"{where}: ruleset.extends: extends cycle: {cycle}")
            break
        if len(chain) >= MAX_EXTENDS:
            where = chain[-1].where(("ruleset", "extends"))
            found.append(
                f"{where}: ruleset.extends: the extends chain is longer than {MAX_EXTENDS} "
                "files (see docs/trust.md, Limits)"
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
                current = _resolve_extends(parent, src.path, trust)
            except RulesetError as exc:
                for problem in exc.problems:
                    found.append(f"{src.where(('ruleset', 'extends'))}: ruleset.extends: {problem}")
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
    #: Dotted key path -> the file that set it last, and the key path in that file.
    owners: dict[str, tuple[Source, KeyPath]] = field(factory=dict)

    def own(self, key: str, src: Source, path: KeyPath) -> None:
        self.owners[key] = (src, path)

    def where(self, key: str) -> str:
        src, path = self.owners.get(key, (self.top, ("ruleset",)))
        return src.where(path)


def _merge_table(into: dict[str, Any], table: dict[str, Any], merged: Merged,
                 src: Source, path: KeyPath) -> None:  # fmt: skip
    for key, value in table.items():
        sub = (*path, key)
        merged.own(dotted(sub), src, sub)
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
                    f"ruleset.plugins[{len(merged.plugins)}]", src, ("ruleset", "plugins", i)
                )
                merged.plugins.append(name)
        for i, name in enumerate(src.get("plugin_files", list) or []):
            if not isinstance(name, str) or path_problem(name) or name.startswith("~"):
                continue  # reported by _check_paths
            path = Path(os.path.normpath(src.path.parent / name))
            if all(resolved(str(path)) != resolved(str(p)) for p in merged.plugin_files):
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


def _check_paths(src: Source, found: list[str]) -> None:
    """``plugin_files`` entries that name no file the way this format allows."""
    for i, name in enumerate(src.get("plugin_files", list) or []):
        if not isinstance(name, str):
            continue
        where = src.where(("ruleset", "plugin_files", i))
        problem = path_problem(name)
        if problem is not None:
            found.append(f"{where}: ruleset.plugin_files[{i}]: {problem}")
        elif name.startswith("~"):
            found.append(
                f"{where}: ruleset.plugin_files[{i}]: {name!r}: '~' is not expanded in "
                f"ruleset files; {_PATH_HINT}"
            )


def check_trust(merged: Merged, trust: Trust) -> None:
    """Raise :class:`CodeNotAllowedError` naming every plugin file ``trust`` refuses."""
    refused: list[tuple[Path, str]] = []
    for i, path in enumerate(merged.plugin_files):
        src = merged.owners[f"ruleset.plugin_files[{i}]"][0]
        named = src is merged.top
        if trust.allows(path, named=named):
            continue
        where = src.where(("ruleset", "plugin_files"))
        why = f"listed at {where}" + ("" if named else ", a ruleset reached through extends")
        refused.append((path, why))
    if refused:
        raise CodeNotAllowedError(f"ruleset {merged.top.path}", refused)


def check_plugins(
    merged: Merged, catalogue: Catalogue, found: list[str], trust: Trust = DEFAULT
) -> None:
    check_trust(merged, trust)
    for i, path in enumerate(merged.plugin_files):
        key = f"ruleset.plugin_files[{i}]"
        kind = file_kind(path)
        if kind != "file":
            what = "no such file" if kind is None else "not a regular file"
            found.append(f"{merged.where(key)}: ruleset.plugin_files: {what} {str(path)!r}")
            continue
        try:
            catalogue.add_file(path)
        except PluginError as exc:
            found.append(f"{merged.where(key)}: ruleset.plugin_files: {exc}")
    names = catalogue.names()
    available = ", ".join(names)
    plugins_broken = any(": ruleset.plugins: " in f or ": ruleset: " in f for f in found)
    if not merged.plugins and not plugins_broken:
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
        if cls is not None:
            _resolve_paths(merged, name, cls, raw, found, trust)
        if cls is None:
            if raw:
                where = merged.where(f"options.{name}")
                found.append(f"{where}: options.{name}: plugin {name!r} takes no options")
            continue
        try:
            converter.structure(raw, cls)
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


def _resolve_paths(
    merged: Merged, plugin: str, cls: type, raw: dict[str, Any], found: list[str], trust: Trust
) -> None:
    """Option fields marked ``metadata={"path": True}`` name files relative to the
    ruleset file that set them (not to the directory ``kd`` runs in)."""
    if not attrs.has(cls):
        return
    for f in attrs.fields(cls):
        value = raw.get(f.name)
        if not f.metadata.get("path") or not isinstance(value, str) or not value:
            continue
        key = f"options.{plugin}.{f.name}"
        owner = merged.owners.get(key)
        where = _where_key(merged, ("options", plugin, f.name))
        if value.startswith("~"):
            found.append(f"{where}: {key}: {value!r}: '~' is not expanded in ruleset files; "
                         f"{_PATH_HINT}")  # fmt: skip
        elif not trust.local_paths:
            found.append(f"{where}: {key}: this ruleset may not name files ({shown(value)})")
        elif (problem := path_problem(value)) is not None:
            found.append(f"{where}: {key}: {problem}")
        elif owner is not None and not Path(value).is_absolute():
            raw[f.name] = os.path.normpath(owner[0].path.parent / value)


def _where_key(merged: Merged, path: KeyPath) -> str:
    """``file:line`` of the longest prefix of ``path`` that a file of the chain set."""
    for n in range(len(path), 0, -1):
        owner = merged.owners.get(dotted(path[:n]))
        if owner is not None:
            src, _own = owner
            return src.where(path)
    return merged.where("ruleset")


def chain_complete(chain: list[Source]) -> bool:
    """True if the chain ends at a file without ``extends`` (nothing failed to load)."""
    return bool(chain) and chain[0].get("extends", str) is None
