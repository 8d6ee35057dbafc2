"""Option fields marked as paths are read relative to the ruleset file that sets them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kingdomino_core import RulesetError
from kingdomino_core.rulesets.files import load_ruleset

SHIPPED = Path(__file__).resolve().parents[2] / "plugins/kd_origins/data/origins_dominoes.csv"


def test_a_domino_list_beside_the_ruleset_is_found_from_any_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "rules"
    home.mkdir()
    shutil.copy(SHIPPED, home / "mine.csv")
    (home / "mine.toml").write_text(
        '[ruleset]\nextends = "origins-discovery"\n[options.origins]\ndominoes = "mine.csv"\n'
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    ruleset = load_ruleset(str(home / "mine.toml"))
    assert Path(ruleset.options["origins"]["dominoes"]) == home / "mine.csv"


def test_a_missing_list_is_reported(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(
        '[ruleset]\nextends = "origins-discovery"\n[options.origins]\ndominoes = "nope.csv"\n'
    )
    with pytest.raises(RulesetError, match=r"nope\.csv"):
        load_ruleset(str(tmp_path / "bad.toml"))
