"""The lakes-double example package (examples/lakes-double-package), installed for real.

Way (2) of shipping a house rule: a package with an entry point in group
``kingdomino.plugins``. The package's metadata is written into a temporary folder on
``sys.path`` (what ``pip install`` would write; see ``example_support.fake_install``),
so the entry point is found by ``importlib.metadata`` like any installed plugin's,
without installing anything into the shared environment.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from example_support import LAKES, LAKES_PACKAGE, fake_install

from kingdomino_core import Engine, Game, Ruleset
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.hooks.plugins import ENTRY_POINT_GROUP, Catalogue, default_catalogue
from kingdomino_core.testing import make_engine, play_random_game, recount

SRC = LAKES_PACKAGE / "src"


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The package "installed" in ``tmp_path`` for this test only."""
    groups = fake_install(LAKES_PACKAGE, tmp_path)
    assert groups == {ENTRY_POINT_GROUP: {"lakes_double": "kd_lakes_double"}}
    monkeypatch.syspath_prepend(str(SRC))
    monkeypatch.syspath_prepend(str(tmp_path))
    default_catalogue.cache_clear()  # it read the entry points once per process
    yield tmp_path
    default_catalogue.cache_clear()  # forget it again before sys.path is restored
    for name in [m for m in sys.modules if m.split(".")[0] == "kd_lakes_double"]:
        del sys.modules[name]


def lake_points(game: Game, kingdom: int) -> int:
    """Lake points by the testing kit's own flood fill, not the plugin's code."""
    return sum(
        p.points for p in recount(game.kingdoms[kingdom], game.engine) if p.terrain == "lake"
    )


def test_importlib_metadata_sees_the_entry_point(installed: Path) -> None:
    found = {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}
    assert found["lakes_double"].value == "kd_lakes_double"
    info = Catalogue().get("lakes_double")
    assert (info.source, info.origin, info.version) == (
        "entry point",
        "kingdomino-lakes-double",
        "0.1.0",
    )
    assert info.hooks() == ["kd_register_rules", "kd_score_kingdom", "kd_validate"]


def test_not_installed_not_found() -> None:
    """Without the fixture the plugin is unknown: the other tests see a clean catalogue."""
    assert "lakes_double" not in Catalogue().names()


def test_activated_by_name_the_lake_bonus_equals_the_lake_points(installed: Path) -> None:
    """Lakes score double: the bonus line is exactly the lake properties' points again."""
    engine = Engine(Ruleset(name="t", plugins=("base", "lakes_double")), 4, catalogue=Catalogue())
    seen = 0
    for seed in range(6):
        game = play_random_game(engine, seed)
        for sheet in game.scores():
            lakes = lake_points(game, sheet.kingdom)
            bonus = sum(b.points for b in sheet.bonuses if b.source == "lakes_double")
            assert bonus == lakes
            base = sum(p.points for p in sheet.properties)
            assert sheet.total == base + lakes
            assert game.score_total(sheet.kingdom) == sheet.total  # the bots' fast total
            seen += lakes > 0
    assert seen > 0  # some kingdom did score lakes, or this proved nothing


def test_the_example_ruleset_names_it_and_plays_with_bots(installed: Path) -> None:
    engine = make_engine(str(LAKES))
    assert [p.name for p in engine.plugins] == ["base", "lakes_double"]
    agents = [installed_agents().make("greedy", random.Random(i)) for i in range(4)]
    game = engine.new_game(seed=3)
    game.play(lambda g: agents[g.current_seat or 0].act(g))
    for sheet in game.scores():
        assert sheet.total == sum(p.points for p in sheet.properties) + lake_points(
            game, sheet.kingdom
        )


def test_kd_plugins_list_and_kd_play_find_it(tmp_path: Path) -> None:
    """The command line in a separate process, with the package on its PYTHONPATH."""
    fake_install(LAKES_PACKAGE, tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(SRC)]))

    def kd(*args: str) -> dict:
        done = subprocess.run(
            [sys.executable, "-m", "kingdomino_cli.app", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    rows = {row["name"]: row for row in kd("plugins", "list", "--json")["plugins"]}
    assert rows["lakes_double"]["source"] == "entry point"
    assert rows["lakes_double"]["origin"] == "kingdomino-lakes-double"
    result = kd(
        "play", "--ruleset", str(LAKES), "--players", "greedy,random", "--seed", "5", "--json"
    )
    for kingdom in result["kingdoms"]:
        score = kingdom["score"]
        lakes = sum(p["points"] for p in score["properties"] if p["terrain"] == "lake")
        bonus = sum(b["points"] for b in score["bonuses"] if b["name"] == "lake x2")
        assert bonus == lakes
        assert score["total"] == sum(p["points"] for p in score["properties"]) + bonus
