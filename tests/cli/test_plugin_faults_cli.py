"""A faulty plugin stops ``kd play`` with exit 6 naming plugin and hook, and the save keeps
every move played (issue 12). Each case is a reproducer from the issue."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import kd

from kingdomino_core.inputs.trust import Trust
from kingdomino_core.saves.savegame import read_save, replay

OWN_CODE = Trust(everything=True)

#: name -> (hook source, hook named in the error, moves the save must at least hold)
CASES = {
    "score-returns-a-string": (
        "def kd_score_kingdom(game, kingdom):\n    return 'oops'\n",
        "returned a bad result from hook kd_score_kingdom: expected a list of ScoreLine",
        40,
    ),
    "score-returns-ints": (
        "def kd_score_kingdom(game, kingdom):\n    return [1]\n",
        "hook kd_score_kingdom: expected a list of ScoreLine, got an item 1",
        40,
    ),
    "rank-returns-a-string": (
        "def kd_rank(game, sheets):\n    return 'x'\n",
        "hook kd_rank: expected a Ranking, got 'x'",
        40,
    ),
    "rank-without-places": (
        "from kingdomino_core import Ranking\n"
        "def kd_rank(game, sheets):\n    return Ranking(places=())\n",
        "hook kd_rank: Ranking.places must rank every kingdom [0, 1] exactly once",
        40,
    ),
    "rank-leaves-a-kingdom-out": (
        "from kingdomino_core import Ranking\n"
        "def kd_rank(game, sheets):\n    return Ranking(places=((0,),))\n",
        "hook kd_rank: Ranking.places must rank every kingdom",
        40,
    ),
    "draw-pool-stray": (
        "def kd_draw_pool(game, line_number):\n"
        "    return [999999, None] if line_number > 2 else None\n",
        "hook kd_draw_pool: expected a list of domino ids, got an item 999999",
        8,
    ),
    "draw-pool-unhashable": (
        "def kd_draw_pool(game, line_number):\n    return [[1]] if line_number > 2 else None\n",
        "hook kd_draw_pool: expected a list of domino ids, got an item [1]",
        8,
    ),
    "order-line-wrong": (
        "def kd_order_line(game, dominoes):\n"
        "    return dominoes[:1] if len(game.log) > 10 else None\n",
        "hook kd_order_line: expected the drawn dominoes",
        10,
    ),
    "end-of-turn-unknown-step": (
        "from kingdomino_core import Step\n"
        "def kd_end_of_turn(game, seat, king, final):\n"
        "    return [Step(kind='nope', seat=seat)] if len(game.log) > 10 else None\n",
        "hook kd_end_of_turn: steps no plugin handles: 'nope'",
        10,
    ),
    "end-of-turn-not-a-list": (
        "def kd_end_of_turn(game, seat, king, final):\n"
        "    return 5 if len(game.log) > 10 else None\n",
        "hook kd_end_of_turn: expected a list of steps, got 5",
        10,
    ),
    "system-exit": (
        "def kd_after_place(game, seat, action):\n"
        "    if len(game.log) > 20:\n        raise SystemExit(3)\n",
        "failed in hook kd_after_place: SystemExit: 3",
        20,
    ),
    "clears-the-kingdoms": (
        "def kd_after_place(game, seat, action):\n"
        "    if len(game.log) > 20:\n        game.kingdoms.clear()\n",
        "changed the core's own state in hook kd_after_place: game.kingdoms from 2 to 0",
        20,
    ),
    "clears-the-pile": (
        "def kd_after_place(game, seat, action):\n"
        "    if len(game.log) > 20:\n        game.pile.clear()\n",
        "changed the core's own state in hook kd_after_place: game.pile from",
        20,
    ),
    "clears-the-log": (
        "def kd_after_place(game, seat, action):\n"
        "    if len(game.log) > 20:\n        game.log.clear()\n",
        "changed the core's own state in hook kd_after_place: game.log from",
        20,
    ),
}


def write_plugin(folder: Path, body: str) -> Path:
    code = body.replace("def kd_", "@hookimpl\ndef kd_")
    (folder / "faulty.py").write_text(
        f"from kingdomino_core import hookimpl\nNAME = 'faulty'\nHOOK_API = 1\n{code}"
    )
    toml = folder / "faulty.toml"
    toml.write_text('[ruleset]\nplugins = ["base", "faulty"]\nplugin_files = ["faulty.py"]\n')
    return toml


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_plugin_fault_is_exit_6_and_keeps_the_save(
    case: str, tmp_path: Path, capsys, monkeypatch
) -> None:
    body, message, moves = CASES[case]
    toml = write_plugin(tmp_path, body)
    save = tmp_path / "game.json"
    r = kd(capsys, monkeypatch, "play", "-r", str(toml), "-p", "random,random",
           "--seed", "1", "--save", str(save), "--json")  # fmt: skip
    assert r.code == 6, r.err
    assert r.out == ""
    (line,) = r.err.strip().splitlines()
    assert line.startswith("kd: error: plugin 'faulty' ")
    assert message in line
    saved = read_save(save)
    assert saved.result is None
    assert len(saved.log) >= moves
    # The save replays: every move it holds was played.
    assert len(replay(saved, str(save), trust=OWN_CODE).log) == len(saved.log)


def test_kd_validate_returning_a_string_is_one_problem(tmp_path: Path, capsys, monkeypatch) -> None:
    toml = write_plugin(tmp_path, "def kd_validate(config, registry):\n    return 'bad'\n")
    r = kd(capsys, monkeypatch, "ruleset", "validate", str(toml))
    assert r.code == 3
    problems = [line for line in r.err.splitlines() if "ruleset.plugins" in line]
    assert len(problems) == 1
    assert r.err.endswith(": 1 problem\n")
    assert (
        "hook kd_validate: expected a list of problems (Problem values or strings), got 'bad'"
        in problems[0]
    )


def test_kd_validate_returning_numbers(tmp_path: Path, capsys, monkeypatch) -> None:
    toml = write_plugin(tmp_path, "def kd_validate(config, registry):\n    return [1]\n")
    r = kd(capsys, monkeypatch, "play", "-r", str(toml), "-p", "random,random")
    assert r.code == 3
    assert "plugin 'faulty' returned a bad result from hook kd_validate" in r.err
    assert "internal error" not in r.err


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("NAME = 42\n", "NAME must be a string"),
        ("HOOK_API = 'one'\n", "HOOK_API must be an integer"),
        ("import sys\nsys.exit(4)\n", "error while loading: SystemExit: 4"),
    ],
)
def test_a_plugin_file_with_bad_module_values(
    source: str, message: str, tmp_path: Path, capsys, monkeypatch
) -> None:
    (tmp_path / "faulty.py").write_text(source)
    toml = tmp_path / "faulty.toml"
    toml.write_text('[ruleset]\nplugins = ["base"]\nplugin_files = ["faulty.py"]\n')
    r = kd(capsys, monkeypatch, "ruleset", "validate", str(toml))
    assert r.code == 3, r.err
    assert message in r.err


def test_a_bot_that_crashes_is_named(tmp_path: Path, capsys, monkeypatch) -> None:
    """A rule object raising SystemExit while a bot searches: exit 6, plugin named."""
    (tmp_path / "faulty.py").write_text(
        "from kingdomino_core import PlacementRule, hookimpl\nNAME = 'faulty'\nHOOK_API = 1\n"
        "class Quit(PlacementRule):\n    id = 'faulty.quit'\n"
        "    def check(self, game, kingdom, domino, first, second):\n        raise SystemExit(9)\n"
        "@hookimpl\ndef kd_register_rules(rules):\n    rules.add_placement_rule(Quit())\n"
    )
    toml = tmp_path / "faulty.toml"
    toml.write_text('[ruleset]\nplugins = ["base", "faulty"]\nplugin_files = ["faulty.py"]\n')
    for bot in ("random", "greedy"):
        r = kd(capsys, monkeypatch, "play", "-r", str(toml), "-p", f"{bot},{bot}", "--seed", "1")
        assert r.code == 6, r.err
        assert "plugin 'faulty' failed in" in r.err and "SystemExit: 9" in r.err


def test_an_engine_error_raised_in_a_game_hook_is_the_plugin_s(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """An IllegalActionError from kd_after_place is not the bot's illegal move."""
    toml = write_plugin(
        tmp_path,
        "from kingdomino_core import IllegalActionError\n"
        "def kd_after_place(game, seat, action):\n"
        "    if len(game.log) > 20:\n        raise IllegalActionError('x', 'no')\n",
    )
    save = tmp_path / "game.json"
    r = kd(capsys, monkeypatch, "play", "-r", str(toml), "-p", "random,random", "--seed", "1",
           "--save", str(save))  # fmt: skip
    assert r.code == 6
    assert "plugin 'faulty' failed in hook kd_after_place: IllegalActionError" in r.err
    assert len(read_save(save).log) >= 20


@pytest.mark.parametrize("fault", ["KeyboardInterrupt", "GeneratorExit"])
def test_a_plugin_raising_an_interrupt_in_a_hook_is_exit_6_naming_it(
    fault: str, tmp_path: Path, capsys, monkeypatch
) -> None:
    """Failed before (issue 21): KeyboardInterrupt exited 130 without a word, and
    GeneratorExit crashed with a traceback (exit 1)."""
    toml = write_plugin(
        tmp_path, f"def kd_after_place(game):\n    if len(game.log) > 20:\n        raise {fault}\n"
    )
    save = tmp_path / "game.json"
    r = kd(capsys, monkeypatch, "play", "-r", str(toml), "-p", "random,random", "--seed", "1",
           "--save", str(save))  # fmt: skip
    assert r.code == 6, r.err
    assert f"plugin 'faulty' failed in hook kd_after_place: {fault}" in r.err
    assert "Traceback" not in r.err
    assert len(read_save(save).log) >= 20
