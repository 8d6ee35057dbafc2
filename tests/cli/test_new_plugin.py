"""``kd new-plugin NAME [--dir DIR]``: the scaffold passes its own tests as generated."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from kingdomino_cli.app import main
from kingdomino_cli.cmd_new_plugin import SHIPPED_EXAMPLES
from kingdomino_cli.exit_codes import ExitCode
from kingdomino_core.hooks.plugins import ENTRY_POINT_GROUP


def kd(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_pytest(package: Path, *path: Path) -> subprocess.CompletedProcess[str]:
    """The generated tests in a fresh interpreter, with ``path`` as PYTHONPATH (no install)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(str(p) for p in path))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "tests"],
        cwd=package,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def fake_install(package: Path, target: Path) -> None:
    """The ``.dist-info`` pip would write, from the package's own pyproject.toml."""
    project = tomllib.loads((package / "pyproject.toml").read_text())["project"]
    info = target / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
    )
    eps = project["entry-points"][ENTRY_POINT_GROUP]
    body = "".join(f"{k} = {v}\n" for k, v in eps.items())
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{body}")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("gen") / "castle_tax"
    assert main(["new-plugin", "castle_tax", "--dir", str(target)]) == 0
    return target


def test_the_package_has_its_parts(generated: Path) -> None:
    files = sorted(str(p.relative_to(generated)) for p in generated.rglob("*") if p.is_file())
    assert files == [
        "README.md",
        "castle_tax.toml",
        "pyproject.toml",
        "src/kd_castle_tax/__init__.py",
        "tests/test_castle_tax.py",
    ]
    project = tomllib.loads((generated / "pyproject.toml").read_text())["project"]
    assert project["name"] == "kingdomino-castle-tax"
    assert project["entry-points"][ENTRY_POINT_GROUP] == {"castle_tax": "kd_castle_tax"}
    ruleset = tomllib.loads((generated / "castle_tax.toml").read_text())
    assert (ruleset["ruleset"]["extends"], ruleset["ruleset"]["plugins"]) == (
        "base",
        ["castle_tax"],
    )
    # Issue 11: the ruleset does not pin option values; the module's defaults apply.
    assert "options" not in ruleset
    module = (generated / "src/kd_castle_tax/__init__.py").read_text()
    assert 'NAME = "castle_tax"' in module and "HOOK_API = 1" in module
    assert "@hookimpl\ndef kd_score_kingdom(" in module


def test_generated_tests_pass_without_installing(generated: Path) -> None:
    done = run_pytest(generated, generated / "src")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed, 1 skipped" in done.stdout  # the entry-point test needs the install


def test_generated_tests_pass_installed(generated: Path, tmp_path: Path) -> None:
    """With the package's metadata on the path, its entry point is found by name too."""
    fake_install(generated, tmp_path)
    done = run_pytest(generated, tmp_path, generated / "src")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 passed" in done.stdout and "skipped" not in done.stdout


def test_generated_code_is_lint_clean(generated: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "."],
        cwd=generated,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_default_folder_and_next_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = kd(capsys, "new-plugin", "joker_rule")
    assert (code, err) == (0, "")
    assert (tmp_path / "kingdomino-joker-rule" / "src" / "kd_joker_rule").is_dir()
    assert "pip install -e ." in out and "kd play --ruleset ./joker_rule.toml" in out


def test_an_empty_existing_folder_is_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = kd(capsys, "new-plugin", "empty_ok", "--dir", str(tmp_path))
    assert code == 0
    assert (tmp_path / "empty_ok.toml").is_file()


def test_refuses_to_overwrite_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mine.txt").write_text("precious")
    code, out, err = kd(capsys, "new-plugin", "house", "--dir", str(tmp_path))
    assert code == ExitCode.USAGE
    assert out == ""
    assert f"{tmp_path} already exists and is not empty" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.txt"]


def test_refuses_a_file_as_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    code, _, err = kd(capsys, "new-plugin", "house", "--dir", str(target))
    assert code == ExitCode.USAGE and "is not a directory" in err


@pytest.fixture(scope="module")
def hyphenated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("gen") / "moat"
    assert main(["new-plugin", "moat-tax", "--dir", str(target)]) == 0
    return target


def test_a_hyphenated_name_makes_an_underscored_plugin_and_module(hyphenated: Path) -> None:
    """Issue 11 item 9: ``kd new-plugin lakes-double`` makes module ``kd_lakes_double``."""
    files = sorted(str(p.relative_to(hyphenated)) for p in hyphenated.rglob("*") if p.is_file())
    assert files == [
        "README.md",
        "moat-tax.toml",
        "pyproject.toml",
        "src/kd_moat_tax/__init__.py",
        "tests/test_moat_tax.py",
    ]
    project = tomllib.loads((hyphenated / "pyproject.toml").read_text())["project"]
    assert project["name"] == "kingdomino-moat-tax"
    assert project["entry-points"][ENTRY_POINT_GROUP] == {"moat_tax": "kd_moat_tax"}
    ruleset = tomllib.loads((hyphenated / "moat-tax.toml").read_text())["ruleset"]
    assert ruleset["plugins"] == ["moat_tax"]
    assert 'NAME = "moat_tax"' in (hyphenated / "src/kd_moat_tax/__init__.py").read_text()


def test_a_hyphenated_package_passes_its_tests(hyphenated: Path, tmp_path: Path) -> None:
    fake_install(hyphenated, tmp_path)
    done = run_pytest(hyphenated, tmp_path, hyphenated / "src")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 passed" in done.stdout and "skipped" not in done.stdout


def test_the_next_steps_name_the_plugin_and_the_ruleset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = kd(capsys, "new-plugin", "moat-tax", "--dir", str(tmp_path / "p"))
    assert code == 0
    assert "Created plugin 'moat_tax' (module kd_moat_tax)" in out
    assert "kd plugins list              # shows moat_tax" in out
    assert "kd play --ruleset ./moat-tax.toml" in out


@pytest.mark.parametrize("name", [*sorted(SHIPPED_EXAMPLES), "lakes-double", "long-lines"])
def test_names_of_shipped_examples_are_refused(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 item 9: ``kd new-plugin lakes`` would collide with the tutorial's ``lakes``."""
    code, out, err = kd(capsys, "new-plugin", name, "--dir", str(tmp_path / "p"))
    assert (code, out) == (ExitCode.USAGE, "")
    assert f"plugin name {name!r} is already used by a house rule shipped with kingdomino" in err
    assert not (tmp_path / "p").exists()


def shipped_plugin_names() -> dict[str, Path]:
    """Every plugin name the repository's examples and tutorial define, found in their
    files: a module's ``NAME``, an entry point, a plugin object added by name."""
    root = Path(__file__).resolve().parents[2]
    found: dict[str, Path] = {}
    for path in sorted(
        [*(root / "examples").rglob("*.py"), *(root / "docs/tutorial").glob("*.py")]
    ):
        if path.name.startswith("test_") or "tests" in path.parts[len(root.parts) :]:
            continue
        text = path.read_text("utf-8")
        for pattern in (r'^NAME = "(\w+)"', r'add_module\(\w+\(\), "(\w+)"\)'):
            for name in re.findall(pattern, text, flags=re.M):
                found.setdefault(name, path)
    for pyproject in sorted((root / "examples").rglob("pyproject.toml")):
        project = tomllib.loads(pyproject.read_text("utf-8"))["project"]
        for name in project.get("entry-points", {}).get(ENTRY_POINT_GROUP, {}):
            found.setdefault(name, pyproject)
    return found


def test_the_shipped_example_names_are_all_known() -> None:
    """The refusal list cannot fall behind the examples (it is not installed, so the
    catalogue does not know them)."""
    found = shipped_plugin_names()
    assert {"joker", "lakes", "lakes_double", "long_lines"} <= set(found)
    assert sorted(found) == sorted(SHIPPED_EXAMPLES)


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("My-Rule", "is not valid: expected lowercase letters and digits, words joined"),
        ("lakes--double", "is not valid"),
        ("_lakes", "is not valid"),
        ("lakes-", "is not valid"),
        ("lakes_-double", "is not valid"),
        ("2lakes", "is not valid"),
        ("lakes!", "is not valid"),
        ("", "is not valid"),
        ("x" * 41, "at most 40 characters"),
        ("class", "is a Python keyword"),
        ("base", "already taken by an installed plugin (kingdomino)"),
    ],
)
def test_bad_names_are_refused(
    name: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = kd(capsys, "new-plugin", name, "--dir", str(tmp_path / "p"))
    assert code == ExitCode.USAGE
    assert out == ""
    assert err.startswith(f"kd: error: plugin name {name!r}") and why in err
    assert not (tmp_path / "p").exists()


def test_an_unwritable_place_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    code, _, err = kd(capsys, "new-plugin", "house", "--dir", str(blocker / "sub" / "pkg"))
    assert code == ExitCode.INPUT
    assert "kd: error: cannot write" in err
    assert blocker.read_text() == "a file where a folder should be"
