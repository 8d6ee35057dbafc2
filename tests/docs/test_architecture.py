"""docs/architecture.md: the page's code runs, and its tables match the code."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from .snippets import DOCS, ROOT, blocks

PAGE = (DOCS / "architecture.md").read_text("utf-8")


def test_the_python_on_the_page_runs_and_prints_what_it_says() -> None:
    """In a new interpreter: an old module path is gone, the one paths import."""
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


# The layers of "Dependency direction", lowest first; errors.py is below them all.
LAYERS = {
    "errors": 0,
    "model": 1,
    "inputs": 1,
    "hooks": 2,
    "engine": 3,
    "rulesets": 4,
    "saves": 4,
    "mechanics": 4,
    "testing": 5,
}


def runtime_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, absolute module)`` of every import that runs (not under
    ``if TYPE_CHECKING:``), function-local ones included."""
    tree = ast.parse(path.read_text("utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    skipped = {
        id(node)
        for branch in ast.walk(tree)
        if isinstance(branch, ast.If) and ast.unparse(branch.test) == "TYPE_CHECKING"
        for statement in branch.body
        for node in ast.walk(statement)
    }
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.append((node.lineno, module))
    return found


def core_modules() -> list[Path]:
    return sorted((ROOT / "kingdomino_core").rglob("*.py"))


def test_the_core_never_imports_a_plugin_or_a_front_end() -> None:
    outside = (
        "kd_",
        "kingdomino_cli",
        "kingdomino_play",
        "kingdomino_web",
        "kingdomino_rl",
        "plugins",
    )
    bad = [
        f"{path.relative_to(ROOT)}:{line}: {module}"
        for path in core_modules()
        for line, module in runtime_imports(path)
        if module.startswith(outside)
    ]
    assert bad == []


def test_packages_import_only_downwards_at_runtime() -> None:
    """What "Dependency direction" says, checked on every import that runs. A package
    may name a higher one in annotations only (under ``if TYPE_CHECKING:``)."""
    bad = []
    for path in core_modules():
        parts = path.relative_to(ROOT / "kingdomino_core").with_suffix("").parts
        if len(parts) < 2:
            continue  # kingdomino_core/__init__.py, errors.py
        mine = LAYERS[parts[0]]
        for line, module in runtime_imports(path):
            names = module.split(".")
            if names[0] != "kingdomino_core" or len(names) < 2 or names[1] == "__init__":
                continue
            theirs = LAYERS.get(names[1], 0)
            if names[1] != parts[0] and theirs >= mine:
                bad.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
    assert bad == []


# "Inside engine the same holds, in this order" (docs/architecture.md).
ENGINE_ORDER = (
    "config",
    "validation",
    "words",
    "conditions",
    "handlers",
    "state",
    "views",
    "rules",
    "steps",
    "castle",
    "encoding",
    "registry",
    "rounds",
    "match",
    "scores",
    "game",
    "engine",
    "agents",
)


def test_engine_modules_import_only_earlier_ones_at_runtime() -> None:
    engine = ROOT / "kingdomino_core" / "engine"
    assert sorted(ENGINE_ORDER) == sorted(
        p.stem for p in engine.glob("*.py") if p.stem != "__init__"
    )
    assert " ".join(f"`{name}`" for name in ENGINE_ORDER).replace("` `", "`, `") in " ".join(
        PAGE.split()
    )
    bad = []
    for path in sorted(engine.glob("*.py")):
        if path.stem == "__init__":
            continue
        mine = ENGINE_ORDER.index(path.stem)
        for line, module in runtime_imports(path):
            if module.startswith("kingdomino_core.engine."):
                theirs = module.split(".")[2]
                if ENGINE_ORDER.index(theirs) >= mine:
                    bad.append(f"engine/{path.name}:{line}: imports {module}")
    assert bad == []


def test_every_core_module_is_under_500_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in core_modules()
        if (n := len(path.read_text("utf-8").splitlines())) >= 500
    }
    assert long == {}


def test_no_front_end_package_has_an_import_cycle() -> None:
    """Modules of ``kingdomino_cli``, ``kingdomino_rl`` and ``kingdomino_web`` import
    each other without a cycle, function-local imports included (issue 22: the job
    runner and the Ray backend imported each other)."""
    cycles = []
    for package in ("kingdomino_cli", "kingdomino_rl", "kingdomino_web"):
        graph = {
            f"{package}.{path.stem}": {
                module
                for _, module in runtime_imports(path)
                if module.startswith(f"{package}.") and module != f"{package}.{path.stem}"
            }
            for path in sorted((ROOT / package).glob("*.py"))
        }
        for start, targets in graph.items():
            seen, todo = set(), list(targets)
            while todo:
                module = todo.pop()
                if module not in seen:
                    seen.add(module)
                    todo.extend(graph.get(module, ()))
            if start in seen:
                cycles.append(start)
    assert cycles == []
