"""``kd new-plugin NAME``: scaffold a plugin package that passes its own tests.

The package has the entry point (group ``kingdomino.plugins``), a module with a
documented hook stub, a ruleset activating it on top of the base game, and a test
using ``kingdomino_core.testing``. The templates live in ``templates/plugin/``.
"""

from __future__ import annotations

import importlib.util
import keyword
import os
import re
import shutil
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Annotated

import typer

from kingdomino_core import HOOK_API, PluginError
from kingdomino_core.plugins import default_catalogue

from .exit_codes import ExitCode

_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_MAX_NAME = 40

#: Template file -> path in the package (``{name}``/``{module}`` filled in).
FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "module.py.tmpl": "src/{module}/__init__.py",
    "ruleset.toml.tmpl": "{name}.toml",
    "test_plugin.py.tmpl": "tests/test_{name}.py",
}


class ScaffoldError(Exception):
    """Bad name or target; ``status`` is the exit status to return."""

    def __init__(self, message: str, status: ExitCode = ExitCode.USAGE) -> None:
        self.status = status
        super().__init__(message)


def check_name(name: str) -> None:
    """A plugin name is what rulesets write: a lowercase Python identifier, not taken."""
    if not _NAME.match(name) or len(name) > _MAX_NAME:
        raise ScaffoldError(
            f"plugin name {name!r} is not valid: expected lowercase letters, digits and "
            f"underscores, starting with a letter, at most {_MAX_NAME} characters "
            "(e.g. lakes_double)"
        )
    if keyword.iskeyword(name):
        raise ScaffoldError(f"plugin name {name!r} is a Python keyword; choose another")
    catalogue = default_catalogue()
    if name in catalogue.names():
        try:
            origin = catalogue.get(name).origin
        except PluginError:
            origin = "an installed package"
        raise ScaffoldError(
            f"plugin name {name!r} is already taken by an installed plugin ({origin}); "
            "choose another"
        )
    module = module_name(name)
    if importlib.util.find_spec(module) is not None:
        raise ScaffoldError(
            f"a module named {module!r} already exists in this Python; choose another name"
        )


def module_name(name: str) -> str:
    """The package's module: prefixed so it never shadows another module (``random``)."""
    return f"kd_{name}"


def dist_name(name: str) -> str:
    return "kingdomino-" + name.replace("_", "-")


def render(name: str) -> dict[str, str]:
    """Relative path -> text of every file of the package."""
    values = {
        "name": name,
        "module": module_name(name),
        "dist": dist_name(name),
        "hook_api": str(HOOK_API),
    }
    folder = resources.files("kingdomino_cli").joinpath("templates", "plugin")
    out = {}
    for template, target in FILES.items():
        text = folder.joinpath(template).read_text("utf-8")
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        out[target.format(**values)] = text
    return out


def scaffold(name: str, target: Path) -> list[str]:
    """Write the package for ``name`` into ``target`` (new, or an empty folder).

    Files are written into a temporary sibling folder first and moved into place at
    the end, so a failure leaves nothing half-made. Returns the files written.
    """
    check_name(name)
    if target.exists() and not target.is_dir():
        raise ScaffoldError(f"{target} exists and is not a directory; nothing was written")
    if target.is_dir() and any(target.iterdir()):
        raise ScaffoldError(
            f"{target} already exists and is not empty; choose another --dir "
            "(nothing was overwritten)"
        )
    files = render(name)
    parent = target.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".kd-new-plugin-", dir=parent))
        try:
            staging.chmod(0o777 & ~_umask())  # mkdtemp makes it private; a package is not
            for rel, text in files.items():
                path = staging / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, "utf-8")
            if target.is_dir():
                target.rmdir()  # empty, checked above
            os.replace(staging, target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    except OSError as exc:
        raise ScaffoldError(
            f"cannot write {target}: {exc.strerror or exc}", ExitCode.INPUT
        ) from exc
    return sorted(files)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def new_plugin(
    name: Annotated[
        str,
        typer.Argument(help="Plugin name, as rulesets will write it (e.g. lakes_double)."),
    ],
    directory: Annotated[
        Path | None,
        typer.Option(
            "--dir",
            help="Folder to create (default: ./kingdomino-NAME); must not exist or be empty.",
        ),
    ] = None,
) -> None:
    """Create a plugin package: entry point, hook stub, ruleset and a passing test."""
    target = directory if directory is not None else Path(dist_name(name))
    try:
        files = scaffold(name, target)
    except ScaffoldError as exc:
        print(f"kd: error: {exc}", file=sys.stderr)
        raise typer.Exit(int(exc.status)) from None
    print(f"Created plugin {name!r} in {target}:")
    for rel in files:
        print(f"  {rel}")
    print(
        "Next:\n"
        f"  cd {target}\n"
        "  pip install -e .             # makes the entry point visible to kd\n"
        "  pytest tests                 # passes as generated\n"
        f"  kd plugins list              # shows {name}\n"
        f"  kd play --ruleset ./{name}.toml"
    )


def register(app: typer.Typer) -> None:
    app.command("new-plugin")(new_plugin)
