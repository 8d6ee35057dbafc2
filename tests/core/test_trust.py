"""The trust model's public API (docs/trust.md): loading without running code (issue 12)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kingdomino_core import Engine, Ruleset, RulesetError
from kingdomino_core.hooks.plugins import default_catalogue
from kingdomino_core.inputs.trust import DEFAULT, UNTRUSTED, CodeNotAllowedError, Trust
from kingdomino_core.rulesets.files import load_ruleset, load_ruleset_text
from kingdomino_core.saves.savegame import (
    PlayerEntry,
    engine_for_save,
    parse_save,
    replay,
    save_of,
    to_json,
)


def plugin_file(folder: Path, name: str = "upl") -> tuple[Path, Path]:
    marker = folder / f"ran-{name}"
    path = folder / f"{name}.py"
    path.write_text(
        f"import pathlib\npathlib.Path({str(marker)!r}).write_text('ran')\n"
        f"NAME = {name!r}\nHOOK_API = 1\n"
    )
    return path, marker


def test_an_upload_may_extend_a_shipped_ruleset_by_name() -> None:
    ruleset = load_ruleset_text(
        '[ruleset]\nextends = "grand-duel"\n[options.base]\nharmony = true\n'
    )
    assert ruleset.plugins[:2] == ("base", "grand_duel")
    assert ruleset.options["base"]["harmony"] is True


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[ruleset]\nextends = "./x.toml"\n', "may only extend a ruleset by name"),
        ('[ruleset]\nextends = "/etc/passwd"\n', "may only extend a ruleset by name"),
        (
            '[ruleset]\nextends = "origins-discovery"\n[options.origins]\ndominoes = "/etc/x"\n',
            "may not name files",
        ),
    ],
)
def test_an_upload_reaches_no_file_by_path(text: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        load_ruleset_text(text, "upload.toml")


def test_an_upload_runs_no_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, marker = plugin_file(tmp_path)
    monkeypatch.chdir(tmp_path)
    text = f'[ruleset]\nplugins = ["base", "upl"]\nplugin_files = ["{path}"]\n'
    with pytest.raises(CodeNotAllowedError) as info:
        load_ruleset_text(text, "upload.toml")
    assert [p for p, _why in info.value.files] == [path]
    assert not marker.exists()


def test_the_named_file_runs_its_own_plugin_files_by_default(tmp_path: Path) -> None:
    _path, marker = plugin_file(tmp_path, "own")
    toml = tmp_path / "own.toml"
    toml.write_text('[ruleset]\nplugins = ["base", "own"]\nplugin_files = ["own.py"]\n')
    with pytest.raises(CodeNotAllowedError):
        load_ruleset(str(toml), trust=Trust(named_file=False))
    assert not marker.exists()
    assert load_ruleset(str(toml), trust=DEFAULT).plugins == ("base", "own")
    assert marker.exists()


def test_a_save_runs_no_code_unless_allowed(tmp_path: Path) -> None:
    path, marker = plugin_file(tmp_path, "saved")
    ruleset = Ruleset(name="t", plugins=("base",), plugin_files=(path,))
    engine = Engine(ruleset, 2, catalogue=default_catalogue().copy())
    marker.unlink()
    for name in [m for m in sys.modules if m.startswith("kd_local_saved")]:
        del sys.modules[name]
    game = engine.new_game(seed=5)
    game.play(lambda g: g.legal_actions()[0])
    text = to_json(save_of(game, [PlayerEntry(name="a", agent="x")] * 2))
    saved = parse_save(text, "upload.json")
    for trust in (UNTRUSTED, Trust(files=[tmp_path / "other.py"])):
        with pytest.raises(CodeNotAllowedError, match=r"upload\.json"):
            engine_for_save(saved, "upload.json", trust=trust)
        with pytest.raises(CodeNotAllowedError):
            replay(saved, "upload.json", trust=trust)
    assert not marker.exists()
    assert replay(saved, trust=Trust(files=[path])).is_terminal()
    assert marker.exists()
