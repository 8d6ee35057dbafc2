"""Where ``--ruleset X`` points: a path, or a ruleset name in the searched directories.

An existing path wins. Otherwise ``X`` is a ruleset name (``teamdomino``) or file
name (``teamdomino.toml``) looked up in the shipped ``kingdomino_rulesets`` package
(the ``rulesets/`` folder) and in each directory of ``KD_RULESET_PATH``
(``os.pathsep``-separated), so it works from any directory. A name found in two
places is an error that lists both: which one was meant cannot be guessed.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from attrs import frozen

from .errors import RulesetError

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


def _by_name(name: str) -> list[Path]:
    """Files in the searched directories matching a ruleset name or file name."""
    filename = name if name.endswith(".toml") else f"{name}.toml"
    matches: list[Path] = []
    for _where, folder in search_dirs():
        candidate = folder / filename
        if candidate.is_file() and all(candidate.resolve() != m.resolve() for m in matches):
            matches.append(candidate)
    return matches


def find_ruleset(arg: str) -> Path:
    """The file ``--ruleset arg`` means (see the module docstring for the order)."""
    path = Path(arg).expanduser()
    if path.is_file():
        return path
    if path.is_dir():
        raise RulesetError([f"{arg}: is a directory, not a ruleset file"])
    if path.name == arg:  # a bare name, not a path
        matches = _by_name(arg)
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise RulesetError(
                [
                    f"ruleset name {arg!r} is ambiguous: it matches "
                    + " and ".join(str(m) for m in matches)
                    + "; give a path instead"
                ]
            )
    known = ", ".join(sorted({e.name for e in list_rulesets()})) or "(none)"
    if path.name != arg:
        raise RulesetError([f"{arg}: no such ruleset file (shipped rulesets: {known})"])
    searched = ", ".join(str(d) for _w, d in search_dirs())
    raise RulesetError(
        [
            f"ruleset {arg!r} not found: no such file here, and no ruleset of that name "
            f"in {searched}; known rulesets: {known}"
        ]
    )
