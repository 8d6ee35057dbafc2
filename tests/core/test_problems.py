"""Issue 22, item 3: one validation path, problems as values located by their key.

The loader and the engine run the same checks (``engine.validation``) and report
:class:`Problem` values; the loader finds the line of a problem from its key in the
file, never by reading its message; ``kd_validate`` returns problems, and the plain
strings it returned before are still accepted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kingdomino_core import Engine, PluginError, Problem, Ruleset, RulesetError
from kingdomino_core.errors import as_problem, dotted, key_path
from kingdomino_core.rulesets.files import load_ruleset, locate

ROOT = Path(__file__).resolve().parents[2]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


PLUGIN = """
from kingdomino_core import Problem, hookimpl

NAME = "picky"
HOOK_API = 1


@hookimpl
def kd_validate(config):
    return [{returned}]
"""


def picky_ruleset(folder: Path, returned: str, options: str = "") -> Path:
    write(folder, "picky.py", PLUGIN.format(returned=returned))
    return write(
        folder,
        "r.toml",
        '[ruleset]\nextends = "base"\nplugin_files = ["picky.py"]\nplugins = ["picky"]\n\n'
        "[options.base]\nharmony = true\n" + options,
    )


def test_a_problem_reads_file_line_key_message() -> None:
    problem = Problem.option("base", ("tiebreaks", 1), "expected one of 'crowns'", "x")
    assert problem.key == ("options", "base", "tiebreaks", 1)
    assert str(problem) == "options.base.tiebreaks[1]: expected one of 'crowns'"
    assert (
        str(problem.at("r.toml", 7))
        == "r.toml:7: options.base.tiebreaks[1]: expected one of 'crowns'"
    )
    assert str(Problem(message="bad", file="r.toml", line=2, column=5)) == "r.toml:2:5: bad"
    assert str(Problem(message="no key")) == "no key"


@pytest.mark.parametrize(
    "key",
    [("ruleset",), ("ruleset", "plugins", 0), ("options", "base", "tiebreaks", 1),
     ("options", "a-b", "x_y", 2, 3, "z")],
)  # fmt: skip
def test_a_key_path_reads_back_from_its_dotted_form(key) -> None:
    assert key_path(dotted(key)) == key


@pytest.mark.parametrize("text", ["foo.bar", "options..x", "options.x[", "options.x]", "o ptions"])
def test_text_that_is_not_a_ruleset_key_path_is_none(text) -> None:
    assert key_path(text) is None


def test_a_plugins_problem_points_at_the_line_of_its_key(tmp_path: Path) -> None:
    path = picky_ruleset(tmp_path, 'Problem.option("base", "harmony", "not with picky", True)')
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert info.value.problems == (f"{path}:7: options.base.harmony: not with picky",)
    [problem] = info.value.found
    assert (problem.file, problem.line, problem.key, problem.value) == (
        str(path), 7, ("options", "base", "harmony"), True,
    )  # fmt: skip


def test_the_old_string_form_is_still_accepted_and_located_alike(tmp_path: Path) -> None:
    path = picky_ruleset(tmp_path, '"options.base.harmony: not with picky"')
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert info.value.problems == (f"{path}:7: options.base.harmony: not with picky",)
    assert info.value.found[0].key == ("options", "base", "harmony")


def test_a_problem_about_no_key_points_at_the_plugin_list(tmp_path: Path) -> None:
    path = picky_ruleset(tmp_path, 'Problem(message="picky refuses this table")')
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert info.value.problems == (f"{path}:4: ruleset.plugins: picky refuses this table",)


def test_the_loader_and_the_engine_word_a_plugin_combination_alike(tmp_path: Path) -> None:
    """One check: the loader's message (located) is the engine's (built in code)."""
    path = write(tmp_path, "r.toml", '[ruleset]\nplugins = ["court"]\n')
    with pytest.raises(RulesetError) as loaded:
        load_ruleset(str(path))
    with pytest.raises(PluginError) as built:
        Engine(Ruleset(name="r", plugins=("court",)), 2)
    assert loaded.value.problems == (f"{path}:2: ruleset.plugins: {built.value}",)
    assert str(built.value) == "plugin 'court' requires plugin 'base'; add it before 'court'"


def test_the_loader_and_the_engine_word_an_option_problem_alike(tmp_path: Path) -> None:
    path = write(
        tmp_path, "r.toml", '[ruleset]\nplugins = ["base"]\n\n[options.base]\nharmony = "yes"\n'
    )
    with pytest.raises(RulesetError) as loaded:
        load_ruleset(str(path))
    with pytest.raises(RulesetError) as built:
        Engine(Ruleset(name="r", plugins=("base",), options={"base": {"harmony": "yes"}}), 2)
    assert loaded.value.problems == tuple(f"{path}:5: {p}" for p in built.value.problems)
    assert built.value.found[0].value == "yes"


def test_locating_reads_keys_not_messages(tmp_path: Path) -> None:
    """A message that looks like a key path elsewhere is not read: the key decides."""
    path = write(
        tmp_path, "r.toml", '[ruleset]\nplugins = ["base"]\n\n[options.base]\nharmony = true\n'
    )
    ruleset = load_ruleset(str(path))
    [problem] = locate(ruleset, [Problem.option("base", "harmony", "options.base: mentioned")])
    assert str(problem) == f"{path}:5: options.base.harmony: options.base: mentioned"
    assert as_problem(problem) is problem


def test_no_regular_expression_locates_a_problem() -> None:
    """The loader, its line finder and the checks use no regular expression."""
    core = ROOT / "kingdomino_core"
    modules = [
        *sorted((core / "rulesets").glob("*.py")),
        core / "engine" / "validation.py",
        core / "errors.py",
        ROOT / "kingdomino_play" / "engines.py",
    ]
    for path in modules:
        tree = ast.parse(path.read_text("utf-8"))
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert "re" not in imported, path
