"""Helpers for the tests of ``examples/``: where the examples are, and a fake install.

``fake_install`` writes the ``.dist-info`` that ``pip install`` would write for an
example package (its entry points read from its own ``pyproject.toml``) into a
temporary folder. With that folder and the package's ``src`` on ``sys.path``,
``importlib.metadata`` finds the entry point exactly as for an installed package,
without touching the environment the other tests share.
"""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
JOKER = EXAMPLES / "joker" / "joker.toml"
LONG_LINES = EXAMPLES / "long-lines" / "long-lines.toml"
LAKES_PACKAGE = EXAMPLES / "lakes-double-package"
LAKES = LAKES_PACKAGE / "lakes-double.toml"
FIRST_BLOCK = EXAMPLES / "first-block" / "first-block.toml"
SIX_BY_SIX = EXAMPLES / "six-by-six" / "six-by-six.toml"
REVERSE_ORDER = EXAMPLES / "reverse-order" / "reverse-order.toml"
LOOKAHEAD = EXAMPLES / "lookahead" / "lookahead.toml"
REDRAW = EXAMPLES / "redraw" / "redraw.toml"
TWO_LINES = EXAMPLES / "two-lines" / "two-lines.toml"
DRAFT = EXAMPLES / "draft" / "draft.toml"
LAST_SWAP = EXAMPLES / "last-swap" / "last-swap.toml"
FOUR_BY_SIX = EXAMPLES / "four-by-six" / "four-by-six.toml"
CASTLE_LATER = EXAMPLES / "castle-later" / "castle-later.toml"
SECRET_OBJECTIVE = EXAMPLES / "secret-objective" / "secret-objective.toml"
SOLO_CHALLENGE = EXAMPLES / "solo-challenge" / "solo-challenge.toml"


def fake_install(package: Path, target: Path) -> dict[str, dict[str, str]]:
    """Write ``package``'s distribution metadata into ``target``; return its entry points."""
    project = tomllib.loads((package / "pyproject.toml").read_text("utf-8"))["project"]
    name, version = project["name"], project["version"]
    info = target / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", "utf-8"
    )
    groups: dict[str, dict[str, str]] = project.get("entry-points", {})
    text = "".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items())
        for group, entries in groups.items()
    )
    (info / "entry_points.txt").write_text(text, "utf-8")
    return groups


def load_example(path: Path) -> ModuleType:
    """Import an example script (``examples/embed.py``) as a module."""
    spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
