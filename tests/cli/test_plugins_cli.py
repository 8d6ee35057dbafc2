"""``kd plugins list``: every installed plugin, its source, version and hooks."""

from __future__ import annotations

import json
from pathlib import Path

from play_support import kd, kd_process
from typer.testing import CliRunner

from kingdomino_cli.app import app
from kingdomino_core.hooks.plugins import default_catalogue

ROOT = Path(__file__).resolve().parents[2]


def test_every_installed_plugin_is_listed_with_its_hooks(capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "plugins", "list", "--json")
    assert result.code == 0, result.err
    rows = {r["name"]: r for r in result.json()["plugins"]}
    assert set(rows) == set(default_catalogue().names())
    # The built-in plugins come through the entry-point group of our own distribution.
    assert rows["base"]["source"] == "built in"
    assert rows["base"]["version"]
    # Hooks read from the plugin modules themselves (plugins/kd_grand_duel, kd_bots).
    assert rows["grand_duel"]["hooks"] == ["kd_configure"]
    assert rows["grand_duel"]["requires"] == ["base"]
    assert rows["bots"]["hooks"] == ["kd_register_agents"]
    assert {"kd_configure", "kd_score_kingdom", "kd_rank"} <= set(rows["base"]["hooks"])
    assert rows["base"]["options"] is True
    assert "active" not in rows["base"]


def test_human_list(capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "plugins", "list")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    header = next(line for line in lines if line.startswith("grand_duel "))
    assert "(built in: kingdomino)" in header
    following = lines[lines.index(header) + 1]
    assert following.strip() == "hooks: kd_configure"


def test_local_plugin_files_of_a_ruleset_and_active_marks(tmp_path, capsys, monkeypatch) -> None:
    (tmp_path / "night.py").write_text(
        "from kingdomino_core import hookimpl\n"
        'NAME = "night"\nHOOK_API = 1\nVERSION = "0.3"\n\n'
        "@hookimpl\ndef kd_validate(config):\n    return []\n",
        encoding="utf-8",
    )
    ruleset = tmp_path / "night.toml"
    ruleset.write_text(
        '[ruleset]\nextends = "base"\nplugin_files = ["night.py"]\nplugins = ["night"]\n',
        encoding="utf-8",
    )
    result = kd(capsys, monkeypatch, "plugins", "list", "--ruleset", str(ruleset), "--json")
    assert result.code == 0, result.err
    rows = {r["name"]: r for r in result.json()["plugins"]}
    assert rows["night"]["source"] == "local file"
    assert Path(rows["night"]["origin"]).resolve() == (tmp_path / "night.py").resolve()
    assert rows["night"]["version"] == "0.3"
    assert rows["night"]["hooks"] == ["kd_validate"]
    assert rows["night"]["active"] is True
    assert rows["base"]["active"] is True
    assert rows["xl"]["active"] is False
    human = kd(capsys, monkeypatch, "plugins", "list", "-r", str(ruleset))
    assert any(line.startswith("night 0.3  (local file: ") for line in human.out.splitlines())
    assert "[inactive]" in human.out


def test_an_invalid_ruleset_is_refused(tmp_path, capsys, monkeypatch) -> None:
    ruleset = tmp_path / "r.toml"
    ruleset.write_text('[ruleset]\nplugins = ["nope"]\n', encoding="utf-8")
    result = kd(capsys, monkeypatch, "plugins", "list", "-r", str(ruleset))
    assert (result.code, result.out) == (3, "")
    assert result.err.startswith(f"kd: error: {ruleset}:2: ruleset.plugins: unknown plugin")


def test_typer_runner_and_subprocess() -> None:
    runner = CliRunner().invoke(app, ["plugins", "list", "--json"])
    assert runner.exit_code == 0
    assert "base" in {r["name"] for r in json.loads(runner.stdout)["plugins"]}
    proc = kd_process("plugins", "list", cwd=str(ROOT))
    assert proc.code == 0, proc.err
    # Plugins are listed by name: "base" is one line among them (age_of_giants is first).
    assert any(line.startswith("base ") for line in proc.out.splitlines())
