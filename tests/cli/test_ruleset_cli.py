"""``kd ruleset list | show | validate`` and ``--ruleset`` lookup from the command line."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from play_support import kd, kd_process
from typer.testing import CliRunner

from kingdomino_cli.app import app
from kingdomino_cli.exit_codes import ExitCode
from kingdomino_core.rulesets.files import ENV_VAR

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "rulesets"
MINE = ("base", "grand-duel", "middle-kingdom", "harmony", "dynasty", "base-3p-variant")


@pytest.fixture(autouse=True)
def _no_user_rulesets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# -- list -------------------------------------------------------------------------------------


def test_list_shows_name_description_and_source(capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "ruleset", "list")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].split() == ["name", "description", "source"]
    rows = {line.split()[0]: line for line in lines[1:]}
    for name in MINE:
        assert rows[name].endswith("shipped")
        description = tomllib.loads((SHIPPED / f"{name}.toml").read_text())["ruleset"].get(
            "description"
        )
        assert description in rows[name]


def test_list_json_includes_user_directories(tmp_path, capsys, monkeypatch) -> None:
    write(tmp_path, "night.toml", '[ruleset]\nextends = "base"\ndescription = "at night"\n')
    write(tmp_path, "broken.toml", "[ruleset\n")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    result = kd(capsys, monkeypatch, "ruleset", "list", "--json")
    assert result.code == 0, result.err
    rows = {r["name"]: r for r in result.json()["rulesets"]}
    assert rows["night"]["description"] == "at night"
    assert rows["night"]["source"] == str(tmp_path / "night.toml")
    assert rows["night"]["valid"] is True
    assert rows["broken"]["valid"] is False
    assert rows["base"]["source"] == "shipped"


# -- show -------------------------------------------------------------------------------------


def test_show_prints_the_file(capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "ruleset", "show", "grand-duel")
    assert result.code == 0, result.err
    assert result.out == (SHIPPED / "grand-duel.toml").read_text()


def test_show_resolved_prints_the_merged_ruleset_as_toml(capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "ruleset", "show", "grand-duel.toml", "--resolved")
    assert result.code == 0, result.err
    doc = tomllib.loads(result.out)
    assert doc["ruleset"]["plugins"] == ["base", "grand_duel"]
    assert doc["ruleset"]["players"] == 2
    assert "extends" not in doc["ruleset"]


def test_show_resolved_defaults_lists_every_base_option(capsys, monkeypatch) -> None:
    """Every I-xx default of docs/rules/base.md appears as an option (I-B1..I-B4)."""
    result = kd(capsys, monkeypatch, "ruleset", "show", "harmony", "--resolved", "--defaults")
    assert result.code == 0, result.err
    base = tomllib.loads(result.out)["options"]["base"]
    assert base["harmony"] is True
    for option in (
        "middle_kingdom_frame",  # I-B2, I-B4
        "harmony_requires_no_discard",  # I-B3
        "dynasty_tiebreaks",  # I-B1
    ):
        assert option in base


def test_show_defaults_without_resolved_is_a_usage_error(capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "ruleset", "show", "base", "--defaults")
    assert result.code == ExitCode.USAGE


# -- validate ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", MINE)
def test_validate_shipped_rulesets(name, capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "ruleset", "validate", name)
    assert result.code == 0, result.err
    assert result.out.startswith("OK: ")


def test_validate_reports_every_problem_and_exits_3(tmp_path, capsys, monkeypatch) -> None:
    path = write(
        tmp_path,
        "bad.toml",
        '[ruleset]\nextends = "base"\nplugins = ["nope"]\nplayers = 9\ncolour = "red"\n'
        "[options.base]\nharmony_points = 1.5\n",
    )
    result = kd(capsys, monkeypatch, "ruleset", "validate", str(path))
    assert result.code == ExitCode.RULESET == 3
    assert result.out == ""
    lines = result.err.splitlines()
    assert lines[-1] == f"kd: error: {path}: 3 problems"
    assert sorted(lines[:-1]) == sorted(
        [
            f"{path}:5: ruleset.colour: unknown key; expected one of: name, description, "
            "extends, plugins, plugin_files, players",
            f"{path}:3: ruleset.plugins: unknown plugin 'nope'; available: "
            + ", ".join(__import__("kingdomino_core").default_catalogue().names()),
            f"{path}:7: options.base.harmony_points: expected an integer, not the number 1.5",
        ]
    )


def test_validate_disallowed_player_count(tmp_path, capsys, monkeypatch) -> None:
    path = write(tmp_path, "r.toml", '[ruleset]\nextends = "base"\nplayers = 9\n')
    result = kd(capsys, monkeypatch, "ruleset", "validate", str(path))
    assert result.code == 3
    assert result.err.splitlines()[0] == (
        f"{path}:3: ruleset.players: 9 players is not allowed by ruleset 'r'; allowed: 2, 3, 4"
    )


def test_validate_reports_a_bad_player_count_with_the_other_problems(
    tmp_path, capsys, monkeypatch
) -> None:
    """One run lists every problem: ``players = 7`` is not hidden by a bad option."""
    path = write(
        tmp_path,
        "r.toml",
        '[ruleset]\nname = "r"\nplugins = ["base"]\nplayers = 7\n\n'
        '[options.base]\nharmony = "yes"\n',
    )
    result = kd(capsys, monkeypatch, "ruleset", "validate", str(path))
    assert result.code == ExitCode.RULESET
    lines = result.err.splitlines()
    assert lines[0] == f"{path}:4: ruleset.players: 7 players is not allowed by ruleset 'r'; " + (
        "allowed: 2, 3, 4"
    )
    assert lines[1].startswith(f"{path}:7: options.base.harmony: expected a boolean")
    assert lines[-1] == f"kd: error: {path}: 2 problems"


def test_validate_syntax_error_line_and_column(tmp_path, capsys, monkeypatch) -> None:
    path = write(tmp_path, "r.toml", '[ruleset]\nplugins = ["base"]\nplayers = 4 4\n')
    result = kd(capsys, monkeypatch, "ruleset", "validate", str(path))
    assert result.code == 3
    first = result.err.splitlines()[0]
    # Column 13 is the second "4", where a newline was expected.
    assert first.startswith(f"{path}:3:13: TOML syntax error: Expected newline")


def test_validate_extends_cycle(tmp_path, capsys, monkeypatch) -> None:
    a = write(tmp_path, "a.toml", '[ruleset]\nextends = "./b.toml"\n')
    b = write(tmp_path, "b.toml", '[ruleset]\nextends = "./a.toml"\n')
    result = kd(capsys, monkeypatch, "ruleset", "validate", str(a))
    assert result.code == 3
    assert f"{b}:2: ruleset.extends: extends cycle: {a} -> {b} -> {a}" in result.err


def test_validate_missing_file(tmp_path, capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "ruleset", "validate", str(tmp_path / "gone.toml"))
    assert result.code == 3
    assert "no such ruleset file" in result.err


def test_ambiguous_name_lists_both_places(tmp_path, capsys, monkeypatch) -> None:
    write(tmp_path, "dynasty.toml", '[ruleset]\nplugins = ["base"]\n')
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    result = kd(capsys, monkeypatch, "score", "-", "--ruleset", "dynasty")
    assert (result.code, result.out) == (3, "")
    assert "ambiguous" in result.err
    assert str(SHIPPED / "dynasty.toml") in result.err
    assert str(tmp_path / "dynasty.toml") in result.err


def test_other_commands_print_one_line_per_problem(tmp_path, capsys, monkeypatch) -> None:
    path = write(tmp_path, "r.toml", '[ruleset]\nextends = "base"\nnmae = 1\nplayers = 0\n')
    result = kd(capsys, monkeypatch, "score", "-", "-r", str(path))
    assert result.code == 3
    lines = result.err.splitlines()
    assert lines == [f"kd: error: {path}:3: ruleset.nmae: " + lines[0].split("nmae: ", 1)[1]]


# -- typer's runner and real processes ------------------------------------------------------


def test_typer_runner_list_and_validate() -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["ruleset", "list", "--json"])
    assert listed.exit_code == 0
    assert "grand-duel" in {r["name"] for r in json.loads(listed.stdout)["rulesets"]}
    valid = runner.invoke(app, ["ruleset", "validate", "base"])
    assert valid.exit_code == 0
    assert "players 2, 3, 4" in valid.stdout


def test_subprocess_from_another_directory_with_user_path(tmp_path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    write(folder, "lazy.toml", '[ruleset]\nextends = "harmony"\nplayers = 2\n')
    import os

    os.environ[ENV_VAR] = str(folder)
    try:
        ok = kd_process("ruleset", "validate", "lazy.toml", cwd=str(tmp_path))
        shown = kd_process("ruleset", "show", "lazy", "--resolved", cwd=str(tmp_path))
    finally:
        del os.environ[ENV_VAR]
    assert ok.code == 0, ok.err
    assert "players 2, 3, 4" in ok.out
    doc = tomllib.loads(shown.out)
    assert doc["options"]["base"] == {"harmony": True}
    assert doc["ruleset"]["players"] == 2
    bad = kd_process("ruleset", "validate", "nope.toml", cwd=str(tmp_path))
    assert bad.code == 3


def test_build_engine_locates_problems_of_one_player_count(tmp_path) -> None:
    """A plugin check that fails only for the chosen count points at the ruleset file."""
    from kingdomino_cli.common import build_engine, resolve_ruleset
    from kingdomino_core import RulesetError

    write(
        tmp_path,
        "no_two.py",
        "from kingdomino_core import hookimpl\nNAME = 'no_two'\nHOOK_API = 1\n\n"
        "@hookimpl\ndef kd_validate(config):\n"
        "    return ['options.no_two: not for two'] if config.players == 2 else []\n",
    )
    path = write(
        tmp_path,
        "r.toml",
        '[ruleset]\nextends = "base"\nplugin_files = ["no_two.py"]\nplugins = ["no_two"]\n',
    )
    ruleset = resolve_ruleset(str(path))
    assert build_engine(ruleset, None).players == 4  # base.toml's default
    with pytest.raises(RulesetError) as info:
        build_engine(ruleset, 2)
    assert info.value.problems == (f"{path}:4: options.no_two: not for two",)
