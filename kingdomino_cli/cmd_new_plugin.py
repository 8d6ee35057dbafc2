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
from kingdomino_core.hooks.plugins import default_catalogue
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.files import path_problem, shown

from .exit_codes import ExitCode, error_line

_ = package_translation("kingdomino_cli")
_l = _.lazy

# Words of lowercase letters and digits joined by single ``_`` or ``-``.
_NAME = re.compile(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*\Z")
_MAX_NAME = 40

#: Plugin names used by the house rules shipped in the repository's ``examples/``
#: and by the plugin guide's tutorial (``docs/tutorial/``). Their files are not
#: installed with kingdomino, so the catalogue does not know them; a scaffold under
#: one of these names would collide as soon as both are loaded (the tutorial's
#: ``lakes`` with a package made by ``kd new-plugin lakes``). A test keeps this
#: table equal to the names found in those folders.
SHIPPED_EXAMPLES: dict[str, str] = {
    "big_estates": "examples/embed.py",
    "castle_later": "examples/castle-later",
    "draft": "examples/draft",
    "first_block": "examples/first-block",
    "four_by_six": "examples/four-by-six",
    "joker": "examples/joker",
    "lakes": "docs/tutorial (the plugin guide's tutorial)",
    "lakes_double": "examples/lakes-double-package",
    "last_swap": "examples/last-swap",
    "long_lines": "examples/long-lines",
    "lookahead": "examples/lookahead",
    "redraw": "examples/redraw",
    "reverse_order": "examples/reverse-order",
    "secret_objective": "examples/secret-objective",
    "six_by_six": "examples/six-by-six",
    "solo_challenge": "examples/solo-challenge",
    "two_lines": "examples/two-lines",
}

#: Template file -> path in the package (``{name}``, ``{file}``, ``{module}`` filled in:
#: the plugin name, the name as typed, the module).
FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "module.py.tmpl": "src/{module}/__init__.py",
    "ruleset.toml.tmpl": "{file}.toml",
    "test_plugin.py.tmpl": "tests/test_{name}.py",
}


class ScaffoldError(Exception):
    """Bad name or target; ``status`` is the exit status to return."""

    def __init__(self, message: str, status: ExitCode = ExitCode.USAGE) -> None:
        self.status = status
        super().__init__(message)


def plugin_name(name: str) -> str:
    """The name rulesets write for ``name`` as typed: hyphens become underscores, so
    ``lakes-double`` and ``lakes_double`` are one plugin (module ``kd_lakes_double``)."""
    return name.replace("-", "_")


def check_name(name: str) -> None:
    """A plugin name is what rulesets write: lowercase words, not taken.

    Refused: a malformed name, a Python keyword, the name of an installed plugin or
    of a shipped example, and a name whose module already exists.
    """
    if not _NAME.match(name) or len(name) > _MAX_NAME:
        raise ScaffoldError(
            _(
                "plugin name {name!r} is not valid: expected lowercase letters and digits, "
                "words joined by single hyphens or underscores, starting with a letter, at "
                "most {most} characters (e.g. lakes-double or lakes_double)"
            ).format(name=name, most=_MAX_NAME)
        )
    plugin = plugin_name(name)
    if keyword.iskeyword(plugin):
        raise ScaffoldError(
            _("plugin name {name!r} is a Python keyword; choose another").format(name=name)
        )
    catalogue = default_catalogue()
    if plugin in catalogue.names():
        try:
            origin = catalogue.get(plugin).origin
        except PluginError:
            origin = _("an installed package")
        raise ScaffoldError(
            _(
                "plugin name {name!r} is already taken by an installed plugin ({origin}); "
                "choose another"
            ).format(name=name, origin=origin)
        )
    if plugin in SHIPPED_EXAMPLES:
        raise ScaffoldError(
            _(
                "plugin name {name!r} is already used by a house rule shipped with kingdomino "
                "({example}); the two would collide once both are loaded: choose another"
            ).format(name=name, example=SHIPPED_EXAMPLES[plugin])
        )
    module = module_name(name)
    if importlib.util.find_spec(module) is not None:
        raise ScaffoldError(
            _(
                "a module named {module!r} already exists in this Python; choose another name"
            ).format(module=module)
        )


def module_name(name: str) -> str:
    """The package's module: prefixed so it never shadows another module (``random``)."""
    return f"kd_{plugin_name(name)}"


def dist_name(name: str) -> str:
    """The distribution (pip) name: ``kingdomino-`` and the name with hyphens."""
    return "kingdomino-" + name.replace("_", "-")


def render(name: str) -> dict[str, str]:
    """Relative path -> text of every file of the package (``name`` as typed)."""
    values = {
        "name": plugin_name(name),
        "file": name,
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
    problem = path_problem(str(target))
    if problem is not None:  # before any system call: ENAMETOOLONG was exit 1
        raise ScaffoldError(
            _("--dir {folder}: {problem}; nothing was written").format(
                folder=shown(target), problem=problem
            )
        )
    if target.exists() and not target.is_dir():
        raise ScaffoldError(
            _("{folder} exists and is not a directory; nothing was written").format(folder=target)
        )
    if target.is_dir() and any(target.iterdir()):
        raise ScaffoldError(
            _(
                "{folder} already exists and is not empty; choose another --dir "
                "(nothing was overwritten)"
            ).format(folder=target)
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
            _("cannot write {file}: {reason}").format(file=target, reason=exc.strerror or exc),
            ExitCode.INPUT,
        ) from exc
    return sorted(files)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def new_plugin(
    name: Annotated[
        str,
        typer.Argument(
            help=_l(
                "Plugin name (e.g. lakes-double); rulesets write it with underscores "
                "(lakes_double), the module is kd_lakes_double."
            )
        ),
    ],
    directory: Annotated[
        Path | None,
        typer.Option(
            "--dir",
            help=_l("Folder to create (default: ./kingdomino-NAME); must not exist or be empty."),
        ),
    ] = None,
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    target = directory if directory is not None else Path(dist_name(name))
    try:
        files = scaffold(name, target)
    except ScaffoldError as exc:
        print(error_line(exc), file=sys.stderr)
        raise typer.Exit(int(exc.status)) from None
    plugin = plugin_name(name)
    print(
        _("Created plugin {plugin!r} (module {module}) in {folder}:").format(
            plugin=plugin, module=module_name(name), folder=target
        )
    )
    for rel in files:
        print(f"  {rel}")
    print(_("Next:"))
    print(f"  cd {target}")
    print("  pip install -e .             # " + _("makes the entry point visible to kd"))
    print("  pytest tests                 # " + _("passes as generated"))
    print("  kd plugins list              # " + _("shows {plugin}").format(plugin=plugin))
    print(f"  kd play --ruleset ./{name}.toml")


def register(app: typer.Typer) -> None:
    app.command(
        "new-plugin",
        help=_l("Create a plugin package: entry point, hook stub, ruleset and a passing test."),
    )(new_plugin)
