"""The documentation covers what the code has: every hook, plugin option and ``kd`` command.

Each test names what is missing and where to document it, so an engineer who adds a
hook, an option or a command learns here that the docs need it too.
"""

from __future__ import annotations

import importlib.util
import re
import types
from pathlib import Path
from typing import Any

import attrs
import pytest
import typer

from kingdomino_cli.app import app
from kingdomino_core import Engine, Ruleset, hookimpl
from kingdomino_core.hooks import specs as hookspecs
from kingdomino_core.hooks.plugins import default_catalogue

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _load_gen_hooks() -> Any:
    spec = importlib.util.spec_from_file_location("gen_hooks", DOCS / "gen_hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _all_docs() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(DOCS.rglob("*.md")))


def _nav_pages() -> list[str]:
    """Every ``.md`` page named in the ``nav`` of mkdocs.yml (no YAML library needed)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text[text.index("\nnav:") :]
    return re.findall(r"([\w./-]+\.md)\s*$", nav, flags=re.MULTILINE)


# -- hooks ---------------------------------------------------------------------------------

HOOKS = sorted(hookspecs.hook_names())


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_a_section_in_hooks_md(hook: str) -> None:
    page = (DOCS / "hooks.md").read_text(encoding="utf-8")
    assert f"\n### {hook}\n" in page, (
        f"hook {hook} (kingdomino_core/hooks/specs.py) is missing from docs/hooks.md: "
        "run python docs/gen_hooks.py"
    )


def test_hooks_md_is_generated_from_the_current_docstrings() -> None:
    expected = _load_gen_hooks().render()
    found = (DOCS / "hooks.md").read_text(encoding="utf-8")
    assert found == expected, "docs/hooks.md is out of date: run python docs/gen_hooks.py"


def test_every_hook_appears_in_the_turn_diagram_or_build_list_of_the_guide() -> None:
    guide = (DOCS / "plugin-guide.md").read_text(encoding="utf-8")
    missing = [h for h in HOOKS if h not in guide]
    assert not missing, f"docs/plugin-guide.md does not mention hooks {missing}"


def test_hook_call_order_is_as_documented() -> None:
    """hooks.md and the plugin guide: build hooks in ruleset order, game hooks reversed."""
    calls: list[tuple[str, str]] = []

    def plugin(name: str) -> types.ModuleType:
        module = types.ModuleType(name)
        module.NAME = name  # type: ignore[attr-defined]

        @hookimpl
        def kd_configure(config: Any) -> None:
            calls.append(("kd_configure", name))

        @hookimpl
        def kd_register_rules(rules: Any) -> None:
            calls.append(("kd_register_rules", name))

        @hookimpl
        def kd_setup_game(game: Any) -> None:
            calls.append(("kd_setup_game", name))

        for fn in (kd_configure, kd_register_rules, kd_setup_game):
            setattr(module, fn.__name__, fn)
        return module

    catalogue = default_catalogue().copy()
    catalogue.add_module(plugin("first"))
    catalogue.add_module(plugin("second"))
    engine = Engine(
        Ruleset(name="order", plugins=["base", "first", "second"]), 2, catalogue=catalogue
    )
    engine.new_game(seed=1)
    assert calls == [
        ("kd_configure", "first"),
        ("kd_configure", "second"),
        ("kd_register_rules", "first"),
        ("kd_register_rules", "second"),
        ("kd_setup_game", "second"),
        ("kd_setup_game", "first"),
    ]


# -- plugin options ------------------------------------------------------------------------


def _plugin_options() -> list[tuple[str, str]]:
    found = []
    for info in default_catalogue().all():
        cls = info.options_class
        if cls is None:
            continue
        found.extend((info.name, f.name) for f in attrs.fields(cls))
    return found


@pytest.mark.parametrize(("plugin", "option"), _plugin_options())
def test_every_plugin_option_is_documented(plugin: str, option: str) -> None:
    """An option counts as documented when some page shows it as code: ``name`` or ``name =``."""
    pattern = re.compile(rf"`{re.escape(option)}\b[^`]*`|^\s*{re.escape(option)}\s*=", re.M)
    assert pattern.search(_all_docs()), (
        f"option {option!r} of plugin {plugin!r} ([options.{plugin}]) is not documented: "
        f"describe it in docs/plugins/{plugin}.md and docs/rulesets.md"
    )


# -- commands ------------------------------------------------------------------------------


def _commands(group: Any, prefix: str = "kd") -> list[str]:
    """``kd play``, ``kd ruleset list``, ...: every visible command and sub-command.

    Duck-typed: recent typer versions ship their own copy of click's classes.
    """
    found = []
    commands = getattr(group, "commands", None) or {}
    for name in sorted(commands):
        cmd = commands[name]
        if getattr(cmd, "hidden", False):
            continue
        path = f"{prefix} {name}"
        found.append(path)
        found.extend(_commands(cmd, path))
    return found


COMMANDS = _commands(typer.main.get_command(app))


def test_the_command_walk_finds_commands() -> None:
    assert len(COMMANDS) >= 4, f"walking the kd app found only {COMMANDS}"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_kd_command_is_documented(command: str) -> None:
    pattern = re.compile(rf"{re.escape(command)}(?![\w-])")
    assert pattern.search(_all_docs()), (
        f"`{command}` is not mentioned in docs/: document it in docs/cli-reference.md"
    )


def _command_options() -> list[tuple[str, str]]:
    """``(command, --option)`` for every long option of every command (``--help`` aside)."""
    root = typer.main.get_command(app)
    found = [("kd", opt) for p in root.params for opt in p.opts if opt.startswith("--")]
    for command in COMMANDS:
        cmd = root
        for name in command.split()[1:]:
            cmd = cmd.commands[name]
        for param in cmd.params:
            found.extend((command, o) for o in param.opts if o.startswith("--") and o != "--help")
    return found


@pytest.mark.parametrize(("command", "option"), _command_options())
def test_every_command_option_is_documented(command: str, option: str) -> None:
    assert re.search(rf"{re.escape(option)}(?![\w-])", _all_docs()), (
        f"option {option} of `{command}` is not mentioned in docs/: "
        "document it in docs/cli-reference.md"
    )


# -- rulesets ------------------------------------------------------------------------------

SHIPPED = sorted(p.stem for p in (ROOT / "rulesets").glob("*.toml"))


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_shipped_ruleset_is_documented(ruleset: str) -> None:
    assert re.search(rf"`{re.escape(ruleset)}(\.toml)?`", _all_docs()), (
        f"shipped ruleset rulesets/{ruleset}.toml is not mentioned in docs/: "
        "describe it in docs/rulesets.md"
    )


def test_repository_paths_named_in_the_docs_exist() -> None:
    """`examples/...`, `benchmarks/...`, `rulesets/...` written as code in a page exist."""
    named = set(re.findall(r"`((?:examples|benchmarks|rulesets)/[\w./-]*)`", _all_docs()))
    missing = sorted(p for p in named if not (ROOT / p.rstrip("/")).exists())
    assert not missing, f"docs name repository paths that do not exist: {missing}"


# -- the site ------------------------------------------------------------------------------


def test_mkdocs_nav_lists_pages() -> None:
    assert len(_nav_pages()) >= 8, "mkdocs.yml nav could not be read"


@pytest.mark.parametrize("page", _nav_pages())
def test_every_nav_page_exists(page: str) -> None:
    assert (DOCS / page).is_file(), f"mkdocs.yml nav names docs/{page}, which does not exist"


def test_every_page_is_in_the_nav() -> None:
    nav = set(_nav_pages())
    stray = sorted(
        str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md") if str(p.relative_to(DOCS)) not in nav
    )
    assert not stray, f"pages missing from the nav of mkdocs.yml: {stray}"
