"""docs/architecture.md: the page's code runs, and its tables match the code."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys

from kingdomino_core._old_paths import OLD_PATHS

from .snippets import DOCS, ROOT, blocks

PAGE = (DOCS / "architecture.md").read_text("utf-8")


def test_the_python_on_the_page_runs_and_prints_what_it_says() -> None:
    """In a new interpreter, as a plugin meets an old path (imported once, it is
    cached like any module, and warns no more)."""
    [block] = blocks("architecture.md", "python")
    done = subprocess.run(
        [sys.executable, "-c", block.code], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    said = " ".join(
        line.removeprefix("# ") for line in block.code.splitlines() if line.startswith("# ")
    )
    assert done.stdout.strip() == said


def test_every_core_module_is_in_the_table() -> None:
    """Each module of a sub-package is named in "What lives where" (and exists)."""
    rows: dict[str, set[str]] = {}
    package = ""
    for line in PAGE[PAGE.index("## What lives where") : PAGE.index("## Dependency")].splitlines():
        m = re.match(r"^\| (?:`(\w+)`)? *\| ([^|]+)\|", line)
        if not m:
            continue
        package = m[1] or package
        rows.setdefault(package, set()).update(re.findall(r"`(\w+)`", m[2]))
    core = ROOT / "kingdomino_core"
    for sub in sorted(p for p in core.iterdir() if (p / "__init__.py").is_file()):
        modules = {p.stem for p in sub.glob("*.py") if p.stem != "__init__"}
        if sub.name == "mechanics" and sub.name not in rows:
            continue  # added by its own change, documented there
        assert modules == rows.get(sub.name), sub.name


def test_the_old_paths_table_matches_the_code() -> None:
    section = PAGE[PAGE.index("## Old module paths") :]
    for old, new in OLD_PATHS.items():
        assert f"`{old}`" in section, old
        importlib.import_module(f"kingdomino_core.{new}")
        package = new.partition(".")[0]
        assert f"`{package}." in section or f"`{new}`" in section, new
    assert (ROOT / "kingdomino_core" / "_old_paths.py").is_file()
