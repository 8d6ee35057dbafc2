"""The repository stands on its own: no file points at a file outside it.

Users get the repository alone, so code, docs, rulesets, tests and messages must cite
the project's own pages (``docs/rules/``, ``docs/formats.md``), never the developers'
research notes that live beside the repository. And every ``docs/...`` page a file
names must exist, so a citation never dangles.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Names of files that exist only outside the repository (the research notes and
#: their data tables), and paths that lead out of it. Spelled in pieces so this file
#: does not match itself.
OUTSIDE = [
    "RULES" + ".md",
    "CONTRACT" + ".md",
    "EXPANSIONS" + ".md",
    "AGE_OF_GIANTS" + ".md",
    "QUEENDOMINO" + ".md",
    "DESIGN_NOTES" + ".md",
    "setups" + ".csv",
    "aog_setup" + ".csv",
    "../" + "shared",
    "shared/" + "rules",
    "shared/" + "design",
    "/work/" + "shared",
    "seeds" + "/",
    "seed " + "00",
]
OUTSIDE_RE = re.compile("|".join(re.escape(name) for name in OUTSIDE))

#: A path under docs/ named in a file: ``docs/rules/base.md``, ``docs/formats.md``.
DOCS_PATH_RE = re.compile(r"\bdocs/[\w./-]+\.md\b")

#: Folders that are not part of the project's files even when present.
SKIP_DIRS = {".git", ".venv", ".ci-venv", "site", "build", "dist", "__pycache__"}


def project_files() -> list[Path]:
    """The tracked files (``git ls-files``), or every file when not in a checkout."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return [
            p
            for p in ROOT.rglob("*")
            if p.is_file() and not SKIP_DIRS.intersection(p.relative_to(ROOT).parts)
        ]
    return [ROOT / name for name in listed.decode().split("\0") if name]


def text_of(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
        return None  # binary files, or deleted but still tracked


FILES = [(p, t) for p in project_files() if p != Path(__file__).resolve() and (t := text_of(p))]


def test_the_scan_sees_the_whole_project() -> None:
    names = {p.relative_to(ROOT).as_posix() for p, _ in FILES}
    assert {"README.md", "mkdocs.yml", "rulesets/base.toml", "docs/rules/base.md"} <= names
    assert any(n.startswith("plugins/kd_origins/") for n in names)
    assert any(n.startswith("tests/") for n in names)


def test_no_file_refers_to_a_file_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{lineno}: {line.strip()}"
        for path, text in FILES
        for lineno, line in enumerate(text.splitlines(), start=1)
        if OUTSIDE_RE.search(line)
    ]
    assert not found, "cite docs/rules/ or docs/formats.md instead:\n" + "\n".join(found)


def test_every_docs_page_a_file_names_exists() -> None:
    missing = sorted(
        f"{path.relative_to(ROOT)}: {name}"
        for path, text in FILES
        for name in set(DOCS_PATH_RE.findall(text))
        if not (ROOT / name).is_file()
    )
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("name", OUTSIDE)
def test_the_check_catches_each_outside_name(name: str) -> None:
    assert OUTSIDE_RE.search(f"see {name} for details")
