"""A plugin that fails is named, at load time or in play (issue 8, bad input)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kingdomino_core import Engine, PluginError, PluginHookError, Ruleset
from kingdomino_core.hooks.plugins import default_catalogue


def engine_with(tmp_path: Path, source: str, name: str = "house") -> Engine:
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    ruleset = Ruleset(name="t", plugins=("base", name), plugin_files=(path,))
    return Engine(ruleset, 2, catalogue=default_catalogue().copy())


def test_a_hook_that_raises_names_the_plugin_and_the_hook(tmp_path: Path) -> None:
    engine = engine_with(
        tmp_path,
        "from kingdomino_core import hookimpl\n"
        "@hookimpl\n"
        "def kd_after_place(game, seat, action):\n"
        "    raise RuntimeError('boom')\n",
    )
    game = engine.new_game(seed=1)
    with pytest.raises(PluginHookError, match=r"plugin 'house' failed in hook kd_after_place"):
        game.play(lambda g: g.legal_actions()[0])


def test_a_rule_object_that_raises_names_its_plugin(tmp_path: Path) -> None:
    engine = engine_with(
        tmp_path,
        "from kingdomino_core import PlacementRule, hookimpl\n"
        "class Broken(PlacementRule):\n"
        "    id = 'house.broken'\n"
        "    def check(self, game, kingdom, domino, first, second):\n"
        "        return {}['missing']\n"
        "@hookimpl\n"
        "def kd_register_rules(rules):\n"
        "    rules.add_placement_rule(Broken())\n",
    )
    game = engine.new_game(seed=1)
    with pytest.raises(PluginHookError, match=r"plugin 'house' failed in hook place step"):
        game.play(lambda g: g.legal_actions()[0])


def test_syntax_error_names_the_file_and_line(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"house\.py:2: syntax error"):
        engine_with(tmp_path, "x = 1\ndef broken(:\n")


def test_misspelled_hook_is_reported_at_load_time(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"kd_score_kingdon.*misspelled"):
        engine_with(
            tmp_path,
            "from kingdomino_core import hookimpl\n"
            "@hookimpl\n"
            "def kd_score_kingdon(game, kingdom):\n"
            "    return []\n",
        )


def test_misspelled_hook_argument_is_reported_at_load_time(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"house.*kingdon"):
        engine_with(
            tmp_path,
            "from kingdomino_core import hookimpl\n"
            "@hookimpl\n"
            "def kd_score_kingdom(game, kingdon):\n"
            "    return []\n",
        )


def test_plugin_for_another_hook_api_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"written for hook API 2.*provides hook API 1"):
        engine_with(tmp_path, "HOOK_API = 2\n")


SELF_SCORING = (
    "from kingdomino_core import ScoreLine, hookimpl\n"
    "@hookimpl\n"
    "def kd_score_kingdom(game, kingdom):\n"
    "    if game.score_total(kingdom) > 10:\n"
    "        return [ScoreLine(rule='house.bonus', points=5, label='bonus')]\n"
    "    return None\n"
)


def test_a_scorer_asking_for_its_own_kingdoms_score_is_one_clear_plugin_error(
    tmp_path: Path,
) -> None:
    """Issue 23: ``game.score_total`` inside ``kd_score_kingdom`` (no fast total)
    recursed until ``RecursionError``; it is refused at the first repeat, naming the
    plugin, and the game can still be scored by a well-behaved ruleset afterwards."""
    engine = engine_with(tmp_path, SELF_SCORING)
    assert engine.score_totals is None  # the house rule gave no fast total
    game = engine.new_game(seed=1)
    with pytest.raises(PluginHookError) as info:
        game.score_total(0)
    assert info.value.plugin == "house" and info.value.hook == "kd_score_kingdom"
    assert type(info.value.original) is RuntimeError
    assert "while its score lines are being made" in str(info.value)
    assert "game.kingdoms[0]" in str(info.value)
    with pytest.raises(PluginHookError, match="while its score lines are being made"):
        game.score_sheet(1)  # the guard was released: the same clear error again
