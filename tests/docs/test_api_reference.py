"""Issue 11 item 7: the API reference covers every public name, each with a docstring.

Public: every name exported by ``kingdomino_core``, ``kingdomino_core.testing`` and
the play layer ``kingdomino_play`` (their ``__all__``), and the public methods,
properties and attributes of the exported classes. Docstrings are read by griffe, with
the same extensions as the site (``#:`` comments document attributes; an override
inherits its base's docstring), so "documented" here means "documented on the site".
"""

from __future__ import annotations

import importlib
import re
import textwrap
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from .conftest import Site
from .snippets import DOCS, ROOT

griffe = pytest.importorskip("griffe", reason="mkdocstrings[python] is not installed")

PACKAGES = ("kingdomino_core", "kingdomino_core.testing", "kingdomino_play")
EXTENSIONS = ("griffe_sphinx", "griffe_inherited_docstrings")
REFERENCE = DOCS / "reference"
_DIRECTIVE = re.compile(r"^::: ([\w.]+)\s*$", re.M)


def load(package: str, search: Path) -> griffe.Module:
    return griffe.load(
        package,
        search_paths=[str(search)],
        extensions=griffe.load_extensions(*EXTENSIONS),
        resolve_aliases=True,
        resolve_external=False,
    )


def runtime_members(cls: type) -> set[str]:
    """Public names a class defines itself: methods, properties, fields, slots."""
    names = (
        set(vars(cls))
        | set(getattr(cls, "__slots__", ()))
        | set(vars(cls).get("__annotations__", {}))
    )
    return {n for n in names if not n.startswith("_")}


def public_paths(
    package: str, tree: griffe.Module, extra: Iterable[str] = ()
) -> Iterator[tuple[str, object]]:
    """``(dotted path, griffe object or None)`` of every public name of ``package``:
    its ``__all__``, the ``extra`` dotted names (public names of its submodules the
    reference documents), and the public members of those that are classes."""
    module = importlib.import_module(package)
    roots = [f"{package}.{name}" for name in module.__all__]
    roots += [name for name in extra if name not in roots]
    for root in roots:
        owner, _, name = root.rpartition(".")
        node = tree
        for part in owner.split(".")[1:]:
            node = node[part]
        target = node[name].final_target if node[name].is_alias else node[name]
        yield root, target
        value = getattr(importlib.import_module(owner), name)
        if not isinstance(value, type) or not target.is_class:
            continue
        known = {n for n, m in target.members.items() if not n.startswith("_")}
        for member in sorted(runtime_members(value) | known):
            yield f"{root}.{member}", target.members.get(member)


def undocumented(package: str, tree: griffe.Module, extra: Iterable[str] = ()) -> list[str]:
    """Public paths without a docstring (or invisible to the reference)."""
    found = []
    for path, obj in public_paths(package, tree, extra):
        if obj is None:
            found.append(
                f"{path}: not visible to the reference (declare it in the class "
                "body or __init__, with a '#:' comment above it)"
            )
        elif not (obj.docstring and obj.docstring.value.strip()):  # type: ignore[attr-defined]
            found.append(f"{path}: no docstring")
    return found


@pytest.fixture(scope="module")
def trees() -> dict[str, griffe.Module]:
    core = load("kingdomino_core", ROOT)
    play = load("kingdomino_play", ROOT)
    return {"kingdomino_core": core, "kingdomino_core.testing": core, "kingdomino_play": play}


def submodule_names(package: str) -> list[str]:
    """Names of ``package``'s submodules documented by the reference (not exports)."""
    return sorted(
        name
        for name in directives()
        if name.startswith(package + ".")
        and name not in exported()
        and not any(name.startswith(p + ".") and p != package for p in PACKAGES)
    )


@pytest.mark.parametrize("package", PACKAGES)
def test_every_public_name_has_a_docstring(package: str, trees: dict[str, griffe.Module]) -> None:
    extra = submodule_names(package) if package != "kingdomino_core.testing" else []
    assert undocumented(package, trees[package], extra) == []


def directives() -> dict[str, str]:
    """``::: name`` lines of the reference pages: name -> page."""
    found: dict[str, str] = {}
    for page in sorted(REFERENCE.glob("*.md")):
        for name in _DIRECTIVE.findall(page.read_text("utf-8")):
            assert name not in found, f"{name} is in both {found[name]} and {page.name}"
            found[name] = page.name
    return found


def exported() -> list[str]:
    return [f"{p}.{n}" for p in PACKAGES for n in importlib.import_module(p).__all__]


def test_every_exported_name_is_in_the_reference() -> None:
    pages = directives()
    missing = [name for name in exported() if name not in pages]
    assert missing == [], "add a '::: NAME' line to a page of docs/reference/ for each"
    # Beyond the exports, a page may document a public name of a submodule
    # (``kingdomino_core.engine.agents.installed_agents``); it must exist.
    stale = [name for name in sorted(set(pages) - set(exported())) if not importable(name)]
    assert stale == [], "the reference names things that do not exist"


def importable(dotted: str) -> bool:
    module, _, name = dotted.rpartition(".")
    try:
        return not name.startswith("_") and hasattr(importlib.import_module(module), name)
    except ImportError:
        return False


def test_the_built_reference_shows_every_public_name(
    site: Site, trees: dict[str, griffe.Module]
) -> None:
    assert site.returncode == 0, site.output
    html = "".join(p.read_text("utf-8") for p in sorted((site.root / "reference").rglob("*.html")))
    anchors = set(re.findall(r'id="(kingdomino_(?:core|play)[\w.]*)"', html))
    paths = [
        path
        for package in PACKAGES
        for path, _ in public_paths(
            package,
            trees[package],
            submodule_names(package) if package != "kingdomino_core.testing" else (),
        )
    ]
    assert len(paths) > 300
    assert [p for p in paths if p not in anchors] == []
    # What the issue named, by name, with words from its docstring on the page.
    for path, words in {
        "kingdomino_core.Kingdom.minx": "Bounding box",
        "kingdomino_core.Kingdom.discards": "Harmony",
        "kingdomino_core.Game.next_line": "picked from",
        "kingdomino_core.Direction": "E, S, W, N",
        "kingdomino_core.RuleBook.handlers": "originally registered",
    }.items():
        start = html.index(f'id="{path}"')
        assert words in html[start : start + 3000], path


def test_the_check_finds_an_undocumented_name(tmp_path: Path) -> None:
    """The checker itself: a package with undocumented public names is caught."""
    pkg = tmp_path / "demo_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        textwrap.dedent('''
            """A package."""
            __all__ = ["Thing", "helper"]

            class Thing:
                """A thing."""

                #: Documented.
                size: int = 1
                colour: str = "red"

                def __init__(self) -> None:
                    self.weight = 2

                def grow(self) -> None:
                    pass

            def helper() -> None:
                pass
        '''),
        "utf-8",
    )
    import sys

    sys.path.insert(0, str(tmp_path))
    try:
        found = undocumented("demo_pkg", load("demo_pkg", tmp_path))
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("demo_pkg", None)
    assert found == [
        "demo_pkg.Thing.colour: no docstring",
        "demo_pkg.Thing.grow: no docstring",
        "demo_pkg.Thing.weight: no docstring",
        "demo_pkg.helper: no docstring",
    ]


_IMPORT = re.compile(
    r"from (kingdomino_(?:core|play)(?:\.\w+)*) import (?:\(([^)]*)\)|([^\n#]+))", re.M
)


def names_the_docs_import() -> list[tuple[str, str]]:
    """``(page, dotted name)`` for every name the docs' code imports from the core."""
    found = []
    tools = {DOCS / "gen_hooks.py", DOCS / "griffe_roles.py"}  # build tools, not docs
    pages = sorted({*DOCS.rglob("*.md"), *DOCS.rglob("*.py"), ROOT / "README.md"} - tools)
    for page in pages:
        for module, grouped, single in _IMPORT.findall(page.read_text("utf-8")):
            for item in (grouped or single).replace("\n", " ").split(","):
                name = item.split(" as ")[0].strip()
                if name:
                    found.append((str(page.relative_to(ROOT)), f"{module}.{name}"))
    return found


def test_every_name_the_docs_import_is_in_the_reference() -> None:
    """What a guide teaches an embedding program or plugin to import is documented
    (directly, or as the same object exported from the package)."""
    pages = directives()
    by_object = {}
    for name in pages:
        owner, _, attr = name.rpartition(".")
        by_object[id(getattr(importlib.import_module(owner), attr))] = name
    imported = names_the_docs_import()
    assert len(imported) > 20
    missing = []
    for page, name in imported:
        owner, _, attr = name.rpartition(".")
        if name in pages:
            continue
        value = getattr(importlib.import_module(owner), attr, None)
        if value is None or id(value) not in by_object:
            missing.append(f"{page}: {name}")
    assert missing == [], "add a '::: NAME' line to a page of docs/reference/ for each"
