"""Where ``--ruleset X`` points: a path, or a ruleset name in the searched directories.

``X`` is a **path** when it looks like one: it contains a ``/`` (``./base.toml``,
``rulesets/x.toml``, ``/abs/x.toml``), starts with ``~`` (your home, as in the
shell) or is ``.`` or ``..``. Anything else is a **ruleset name** (``teamdomino``)
or file name (``teamdomino.toml``), looked up only in the shipped
``kingdomino_rulesets`` package (the ``rulesets/`` folder) and in each directory of
``KD_RULESET_PATH`` (``os.pathsep``-separated), never in the current directory: a
file called ``base`` lying there must not replace the base game (docs/trust.md). A
name found in two places is an error that lists both: which one was meant cannot be
guessed.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from attrs import frozen

from ..errors import RulesetError
from ..i18n import get_translation
from ..inputs.trust import Trust

_ = get_translation("kingdomino_core")

SHIPPED_PACKAGE = "kingdomino_rulesets"
ENV_VAR = "KD_RULESET_PATH"


@frozen(kw_only=True)
class RulesetEntry:
    """A ruleset file found by name: where it is and which directory it came from."""

    name: str
    path: Path
    #: ``"shipped"`` or ``"KD_RULESET_PATH"``.
    where: str


def search_dirs() -> list[tuple[str, Path]]:
    """Directories searched for ruleset names: shipped first, then ``KD_RULESET_PATH``."""
    dirs = [("shipped", Path(str(resources.files(SHIPPED_PACKAGE))))]
    for part in os.environ.get(ENV_VAR, "").split(os.pathsep):
        if part.strip():
            dirs.append((ENV_VAR, Path(part).expanduser()))
    return dirs


def list_rulesets() -> list[RulesetEntry]:
    """Every ruleset file in the searched directories (one entry per file)."""
    found: list[RulesetEntry] = []
    seen: set[Path] = set()
    for where, folder in search_dirs():
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            key = path.resolve()
            if key not in seen:
                seen.add(key)
                found.append(RulesetEntry(name=path.stem, path=path, where=where))
    return found


def looks_like_path(arg: str) -> bool:
    """True if ``arg`` names a file by path rather than a ruleset by name."""
    seps = {"/", os.sep, os.altsep or "/"}
    return any(s in arg for s in seps) or arg.startswith("~") or arg in (".", "..")


#: Longest ruleset argument or name accepted (longer ones are refused, not looked up).
MAX_NAME = 255


def file_kind(path: Path) -> str | None:
    """``"file"``, ``"dir"``, ``"other"`` or None (missing, or a name the system refuses)."""
    try:
        if path.is_file():
            return "file"
        if path.is_dir():
            return "dir"
        return "other" if path.exists() else None
    except (OSError, ValueError):  # name too long, embedded NUL, ...
        return None


def _by_name(name: str) -> list[Path]:
    """Files in the searched directories matching a ruleset name or file name."""
    filename = name if name.endswith(".toml") else f"{name}.toml"
    matches: list[Path] = []
    for _where, folder in search_dirs():
        candidate = folder / filename
        if file_kind(candidate) == "file" and all(
            candidate.resolve() != m.resolve() for m in matches
        ):
            matches.append(candidate)
    return matches


class RulesetNotFoundError(RulesetError):
    """No searched folder holds a ruleset of that name (``extends`` says it in its own
    words)."""


def _check_name(arg: str) -> None:
    if not arg or not arg.strip():
        raise RulesetError([_("an empty ruleset name: give a ruleset name or a path")])
    if "\0" in arg or len(arg) > 4096 or any(len(p) > MAX_NAME for p in arg.split("/")):
        shown = arg[:40].replace("\0", "\\0") + ("..." if len(arg) > 40 else "")
        raise RulesetError(
            [
                _(
                    "ruleset {name!r}: not a usable name (NUL byte, or a part over {most} "
                    "characters)"
                ).format(name=shown, most=MAX_NAME)
            ]
        )


def find_ruleset(arg: str) -> Path:
    """The file ``--ruleset arg`` means (see the module docstring for the rules)."""
    _check_name(arg)
    if looks_like_path(arg):
        path = Path(arg).expanduser()
        kind = file_kind(path)
        if kind == "file":
            return path
        if kind == "dir":
            raise RulesetError([_("{file}: is a directory, not a ruleset file").format(file=arg)])
        if kind is not None:
            raise RulesetError(
                [_("{file}: not a regular file (a device, FIFO or socket)").format(file=arg)]
            )
        raise RulesetError([_("{file}: no such ruleset file").format(file=arg)])
    matches = _by_name(arg)
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise RulesetError(
            [
                _(
                    "ruleset name {name!r} is ambiguous: it matches {files}; give a path instead"
                ).format(name=arg, files=_(" and ").join(str(m) for m in matches))
            ]
        )
    raise RulesetNotFoundError([not_found(arg, Path("."), here=True)])


def not_found(name: str, folder: Path, here: bool) -> str:
    """The message for a ruleset name that no searched directory holds (``here``: the
    name was given on the command line, else in ``extends`` of a file in ``folder``)."""
    known = ", ".join(sorted({e.name for e in list_rulesets()})) or _("(none)")
    searched = ", ".join(str(d) for _w, d in search_dirs())
    message = _("no ruleset named {name!r} in {folders}; known rulesets: {known}").format(
        name=name, folders=searched, known=known
    )
    if file_kind(folder / name) == "file":
        # A file of that name is not looked up by name (docs/trust.md): say how.
        words = (
            _("{message}; the file {name!r} here is not used unless given as a path: ./{name}")
            if here
            else _(
                "{message}; the file {name!r} next to this file is not used unless given as a "
                "path: ./{name}"
            )
        )
        message = words.format(message=message, name=name)
    return message


def resolve_extends(value: str, naming: Path, trust: Trust) -> Path:
    """The file ``extends = value`` in ``naming`` means: a bare name is looked up like
    ``--ruleset NAME`` (shipped rulesets and ``KD_RULESET_PATH`` only); a path is
    relative to the file that holds it."""
    if not value.strip():
        raise RulesetError([_("an empty name: give a ruleset name or a path")])
    if value.startswith("~"):
        raise RulesetError([tilde_message(value)])
    if not looks_like_path(value):
        try:
            return find_ruleset(value)
        except RulesetNotFoundError:
            raise RulesetError([not_found(value, naming.parent, here=False)]) from None
    if not trust.local_paths:
        raise RulesetError(
            [
                _(
                    "{value!r}: this ruleset may only extend a ruleset by name, not a file path"
                ).format(value=value)
            ]
        )
    relative = Path(os.path.normpath(naming.parent / value))
    kind = file_kind(relative)
    if kind == "file":
        return relative
    if kind == "dir":
        raise RulesetError(
            [_("{file!r} is a directory, not a ruleset file").format(file=str(relative))]
        )
    if kind is not None:
        raise RulesetError(
            [
                _("{file!r}: not a regular file (a device, FIFO or socket)").format(
                    file=str(relative)
                )
            ]
        )
    raise RulesetError([_("no ruleset file {file!r}").format(file=str(relative))])


def tilde_message(value: str) -> str:
    """Why ``value`` (starting with ``~``) is refused inside a ruleset file."""
    return _(
        "{value!r}: '~' is not expanded in ruleset files; write a path relative to this "
        "file (./x, ../x) or an absolute one"
    ).format(value=value)
