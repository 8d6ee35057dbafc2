"""What runs code (docs/trust.md), through every way in of the ``kd`` command (issue 12).

Each plugin file here writes a marker file when imported, so a test sees whether its
code ran, not only what ``kd`` printed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from play_support import kd

from kingdomino_core.saves.savegame import read_save

NOT_ALLOWED = 7


def evil_plugin(folder: Path, name: str = "evil") -> tuple[Path, Path]:
    """A plugin file that leaves ``ran-NAME`` behind when its code runs."""
    marker = folder / f"ran-{name}"
    path = folder / f"{name}.py"
    path.write_text(
        f"import pathlib\npathlib.Path({str(marker)!r}).write_text('ran')\n"
        f"NAME = {name!r}\nHOOK_API = 1\n"
    )
    return path, marker


def ruleset_with_code(folder: Path, name: str = "evil", *, active: bool = True) -> Path:
    plugins = f'["base", "{name}"]' if active else '["base"]'
    toml = folder / f"{name}.toml"
    toml.write_text(f'[ruleset]\nplugins = {plugins}\nplugin_files = ["{name}.py"]\n')
    return toml


@pytest.fixture
def hostile_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A current directory holding files named like shipped rulesets, with code."""
    _path, marker = evil_plugin(tmp_path)
    for name in ("base", "base.toml", "middle-kingdom", "origins-discovery.toml"):
        (tmp_path / name).write_text(
            '[ruleset]\nplugins = ["base", "evil"]\nplugin_files = ["evil.py"]\n'
            'description = "HIJACKED"\n'
        )
    monkeypatch.chdir(tmp_path)
    return marker


@pytest.mark.parametrize(
    "args",
    [
        ("play", "-p", "random,random", "--seed", "1", "--json"),
        ("play", "-r", "grand-duel", "-p", "random,random", "--seed", "1", "--json"),
        ("play", "-r", "middle-kingdom", "-p", "random,random", "--seed", "1", "--json"),
        ("ruleset", "list"),
        ("ruleset", "show", "base"),
        ("ruleset", "show", "base.toml", "--resolved"),
        ("ruleset", "validate", "base"),
        ("ruleset", "validate", "origins-discovery.toml"),
        ("plugins", "list", "-r", "base"),
        ("simulate", "-n", "1", "-p", "random,random", "--seed", "1"),
    ],
    ids=lambda a: " ".join(a[:3]),
)
def test_a_file_named_like_a_shipped_ruleset_never_replaces_it(
    hostile_cwd: Path, capsys, monkeypatch, args: tuple[str, ...]
) -> None:
    r = kd(capsys, monkeypatch, *args)
    assert r.code == 0, r.err
    assert "HIJACKED" not in r.out + r.err
    assert not hostile_cwd.exists(), "code from the current directory ran"


def test_score_with_the_default_ruleset_ignores_a_base_file_here(
    hostile_cwd: Path, capsys, monkeypatch
) -> None:
    Path("k.txt").write_text("C W1\n")
    r = kd(capsys, monkeypatch, "score", "k.txt", "--json")
    assert r.code == 0, r.err
    assert r.json()["total"] == 1
    assert not hostile_cwd.exists()


def test_a_path_still_reaches_a_local_ruleset(hostile_cwd: Path, capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "ruleset", "show", "./base.toml", "--resolved")
    assert r.code == 0, r.err
    assert "HIJACKED" in r.out
    assert hostile_cwd.exists()  # named by path: its own plugin files run


def test_a_bare_name_of_a_local_file_says_how_to_use_it(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    (tmp_path / "mine.toml").write_text('[ruleset]\nplugins = ["base"]\n')
    monkeypatch.chdir(tmp_path)
    r = kd(capsys, monkeypatch, "ruleset", "validate", "mine.toml")
    assert r.code == 3
    assert "./mine.toml" in r.err


def test_a_directory_named_base_here_does_not_break_play(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "base.toml").mkdir()
    monkeypatch.chdir(tmp_path)
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "2", "--json")
    assert r.code == 0, r.err


# -- code inherited through extends --------------------------------------------------------


def inherited(tmp_path: Path) -> tuple[Path, Path, Path]:
    parent_dir = tmp_path / "downloads"
    parent_dir.mkdir()
    plugin, marker = evil_plugin(parent_dir)
    ruleset_with_code(parent_dir)
    child = tmp_path / "child.toml"
    child.write_text('[ruleset]\nextends = "./downloads/evil.toml"\n')
    return child, plugin, marker


@pytest.mark.parametrize(
    "command",
    [
        ("play", "-p", "random,random", "--seed", "1", "--json"),
        ("ruleset", "validate"),
        ("ruleset", "show", "--resolved"),
        ("plugins", "list"),
        ("simulate", "-n", "1", "-p", "random,random", "--seed", "1"),
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_code_reached_only_through_extends_is_refused(
    tmp_path: Path, capsys, monkeypatch, command: tuple[str, ...]
) -> None:
    child, plugin, marker = inherited(tmp_path)
    args = _with_ruleset(command, str(child))
    r = kd(capsys, monkeypatch, *args)
    assert r.code == NOT_ALLOWED
    assert r.err.count("kd: error:") == 1
    assert str(plugin) in r.err and f"--allow-code {plugin}" in r.err
    assert "reached through extends" in r.err
    assert not marker.exists()
    r = kd(capsys, monkeypatch, *args, "--allow-code", str(plugin))
    assert r.code == 0, r.err
    assert marker.exists()


def _with_ruleset(command: tuple[str, ...], ruleset: str) -> list[str]:
    if command[0] == "ruleset":
        return [command[0], command[1], ruleset, *command[2:]]
    return [
        command[0],
        *([command[1]] if command[0] == "plugins" else []),
        "-r",
        ruleset,
        *command[2 if command[0] == "plugins" else 1 :],
    ]


def test_trust_allows_every_inherited_file(tmp_path: Path, capsys, monkeypatch) -> None:
    child, _plugin, marker = inherited(tmp_path)
    r = kd(capsys, monkeypatch, "ruleset", "validate", str(child), "--trust")
    assert r.code == 0, r.err
    assert marker.exists()


def test_allowing_another_file_does_not_allow_this_one(tmp_path: Path, capsys, monkeypatch) -> None:
    child, _plugin, marker = inherited(tmp_path)
    other, _ = evil_plugin(tmp_path, "other")
    r = kd(capsys, monkeypatch, "ruleset", "validate", str(child), "--allow-code", str(other))
    assert r.code == NOT_ALLOWED
    assert not marker.exists()


# -- code stored in a save ------------------------------------------------------------------


@pytest.fixture
def shared_save(tmp_path: Path, capsys, monkeypatch) -> tuple[Path, Path, Path]:
    """A finished save whose ruleset names a plugin file (not even active)."""
    plugin, marker = evil_plugin(tmp_path)
    toml = ruleset_with_code(tmp_path, active=False)
    save = tmp_path / "game.json"
    r = kd(
        capsys,
        monkeypatch,
        "play",
        "-r",
        str(toml),
        "-p",
        "random,random",
        "--seed",
        "3",
        "--save",
        str(save),
        "--json",
    )
    assert r.code == 0, r.err
    marker.unlink()  # it ran while the author played: they named the ruleset
    forget_imported_plugins()
    return save, plugin, marker


def forget_imported_plugins() -> None:
    """Imported plugin files stay in ``sys.modules``; forget them so a test sees whether
    the code runs again."""
    for name in [m for m in sys.modules if m.startswith("kd_local_")]:
        del sys.modules[name]


@pytest.mark.parametrize(
    "args",
    [
        ("replay", "{save}"),
        ("replay", "{save}", "--verify"),
        ("replay", "{save}", "--step"),
        ("play", "--resume", "{save}", "--json"),
    ],
    ids=["replay", "verify", "step", "resume"],
)
def test_opening_a_save_runs_no_code_unless_allowed(
    shared_save: tuple[Path, Path, Path], capsys, monkeypatch, args: tuple[str, ...]
) -> None:
    save, plugin, marker = shared_save
    before = save.read_bytes()
    argv = [a.format(save=save) for a in args]
    r = kd(capsys, monkeypatch, *argv)
    assert r.code == NOT_ALLOWED
    assert "ok" not in r.out
    assert str(plugin) in r.err and "stored in the saved game" in r.err
    assert not marker.exists()
    assert save.read_bytes() == before
    r = kd(capsys, monkeypatch, *argv, "--allow-code", str(plugin))
    assert r.code == 0, r.err
    assert marker.exists()


def test_a_save_with_code_tampered_in_is_refused(tmp_path: Path, capsys, monkeypatch) -> None:
    save = tmp_path / "g.json"
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "4", "--save", str(save))
    assert r.code == 0
    plugin, marker = evil_plugin(tmp_path)
    data = json.loads(save.read_text())
    data["ruleset"]["plugin_files"] = [str(plugin)]
    save.write_text(json.dumps(data))
    r = kd(capsys, monkeypatch, "replay", str(save), "--verify")
    assert r.code == NOT_ALLOWED
    assert not marker.exists()
    assert read_save(save).ruleset.plugin_files == [str(plugin)]


# -- paths inside ruleset files ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('extends = "~/parent.toml"\n', ":2: ruleset.extends: '~/parent.toml': '~' is not"),
        ('plugins = ["base"]\nplugin_files = ["~/x.py"]\n', ":3: ruleset.plugin_files[0]: '~/x"),
        (
            'extends = "origins-discovery"\n[options.origins]\ndominoes = "~/d.csv"\n',
            ":4: options.origins.dominoes: '~/d.csv': '~' is not expanded",
        ),
        (f'extends = "{"x" * 300}"\n', ":2: ruleset.extends: ruleset 'xxx"),
        ('extends = "./nowhere/x.toml"\n', ":2: ruleset.extends: no ruleset file"),
        ('extends = "."\n', ":2: ruleset.extends: '"),
    ],
    ids=["extends", "plugin_files", "path-option", "long-name", "missing", "directory"],
)
def test_paths_in_ruleset_files(
    tmp_path: Path, capsys, monkeypatch, body: str, message: str
) -> None:
    path = tmp_path / "r.toml"
    path.write_text("[ruleset]\n" + body)
    r = kd(capsys, monkeypatch, "ruleset", "validate", str(path))
    assert r.code == 3, r.err
    assert f"{path}{message}" in r.err
    assert "Traceback" not in r.err


def test_absolute_and_parent_paths_are_allowed(tmp_path: Path, capsys, monkeypatch) -> None:
    (tmp_path / "common").mkdir()
    parent = tmp_path / "common" / "parent.toml"
    parent.write_text('[ruleset]\nextends = "base"\ndescription = "from the parent"\n')
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "a.toml").write_text('[ruleset]\nextends = "../common/parent.toml"\n')
    (sub / "b.toml").write_text(f'[ruleset]\nextends = "{parent}"\n')
    for name in ("a.toml", "b.toml"):
        r = kd(capsys, monkeypatch, "ruleset", "show", str(sub / name), "--resolved")
        assert r.code == 0, r.err
        assert "from the parent" in r.out


def test_a_long_ruleset_argument_is_a_clear_error(capsys, monkeypatch) -> None:
    for arg in ("x" * 300, "./" + "x" * 300, "a\0b"):
        r = kd(capsys, monkeypatch, "ruleset", "validate", arg)
        assert r.code == 3
        assert "Traceback" not in r.err and "internal error" not in r.err


def test_ruleset_list_runs_no_plugin_file(tmp_path: Path, capsys, monkeypatch) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    _plugin, marker = evil_plugin(folder)
    ruleset_with_code(folder)
    monkeypatch.setenv("KD_RULESET_PATH", str(folder))
    r = kd(capsys, monkeypatch, "ruleset", "list", "--json")
    assert r.code == 0, r.err
    (row,) = [row for row in r.json()["rulesets"] if row["name"] == "evil"]
    assert row["valid"] is None and "not checked (runs code:" in row["description"]
    assert not marker.exists()
    # Named (found by name in KD_RULESET_PATH, which the user set): its own code runs.
    r = kd(capsys, monkeypatch, "ruleset", "validate", "evil")
    assert r.code == 0, r.err
    assert marker.exists()
